package render

import (
	"errors"
	"io/fs"
	"path"
	"regexp"
	"strconv"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render/diagram"
	"nostromo-lessons/templates"
)

// Options adjust how a course is rendered. The zero value is ready to use.
type Options struct {
	// Templates, if not nil, is laid over the embedded templates.FS(): a file
	// found in it (a page template, style.css, art/THEME/PIECE.art) is used
	// instead of the embedded one of the same path.
	Templates fs.FS

	// Progress, if not nil, is told about each file Publish writes, with its path.
	Progress func(msg string)
}

// layered is an fs.FS that opens a file from top if it has it, else from base.
type layered struct{ top, base fs.FS }

// Open implements fs.FS.
func (l layered) Open(name string) (fs.File, error) {
	f, err := l.top.Open(name)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return f, err
	}
	return l.base.Open(name)
}

// files returns the file system to read templates, CSS and art from.
func (o Options) files() fs.FS {
	if o.Templates == nil {
		return templates.FS()
	}
	return layered{top: o.Templates, base: templates.FS()}
}

// progress reports msg to the Progress function, if there is one.
func (o Options) progress(msg string) {
	if o.Progress != nil {
		o.Progress(msg)
	}
}

// templateLine finds the file and line in an error of html/template, such
// as "template: lesson.html:12: unexpected EOF".
var templateLine = regexp.MustCompile(`^(?:html/)?template: ([^:]+):(\d+):(?:\d+:)? ?(.*)$`)

// CheckTemplates reads what NewAssets would read of top laid over the embedded
// templates, the page templates and the piece art of every theme, and
// returns a *FileError for each problem found (nil if none), so that a
// course's templates folder can be checked before a build. Problems that
// only running a template shows are left to the build's render step.
func CheckTemplates(top fs.FS) []*diagram.FileError {
	fsys := Options{Templates: top}.files()
	var errs []*diagram.FileError
	for _, page := range []string{"index.html", "lesson.html", "rules.html", "teacher.html", "game.html"} {
		files := []string{"layout.html", page}
		if page == "lesson.html" {
			files = []string{"layout.html", "play.html", page}
		}
		if _, err := parsePages(fsys, catalog.New(style.English, style.Classic), files...); err != nil {
			fe := &diagram.FileError{Name: page, Msg: err.Error()}
			if m := templateLine.FindStringSubmatch(err.Error()); m != nil {
				fe.Name, fe.Msg = m[1], m[3]
				fe.Line, _ = strconv.Atoi(m[2])
			}
			errs = append(errs, fe)
		}
	}
	for _, t := range style.Themes() {
		for _, piece := range []string{"king", "pawn", "knight"} {
			name := path.Join("art", t.String(), piece+".art")
			data, err := fs.ReadFile(fsys, name)
			if err == nil {
				_, err = diagram.ParseArt(name, data)
			}
			var fe *diagram.FileError
			switch {
			case err == nil:
			case errors.As(err, &fe):
				errs = append(errs, fe)
			default:
				errs = append(errs, &diagram.FileError{Name: name, Msg: err.Error()})
			}
		}
	}
	return errs
}
