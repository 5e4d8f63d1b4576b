package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// TestProofLine checks the progress line of a proof: drawn in place with
// what is proven and how far it is, cleared at the end, and never drawn
// where the output is not a terminal unless asked for.
func TestProofLine(t *testing.T) {
	p, err := rules.ParseFEN("8/8/5n2/8/8/1P1P4/8/4K3 w 1 3")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		mode progressMode
		want bool
	}{
		{progressAlways, true},
		{progressAuto, false}, // a buffer is no terminal
		{progressNever, false},
	} {
		t.Run(tt.mode.String(), func(t *testing.T) {
			var buf bytes.Buffer
			line := newProofLine(&buf, tt.mode)
			line.delay, line.every = 0, 0
			s := showingSolver{solver.New(solver.Options{Progress: line.update}), line}
			if _, err := s.Solve(p, solver.Goal{Kind: solver.Game}); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			if got := strings.Contains(out, "\r\033[Kproving "+p.String()+": "); got != tt.want {
				t.Fatalf("progress shown: %v, want %v; output %q", got, tt.want, out)
			}
			if tt.want && (!strings.Contains(out, " configurations (") || !strings.HasSuffix(out, "\r\033[K")) {
				t.Errorf("output %q: want configurations counted and the line cleared at the end", out)
			}
		})
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
