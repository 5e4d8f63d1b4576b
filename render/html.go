package render

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/yuin/goldmark/parser"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render/pageid"
)

// Relative links between the folders Publish writes: the site's pages link
// to the pupils' PDFs in the sibling folder pdf/; the teacher's page, in
// teacher/ beside the answer keys and the workbook, links the site and
// pdf/.
const (
	pdfDir  = "../pdf/"
	siteDir = "../site/"
	// TeacherDir is the teacher's folder: the answer keys, the workbook,
	// the guide and the teacher's page.
	TeacherDir = "teacher/"
	// MDDir is the folder of the lessons' Markdown, which prints every
	// answer under its question: the teacher's.
	MDDir = TeacherDir + "md/"
)

// page holds what every page template uses.
type page struct {
	Lang, PageTitle, CourseTitle, Author, Date string
	PaperCSS                                   string      // the course's paper as CSS names it: "A4" or "letter"
	Root                                       string      // the way from the page to the site's folder: "" or "../site/"
	Words                                      template.JS // the scripts' messages (catalog.Printer.Script) as JSON
}

// lessonLink is a lesson as the index, the pager and the teacher's page
// show it; Answers links the key from the teacher's page.
type lessonLink struct {
	ID, Title, Summary, Page, Worksheet, Answers, Play string
	WorksheetName, AnswersName, PlayName               string // the PDFs' file names
	Exercises                                          int
	// Number is the lesson's place in the course, from 1, as the guide,
	// the workbook and the checklist number it; 0 where it is not shown.
	Number int
}

// indexView is the data of index.html.
type indexView struct {
	page
	RulesPDF string
	Levels   []levelView
	Data     template.JS // indexData as JSON, for the stars
}

// rulesView is the data of rules.html.
type rulesView struct {
	page
	Title, Note  string
	Sections     []rulesSectionView
	PDF, PDFName string
}

// rulesSectionView is one heading of the rules page, its rules and the
// figure that shows them, if it has one.
type rulesSectionView struct {
	Head   string
	Rules  []string
	Figure template.HTML
}

// levelView is one level's lessons on the index.
type levelView struct {
	Level   int
	Lessons []lessonLink
}

// lessonView is the data of lesson.html.
type lessonView struct {
	page
	lessonLink
	Level      int
	Goals      []string
	Intro      template.HTML
	Exercises  []exerciseView
	Prev, Next *lessonLink
	Data       template.JS // lessonData as JSON, for the answers and stars
	Game       *playView   // nil when no position of the lesson is offered to play
}

// exerciseView is one exercise on a lesson page. Its Answer is the
// answer key's (FullAnswer): with the winner where the question asks who
// wins as well as how many moves.
type exerciseView struct {
	Number                             int
	Kind, Question, Hint, Answer, Line string
	Choices                            []string
	Figure, Explain                    template.HTML
}

// Index writes the site's front page, index.html: the course title and its
// lessons grouped by level, each with its summary and links to its page and
// PDFs.
func Index(w io.Writer, c Course, opts Options) error {
	k, err := NewAssets(c, opts)
	if err != nil {
		return err
	}
	return k.WriteIndex(w, c)
}

// HTML writes lesson l's page of the course's site, <id>.html: goals,
// introduction with diagrams, and the exercises with hints and answers
// hidden in <details> until a pupil opens them.
func HTML(w io.Writer, c Course, l Lesson, opts Options) error {
	k, err := NewAssets(c, opts)
	if err != nil {
		return err
	}
	return k.WriteLesson(w, c, l)
}

// Stylesheet writes the site's style.css, from Options.Templates if it has
// one, else the embedded one.
func Stylesheet(w io.Writer, opts Options) error {
	css, err := fs.ReadFile(opts.files(), "style.css")
	if err != nil {
		return fmt.Errorf("render: stylesheet: %w", err)
	}
	_, err = w.Write(css)
	return err
}

// WriteIndex executes index.html, with the lessons grouped by level in
// ascending order, each level's lessons in course order.
func (k *Assets) WriteIndex(w io.Writer, c Course) error {
	v := indexView{page: coursePage(c, c.Title), RulesPDF: pdfDir + "rules.pdf"}
	levels, err := byLevel(c)
	if err != nil {
		return err
	}
	v.Levels = levels
	data := indexData{Course: courseID(c), Lessons: map[string][]string{}}
	for _, l := range c.Lessons {
		ids := []string{}
		for _, e := range l.Exercises {
			ids = append(ids, exerciseID(e))
		}
		data.Lessons[l.ID] = ids
		if stem := lessonStem(c, l.ID); stem != "" {
			if data.Stems == nil {
				data.Stems = map[string]string{}
			}
			data.Stems[l.ID] = stem
		}
		if len(l.Formerly) > 0 {
			if data.Formerly == nil {
				data.Formerly = map[string][]string{}
			}
			data.Formerly[l.ID] = l.Formerly
		}
	}
	if v.Data, err = pageJSON(data); err != nil {
		return err
	}
	return execute(w, k.index, "index.html", v)
}

// byLevel returns the course's lessons grouped by level in ascending
// order, each level's lessons in course order, numbered in course order.
func byLevel(c Course) ([]levelView, error) {
	lessons := map[int][]lessonLink{}
	for i, l := range c.Lessons {
		if err := pageid.Check(l.ID); err != nil {
			return nil, err
		}
		link := linkTo(l)
		link.Number = i + 1
		lessons[l.Level] = append(lessons[l.Level], link)
	}
	var out []levelView
	for _, level := range slices.Sorted(maps.Keys(lessons)) {
		out = append(out, levelView{Level: level, Lessons: lessons[level]})
	}
	return out, nil
}

// RulesPage writes the site's rules page, rules.html: the rules sheet's
// Rules in the course's theme, with a link to rules.pdf.
func RulesPage(w io.Writer, c Course, opts Options) error {
	k, err := NewAssets(c, opts)
	if err != nil {
		return err
	}
	return k.WriteRules(w, c)
}

// WriteRules executes rules.html.
func (k *Assets) WriteRules(w io.Writer, c Course) error {
	title := k.say.Say(RulesTitle)
	v := rulesView{page: coursePage(c, title+" · "+c.Title), Title: title, Note: k.say.Say(RulesNote),
		PDF: pdfDir + "rules.pdf", PDFName: "rules.pdf"}
	figures := map[string]Board{}
	for _, f := range RuleFigures(k.say) {
		figures[f.Section] = f.Board
	}
	for i, sec := range RuleSections(k.say) {
		sv := rulesSectionView{Head: sec.Head, Rules: sec.Rules}
		if b, ok := figures[RuleKeys[i].Key]; ok {
			var fig bytes.Buffer
			if err := writeFigure(&fig, b, k.boards); err != nil {
				return err
			}
			sv.Figure = template.HTML(fig.String())
		}
		v.Sections = append(v.Sections, sv)
	}
	return execute(w, k.rulesPage, "rules.html", v)
}

// WriteLesson executes lesson.html.
func (k *Assets) WriteLesson(w io.Writer, c Course, l Lesson) error {
	if err := pageid.Check(l.ID); err != nil {
		return err
	}
	v := lessonView{page: coursePage(c, l.Title+" · "+c.Title), lessonLink: linkTo(l), Level: l.Level, Goals: l.Goals}
	var err error
	if v.Intro, err = k.markdownHTML(l.Intro, l.Plays); err != nil {
		return fmt.Errorf("render: lesson %q: intro: %w", l.ID, err)
	}
	data := lessonData{Course: courseID(c), Lesson: l.ID, Stem: lessonStem(c, l.ID), Formerly: l.Formerly, Exercises: []exerciseData{}}
	for _, e := range l.Exercises {
		ev, err := k.exerciseView(e, l.Plays)
		if err != nil {
			return fmt.Errorf("render: lesson %q: exercise %d: %w", l.ID, e.Number, err)
		}
		v.Exercises = append(v.Exercises, ev)
		d, err := newExerciseData(e)
		if err != nil {
			return fmt.Errorf("render: lesson %q: exercise %d: %w", l.ID, e.Number, err)
		}
		data.Exercises = append(data.Exercises, d)
	}
	if v.Data, err = pageJSON(data); err != nil {
		return err
	}
	v.Prev, v.Next = neighbours(c, l.ID)
	if hasPlay(l) {
		v.Game = k.playData()
	}
	return execute(w, k.lesson, "lesson.html", v)
}

// exerciseView renders an exercise's diagram and explanation.
func (k *Assets) exerciseView(e Exercise, plays map[string]Play) (exerciseView, error) {
	ev := exerciseView{Number: e.Number, Kind: e.Kind, Question: e.Question, Hint: e.Hint, Answer: FullAnswer(e, k.say), Line: e.Line, Choices: e.pageChoices()}
	var fig bytes.Buffer
	if err := writeFigure(&fig, e.Board, k.boards); err != nil {
		return ev, err
	}
	ev.Figure = template.HTML(fig.String())
	var err error
	if ev.Explain, err = k.markdownHTML(e.Explain, plays); err != nil {
		return ev, fmt.Errorf("explain: %w", err)
	}
	return ev, nil
}

// markdownHTML converts lesson Markdown to HTML that is safe to put in a
// page: raw HTML is left out and unsafe links lose their target.
func (k *Assets) markdownHTML(src string, plays map[string]Play) (template.HTML, error) {
	if strings.TrimSpace(src) == "" {
		return "", nil
	}
	var buf bytes.Buffer
	pc := parser.NewContext()
	pc.Set(playsKey, plays)
	if err := k.md.Convert([]byte(src), &buf, parser.WithContext(pc)); err != nil {
		return "", err
	}
	return template.HTML(buf.String()), nil
}

// coursePage returns the page data shared by every page of the course.
func coursePage(c Course, title string) page {
	lang := c.Language.String()
	paper := "A4"
	if c.Paper == style.Letter {
		paper = "letter"
	}
	words, _ := pageJSON(c.Printer().Script()) // strings and maps of strings: cannot fail
	return page{Lang: lang, PageTitle: title, CourseTitle: c.Title, Author: c.Author, Date: c.Date, PaperCSS: paper, Words: words}
}

// linkTo returns the links to a lesson's page and PDFs.
func linkTo(l Lesson) lessonLink {
	return lessonLink{
		ID: l.ID, Title: l.Title, Summary: l.Summary, Page: l.ID + ".html",
		Worksheet: pdfDir + l.ID + ".pdf", Answers: l.ID + "-answers.pdf", Play: pdfDir + l.ID + "-play.pdf",
		WorksheetName: l.ID + ".pdf", AnswersName: l.ID + "-answers.pdf", PlayName: l.ID + "-play.pdf",
		Exercises: len(l.Exercises),
	}
}

// neighbours returns the lessons before and after the one with the given ID.
func neighbours(c Course, id string) (prev, next *lessonLink) {
	for i, l := range c.Lessons {
		if l.ID != id {
			continue
		}
		if i > 0 {
			p := linkTo(c.Lessons[i-1])
			prev = &p
		}
		if i+1 < len(c.Lessons) {
			n := linkTo(c.Lessons[i+1])
			next = &n
		}
	}
	return prev, next
}

// execute runs a template into a buffer first, so that a failing template
// writes nothing.
func execute(w io.Writer, t *template.Template, name string, data any) error {
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, name, data); err != nil {
		return fmt.Errorf("render: %s: %w", name, err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}
