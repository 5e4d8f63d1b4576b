package model

import (
	"testing"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/render"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// TestExercisePlay checks which side the child takes in an exercise's
// game, that a labyrinth is not offered to play, that a position too big
// for a browser is offered as too big, and a drill's too big position not
// at all.
func TestExercisePlay(t *testing.T) {
	black := rules.Black
	const (
		small  = "8/8/8/3P4/4P3/8/8/Kn6 w 2 2"      // 2 pawns
		smallB = "8/8/8/3P4/4P3/8/8/K1n5 b 2 2"     // 2 pawns, Black to move
		big    = "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0" // the start
		flight = "8/8/8/8/8/8/2P5/K7 b 2 3"         // Black's flight pending
	)
	tests := []struct {
		name string
		fen  string
		q    question.Question
		only bool // BoardOnly
		want render.Play
	}{
		{"white by default", small, &question.Outcome{}, false, render.Play{FEN: small, Side: "w"}},
		{"moves-to-win for black", small, &question.MovesToWin{Side: &black}, false, render.Play{FEN: small, Side: "b"}},
		{"moves-to-win for the winner", small, &question.MovesToWin{}, false, render.Play{FEN: small, Side: "w"}},
		{"take goal", small, &question.MovesToGoal{Goal: solver.Goal{Kind: solver.TakeMore, K: 1}}, false, render.Play{FEN: small, Side: "b"}},
		{"save goal", smallB, &question.MovesToGoal{Goal: solver.Goal{Kind: solver.SaveMore, K: 1}}, false, render.Play{FEN: smallB, Side: "w"}},
		{"best move of black", smallB, &question.BestMove{Position: mustFEN(t, smallB)}, false, render.Play{FEN: smallB, Side: "b"}},
		{"flight pending", flight, &question.Outcome{}, false, render.Play{FEN: flight, Side: "w"}},
		{"too big", big, &question.Outcome{}, false, render.Play{FEN: big, Side: "w", TooBig: true}},
		{"labyrinth", small, &question.Labyrinth{}, true, render.Play{}},
		{"knight-moves drill", small, &question.KnightMoves{}, false, render.Play{FEN: small, Side: "w"}},
		{"king-moves drill", small, &question.KingMoves{}, false, render.Play{FEN: small, Side: "w"}},
		{"legal drill", small, &question.Legal{}, false, render.Play{FEN: small, Side: "w"}},
		{"count-moves drill", small, &question.CountMoves{}, false, render.Play{FEN: small, Side: "w"}},
		{"too big drill", big, &question.KnightMoves{}, false, render.Play{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &course.Exercise{Position: mustFEN(t, tt.fen), Question: tt.q, BoardOnly: tt.only}
			if got := exercisePlay(e); got != tt.want {
				t.Errorf("exercisePlay(%s, %T) = %+v, want %+v", tt.fen, tt.q, got, tt.want)
			}
		})
	}
}

func mustFEN(t *testing.T, fen string) rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
