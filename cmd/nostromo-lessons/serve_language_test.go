package main

import (
	"bytes"
	"io"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"nostromo-lessons/internal/serve"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// TestServeBarLanguage: serve's bar says what a build of a starter course
// in each language does in that language: building, proving, writing a
// file, and a long proof's progress line, its numbers grouped as the
// language writes them (CLDR: 53.372 in Spanish, German and Dutch, 53 372
// with a no-break space in Russian).
func TestServeBarLanguage(t *testing.T) {
	const fen = "8/8/8/8/8/8/PP6/K7 b 2 2"
	tests := []struct {
		lang                             string
		building, proving, writing, line string
	}{
		{"en", "building", "proving…", "writing pdf/a.pdf", "proving " + fen + ": 53,372 of 59,682 configurations (89%), about 1s left"},
		{"es", "preparando el curso", "comprobando las respuestas…", "escribiendo pdf/a.pdf", "comprobando " + fen + ": 53.372 de 59.682 configuraciones (89 %), quedan unos 1s"},
		{"ru", "курс собирается", "проверка ответов…", "запись pdf/a.pdf", "проверка " + fen + ": 53\u00a0372 из 59\u00a0682 расстановок (89 %), осталось около 1s"},
		{"de", "der Kurs wird erstellt", "die Antworten werden geprüft…", "schreibe pdf/a.pdf", "prüfe " + fen + ": 53.372 von 59.682 Bauernstellungen (89 %), noch etwa 1s"},
		{"nl", "de cursus wordt gebouwd", "de antwoorden worden gecontroleerd…", "pdf/a.pdf schrijven", "controleren van " + fen + ": 53.372 van 59.682 configuraties (89%), nog ongeveer 1s"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "course")
			var stdout, stderr bytes.Buffer
			if err := run([]string{"new", "--language", tt.lang, dir}, &stdout, &stderr); err != nil {
				t.Fatalf("new --language %s: %v\n%s", tt.lang, err, stderr.String())
			}
			srv := serve.New()
			ts := httptest.NewServer(srv)
			defer ts.Close()
			defer srv.Close()
			b := &builder{dir: dir, pf: &proofFlags{progress: progressAlways}, srv: srv, stdout: &stdout, stderr: &stderr}
			b.language()
			bar := func() string {
				t.Helper()
				resp, err := ts.Client().Get(ts.URL + "/site/")
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				body, _ := io.ReadAll(resp.Body)
				_, status, _ := strings.Cut(string(body), `<p id="nostromo-serve-status"`)
				_, status, _ = strings.Cut(status, ">")
				status, _, _ = strings.Cut(status, "</p>")
				return status
			}
			if got := bar(); got != tt.building {
				t.Errorf("the bar before the first build says %q, want %q", got, tt.building)
			}
			for _, c := range []struct{ msg, want string }{{"checking " + dir + " ...", tt.proving}, {"  writing pdf/a.pdf", tt.writing}} {
				srv.Building(b.status(c.msg))
				if got := bar(); got != c.want {
					t.Errorf("the bar for the build's %q says %q, want %q", c.msg, got, c.want)
				}
			}
			log := &buildLog{srv: srv, stderr: io.Discard}
			line := newProofLine(log, b.pf.progress)
			line.say, line.delay, line.every = b.say, 0, 0
			p, err := rules.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			line.begin(p)
			line.update(solver.Progress{Stage: solver.Solving, Done: 53372, Total: 59682, ETA: 1e9})
			if got := bar(); got != tt.line {
				t.Errorf("the bar during a proof says %q, want %q", got, tt.line)
			}
		})
	}
}
