package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestServeHelperProcess is not a test: TestServeInterrupt runs the test
// binary as the command, with the arguments after "--".
func TestServeHelperProcess(t *testing.T) {
	if os.Getenv("NOSTROMO_SERVE_HELPER") != "1" {
		t.Skip("the command of TestServeInterrupt")
	}
	args := os.Args
	for len(args) > 0 && args[0] != "--" {
		args = args[1:]
	}
	if code := exitCode(run(args[1:], os.Stdout, os.Stderr), os.Stderr); code != exitOK {
		os.Exit(code)
	}
}

// TestServeInterrupt stops serve as a teacher does, with Ctrl-C (SIGINT),
// and sees it exit with status 0, its temporary folder removed.
func TestServeInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send on Windows")
	}
	tmp := t.TempDir()
	dir := filepath.Join(t.TempDir(), "course")
	if code, _, errOut := runCLI(t, "new", dir); code != 0 {
		t.Fatalf("new: exit %d: %s", code, errOut)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeHelperProcess$", "--", "serve", dir)
	cmd.Env = append(os.Environ(), "NOSTROMO_SERVE_HELPER=1", "TMPDIR="+tmp)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		exited <- cmd.Wait()
	}()
	stopped := false
	defer func() {
		if !stopped {
			cmd.Process.Kill()
			<-exited
		}
	}()

	// Wait for the first build, then press Ctrl-C.
	var out []string
	timeout := time.After(serveWait)
	for built := false; !built; {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("serve ended before its first build: %q\nstderr:\n%s", out, &stderr)
			}
			out = append(out, l)
			built = strings.Contains(l, " built ")
		case <-timeout:
			t.Fatalf("serve did not build within %s: %q\nstderr:\n%s", serveWait, out, &stderr)
		}
	}
	if left := leftovers(t, tmp); len(left) != 1 {
		t.Fatalf("serve's temporary folders in %s: %q, want one", tmp, left)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	for l := range lines {
		out = append(out, l)
	}
	select {
	case err := <-exited:
		stopped = true
		if err != nil {
			t.Errorf("serve after Ctrl-C: %v\nstderr:\n%s", err, &stderr)
		}
	case <-time.After(serveWait):
		t.Fatalf("serve did not stop within %s of Ctrl-C", serveWait)
	}
	if !strings.Contains(strings.Join(out, "\n"), "\nstopped") {
		t.Errorf("serve did not say it stopped: %q", out)
	}
	if left := leftovers(t, tmp); len(left) > 0 {
		t.Errorf("serve left %q behind after Ctrl-C", left)
	}
}

// TestServeKilled kills serve (SIGKILL: nothing of it runs after) once it
// has built, and starts another: it removes the folder the killed one
// left in the system's temporary folder, and keeps its own (N8: the
// folder, 5.6 MB for the starter course, stayed for ever).
func TestServeKilled(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a killed process's folder is not known as such on Windows")
	}
	tmp := serveTemp(t)
	dir := starterCourse(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeHelperProcess$", "--", "serve", dir)
	cmd.Env = append(os.Environ(), "NOSTROMO_SERVE_HELPER=1", "TMPDIR="+tmp)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	built := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if strings.Contains(sc.Text(), " built ") {
				built <- true
			}
		}
		close(built)
	}()
	select {
	case ok := <-built:
		if !ok {
			cmd.Wait()
			t.Fatalf("serve ended before its first build; stderr:\n%s", &stderr)
		}
	case <-time.After(serveWait):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("serve did not build within %s; stderr:\n%s", serveWait, &stderr)
	}
	cmd.Process.Kill()
	cmd.Wait()
	killed := leftovers(t, tmp)
	if len(killed) != 1 {
		t.Fatalf("after the kill, serve folders %q, want the killed one's", killed)
	}
	s := startServe(t, dir)
	s.waitBuilds(t, 1, "the first build")
	if left := leftovers(t, tmp); len(left) != 1 || left[0] == killed[0] {
		t.Errorf("with a new serve running: serve folders %q, want the new one's only (the killed one's was %q)", left, killed[0])
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	if left := leftovers(t, tmp); len(left) > 0 {
		t.Errorf("serve left %q behind", left)
	}
}
