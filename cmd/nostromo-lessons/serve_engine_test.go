package main

import (
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"nostromo-lessons/internal/serve"
)

// TestServeEngine checks that serve answers the play page's engine from
// the whole-game table when one is built (source "table", and the pages
// told table: true), and as the page's own engine with --no-table.
func TestServeEngine(t *testing.T) {
	serveTemp(t)
	buildTestTable(t)
	dir := filepath.Join(t.TempDir(), "course")
	if code, _, errOut := runCLI(t, "new", dir); code != 0 {
		t.Fatalf("new: exit %d: %s", code, errOut)
	}
	fen := tablePositions(t, 1)[0]
	for _, tt := range []struct {
		name   string
		args   []string
		source string
		table  string
	}{
		{"table", []string{dir}, "table", `window.nostromoServe = {"engine":"/_nostromo/engine","table":true};`},
		{"no table", []string{"--no-table", dir}, "solver", `window.nostromoServe = {"engine":"/_nostromo/engine","table":false};`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := startServe(t, tt.args...)
			resp, err := client.Post(s.url+serve.EnginePath, "application/json", strings.NewReader(`{"op":"level","fen":"`+fen+`","level":5}`))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var got struct {
				SAN, Source string
				Perfect     bool
			}
			if err := json.Unmarshal(body, &got); err != nil || resp.StatusCode != http.StatusOK || got.Source != tt.source || !got.Perfect || got.SAN == "" {
				t.Errorf("POST %s level 5 of %q = %d %s, want a perfect move from %s", serve.EnginePath, fen, resp.StatusCode, body, tt.source)
			}
			page := s.waitFor(t, "/site/index.html", "the first build", func(code int, body string) bool { return code == 200 })
			if !strings.Contains(page, tt.table) {
				t.Errorf("GET /site/index.html: no %q in\n%s", tt.table, page)
			}
			if err := s.stop(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
