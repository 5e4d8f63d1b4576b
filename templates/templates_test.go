package templates

import (
	"io/fs"
	"testing"
)

// TestFiles checks that every file render asks for is embedded.
func TestFiles(t *testing.T) {
	want := []string{"layout.html", "index.html", "lesson.html", "rules.html", "style.css",
		"play.html", "game.html", "play.js", "play-worker.js", "engine/nostromo.wasm", "engine/wasm_exec.js"}
	for _, theme := range []string{"classic", "alien", "farm"} {
		for _, piece := range []string{"king", "pawn", "knight"} {
			want = append(want, "art/"+theme+"/"+piece+".art")
		}
	}
	for _, name := range want {
		if data, err := fs.ReadFile(FS(), name); err != nil || len(data) == 0 {
			t.Errorf("fs.ReadFile(FS(), %q) = %d bytes, %v; want the file", name, len(data), err)
		}
	}
}
