package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestQuoteTerm(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"lessons/01-a.yaml:1:2: fine\n", "lessons/01-a.yaml:1:2: fine\n"},
		{"tab\there", "tab\there"},
		{"\x1b]0;PWNED\a\x1b[2J", `\x1b]0;PWNED\x07\x1b[2J`},
		{"a\r\x1b[2Kb", `a\x0d\x1b[2Kb`},
		{"del\x7f", `del\x7f`},
		{"csi\u009b2J", `csi\u009b2J`},
		{"rtl\u202etxt.yaml", `rtl\u202etxt.yaml`},
		{"bad\xffutf", `bad\xffutf`},
		{"Ферзь, Läufer, 王 ▀", "Ферзь, Läufer, 王 ▀"},
	} {
		if got := string(quoteTerm([]byte(tt.in))); got != tt.want {
			t.Errorf("quoteTerm(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// escapeCourse is N7's course: the starter course with a lesson whose
// file name sets the terminal's title and clears its screen, and whose
// answer is wrong, so that every command names the file.
func escapeCourse(t *testing.T) string {
	t.Helper()
	dir := starterCourse(t)
	name := filepath.Join(dir, "lessons", "02-\x1b]0;PWNED\a\x1b[2Jx.yaml")
	writeFile(t, name, []byte("title: X\nlevel: 1\nsummary: s.\nintro: i\nexercises:\n  - {id: x1, kind: count-moves, position: start, answer: 9}\n"))
	return dir
}

const quotedName = `lessons/02-\x1b]0;PWNED\x07\x1b[2Jx.yaml:6:58: exercise "x1"`

// rawControl reports whether s holds a control character other than a
// line break or a tab.
func rawControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f })
}

// TestTerminalEscapes is N7's reproduction: a file name (or a title, or a
// folder named on the command line) with terminal escapes reaches the
// terminal quoted in every human-readable message of check, build,
// stats and serve, while check --json stays as it was.
func TestTerminalEscapes(t *testing.T) {
	t.Run("check", func(t *testing.T) {
		code, stdout, stderr := runCLI(t, "check", escapeCourse(t))
		if code != exitFailed || !strings.Contains(stderr, quotedName) || rawControl(stdout+stderr) {
			t.Errorf("check = exit %d, stdout %q, stderr %q; want exit 1, %q and no control character", code, stdout, stderr, quotedName)
		}
	})
	t.Run("check --json", func(t *testing.T) {
		code, stdout, _ := runCLI(t, "check", "--json", escapeCourse(t))
		var problems []problemJSON
		if err := json.Unmarshal([]byte(stdout), &problems); err != nil || code != exitFailed {
			t.Fatalf("check --json = exit %d, %v:\n%s", code, err, stdout)
		}
		if want := "lessons/02-\x1b]0;PWNED\a\x1b[2Jx.yaml"; len(problems) != 1 || problems[0].File != want || !strings.Contains(stdout, `\u001b]0;PWNED\u0007\u001b[2J`) {
			t.Errorf("check --json printed\n%s\nwant the file %q, escaped as JSON escapes it", stdout, want)
		}
	})
	t.Run("build", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "out\x1b[2J")
		code, stdout, stderr := runCLI(t, "build", escapeCourse(t), "-o", out)
		if code != exitFailed || !strings.Contains(stderr, quotedName) || !strings.Contains(stderr, `out\x1b[2J was not changed`) || rawControl(stdout+stderr) {
			t.Errorf("build = exit %d, stdout %q, stderr %q; want exit 1, %q, the output folder quoted, and no control character", code, stdout, stderr, quotedName)
		}
	})
	t.Run("stats", func(t *testing.T) {
		dir := starterCourse(t)
		yaml, err := os.ReadFile(filepath.Join(dir, "course.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, "course.yaml"), bytes.Replace(yaml, []byte("title: My first Nostromo course"), []byte(`title: "My course\e]0;PWNED\a"`), 1))
		code, stdout, stderr := runCLI(t, "stats", dir)
		if code != exitOK || !strings.Contains(stdout, `My course\x1b]0;PWNED\x07`) || rawControl(stdout+stderr) {
			t.Errorf("stats = exit %d, stdout %q, stderr %q; want the title quoted, and no control character", code, stdout, stderr)
		}
	})
	t.Run("serve", func(t *testing.T) {
		if runtime.GOOS == "windows" {
			t.Skip("the helper process is stopped with a kill")
		}
		tmp := serveTemp(t)
		cmd := exec.Command(os.Args[0], "-test.run=^TestServeHelperProcess$", "--", "serve", escapeCourse(t))
		cmd.Env = append(os.Environ(), "NOSTROMO_SERVE_HELPER=1", "TMPDIR="+tmp)
		var stdout lockedBuffer
		cmd.Stdout = &stdout
		stderrPipe, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
		lines := make(chan string, 100)
		go func() {
			sc := bufio.NewScanner(stderrPipe)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		var got []string
		timeout := time.After(serveWait)
		for done := false; !done; {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("serve ended: %q", got)
				}
				got = append(got, l)
				done = strings.Contains(l, " has problems; ")
			case <-timeout:
				t.Fatalf("serve reported no problem within %s: %q", serveWait, got)
			}
		}
		all := strings.Join(got, "\n") + stdout.String()
		if !strings.Contains(all, quotedName) || rawControl(all) {
			t.Errorf("serve printed %q, want %q and no control character", all, quotedName)
		}
	})
}
