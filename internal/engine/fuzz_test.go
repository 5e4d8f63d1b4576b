package engine

import (
	"encoding/json"
	"strings"
	"testing"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// fuzzBound is the largest solver.Bound of a position that FuzzHandle lets
// be solved: a few milliseconds a solve, so that the fuzzer keeps its pace.
const fuzzBound = 200

// FuzzHandle sends the engine requests as a page's script might, or as
// anything else that reaches it: the answer is always JSON, an error names
// the engine, and the moves a State offers are read back as the moves
// they name.
func FuzzHandle(f *testing.F) {
	for _, req := range []string{
		`{"op":"moves","fen":"8/8/5n2/8/8/8/4P3/4K3 w 2 3"}`,
		`{"op":"moves","fen":"8/8/8/8/8/8/4P3/4K3 b 2 3"}`,
		`{"op":"play","fen":"8/4P3/8/8/8/1n6/8/4K3 w 2 3","move":"e8"}`,
		`{"op":"play","fen":"8/8/8/8/8/1n6/3P4/7K b 2 3","move":"Nxd2"}`,
		`{"op":"play","fen":"8/8/5n2/8/8/8/4P3/4K3 w 2 3","move":"Kd1","history":["8/8/5n2/8/8/8/4P3/3K4 b 2 3","8/8/5n2/8/8/8/4P3/4K3 w 2 3"]}`,
		`{"op":"solve","fen":"8/4P3/8/8/8/1n6/8/4K3 w 2 3"}`,
		`{"op":"reply","fen":"8/8/8/8/8/8/4P3/4K3 b 2 3"}`,
		`{"op":"reply","fen":"8/8/8/8/8/1n6/8/4K3 w 3 3"}`,
		`{"op":"level","fen":"start","level":3,"seed":5}`,
		`{"op":"level","fen":"8/8/5n2/8/2P1P3/3P4/1P3PP1/4K3 w 0 0","level":1}`,
		`{"op":"level","fen":"8/4P3/8/8/8/1n6/8/4K3 w 2 3","level":9}`,
		`{"op":"review","fen":"start","moves":["e3","Nd5"]}`,
		`{"op":"review","fen":"8/4P3/8/8/8/1n6/8/4K3 w 2 3","moves":["e8","Nd5"]}`,
		`{"op":"dance","fen":"start"}`,
		`{"op":"moves","fen":"8/8 w"}`,
		`{"op":"play","fen":"start","move":"e2e4"}`,
		`[1, 2]`,
		`{"op":`,
	} {
		f.Add([]byte(req))
	}
	e := New()
	f.Fuzz(func(t *testing.T, req []byte) {
		var r Request
		if json.Unmarshal(req, &r) == nil && (r.Op == "solve" || r.Op == "reply" || r.Op == "level" || r.Op == "review") {
			p, err := rules.ParseFEN(r.FEN)
			if b, _ := solver.Bound(p, solver.Goal{Kind: solver.Game}); err == nil && b > fuzzBound {
				return // too slow to solve at the fuzzer's pace
			}
		}
		out := e.Handle(req)
		var answer struct {
			Error string `json:"error"`
		}
		if err := json.Unmarshal(out, &answer); err != nil {
			t.Fatalf("Handle(%s) = %s, not JSON: %v", req, out, err)
		}
		if answer.Error != "" {
			if !strings.HasPrefix(answer.Error, "engine: ") {
				t.Fatalf("Handle(%s) = %s, an error that does not name the engine", req, out)
			}
			return
		}
		switch r.Op {
		case "moves":
			var st State
			json.Unmarshal(out, &st)
			checkState(t, req, st)
		case "play", "reply", "level":
			var pl Played
			json.Unmarshal(out, &pl)
			checkState(t, req, pl.State)
		}
	})
}

// checkState checks that a game over offers no moves, and that a game
// going on is a position whose legal moves are the moves st offers, each
// read back from its SAN as the move from and to the squares it names.
func checkState(t *testing.T, req []byte, st State) {
	t.Helper()
	if st.End != "" {
		if len(st.Moves) != 0 || st.Result == "" {
			t.Fatalf("Handle(%s): game over (%s) with result %q and moves %v", req, st.End, st.Result, st.Moves)
		}
		return // an ended game's position may be past what a FEN holds
	}
	p, err := rules.ParseFEN(st.FEN)
	if err != nil {
		t.Fatalf("Handle(%s): state FEN %q: %v", req, st.FEN, err)
	}
	if len(st.Moves) != len(p.LegalMoves()) {
		t.Fatalf("Handle(%s): %d moves offered in %q, which has %d", req, len(st.Moves), st.FEN, len(p.LegalMoves()))
	}
	for _, mi := range st.Moves {
		m, err := rules.ParseMove(p, mi.SAN)
		if err != nil || m.To.String() != mi.To || !m.IsFlight() && m.From.String() != mi.From {
			t.Fatalf("Handle(%s): move %+v of %q read back as %v, %v", req, mi, st.FEN, m, err)
		}
	}
}
