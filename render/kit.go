package render

import (
	"fmt"
	"html/template"
	"io/fs"

	"github.com/yuin/goldmark"

	"nostromo-lessons/internal/style"
)

// kit is what rendering a course needs, read once from the template files:
// the theme's piece art, the Markdown converter and the page templates.
type kit struct {
	fsys   fs.FS
	opts   Options
	theme  style.Theme
	pieces pieceSet
	boards *diagrams // each board's SVG, drawn once
	md     goldmark.Markdown
	index  *template.Template
	lesson *template.Template
}

// newKit reads the art and templates for a course.
func newKit(c Course, opts Options) (*kit, error) {
	k := &kit{fsys: opts.files(), opts: opts, theme: c.Theme}
	var err error
	if k.pieces, err = loadPieces(k.fsys, c.Theme); err != nil {
		return nil, err
	}
	k.boards = newDiagrams(c.Theme, k.pieces)
	k.md = newMarkdown(k.boards)
	if k.index, err = template.ParseFS(k.fsys, "layout.html", "index.html"); err != nil {
		return nil, fmt.Errorf("render: templates: %w", err)
	}
	if k.lesson, err = template.ParseFS(k.fsys, "layout.html", "lesson.html"); err != nil {
		return nil, fmt.Errorf("render: templates: %w", err)
	}
	return k, nil
}
