package serve

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"html/template"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"nostromo-lessons/internal/style"
)

// fuzzBuild writes a build folder for FuzzServeHTTP into a new folder and
// returns the build's root: the site, the teacher's folder, a hidden file,
// and beside the build a file that is not part of it. What must not be
// served says so in its text.
func fuzzBuild(f *testing.F) string {
	dir := f.TempDir()
	root := filepath.Join(dir, "build")
	for name, data := range map[string]string{
		"build/site/index.html":          "<p>site</p>",
		"build/site/lesson.html":         "<html><head></head><body>lesson</body></html>",
		"build/site/style.css":           "p {}",
		"build/pdf/rules.pdf":            "%PDF rules",
		"build/teacher/index.html":       "<p>TEACHER-SECRET</p>",
		"build/teacher/x-answers.pdf":    "%PDF TEACHER-SECRET",
		"build/.nostromo-lessons-output": "HIDDEN-SECRET",
		"build/site/.hidden/x.html":      "HIDDEN-SECRET",
		"outside.html":                   "OUTSIDE-SECRET",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	// A disk that ignores letter case (macOS, Windows) opens Teacher as
	// teacher; a link stands for that here.
	if err := os.Symlink("teacher", filepath.Join(root, "Teacher")); err != nil {
		f.Fatal(err)
	}
	return root
}

// FuzzServeHTTP sends the preview server any request that net/http reads:
// it never fails, never serves a file outside the build or a hidden one,
// and serves the teacher's folder to this computer only.
func FuzzServeHTTP(f *testing.F) {
	for _, target := range []string{"/", "/site/", "/site", "/site/lesson.html", "/pdf/rules.pdf", "/teacher/x-answers.pdf",
		"/Teacher/x-answers.pdf", "/site/../teacher/", "/../outside.html", "/%2e%2e/outside.html", `/site\..\teacher/index.html`,
		"/site/.hidden/x.html", "/.nostromo-lessons-output", "//teacher", "/teacher", EventsPath, "*", "http://x/teacher/"} {
		f.Add("GET", target, "", false)
		f.Add("GET", target, "", true)
	}
	f.Add("HEAD", "/site/lesson.html", "Range: bytes=0-3", false)
	f.Add("GET", "/pdf/rules.pdf", "If-Modified-Since: Mon, 02 Jan 2006 15:04:05 GMT", false)
	f.Add("POST", "/site/", "Content-Length: 0", false)
	s := New()
	s.AllowLAN() // the tablets' requests come in
	s.Publish(fuzzBuild(f))
	f.Fuzz(func(t *testing.T, method, target, header string, remote bool) {
		raw := fmt.Sprintf("%s %s HTTP/1.1\r\nHost: localhost\r\n%s\r\n\r\n", method, target, header)
		r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
		if err != nil {
			return // net/http refuses it before a handler sees it
		}
		r.RemoteAddr = "127.0.0.1:5000"
		if remote {
			r.RemoteAddr = "192.168.1.23:5000"
		}
		if r.URL.Path == EventsPath {
			ctx, cancel := context.WithCancel(r.Context())
			cancel() // the stream ends at once
			r = r.WithContext(ctx)
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		body := w.Body.String()
		switch {
		case w.Code >= 500:
			t.Fatalf("%q from %s = %d: %s", raw, r.RemoteAddr, w.Code, body)
		case strings.Contains(body, "OUTSIDE-SECRET") || strings.Contains(body, "HIDDEN-SECRET"):
			t.Fatalf("%q from %s served a file outside the build or hidden: %s", raw, r.RemoteAddr, body)
		case remote && strings.Contains(body, "TEACHER-SECRET"):
			t.Fatalf("%q from %s served the teacher's folder to another computer: %s", raw, r.RemoteAddr, body)
		}
	})
}

// FuzzInject puts the serve bar into any page, with any status and
// problem: the page is kept whole around the bar, put just before its last
// </body> in any letter case (or at its end), and the status and the
// problem show only escaped.
func FuzzInject(f *testing.F) {
	for _, page := range []string{"<html><body><p>hi</p></body></html>", "<HTML><BODY>x</BODY></HTML>", "<p>fragment",
		"<body><p>İstanbul 5 K</p></body>", "<body>Ⱥⱥ</body>", "</body></body>", "</BoDy", "\xff</body>"} {
		f.Add([]byte(page), "proving…", `a.yaml:2:1: unknown key "<b>x</b>"`)
	}
	bodyEnd := regexp.MustCompile(`(?i)</body>`)
	f.Fuzz(func(t *testing.T, page []byte, status, problem string) {
		var out, bar bytes.Buffer
		if err := Inject(&out, page, 3, status, []string{problem}, style.English, Play{}); err != nil {
			t.Fatalf("Inject(%q): %v", page, err)
		}
		if err := Inject(&bar, nil, 3, status, []string{problem}, style.English, Play{}); err != nil {
			t.Fatalf("Inject of no page: %v", err)
		}
		at := len(page)
		if ends := bodyEnd.FindAllIndex(page, -1); ends != nil {
			at = ends[len(ends)-1][0]
		}
		want := slices.Concat(page[:at], bar.Bytes(), page[at:])
		if !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("Inject(%q) = %q, want the serve bar at %d, before the last </body>", page, out.Bytes(), at)
		}
		if status == "" {
			return // no status to show: the bar's line is hidden
		}
		var plain bytes.Buffer
		if err := Inject(&plain, nil, 3, "nostromostatus", []string{"nostromoproblem"}, style.English, Play{}); err != nil {
			t.Fatalf("Inject of no page: %v", err)
		}
		want = []byte(strings.NewReplacer("nostromostatus", escape(t, status), "nostromoproblem", escape(t, problem)).Replace(plain.String()))
		if !bytes.Equal(bar.Bytes(), want) {
			t.Fatalf("Inject(%q, %q) = %q, want the status and the problem escaped: %q", status, problem, bar.Bytes(), want)
		}
	})
}

// escape returns s escaped as html/template escapes text in an element.
func escape(t *testing.T, s string) string {
	var b strings.Builder
	if err := template.Must(template.New("").Parse("{{.}}")).Execute(&b, s); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
