package generate

import (
	"fmt"
	"strings"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// The solver kinds draw positions one configuration at a time: the pawns
// and the counters (what the solver builds one table for) stay, and the
// king, the knight and the side to move are drawn again and again. The
// first solve builds the tables; the next ones only read them. A
// configuration gives at most poolExercises exercises, so that a set shows
// many pawn structures, and is dropped after poolDraws draws.
const (
	poolExercises = 2
	poolDraws     = 300
	// maxTables caps the tables a configuration of levels 1 to 3 may need,
	// whatever the budget: more would make generation slow (a table takes
	// about 3 ms). The middle games of levels 4 and 5 may use many more.
	maxTables = 80
)

// levelTables is the most tables a configuration of each level may need.
var levelTables = [...]int{1: maxTables, 2: maxTables, 3: maxTables, 4: 1500, 5: 4000}

// pool is the configuration the solver kinds draw from.
type pool struct {
	p     rules.Position // pawns and counters; king, knight and side are redrawn
	goal  solver.Goal
	left  int // exercises it may still give
	draws int // draws left
}

// solveSpec is the kind of position a level of the solver kinds draws from:
// few pawns near rank 8 for the easy levels, more and further back for the
// hard ones: levels 4 and 5 are middle games of three to five pawns.
func solveSpec(target, blackToMove int) positionSpec {
	switch target {
	case 1, 2:
		return positionSpec{minPawns: 1, maxPawns: 2, minRank: 4, maxRank: 6, blackToMove: blackToMove}
	case 3:
		return positionSpec{minPawns: 1, maxPawns: 3, minRank: 3, maxRank: 6, blackToMove: blackToMove}
	case 4:
		return positionSpec{minPawns: 3, maxPawns: 4, minRank: 2, maxRank: 5, blackToMove: blackToMove}
	}
	return positionSpec{minPawns: 4, maxPawns: 5, minRank: 2, maxRank: 5, blackToMove: blackToMove}
}

// TablesNeeded returns the number of configurations (pawns and counters)
// the solver builds a table for to solve p for goal g from empty, or more
// than limit when there are more (it stops counting there). A solve within
// a budget of B states succeeds when TablesNeeded(p, g, B/StatesPerConfig)
// is at most B/StatesPerConfig.
func TablesNeeded(p rules.Position, g solver.Goal, limit int) int {
	type config struct {
		pawns        rules.Bitboard
		saved, taken uint8
	}
	saveEnd, takeEnd := uint8(rules.SavesToWin), uint8(rules.TakesToWin)
	switch g.Kind {
	case solver.SaveMore:
		if g.K > p.Pawns.Count() || int(p.Saved)+g.K > rules.SavesToWin {
			return 0 // unreachable: the solver answers without tables
		}
		saveEnd = p.Saved + uint8(g.K)
	case solver.TakeMore:
		if g.K > p.Pawns.Count() || int(p.Taken)+g.K > rules.TakesToWin {
			return 0
		}
		takeEnd = p.Taken + uint8(g.K)
	}
	seen := map[config]bool{}
	var visit func(c config)
	visit = func(c config) {
		if c.saved >= saveEnd || c.taken >= takeEnd || seen[c] || len(seen) > limit {
			return
		}
		seen[c] = true
		for b := c.pawns; b != 0; b &= b - 1 {
			from := b.First()
			rest := c.pawns &^ from.Bit()
			visit(config{rest, c.saved, c.taken + 1})
			for _, d := range [3]int{8, 7, 9} {
				if d == 7 && from.File() == 0 || d == 9 && from.File() == 7 {
					continue
				}
				to := from + rules.Square(d)
				switch {
				case c.pawns.Has(to):
				case to.Rank() == 7:
					visit(config{rest, c.saved + 1, c.taken})
				default:
					visit(config{rest | to.Bit(), c.saved, c.taken})
				}
			}
		}
	}
	visit(config{p.Pawns, p.Saved, p.Taken})
	return len(seen)
}

// tableLimit is the most tables a generated position may need: the
// budget's, and never more than its level's levelTables.
func (g *generator) tableLimit(target int) int {
	limit := levelTables[target]
	if g.opts.Budget > 0 {
		limit = min(limit, int(g.opts.Budget/solver.StatesPerConfig))
	}
	return limit
}

// solvedPosition draws a position for the solver kinds at level target, in
// the current pool (a new one when it is used up): the king, the knight and
// the side to move drawn anew, the pawns and counters kept. goal chooses
// the goal of a new pool. With Options.Games it draws from a game instead
// (gamePosition). It returns false when the draw gave nothing.
func (g *generator) solvedPosition(target, blackToMove int, goal func(p rules.Position) (solver.Goal, bool)) (rules.Position, solver.Goal, bool) {
	if g.opts.Games != nil {
		return g.gamePosition()
	}
	if g.pool == nil || g.pool.left == 0 || g.pool.draws == 0 {
		g.pool = nil
		p, ok := g.randomPosition(solveSpec(target, blackToMove))
		if !ok {
			return p, solver.Goal{}, false
		}
		gl, ok := goal(p)
		if !ok {
			return p, gl, false
		}
		if limit := g.tableLimit(target); TablesNeeded(p, gl, limit) > limit {
			return p, gl, false
		}
		g.pool = &pool{p: p, goal: gl, left: poolExercises, draws: poolDraws}
	}
	g.pool.draws--
	p := g.pool.p
	p.King = g.square(p.Pawns)
	p.Knight = g.square(p.Pawns | p.King.Bit())
	p.Side = rules.White
	if g.rng.IntN(100) < blackToMove {
		p.Side = rules.Black
	}
	return p, g.pool.goal, Plausible(p) == nil
}

// gamePosition draws a position from a random game (Options.Games), with
// the start's pawns or one fewer on the board, to ask about the whole game.
// It returns false when the draw gave nothing.
func (g *generator) gamePosition() (rules.Position, solver.Goal, bool) {
	start := g.opts.Games.Start
	p, ok := GamePosition(g.rng, start)
	n := p.Pawns.Count()
	return p, solver.Goal{Kind: solver.Game}, ok && n <= start.Pawns.Count() && n >= start.Pawns.Count()-1
}

// took tells the pool that an exercise was made from it.
func (g *generator) took() {
	if g.pool != nil {
		g.pool.left--
	}
}

// judged is a position solved for a goal, with its measure.
type judged struct {
	sol      solver.Solution
	measure  Measure
	tempting []rules.Move // the tempting wrong moves, in SAN order
	afters   []solver.Solution
}

// judge solves p for goal gl and measures it: the goal side's distance (a
// draw or a failed goal counts drawDistance) and 2 per tempting wrong move
// of the side to move (see tempts).
//
// It returns false when the solve failed (over the budget), when keep
// rejects the solution, or as soon as the score is past level target: the
// tempting moves are the costly part, so they are counted last.
func (g *generator) judge(p rules.Position, gl solver.Goal, target int, keep func(solver.Solution) bool) (judged, bool) {
	s := g.opts.Solver
	sol, err := s.Solve(p, gl)
	if err != nil || !keep(sol) {
		return judged{}, false
	}
	j := judged{sol: sol}
	d, text := drawDistance, ""
	if c, ok := question.Winner(sol.Result); ok && (gl.Kind == solver.Game || c == question.GoalSide(gl)) {
		d = sol.Moves
		text = question.SolutionText(sol, gl)
	} else if gl.Kind == solver.Game {
		text = "a draw"
	} else {
		text = question.SolutionText(sol, gl)
	}
	lo, hi := LevelRange(g.kind, target)
	if hi >= 0 && d > hi {
		return j, false
	}
	for _, m := range p.LegalMoves() {
		if containsMove(sol.Best, m) {
			continue
		}
		after, err := s.Solve(p.Apply(m), gl)
		if err != nil {
			return judged{}, false
		}
		if tempts(p, m) {
			j.tempting = append(j.tempting, m)
			j.afters = append(j.afters, after)
			if hi >= 0 && d+2*len(j.tempting) > hi {
				return j, false
			}
		}
	}
	if d+2*len(j.tempting) < lo {
		return j, false
	}
	if len(j.tempting) > 0 {
		text += ", " + question.Plural(len(j.tempting), "tempting wrong move")
	}
	j.measure = Measure{d + 2*len(j.tempting), text}
	return j, true
}

// tempts reports whether m, a wrong move of p (one not among the best),
// is a tempting one: a move a child reaches for first because it does
// something. For White that is any pawn move (a step, a save, a capture)
// and the king taking the knight; for Black a capture or a check. A quiet
// king move or knight jump is wrong, but not tempting.
func tempts(p rules.Position, m rules.Move) bool {
	if p.Side == rules.White {
		return m.From != p.King || p.IsCapture(m)
	}
	return p.IsCapture(m) || p.Apply(m).InCheck()
}

func containsMove(moves []rules.Move, m rules.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// structureClass is the variety class of a pawn structure: a set shows
// few exercises of any one (see generator.varied).
func structureClass(p rules.Position) string {
	return fmt.Sprintf("structure %016x %d %d", p.Pawns, p.Saved, p.Taken)
}

// gameGoal is the goal of the kinds that ask about the whole game.
func gameGoal(rules.Position) (solver.Goal, bool) { return solver.Goal{Kind: solver.Game}, true }

// freshQuestion returns the keep function of judge for a question asked from the
// solution: ask builds it (or rejects the solution), and a question already
// taken is rejected before judge counts the tempting moves.
func (g *generator) freshQuestion(ask func(solver.Solution) (question.Question, bool)) func(solver.Solution) bool {
	return func(sol solver.Solution) bool {
		q, ok := ask(sol)
		return ok && g.fresh(DuplicateKey(q))
	}
}

// solvedQuestion makes a question about a solved position: pool draws the
// goal, ask words the question from the solution (its answer proven), and
// classes names the question's variety classes (see generator.varied).
func (g *generator) solvedQuestion(target int, pool func(rules.Position) (solver.Goal, bool),
	ask func(p rules.Position, gl solver.Goal, sol solver.Solution) question.Question,
	classes func(q question.Question, gl solver.Goal, sol solver.Solution) []string) *candidate {
	p, gl, ok := g.solvedPosition(target, 25, pool)
	if !ok {
		return nil
	}
	word := func(sol solver.Solution) (question.Question, bool) { return ask(p, gl, sol), true }
	j, ok := g.judge(p, gl, target, g.freshQuestion(word))
	if !ok {
		return nil
	}
	q := ask(p, gl, j.sol)
	g.took()
	return &candidate{
		Generated: Generated{Question: q, Key: DuplicateKey(q), Measure: j.measure},
		classes:   append(classes(q, gl, j.sol), structureClass(p)),
	}
}

// outcome makes an outcome question.
func (g *generator) outcome(target int) *candidate {
	return g.solvedQuestion(target, gameGoal,
		func(p rules.Position, _ solver.Goal, sol solver.Solution) question.Question {
			return &question.Outcome{Position: p, Answer: sol.Result}
		},
		func(_ question.Question, _ solver.Goal, sol solver.Solution) []string {
			return []string{"result " + sol.Result.String()}
		})
}

// movesToWin makes a moves-to-win question about the side that wins.
func (g *generator) movesToWin(target int) *candidate {
	return g.solvedQuestion(target, gameGoal,
		func(p rules.Position, _ solver.Goal, sol solver.Solution) question.Question {
			answer := sol.Moves
			if _, won := question.Winner(sol.Result); !won {
				answer = question.Never
			}
			return &question.MovesToWin{Position: p, Answer: answer}
		},
		func(q question.Question, _ solver.Goal, sol solver.Solution) []string {
			return []string{"answer " + answerText(q.(*question.MovesToWin).Answer), "result " + sol.Result.String()}
		})
}

// subGoal draws the goal of a moves-to-goal pool: save or take 1 or 2
// pawns, as many as the position allows.
func (g *generator) subGoal(p rules.Position) (solver.Goal, bool) {
	gl := solver.Goal{Kind: solver.SaveMore, K: 1 + g.rng.IntN(2)}
	if g.chance(1, 2) {
		gl.Kind = solver.TakeMore
	}
	return gl, question.GoalProblem(p, gl) == nil
}

// movesToGoal makes a moves-to-goal question.
func (g *generator) movesToGoal(target int) *candidate {
	return g.solvedQuestion(target, g.subGoal,
		func(p rules.Position, gl solver.Goal, sol solver.Solution) question.Question {
			answer := question.Never
			if c, won := question.Winner(sol.Result); won && c == question.GoalSide(gl) {
				answer = sol.Moves
			}
			return &question.MovesToGoal{Position: p, Goal: gl, Answer: answer}
		},
		func(q question.Question, gl solver.Goal, _ solver.Solution) []string {
			return []string{"answer " + answerText(q.(*question.MovesToGoal).Answer), "goal " + question.GoalString(gl)}
		})
}

// bestGoal draws the goal of a best-move pool: mostly the whole game, now
// and then saving or taking one pawn.
func (g *generator) bestGoal(p rules.Position) (solver.Goal, bool) {
	switch g.rng.IntN(4) {
	case 0:
		gl := solver.Goal{Kind: solver.SaveMore, K: 1}
		return gl, question.GoalProblem(p, gl) == nil
	case 1:
		gl := solver.Goal{Kind: solver.TakeMore, K: 1}
		return gl, question.GoalProblem(p, gl) == nil
	}
	return solver.Goal{Kind: solver.Game}, true
}

// bestMove makes a best-move question: the side to move reaches the goal
// (wins the game, or saves or takes its pawn), and with Unique it has only
// one fastest move. The explanation names the tempting wrong moves.
func (g *generator) bestMove(target int) *candidate {
	p, gl, ok := g.solvedPosition(target, 30, g.bestGoal)
	if !ok {
		return nil
	}
	if gl.Kind != solver.Game && question.GoalSide(gl) != p.Side {
		p.Side = question.GoalSide(gl) // the goal side finds the move
		if Plausible(p) != nil {
			return nil
		}
	}
	if p.CountLegalMoves() < 2 {
		return nil
	}
	ask := func(sol solver.Solution) (question.Question, bool) {
		c, won := question.Winner(sol.Result)
		ok := won && c == p.Side && (!g.opts.Unique || len(sol.Best) == 1)
		return &question.BestMove{Position: p, Goal: gl, Moves: sol.Best}, ok
	}
	j, ok := g.judge(p, gl, target, g.freshQuestion(ask))
	if !ok {
		return nil
	}
	q, _ := ask(j.sol)
	g.took()
	return &candidate{
		Generated: Generated{Question: q, Key: DuplicateKey(q), Measure: j.measure, Explain: g.bestExplain(p, gl, j)},
		classes:   []string{"goal " + question.GoalString(gl), "piece " + p.PieceAt(j.sol.Best[0].From).String(), structureClass(p)},
	}
}

// bestExplain explains a best-move answer for the answer key, in the
// bank's language and a child's words: what the best move achieves, and
// why each tempting move (at most three) is wrong.
func (g *generator) bestExplain(p rules.Position, gl solver.Goal, j judged) string {
	w := g.words
	var b strings.Builder
	b.WriteString(w.Say("gen.best", w.SAN(p.SANList(j.sol.Best)), solutionWords(w, j.sol, gl)))
	for i, m := range j.tempting {
		if i == 3 {
			break
		}
		if i == 0 {
			b.WriteString(w.Say("gen.best.careful"))
		} else {
			b.WriteString(";")
		}
		b.WriteString(" " + afterWords(w, p, m, j.sol, j.afters[i], gl))
	}
	if len(j.tempting) > 0 {
		b.WriteString(".")
	}
	return b.String()
}

// solutionWords says what a solution means for goal gl, as
// question.SolutionText does, in a child's words: "$white wins in 7
// moves", "it is a draw", "$black can catch 1 $pawn in 2 moves", "$white
// cannot ... if $black defends well".
func solutionWords(w *catalog.Printer, sol solver.Solution, gl solver.Goal) string {
	if gl.Kind == solver.Game {
		if c, ok := question.Winner(sol.Result); ok {
			return w.Say(sideKey("gen.best.wins", c), w.Say("gen.in.moves", sol.Moves))
		}
		return w.Say("gen.best.draw")
	}
	side := question.GoalSide(gl)
	if c, ok := question.Winner(sol.Result); ok && c == side {
		return w.Say(sideKey("gen.best.can", side), goalWords(w, gl), w.Say("gen.in.moves", sol.Moves))
	}
	return w.Say(sideKey("gen.best.cannot", side), goalWords(w, gl))
}

// goalWords says a sub-goal as an infinitive: "catch 2 $pawns",
// "$save.verb 1 more $pawn$save.rest".
func goalWords(w *catalog.Printer, gl solver.Goal) string {
	if gl.Kind == solver.SaveMore {
		return w.Say("gen.goal.save", gl.K)
	}
	return w.Say("gen.goal.take", gl.K)
}

// afterWords says what the move m of p changes, as question.AfterText
// does, the move in the piece letters of w's language: before is the solution of p, after that of the position after m.
// Counts include m when the mover is the side that wins.
func afterWords(w *catalog.Printer, p rules.Position, m rules.Move, before, after solver.Solution, gl solver.Goal) string {
	san := w.SAN(p.SAN(m))
	wb, wonBefore := question.Winner(before.Result)
	wa, wonAfter := question.Winner(after.Result)
	if gl.Kind != solver.Game {
		// For a sub-goal only the goal side's success counts.
		side := question.GoalSide(gl)
		wonBefore, wonAfter = wonBefore && wb == side, wonAfter && wa == side
		wb, wa = side, side
	}
	switch {
	case wonBefore && wonAfter && wa == wb && wa == p.Side:
		return w.Say(sideKey("gen.best.with", wa), san, w.Say("gen.moves", after.Moves+1), before.Moves)
	case wonBefore && wonAfter && wa == wb:
		return w.Say(sideKey("gen.best.only", wa), san, w.Say("gen.moves", after.Moves), before.Moves)
	}
	return w.Say("gen.best.after", san, solutionWords(w, after, gl))
}
