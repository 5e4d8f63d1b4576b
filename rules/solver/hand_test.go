package solver

import (
	"flag"
	"math"
	"slices"
	"testing"

	"nostromo-lessons/rules"
)

// handCases are positions worked out by hand, each on its diagram. In the
// diagrams K is the white king, P a white pawn, N the black knight, x a
// square the knight attacks that matters, and * the empty lair f6.
var handCases = []struct {
	name  string
	fen   string
	play  string // a move to play from fen first, if any
	goal  Goal
	want  rules.Result
	moves int
	best  []string
	line  []string
}{
	{
		// The knight was just captured on h5 by the king (Kg4xh5); Black's
		// move is the flight to f6, which checks the king on h5. The king's
		// squares: g4 is attacked from f6, and h4, g5, g6, h6 hold its own
		// pawns. Nothing may take the knight on its lair (lair rule), so
		// the flight mates: Black wins with its first move, the flight.
		//
		//   8  . . . . . . . .
		//   7  . . . . . . . .
		//   6  . . . . . * P P
		//   5  . . . . . . P K
		//   4  . . . . . . x P
		//   3  . . . . . . . .
		//      a b c d e f g h      Black to move (flight), saved 2, taken 0
		name: "flight_mates", fen: "8/8/6PP/6PK/7P/8/8/8 b 2 0", goal: Goal{Kind: Game},
		want: rules.BlackWins, moves: 1, best: []string{"N@f6#"}, line: []string{"N@f6"},
	},
	{
		// The same pawns, the knight on e8 and Black to move. Nf6+ mates
		// only because of the lair rule: without it, gxf6 would take the
		// knight. Ng7+ is no mate (Kg4, or hxg7), and Nc7, Nd6 give no
		// check, so Nf6# is the only win in one move.
		//
		//   8  . . . . N . . .
		//   7  . . . . . . . .
		//   6  . . . . . * P P
		//   5  . . . . . . P K
		//   4  . . . . . . . P
		//      a b c d e f g h      Black to move, saved 2, taken 0
		name: "lair_rule_knight_on_f6_cannot_be_taken", fen: "4n3/8/6PP/6PK/7P/8/8/8 b 2 0", goal: Goal{Kind: Game},
		want: rules.BlackWins, moves: 1, best: []string{"Nf6#"}, line: []string{"Nf6"},
	},
	{
		// The king on a5 is hemmed in by its pawns a4, b4, b5, a6; only b6
		// is free. Nc4+ checks a5 and covers b6, and no pawn can take on c4
		// (b3 and d3 are empty): mate in one. No other jump of the knight
		// on e3 checks (the checking squares are b3, b7, c4, c6).
		//
		//   6  P x . . . . . .
		//   5  K P . . . . . .
		//   4  P P N . . . . .      <- after Nc4
		//   3  . . . . N . . .
		//      a b c d e f g h      Black to move, saved 2, taken 0
		name: "mate_by_the_knight", fen: "8/8/P7/KP6/PP6/4n3/8/8 b 2 0", goal: Goal{Kind: Game},
		want: rules.BlackWins, moves: 1, best: []string{"Nc4#"}, line: []string{"Nc4"},
	},
	{
		// White threatens g8, its third save. The knight on d5 can cover
		// g8 from e7 or f6; then the pawn may not step onto the attacked
		// saving square (rank-8 rule), h7 is blocked by its own king, the
		// king has no free square (g8 attacked, g7 and h7 its own pawns):
		// stalemate, a draw. Every other knight move lets g8 win at once.
		// The line takes Nf6, nearer the pawns (LineChoice).
		//
		//   8  . . . . . . x K
		//   7  . . . . N . P P      <- Ne7 (or Nf6)
		//   6  . . . . . N . .
		//   5  . . . N . . . .
		//      a b c d e f g h      Black to move, saved 2, taken 2
		name: "rank8_rule_attacked_saving_square", fen: "7K/6PP/8/3n4/8/8/8/8 b 2 2", goal: Goal{Kind: Game},
		want: rules.Draw, moves: -1, best: []string{"Ne7", "Nf6"}, line: []string{"Nf6"},
	},
	{
		// The stalemate of the previous case, White to move: the game is
		// over and drawn, with no best move and no line.
		//
		//   8  . . . . . . x K
		//   7  . . . . . . P P
		//   6  . . . . . N . .
		//      a b c d e f g h      White to move, saved 2, taken 2
		name: "stalemate", fen: "7K/6PP/5n2/8/8/8/8/8 w 2 2", goal: Goal{Kind: Game},
		want: rules.Draw, moves: -1,
	},
	{
		// gxh8 takes the knight on rank 8 and saves the third pawn: the
		// game ends at once, White wins in one move; no flight follows.
		// The step g8 is blocked by the king, and no king move saves.
		//
		//   8  . . . . . . K N
		//   7  . . . . . . P .
		//      a b c d e f g h      White to move, saved 2, taken 3
		name: "third_save_by_capture_ends_the_game", fen: "6Kn/6P1/8/8/8/8/8/8 w 2 3", goal: Goal{Kind: Game},
		want: rules.WhiteWins, moves: 1, best: []string{"gxh8"}, line: []string{"gxh8"},
	},
	{
		// The position after gxh8: three pawns saved, the game is over.
		name: "third_save_by_capture_is_over", fen: "6Kn/6P1/8/8/8/8/8/8 w 2 3", play: "gxh8", goal: Goal{Kind: Game},
		want: rules.WhiteWins, moves: 0,
	},
	{
		// The same position as a sub-goal: saving one more pawn takes one
		// move.
		name: "third_save_by_capture_save_goal", fen: "6Kn/6P1/8/8/8/8/8/8 w 2 3", goal: Goal{Kind: SaveMore, K: 1},
		want: rules.WhiteWins, moves: 1, best: []string{"gxh8"}, line: []string{"gxh8"},
	},
	{
		// Black's goal of taking one more pawn fails: White saves its
		// third pawn first, ending the game. Every White move keeps Black
		// from its goal; the draw line takes gxh8, a capture and a pawn
		// advance (LineChoice), and stops as the game ends.
		name: "third_save_by_capture_take_goal_fails", fen: "6Kn/6P1/8/8/8/8/8/8 w 2 3", goal: Goal{Kind: TakeMore, K: 1},
		want: rules.Draw, moves: -1, best: []string{"Kf8", "Kh7", "Kxh8", "gxh8"}, line: []string{"gxh8"},
	},
	{
		// ExampleSolver_Solve's position with Black to move: Black's move
		// comes first and is not counted, so White still needs 2 moves
		// (e7, then e8), as with White to move. The knight on a1 has two
		// jumps, Nb3 and Nc2, and neither stops the pawn; the line takes
		// Nb3 (LineChoice).
		//
		//   6  . . . . P K . .
		//   1  N . . . . . . .
		//      a b c d e f g h      Black to move, saved 2, taken 3
		name: "black_first_is_not_counted", fen: "8/8/4PK2/8/8/8/8/n7 b 2 3", goal: Goal{Kind: Game},
		want: rules.WhiteWins, moves: 2, best: []string{"Nb3", "Nc2"}, line: []string{"Nb3", "e7", "Nc5", "e8"},
	},
}

var handOracle = flag.Bool("oracle.hand", false, "also compare TestHandBuilt's positions with the oracle (slow)")

// TestHandBuilt checks positions worked out by hand. With -oracle.hand it
// also compares each with the oracle.
func TestHandBuilt(t *testing.T) {
	s := New(Options{})
	for _, c := range handCases {
		t.Run(c.name, func(t *testing.T) {
			p, err := rules.ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			if c.play != "" {
				m, err := rules.ParseMove(p, c.play)
				if err != nil {
					t.Fatal(err)
				}
				p = p.Apply(m)
			}
			if *handOracle {
				checkAgainstOracle(t, s, explore(p, math.MaxInt), c.goal)
			}
			got, err := s.Solve(p, c.goal)
			if err != nil {
				t.Fatalf("Solve(%q, %v) error: %v", c.fen, c.goal, err)
			}
			if got.Result != c.want || got.Moves != c.moves {
				t.Errorf("Solve(%q, %v) = %v in %d, want %v in %d", c.fen, c.goal, got.Result, got.Moves, c.want, c.moves)
			}
			if b := sans(p, got.Best); !slices.Equal(b, c.best) && len(b)+len(c.best) > 0 {
				t.Errorf("Solve(%q, %v).Best = %v, want %v", c.fen, c.goal, b, c.best)
			}
			var line []string
			for _, m := range got.Line {
				line = append(line, m.String())
			}
			if len(c.line) > 0 || len(line) > 0 {
				var want []string
				q := p
				for _, san := range c.line {
					m, err := rules.ParseMove(q, san)
					if err != nil {
						t.Fatalf("bad test line %v: %v", c.line, err)
					}
					want, q = append(want, m.String()), q.Apply(m)
				}
				if !slices.Equal(line[:min(len(line), len(want))], want) {
					t.Errorf("Solve(%q, %v).Line = %v, want it to start %v", c.fen, c.goal, line, want)
				}
			}
		})
	}
}
