package render

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// idPattern is what a lesson ID may look like: it names output files, so
// it must not be able to leave the output folder or hide a file.
var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// CheckID reports whether id is a safe lesson ID: lower-case letters a-z,
// digits and hyphens, not starting with a hyphen, at most 64 characters.
func CheckID(id string) error {
	if len(id) > 64 || !idPattern.MatchString(id) {
		return fmt.Errorf("render: lesson id %q: want lower-case letters a-z, digits and hyphens, like \"flight-2\"", id)
	}
	return nil
}

// ReservedIDs returns the names of the output files that are not a
// lesson's own (index.html, style.css, workbook.pdf, ...): no lesson may
// take one as its page id. Every output file the renderer adds beside the
// lessons' pages must be named here (and in LessonOutputs for a file of
// each lesson), so that check refuses a colliding lesson before build.
func ReservedIDs() []string {
	return []string{"index", "style", "workbook", "rules", "certificates", "teacher", "engine"}
}

// LessonOutputs returns the names, beside its id, that a lesson's output
// files take: "<id>-answers" for its answer key. Another lesson may not
// take one as its page id.
func LessonOutputs(id string) []string {
	return []string{id + "-answers"}
}

// PageID returns the page id of a lesson file name (without .yaml): the
// name itself when it is already an id (CheckID), else the name in lower
// case with every character other than a-z, 0-9 and - made a -, and no -
// at the start ("Intro_2" is "intro-2"). It fails when nothing is left or
// the id is too long.
func PageID(name string) (string, error) {
	if CheckID(name) == nil {
		return name, nil
	}
	id := strings.TrimLeft(strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
			return r
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return '-'
	}, name), "-")
	if err := CheckID(id); err != nil {
		return "", fmt.Errorf("render: lesson file name %q makes no page id: want at most 64 letters a-z, digits, - or _, like 02-flight", name)
	}
	return id, nil
}

// Files makes every output file of the course. It hands each output file to emit, by
// a slash path relative to the output root, with a function that writes the
// file's contents; emit creates the file and calls write (or, in a test,
// keeps the bytes). The files, in this order:
//
//	site/style.css, site/index.html, site/<id>.html   the lesson site
//	md/<id>.md, md/<id>-<n>.svg                       Markdown and its diagrams
//	pdf/<id>.pdf, pdf/<id>-answers.pdf                worksheets and answer keys
//	pdf/rules.pdf                                     the rules sheet
//	pdf/workbook.pdf                                  rules, worksheets and keys in one book
//
// Lesson IDs are checked first (CheckID, and no two alike), so no path can
// leave the output root. The first error stops publishing.
func Files(c Course, opts Options, emit func(path string, write func(io.Writer) error) error) error {
	if err := checkIDs(c); err != nil {
		return err
	}
	k, err := newKit(c, opts)
	if err != nil {
		return err
	}
	p := publisher{k: k, c: c, emit: emit}
	p.file("site/style.css", func(w io.Writer) error { return Stylesheet(w, opts) })
	p.file("site/index.html", func(w io.Writer) error { return k.writeIndex(w, c) })
	for _, l := range c.Lessons {
		p.file("site/"+l.ID+".html", func(w io.Writer) error { return k.writeLesson(w, c, l) })
	}
	for _, l := range c.Lessons {
		p.markdown(l)
	}
	for _, l := range c.Lessons {
		p.file("pdf/"+l.ID+".pdf", func(w io.Writer) error { return k.worksheet(w, c, l) })
		p.file("pdf/"+l.ID+"-answers.pdf", func(w io.Writer) error { return k.answerKey(w, c, l) })
	}
	p.file("pdf/rules.pdf", func(w io.Writer) error { return k.rules(w, c) })
	p.file("pdf/workbook.pdf", func(w io.Writer) error { return k.workbook(w, c) })
	return p.err
}

// checkIDs checks every lesson ID, that no two lessons share one, and that
// none is the name of another output file (ReservedIDs, LessonOutputs).
func checkIDs(c Course) error {
	taken := map[string]string{}
	for _, id := range ReservedIDs() {
		taken[id] = "an output file"
	}
	for _, l := range c.Lessons {
		for _, name := range LessonOutputs(l.ID) {
			taken[name] = fmt.Sprintf("an output file of lesson %q", l.ID)
		}
	}
	seen := map[string]bool{}
	for _, l := range c.Lessons {
		if err := CheckID(l.ID); err != nil {
			return err
		}
		if seen[l.ID] {
			return fmt.Errorf("render: lesson id %q: used by two lessons", l.ID)
		}
		if by, ok := taken[l.ID]; ok {
			return fmt.Errorf("render: lesson id %q: the name of %s", l.ID, by)
		}
		seen[l.ID] = true
	}
	return nil
}

// publisher hands files to emit until the first error.
type publisher struct {
	k    *kit
	c    Course
	emit func(path string, write func(io.Writer) error) error
	err  error
}

// file emits one file, unless an earlier one failed.
func (p *publisher) file(path string, write func(io.Writer) error) {
	if p.err != nil {
		return
	}
	p.k.opts.progress(path)
	p.err = p.emit(path, write)
}

// markdown emits a lesson's Markdown and then the diagram files it refers
// to. The Markdown is written first, into memory, to learn its diagrams.
func (p *publisher) markdown(l Lesson) {
	if p.err != nil {
		return
	}
	var buf bytes.Buffer
	boards, err := writeMarkdown(&buf, p.c, l)
	if err != nil {
		p.err = err
		return
	}
	p.file("md/"+l.ID+".md", func(w io.Writer) error {
		_, err := w.Write(buf.Bytes())
		return err
	})
	for i, b := range boards {
		p.file(fmt.Sprintf("md/%s-%d.svg", l.ID, i+1), func(w io.Writer) error {
			svg, err := p.k.boards.SVG(b)
			if err != nil {
				return err
			}
			_, err = w.Write(svg)
			return err
		})
	}
}
