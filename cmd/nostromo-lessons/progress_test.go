package main

import (
	"bytes"
	"flag"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// TestProofLine checks the progress line of a proof: on a terminal (or
// when asked for) drawn in place with what is proven and how far it is,
// and cleared at the end; elsewhere (a buffer is no terminal) plain lines
// with no carriage return; never nothing.
func TestProofLine(t *testing.T) {
	p, err := rules.ParseFEN("8/8/5n2/8/8/1P1P4/8/4K3 w 1 3")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		mode  progressMode
		shown string // how the progress shows: in place, as lines, or not
	}{
		{progressAlways, "in place"},
		{progressAuto, "lines"},
		{progressNever, "not"},
	} {
		t.Run(tt.mode.String(), func(t *testing.T) {
			var buf bytes.Buffer
			line := newProofLine(&buf, tt.mode)
			line.delay, line.every = 0, 0
			s := showingSolver{s: solver.New(solver.Options{Progress: line.update}), line: line}
			if _, err := s.Solve(p, solver.Goal{Kind: solver.Game}); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			shown := "not"
			switch {
			case strings.HasPrefix(out, "\r\033[Kproving "+p.String()+": "):
				shown = "in place"
			case strings.Contains(out, "s proving "+p.String()+": "):
				shown = "lines"
			}
			if shown != tt.shown {
				t.Fatalf("progress shown %s, want %s; output %q", shown, tt.shown, out)
			}
			switch tt.shown {
			case "in place":
				if !strings.Contains(out, " configurations (") || !strings.HasSuffix(out, "\r\033[K") {
					t.Errorf("output %q: want configurations counted and the line cleared at the end", out)
				}
			case "lines":
				for l := range strings.Lines(out) {
					if !lineRE.MatchString(l) {
						t.Errorf("line %q: want the time so far, what is proven, how far, and a newline (%s)", l, lineRE)
					}
				}
				if strings.ContainsAny(out, "\r\033") {
					t.Errorf("output %q: want no carriage return or escape into a pipe", out)
				}
			}
		})
	}
}

// lineRE is a plain progress line of TestProofLine.
var lineRE = regexp.MustCompile(`^ *[0-9.]+[mµn]?s proving 8/8/5n2/8/8/1P1P4/8/4K3 w 1 3: [0-9,]+ of [0-9,]+ configurations \([0-9]+%\), about \S+ left\n$`)

// TestProofLineEvery checks that plain progress lines come one every
// logEvery, whichever proof is under way, and none before.
func TestProofLineEvery(t *testing.T) {
	var buf bytes.Buffer
	line := newProofLine(&buf, progressAuto)
	if line.every != logEvery || logEvery < 5*time.Second {
		t.Fatalf("plain lines every %v (logEvery %v), want every logEvery, at least 5s", line.every, logEvery)
	}
	p, err := rules.ParseFEN("8/8/5n2/8/8/1P1P4/8/4K3 w 1 3")
	if err != nil {
		t.Fatal(err)
	}
	line.begin(p)
	pr := solver.Progress{Stage: solver.Solving, Done: 1, Total: 2, Elapsed: time.Hour}
	line.update(pr)
	if buf.Len() != 0 {
		t.Fatalf("a line before logEvery passed: %q", buf.String())
	}
	line.last = time.Now().Add(-logEvery) // logEvery since the line was made
	line.update(pr)
	line.update(pr)
	if got, want := buf.String(), "1h0m0s proving "+p.String()+": 1 of 2 configurations (50%), about 0s left\n"; got != want {
		t.Errorf("after logEvery: %q, want %q, once", got, want)
	}
}

// TestProofLineStages checks the words of the progress line at each stage
// of a proof: while the solver lists the configurations, while it works
// out the memory of a solve too big to keep its tables, and while it
// solves.
func TestProofLineStages(t *testing.T) {
	const fen = "8/5n2/8/8/8/1P1P4/P1P1P1P1/4K3 w 0 0"
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		pr   solver.Progress
		want string
	}{
		{"listing", solver.Progress{Stage: solver.Listing, Done: 1234567},
			"listing the positions to prove: 1,234,567 pawn configurations so far"},
		{"weighing", solver.Progress{Stage: solver.Weighing, Done: 3192000, Total: 7092412},
			"working out the memory 7,092,412 pawn configurations need (45%)"},
		{"solving", solver.Progress{Stage: solver.Solving, Done: 1500, Total: 7092412, ETA: 543400 * time.Millisecond},
			"1,500 of 7,092,412 configurations (0%), about 9m3s left"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			line := newProofLine(&buf, progressAlways)
			line.delay, line.every = 0, 0
			line.begin(p)
			line.update(tt.pr)
			if got, want := buf.String(), "\r\033[Kproving "+fen+": "+tt.want; got != want {
				t.Errorf("update(%+v) wrote %q, want %q", tt.pr, got, want)
			}
		})
	}
}

// TestProgressFlags checks the progress line's mode that --progress and
// --quiet choose, and that solve, check and build take --quiet and then
// print nothing but the result.
func TestProgressFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want progressMode
	}{
		{nil, progressAuto},
		{[]string{"--progress=always"}, progressAlways},
		{[]string{"--progress=never"}, progressNever},
		{[]string{"--quiet"}, progressNever},
		{[]string{"--progress=always", "--quiet"}, progressNever},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			fs := flag.NewFlagSet("check", flag.ContinueOnError)
			pf := addProofFlags(fs)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatal(err)
			}
			if got := pf.progressMode(); got != tt.want {
				t.Errorf("%q: progress %v, want %v", tt.args, got, tt.want)
			}
		})
	}
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	dir := filepath.Join(t.TempDir(), "course")
	if code, _, stderr := runCLI(t, "new", dir); code != exitOK {
		t.Fatalf("new: exit %d, %s", code, stderr)
	}
	for _, args := range [][]string{
		{"solve", "--quiet", "start"},
		{"check", "--quiet", dir},
		{"build", "--quiet", dir, "-o", filepath.Join(t.TempDir(), "out")},
	} {
		if code, stdout, stderr := runCLI(t, args...); code != exitOK || stdout == "" || stderr != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 0, the result, and nothing on stderr", args, code, stdout, stderr)
		}
	}
}

// TestGenerateBarPipe checks generate's progress into a pipe or a file:
// nothing before logEvery has passed, then one plain line, with no
// carriage return, and nothing to clear at the end.
func TestGenerateBarPipe(t *testing.T) {
	var buf bytes.Buffer
	bar := newProgressBar(&buf, "outcome")
	bar.update(1, 8)
	if buf.Len() != 0 {
		t.Fatalf("a line before logEvery passed: %q", buf.String())
	}
	bar.start = time.Now().Add(-time.Minute)
	bar.last = time.Now().Add(-logEvery)
	bar.update(3, 8)
	bar.update(4, 8)
	bar.clear()
	if got, want := buf.String(), "  1m0s generating outcome: 3 of 8 exercises found\n"; got != want {
		t.Errorf("after logEvery: %q, want %q, once", got, want)
	}
}
