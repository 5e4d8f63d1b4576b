// Package boardblock reads the board blocks of lesson Markdown: fenced code
// blocks whose info string's first word is "board", wherever they sit (in a
// block quote, a list item, or both).
package boardblock

// The course loader checks them and the
// renderer draws them, both through this package, so that check verifies
// exactly the blocks that build draws. It builds on goldmark's parser and
// imports nothing of ours.

import (
	"bytes"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Block is a board block of a Markdown text.
type Block struct {
	// Line and Col are the position of the opening fence's first character
	// in the text, both counted from 1; Col counts characters, not bytes.
	Line, Col int
	// Body is the block's YAML text: its lines between the fences, without
	// their container prefixes ("> ", a list item's indentation), each
	// ending in a newline.
	Body []byte
	// Closed reports whether a closing fence ends the block; otherwise the
	// end of its container or of the text does.
	Closed bool

	lines []bodyLine // where each line of Body starts in the text
}

// bodyLine is where one line of a Body starts in the text: the line and
// column (from 1) of its first byte taken from the text, after pad spaces
// that goldmark puts in place of part of a tab.
type bodyLine struct {
	line, col, pad int
}

// Pos returns the position in the text of the character at line and col
// of Body, all counted from 1 (as go.yaml.in/yaml/v3 counts a node's Line
// and Column), so that a problem found in Body can be shown where it is
// in the text. A zero col stands for the start of the line. A line after
// the last one counts on from it, and line 0 is the opening fence.
func (b Block) Pos(line, col int) (textLine, textCol int) {
	switch {
	case line <= 0:
		return b.Line, b.Col
	case len(b.lines) == 0:
		return b.Line + line, 1
	case line > len(b.lines):
		last := b.lines[len(b.lines)-1]
		return last.line + line - len(b.lines), last.col
	}
	l := b.lines[line-1]
	return l.line, l.col + max(0, col-1-l.pad)
}

// Find returns the board blocks of the Markdown text md, in order.
func Find(md []byte) []Block {
	pc := parser.NewContext()
	closed := map[ast.Node]bool{}
	pc.Set(closedKey, closed)
	doc := mdParser.Parse(text.NewReader(md), parser.WithContext(pc))
	var out []Block
	for _, fc := range Nodes(doc, md) {
		b := Block{Body: Body(fc, md), Closed: closed[fc]}
		b.Line, b.Col = position(md, fc.Pos())
		for i := range fc.Lines().Len() {
			seg := fc.Lines().At(i)
			line, col := position(md, seg.Start)
			b.lines = append(b.lines, bodyLine{line, col, seg.Padding})
		}
		out = append(out, b)
	}
	return out
}

// Nodes returns the board blocks of a parsed document, in order.
func Nodes(doc ast.Node, src []byte) []*ast.FencedCodeBlock {
	var found []*ast.FencedCodeBlock
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fc, ok := n.(*ast.FencedCodeBlock); ok && entering && Is(fc, src) {
			found = append(found, fc)
		}
		return ast.WalkContinue, nil
	})
	return found
}

// Is reports whether the fenced code block fc is a board block: whether
// the first word of its info string is "board".
func Is(fc *ast.FencedCodeBlock, src []byte) bool {
	if fc.Info == nil {
		return false
	}
	words := bytes.Fields(fc.Info.Segment.Value(src))
	return len(words) > 0 && string(words[0]) == "board"
}

// Body returns the text inside a fenced code block, without its container
// prefixes: the YAML text of a board block.
func Body(fc *ast.FencedCodeBlock, src []byte) []byte {
	var body bytes.Buffer
	for i := range fc.Lines().Len() {
		seg := fc.Lines().At(i)
		body.Write(seg.Value(src))
	}
	return body.Bytes()
}

// position returns the line and column, from 1, of byte offset i of src;
// the column counts characters.
func position(src []byte, i int) (line, col int) {
	i = min(max(i, 0), len(src))
	start := bytes.LastIndexByte(src[:i], '\n') + 1
	return bytes.Count(src[:i], []byte("\n")) + 1, utf8.RuneCount(src[start:i]) + 1
}

// closedKey holds, in a parser.Context, the set of fenced code blocks that
// a closing fence ended.
var closedKey = parser.NewContextKey()

// fenceParser is goldmark's fenced code block parser, noting in the
// context each block that a closing fence ends.
type fenceParser struct {
	parser.BlockParser
}

// Continue implements parser.BlockParser.
func (p fenceParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	s := p.BlockParser.Continue(node, reader, pc)
	if s&parser.Close != 0 {
		if closed, ok := pc.Get(closedKey).(map[ast.Node]bool); ok {
			closed[node] = true
		}
	}
	return s
}

// mdParser is goldmark's default parser (goldmark.DefaultParser, the one
// the renderer uses) with the fenced code block parser wrapped in a
// fenceParser.
var mdParser = func() parser.Parser {
	blocks := parser.DefaultBlockParsers()
	for i, b := range blocks {
		if b.Value == parser.NewFencedCodeBlockParser() {
			blocks[i] = util.Prioritized(fenceParser{parser.NewFencedCodeBlockParser()}, b.Priority)
		}
	}
	return parser.NewParser(parser.WithBlockParsers(blocks...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
}()
