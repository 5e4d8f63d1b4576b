package render

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"io"
	"io/fs"

	"nostromo-lessons/render/diagram"
	"nostromo-lessons/templates"
)

// The files of the template set the play script needs: the engine, Go's
// support script for it, and the Worker's script that relays to it.
const (
	engineWasm   = "engine/nostromo.wasm"
	engineExecJS = "engine/wasm_exec.js"
	workerJS     = "play-worker.js"
	// PlayJS is the play script, of the play page and of the lessons'
	// play-outs.
	PlayJS = "play.js"
)

// playView is what a lesson page with a position to play carries for the
// play script besides the words every page has: the theme's pieces.
type playView struct {
	Pieces template.HTML
}

// writePlay writes the place under a diagram where the play script puts
// its button (or says the position is too big) and, once pressed, the
// game. Without scripts it stays empty.
func writePlay(w io.Writer, p Play) error {
	big := ""
	if p.TooBig {
		big = ` data-too-big=""`
	}
	_, err := fmt.Fprintf(w, "<div class=\"nl-play\" data-fen=\"%s\" data-side=\"%s\"%s></div>\n",
		html.EscapeString(p.FEN), html.EscapeString(p.Side), big)
	return err
}

// hasPlay reports whether a lesson offers a position to play.
func hasPlay(l Lesson) bool {
	for _, e := range l.Exercises {
		if e.Board.Play.FEN != "" {
			return true
		}
	}
	return len(l.Plays) > 0
}

// playData returns the play script's data for a lesson page.
func (k *Assets) playData() *playView {
	return &playView{Pieces: template.HTML(pieceSVGs(k.pieces))}
}

// pieceSVGs returns the theme's three pieces, each as an <svg> of one
// square, data-piece naming it, for the play script's board.
func pieceSVGs(ps diagram.PieceSet) string {
	var b bytes.Buffer
	for _, p := range []struct {
		name string
		art  diagram.Art
	}{{"king", ps.King}, {"pawn", ps.Pawn}, {"knight", ps.Knight}} {
		var dr diagram.Drawing
		x0, y0, x1, y1 := p.art.Bounds()
		k := diagram.PieceFill * diagram.Sq / max(x1-x0, y1-y0)
		dr.PlaceArt(p.art, diagram.Sq/2-k*(x0+x1)/2, diagram.Sq/2-k*(y0+y1)/2, k)
		fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" data-piece="%s" aria-hidden="true">`+"\n", diagram.Num(diagram.Sq), diagram.Num(diagram.Sq), p.name)
		bw := bufio.NewWriter(&b)
		for _, s := range dr.Shapes {
			s.WriteSVG(bw)
		}
		bw.Flush()
		b.WriteString("</svg>\n")
	}
	return b.String()
}

// engineScript writes the site's engine.js, which the play script loads
// when a child first presses Play: pages opened from the disk (file://)
// may not fetch() files, so it holds the Worker's script (Go's
// wasm_exec.js and play-worker.js) as a string and the engine's bytes in
// base64, in one global, nlEngine. The engine and wasm_exec.js are always
// the embedded ones, the project's own rules and solver: a course's
// templates may replace play-worker.js, never the engine.
func engineScript(w io.Writer, fsys fs.FS) error {
	var worker bytes.Buffer
	for _, f := range []struct {
		fsys fs.FS
		name string
	}{{templates.FS(), engineExecJS}, {fsys, workerJS}} {
		b, err := fs.ReadFile(f.fsys, f.name)
		if err != nil {
			return fmt.Errorf("render: engine: %w", err)
		}
		worker.Write(b)
		worker.WriteByte('\n')
	}
	wasm, err := fs.ReadFile(templates.FS(), engineWasm)
	if err != nil {
		return fmt.Errorf("render: engine: %w", err)
	}
	src, _ := json.Marshal(worker.String()) // a string always marshals
	bw := bufio.NewWriter(w)
	bw.WriteString("// The Nostromo engine (the project's rules and solver as WebAssembly) and its Worker, for play.js.\n")
	fmt.Fprintf(bw, "self.nlEngine = {worker: %s,\nwasm: \"", src)
	enc := base64.NewEncoder(base64.StdEncoding, bw)
	enc.Write(wasm)
	enc.Close()
	bw.WriteString("\"};\n")
	return bw.Flush()
}

// copyTemplate writes the template file name as it is.
func copyTemplate(w io.Writer, fsys fs.FS, name string) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	_, err = w.Write(b)
	return err
}
