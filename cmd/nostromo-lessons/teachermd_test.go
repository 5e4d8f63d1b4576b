package main

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"nostromo-lessons/internal/serve"
)

// TestMarkdownIsTeachers checks that the lessons' Markdown, which prints
// every answer under its question, is built into teacher/md/ beside the
// answer keys (there is no md/ of its own any more), and that serve keeps
// it from the network as it keeps the rest of teacher/: this computer gets
// it, a tablet of serve --lan does not.
func TestMarkdownIsTeachers(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := buildRun(t, starterCourse(t), "-o", out); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, stderr)
	}
	var mds []string
	for name := range tree(t, out) {
		if strings.HasSuffix(name, ".md") || strings.HasPrefix(name, "md/") {
			mds = append(mds, name)
		}
	}
	slices.Sort(mds)
	if want := []string{"teacher/md/01-first-steps.md"}; !slices.Equal(mds, want) {
		t.Fatalf("the build's Markdown is %q, want %q", mds, want)
	}
	s := serve.New()
	s.AllowLAN() // as serve --lan: the tablets' requests come in
	s.Publish(out)
	for _, tt := range []struct {
		from, path string
		code       int
	}{
		{"127.0.0.1:5000", "/teacher/md/01-first-steps.md", 200},
		{"127.0.0.1:5000", "/teacher/md/01-first-steps-1.svg", 200},
		{"192.168.1.23:5000", "/teacher/md/01-first-steps.md", 404},
		{"192.168.1.23:5000", "/teacher/md/01-first-steps-1.svg", 404},
		{"192.168.1.23:5000", "/teacher/md/", 404},
		{"192.168.1.23:5000", "/Teacher/md/01-first-steps.md", 404},
		{"192.168.1.23:5000", "/site/../teacher/md/01-first-steps.md", 404},
		{"192.168.1.23:5000", "/md/01-first-steps.md", 404},
		{"192.168.1.23:5000", "/site/index.html", 200},
	} {
		r := httptest.NewRequest(http.MethodGet, tt.path, nil)
		r.RemoteAddr = tt.from
		r.Host = "localhost:5000"
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != tt.code {
			t.Errorf("GET %s from %s = %d, want %d", tt.path, tt.from, w.Code, tt.code)
		}
	}
}
