package course

import (
	"path"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render/pageid"
	"nostromo-lessons/rules"
)

// Lesson is one lesson of a course, read from lessons/ID.yaml.
type Lesson struct {
	ID        string // the page id: the file name without .yaml, such as "03-flight" (pageid.FromName)
	File      string // the file's path in the course, such as "lessons/03-flight.yaml"
	Title     string
	Level     int // 1 (easiest) to 5
	Summary   string
	Goals     []string
	Intro     string       // Markdown
	Reminder  string       // Markdown for the worksheet's reminder box; "" for the goals
	Layout    style.Layout // the worksheet's layout; style.ByKind for the course's
	Diagrams  []*Diagram   // the board blocks of Intro, in order
	Exercises []*Exercise

	// Teacher is the Markdown of the teacher's guide to the lesson (the
	// plan, talking points, the mistakes children make, the exercises to do
	// together), "" for none; TeacherDiagrams are its board blocks.
	Teacher         string
	TeacherDiagrams []*Diagram

	// Formerly are the page ids the lesson had before its file was
	// renamed (formerly: [00-flight]): the site moves the pupils' stars
	// kept under them to ID. formerlyAt is where each is written.
	Formerly   []string
	formerlyAt []yamlpos.Pos

	own       int      // how many exercises the file itself writes (the rest are included)
	introSize textSize // what Intro renders to
}

// Diagram is a board block of a Markdown text: a position to draw, or
// loose pieces, with a caption, marked squares and arrows.
type Diagram struct {
	Pos      yamlpos.Pos                  // where the block starts in its YAML file
	Position rules.Position               // the fen; unset when Pieces is used
	Pieces   map[rules.Square]rules.Piece // instead of a fen: loose pieces, such as a labyrinth's
	NoState  bool                         // draw no side to move and no counters (set for Pieces too)
	Caption  string
	Marks    []rules.Square
	Kinds    []MarkKind // how each of Marks is marked
	Arrows   []Arrow
	Play     bool   // the site offers to play the position out (play: true)
	FEN      string // the fen as the block writes it ("start" too), "" for pieces
}

// Arrow is an arrow drawn on a diagram, such as f6-e4, or a forbidden move
// drawn crossed out, written f6-e4x.
type Arrow struct {
	From, To rules.Square
	No       bool // a move not to make: the arrow is crossed out
}

// String returns the arrow as lesson files write it: "f6-e4", "f6-e4x".
func (a Arrow) String() string {
	if a.No {
		return a.From.String() + "-" + a.To.String() + "x"
	}
	return a.From.String() + "-" + a.To.String()
}

// MarkKind is how a diagram marks a square, written as a suffix of the
// square in a marks list: e4 (a dot, or a ring around a piece), e4x (a
// square to avoid: a cross) or e4* (a goal: a star).
type MarkKind uint8

// The mark kinds.
const (
	PlainMark MarkKind = iota // e4
	AvoidMark                 // e4x
	GoalMark                  // e4*
)

// markSuffix is what a marks list writes after a square for each kind.
var markSuffix = [...]string{PlainMark: "", AvoidMark: "x", GoalMark: "*"}

// Suffix returns what a marks list writes after the square: "", "x" or "*".
func (k MarkKind) Suffix() string { return markSuffix[k] }

// open reads the file name and parses it as a YAML mapping of the known
// keys: what names it in messages. Problems are collected; the mapping is
// nil when the file cannot be used at all.
func (l *loader) open(name, what string, known []string) (*file, *yaml.Node, *yamlpos.Fields) {
	src, ok := l.read(name, false)
	if !ok {
		return nil, nil, nil
	}
	f := &file{File: yamlpos.File{Name: name, Src: src, Errs: &l.errs}, remoteImages: l.c.RemoteImages, theme: l.c.Theme, lang: l.c.Language}
	n := f.parse()
	if n == nil {
		return f, nil, nil
	}
	f.warnUnprintable(n, &l.c.Warnings)
	f.warnCutText(n, &l.c.Warnings)
	return f, n, f.Mapping(n, what, known)
}

// lesson reads lessons/NAME.yaml; it returns nil when the file cannot be
// read at all.
func (l *loader) lesson(name string) *Lesson {
	f, n, m := l.open(name, "lesson", lessonNames)
	if m == nil {
		return nil
	}
	lesson := &Lesson{ID: strings.TrimSuffix(path.Base(name), ".yaml"), File: name, Level: 1}
	if id, err := pageid.FromName(lesson.ID); err != nil {
		f.Errs.Add(yamlpos.Pos{File: name, Line: 1, Col: 1}, strings.TrimPrefix(err.Error(), "render: "))
	} else {
		lesson.ID = id
	}
	required := func(key string) *yaml.Node {
		v := m.Get(key)
		if v == nil {
			f.Errorf(n, "lesson: missing key %q", key)
		}
		return v
	}
	if v := required("title"); v != nil {
		lesson.Title, _ = f.prose(v, "title", MaxText)
	}
	if v := required("level"); v != nil {
		lesson.Level, _ = f.Integer(v, "level", 1, 5)
	}
	if v := required("summary"); v != nil {
		if s, ok := f.prose(v, "summary", MaxText); ok {
			if strings.Contains(strings.TrimSpace(s), "\n") {
				f.Errorf(v, "summary: want one sentence on one line")
			}
			lesson.Summary = strings.TrimSpace(s)
		}
	}
	if v := m.Get("goals"); v != nil {
		if items, ok := f.list(v, "goals", "texts"); ok {
			for _, item := range items {
				if s, ok := f.prose(item, "goal", MaxText); ok {
					lesson.Goals = append(lesson.Goals, s)
				}
			}
		}
	}
	if v := required("intro"); v != nil {
		if s, ok := f.prose(v, "intro", MaxMarkdown); ok {
			lesson.Intro = s
			lesson.Diagrams = f.diagrams(v, "intro", l.c.Start)
			f.links(v, "intro")
			lesson.introSize = f.size(v, "intro")
		}
	}
	if v := m.Get("reminder"); v != nil {
		if s, ok := f.prose(v, "reminder", MaxMarkdown); ok {
			lesson.Reminder = s
			f.links(v, "reminder")
			f.size(v, "reminder")
		}
	}
	if v := m.Get("layout"); v != nil {
		lesson.Layout = f.layout(v)
	}
	if v := m.Get("teacher"); v != nil {
		if s, ok := f.prose(v, "teacher", MaxMarkdown); ok {
			lesson.Teacher = s
			lesson.TeacherDiagrams = f.diagrams(v, "teacher", l.c.Start)
			f.links(v, "teacher")
			f.size(v, "teacher")
		}
	}
	if v := m.Get("formerly"); v != nil {
		f.formerly(v, lesson)
	}
	ex := m.Get("exercises")
	if ex != nil {
		for i, item := range f.exerciseList(ex, MaxExercisesPerLesson) {
			if e := l.exercise(f, item, i+1, lesson.Level); e != nil {
				lesson.Exercises = append(lesson.Exercises, e)
			}
		}
	}
	lesson.own = len(lesson.Exercises)
	if v := m.Get("include"); v != nil {
		l.includes(f, v, lesson)
	}
	if ex == nil && m.Get("include") == nil {
		f.Errorf(n, "lesson: no exercises (want an exercises list, an include, or both)")
	}
	if len(lesson.Exercises) > MaxExercisesPerLesson {
		f.Errorf(m.Get("include"), "include: the lesson has %d exercises with those included, more than the limit of %d", len(lesson.Exercises), MaxExercisesPerLesson)
		lesson.Exercises = lesson.Exercises[:MaxExercisesPerLesson]
	}
	return lesson
}

// formerly reads a lesson's former names: the page ids, or the file
// names, that the lesson had before it was renamed.
func (f *file) formerly(n *yaml.Node, lesson *Lesson) {
	items, ok := f.list(n, "formerly", "former file names")
	if !ok {
		return
	}
	for _, item := range items {
		name, ok := f.Scalar(item, "formerly", "a former file name like 05-the-flight")
		if !ok {
			continue
		}
		id, err := pageid.FromName(strings.TrimSuffix(strings.TrimSpace(name), ".yaml"))
		if err != nil {
			f.Errorf(item, "formerly: %s is no lesson file's name: want the old file name, like 05-the-flight", yamlpos.Quote(name))
			continue
		}
		lesson.Formerly = append(lesson.Formerly, id)
		lesson.formerlyAt = append(lesson.formerlyAt, f.Pos(item))
	}
}

// exerciseList returns the items of an exercises list, at most limit of
// them.
func (f *file) exerciseList(n *yaml.Node, limit int) []*yaml.Node {
	if n.Kind != yaml.SequenceNode {
		if n.Kind != yaml.AliasNode {
			f.Errorf(n, "exercises: want a list of exercises (lines starting with -), got %s", yamlpos.Describe(n))
		}
		return nil
	}
	if len(n.Content) > limit {
		f.Errorf(n, "exercises: %d exercises, more than the limit of %d", len(n.Content), limit)
		return n.Content[:limit]
	}
	return n.Content
}
