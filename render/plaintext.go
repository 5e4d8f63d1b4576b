package render

import (
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// plainParagraphs turns lesson Markdown into plain paragraphs for a PDF:
// emphasis and links keep their text, list items get a bullet or number,
// raw HTML and ```board blocks are left out.
func plainParagraphs(src string) []string {
	source := []byte(src)
	doc := goldmark.New().Parser().Parse(text.NewReader(source))
	return blockTexts(doc, source)
}

// blockTexts returns the paragraphs of a block node's children.
func blockTexts(n ast.Node, src []byte) []string {
	var out []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Paragraph, *ast.TextBlock, *ast.Heading:
			if t := strings.TrimSpace(inlineText(c, src)); t != "" {
				out = append(out, t)
			}
		case *ast.List:
			out = append(out, listTexts(c, src)...)
		case *ast.FencedCodeBlock:
			if string(c.Language(src)) != "board" {
				out = append(out, strings.TrimRight(string(blockBody(c, src)), "\n"))
			}
		case *ast.CodeBlock:
			out = append(out, strings.TrimRight(codeBody(c, src), "\n"))
		case *ast.HTMLBlock, *ast.ThematicBreak:
		default:
			out = append(out, blockTexts(c, src)...)
		}
	}
	return out
}

// listTexts returns a list's items, each starting with its bullet or number.
func listTexts(l *ast.List, src []byte) []string {
	var out []string
	n := l.Start
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		mark := "• "
		if l.IsOrdered() {
			mark = strconv.Itoa(n) + ". "
			n++
		}
		texts := blockTexts(item, src)
		if len(texts) == 0 {
			texts = []string{""}
		}
		texts[0] = mark + texts[0]
		out = append(out, texts...)
	}
	return out
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
