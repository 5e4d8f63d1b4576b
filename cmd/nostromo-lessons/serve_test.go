package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"nostromo-lessons/internal/serve"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// serveWait bounds every wait of the serve tests: generous, for a build
// on a loaded machine. The tests wait for events and pages, never for a
// fixed time.
const serveWait = 60 * time.Second

// lockedBuffer is a bytes.Buffer that serve may write while the test reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// served is a running "serve" of a test.
type served struct {
	url            string // http://127.0.0.1:PORT
	stdout, stderr *lockedBuffer
	stop           func() error // cancels serve and returns its error
}

var servingURL = regexp.MustCompile(`at (http://127\.0\.0\.1:[0-9]+)/`)

// startServe runs serve with args until the test ends (or stop), and waits
// for it to print its address.
func startServe(t *testing.T, args ...string) *served {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &served{stdout: &lockedBuffer{}, stderr: &lockedBuffer{}}
	done := make(chan error, 1)
	go func() { done <- serveCourse(ctx, args, s.stdout, s.stderr) }()
	var once sync.Once
	var err error
	s.stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case err = <-done:
			case <-time.After(serveWait):
				t.Errorf("serve %q did not stop within %s after its context was cancelled", args, serveWait)
			}
		})
		return err
	}
	t.Cleanup(func() { s.stop() })
	deadline := time.Now().Add(serveWait)
	for {
		if m := servingURL.FindStringSubmatch(s.stdout.String()); m != nil {
			s.url = m[1]
			return s
		}
		select {
		case err := <-done:
			t.Fatalf("serve %q ended before serving: %v\nstdout:\n%s\nstderr:\n%s", args, err, s.stdout, s.stderr)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve %q printed no address within %s; stdout:\n%s", args, serveWait, s.stdout)
		}
	}
}

var client = &http.Client{Timeout: serveWait}

// get returns the status and body of the page at path.
func (s *served) get(t *testing.T, path string) (int, string) {
	t.Helper()
	resp, err := client.Get(s.url + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return resp.StatusCode, string(body)
}

// waitFor polls the page at path until ok accepts it, or fails the test
// saying what it waited for.
func (s *served) waitFor(t *testing.T, path, what string, ok func(code int, body string) bool) string {
	t.Helper()
	deadline := time.Now().Add(serveWait)
	for {
		code, body := s.get(t, path)
		if ok(code, body) {
			return body
		}
		if time.Now().After(deadline) {
			t.Fatalf("GET %s: waited %s for %s; last answer %d:\n%s\nserve's stdout:\n%s\nstderr:\n%s",
				path, serveWait, what, code, body, s.stdout, s.stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// buildsEnded returns how many builds serve has reported as ended, good
// or with problems.
func (s *served) buildsEnded() int {
	return strings.Count(s.stdout.String(), " built ") + strings.Count(s.stderr.String(), " has problems; the pages show them")
}

// waitBuilds waits until serve has reported n builds as ended.
func (s *served) waitBuilds(t *testing.T, n int, what string) {
	t.Helper()
	deadline := time.Now().Add(serveWait)
	for s.buildsEnded() < n {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s; serve's stdout:\n%s\nstderr:\n%s", serveWait, what, s.stdout, s.stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// events reads the serve event stream as "event: data" lines.
func (s *served) events(t *testing.T) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url+serve.EventsPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req) // no timeout: the stream stays open
	if err != nil {
		t.Fatalf("GET %s: %v", serve.EventsPath, err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("GET %s: Content-Type %q, want text/event-stream", serve.EventsPath, ct)
	}
	versions := make(chan string, 100)
	go func() {
		defer resp.Body.Close()
		defer close(versions)
		sc := bufio.NewScanner(resp.Body)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				versions <- event + ": " + strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	return versions
}

// saveByRename writes data to name as many editors do: into a temporary
// file beside it, then renamed over it.
func saveByRename(t *testing.T, name string, data []byte) {
	t.Helper()
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".swp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, name); err != nil {
		t.Fatal(err)
	}
}

// serveTemp points the temporary folders of this process at a fresh
// folder, so that the test sees what serve leaves behind.
func serveTemp(t *testing.T) string {
	t.Helper()
	tmp := t.TempDir()
	for _, v := range []string{"TMPDIR", "TMP", "TEMP"} {
		t.Setenv(v, tmp)
	}
	return tmp
}

// leftovers returns the serve folders in tmp.
func leftovers(t *testing.T, tmp string) []string {
	t.Helper()
	found, err := filepath.Glob(filepath.Join(tmp, "nostromo-lessons-serve-*"))
	if err != nil {
		t.Fatal(err)
	}
	return found
}

func TestServeRebuildsOnSave(t *testing.T) {
	tmp := serveTemp(t)
	dir := filepath.Join(t.TempDir(), "course")
	if code, _, errOut := runCLI(t, "new", dir); code != 0 {
		t.Fatalf("new: exit %d: %s", code, errOut)
	}
	lesson := filepath.Join(dir, "lessons", "01-first-steps.yaml")
	good, err := os.ReadFile(lesson)
	if err != nil {
		t.Fatal(err)
	}
	s := startServe(t, dir)
	const page = "/site/01-first-steps.html"

	// The first build: the index and the lesson, with the reload script.
	index := s.waitFor(t, "/site/index.html", "the first build", func(code int, body string) bool { return code == 200 })
	if !strings.Contains(index, "First steps") {
		t.Errorf("GET /site/index.html: no lesson title %q in\n%s", "First steps", index)
	}
	code, body := s.get(t, page)
	for _, want := range []string{"<h1>First steps</h1>", serve.Marker, serve.EventsPath} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("GET %s = %d, want 200 and %q in\n%s", page, code, want, body)
		}
	}
	if code, _ := s.get(t, "/pdf/rules.pdf"); code != 200 {
		t.Errorf("GET /pdf/rules.pdf = %d, want 200 (the site links to ../pdf/)", code)
	}
	versions := s.events(t)
	first := nextVersion(t, versions, "")

	// An editor saves a new title by renaming: the page is told to
	// reload, and shows it.
	saveByRename(t, lesson, bytes.Replace(good, []byte("title: First steps"), []byte("title: First moves"), 1))
	// (The "proving…" status between is shown by TestBuildLog: a quick
	// build may be over before the stream is woken.)
	nextVersion(t, versions, first)
	s.waitFor(t, page, "the new title", func(code int, body string) bool { return strings.Contains(body, "<h1>First moves</h1>") })
	renamed, _ := os.ReadFile(lesson)

	// Broken YAML: the last good page, with the problem over it.
	broken := bytes.Replace(renamed, []byte("level: 1"), []byte("level: [1"), 1)
	if err := os.WriteFile(lesson, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	position := regexp.MustCompile(`lessons/01-first-steps\.yaml:[0-9]+:[0-9]+: `)
	body = s.waitFor(t, page, "the problem's file:line:col", func(code int, body string) bool { return position.MatchString(body) })
	if !strings.Contains(body, "<h1>First moves</h1>") {
		t.Errorf("GET %s with a broken lesson: not the last good page:\n%s", page, body)
	}
	if !strings.Contains(s.stderr.String(), "lessons/01-first-steps.yaml:") {
		t.Errorf("serve's stderr does not show the problem:\n%s", s.stderr)
	}

	// Fixed: the page again, without problems.
	if err := os.WriteFile(lesson, renamed, 0o644); err != nil {
		t.Fatal(err)
	}
	s.waitFor(t, page, "the page without the problem", func(code int, body string) bool {
		return code == 200 && !position.MatchString(body) && strings.Contains(body, "<h1>First moves</h1>")
	})

	// A new folder is watched from the moment it appears: the course's
	// own templates.
	// The watcher adds the folder before the build its creation starts;
	// once that build has ended, the style sheet is seen by the watch.
	ended := s.buildsEnded()
	if err := os.Mkdir(filepath.Join(dir, "templates"), 0o755); err != nil {
		t.Fatal(err)
	}
	s.waitBuilds(t, ended+1, "the build of the new folder")
	css := append(readTemplate(t, "style.css"), "\n.serve-test { color: #123456 }\n"...)
	if err := os.WriteFile(filepath.Join(dir, "templates", "style.css"), css, 0o644); err != nil {
		t.Fatal(err)
	}
	s.waitFor(t, "/site/style.css", "the course's style sheet", func(code int, body string) bool { return strings.Contains(body, "#123456") })

	// The reload script is added as pages are served, never written.
	builds := leftovers(t, tmp)
	if len(builds) != 1 {
		t.Fatalf("serve's temporary folders in %s: %q, want one", tmp, builds)
	}
	// A build may still be running (a save can be seen as two changes),
	// and the folder it replaces removed while it is read: read again
	// until some pages are found.
	deadline := time.Now().Add(serveWait)
	for diskPages(t, builds[0]) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no HTML file in %s within %s", builds[0], serveWait)
		}
		time.Sleep(50 * time.Millisecond)
	}

	if err := s.stop(); err != nil {
		t.Errorf("serve stopped with %v", err)
	}
	if left := leftovers(t, tmp); len(left) > 0 {
		t.Errorf("serve left %q behind", left)
	}
}

// diskPages returns how many HTML files the folder root holds, failing
// the test for each that holds serve's script. Files and folders that
// vanish while they are read (an old build removed) are skipped.
func diskPages(t *testing.T, root string) int {
	t.Helper()
	pages := 0
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".html" {
			return skipVanished(err)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return skipVanished(err)
		}
		pages++
		if bytes.Contains(data, []byte(serve.Marker)) || bytes.Contains(data, []byte(serve.EventsPath)) {
			t.Errorf("%s on disk holds serve's script", p)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("reading %s: %v", root, err)
	}
	return pages
}

// skipVanished returns err, or nil if it says that a file is gone.
func skipVanished(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// nextVersion waits for a version event other than old.
func nextVersion(t *testing.T, events <-chan string, old string) string {
	t.Helper()
	for {
		if v := strings.TrimPrefix(nextEvent(t, events, "version: "), "version: "); v != old {
			return v
		}
	}
}

// nextEvent waits for the next event that starts with prefix.
func nextEvent(t *testing.T, events <-chan string, prefix string) string {
	t.Helper()
	timeout := time.After(serveWait)
	for {
		select {
		case e, ok := <-events:
			if !ok {
				t.Fatalf("the event stream ended while waiting for %q", prefix)
			}
			if strings.HasPrefix(e, prefix) {
				return e
			}
		case <-timeout:
			t.Fatalf("no event %q within %s", prefix, serveWait)
		}
	}
}

func TestBuildLog(t *testing.T) {
	srv := serve.New()
	ts := httptest.NewServer(srv) // on 127.0.0.1
	defer ts.Close()
	defer srv.Close()
	var terminal bytes.Buffer
	l := &buildLog{srv: srv, stderr: &terminal, drop: "nostromo-lessons: build: c has problems; out was not changed"}
	io.WriteString(l, "lessons/a.yaml:1:2: wrong\nnostromo-lessons: build: c has problems; out was not changed\n")
	io.WriteString(l, "\r\033[Kproving 8/8/8/8/8/8/PP6/K7 b 2 2: 5 of 10 configurations (50%), about 1s left")
	io.WriteString(l, "lessons/b.yaml:3:")
	io.WriteString(l, "4: also wrong")
	l.flush()

	want := []string{"lessons/a.yaml:1:2: wrong", "lessons/b.yaml:3:4: also wrong"}
	if got := l.problems(); !slices.Equal(got, want) {
		t.Errorf("problems() = %q, want %q", got, want)
	}
	if got, want := terminal.String(), strings.Join(want, "\n")+"\n"; got != want {
		t.Errorf("the terminal got %q, want %q (no progress line: it is not a terminal)", got, want)
	}
	resp, err := ts.Client().Get(ts.URL + "/site/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if want := "proving 8/8/8/8/8/8/PP6/K7 b 2 2: 5 of 10 configurations (50%), about 1s left</p>"; !strings.Contains(string(body), want) {
		t.Errorf("the page during a proof does not show %q:\n%s", want, body)
	}

	// The proof line of a long plan, as the solver reports it.
	line := newProofLine(l, progressAlways)
	line.delay, line.every = 0, 0
	const fen = "8/5n2/8/8/8/1P1P4/P1P1P1P1/4K3 w 0 0"
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	line.begin(p)
	line.update(solver.Progress{Stage: solver.Listing, Done: 1234567})
	resp, err = ts.Client().Get(ts.URL + "/site/")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ = io.ReadAll(resp.Body)
	if want := "proving " + fen + ": listing the positions to prove: 1,234,567 pawn configurations so far</p>"; !strings.Contains(string(body), want) {
		t.Errorf("the page during a long plan does not show %q:\n%s", want, body)
	}
}

// readTemplate returns an embedded template file.
func readTemplate(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "templates", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestServeStopsCleanly(t *testing.T) {
	tmp := serveTemp(t)
	dir := filepath.Join(t.TempDir(), "course")
	if code, _, errOut := runCLI(t, "new", dir); code != 0 {
		t.Fatalf("new: exit %d: %s", code, errOut)
	}
	s := startServe(t, dir, "--port", "0")
	s.waitFor(t, "/site/", "the first build", func(code int, body string) bool { return code == 200 })
	s.events(t) // an open event stream must not hold the shutdown up
	if len(leftovers(t, tmp)) != 1 {
		t.Fatalf("no temporary folder of serve in %s", tmp)
	}
	start := time.Now()
	if err := s.stop(); err != nil {
		t.Errorf("serve stopped with %v", err)
	}
	if d := time.Since(start); d > serveStopWait {
		t.Errorf("serve took %s to stop", d)
	}
	if left := leftovers(t, tmp); len(left) > 0 {
		t.Errorf("serve left %q behind", left)
	}
	if !strings.HasSuffix(s.stdout.String(), "stopped\n") {
		t.Errorf("serve's last line is not \"stopped\":\n%s", s.stdout)
	}
	if _, err := client.Get(s.url + "/site/"); err == nil {
		t.Errorf("GET %s/site/ after stop: still answered", s.url)
	}
}

func TestServeFirstBuildFails(t *testing.T) {
	serveTemp(t)
	dir := filepath.Join(t.TempDir(), "course")
	if code, _, errOut := runCLI(t, "new", dir); code != 0 {
		t.Fatalf("new: exit %d: %s", code, errOut)
	}
	if err := os.WriteFile(filepath.Join(dir, "lessons", "02-bad.yaml"), []byte("title: bad\n<b>levell</b>: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := startServe(t, dir)
	body := s.waitFor(t, "/site/", "the problems", func(code int, body string) bool { return code == 500 })
	if !regexp.MustCompile(`lessons/02-bad\.yaml:[0-9]+:[0-9]+: `).MatchString(body) {
		t.Errorf("GET /site/ before any good build: no problem with its position:\n%s", body)
	}
	if !strings.Contains(body, serve.EventsPath) {
		t.Errorf("GET /site/ before any good build: no reload script:\n%s", body)
	}
	if strings.Contains(body, "<b>levell</b>") || !strings.Contains(body, "&lt;b&gt;levell&lt;/b&gt;") {
		t.Errorf("GET /site/ before any good build: the problems are not HTML-escaped:\n%s", body)
	}
}

func TestServeBadInput(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"no such folder", []string{"serve", filepath.Join(t.TempDir(), "none")}, "course"},
		{"two folders", []string{"serve", "a", "b"}, "got 2 arguments"},
		{"bad port", []string{"serve", t.TempDir(), "--port", "70000"}, "--port 70000"},
		{"bad theme", []string{"serve", t.TempDir(), "--theme", "moon"}, "--theme"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, tt.args...)
			if code != exitBadInput || !strings.Contains(errOut, tt.want) {
				t.Errorf("run(%q) = exit %d, stderr %q; want %d and %q", tt.args, code, errOut, exitBadInput, tt.want)
			}
		})
	}
}

// TestBuildLogPipe checks serve's terminal when it is no terminal: a long
// proof's progress comes as a plain line every logProof, with the time of
// day, and never a carriage return; none before logProof has passed since
// the build started, and none under --quiet (logProof 0).
func TestBuildLogPipe(t *testing.T) {
	const progress = "\r\033[Kproving 8/8/8/8/8/8/PP6/K7 b 2 2: 5 of 10 configurations (50%), about 1s left"
	for _, tt := range []struct {
		name     string
		logProof time.Duration
		since    time.Duration // since the build started
		lines    int
	}{
		{"after logProof", logEvery, logEvery, 1},
		{"before logProof", logEvery, logEvery / 2, 0},
		{"quiet", 0, logEvery, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := serve.New()
			defer srv.Close()
			var terminal bytes.Buffer
			l := &buildLog{srv: srv, stderr: &terminal, logProof: tt.logProof, logged: time.Now().Add(-tt.since)}
			io.WriteString(l, progress)
			io.WriteString(l, progress) // within logProof of the first
			io.WriteString(l, "\r\033[K")
			got := terminal.String()
			if strings.Count(got, "\n") != tt.lines || strings.ContainsAny(got, "\r\033") {
				t.Fatalf("the pipe got %q, want %d plain lines", got, tt.lines)
			}
			if tt.lines > 0 && !regexp.MustCompile(`^\d\d:\d\d:\d\d proving 8/8/8/8/8/8/PP6/K7 b 2 2: 5 of 10 configurations \(50%\), about 1s left\n$`).MatchString(got) {
				t.Errorf("the pipe got %q, want the time of day and the progress", got)
			}
		})
	}
}

// TestLANAddresses checks where serve --lan listens: the addresses of
// the interfaces that are up on the local network, private IPv4 ones
// first, then IPv6 unique local and link-local ones (with their zone);
// never a public address, IPv4 or IPv6 (N6: it listened on every
// interface, and printed only IPv4 addresses).
func TestLANAddresses(t *testing.T) {
	ipnet := func(s string) net.Addr {
		ip, n, err := net.ParseCIDR(s)
		if err != nil {
			t.Fatal(err)
		}
		n.IP = ip
		return n
	}
	lo := lanIface{"lo", net.FlagUp | net.FlagLoopback, []net.Addr{ipnet("127.0.0.1/8"), ipnet("::1/128")}}
	up := net.FlagUp | net.FlagBroadcast
	for _, tt := range []struct {
		name   string
		ifaces []lanIface
		want   string
	}{
		{"private only", []lanIface{lo,
			{"eth0", up, []net.Addr{ipnet("203.0.113.7/24"), ipnet("fe80::1/64"), ipnet("2001:db8::7/64"), ipnet("fd00::2/64")}},
			{"wlan0", up, []net.Addr{ipnet("192.168.1.23/24"), ipnet("169.254.3.4/16"), ipnet("100.64.1.1/10")}},
			{"eth1", net.FlagBroadcast, []net.Addr{ipnet("10.0.0.9/8")}}, // down
			{"docker0", up, []net.Addr{ipnet("172.17.0.1/16")}},
		}, "[192.168.1.23 172.17.0.1 fd00::2 fe80::1%eth0]"},
		{"public only", []lanIface{lo, {"eth0", up, []net.Addr{ipnet("198.51.100.4/24"), ipnet("2a00:1450::1/64")}}}, "[]"},
		{"no network", []lanIface{lo}, "[]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := fmt.Sprint(lanAddresses(tt.ifaces)); got != tt.want {
				t.Errorf("lanAddresses = %s, want %s", got, tt.want)
			}
		})
	}
}

// TestListenedAddrs checks that serve prints the addresses it listens on
// as it asked for them, a link-local one with its zone (the listener's own
// address has none: it was printed as an address to open).
func TestListenedAddrs(t *testing.T) {
	asked := []netip.Addr{netip.MustParseAddr("::1"), netip.MustParseAddr("fd00::2"), netip.MustParseAddr("fe80::1%eth0")}
	skipped := []serve.Skipped{{Addr: netip.MustParseAddr("::1"), Err: errors.New("no IPv6")}}
	if got, want := fmt.Sprint(listenedAddrs(asked, skipped)), "[fd00::2 fe80::1%eth0]"; got != want {
		t.Errorf("listenedAddrs = %s, want %s", got, want)
	}
}

// TestPrintAddresses checks what serve prints of the addresses it
// answers on besides 127.0.0.1, IPv6 ones too, and with --lan a QR code
// of the first address a tablet opens.
func TestPrintAddresses(t *testing.T) {
	addrs := func(s ...string) []netip.Addr {
		var out []netip.Addr
		for _, a := range s {
			out = append(out, netip.MustParseAddr(a))
		}
		return out
	}
	for _, tt := range []struct {
		name  string
		addrs []netip.Addr
		lan   bool
		want  []string // in this order
		not   []string
	}{
		{"loopback", addrs("::1"), false, []string{"also at http://[::1]:8080/\n"}, []string{"local network", "▀"}},
		{"lan", addrs("::1", "192.168.1.23", "fd00::2", "fe80::1%eth0"), true, []string{
			"also at http://[::1]:8080/\n",
			"on the local network: http://192.168.1.23:8080/\n",
			"on the local network: http://[fd00::2]:8080/\n",
			"on the local network: http://[fe80::1]:8080/ (link-local, on eth0: ", "[fe80::1%25wlan0]", "RFC 6874)\n",
			"scan this with a tablet's camera to open http://192.168.1.23:8080/:\n", "▀", "anyone on this network"},
			nil},
		{"link-local only", addrs("fe80::2%wlan0"), true, []string{"http://[fe80::2]:8080/ (link-local, on wlan0", "no address to open found"}, []string{"▀"}},
		{"no network", nil, true, []string{"no address to open found (is this computer on a network?"}, []string{"http://"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			printAddresses(&out, 8080, tt.addrs, tt.lan)
			got := out.String()
			rest := got
			for _, want := range tt.want {
				_, after, ok := strings.Cut(rest, want)
				if !ok {
					t.Fatalf("printAddresses printed\n%s\nwant %q in it, in order %q", got, want, tt.want)
				}
				rest = after
			}
			for _, not := range tt.not {
				if strings.Contains(got, not) {
					t.Errorf("printAddresses printed\n%s\nwant no %q in it", got, not)
				}
			}
		})
	}
}

// TestServeStoppedBuildAgain: a build that a change stops is made again
// even when the change could not fire the trigger. That happens when the
// change comes while the first build's trigger is still due: the trigger
// is full, and the build starts just before the change stops it. serve
// then stayed at "proving…" for good (TestServeFirstBuildFails failed so,
// two runs in 180 under load).
func TestServeStoppedBuildAgain(t *testing.T) {
	t.Setenv("NOSTROMO_CACHE", t.TempDir()) // the first build proves: it takes a while
	dir := filepath.Join(t.TempDir(), "course")
	if code, _, errOut := runCLI(t, "new", dir); code != 0 {
		t.Fatalf("new: exit %d: %s", code, errOut)
	}
	var stdout, stderr lockedBuffer
	b := &builder{dir: dir, tmp: t.TempDir(), pf: &proofFlags{}, srv: serve.New(), stdout: &stdout, stderr: &stderr}
	underway := make(chan struct{})
	var once sync.Once
	rebuild := &serve.Rebuilder{Build: func(ctx, bctx context.Context) bool {
		once.Do(func() { close(underway) })
		return b.build(ctx, bctx)
	}}
	ctx, cancel := context.WithCancel(context.Background())
	trigger := make(chan struct{}, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		rebuild.Run(ctx, trigger)
	}()
	t.Cleanup(func() { cancel(); <-done })
	trigger <- struct{}{}
	// Stop the build once it is under way, without firing the trigger.
	<-underway
	rebuild.Changed()
	deadline := time.Now().Add(serveWait)
	for !strings.Contains(stdout.String(), " built ") {
		if time.Now().After(deadline) {
			t.Fatalf("no build followed the stopped one within %s; stdout:\n%s\nstderr:\n%s", serveWait, &stdout, &stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(stdout.String(), "a file changed; building again") {
		t.Errorf("stdout does not say the first build was stopped:\n%s", &stdout)
	}
}

// TestServeStreamFlood is N5's reproduction, bounded: more event streams
// than serve takes are refused with 503 past serve.MaxStreams, and while
// they are held a save still rebuilds the course (20,000 streams took
// every file descriptor, and the build failed with "too many open
// files").
func TestServeStreamFlood(t *testing.T) {
	serveTemp(t)
	dir := starterCourse(t)
	s := startServe(t, dir)
	s.waitFor(t, "/site/index.html", "the first build", func(code int, body string) bool { return code == 200 })
	s.waitBuilds(t, 1, "the first build")
	addr := strings.TrimPrefix(s.url, "http://")
	const extra = 20
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	codes := map[string]int{}
	for range serve.MaxStreams + extra {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		c.SetDeadline(time.Now().Add(serveWait))
		if _, err := io.WriteString(c, "GET "+serve.EventsPath+" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		status, err := bufio.NewReader(c).ReadString('\n')
		if err != nil {
			t.Fatalf("stream %d: %v", len(conns), err)
		}
		codes[strings.Fields(status)[1]]++
	}
	if codes["200"] != serve.MaxStreams || codes["503"] != extra {
		t.Errorf("%d event streams: statuses %v, want %d × 200 and %d × 503", serve.MaxStreams+extra, codes, serve.MaxStreams, extra)
	}
	lesson := filepath.Join(dir, "lessons", "01-first-steps.yaml")
	f, err := os.OpenFile(lesson, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("# x\n")
	f.Close()
	s.waitBuilds(t, 2, "the build after the save, with the streams held")
	if strings.Contains(s.stderr.String(), "has problems") {
		t.Errorf("the build with the streams held failed:\n%s", s.stderr)
	}
}

// TestServeIPv6Loopback checks that serve answers on [::1] too, where the
// computer has it, and says so (N15: the Host [::1] was accepted, but
// nothing listened there).
func TestServeIPv6Loopback(t *testing.T) {
	if ln, err := net.Listen("tcp", "[::1]:0"); err != nil {
		t.Skipf("no IPv6 loopback here: %v", err)
	} else {
		ln.Close()
	}
	serveTemp(t)
	s := startServe(t, starterCourse(t))
	s.waitFor(t, "/site/index.html", "the first build", func(code int, body string) bool { return code == 200 })
	m := regexp.MustCompile(`also at (http://\[::1\]:[0-9]+)/`).FindStringSubmatch(s.stdout.String())
	if m == nil || !strings.HasSuffix(m[1], s.url[strings.LastIndex(s.url, ":"):]) {
		t.Fatalf("serve printed\n%s\nwant \"also at http://[::1]:PORT/\" with the port of %s", s.stdout, s.url)
	}
	resp, err := client.Get(m[1] + "/site/index.html")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET %s/site/index.html = %d, want 200", m[1], resp.StatusCode)
	}
}

// TestServeNoCourseTemplates checks that serve --no-course-templates, as
// build's, previews a course you do not trust with the embedded templates,
// never reading its own (a FIFO there would hang the read).
func TestServeNoCourseTemplates(t *testing.T) {
	serveTemp(t)
	dir := starterCourse(t)
	writeFile(t, filepath.Join(dir, "templates/style.css"), []byte("body { color: red }\n"))
	mkfifo(t, filepath.Join(dir, "templates/index.html"))
	s := startServe(t, "--no-course-templates", dir)
	s.waitFor(t, "/site/index.html", "the first build", func(code int, body string) bool { return code == 200 })
	embedded, err := os.ReadFile("../../templates/style.css")
	if err != nil {
		t.Fatal(err)
	}
	if code, css := s.get(t, "/site/style.css"); code != 200 || css != string(embedded) {
		t.Errorf("GET /site/style.css = %d %.40q, want the embedded style sheet", code, css)
	}
}
