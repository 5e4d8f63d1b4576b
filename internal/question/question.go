package question

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/machine"
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
		return problem("position", "%s", BudgetText(be))
	}
	return problem("position", "%v", err)
}

// BudgetText says, for a teacher, how big a position over the budget is
// and how to allow it: "this position is too big to prove within the
// budget of 4GB: it needs more than 6.1GB of tables (730000 pawn
// configurations, about 3m0s); allow it with --budget 7GB or budget: 7GB
// in course.yaml". The budget it suggests keeps every table, as a
// course's check does; one over this computer's memory it does not
// suggest, but says the position cannot be proven here.
func BudgetText(e *solver.BudgetError) string {
	need := wholeGB(keepAll(e))
	if !fits(need) {
		return budgetText(e) + tooBigHere(need)
	}
	allow := sizeText(need)
	return budgetText(e) + fmt.Sprintf("; allow it with --budget %s or budget: %s in course.yaml, or choose a position with fewer pawns or pawns further up", allow, allow)
}

// machineMemory returns this computer's memory in bytes, or 0 when it is
// not known; a variable for the tests.
var machineMemory = machine.Memory

// fits reports whether a budget of n bytes fits this computer's memory
// (when it is not known, every budget does), as the budget check of every
// command that proves requires.
func fits(n int64) bool {
	m := machineMemory()
	return m <= 0 || n <= m
}

// tooBigHere ends a budget text whose position needs a budget of n bytes,
// more than this computer's memory: it names both, and says what to do.
func tooBigHere(n int64) string {
	return fmt.Sprintf("; proving it needs --budget %s, more than this computer's memory (%s), so it cannot be proven here: choose a position with fewer pawns or pawns further up",
		sizeText(n), sizeText(machineMemory()))
}

// ForgettingBudgetText is BudgetText for the error of a solve that drops
// each table once nothing reads it (solve's, which gives no line): it
// suggests what that solve counted it needs at once, a fraction of every
// table kept, and says what a lesson's check would need.
func ForgettingBudgetText(e *solver.BudgetError) string {
	switch {
	case !e.Counted && e.Forget:
		return uncountedText(e)
	case !e.Counted: // only a lower bound is known: every table kept is enough
		return BudgetText(e)
	}
	need := wholeGB(e.Bytes())
	if !fits(need) {
		return budgetText(e) + tooBigHere(need)
	}
	return budgetText(e) + fmt.Sprintf("; allow it with --budget %s (a lesson's check keeps every table: it needs %s), or choose a position with fewer pawns or pawns further up",
		sizeText(need), sizeText(wholeGB(keepAll(e))))
}

// uncountedText is ForgettingBudgetText for a solve that stopped counting
// its configurations at its limit: what it needs at once is not known,
// only far less than what keeping every table needs, so it says how many
// configurations there are, what a lesson's check needs at least, and the
// budget with which solve counts them all.
func uncountedText(e *solver.BudgetError) string {
	known := fmt.Sprintf("this position has more pawn configurations than solve can count within the budget of %s: more than %s (at most %s, about %v to prove), so the memory its proof needs is not known (a lesson's check keeps every table: it needs more than %s)",
		sizeText(e.Limit), Grouped(e.Listed), Grouped(e.Configs), e.Time.Round(time.Second), sizeText(e.Listed*solver.BytesPerConfig))
	count := wholeGB(e.PlanBytes())
	if !fits(count) {
		return known + fmt.Sprintf("; counting them needs --budget %s, more than this computer's memory (%s): choose a position with fewer pawns or pawns further up",
			sizeText(count), sizeText(machineMemory()))
	}
	return known + fmt.Sprintf("; with --budget %s solve counts what it needs, and proves it if that fits, or choose a position with fewer pawns or pawns further up", sizeText(count))
}

// budgetText says how big a position over the budget is.
func budgetText(e *solver.BudgetError) string {
	more := "more than "
	if e.Counted {
		more = ""
	}
	return fmt.Sprintf("this position is too big to prove within the budget of %s: it needs %s%s of tables (%s pawn configurations, about %v to prove)",
		sizeText(e.Limit), more, sizeText(e.Bytes()), Grouped(e.Configs), e.Time.Round(time.Second))
}

// Grouped returns n with its digits in groups of three, such as 1,234,567.
func Grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// keepAll returns the bytes a solve that keeps every table needs for e's
// position: always enough.
func keepAll(e *solver.BudgetError) int64 { return max(e.Bytes(), e.Configs*solver.BytesPerConfig) }

// wholeGB returns the next whole GB above n bytes.
func wholeGB(n int64) int64 { return (n/1e9 + 1) * 1e9 }

// sizeText writes n bytes in GB or MB, rounded to one decimal.
func sizeText(n int64) string {
	if n >= 1e9 {
		return strconv.FormatFloat(math.Round(float64(n)/1e8)/10, 'f', -1, 64) + "GB"
	}
	return strconv.FormatFloat(math.Round(float64(n)/1e5)/10, 'f', -1, 64) + "MB"
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
