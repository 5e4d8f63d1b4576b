package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"nostromo-lessons/internal/class"
	"nostromo-lessons/internal/class/classtest"
	"nostromo-lessons/internal/serve"
)

// newCourse writes the starter course into a new folder and returns it.
func newCourse(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "course")
	if code, _, errOut := runCLI(t, "new", dir); code != 0 {
		t.Fatalf("new: exit %d: %s", code, errOut)
	}
	return dir
}

// classFile returns the one class file under data.
func classFileIn(t *testing.T, data string) string {
	t.Helper()
	found, _ := filepath.Glob(filepath.Join(data, "classes", "*", "*.db"))
	if len(found) != 1 {
		t.Fatalf("class files in %s: %q, want one", data, found)
	}
	return found[0]
}

// post sends body as JSON to serve's class path kind.
func post(t *testing.T, url, kind, body string) (int, string) {
	t.Helper()
	resp, err := client.Post(url+serve.ClassPath+kind, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestServeClass runs serve --class on the starter course: the pages hold
// the class script, an answer to one of its exercises is stored in the
// class file in the data folder, and the class command lists, exports,
// renames and forgets it.
func TestServeClass(t *testing.T) {
	data := t.TempDir()
	t.Setenv(class.DataEnv, data)
	dir := newCourse(t)
	s := startServe(t, dir, "--class", "4b")
	page := s.waitFor(t, "/site/01-first-steps.html", "the first build", func(code int, body string) bool { return code == 200 })
	if !strings.Contains(page, "window.nostromoClass") {
		t.Errorf("a page served with --class lacks the class script")
	}
	if !strings.Contains(s.stdout.String(), "class 4b: the children's work is kept in "+data) {
		t.Errorf("serve's stdout does not say where the class is kept:\n%s", s.stdout)
	}
	if !strings.Contains(s.stdout.String(), "the tablets need serve --lan --class 4b") {
		t.Errorf("serve --class without --lan does not say that the tablets need --lan:\n%s", s.stdout)
	}
	code, body := post(t, s.url, "answer", `{"id":"answer-0001","tablet":"tablet-0001","child":"Ada","lesson":"01-first-steps","exercise":"first-jumps","right":true,"tries":2,"stars":2}`)
	if code != http.StatusOK {
		t.Fatalf("POST answer = %d %s, want 200", code, body)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	file := classFileIn(t, data)
	if !strings.HasPrefix(file, filepath.Join(data, "classes")) || filepath.Base(file) != "4b.db" {
		t.Errorf("class file %s, want .../classes/COURSE/4b.db", file)
	}

	if code, out, errOut := runCLI(t, "class", "list"); code != 0 || !strings.Contains(out, "/4b: 1 children (1 names waiting to be accepted), 1 answers, 0 games") {
		t.Errorf("class list = exit %d, %q, %q", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, "class", "export", "4b"); code != 0 || !strings.Contains(out, "child,lesson,exercise,right,tries,stars") || !strings.Contains(out, "Ada,01-first-steps,first-jumps,true,2,2,") {
		t.Errorf("class export = exit %d, %q, %q", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, "class", "rename", "4b", "Ada", "Ada B"); code != 0 || !strings.Contains(out, `"Ada B"`) {
		t.Errorf("class rename = exit %d, %q, %q", code, out, errOut)
	}
	report := filepath.Join(t.TempDir(), "r.pdf")
	if code, out, errOut := runCLI(t, "class", "report", "4b", dir, "-o", report); code != 0 || !strings.Contains(out, "1 lessons, 1 children") {
		t.Errorf("class report = exit %d, %q, %q", code, out, errOut)
	} else if b, _ := os.ReadFile(report); !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Errorf("class report wrote %.20q, want a PDF", b)
	}
	if code, _, errOut := runCLI(t, "class", "report", "4b", filepath.Join("..", "..")); code != exitBadInput || !strings.Contains(errOut, "give the class's course folder") {
		t.Errorf("class report with another course = exit %d, %q", code, errOut)
	}
	confirmInput = strings.NewReader("no\n")
	if code, _, errOut := runCLI(t, "class", "forget", "4b", "Ada B"); code != exitBadInput || !strings.Contains(errOut, "not confirmed") {
		t.Errorf("class forget unconfirmed = exit %d, %q", code, errOut)
	}
	confirmInput = strings.NewReader("Ada B\n")
	if code, _, errOut := runCLI(t, "class", "forget", "4b", "Ada B"); code != 0 {
		t.Errorf("class forget child = exit %d, %q", code, errOut)
	}
	if code, out, _ := runCLI(t, "class", "export", "4b"); code != 0 || strings.Contains(out, "Ada") {
		t.Errorf("after forget, export = exit %d, %q, want no Ada", code, out)
	}
	confirmInput = strings.NewReader("4b\n")
	if code, _, errOut := runCLI(t, "class", "forget", "4b"); code != 0 {
		t.Errorf("class forget class = exit %d, %q", code, errOut)
	}
	if left, _ := filepath.Glob(filepath.Join(data, "classes", "*", "*")); len(left) != 0 {
		t.Errorf("after forgetting the class, its files are left: %q", left)
	}
	if code, _, errOut := runCLI(t, "class", "export", "4b"); code != exitBadInput || !strings.Contains(errOut, `no class "4b"`) {
		t.Errorf("export of a forgotten class = exit %d, %q", code, errOut)
	}
}

// TestServeClassNeedsIDs checks that serve --class refuses a course with
// an exercise without an id, naming where it is, and writes nothing.
func TestServeClassNeedsIDs(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	t.Setenv(class.DataEnv, data)
	dir := newCourse(t)
	lesson := filepath.Join(dir, "lessons", "01-first-steps.yaml")
	b, err := os.ReadFile(lesson)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lesson, []byte(strings.Replace(string(b), "  - id: first-count\n    kind:", "  - kind:", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "serve", dir, "--class", "4b")
	if code != exitBadInput || !strings.Contains(errOut, "1 exercises have none") || !strings.Contains(errOut, "lessons/01-first-steps.yaml:25:") {
		t.Errorf("serve --class of a course without ids = exit %d, %q; want %d naming lessons/01-first-steps.yaml:25", code, errOut, exitBadInput)
	}
	for _, name := range []string{"../x", "a b", "<b>"} {
		if code, _, errOut := runCLI(t, "serve", dir, "--class", name); code != exitBadInput {
			t.Errorf("serve --class %q = exit %d, %q; want %d", name, code, errOut, exitBadInput)
		}
	}
	if _, err := os.Stat(data); !os.IsNotExist(err) {
		t.Errorf("the data folder was made: %v", err)
	}
}

// TestServeWithoutClassWritesNothing checks that serve without --class
// makes no data folder, and serves no class address.
func TestServeWithoutClassWritesNothing(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	t.Setenv(class.DataEnv, data)
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_DATA_HOME", filepath.Join(home, "share"))
	s := startServe(t, newCourse(t))
	page := s.waitFor(t, "/site/01-first-steps.html", "the first build", func(code int, body string) bool { return code == 200 })
	if strings.Contains(page, "nostromoClass") {
		t.Errorf("a page served without --class holds the class script")
	}
	if code, _ := post(t, s.url, "answer", `{}`); code != http.StatusNotFound {
		t.Errorf("POST answer without --class = %d, want 404", code)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{data, home} {
		found, _ := filepath.Glob(filepath.Join(d, "*"))
		if len(found) > 0 {
			t.Errorf("serve without --class wrote %q", found)
		}
	}
}

// freePort returns a TCP port free on 127.0.0.1 now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// TestServeClassKilled kills serve --class twice with SIGKILL while
// tablets send answers and games, and starts it again each time: every
// answer acknowledged is in the class file once, the class view agrees
// with what was acknowledged, and the file opens cleanly. bench/class
// does the same with 30 tablets and 20 kills.
func TestServeClassKilled(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGKILL on Windows")
	}
	data := t.TempDir()
	dir := newCourse(t)
	port := freePort(t)
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	start := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^TestServeHelperProcess$", "--", "serve", dir, "--class", "4b", "--port", fmt.Sprint(port))
		cmd.Env = append(os.Environ(), "NOSTROMO_SERVE_HELPER=1", "TMPDIR="+t.TempDir(), class.DataEnv+"="+data)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	cmd := start()
	defer func() { cmd.Process.Kill(); cmd.Wait() }()

	ctx, cancel := context.WithTimeout(context.Background(), 3*serveWait)
	defer cancel()
	load := classtest.Load{URL: url, Tablets: 4, Answers: 80, Games: 2, Refresh: 200 * time.Millisecond, Seed: 1, Retry: 20 * time.Millisecond}
	res := &classtest.Result{}
	done := make(chan error, 1)
	go func() { done <- load.Run(ctx, res) }()
	rng := rand.New(rand.NewPCG(2, 0))
	total := load.Tablets * (load.Answers + load.Games)
	for kill := 1; kill <= 2; kill++ {
		// At a random moment of the kill's third of the load.
		at := total*kill/3 - rng.IntN(total/6)
		for res.Acked() < at {
			select {
			case err := <-done:
				t.Fatalf("the load ended before kill %d (at %d acknowledged): %v", kill, at, err)
			case <-time.After(time.Millisecond):
			}
		}
		cmd.Process.Kill()
		cmd.Wait()
		cmd = start()
	}
	if err := <-done; err != nil {
		t.Fatalf("the load: %v", err)
	}
	if len(res.Failed) > 0 {
		t.Errorf("%d requests failed, such as %q", len(res.Failed), res.Failed[0])
	}
	if res.Resent == 0 {
		t.Errorf("no request was sent again: serve was never killed during the load")
	}
	if err := classtest.Check(ctx, url, res); err != nil {
		t.Error(err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if err := classtest.CheckFile(ctx, classFileIn(t, data), res); err != nil {
		t.Error(err)
	}
}
