package course

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/coursefs"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// Course is a loaded course: its settings from course.yaml, its lessons in
// file-name order and its exercise banks.
type Course struct {
	Title    string
	Author   string
	Language style.Language // the language of the interface text: English (en) by default
	Theme    style.Theme    // the story the default wording tells
	Paper    style.Paper    // the worksheets' paper size
	Start    rules.Position // what "start" means in this course
	Budget   int64          // the solver's tables at most, in bytes; 0: the default
	BudgetAt yamlpos.Pos    // where course.yaml gives Budget
	Layout   style.Layout   // the worksheets' layout; style.ByKind when course.yaml names none
	Levels   []Level        // course.yaml's levels: names and goals of levels for certificates, in ascending order
	Lessons  []*Lesson
	Banks    []*Bank

	// RemoteImages is course.yaml's remote_images: lesson Markdown may
	// show images from other sites (by default it may not: an image
	// fetched from elsewhere tells that site who reads the page).
	RemoteImages bool

	// Warnings are things worth a look that do not stop a build, such as
	// a course template that holds a script.
	Warnings yamlpos.ErrorList
}

// Exercises returns the number of distinct exercises of c: those written in
// its lessons and those in its banks.
func (c *Course) Exercises() int {
	n := 0
	for _, l := range c.Lessons {
		n += l.own
	}
	for _, b := range c.Banks {
		n += len(b.Exercises)
	}
	return n
}

// The folders and files of a course.
const (
	courseFile   = "course.yaml"
	lessonsDir   = "lessons"
	exercisesDir = "exercises"
	templatesDir = "templates"
)

// Load reads the course in fsys: course.yaml (optional), lessons/*.yaml in
// file-name order and exercises/*.yaml. It returns the course with every
// part that could be read, and a yamlpos.ErrorList of every problem found, sorted
// by position (nil if none). It does not check the answers; Verify does.
//
// The placeholders of the text (such as $king) are expanded in the course's
// theme, or in the theme an option names.
func Load(fsys fs.FS, opts ...Option) (*Course, error) {
	l := &loader{fsys: fsys, banks: map[string]*Bank{}, ids: map[string]yamlpos.Pos{}}
	for _, o := range opts {
		o(l)
	}
	c := l.course()
	l.errs.Sort()
	c.Warnings.Sort()
	return c, l.errs.Err()
}

// Option is a choice of a build that changes how a course loads.
type Option func(*loader)

// WithTheme loads the course in theme t, whatever its course.yaml says: the
// placeholders of its text (such as $king) become t's words, and the
// course's Theme is t.
func WithTheme(t style.Theme) Option {
	return func(l *loader) { l.theme = &t }
}

// loader holds the state of one Load.
type loader struct {
	theme     *style.Theme // the theme to load in; nil for the course's
	fsys      fs.FS
	errs      yamlpos.ErrorList
	c         *Course
	banks     map[string]*Bank       // by path, nil for a file that failed
	ids       map[string]yamlpos.Pos // where each exercise id was first defined
	exercises int                    // exercises decoded so far
	hidden    []string               // hidden course files that list left out
}

func (l *loader) course() *Course {
	c := &Course{Start: rules.Start}
	l.c = c
	if src, ok := l.read(courseFile, true); ok {
		f := &file{File: yamlpos.File{Name: courseFile, Src: src, Errs: &l.errs}}
		if n := f.parse(); n != nil {
			f.warnUnprintable(n, &c.Warnings)
			f.warnCutText(n, &c.Warnings)
			f.decodeCourse(n, c, l.theme)
		}
	}
	if l.theme != nil {
		c.Theme = *l.theme
	}
	banks := l.list(exercisesDir, false)
	if len(banks) > MaxBanks {
		l.errs.Add(yamlpos.Pos{File: exercisesDir}, fmt.Sprintf("%d exercise banks, more than the limit of %d", len(banks), MaxBanks))
		banks = banks[:MaxBanks]
	}
	for _, name := range banks {
		l.bank(name)
	}
	lessons := l.list(lessonsDir, true)
	if len(lessons) > MaxLessons {
		l.errs.Add(yamlpos.Pos{File: lessonsDir}, fmt.Sprintf("%d lessons, more than the limit of %d", len(lessons), MaxLessons))
		lessons = lessons[:MaxLessons]
	}
	for _, name := range lessons {
		if lesson := l.lesson(name); lesson != nil {
			c.Lessons = append(c.Lessons, lesson)
		}
	}
	l.pages(c.Lessons)
	l.unusedLevels()
	l.boards(c.Lessons)
	l.outputs(c.Lessons)
	l.hiddenGoals(c.Lessons)
	for _, name := range l.hidden {
		if _, included := l.banks[name]; !included {
			c.Warnings.Add(yamlpos.Pos{File: name}, "warning: a hidden file (its name starts with .) is not read; rename it without the . to make it part of the course")
		}
	}
	for _, name := range sortedKeys(l.banks) {
		if b := l.banks[name]; b != nil {
			c.Banks = append(c.Banks, b)
		}
	}
	return c
}

// read returns a file's text, reporting a missing file (unless optional),
// a file that is not a regular file and a file over the size limit. A file
// that exists but cannot be read is reported at its first line and column,
// as a syntax error would be.
func (l *loader) read(name string, optional bool) ([]byte, bool) {
	src, err := coursefs.ReadLimited(l.fsys, name, coursefs.MaxFileSize)
	if err != nil {
		if !optional || !errors.Is(err, fs.ErrNotExist) {
			l.errs.Add(readPos(name, err), readMessage(err))
		}
		return nil, false
	}
	return src, true
}

// readPos is where a problem reading the file name is reported: the file
// when it is missing, else its first line and column.
func readPos(name string, err error) yamlpos.Pos {
	if errors.Is(err, fs.ErrNotExist) {
		return yamlpos.Pos{File: name}
	}
	return yamlpos.Pos{File: name, Line: 1, Col: 1}
}

// readMessage says why a file could not be read.
func readMessage(err error) string {
	var size *coursefs.SizeError
	if errors.As(err, &size) {
		return size.Error()
	}
	return fmt.Sprintf("cannot read: %v", coursefs.UnwrapPath(err))
}

// list returns the .yaml files of a folder, sorted by name, reporting other
// YAML-looking files. A missing folder is a problem only when required.
// Hidden files (a name that starts with ".") are not read, as build and
// editors leave them alone: a hidden .yaml file is kept in l.hidden, for a
// warning unless a lesson includes it, but for the "._" files macOS writes
// beside each file on a USB stick.
func (l *loader) list(dir string, required bool) []string {
	entries, err := fs.ReadDir(l.fsys, dir)
	if err != nil {
		if required || !errors.Is(err, fs.ErrNotExist) {
			msg := fmt.Sprintf("cannot read the folder: %v", coursefs.UnwrapPath(err))
			if errors.Is(err, fs.ErrNotExist) {
				msg += "; a course folder holds lessons/NN-name.yaml (nostromo-lessons new DIR writes a starter course)"
			}
			l.errs.Add(yamlpos.Pos{File: dir}, msg)
		}
		return nil
	}
	var names []string
	for _, e := range entries {
		name := path.Join(dir, e.Name())
		switch {
		case e.IsDir():
		case strings.HasPrefix(e.Name(), "._"):
		case strings.HasPrefix(e.Name(), "."):
			if misnamed(e.Name()) != "" || strings.HasSuffix(e.Name(), ".yaml") {
				l.hidden = append(l.hidden, name)
			}
		case strings.HasSuffix(e.Name(), ".yaml"):
			names = append(names, name)
		default:
			if msg := misnamed(e.Name()); msg != "" {
				l.errs.Add(yamlpos.Pos{File: name}, msg)
			}
		}
	}
	if required && len(names) == 0 {
		l.errs.Add(yamlpos.Pos{File: dir}, "no lessons: write at least one lessons/NN-name.yaml")
	}
	return names
}

// misnamed says how the name of a file that looks like a course file but
// does not end in .yaml should end: one ending in .yml, in .YAML, or in
// .yaml.txt as a text editor may save it (with Windows hiding the .txt). It
// returns "" for any other name, such as an editor's backup x.yaml~.
func misnamed(name string) string {
	lower := strings.ToLower(name)
	var stem, ending string
	for _, end := range []string{".yaml.txt", ".yml.txt", ".yaml", ".yml"} {
		if strings.HasSuffix(lower, end) {
			stem, ending = name[:len(name)-len(end)], name[len(name)-len(end):]
			break
		}
	}
	if ending == "" {
		return ""
	}
	msg := fmt.Sprintf("name ends in %s; course files end in .yaml: rename it %s", ending, yamlpos.Quote(stem+".yaml"))
	if strings.HasSuffix(lower, ".txt") {
		msg += " (a text editor added .txt, which Windows may hide)"
	}
	return msg
}

// layout returns the layout a layout: key names, or style.ByKind when it
// names none (the word's error is reported).
func (f *file) layout(n *yaml.Node) style.Layout {
	s, ok := f.Word(n, "layout", style.LayoutNames()...)
	if !ok {
		return style.ByKind
	}
	l, _ := style.ParseLayout(s)
	return l
}

// decodeCourse decodes course.yaml into c. Its texts are in theme, or
// when theme is nil in the theme the file names.
func (f *file) decodeCourse(n *yaml.Node, c *Course, theme *style.Theme) {
	m := f.Mapping(n, "course", courseNames)
	if m == nil {
		return
	}
	if v := m.Get("language"); v != nil {
		if s, ok := f.WordAnyCase(v, "language", languageWords()...); ok {
			c.Language, _ = style.ParseLanguage(s)
		}
	}
	if v := m.Get("theme"); v != nil {
		c.Theme = f.themeName(v)
	}
	f.theme, f.lang = c.Theme, c.Language
	if theme != nil {
		f.theme = *theme
	}
	if v := m.Get("title"); v != nil {
		c.Title, _ = f.prose(v, "title", MaxText)
	}
	if v := m.Get("author"); v != nil {
		c.Author, _ = f.prose(v, "author", MaxText)
	}
	if v := m.Get("paper"); v != nil {
		if s, ok := f.WordAnyCase(v, "paper", paperWords()...); ok {
			c.Paper, _ = style.ParsePaper(s)
		}
	}
	if v := m.Get("budget"); v != nil {
		if s, ok := f.Scalar(v, "budget", "a size like 6GB"); ok {
			if n, err := budget.Parse(s); err != nil {
				f.Errorf(v, "budget: %v", err)
			} else {
				c.Budget, c.BudgetAt = n, f.Pos(v)
			}
		}
	}
	if v := m.Get("remote_images"); v != nil {
		c.RemoteImages, _ = f.Boolean(v, "remote_images")
	}
	if v := m.Get("layout"); v != nil {
		c.Layout = f.layout(v)
	}
	if v := m.Get("levels"); v != nil {
		c.Levels = f.decodeLevels(v)
	}
	if v := m.Get("start"); v != nil {
		if s, ok := f.Scalar(v, "start", "a FEN or start"); ok {
			p, err := rules.ParseFEN(strings.TrimSpace(s))
			switch {
			case err != nil:
				f.Errorf(v, "start: %v%s", err, FENHint(s))
			case p.Side != rules.White || p.Status().Over():
				f.Errorf(v, "start: want a position with White to move and the game in play")
			default:
				c.Start = p
			}
		}
	}
}

// themeName returns the theme the scalar n names, in any letter case, or
// reports that it names none, with the themes there are and the one whose
// word n is (theme: sheep is the farm's).
func (f *file) themeName(n *yaml.Node) style.Theme {
	s, ok := f.Scalar(n, "theme", strings.Join(themeWords(), " or "))
	if !ok {
		return style.Classic
	}
	t, err := style.ParseTheme(s)
	if err != nil {
		f.Errorf(n, "theme %s: %s", yamlpos.Quote(s), style.ThemeWant(s))
	}
	return t
}

// themeWords returns the theme names course.yaml accepts, as style names them.
// languageWords returns the languages course.yaml accepts: en, es, ru, de, nl.
func languageWords() []string {
	var names []string
	for _, l := range style.Languages() {
		names = append(names, l.String())
	}
	return names
}

func themeWords() []string {
	var names []string
	for _, t := range style.Themes() {
		names = append(names, t.String())
	}
	return names
}

// paperWords returns the paper sizes course.yaml accepts, in lower case.
func paperWords() []string {
	var names []string
	for _, p := range style.Papers() {
		names = append(names, strings.ToLower(p.String()))
	}
	return names
}
