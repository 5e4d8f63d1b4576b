// Package templates holds what the rendered pages and worksheets look like:
// the HTML page templates (html/template), the stylesheet, and the piece art
// of each theme (art/THEME/PIECE.art, a small vector format described in the
// render package).
package templates

// They are embedded in the binary; a course folder may
// override any file by giving render an fs.FS with the same paths.

import (
	"embed"
	"io/fs"
)

//go:embed *.html *.js *.css art engine
var files embed.FS

// FS returns the embedded templates, stylesheet, scripts and art, by slash
// path: "index.html", "lesson.html", "layout.html", "teacher.html",
// "style.css", "answer.js", "art/classic/king.art" and so on; and what
// playing needs: the play page "game.html" (the site's play.html), the
// lessons' "play.html", "play.js",
// "play-worker.js" and the engine, "engine/nostromo.wasm" with
// "engine/wasm_exec.js".
func FS() fs.FS { return files }

// The play page's engine, templates/engine/nostromo.wasm, is
// cmd/nostromo-engine built for GOOS=js GOARCH=wasm, and wasm_exec.js is
// the Go release's support script for it (GOROOT/lib/wasm). Both are
// committed; this rebuilds them (TestEngineFresh checks they are fresh):
//
//go:generate go test -run TestEngineFresh -update .
