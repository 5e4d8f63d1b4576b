package main

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/proof"
	"nostromo-lessons/rules/solver"
)

// runArgs runs the command line and returns its output and exit status.
func runArgs(args ...string) (stdout, stderr string, code int) {
	var out, errs bytes.Buffer
	code = exitCode(run(args, &out, &errs), &errs)
	return out.String(), errs.String(), code
}

func TestGenerateBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in the message
	}{
		{"no kind", []string{"generate"}, "generate: missing KIND, the kind of exercises, one of knight-moves, king-moves, legal"},
		{"unknown kind", []string{"generate", "maze"}, `unknown kind "maze" (want one of knight-moves, king-moves, legal`},
		{"count 0", []string{"generate", "legal", "--count", "0"}, "--count 0: want 1 to 1000"},
		{"count too big", []string{"generate", "legal", "--count", "1001"}, "--count 1001: want 1 to 1000"},
		{"level 6", []string{"generate", "legal", "--level", "6"}, "--level 6: want 1 to 5, or 0 for all levels"},
		{"level -1", []string{"generate", "legal", "--level", "-1"}, "--level -1: want 1 to 5"},
		{"theme", []string{"generate", "legal", "--theme", "space"}, `--theme "space": want one of classic (the king, the pawns and the knight), alien (Ripley, the crew members and the alien), farm (the shepherd, the sheep and the wolf)`},
		{"theme from the story", []string{"generate", "legal", "--theme", "sheep"}, `--theme "sheep": want one of classic (the king, the pawns and the knight), alien (Ripley, the crew members and the alien), farm (the shepherd, the sheep and the wolf); did you mean farm?`},
		{"piece", []string{"generate", "labyrinth", "--piece", "rook"}, `--piece "rook": want knight or king`},
		{"piece for another kind", []string{"generate", "legal", "--piece", "king"}, "--piece is for labyrinth only"},
		{"unique for another kind", []string{"generate", "outcome", "--unique"}, "--unique is for best-move and labyrinth only"},
		{"seed too big", []string{"generate", "legal", "--seed", "9223372036854775808"}, "--seed 9223372036854775808: want 0 to 9223372036854775807"},
		{"bad flag", []string{"generate", "legal", "--colour", "red"}, "flag provided but not defined"},
		{"concept", []string{"generate", "legal", "--concept", "Move Rules"}, `--concept "Move Rules": want lower-case letters and digits in words joined by -`},
		{"concept too long", []string{"generate", "legal", "--concept", strings.Repeat("a", 100_000)}, "generate: --concept is 100000 bytes long, more than the limit of 100: name the concept in a few words, like knight-jumps"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runArgs(tt.args...)
			if code != exitBadInput || !strings.Contains(stderr, tt.want) || stdout != "" {
				t.Errorf("run(%q) = status %d, stderr %q, stdout %q; want status %d and %q", tt.args, code, stderr, stdout, exitBadInput, tt.want)
			}
		})
	}
}

// TestGenerateFile writes banks with -o: complete files that load, no
// temporary file left behind, the same bytes as on standard output, and
// the same bytes again from the arguments written in the file.
func TestGenerateFile(t *testing.T) {
	for _, args := range [][]string{
		{"labyrinth", "--count", "8", "--seed", "3", "--piece", "knight", "--unique"},
		{"best-move", "--count", "4", "--seed", "2", "--level", "2", "--theme", "alien"},
		{"king-moves", "--count", "6", "--concept", "king-steps"},
	} {
		t.Run(args[0], func(t *testing.T) {
			dir := t.TempDir()
			name := filepath.Join(dir, "bank.yaml")
			stdout, stderr, code := runArgs(append([]string{"generate", "-o", name}, args...)...)
			if code != exitOK || stdout != "" {
				t.Fatalf("status %d, stdout %q, stderr %q", code, stdout, stderr)
			}
			if !strings.HasPrefix(stderr, "wrote ") || !strings.Contains(stderr, " to "+name+" in ") {
				t.Errorf("summary %q, want \"wrote N ... to %s in ...\"", stderr, name)
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 {
				t.Errorf("folder holds %d files, want only bank.yaml", len(entries))
			}
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			b, err := course.LoadBank(os.DirFS(dir), "bank.yaml")
			if err != nil {
				t.Fatalf("LoadBank: %v", err)
			}
			if b.Generated == nil || b.Generated.By != "nostromo-lessons generate" || len(b.Exercises) == 0 {
				t.Fatalf("loaded bank: generated %+v, %d exercises", b.Generated, len(b.Exercises))
			}
			// --concept reaches every exercise through the bank's concept.
			concept := ""
			if i := slices.Index(args, "--concept"); i >= 0 {
				concept = args[i+1]
			}
			for _, e := range b.Exercises {
				if e.Concept != concept {
					t.Errorf("exercise %s: concept %q, want %q", e.ID, e.Concept, concept)
				}
			}
			// The same arguments on standard output give the same bytes.
			out, _, code := runArgs(append([]string{"generate"}, args...)...)
			if code != exitOK || out != string(data) {
				t.Errorf("standard output differs from the file (status %d)", code)
			}
			// The arguments written in the file make it again.
			again, _, code := runArgs(append([]string{"generate"}, b.Generated.Args...)...)
			if code != exitOK || again != string(data) {
				t.Errorf("generate %s does not make the same file again (status %d)", strings.Join(b.Generated.Args, " "), code)
			}
		})
	}
}

// TestGenerateShort: too few exercises of a level are written, with a
// message, and status 1.
func TestGenerateShort(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "few.yaml")
	_, stderr, code := runArgs("generate", "knight-moves", "--level", "1", "--count", "20", "-o", name)
	if code != exitFailed || !strings.Contains(stderr, "found only 6 of 20 knight-moves exercises of level 1") {
		t.Errorf("status %d, stderr %q; want status 1 and \"found only 6 of 20\"", code, stderr)
	}
	b, err := course.LoadBank(os.DirFS(dir), "few.yaml")
	if err != nil || len(b.Exercises) != 6 {
		t.Errorf("the file holds %v exercises (%v), want 6", b, err)
	}
}

// TestGenerateInterrupted: Ctrl-C stops the run with status 130 and leaves
// no file, not even a temporary one.
func TestGenerateInterrupted(t *testing.T) {
	saved := interruptContext
	defer func() { interruptContext = saved }()
	interruptContext = func() (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return ctx, cancel
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "bank.yaml")
	stdout, stderr, code := runArgs("generate", "outcome", "--count", "50", "-o", name)
	if code != exitInterrupted || !strings.Contains(stderr, "interrupted; nothing written") || stdout != "" {
		t.Errorf("status %d, stderr %q; want status %d and \"interrupted; nothing written\"", code, stderr, exitInterrupted)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("an interrupted run left %d files", len(entries))
	}
}

// TestSampleBanks: the generated banks of the sample course are what
// generate makes from the arguments written in them, so they can be made
// again, and the course with them passes check.
// tookLine is the comment line, written by hand, that says how long a bank
// of middle games took to make; generate itself writes no time.
var tookLine = regexp.MustCompile(`(?m)^# took .*\n`)

func TestSampleBanks(t *testing.T) {
	entries, err := fs.ReadDir(nostromo.Course(), "exercises")
	if err != nil {
		t.Fatal(err)
	}
	generated := 0
	for _, e := range entries {
		name := "exercises/" + e.Name()
		b, err := course.LoadBank(nostromo.Course(), name)
		if err != nil {
			t.Errorf("LoadBank(%s): %v", name, err)
			continue
		}
		if b.Generated == nil {
			continue
		}
		generated++
		t.Run(e.Name(), func(t *testing.T) {
			want, err := fs.ReadFile(nostromo.Course(), name)
			if err != nil {
				t.Fatal(err)
			}
			got, stderr, code := runArgs(append([]string{"generate"}, b.Generated.Args...)...)
			if code != exitOK || got != tookLine.ReplaceAllString(string(want), "") {
				t.Errorf("%s is not what generate makes now (status %d, %s); make it again with:\n  go run ./cmd/nostromo-lessons generate %s -o %s",
					name, code, strings.TrimSpace(stderr), strings.Join(b.Generated.Args, " "), name)
			}
		})
	}
	if generated == 0 {
		t.Errorf("the sample course has no generated bank")
	}
	if _, err := course.Check(nostromo.Course(), proof.Book{Inner: solver.New(solver.Options{Budget: budget.Default})}); err != nil {
		t.Errorf("check of the sample course: %v", err)
	}
}

// TestGenerateOutputTargets checks generate -o per kind of target: a link
// to a file or a folder is refused with status 2 and left alone; a device
// node and a link to it are written into and stay what they are.
func TestGenerateOutputTargets(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.yaml")
	os.WriteFile(target, []byte("precious"), 0o644)
	link := filepath.Join(dir, "link.yaml")
	os.Symlink(target, link)
	for _, name := range []string{link, dir} {
		_, stderr, code := runArgs("generate", "legal", "--count", "2", "-o", name)
		if code != exitBadInput || !strings.Contains(stderr, "will not write") {
			t.Errorf("generate -o %s: exit %d, %q; want exit 2 and a refusal", name, code, stderr)
		}
	}
	if data, _ := os.ReadFile(target); string(data) != "precious" {
		t.Errorf("the link's target holds %q, want it untouched", data)
	}
	if info, _ := os.Lstat(link); info == nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}

	dev := filepath.Join(dir, "null")
	if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("cannot make a device node here (%v); CI runs as root and makes one", err)
	}
	if f, err := os.OpenFile(dev, os.O_WRONLY, 0); err != nil {
		t.Skipf("cannot open the device node made here (%v, a nodev mount?)", err)
	} else {
		f.Close()
	}
	devLink := filepath.Join(dir, "stdout")
	os.Symlink(dev, devLink)
	for _, name := range []string{dev, devLink} {
		if _, stderr, code := runArgs("generate", "legal", "--count", "2", "-o", name); code != exitOK {
			t.Errorf("generate -o %s: exit %d, %q; want 0", name, code, stderr)
		}
	}
	if info, err := os.Stat(dev); err != nil || info.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("%s is no longer a character device: %v", dev, err)
	}
}

// TestGenerateStandardOutput checks that -o - and -o /dev/stdout write the
// bank to standard output, whatever it is (a file, with > bank.yaml), and
// make no file named "-".
func TestGenerateStandardOutput(t *testing.T) {
	t.Chdir(t.TempDir())
	want, _, _ := runArgs("generate", "legal", "--count", "2")
	for _, name := range []string{"-", "/dev/stdout"} {
		stdout, stderr, code := runArgs("generate", "legal", "--count", "2", "-o", name)
		if code != exitOK || stdout != want || !strings.Contains(stderr, "to standard output") {
			t.Errorf("generate -o %s: exit %d, %d bytes on standard output, stderr %q; want 0 and the %d bytes of the bank", name, code, len(stdout), stderr, len(want))
		}
	}
	if entries, _ := os.ReadDir("."); len(entries) != 0 {
		t.Errorf("generate -o - made %d files", len(entries))
	}
}

// TestGenerateFIFOWithoutReader checks that generate -o FIFO waits for a
// reader (one that comes late gets the bank) and that Ctrl-C stops the
// wait with status 130 when none comes.
func TestGenerateFIFOWithoutReader(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	saved := interruptContext
	defer func() { interruptContext = saved }()
	interruptContext = func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), time.Second) // Ctrl-C after a second: the bank is made by then
	}
	done := make(chan [2]any, 1)
	go func() {
		_, stderr, code := runArgs("generate", "legal", "--count", "2", "-o", fifo)
		done <- [2]any{stderr, code}
	}()
	select {
	case got := <-done:
		if got[1] != exitInterrupted || !strings.Contains(got[0].(string), "interrupted while writing") {
			t.Errorf("generate -o FIFO without a reader: exit %v, %q; want %d and \"interrupted while writing\"", got[1], got[0], exitInterrupted)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("generate -o FIFO without a reader was not stopped by Ctrl-C in 20 s")
	}

	interruptContext = saved
	go func() {
		_, stderr, code := runArgs("generate", "legal", "--count", "2", "-o", fifo)
		done <- [2]any{stderr, code}
	}()
	time.Sleep(200 * time.Millisecond) // the reader comes late
	r, err := os.Open(fifo)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(r)
	r.Close()
	if got := <-done; got[1] != exitOK || !strings.Contains(string(data), "exercises:") {
		t.Errorf("generate -o FIFO with a late reader: exit %v, %q, read %q; want 0 and the bank", got[1], got[0], data)
	}
}
