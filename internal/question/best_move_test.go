package question

import (
	"fmt"
	"strings"
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules/solver"
)

// TestBestMoveMarking: what a page accepts for a best-move, and what its
// key says, by its keys: a slower win is accepted with a star less only
// without fastest: true and find: every; with find: every the answer's
// moves are all to be found, none slower; a question that says "at once"
// of a win that takes longer, or of no win, is a problem of the question.
func TestBestMoveMarking(t *testing.T) {
	s := solver.New(solver.Options{Budget: 1e9})
	one := mustFEN(t, "8/3P4/8/8/8/8/8/n6K w 2 3")   // d8 wins at once; the king's moves win slower
	two := mustFEN(t, "3n4/4P3/8/8/8/8/8/7K w 2 3")  // e8 and exd8 win at once
	slow := mustFEN(t, "8/8/3P4/8/8/8/8/n6K w 2 3")  // d7 and d8: two moves
	draw := mustFEN(t, "8/4P3/5n2/8/8/8/8/K7 w 2 3") // a draw
	tests := []struct {
		name    string
		q       *BestMove
		accept  string // the accepted moves, a slower one marked with a *, then "every" for find: every
		key     string
		problem string // the start of Check's problem, or ""
	}{
		{"default", &BestMove{Position: one, Moves: alternatives(t, one, "d8")}, "[d8 Kg1* Kg2* Kh2*]", "d8", ""},
		{"fastest", &BestMove{Position: one, Fastest: true, Moves: alternatives(t, one, "d8")}, "[d8]", "d8", ""},
		{"winning", &BestMove{Position: one, Winning: true, Moves: alternatives(t, one, "d8", "Kg1", "Kg2", "Kh2")}, "[d8 Kg1 Kg2 Kh2]", "d8 or Kg1 or Kg2 or Kh2", ""},
		{"every", &BestMove{Position: two, Every: true, Moves: alternatives(t, two, "e8", "exd8")}, "[e8 exd8] every", "every move: e8, exd8", ""},
		{"every, fastest", &BestMove{Position: two, Every: true, Fastest: true, Moves: alternatives(t, two, "e8", "exd8")}, "[e8 exd8] every", "every move: e8, exd8", ""},
		{"every winning", &BestMove{Position: one, Every: true, Winning: true, Moves: alternatives(t, one, "d8", "Kg1", "Kg2", "Kh2")}, "[Kg1 Kg2 Kh2 d8] every", "every move: d8, Kg1, Kg2, Kh2", ""},
		{"at once", &BestMove{Position: one, Fastest: true, AtOnce: "at once", Moves: alternatives(t, one, "d8")}, "[d8]", "d8", ""},
		{"at once, slower", &BestMove{Position: slow, Fastest: true, AtOnce: "at once", Moves: alternatives(t, slow, "d7")}, "", "",
			`the question says "at once", but White needs 2 moves to win`},
		{"at once, draw", &BestMove{Position: draw, AtOnce: "sofort", Moves: alternatives(t, draw, "Kb1")}, "", "",
			`the question says "sofort", but it is a draw`},
	}
	en := catalog.New(style.English, style.Classic)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proof, probs := tt.q.Check(s)
			if tt.problem != "" {
				if len(probs) != 1 || !strings.HasPrefix(probs[0].Msg, tt.problem) || probs[0].Field != "question" {
					t.Fatalf("Check(%s) = %v, want a problem of the question starting %q", tt.q.Position, probs, tt.problem)
				}
				return
			}
			if probs != nil {
				t.Fatalf("Check(%s): %v", tt.q.Position, probs)
			}
			a := tt.q.Accept(proof)
			var moves []string
			for _, m := range a.Moves {
				moves = append(moves, m.SAN+map[bool]string{true: "*"}[m.Slower])
			}
			got := fmt.Sprint(moves)
			if a.Every {
				got += " every"
			}
			if got != tt.accept {
				t.Errorf("Accept(%s) = %s, want %s", tt.q.Position, got, tt.accept)
			}
			if !tt.q.Slower() && (len(proof.AlsoWin) > 0 || proof.Also != "") {
				t.Errorf("Check(%s).Proof lists slower moves %v (%q), want none", tt.q.Position, proof.AlsoWin, proof.Also)
			}
			if got := tt.q.Key(en); got != tt.key {
				t.Errorf("Key = %q, want %q", got, tt.key)
			}
		})
	}
}
