package mdtext

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"nostromo-lessons/render/safelink"
)

// SafeLinks keeps unsafe link targets out of the page. A link whose
// destination safelink.Allowed refuses is replaced by its text, an image by
// its description, and an autolink by its plain label. It also moves every
// heading one level down, since the page's own title is the only <h1>.
type SafeLinks struct{}

// Transform implements parser.ASTTransformer.
func (SafeLinks) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	judge := safelink.Judge{}
	var unsafe []ast.Node
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			if !judge.Allowed(string(n.Destination)) {
				unsafe = append(unsafe, n)
			}
		case *ast.Image:
			if !judge.Allowed(string(n.Destination)) {
				unsafe = append(unsafe, n)
			}
		case *ast.AutoLink:
			if !judge.Allowed(string(n.URL(src))) {
				unsafe = append(unsafe, n)
			}
		case *ast.Heading:
			n.Level = min(n.Level+1, 6)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range unsafe {
		unwrap(n, src)
	}
}

// unwrap replaces a link or image by its children, or an autolink by its
// label as plain text.
func unwrap(n ast.Node, src []byte) {
	parent := n.Parent()
	if al, ok := n.(*ast.AutoLink); ok {
		parent.ReplaceChild(parent, n, ast.NewString(al.Label(src)))
		return
	}
	for c := n.FirstChild(); c != nil; {
		next := c.NextSibling()
		parent.InsertBefore(parent, n, c)
		c = next
	}
	parent.RemoveChild(parent, n)
}
