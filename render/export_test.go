package render

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render/diagram"
)

// DrawnBoards returns the boards that the renderer's Markdown parser makes
// of md, in order, or the first error of a board it cannot draw. It is for
// the differential test with the loader (checked_test.go), which lives in
// package render_test because the loader imports render.
func DrawnBoards(md string) ([]Board, error) {
	src := []byte(md)
	doc := newMarkdown(diagram.NewCache(en(style.Alien), diagram.PieceSet{}), "").Parser().Parse(text.NewReader(src))
	var out []Board
	var err error
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if b, ok := n.(*boardNode); ok && entering {
			if b.err != nil {
				err = b.err
				return ast.WalkStop, nil
			}
			out = append(out, b.board)
		}
		return ast.WalkContinue, nil
	})
	return out, err
}

// ContainerText is one of containerTexts, for the differential test.
type ContainerText struct {
	Name, MD string
	Boards   int // -1: the loader refuses it
}

// ContainerTexts returns containerTexts.
func ContainerTexts() []ContainerText {
	var out []ContainerText
	for _, tt := range containerTexts {
		out = append(out, ContainerText{tt.name, tt.md, tt.boards})
	}
	return out
}

// en returns the English printer of a theme.
func en(t style.Theme) *catalog.Printer { return catalog.New(style.English, t) }

// english returns an English message of the classic theme, such as the
// title a test finds a page by.
func english(key string, args ...any) string { return en(style.Classic).Say(key, args...) }
