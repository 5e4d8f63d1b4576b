package main

import (
	"bytes"
	"strings"
	"testing"

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
