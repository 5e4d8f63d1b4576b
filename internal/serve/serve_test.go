package serve

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"html/template"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
)

func TestInject(t *testing.T) {
	for _, tt := range []struct {
		name     string
		page     string
		status   string
		problems []string
		want     []string // in order
		not      []string
	}{
		{"before body end", "<html><body><p>hi</p></body></html>", "", nil,
			[]string{"<p>hi</p>", Marker, EventsPath, "</body></html>"}, []string{"nostromo-serve-problems"}},
		{"upper case", "<HTML><BODY>x</BODY></HTML>", "", nil, []string{"x", Marker, "</BODY></HTML>"}, nil},
		{"letters that lower-case shorter", "<body><p>İstanbul 5 K</p></body>", "", nil, []string{"<p>İstanbul 5 K</p>", Marker, "</body>"}, nil},
		{"letters that lower-case longer", "<body><p>" + strings.Repeat("Ⱥ", 20) + "</p></body>", "", nil, []string{strings.Repeat("Ⱥ", 20) + "</p>", Marker, "</body>"}, nil},
		{"no body end", "<p>fragment", "", nil, []string{"<p>fragment", Marker, "</script>"}, nil},
		{"status", "<body></body>", "proving…", nil, []string{">proving…</p>"}, []string{" hidden>"}},
		{"problems escaped", "<body></body>", "", []string{`a.yaml:2:1: unknown key "<b>x</b>"`},
			[]string{"nostromo-serve-problems", `a.yaml:2:1: unknown key &#34;&lt;b&gt;x&lt;/b&gt;&#34;`}, []string{"<b>x</b>"}},
		{"problems in English", "<body></body>", "", []string{"a.yaml:2:1: x"},
			[]string{">The course has problems; this page is from the last good build</h2>"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := Inject(&out, []byte(tt.page), 3, tt.status, tt.problems, style.English, Play{}); err != nil {
				t.Fatal(err)
			}
			got := out.String()
			rest := got
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("Inject(%q) = %q, want %q (in this order)", tt.page, got, tt.want)
				}
				rest = rest[i+len(w):]
			}
			for _, w := range tt.not {
				if strings.Contains(got, w) {
					t.Errorf("Inject(%q) = %q, want no %q", tt.page, got, w)
				}
			}
		})
	}
}

// TestInjectLanguage: the problems' heading is in the course's language,
// not English, in every language.
func TestInjectLanguage(t *testing.T) {
	english := catalog.New(style.English, style.Classic).Say("serve.problems")
	for _, l := range style.Languages() {
		t.Run(l.String(), func(t *testing.T) {
			heading := catalog.New(l, style.Classic).Say("serve.problems")
			if l != style.English && heading == english {
				t.Errorf("the heading in %s is the English one: %q", l, heading)
			}
			var out bytes.Buffer
			if err := Inject(&out, []byte("<body></body>"), 3, "", []string{"a.yaml:2:1: x"}, l, Play{}); err != nil {
				t.Fatal(err)
			}
			if want := ">" + template.HTMLEscapeString(heading) + "</h2>"; !strings.Contains(out.String(), want) {
				t.Errorf("Inject in %s = %q, want the heading %q", l, out.String(), want)
			}
		})
	}
}

func TestIgnored(t *testing.T) {
	for name, want := range map[string]bool{
		"01-intro.yaml": false, "style.css": false, "templates": false,
		".git": true, ".01-intro.yaml.swp": true, "01-intro.yaml~": true, "#01-intro.yaml#": true,
		".#01-intro.yaml": true, "4913": true, "01-intro.yaml.swp": true,
	} {
		if got := Ignored(name); got != want {
			t.Errorf("Ignored(%q) = %v, want %v", name, got, want)
		}
	}
}

// quiet is the wait of Watch in the tests: long enough that a slow
// machine does not split a burst of changes in two.
const quiet = 250 * time.Millisecond

// startWatch runs Watch on dir until the test ends and counts its calls.
func startWatch(t *testing.T, dir string) *atomic.Int32 {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int32
	done := make(chan error, 1)
	go func() {
		done <- Watch(ctx, dir, quiet, func() { calls.Add(1) }, func(err error) { t.Errorf("warning: %v", err) })
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Watch: %v", err)
			}
		case <-time.After(60 * time.Second):
			t.Error("Watch did not return within 60s after its context was cancelled")
		}
	})
	// The first call says that the folders are watched.
	waitCalls(t, &calls, 1, "starting")
	return &calls
}

// waitCalls waits until calls reaches want, then a little more to see
// that it stays there. The deadline is generous for a loaded machine.
func waitCalls(t *testing.T, calls *atomic.Int32, want int32, what string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for calls.Load() < want && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(2 * quiet)
	if got := calls.Load(); got != want {
		t.Fatalf("after %s: %d calls of changed, want %d", what, got, want)
	}
}

func TestWatch(t *testing.T) {
	dir := t.TempDir()
	lessons := filepath.Join(dir, "lessons")
	out := filepath.Join(dir, "out")
	for _, d := range []string{lessons, filepath.Join(dir, ".git"), out} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(out, OutputMarker), "")
	lesson := filepath.Join(lessons, "01.yaml")
	write(lesson, "title: one\n")
	calls := startWatch(t, dir)

	// A burst of writes is one change.
	for i := range 5 {
		write(lesson, strings.Repeat("title: two\n", i+1))
	}
	waitCalls(t, calls, 2, "five quick writes")

	// A save by rename, as Vim and many editors do.
	tmp := filepath.Join(lessons, ".01.yaml.swp")
	write(tmp, "title: three\n")
	if err := os.Rename(tmp, lesson); err != nil {
		t.Fatal(err)
	}
	waitCalls(t, calls, 3, "a save by rename")

	// Hidden folders, editors' files and a build's output are not the
	// course's.
	write(filepath.Join(dir, ".git", "index"), "x")
	write(filepath.Join(lessons, "01.yaml~"), "x")
	write(filepath.Join(out, "index.html"), "x")
	waitCalls(t, calls, 3, "changes that are not the course's")

	// A new folder, and a file in it.
	deep := filepath.Join(dir, "templates", "art")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	waitCalls(t, calls, 4, "new folders")
	write(filepath.Join(deep, "king.svg"), "<svg/>")
	waitCalls(t, calls, 5, "a file in a new folder")
}

func TestServer(t *testing.T) {
	s := New()
	ts := httptest.NewServer(s) // on 127.0.0.1
	defer ts.Close()
	defer s.Close()
	client := ts.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	get := func(path string) (int, string, http.Header) {
		t.Helper()
		resp, err := client.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body), resp.Header
	}

	s.Building("proving…")
	if code, body, _ := get("/site/"); code != http.StatusServiceUnavailable || !strings.Contains(body, "proving…") {
		t.Errorf("GET /site/ before the first build = %d %q, want 503 and proving…", code, body)
	}

	root := t.TempDir()
	for name, data := range map[string]string{
		"site/index.html": "<html><body>index</body></html>", "site/style.css": "body{}",
		"pdf/rules.pdf": "%PDF", ".nostromo-lessons-output": "marker",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	events := startEvents(t, client, ts.URL)
	if old := s.Publish(root); old != "" {
		t.Errorf("first Publish returned %q, want \"\"", old)
	}
	waitEvent(t, events, "version: 1")

	for _, tt := range []struct {
		path     string
		code     int
		contains string
	}{
		{"/", http.StatusFound, ""},
		{"/site", http.StatusMovedPermanently, ""},
		{"/site/", 200, Marker},
		{"/site/index.html", 200, Marker},
		{"/site/style.css", 200, "body{}"},
		{"/pdf/rules.pdf", 200, "%PDF"},
		{"/.nostromo-lessons-output", 404, ""},
		{"/site/../../etc/passwd", 404, ""},
		{"/site/none.html", 404, ""},
	} {
		code, body, h := get(tt.path)
		if code != tt.code || !strings.Contains(body, tt.contains) {
			t.Errorf("GET %s = %d %q, want %d and %q", tt.path, code, body, tt.code, tt.contains)
		}
		if code == 200 && h.Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s: Cache-Control %q, want no-store", tt.path, h.Get("Cache-Control"))
		}
	}
	if _, _, h := get("/"); h.Get("Location") != StartPage {
		t.Errorf("GET / leads to %q, want %q", h.Get("Location"), StartPage)
	}
	if raw, _ := os.ReadFile(filepath.Join(root, "site", "index.html")); bytes.Contains(raw, []byte(Marker)) {
		t.Error("serving a page changed its file")
	}

	s.Building("proving…")
	waitEvent(t, events, "status: proving…")
	s.Fail([]string{"lessons/a.yaml:1:2: wrong"})
	waitEvent(t, events, "version: 2")
	if code, body, _ := get("/site/"); code != 200 || !strings.Contains(body, "lessons/a.yaml:1:2: wrong") || !strings.Contains(body, "index") {
		t.Errorf("GET /site/ after a failed build = %d %q, want the last good page with the problem", code, body)
	}
}

// startEvents reads the event stream at url as "event: data" lines.
func startEvents(t *testing.T, client *http.Client, url string) <-chan string {
	t.Helper()
	resp, err := client.Get(url + EventsPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	events := make(chan string, 100)
	go func() {
		defer close(events)
		sc := bufio.NewScanner(resp.Body)
		event := ""
		for sc.Scan() {
			if e, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				event = e
			} else if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- event + ": " + d
			}
		}
	}()
	return events
}

// waitEvent waits for the event want.
func waitEvent(t *testing.T, events <-chan string, want string) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case e, ok := <-events:
			if !ok {
				t.Fatalf("the event stream ended before %q", want)
			}
			if e == want {
				return
			}
		case <-timeout:
			t.Fatalf("no event %q within 10s", want)
		}
	}
}

// TestTeacherFolderStaysHome checks that the teacher's folder (the answer
// keys) is served to this computer only, never to the tablets of serve
// --lan, while the site is served to both.
func TestTeacherFolderStaysHome(t *testing.T) {
	root := t.TempDir()
	for name, data := range map[string]string{"site/index.html": "<p>site</p>", "teacher/x-answers.pdf": "%PDF key"} {
		p := filepath.Join(root, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A disk that ignores letter case (macOS, Windows) opens Teacher as
	// teacher; a link stands for that here.
	if err := os.Symlink("teacher", filepath.Join(root, "Teacher")); err != nil {
		t.Fatal(err)
	}
	s := New()
	s.AllowLAN() // the tablets' requests come in
	s.Publish(root)
	for _, tt := range []struct {
		from, path string
		code       int
	}{
		{"127.0.0.1:5000", "/teacher/x-answers.pdf", 200},
		{"[::1]:5000", "/teacher/x-answers.pdf", 200},
		{"192.168.1.23:5000", "/teacher/x-answers.pdf", 404},
		{"192.168.1.23:5000", "/site/../teacher/x-answers.pdf", 404},
		{"192.168.1.23:5000", "/teacher", 404},
		{"192.168.1.23:5000", "/Teacher/x-answers.pdf", 404},
		{"127.0.0.1:5000", "/Teacher/x-answers.pdf", 200},
		{"192.168.1.23:5000", `/site\..\teacher/x-answers.pdf`, 404},
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

// TestHost checks that serve answers only requests that name this
// computer, so that a page of another site cannot read the course (answer
// keys included) through DNS rebinding, and that serve --lan still
// answers the tablets that use this computer's address or name.
func TestHost(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "site"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "site", "index.html"), []byte("<p>site</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	own := func() ([]net.Addr, error) {
		return []net.Addr{
			&net.IPNet{IP: net.ParseIP("127.0.0.1"), Mask: net.CIDRMask(8, 32)},
			&net.IPNet{IP: net.ParseIP("192.168.1.5"), Mask: net.CIDRMask(24, 32)},
			&net.IPNet{IP: net.ParseIP("fd00::5"), Mask: net.CIDRMask(64, 128)},
			&net.IPNet{IP: net.ParseIP("fe80::1"), Mask: net.CIDRMask(64, 128)},
		}, nil
	}
	for _, tt := range []struct {
		host    string
		lan     bool
		allowed bool
	}{
		{"localhost", false, true},
		{"localhost:8080", false, true},
		{"LOCALHOST.:8080", false, true},
		{"127.0.0.1:8080", false, true},
		{"127.0.0.2:8080", false, true},
		{"[::1]:8080", false, true},
		{"[::1]", false, true},
		{"evil.example:8080", false, false},
		{"evil.example", true, false},
		{"localhost.evil.example:8080", true, false},
		{"127.0.0.1.evil.example", true, false},
		{"", false, false},
		{"", true, false},
		{"192.168.1.5:8080", false, false},
		{"192.168.1.5:8080", true, true},
		{"192.168.1.6:8080", true, false},
		{"[fd00::5]:8080", true, true},
		// A link-local address, with the zone RFC 6874 asks clients
		// to remove from the Host header, or kept, as some do.
		{"[fe80::1]:8080", true, true},
		{"[fe80::1%25eth0]:8080", true, true},
		{"[fe80::1%eth0]:8080", true, true},
		{"[FE80::1%25wlan0]", true, true},
		{"[fe80::1%25eth0]:8080", false, false},
		{"[fe80::2%25eth0]:8080", true, false},
		{"[::1%25lo]:8080", false, true},
		{"classroom-pc%25eth0:8080", true, false},
		{"classroom-pc:8080", false, false},
		{"classroom-pc:8080", true, true},
		{"Classroom-PC.local:8080", true, true},
		{"classroom-pc.evil.example:8080", true, false},
	} {
		t.Run(fmt.Sprintf("%s lan=%v", tt.host, tt.lan), func(t *testing.T) {
			s := New()
			s.ownAddrs = own
			s.hostname = func() (string, error) { return "classroom-pc", nil }
			if tt.lan {
				s.AllowLAN()
			}
			s.Publish(root)
			for _, p := range []string{"/site/index.html", EventsPath} {
				r := httptest.NewRequest(http.MethodGet, p, nil)
				r.RemoteAddr = "127.0.0.1:5000"
				r.Host = tt.host
				ctx, cancel := context.WithCancel(r.Context())
				cancel() // an event stream ends at once
				r = r.WithContext(ctx)
				w := httptest.NewRecorder()
				s.ServeHTTP(w, r)
				refused := w.Code == http.StatusMisdirectedRequest
				if refused == tt.allowed {
					t.Errorf("GET %s with Host %q (lan %v) = %d %q, want allowed %v", p, tt.host, tt.lan, w.Code, w.Body, tt.allowed)
				}
				if refused && (strings.Count(w.Body.String(), "\n") != 1 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain")) {
					t.Errorf("GET %s with Host %q: refused with %q (%s), want one line of plain text", p, tt.host, w.Body, w.Header().Get("Content-Type"))
				}
				if refused && strings.Contains(w.Body.String(), "<p>site</p>") {
					t.Errorf("GET %s with Host %q: the refusal shows the page: %q", p, tt.host, w.Body)
				}
			}
		})
	}
}

// TestFirstBuildFails checks the page shown when no build has succeeded
// yet: it says in the course's language what failed, lists the problems
// as the terminal shows them, says that saving the fixed file brings the
// course, and reloads when a build succeeds.
func TestFirstBuildFails(t *testing.T) {
	problem := `lessons/01-a.yaml:3:7: unknown key "<titel>"`
	for _, l := range style.Languages() {
		t.Run(l.String(), func(t *testing.T) {
			say := catalog.New(l, style.Classic)
			s := New()
			defer s.Close()
			s.SetLanguage(l)
			get := func() (int, string) {
				r := httptest.NewRequest(http.MethodGet, "/site/lesson-01.html", nil)
				r.RemoteAddr = "127.0.0.1:5000"
				r.Host = "127.0.0.1:8080"
				w := httptest.NewRecorder()
				s.ServeHTTP(w, r)
				return w.Code, w.Body.String()
			}
			s.Building("proving…")
			code, body := get()
			if want := say.Say("serve.building"); code != http.StatusServiceUnavailable || !strings.Contains(body, want) || !strings.Contains(body, "proving…") {
				t.Errorf("while building: %d %q, want 503, %q and proving…", code, body, want)
			}
			s.Fail([]string{problem, "lessons/02-b.yaml:1:1: exercise \"x\": answer 5, but White needs 7 moves"})
			code, body = get()
			esc := template.HTMLEscapeString
			want := []string{`<html lang="` + l.String() + `">`, "<h1", esc(say.Say("serve.failed")), esc(say.Say("serve.failed.what")),
				esc(problem), "lessons/02-b.yaml:1:1: exercise", esc(say.Say("serve.failed.fix")), Marker, EventsPath}
			rest := body
			for _, w := range want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("after a failed first build: %q lacks %q (in this order)", body, w)
				}
				rest = rest[i+len(w):]
			}
			if code != http.StatusInternalServerError {
				t.Errorf("after a failed first build: status %d, want 500", code)
			}
			if strings.Contains(body, "last good build") || strings.Contains(body, "<titel>") {
				t.Errorf("after a failed first build: %q speaks of a last good build, or is unescaped", body)
			}
			root := t.TempDir()
			os.MkdirAll(filepath.Join(root, "site"), 0o755)
			if err := os.WriteFile(filepath.Join(root, "site", "lesson-01.html"), []byte("<p>lesson</p>"), 0o644); err != nil {
				t.Fatal(err)
			}
			s.Publish(root)
			if code, body := get(); code != http.StatusOK || !strings.Contains(body, "<p>lesson</p>") {
				t.Errorf("after a good build: %d %q, want 200 and the lesson", code, body)
			}
		})
	}
}
