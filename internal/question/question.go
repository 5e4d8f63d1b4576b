package question

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Question is one exercise: a position, a question of one kind about it and
// the author's answer.
type Question interface {
	// Kind returns the question's kind.
	Kind() Kind
	// Check proves the author's answer with the rules engine or s (which
	// only the solver kinds use). It returns what it learned and every
	// problem found; no problems means the answer is right.
	Check(s Solver) (Proof, []Problem)
	// Wording returns the default question text in the language and
	// theme of p.
	Wording(p *catalog.Printer) string
	// Key returns the author's answer as a teacher's answer key shows it.
	Key(p *catalog.Printer) string
	// Space returns the room a worksheet leaves for the answer.
	Space(p *catalog.Printer) Space
	// Accept returns every answer a page accepts, computed from the
	// position (or, for the solver kinds, from the answer and p, what
	// Check proved); it is meaningful once Check found no problem.
	Accept(p Proof) Accepted
}

// Solver is what the solver kinds need from the exact solver: the value,
// best moves and principal line of a position for a goal, and the moves that
// keep a forced win. *solver.Solver implements it.
type Solver interface {
	Solve(p rules.Position, g solver.Goal) (solver.Solution, error)
	WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error)
}

// Problem is something wrong with an exercise: Msg explains it and Field
// names the key of the exercise it is about ("answer", "position", "path").
// Where the answer is a word, Said and Right let a caller say them in the
// course's words: Msg then starts "answer " + Said + ", but" and, when it
// names the right word, says "the answer is " + Right.
type Problem struct {
	Field string
	Msg   string
	Said  string // the author's answer word that Msg quotes, in English ("draw", "yes", "never"), or ""
	Right string // the answer word that is right, in English ("white", "no", "never"), or "" when it is not a word
}

// Proof is what checking an exercise learned beyond "right" or "wrong".
type Proof struct {
	// Line is the principal line in SAN with move numbers, such as
	// "1. Kd3 Nf4 2. e5 N@f6", for the solver kinds; empty for the others.
	Line string
	// Winner is the side that wins with best play (the whole game), valid
	// when Decided is set; moves-to-win and outcome set it.
	Winner  rules.Color
	Decided bool
	// Best and AlsoWin are set by best-move: the best moves, and apart,
	// when the side to move can force the win (or its sub-goal), the moves
	// that also force it, slower, each in SAN, sorted; Also says what the
	// others do, "also win, slower" or "also reach the goal, slower", and
	// is "" when the side to move cannot force it (then no move is the
	// fastest, and a draw's best moves are every move that keeps it) and
	// when the question accepts no slower move (BestMove.Slower).
	Best, AlsoWin []string
	Also          string
	// WinIn is set by best-move: the moves the side to move needs to
	// force the win (or its sub-goal), or -1 when it cannot; 0 when the
	// check stopped before the solver answered.
	WinIn int
}

// Never is the answer of moves-to-win and moves-to-goal when the side
// cannot force it.
const Never = -1

// problems returns a list of one problem.
func problem(field, format string, args ...any) []Problem {
	return []Problem{{Field: field, Msg: fmt.Sprintf(format, args...)}}
}

// wordProblem is a wrong answer of an answer word: the author said said
// and right is right, either "" when it is a number (see Problem).
func wordProblem(said, right, format string, args ...any) []Problem {
	return []Problem{{Field: "answer", Msg: fmt.Sprintf(format, args...), Said: said, Right: right}}
}

// solveProblem turns an error of the solver into a problem of the exercise.
func solveProblem(err error) []Problem {
	var be *solver.BudgetError
	if errors.As(err, &be) {
		return problem("position", "%s", budget.Advice(be))
	}
	return problem("position", "%v", err)
}

// prove solves p for the goal g: the solution and its proof (the principal
// line), or the problems that stopped it (a goal that cannot be asked of p,
// or the solver's error).
func prove(s Solver, p rules.Position, g solver.Goal) (solver.Solution, Proof, []Problem) {
	if probs := GoalProblem(p, g); probs != nil {
		return solver.Solution{}, Proof{}, probs
	}
	sol, err := s.Solve(p, g)
	if err != nil {
		return sol, Proof{}, solveProblem(err)
	}
	return sol, Proof{Line: p.NumberedLine(sol.Line, len(sol.Line))}, nil
}

// shortLine is the start of a line for an error message: three moves each.
func shortLine(p rules.Position, moves []rules.Move) string {
	if len(moves) == 0 {
		return ""
	}
	return " (" + p.NumberedLine(moves, 6) + ")"
}

// squareList writes the squares of b in the order a teacher reads them
// (a-file first, then by rank), separated by commas, or "none".
func squareList(b rules.Bitboard) string {
	sq := SortedSquares(b)
	if len(sq) == 0 {
		return "none"
	}
	names := make([]string, len(sq))
	for i, s := range sq {
		names[i] = s.String()
	}
	return strings.Join(names, ", ")
}

// squaresKey writes squares for the answer key, as squareList does, or
// "none" in the language of p.
func squaresKey(p *catalog.Printer, b rules.Bitboard) string {
	if b == 0 {
		return p.Say("key.none")
	}
	return squareList(b)
}

// SortedSquares returns the squares of b by file, then by rank.
func SortedSquares(b rules.Bitboard) []rules.Square {
	var out []rules.Square
	for f := 0; f < 8; f++ {
		for r := 0; r < 8; r++ {
			if s := rules.NewSquare(f, r); b.Has(s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// setProblem compares the author's squares with the true ones.
func setProblem(what string, answer, truth rules.Bitboard) []Problem {
	if answer == truth {
		return nil
	}
	var why []string
	if missing := truth &^ answer; missing != 0 {
		why = append(why, "missing "+squareList(missing))
	}
	if extra := answer &^ truth; extra != 0 {
		why = append(why, "not "+squareList(extra))
	}
	return problem("answer", "answer %s, but %s %s (%s)", squareList(answer), what, squareList(truth), strings.Join(why, "; "))
}

func itoa(n int) string { return strconv.Itoa(n) }

// Plural returns "1 move" or "7 moves".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// Winner returns the side a result is a win for.
func Winner(r rules.Result) (rules.Color, bool) {
	switch r {
	case rules.WhiteWins:
		return rules.White, true
	case rules.BlackWins:
		return rules.Black, true
	}
	return 0, false
}

// sideName returns "White" or "Black", the words of answer-key messages.
func sideName(c rules.Color) string {
	if c == rules.White {
		return "White"
	}
	return "Black"
}

// toMove returns "White to move." in the language and theme of pr, or
// "Black to move."
func toMove(pr *catalog.Printer, p rules.Position) string {
	return pr.Say(sideKey("q.to-move", p.Side))
}

// sideKey returns the message key of side c: key + ".white" or key +
// ".black".
func sideKey(key string, c rules.Color) string {
	if c == rules.White {
		return key + ".white"
	}
	return key + ".black"
}
