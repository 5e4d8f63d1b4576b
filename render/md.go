package render

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/render/boardblock"
	"nostromo-lessons/render/diagram"
	"nostromo-lessons/render/mdtext"
	"nostromo-lessons/render/pageid"
)

// Markdown writes lesson l as Markdown, for reading on a code forge or in an
// editor. Each diagram becomes an image reference to an SVG file beside it,
// named <id>-<n>.svg with n counted from 1 through the lesson (intro first,
// then each exercise's diagram and explanation); Publish writes those files.
func Markdown(w io.Writer, c Course, l Lesson, opts Options) error {
	_, err := WriteMarkdown(w, c, l)
	return err
}

// mdWriter writes one lesson's Markdown and collects its diagrams.
type mdWriter struct {
	*bufio.Writer
	c      Course
	say    *catalog.Printer
	id     string
	boards []Board
}

// WriteMarkdown writes the lesson and returns its diagrams in file order:
// boards[n-1] belongs in <id>-<n>.svg.
func WriteMarkdown(w io.Writer, c Course, l Lesson) ([]Board, error) {
	if err := pageid.Check(l.ID); err != nil {
		return nil, err
	}
	m := &mdWriter{Writer: bufio.NewWriter(w), c: c, say: c.Printer(), id: l.ID}
	fmt.Fprintf(m, "# %s\n\n*%s*\n\n", mdtext.Escape(l.Title), mdtext.Escape(m.say.Say("sheet.course-level", c.Title, l.Level)))
	if l.Summary != "" {
		fmt.Fprintf(m, "%s\n\n", mdtext.Escape(l.Summary))
	}
	if len(l.Goals) > 0 {
		fmt.Fprintf(m, "**%s**\n\n", mdtext.Escape(m.say.Say("sheet.goals")))
		for _, g := range l.Goals {
			fmt.Fprintf(m, "- %s\n", mdtext.Escape(g))
		}
		m.WriteString("\n")
	}
	if err := m.text(l.Intro); err != nil {
		return nil, fmt.Errorf("render: lesson %q: intro: %w", l.ID, err)
	}
	if len(l.Exercises) > 0 {
		fmt.Fprintf(m, "## %s\n\n", mdtext.Escape(m.say.Say("site.exercises")))
	}
	for _, e := range l.Exercises {
		if err := m.exercise(e); err != nil {
			return nil, fmt.Errorf("render: lesson %q: exercise %d: %w", l.ID, e.Number, err)
		}
	}
	fmt.Fprintf(m, "---\n\n%s: [%s](../../pdf/%s.pdf) · [%s](../%s-answers.pdf)\n", mdtext.Escape(m.say.Say("site.print")),
		mdtext.Escape(m.say.Say("site.worksheet-pdf")), l.ID, mdtext.Escape(m.say.Say("teacher.key-pdf")), l.ID)
	return m.boards, m.Flush()
}

// exercise writes one exercise.
func (m *mdWriter) exercise(e Exercise) error {
	fmt.Fprintf(m, "### %d. %s\n\n", e.Number, mdtext.Escape(e.Question))
	if err := m.diagram(e.Board); err != nil {
		return err
	}
	for _, ch := range e.pageChoices() {
		fmt.Fprintf(m, "- [ ] %s\n", mdtext.Escape(ch))
	}
	if len(e.pageChoices()) > 0 {
		m.WriteString("\n")
	}
	if e.Hint != "" {
		fmt.Fprintf(m, "**%s:** %s\n\n", mdtext.Escape(m.say.Say("site.hint")), mdtext.Escape(e.Hint))
	}
	m.answer(e)
	return m.text(e.Explain)
}

// answer writes an exercise's answer as the answer key gives it: with the
// winner where the question asks who wins too, the fastest moves and those
// that also win, and the best play.
func (m *mdWriter) answer(e Exercise) {
	fmt.Fprintf(m, "**%s:** %s\n\n", mdtext.Escape(m.say.Say("site.answer")), mdtext.Escape(FullAnswer(e, m.say)))
	if also := AlsoText(e, m.say); also != "" {
		fmt.Fprintf(m, "%s\n\n", mdtext.Escape(also))
	}
	if e.Line != "" {
		fmt.Fprintf(m, "**%s** %s\n\n", mdtext.Escape(m.say.Say("site.line")), mdtext.Escape(e.Line))
	}
}

// diagram writes an image reference for the next diagram file.
func (m *mdWriter) diagram(b Board) error {
	if _, err := diagram.Read(b); err != nil {
		return err
	}
	m.boards = append(m.boards, b)
	fmt.Fprintf(m, "![%s](%s-%d.svg)\n\n", mdtext.Escape(diagram.AltText(b, m.c.Printer())), m.id, len(m.boards))
	if b.Caption != "" {
		fmt.Fprintf(m, "*%s*\n\n", mdtext.Escape(b.Caption))
	}
	return nil
}

// text copies lesson Markdown, with each ```board block replaced by a
// diagram reference and raw HTML escaped, so that it shows as text.
//
// A lesson's fields are joined into one document, where a link reference
// definition would reach every field. So each field is written on its own
// terms: its definitions are left out, each of its reference links becomes
// an inline link to what its own definition says, and a link, image or
// autolink that safelink refuses loses its target.
func (m *mdWriter) text(src string) error {
	if strings.TrimSpace(src) == "" {
		return nil
	}
	source := []byte(src)
	doc, spans := mdtext.Parse(source)
	eds, err := mdEdits(doc, source, m.c.Start)
	if err != nil {
		return err
	}
	eds = append(eds, edits(mdtext.LinkEdits(doc, source, spans))...)
	slices.SortStableFunc(eds, func(a, b mdEdit) int { return a.Start - b.Start })
	last, ended := 0, false // ended: what was written ends a block
	for _, e := range eds {
		if e.Start < last {
			continue // inside a span already replaced
		}
		m.Write(source[last:e.Start])
		switch {
		case e.board != nil:
			if err := m.diagram(*e.board); err != nil {
				return err
			}
		case e.Replace:
			m.WriteString(e.Text)
		default:
			m.WriteString(strings.ReplaceAll(string(source[e.Start:e.End]), "<", "&lt;"))
		}
		last, ended = e.End, e.board != nil
	}
	if tail := bytes.Trim(source[last:], "\n"); len(tail) > 0 {
		m.Write(tail)
		ended = false
	}
	if !ended {
		m.WriteString("\n\n") // what follows starts a block of its own
	}
	return nil
}

// mdEdit is a span of lesson Markdown to replace: a board block by a
// diagram reference (board set), or as mdtext.Edit says.
type mdEdit struct {
	mdtext.Edit
	board *Board
}

// edits returns eds as mdEdits, none a board block.
func edits(eds []mdtext.Edit) []mdEdit {
	out := make([]mdEdit, len(eds))
	for i, e := range eds {
		out[i] = mdEdit{Edit: e}
	}
	return out
}

// mdEdits returns the spans of a Markdown document to replace, in order.
func mdEdits(doc ast.Node, src []byte, start string) ([]mdEdit, error) {
	var eds []mdEdit
	for _, fc := range boardblock.Nodes(doc, src) {
		b, err := ParseBoardYAML(boardblock.Body(fc, src), start, nil)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", LineOf(src, fc.Pos()), err)
		}
		end := fenceEnd(fc, src)
		for end < len(src) && src[end] == '\n' {
			end++ // the diagram reference brings its own blank lines
		}
		eds = append(eds, mdEdit{Edit: mdtext.Edit{Start: fc.Pos(), End: end}, board: &b})
	}
	eds = append(eds, edits(mdtext.RawHTMLEdits(doc))...)
	slices.SortFunc(eds, func(a, b mdEdit) int { return a.Start - b.Start })
	return eds, nil
}

// fenceEnd returns the offset just after a fenced block's closing fence
// line, or after its last line if the block was never closed. The closing
// fence of a block in a block quote follows the quote's markers.
func fenceEnd(fc *ast.FencedCodeBlock, src []byte) int {
	end := lineEnd(src, fc.Pos())
	if lines := fc.Lines(); lines.Len() > 0 {
		end = max(end, lines.At(lines.Len()-1).Stop)
	}
	closing := lineEnd(src, end)
	if t := strings.TrimLeft(string(src[end:closing]), " \t>"); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
		end = closing
	}
	return end
}

// lineEnd returns the offset after the newline that ends the line holding
// offset i, or len(src).
func lineEnd(src []byte, i int) int {
	if i >= len(src) {
		return len(src)
	}
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(src)
}
