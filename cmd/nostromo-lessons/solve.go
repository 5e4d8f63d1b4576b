package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

func runSolve(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("solve", stderr)
	asJSON := fs.Bool("json", false, "print {\"result\": ..., \"moves\": ..., \"best\": [...], \"line\": [...], \"source\": ...}, source saying which answered: table, book, cache or solver")
	goalText := fs.String("goal", "game", "what to prove: game, save:K (White saves K more pawns) or catch:K (Black catches K more; take:K is the same)")
	maxTimeText := fs.String("max-time", "", "stop at once, with exit status 3, when the estimate of the proof's time (said before a long proof starts) is over this, such as 90s or 2m (default: no limit)")
	pf := addProofFlags(fs)
	p, err := parsePosition(fs, args)
	if err != nil {
		return err
	}
	goal, err := parseGoal(*goalText, p)
	if err != nil {
		return err
	}
	maxTime, err := parseMaxTime(*maxTimeText)
	if err != nil {
		return err
	}
	bytes, err := pf.budgetBytes("solve", 0)
	if err != nil {
		return err
	}
	pf.before = func(p rules.Position, g solver.Goal) error {
		return estimate(p, g, bytes, maxTime, pf, stderr)
	}
	s, err := pf.solver(context.Background(), "solve", 0, stderr)
	if err != nil {
		return err
	}
	sol, err := s.Solve(p, goal)
	var over *solver.BudgetError
	var stop *exitError
	if errors.As(err, &stop) {
		return stop // over --max-time
	}
	if errors.As(err, &over) {
		// Too big to keep every table: a forgetting solve holds only what
		// is still read, and gives no line.
		sol, err = pf.forgetting(p, goal, stderr)
	}
	switch {
	case errors.As(err, &over):
		return overLimit(fmt.Errorf("solve: %s%s", budget.ForgettingAdvice(over), pf.tableAdvice()))
	case err != nil:
		return badInput(fmt.Errorf("solve: %w", err))
	}
	if *asJSON {
		return writeSolveJSON(rawWriter(stdout), p, goal, sol, pf.source())
	}
	text := describeSolution(p, goal, sol)
	if len(sol.Line) == 0 && !p.Status().Over() {
		text += "Line: none shown (the opening book, and solves too big to keep their tables, give values and best moves, not lines).\n"
	}
	_, err = io.WriteString(stdout, text)
	return err
}

// The time a solve takes grows faster than solver.Bound's count of its
// configurations (a bigger solve forgets and rebuilds more, and reaches
// further in memory): on 2 quiet cores, the median of bench/coldsolve's
// 15 cold 5-pawn solves, whose bounds are 0.29 to 1.1 million, took
// about 29 s at a bound of about 870,000 (18 s to 44 s), and the whole
// game (a bound of 12.6 million) takes 22.5 minutes (bench/startpos).
// Between them, 8/8/1n6/8/5P2/1PPPP1P1/8/5K2 w 0 0 (6 pawns, a bound of
// 3.4 million) took 146 s, for which the fit says 208 s. estimateTime fits time = base x (bound / baseConfigs)^growth through both.
const (
	baseConfigs = 870_000
	baseTime    = 29 * time.Second // on 2 cores
	growth      = 1.44
)

// estimateTime returns about how long a solve of a position whose bound
// is configs takes on the given number of cores.
func estimateTime(configs int64, cores int) time.Duration {
	onTwo := float64(baseTime) * math.Pow(float64(configs)/baseConfigs, growth)
	return time.Duration(onTwo * 2 / float64(cores))
}

// parseMaxTime reads --max-time: "" for no limit, else a positive Go
// duration such as 90s or 2m.
func parseMaxTime(text string) (time.Duration, error) {
	if text == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(text)
	if err != nil || d <= 0 {
		return 0, badInput(fmt.Errorf("solve: --max-time %q: want a time such as 90s or 2m", text))
	}
	return d, nil
}

// estimate writes to stderr, before the solver proves p, about how long
// and how much memory the proof takes, from solver.Bound (microseconds);
// with 6 pawns, or over a minute, it adds how the whole-game table answers
// at once. It says nothing for a proof of under 2 seconds, nor with
// --quiet. It returns an over-limit error when the estimate is over
// maxTime (0: no limit).
func estimate(p rules.Position, g solver.Goal, budgetBytes int64, maxTime time.Duration, pf *proofFlags, stderr io.Writer) error {
	configs, err := solver.Bound(p, g)
	if err != nil || configs == 0 {
		return nil // the solver reports the error
	}
	workers := min(runtime.GOMAXPROCS(0), 8)
	took := estimateTime(configs, workers)
	memory := min(configs*solver.BytesPerConfig, budgetBytes)
	advice := ""
	if p.Pawns.Count() >= 6 || took > time.Minute {
		advice = pf.tableAdvice()
	}
	text := fmt.Sprintf("estimate: at most %s configurations: about %s on %d cores, up to %s of memory%s",
		catalog.New(style.English, style.Classic).Number(configs), took.Round(time.Second), workers, budget.Format(memory), advice)
	if maxTime > 0 && took > maxTime {
		return overLimit(fmt.Errorf("solve: %s; over --max-time %s: not solved", text, maxTime))
	}
	if took >= 2*time.Second && !pf.quiet {
		fmt.Fprintf(stderr, "nostromo-lessons: solve: %s\n", text)
	}
	return nil
}

// parseGoal reads the --goal flag ("game", "save:K" or "catch:K") and checks
// that the goal can be asked of p, as the lesson checker does.
func parseGoal(text string, p rules.Position) (solver.Goal, error) {
	if text == "game" {
		return solver.Goal{Kind: solver.Game}, nil
	}
	g, err := question.ParseGoal(text)
	if err == nil {
		err = question.CheckGoal(p, g)
	}
	if err != nil {
		return g, badInput(fmt.Errorf("solve: %w", err))
	}
	return g, nil
}

// writeSolveJSON writes sol as JSON, with source, which answered: "table",
// "book", "cache" or "solver".
func writeSolveJSON(w io.Writer, p rules.Position, goal solver.Goal, sol solver.Solution, source string) error {
	out := struct {
		Result string   `json:"result"`
		Moves  *int     `json:"moves"`
		Best   []string `json:"best"`
		Line   []string `json:"line"`
		Source string   `json:"source"`
	}{Result: sol.Result.String(), Best: sanList(p, sol.Best), Line: lineSAN(p, sol.Line), Source: source}
	if sol.Result != rules.Draw {
		out.Moves = &sol.Moves
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// sanList returns moves of p in SAN.
func sanList(p rules.Position, moves []rules.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.SAN(m)
	}
	return out
}

// lineSAN returns the SAN of a line of moves played from p.
func lineSAN(p rules.Position, line []rules.Move) []string {
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = p.SAN(m)
		p = p.Apply(m)
	}
	return out
}

// describeSolution writes the solution as sentences a teacher can read
// out: who wins, how and when, the best moves and a principal line.
func describeSolution(p rules.Position, goal solver.Goal, sol solver.Solution) string {
	var b strings.Builder
	if st := p.Status(); st.Over() {
		switch st.Result() {
		case rules.WhiteWins:
			fmt.Fprintf(&b, "The game is over: %s, White has won.\n", st)
		case rules.BlackWins:
			fmt.Fprintf(&b, "The game is over: %s, Black has won.\n", st)
		default:
			fmt.Fprintf(&b, "The game is over: %s, a draw.\n", st)
		}
		return b.String()
	}
	end := p
	for _, m := range sol.Line {
		end = end.Apply(m)
	}
	switch goal.Kind {
	case solver.Game:
		switch {
		case sol.Result == rules.Draw:
			b.WriteString("Draw: neither side can force a win.\n")
		case sol.Result == rules.WhiteWins:
			fmt.Fprintf(&b, "White wins: the third pawn is saved on White's %s move.\n", ordinal(sol.Moves))
		case end.Status() == rules.Checkmate:
			fmt.Fprintf(&b, "Black wins: the king is checkmated on Black's %s move.\n", ordinal(sol.Moves))
		default:
			fmt.Fprintf(&b, "Black wins: the fourth pawn is caught on Black's %s move.\n", ordinal(sol.Moves))
		}
	case solver.SaveMore:
		if sol.Result == rules.WhiteWins {
			fmt.Fprintf(&b, "White can save %s in %s.\n", pawns(goal.K), question.Plural(sol.Moves, "move"))
		} else {
			fmt.Fprintf(&b, "White cannot force saving %s.\n", pawns(goal.K))
		}
	case solver.TakeMore:
		if sol.Result == rules.BlackWins {
			fmt.Fprintf(&b, "Black can catch %s in %s.\n", pawns(goal.K), question.Plural(sol.Moves, "move"))
		} else {
			fmt.Fprintf(&b, "Black cannot force catching %s.\n", pawns(goal.K))
		}
	}
	if len(sol.Best) > 0 {
		fmt.Fprintf(&b, "Best: %s.\n", strings.Join(sanList(p, sol.Best), ", "))
	}
	if len(sol.Line) > 0 {
		// A draw's line is cut short; a win's ends the game or goal.
		line := p.NumberedLine(sol.Line, len(sol.Line))
		if sol.Result == rules.Draw && !end.Status().Over() {
			line += " ..."
		}
		fmt.Fprintf(&b, "Line: %s\n", line)
	}
	return b.String()
}

// pawns returns "1 more pawn" or "K more pawns".
func pawns(k int) string {
	if k == 1 {
		return "1 more pawn"
	}
	return fmt.Sprintf("%d more pawns", k)
}

// ordinal returns "1st", "2nd", "3rd", "4th", ... "11th", "21st".
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}
