package mdtext

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Edit is a span of lesson Markdown that out/md writes otherwise: a link's
// tail or a link reference definition replaced by Text (Replace set), or
// raw HTML written escaped.
type Edit struct {
	Start, End int
	Replace    bool
	Text       string
}

// RawHTMLEdits returns the spans of raw HTML in a Markdown document, which
// the Markdown output escapes.
func RawHTMLEdits(doc ast.Node) []Edit {
	var eds []Edit
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var segs []text.Segment
		switch n := n.(type) {
		case *ast.RawHTML:
			segs = n.Segments.Sliced(0, n.Segments.Len())
		case *ast.HTMLBlock:
			segs = n.Lines().Sliced(0, n.Lines().Len())
			if n.HasClosure() {
				segs = append(segs, n.ClosureLine)
			}
		}
		for _, seg := range segs {
			eds = append(eds, Edit{Start: seg.Start, End: seg.Stop})
		}
		return ast.WalkContinue, nil
	})
	return eds
}

// Escape escapes plain text for Markdown: the characters that could start
// emphasis, links, code, HTML or an entity are backslash-escaped.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>#|!&~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
