package generate

import (
	"strings"
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// TestLabyrinthWay: a labyrinth's explanation says "The only shortest
// way" where the proof finds one shortest way, unique: true or not, and
// "A shortest way" only where it finds more.
func TestLabyrinthWay(t *testing.T) {
	tests := []struct {
		name     string
		lang     style.Language
		piece    rules.Piece
		from, to string
		unique   bool
		want     string
	}{
		{"king, one way", style.English, rules.King, "a1", "a2", false, "The only shortest way: a1-a2. That is 1 step."},
		{"king, two ways", style.English, rules.King, "a1", "a3", false, "A shortest way: a1-a2-a3. That is 2 steps."},
		{"knight, one way", style.English, rules.Knight, "b1", "c3", false, "The only shortest way: b1-c3. That is 1 jump."},
		{"knight, unique", style.English, rules.Knight, "b1", "c3", true, "The only shortest way: b1-c3. That is 1 jump."},
		{"Russian, one way", style.Russian, rules.King, "a1", "a2", false, "Единственный кратчайший путь: a1-a2."},
		{"Spanish, two ways", style.Spanish, rules.King, "a1", "a3", false, "Uno de los caminos más cortos: a1-a2-a3."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			from, _ := rules.ParseSquare(tt.from)
			to, _ := rules.ParseSquare(tt.to)
			b := question.Board{King: rules.NoSquare, Knight: rules.NoSquare}
			if tt.piece == rules.King {
				b.King = from
			} else {
				b.Knight = from
			}
			q := &question.Labyrinth{Board: b, Piece: tt.piece, From: from, To: to, Unique: tt.unique}
			if got := labyrinthExplain(catalog.New(tt.lang, style.Classic), q); !strings.HasPrefix(got, tt.want) {
				t.Errorf("labyrinthExplain(%s to %s) = %q, want %q", tt.from, tt.to, got, tt.want)
			}
		})
	}
}

// TestExplainLeavesLineOut: a game question's explanation does not write
// the line the solver found, which every output shows beside it ("Best
// play: ..."): the child read the same moves twice.
func TestExplainLeavesLineOut(t *testing.T) {
	p, err := rules.ParseFEN("8/8/4P3/8/8/1n6/8/4K3 w 2 3")
	if err != nil {
		t.Fatal(err)
	}
	const line = "1. e7 Nc5 2. e8"
	proof := question.Proof{Line: line, Winner: rules.White, Decided: true}
	goal := solver.Goal{Kind: solver.SaveMore, K: 1}
	tests := []struct {
		name string
		q    question.Question
		want string
	}{
		{"outcome", &question.Outcome{Position: p}, "White wins with the best moves."},
		{"moves-to-win", &question.MovesToWin{Position: p, Answer: 2}, "White wins in 2 moves."},
		{"moves-to-goal", &question.MovesToGoal{Position: p, Goal: goal, Answer: 2}, "White can save 1 more pawn in 2 moves."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := explain(catalog.New(style.English, style.Classic), Generated{Question: tt.q, Proof: proof})
			if strings.Contains(got, "e7") || got != tt.want {
				t.Errorf("explain = %q, want %q, without the line %q", got, tt.want, line)
			}
		})
	}
}
