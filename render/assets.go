package render

import (
	"fmt"
	"html/template"
	"io"
	"io/fs"

	"github.com/yuin/goldmark"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/render/diagram"
)

// Assets is what rendering a course needs, read once from the
// template files: the theme's piece art, the Markdown converter and the page
// templates; every output of the course, site or PDF, draws on it.
type Assets struct {
	fsys      fs.FS
	opts      Options
	say       *catalog.Printer // the interface text in the course's language and theme
	pieces    diagram.PieceSet
	boards    *diagram.Cache // each board's SVG, drawn once
	md        goldmark.Markdown
	index     *template.Template
	lesson    *template.Template
	rulesPage *template.Template
	teacher   *template.Template
	game      *template.Template
}

// NewAssets reads the art and the page templates for a course: what
// the site's pages need.
func NewAssets(c Course, opts Options) (*Assets, error) {
	k, err := artAssets(c, opts)
	if err != nil {
		return nil, err
	}
	if k.index, err = k.parse("layout.html", "index.html"); err != nil {
		return nil, fmt.Errorf("render: templates: %w", err)
	}
	if k.lesson, err = k.parse("layout.html", "play.html", "lesson.html"); err != nil {
		return nil, fmt.Errorf("render: templates: %w", err)
	}
	if k.rulesPage, err = k.parse("layout.html", "rules.html"); err != nil {
		return nil, fmt.Errorf("render: templates: %w", err)
	}
	if k.teacher, err = k.parse("layout.html", "teacher.html"); err != nil {
		return nil, fmt.Errorf("render: templates: %w", err)
	}
	if k.game, err = k.parse("layout.html", "game.html"); err != nil {
		return nil, fmt.Errorf("render: templates: %w", err)
	}
	return k, nil
}

// parse reads page templates from the assets' files.
func (k *Assets) parse(names ...string) (*template.Template, error) {
	return parsePages(k.fsys, k.say, names...)
}

// parsePages reads page templates, with the functions say for p's
// messages, {{say "site.hint"}}, and sayHTML for a message that holds
// markup, whose arguments it escapes.
func parsePages(fsys fs.FS, p *catalog.Printer, names ...string) (*template.Template, error) {
	sayHTML := func(key string, args ...string) template.HTML {
		escaped := make([]any, len(args))
		for i, a := range args {
			escaped[i] = template.HTMLEscapeString(a)
		}
		return template.HTML(p.Say(key, escaped...)) // the catalog's own markup, trusted
	}
	funcs := template.FuncMap{"say": p.Say, "sayHTML": sayHTML}
	return template.New(names[0]).Funcs(funcs).ParseFS(fsys, names...)
}

// artAssets reads the theme's piece art and sets up the board drawings and
// the Markdown converter: what a PDF needs, without the page templates.
func artAssets(c Course, opts Options) (*Assets, error) {
	k := &Assets{fsys: opts.files(), opts: opts, say: c.Printer()}
	var err error
	if k.pieces, err = diagram.LoadPieces(k.fsys, c.Theme); err != nil {
		return nil, err
	}
	k.boards = diagram.NewCache(k.say, k.pieces)
	k.md = newMarkdown(k.boards, c.Start)
	return k, nil
}

// Art is what the PDFs of a course draw on besides its plain data: the
// interface text in the course's language and theme, the theme's piece art
// and the board drawings, made once for the course.
type Art struct {
	Say    *catalog.Printer // the interface text in the course's language and theme
	Pieces diagram.PieceSet // the theme's piece art
	Boards *diagram.Cache   // each board laid out once, for every output
}

// Art returns the assets' art, for the course's PDFs.
func (k *Assets) Art() Art { return Art{Say: k.say, Pieces: k.pieces, Boards: k.boards} }

// NewArt reads the theme's piece art for a course and sets up its board
// drawings: what a PDF needs, without the page templates.
func NewArt(c Course, opts Options) (Art, error) {
	k, err := artAssets(c, opts)
	if err != nil {
		return Art{}, err
	}
	return k.Art(), nil
}

// PlayScript writes the site's play.js, the script of the play page and
// of the lessons' play-outs, from the templates.
func (k *Assets) PlayScript(w io.Writer) error { return copyTemplate(w, k.fsys, PlayJS) }

// EngineScript writes the site's engine.js, the alien's engine that
// play.js runs.
func (k *Assets) EngineScript(w io.Writer) error { return engineScript(w, k.fsys) }

// BoardSVG returns a board's diagram as an SVG file, drawn once for the
// course.
func (k *Assets) BoardSVG(b Board) ([]byte, error) { return k.boards.SVG(b) }

// Progress reports that the output file path is done, through the
// options' Progress function, if any.
func (k *Assets) Progress(path string) { k.opts.progress(path) }
