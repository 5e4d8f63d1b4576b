package mdtext

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"nostromo-lessons/render/safelink"
)

// spanParser wraps one of goldmark's inline parsers and records, for each
// link, image or autolink it makes, the span of source it read: for a link
// or image, from its closing ']' to the end of its destination or
// reference; for an autolink, from '<' to '>'.
type spanParser struct {
	parser.InlineParser
	spans map[ast.Node][2]int
}

func (p *spanParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	_, start := block.Position()
	n := p.InlineParser.Parse(parent, block, pc)
	switch n.(type) {
	case *ast.Link, *ast.Image, *ast.AutoLink:
		if _, end := block.Position(); end.Start > start.Start {
			p.spans[n] = [2]int{start.Start, end.Start}
		}
	}
	return n
}

// CloseBlock passes the end of a block on to the wrapped parser, which
// turns unclosed link labels back into text.
func (p *spanParser) CloseBlock(parent ast.Node, block text.Reader, pc parser.Context) {
	if c, ok := p.InlineParser.(parser.CloseBlocker); ok {
		c.CloseBlock(parent, block, pc)
	}
}

// Parse parses one field as goldmark does by default, and returns
// the spans of its links, images and autolinks.
func Parse(src []byte) (ast.Node, map[ast.Node][2]int) {
	spans := map[ast.Node][2]int{}
	var inline []util.PrioritizedValue
	for _, v := range parser.DefaultInlineParsers() {
		switch ip := v.Value.(type) {
		case parser.InlineParser:
			if t := string(ip.Trigger()); strings.ContainsAny(t, "]<") {
				v.Value = &spanParser{ip, spans}
			}
		}
		inline = append(inline, v)
	}
	p := parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(inline...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
	return p.Parse(text.NewReader(src)), spans
}

// LinkEdits returns the edits that keep a field's links to itself: every
// link reference definition is left out, every reference link (and image)
// becomes an inline one to its destination, and a link, image or autolink
// that safelink refuses loses its target. Links that are inline and safe
// are left as they are.
func LinkEdits(doc ast.Node, src []byte, spans map[ast.Node][2]int) []Edit {
	var eds []Edit
	judge := safelink.Judge{}
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.LinkReferenceDefinition:
			lines := n.Lines()
			for i := range lines.Len() {
				seg := lines.At(i)
				end := seg.Stop
				for end > seg.Start && (src[end-1] == '\n' || src[end-1] == '\r') {
					end-- // the line stays, empty, so containers keep their shape
				}
				eds = append(eds, Edit{Start: seg.Start, End: end, Replace: true})
			}
		case *ast.Link:
			eds = append(eds, linkTail(n, n.Destination, n.Title, n.Reference != nil, src, spans, judge)...)
		case *ast.Image:
			eds = append(eds, linkTail(n, n.Destination, n.Title, n.Reference != nil, src, spans, judge)...)
		case *ast.AutoLink:
			span, ok := spans[n]
			if ok && !judge.Allowed(string(n.URL(src))) {
				eds = append(eds, Edit{Start: span[0], End: span[1], Replace: true, Text: Escape(string(n.Label(src)))})
			}
		}
		return ast.WalkContinue, nil
	})
	return eds
}

// linkTail returns the edit of a link's tail (from its ']' on): a reference
// becomes an inline destination, and a refused destination becomes "#".
func linkTail(n ast.Node, dest, title []byte, reference bool, src []byte, spans map[ast.Node][2]int, judge safelink.Judge) []Edit {
	span, ok := spans[n]
	allowed := judge.Allowed(string(dest))
	if !ok || (allowed && !reference) || src[span[0]] != ']' {
		return nil
	}
	tail := "](#)"
	if allowed {
		tail = "](" + mdDestination(dest) + mdTitle(title) + ")"
	}
	return []Edit{{Start: span[0], End: span[1], Replace: true, Text: tail}}
}

// mdDestination writes a link destination, as read from a definition, for
// an inline link: bare when it can be, else in angle brackets.
func mdDestination(dest []byte) string {
	d := string(dest)
	if d != "" && !strings.ContainsAny(d, " \t\n()<>") {
		return d
	}
	var b strings.Builder
	b.WriteByte('<')
	for i := 0; i < len(d); i++ {
		switch c := d[i]; {
		case c == '\\' && i+1 < len(d):
			b.WriteByte(c)
			i++
			b.WriteByte(d[i])
		case c == '<' || c == '>':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString("%0A")
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('>')
	return b.String()
}

// mdTitle writes a link title, as read from a definition, in double
// quotes, or "" when there is none.
func mdTitle(title []byte) string {
	if len(title) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(` "`)
	t := string(title)
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c == '\\' && i+1 < len(t):
			b.WriteByte(c)
			i++
			b.WriteByte(t[i])
		case c == '"':
			b.WriteString(`\"`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
