package generate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
)

// DuplicateKey returns the canonical key of a question: two questions with
// one key are the same exercise, however different their boards look. What
// a key leaves out is a detail that changes nothing:
//
//   - knight-moves: only the knight's square and what stands on its jump
//     squares count (other pieces, the counters and the side to move do
//     not), up to the eight symmetries of the board (see symmetries).
//   - king-moves: only the king's eight neighbours count, each off the
//     board, a pawn, guarded, free, or the knight (to take, or protected by
//     the lair rule), up to the symmetries.
//   - legal: the side to move, the king, the knight, the move, and the pawns
//     within two squares of the squares the move names or of the lair f6;
//     farther pawns and the counters do not count.
//   - count-moves: the pieces and the side to move; the counters do not
//     count (the game is in play).
//   - outcome, moves-to-win, moves-to-goal, best-move: the pawns, the
//     counters, the side to move, the question's parameters and the answer
//     (for best-move, the piece and target square of each best move); where
//     the king and the knight stand does not count. Two positions with one
//     pawn structure and one answer teach the same thing (save the pawn on
//     b7 now; the knight cannot stop this pawn). No symmetry: pawns go up
//     and the lair is f6.
//   - labyrinth: the piece, the start, the goal and the squares it may not
//     land on (whatever makes them forbidden), up to the symmetries.
func DuplicateKey(q question.Question) string {
	k := q.Kind().String() + " "
	switch q := q.(type) {
	case *question.KnightMoves:
		p := q.Position
		jumps := rules.KnightAttacks(p.Knight)
		return k + canonical(func(t int) string {
			return fmt.Sprintf("%02d %016x %02d", symSquare(p.Knight, t), symBoard(jumps&p.Pawns, t), symSquare((jumps&p.King.Bit()).First(), t))
		})
	case *question.KingMoves:
		nb := neighbours(q.Position, q.Position.King)
		return k + canonical(func(t int) string {
			var b [9]byte
			for i, c := range nb {
				x, y := symOffset(i%3-1, i/3-1, t, 0)
				b[(y+1)*3+x+1] = c
			}
			return string(b[:])
		})
	case *question.Legal:
		p := q.Position
		near := rules.Lair.Bit() | namedSquares(q.Move)
		for range 2 {
			for _, s := range near.Squares() {
				near |= rules.KingAttacks(s)
			}
		}
		return k + fmt.Sprintf("%s %02d %02d %016x %s", p.Side, p.King, p.Knight, p.Pawns&near, q.Move)
	case *question.CountMoves:
		fen := strings.Fields(q.Position.String())
		return k + fen[0] + " " + fen[1]
	case *question.Outcome:
		return k + structure(q.Position) + " " + q.Answer.String()
	case *question.MovesToWin:
		side := "winner"
		if q.Side != nil {
			side = q.Side.String()
		}
		return k + structure(q.Position) + " " + side + " " + answerText(q.Answer)
	case *question.MovesToGoal:
		return k + structure(q.Position) + " " + question.GoalString(q.Goal) + " " + answerText(q.Answer)
	case *question.BestMove:
		moves := make([]string, len(q.Moves))
		for i, m := range q.Moves {
			moves[i] = q.Position.PieceAt(m.From).String() + "-" + m.To.String()
		}
		slices.Sort(moves)
		return k + structure(q.Position) + " " + question.GoalString(q.Goal) + fmt.Sprint(" winning=", q.Winning, " ", moves)
	case *question.Labyrinth:
		forbidden := q.Forbidden()
		return k + q.Piece.String() + " " + canonical(func(t int) string {
			return fmt.Sprintf("%02d %02d %016x", symSquare(q.From, t), symSquare(q.To, t), symBoard(forbidden, t))
		})
	}
	return k + fmt.Sprintf("%p", q)
}

// structure returns the part of p that the solver kinds' keys keep: the
// pawns, the counters and the side to move.
func structure(p rules.Position) string {
	return fmt.Sprintf("%016x %d %d %s", p.Pawns, p.Saved, p.Taken, p.Side)
}

// namedSquares returns the squares a move's text names, such as e4 and f5
// in "e4f5", or f5 in "exf5".
func namedSquares(move string) rules.Bitboard {
	var b rules.Bitboard
	for i := 0; i+2 <= len(move); i++ {
		if s, err := rules.ParseSquare(move[i : i+2]); err == nil {
			b |= s.Bit()
		}
	}
	return b
}

// answerText writes a number of moves for a key or a class: "7" or "never".
func answerText(n int) string {
	if n == question.Never {
		return "never"
	}
	return strconv.Itoa(n)
}
