package render

import (
	"bytes"
	"fmt"
	"html"
	"io"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"nostromo-lessons/render/boardblock"
	"nostromo-lessons/render/diagram"
	"nostromo-lessons/render/mdtext"
)

// boardNode is a ```board fenced block read into a Board. A block that could
// not be read keeps its error, and rendering it fails with that error.
type boardNode struct {
	ast.BaseBlock
	board Board
	err   error
}

// kindBoard is the ast.NodeKind of boardNode.
var kindBoard = ast.NewNodeKind("Board")

// Kind implements ast.Node.
func (n *boardNode) Kind() ast.NodeKind { return kindBoard }

// Dump implements ast.Node.
func (n *boardNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"FEN": n.board.FEN}, nil)
}

// playsKey holds, in the parser.Context of one conversion, the Plays of
// the lesson converted (a map[string]Play), for its board blocks marked
// play: true.
var playsKey = parser.NewContextKey()

// boardTransformer replaces each board block (see package boardblock) by
// a boardNode.
type boardTransformer struct {
	start string // what fen: start stands for (Course.Start)
}

// Transform implements parser.ASTTransformer.
func (t boardTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	for _, fc := range boardblock.Nodes(doc, src) {
		plays, _ := pc.Get(playsKey).(map[string]Play)
		b, err := ParseBoardYAML(boardblock.Body(fc, src), t.start, plays)
		if err != nil {
			err = fmt.Errorf("line %d: %w", LineOf(src, fc.Pos()), err)
		}
		n := &boardNode{board: b, err: err}
		fc.Parent().ReplaceChild(fc.Parent(), fc, n)
	}
}

// LineOf returns the line number, from 1, of byte offset pos in src.
func LineOf(src []byte, pos int) int {
	if pos < 0 || pos > len(src) {
		return 0
	}
	return bytes.Count(src[:pos], []byte("\n")) + 1
}

// boardHTMLRenderer renders boardNodes as inline SVG figures.
type boardHTMLRenderer struct {
	boards *diagram.Cache
}

// RegisterFuncs implements renderer.NodeRenderer.
func (r boardHTMLRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindBoard, r.render)
}

// render writes one diagram as a <figure> with its caption.
func (r boardHTMLRenderer) render(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*boardNode)
	if !entering {
		return ast.WalkContinue, nil
	}
	if n.err != nil {
		return ast.WalkStop, n.err
	}
	return ast.WalkSkipChildren, writeFigure(w, n.board, r.boards)
}

// writeFigure writes a diagram as <figure class="diagram"> with the inline
// SVG of diagram.Cache.PageSVG in a <div class="stage"> and, if the board has one,
// its caption; then, for a board offered to play, the place the play
// script fills (see writePlay).
func writeFigure(w io.Writer, b Board, boards *diagram.Cache) error {
	play := b.Play
	b.Play = Play{} // the drawing does not depend on it
	svg, err := boards.PageSVG(b)
	if err != nil {
		return err
	}
	io.WriteString(w, "<figure class=\"diagram\">\n<div class=\"stage\">\n")
	w.Write(svg)
	io.WriteString(w, "</div>\n")
	if b.Caption != "" {
		fmt.Fprintf(w, "<figcaption>%s</figcaption>\n", html.EscapeString(b.Caption))
	}
	_, err = io.WriteString(w, "</figure>\n")
	if err == nil && play.FEN != "" {
		err = writePlay(w, play)
	}
	return err
}

// boardExtension is the goldmark extension for lesson Markdown: ```board
// blocks become diagrams, links and images with unsafe schemes lose their
// destination, and headings move one level down below the page's title.
type boardExtension struct {
	boards *diagram.Cache
	start  string // what fen: start stands for (Course.Start)
}

// Extend implements goldmark.Extender.
func (e boardExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(
		util.Prioritized(boardTransformer{start: e.start}, 100),
		util.Prioritized(mdtext.SafeLinks{}, 200),
	))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(
		util.Prioritized(boardHTMLRenderer{boards: e.boards}, 100),
	))
}

// newMarkdown returns the Markdown converter for lesson text. Raw HTML in
// the text is left out (goldmark's default: no html.WithUnsafe).
func newMarkdown(boards *diagram.Cache, start string) goldmark.Markdown {
	return goldmark.New(goldmark.WithExtensions(boardExtension{boards: boards, start: start}))
}
