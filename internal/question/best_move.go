package question

import (
	"fmt"
	"slices"
	"strings"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// BestMove asks for the best moves of the side to move. The author's Moves
// must equal the solver's set of optimal moves exactly (or, with Winning,
// the set of all moves that keep a forced win): a missing move is a second
// solution the author did not see (a cook), an extra one is a mistake.
//
// A page accepts any one of Moves and, where the side to move wins, a
// slower win as right with a star less, unless Fastest or Every says
// otherwise (see the table in doc.go).
type BestMove struct {
	Position rules.Position
	Goal     solver.Goal  // the whole game, or a sub-goal
	Winning  bool         // accept every winning move, not only the fastest
	Fastest  bool         // fastest: true: a slower win is wrong, and no slower move is listed
	Every    bool         // find: every: the child must play every one of Moves
	Moves    []rules.Move // the author's answer
	// AtOnce is the words of the question's text that say "at once"
	// ("sofort"), or "": Check then requires a win (or the sub-goal) in
	// one move.
	AtOnce string
}

// Slower reports whether a page accepts a slower win as right with a star
// less, and the answer key lists the slower moves: not when the question
// asks for the fastest win only (Fastest), nor when it asks for every one
// of a set of moves (Every), which a slower one is not part of.
func (q *BestMove) Slower() bool { return !q.Fastest && !q.Every }

func (q *BestMove) Kind() Kind { return KindBestMove }

func (q *BestMove) Check(s Solver) (Proof, []Problem) {
	p := q.Position
	if st := p.Status(); st.Over() {
		return Proof{}, problem("position", "the game is over here (%s); there is no move to find", st)
	}
	sol, proof, probs := prove(s, p, q.Goal)
	if probs != nil {
		return proof, probs
	}
	proof.WinIn = winIn(p, q.Goal, sol)
	if q.AtOnce != "" && proof.WinIn != 1 {
		return proof, problem("question", "the question says %q, but %s", q.AtOnce, atOnceText(p, q.Goal, sol))
	}
	want := sol.Best
	if q.Winning {
		var err error
		if want, err = s.WinningMoves(p, q.Goal); err != nil {
			return proof, solveProblem(err)
		}
		if len(want) == 0 {
			return proof, problem("answer", "accept: winning, but %s has no winning move here (%s)", sideName(p.Side), SolutionText(sol, q.Goal))
		}
	}
	var missing, extra []rules.Move
	for _, m := range want {
		if !slices.Contains(q.Moves, m) {
			missing = append(missing, m)
		}
	}
	for _, m := range q.Moves {
		if !slices.Contains(want, m) {
			extra = append(extra, m)
		}
	}
	if len(missing) == 0 && len(extra) == 0 {
		proof.Best = sanList(p, sol.Best)
		if !q.Slower() {
			return proof, nil
		}
		also, what, err := alsoMoves(s, p, q.Goal, sol)
		if err != nil {
			return proof, solveProblem(err)
		}
		proof.AlsoWin, proof.Also = sanList(p, also), what
		return proof, nil
	}
	var why []string
	switch {
	case len(missing) > 0 && len(extra) == len(q.Moves):
		why = append(why, "missing "+p.SANList(missing))
	case len(missing) > 0:
		also := map[bool]string{true: "which also wins", false: "which is just as good"}[q.Winning]
		cook := "a second solution (a cook)"
		if len(missing) > 1 {
			also = map[bool]string{true: "which also win", false: "which are just as good"}[q.Winning]
			cook = "more solutions (cooks)"
		}
		why = append(why, fmt.Sprintf("missing %s, %s: %s, which the answer must list too", p.SANList(missing), also, cook))
	}
	for _, m := range extra {
		if st := p.Apply(m).Status(); st.Over() {
			why = append(why, fmt.Sprintf("%s is not %s: it ends the game (%s)", p.SAN(m), q.wanted(), st))
			continue
		}
		after, err := s.Solve(p.Apply(m), q.Goal)
		if err != nil {
			return proof, solveProblem(err)
		}
		why = append(why, fmt.Sprintf("%s is not %s: %s", p.SAN(m), q.wanted(), AfterText(p, m, sol, after, q.Goal)))
	}
	what := "the best moves are"
	if q.Winning {
		what = "the winning moves are"
	}
	if len(want) == 1 {
		what = strings.Replace(strings.TrimSuffix(what, " are"), "moves", "move", 1) + " is"
	}
	return proof, problem("answer", "answer %s, but %s %s (%s)", p.SANList(q.Moves), what, p.SANList(want), strings.Join(why, "; "))
}

// alsoMoves returns the moves of p, apart from sol's best ones, that also
// reach what the best ones reach, slower: a forced win of the game or of
// the sub-goal. It returns none, and what "", when the side to move cannot
// force it: a side that loses has no move to list apart, and in a draw
// sol.Best already holds every move that keeps the draw, none of them
// faster than another. what says what the moves do: "also win, slower" or
// "also reach the goal, slower".
func alsoMoves(s Solver, p rules.Position, g solver.Goal, sol solver.Solution) (also []rules.Move, what string, err error) {
	w, won := Winner(sol.Result)
	side := p.Side
	if g.Kind != solver.Game {
		side = GoalSide(g)
	}
	if !won || w != side || side != p.Side {
		return nil, "", nil
	}
	what = "also win, slower"
	if g.Kind != solver.Game {
		what = "also reach the goal, slower"
	}
	winning, err := s.WinningMoves(p, g)
	if err != nil {
		return nil, "", err
	}
	for _, m := range winning {
		if !slices.Contains(sol.Best, m) {
			also = append(also, m)
		}
	}
	return also, what, nil
}

// sanList returns moves of p in SAN, sorted.
func sanList(p rules.Position, moves []rules.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.SAN(m)
	}
	slices.Sort(out)
	return out
}

func (q *BestMove) wanted() string {
	if q.Winning {
		return "a winning move"
	}
	return "a best move"
}

// SolutionText describes a solution: "White wins in 7 moves", "it is a
// draw", "White can save 1 more pawn in 3 moves", "White cannot force it".
func SolutionText(sol solver.Solution, g solver.Goal) string {
	if g.Kind == solver.Game {
		return resultText(sol)
	}
	who := sideName(GoalSide(g))
	if c, ok := Winner(sol.Result); ok && c == GoalSide(g) {
		return fmt.Sprintf("%s can %s in %s", who, goalWords(g), Plural(sol.Moves, "move"))
	}
	return fmt.Sprintf("%s cannot %s against the best defence", who, goalWords(g))
}

// AfterText says what the move m of p changes: before is the solution of p,
// after that of the position after m. Counts include m when the mover is
// the side that wins.
func AfterText(p rules.Position, m rules.Move, before, after solver.Solution, g solver.Goal) string {
	san := p.SAN(m)
	wb, wonBefore := Winner(before.Result)
	wa, wonAfter := Winner(after.Result)
	if g.Kind != solver.Game {
		// For a sub-goal only the goal side's success counts.
		side := GoalSide(g)
		wonBefore, wonAfter = wonBefore && wb == side, wonAfter && wa == side
		wb, wa = side, side
	}
	switch {
	case wonBefore && wonAfter && wa == wb && wa == p.Side:
		return fmt.Sprintf("with %s, %s needs %s, not %d", san, sideName(wa), Plural(after.Moves+1, "move"), before.Moves)
	case wonBefore && wonAfter && wa == wb:
		return fmt.Sprintf("after %s, %s needs only %s, not %d", san, sideName(wa), Plural(after.Moves, "move"), before.Moves)
	}
	return "after " + san + ", " + SolutionText(after, g)
}

func (q *BestMove) Wording(p *catalog.Printer) string {
	var ask string
	switch side := q.Position.Side; {
	case q.Goal.Kind != solver.Game && GoalSide(q.Goal) == side:
		ask = p.Say(sideKey("q.best.fastest", side), themeGoal(p, q.Goal))
	case q.Goal.Kind != solver.Game:
		ask = p.Say(sideKey("q.best.longest", side))
	case q.Winning:
		ask = p.Say(sideKey("q.best.winning", side))
	default:
		ask = p.Say(sideKey("q.best.best", side))
	}
	if q.Every {
		ask += " " + p.Say("q.best.every")
	}
	return toMove(p, q.Position) + " " + ask
}

// Key returns the answer's moves, "d8 or Kg1"; with Every, "every move:
// e8, exd8" in the language of p.
func (q *BestMove) Key(p *catalog.Printer) string {
	names := make([]string, len(q.Moves))
	for i, m := range q.Moves {
		names[i] = p.SAN(q.Position.SAN(m))
	}
	if q.Every {
		return p.Say("q.every", strings.Join(names, ", "))
	}
	return strings.Join(names, p.Say("q.or"))
}

// winIn returns the moves the side to move needs to force what sol is the
// solution of (the win, or the sub-goal g), or -1 when it cannot force it.
func winIn(p rules.Position, g solver.Goal, sol solver.Solution) int {
	side := p.Side
	if g.Kind != solver.Game {
		side = GoalSide(g)
	}
	if w, won := Winner(sol.Result); !won || w != side || side != p.Side {
		return -1
	}
	return sol.Moves
}

// atOnceText says why a question that says "at once" asks too much of p:
// "White needs 3 moves to win" or "White cannot force a win".
func atOnceText(p rules.Position, g solver.Goal, sol solver.Solution) string {
	if n := winIn(p, g, sol); n > 1 {
		what := "win"
		if g.Kind != solver.Game {
			what = goalWords(g)
		}
		return fmt.Sprintf("%s needs %s to %s, so no move does it at once: say how many moves, or choose another position", sideName(p.Side), Plural(n, "move"), what)
	}
	return SolutionText(sol, g) + ", so no move of " + sideName(p.Side) + " wins at once: reword the question, or choose another position"
}

func (q *BestMove) Space(*catalog.Printer) Space { return Space{Kind: style.MoveLines} }

// alsoKeys are the catalog's keys of what alsoMoves says the moves do; a
// Proof (kept in the proof cache) holds the English words.
var alsoKeys = map[string]string{
	"also win, slower":            "q.also.win",
	"also reach the goal, slower": "q.also.goal",
}

// AlsoText returns what a Proof's Also says, in the language of p.
func AlsoText(p *catalog.Printer, what string) string {
	if key, ok := alsoKeys[what]; ok {
		return p.Say(key)
	}
	return what
}

func init() {
	define(KindBestMove, KindInfo{Name: "best-move", Solver: true, Levels: [4]int{1, 3, 6, 9},
		Words: []string{"q.best.best.white", "q.best.best.black", "q.best.fastest.white", "q.best.fastest.black",
			"q.best.longest.white", "q.best.longest.black", "q.best.winning.white", "q.best.winning.black", "q.best.every"},
		Requires: withPosition,
		Keys: []Field{
			{Name: "goal", Type: GoalField, Doc: "A sub-goal instead of the win."},
			{Name: "accept", Type: WordField, Words: []string{"best", "winning"}, Doc: "best (the default): exactly the fastest moves; winning: every move that wins."},
			{Name: "fastest", Type: BooleanField, Doc: "true: only the fastest moves are right; a slower win is wrong, and the answer key lists no slower moves. Use it when the question says \"at once\"."},
			{Name: "find", Type: WordField, Words: []string{"one", "every"}, Doc: "one (the default): one of the answer's moves solves it; every: the child must play every move of the answer. Use every when the question says \"every\" or \"all\"."},
		},
		Answer: Field{Type: MoveListField, Doc: "Every best move, such as [Kd3, e5]."},
		Decode: decodeBestMove,
		Encode: func(q Question, out Output) {
			b := q.(*BestMove)
			out.Position("position", b.Position)
			if b.Goal.Kind != solver.Game {
				out.Word("goal", GoalText(b.Goal))
			}
			if b.Winning {
				out.Word("accept", "winning")
			}
			names := make([]string, len(b.Moves))
			for i, m := range b.Moves {
				names[i] = b.Position.SAN(m)
			}
			out.List("answer", names...)
		},
	})
}

// decodeBestMove reads a best-move question: its position, goal, what it
// accepts and the moves of its answer.
func decodeBestMove(in Input) (Question, bool) {
	p, ok := positionAnswer(in)
	q := &BestMove{Position: p}
	if in.Has("goal") {
		var good bool
		q.Goal, good = in.Goal("goal")
		ok = ok && good
	}
	if in.Has("accept") {
		s, good := in.Word("accept", "best", "winning")
		q.Winning, ok = s == "winning", ok && good
	}
	if in.Has("fastest") {
		var good bool
		q.Fastest, good = in.Boolean("fastest")
		ok = ok && good
		if q.Fastest && q.Winning {
			in.Errorf("fastest", "fastest: true, but accept: winning accepts every winning move, the slower ones too; keep one of them")
			ok = false
		}
	}
	if in.Has("find") {
		s, good := in.Word("find", "one", "every")
		q.Every, ok = s == "every", ok && good
	}
	answered := in.Has("answer")
	if ok && answered {
		q.Moves, ok = in.MoveList("answer", p)
	}
	return q, ok && answered
}
