package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"nostromo-lessons/rules/solver"
)

// TestPlanted analyses games with planted mistakes and slips, proven by the
// solver, and checks that exactly the planted moves are marked, each with
// its class (testdata/planted/NAME.want, one "NUMBER SAN CLASS" line per
// marked move), and that every move was judged.
func TestPlanted(t *testing.T) {
	games, err := filepath.Glob("testdata/planted/*.game")
	if err != nil || len(games) == 0 {
		t.Fatalf("no games in testdata/planted: %v", err)
	}
	for _, name := range games {
		t.Run(filepath.Base(name), func(t *testing.T) {
			text, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(name, ".game") + ".want")
			if err != nil {
				t.Fatal(err)
			}
			g, err := ParseGame(string(text))
			if err != nil {
				t.Fatalf("ParseGame: %v", err)
			}
			s := solver.New(solver.Options{Budget: 1 << 28})
			var got strings.Builder
			p := g.Start
			for i, j := range Analyze(g, s, nil) {
				switch j.Class {
				case Unjudged:
					t.Errorf("%s %s unjudged: %v %v", g.MoveNumber(i), p.SAN(j.Move), j.Before.Err, j.After.Err)
				case Slip, Mistake:
					fmt.Fprintf(&got, "%s %s %s\n", g.MoveNumber(i), p.SAN(j.Move), j.Class)
				}
				p = p.Apply(j.Move)
			}
			if diff := cmp.Diff(string(want), got.String()); diff != "" {
				t.Errorf("marked moves (-want +got):\n%s", diff)
			}
		})
	}
}
