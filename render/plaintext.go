package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"nostromo-lessons/render/boardblock"
)

// PlainBlock is a paragraph of plain text, a heading, or a diagram.
type PlainBlock struct {
	Text    string
	Heading bool // Text is a heading's
	Board   *Board
}

// PlainBlocks turns lesson Markdown into plain paragraphs and diagrams for
// a PDF: emphasis and links keep their text, list items get a bullet or
// number, raw HTML is left out, and ```board blocks become diagrams.
func PlainBlocks(src, start string) ([]PlainBlock, error) {
	p := plainer{src: []byte(src), start: start}
	doc := goldmark.New().Parser().Parse(text.NewReader(p.src))
	p.blocks(doc, "")
	return p.out, p.err
}

// plainer collects the plain blocks of a Markdown document.
type plainer struct {
	src   []byte
	start string // what fen: start stands for (Course.Start)
	out   []PlainBlock
	err   error
}

// add appends a paragraph, with a list marker before its first one.
func (p *plainer) add(text string, mark *string) {
	if text = strings.TrimSpace(text); text == "" {
		return
	}
	p.out = append(p.out, PlainBlock{Text: *mark + text})
	*mark = ""
}

// blocks appends the blocks among a node's children; mark is the list
// marker for the first paragraph.
func (p *plainer) blocks(n ast.Node, mark string) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Paragraph, *ast.TextBlock:
			p.add(inlineText(c, p.src), &mark)
		case *ast.Heading:
			if t := strings.TrimSpace(inlineText(c, p.src)); t != "" {
				p.out = append(p.out, PlainBlock{Text: t, Heading: true})
			}
		case *ast.List:
			p.list(c)
		case *ast.FencedCodeBlock:
			if boardblock.Is(c, p.src) {
				p.board(c)
			} else {
				p.add(string(boardblock.Body(c, p.src)), &mark)
			}
		case *ast.CodeBlock:
			p.add(codeBody(c, p.src), &mark)
		case *ast.HTMLBlock, *ast.ThematicBreak:
		default:
			p.blocks(c, mark)
		}
	}
}

// list appends a list's items, each starting with its bullet or number.
func (p *plainer) list(l *ast.List) {
	n := l.Start
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		mark := "• "
		if l.IsOrdered() {
			mark = strconv.Itoa(n) + ". "
			n++
		}
		p.blocks(item, mark)
	}
}

// board appends a ```board block's diagram.
func (p *plainer) board(fc *ast.FencedCodeBlock) {
	b, err := ParseBoardYAML(boardblock.Body(fc, p.src), p.start, nil)
	if err != nil && p.err == nil {
		p.err = fmt.Errorf("line %d: %w", LineOf(p.src, fc.Pos()), err)
	}
	p.out = append(p.out, PlainBlock{Board: &b})
}

// inlineText returns the text of an inline node's children.
func inlineText(n ast.Node, src []byte) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.HardLineBreak() {
				b.WriteString("\n")
			} else if c.SoftLineBreak() {
				b.WriteString(" ")
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.AutoLink:
			b.Write(c.Label(src))
		case *ast.RawHTML:
		default:
			b.WriteString(inlineText(c, src))
		}
	}
	return b.String()
}

// codeBody returns the text of an indented code block.
func codeBody(c *ast.CodeBlock, src []byte) string {
	var b strings.Builder
	for i := range c.Lines().Len() {
		seg := c.Lines().At(i)
		b.Write(seg.Value(src))
	}
	return b.String()
}
