package engine

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"nostromo-lessons/internal/analysis"
	"nostromo-lessons/rules/solver"
)

// TestReviewAgrees checks "review" against analysis.Analyze with the
// solver as its prover, on random games from playable positions: the
// same class, values and best moves for every move.
func TestReviewAgrees(t *testing.T) {
	e := New()
	s := solver.New(solver.Options{Workers: 1})
	r := rand.New(rand.NewPCG(5, 0))
	kinds := map[string]int{}
	for _, start := range playable(9, 12) {
		var g analysis.Game
		g.Start = start
		var sans []string
		for p := start; len(g.Moves) < 16 && !p.Status().Over(); {
			moves := p.LegalMoves()
			m := moves[r.IntN(len(moves))]
			g.Moves, sans = append(g.Moves, m), append(sans, p.SAN(m))
			p = p.Apply(m)
		}
		if len(g.Moves) == 0 {
			continue
		}
		out := e.Handle(mustJSON(t, Request{Op: "review", FEN: start.String(), Moves: sans}))
		var got Review
		if err := json.Unmarshal(out, &got); err != nil || len(got.Moves) != len(g.Moves) {
			t.Fatalf("review of %q %v = %s (%v)", start, sans, out, err)
		}
		for i, j := range analysis.Analyze(g, s, nil) {
			m := got.Moves[i]
			want := ""
			if j.Class == analysis.Slip || j.Class == analysis.Mistake {
				want = j.Class.String()
			}
			kinds[want]++
			wb := j.Before.Solution
			best := []string{}
			for _, b := range wb.Best {
				best = append(best, j.Before.Position.SAN(b))
			}
			if m.Ply != i+1 || m.SAN != sans[i] || m.Kind != want || !m.Judged || m.Before == nil || m.After == nil ||
				m.Before.Result != wb.Result.String() || m.Before.Moves != wb.Moves ||
				m.After.Result != j.After.Solution.Result.String() || m.After.Moves != j.After.Solution.Moves ||
				!slices.Equal(m.Best, best) {
				t.Errorf("review of %q, move %d %s: %+v (before %+v, after %+v); analyze: %s, %v in %d, then %v in %d, best %v",
					start, i+1, sans[i], m, m.Before, m.After, j.Class, wb.Result, wb.Moves, j.After.Solution.Result, j.After.Solution.Moves, best)
			}
		}
	}
	for _, k := range []string{"", "slip", "mistake"} {
		if kinds[k] == 0 {
			t.Errorf("no move of kind %q reviewed", k)
		}
	}
}

// TestReview checks "review" on games from the start, which the book
// proves, and beyond what the engine proves.
func TestReview(t *testing.T) {
	e := New()
	tests := []struct {
		name, req string
		want      []string
	}{
		{"book", `{"op":"review","fen":"start","moves":["e3","Nd5"]}`,
			[]string{`{"ply":1,"san":"e3","side":"w","kind":"mistake","judged":true,"before":{"result":"draw","moves":-1},"after":{"result":"black",`,
				`{"ply":2,"san":"Nd5","side":"b","kind":"mistake","judged":true,"before":{"result":"black",`}},
		{"unjudged", `{"op":"review","fen":"8/8/5n2/8/2P1P3/3P4/1P3PP1/4K3 w 0 0","moves":["e5"]}`,
			[]string{`{"moves":[{"ply":1,"san":"e5","side":"w","kind":"","judged":false,"before":null,"after":null,"best":[]}]}`}},
		{"no moves", `{"op":"review","fen":"start"}`, []string{`{"moves":[]}`}},
		{"too long", `{"op":"review","fen":"start","moves":[` + strings.Repeat(`"Kd1",`, MaxReview) + `"Ke1"]}`, []string{`"error":"engine: review of 1001 moves: at most 1000"`}},
		{"illegal", `{"op":"review","fen":"start","moves":["e3","e5"]}`, []string{`"error":"engine: move 2 \"e5\": `}},
		{"after the end", `{"op":"review","fen":"8/4P3/n7/8/8/8/1PP2P2/4K3 w 2 0","moves":["e8","Nb8"]}`, []string{`"error":"engine: move 2 \"Nb8\": the game is over already`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(e.Handle([]byte(tt.req)))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("Handle(%s) = %s, want it to hold %s", tt.req, got, w)
				}
			}
		})
	}
}

// mustJSON returns v in JSON.
func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
