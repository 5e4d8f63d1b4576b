package course

import (
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"go.yaml.in/yaml/v3"

	"nostromo-lessons/render/safelink"
)

// links reports every link or image in the Markdown value n whose target
// could run code or leave the web (javascript:, data:, file:, ...), so that
// such a link never reaches a page or the Markdown output. The rule is the
// renderer's (package safelink), which drops them too. Every link reference
// definition of the field is judged as well, used or not.
func (f *file) links(n *yaml.Node, what string) {
	src := []byte(n.Value)
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	reported := map[string]bool{}
	ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var dest string
		switch l := node.(type) {
		case *ast.Link:
			dest = string(l.Destination)
		case *ast.Image:
			dest = string(l.Destination)
		case *ast.AutoLink:
			dest = string(l.URL(src))
		case *ast.LinkReferenceDefinition:
			dest = string(l.Destination)
		default:
			return ast.WalkContinue, nil
		}
		if !safelink.Allowed(dest) && !reported[dest] {
			reported[dest] = true
			line := strings.Count(n.Value[:max(0, strings.Index(n.Value, dest))], "\n")
			f.errs.Add(f.textPos(n, line), f.prefix+fmt.Sprintf("%s: link %q is not allowed; use http, https or mailto links, or links within the site", what, dest))
		}
		return ast.WalkContinue, nil
	})
}
