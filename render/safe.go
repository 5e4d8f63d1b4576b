package render

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// safeTransformer keeps unsafe link targets out of the page. A link whose
// destination is not safe (see safeURL) is replaced by its text, an image by
// its description, and an autolink by its plain label. It also moves every
// heading one level down, since the page's own title is the only <h1>.
type safeTransformer struct{}

// Transform implements parser.ASTTransformer.
func (safeTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	var unsafe []ast.Node
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			if !safeURL(string(n.Destination)) {
				unsafe = append(unsafe, n)
			}
		case *ast.Image:
			if !safeURL(string(n.Destination)) {
				unsafe = append(unsafe, n)
			}
		case *ast.AutoLink:
			if !safeURL(string(n.URL(src))) {
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

// safeURL reports whether a link destination may reach the page: a
// relative reference (a path, "#fragment" or "?query"), or an absolute URL
// with the scheme http, https or mailto. Everything else with a scheme
// (javascript:, vbscript:, data:, file:, ...) is unsafe. Control characters
// and spaces, which browsers drop inside a scheme, are dropped first.
func safeURL(u string) bool {
	u = strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f {
			return -1
		}
		return r
	}, u)
	i := strings.IndexAny(u, ":/?#")
	if i < 0 || u[i] != ':' {
		return true
	}
	switch strings.ToLower(u[:i]) {
	case "http", "https", "mailto":
		return true
	}
	return false
}
