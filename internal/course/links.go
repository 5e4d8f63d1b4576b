package course

import (
	"fmt"
	"html"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
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
	judge := safelink.Judge{}
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
			if judge.Allowed(dest) && remote(dest) && !f.remoteImages {
				line := destLine(n.Value, dest)
				f.Errs.Add(f.textPos(n, line+1, 1), f.Prefix+fmt.Sprintf("%s: image %s is on another site; a remote image tells that site who reads the page (pupils' pages show the course's own images; remote_images: true in course.yaml allows them)", what, yamlpos.Quote(dest)))
			}
		case *ast.AutoLink:
			dest = string(l.URL(src))
		case *ast.LinkReferenceDefinition:
			dest = string(l.Destination)
		default:
			return ast.WalkContinue, nil
		}
		if len(dest) > MaxLink && !reported[dest] {
			reported[dest] = true
			line := destLine(n.Value, dest)
			f.Errs.Add(f.textPos(n, line+1, 1), f.Prefix+fmt.Sprintf("%s: link %s is %d bytes long, more than the limit of %d; shorten it", what, yamlpos.Quote(dest), len(dest), MaxLink))
			return ast.WalkContinue, nil
		}
		if !judge.Allowed(dest) && !reported[dest] {
			reported[dest] = true
			line := destLine(n.Value, dest)
			f.Errs.Add(f.textPos(n, line+1, 1), f.Prefix+fmt.Sprintf("%s: link %s is not allowed; use http, https or mailto links, or links within the site", what, yamlpos.Quote(dest)))
		}
		return ast.WalkContinue, nil
	})
}

// remote reports whether an image destination is on another site: an
// absolute URL, or a reference to another host (//host/x, which browsers
// also read from /\host and \\host). HTML entities are decoded and
// spaces and control characters dropped first, as a browser would.
func remote(dest string) bool {
	d := strings.Map(func(r rune) rune {
		switch {
		case r <= ' ' || r == 0x7f:
			return -1
		case r == '\\':
			return '/'
		}
		return r
	}, html.UnescapeString(dest))
	if strings.HasPrefix(d, "//") {
		return true
	}
	i := strings.IndexAny(d, ":/?#")
	return i >= 0 && d[i] == ':'
}

// destLine returns the line of the Markdown text md (counted from 0) where
// the link destination dest is written: after a parenthesis if it is
// there (so that "//host/x" is not found inside "https://host/x"), else
// anywhere, else line 0.
func destLine(md, dest string) int {
	i := strings.Index(md, "("+dest)
	if i < 0 {
		i = max(0, strings.Index(md, dest))
	}
	return strings.Count(md[:i], "\n")
}
