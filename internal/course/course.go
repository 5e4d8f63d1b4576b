package course

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// Course is a loaded course: its settings from course.yaml, its lessons in
// file-name order and its exercise banks.
type Course struct {
	Title    string
	Author   string
	Language string         // a language tag such as "en" (the default)
	Theme    style.Theme    // the story the default wording tells
	Paper    style.Paper    // the worksheets' paper size
	Start    rules.Position // what "start" means in this course
	Layout   string         // the worksheets' layout: "" (by kind), "by-kind", "roomy", "compact" or "drill"
	Lessons  []*Lesson
	Banks    []*Bank
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
)

// Load reads the course in fsys: course.yaml (optional), lessons/*.yaml in
// file-name order and exercises/*.yaml. It returns the course with every
// part that could be read, and an ErrorList of every problem found, sorted
// by position (nil if none). It does not check the answers; Verify does.
func Load(fsys fs.FS) (*Course, error) {
	l := &loader{fsys: fsys, banks: map[string]*Bank{}, ids: map[string]Pos{}}
	c := l.course()
	l.errs.Sort()
	return c, l.errs.Err()
}

// loader holds the state of one Load.
type loader struct {
	fsys      fs.FS
	errs      ErrorList
	c         *Course
	banks     map[string]*Bank // by path, nil for a file that failed
	ids       map[string]Pos   // where each exercise id was first defined
	exercises int              // exercises decoded so far
}

func (l *loader) course() *Course {
	c := &Course{Language: "en", Start: rules.Start}
	l.c = c
	if src, ok := l.read(courseFile, true); ok {
		f := &file{name: courseFile, src: src, errs: &l.errs}
		if n := f.parse(); n != nil {
			f.decodeCourse(n, c)
		}
	}
	banks := l.list(exercisesDir, false)
	if len(banks) > MaxBanks {
		l.errs.Add(Pos{File: exercisesDir}, fmt.Sprintf("%d exercise banks, more than the limit of %d", len(banks), MaxBanks))
		banks = banks[:MaxBanks]
	}
	for _, name := range banks {
		l.bank(name)
	}
	lessons := l.list(lessonsDir, true)
	if len(lessons) > MaxLessons {
		l.errs.Add(Pos{File: lessonsDir}, fmt.Sprintf("%d lessons, more than the limit of %d", len(lessons), MaxLessons))
		lessons = lessons[:MaxLessons]
	}
	for _, name := range lessons {
		if lesson := l.lesson(name); lesson != nil {
			c.Lessons = append(c.Lessons, lesson)
		}
	}
	for _, name := range sortedKeys(l.banks) {
		if b := l.banks[name]; b != nil {
			c.Banks = append(c.Banks, b)
		}
	}
	return c
}

// read returns a file's text, reporting a missing file (unless optional)
// and a file over the size limit.
func (l *loader) read(name string, optional bool) ([]byte, bool) {
	fh, err := l.fsys.Open(name)
	if err != nil {
		if !optional || !errors.Is(err, fs.ErrNotExist) {
			l.errs.Add(Pos{File: name}, fmt.Sprintf("cannot read: %v", unwrapPath(err)))
		}
		return nil, false
	}
	defer fh.Close()
	src, err := io.ReadAll(io.LimitReader(fh, MaxFileSize+1))
	if err != nil {
		l.errs.Add(Pos{File: name}, fmt.Sprintf("cannot read: %v", unwrapPath(err)))
		return nil, false
	}
	if len(src) > MaxFileSize {
		l.errs.Add(Pos{File: name}, fmt.Sprintf("file is more than %d bytes, the limit", MaxFileSize))
		return nil, false
	}
	return src, true
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// list returns the .yaml files of a folder, sorted by name, reporting other
// YAML-looking files. A missing folder is a problem only when required.
func (l *loader) list(dir string, required bool) []string {
	entries, err := fs.ReadDir(l.fsys, dir)
	if err != nil {
		if required || !errors.Is(err, fs.ErrNotExist) {
			msg := fmt.Sprintf("cannot read the folder: %v", unwrapPath(err))
			if errors.Is(err, fs.ErrNotExist) {
				msg += "; a course folder holds lessons/NN-name.yaml (nostromo-lessons new DIR writes a starter course)"
			}
			l.errs.Add(Pos{File: dir}, msg)
		}
		return nil
	}
	var names []string
	for _, e := range entries {
		name := path.Join(dir, e.Name())
		switch {
		case e.IsDir():
		case strings.HasSuffix(e.Name(), ".yml"):
			l.errs.Add(Pos{File: name}, "name ends in .yml; course files end in .yaml")
		case strings.HasSuffix(e.Name(), ".yaml"):
			names = append(names, name)
		}
	}
	if required && len(names) == 0 {
		l.errs.Add(Pos{File: dir}, "no lessons: write at least one lessons/NN-name.yaml")
	}
	return names
}

var languageTag = regexp.MustCompile(`^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$`)

var courseKeys = []string{"title", "author", "language", "theme", "paper", "start", "layout"}

// Layouts are the worksheet layouts a course or lesson may choose.
var Layouts = []string{"by-kind", "roomy", "compact", "drill"}

func (f *file) decodeCourse(n *yaml.Node, c *Course) {
	m := f.mapping(n, "course", courseKeys)
	if m == nil {
		return
	}
	if v := m.get("title"); v != nil {
		c.Title, _ = f.text(v, "title", MaxText)
	}
	if v := m.get("author"); v != nil {
		c.Author, _ = f.text(v, "author", MaxText)
	}
	if v := m.get("language"); v != nil {
		if s, ok := f.scalar(v, "language", "a language tag like en"); ok {
			if languageTag.MatchString(s) {
				c.Language = s
			} else {
				f.errorf(v, "language: want a language tag like en or pt-BR, got %q", s)
			}
		}
	}
	if v := m.get("theme"); v != nil {
		if s, ok := f.word(v, "theme", themeWords()...); ok {
			c.Theme, _ = style.ParseTheme(s)
		}
	}
	if v := m.get("paper"); v != nil {
		if s, ok := f.word(v, "paper", paperWords()...); ok {
			c.Paper, _ = style.ParsePaper(s)
		}
	}
	if v := m.get("layout"); v != nil {
		c.Layout, _ = f.word(v, "layout", Layouts...)
	}
	if v := m.get("start"); v != nil {
		if s, ok := f.scalar(v, "start", "a FEN or start"); ok {
			p, err := rules.ParseFEN(strings.TrimSpace(s))
			switch {
			case err != nil:
				f.errorf(v, "start: %v", err)
			case p.Side != rules.White || p.Status().Over():
				f.errorf(v, "start: want a position with White to move and the game in play")
			default:
				c.Start = p
			}
		}
	}
}

// themeWords returns the theme names course.yaml accepts, as style names them.
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
