package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"nostromo-lessons/internal/analysis"
	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/generate"
	"nostromo-lessons/internal/publish"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/regular"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// maxGameBytes is the largest game file analyze reads: a game of a
// thousand moves with comments is far smaller.
const maxGameBytes = 1 << 20

// gameInput is where analyze reads a game given as "-" or not at all;
// tests replace it.
var gameInput io.Reader = os.Stdin

// maxKeeping is how many moves may keep the value at a mistake for
// --exercises to make an exercise of it: more, and any move is nearly
// right.
const maxKeeping = 3

// runAnalyze proves every position of a played game and judges every
// move: kept, a slip or a mistake (analysis.Classify), with the best moves
// instead; --exercises writes a bank of "find the better move" exercises
// from the mistakes. Exit status 3 when a position could not be proven
// within the budget (the other moves are judged all the same).
func runAnalyze(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("analyze", stderr)
	asJSON := fs.Bool("json", false, "print the judged moves as JSON: {\"start\", \"moves\": [{\"number\", \"side\", \"san\", \"fen\", \"before\", \"after\", \"class\", \"best\", \"unproven\"}], \"mistakes\", \"slips\", \"unjudged\"}")
	exercises := fs.String("exercises", "", "write a bank of \"find the better move\" exercises from the game's mistakes to `FILE`, to include in a lesson")
	lang := fs.String("language", "en", "the language of the --exercises bank's title, questions and explanations: "+style.LanguageNames())
	forget := fs.Bool("forgetting", false, "prove a position over the budget as solve does, with a solver that drops each table once nothing reads it: values and best moves in far less memory, but minutes a position of five pawns and more")
	pf := addProofFlags(fs)
	pos, err := parse(fs, args, 0, 1)
	if err != nil {
		return err
	}
	language, err := style.ParseLanguage(*lang)
	if err != nil {
		return badInput(fmt.Errorf("analyze: --language %q: want one of %s", *lang, style.LanguageNames()))
	}
	name := "-"
	if len(pos) == 1 {
		name = pos[0]
	}
	g, where, err := readGame(name)
	if err != nil {
		return err
	}
	if *exercises != "" {
		if err := publish.CheckFile(*exercises); err != nil {
			return badInput(fmt.Errorf("analyze: --exercises: %w", err))
		}
	}
	s, err := pf.solver(context.Background(), "analyze", 0, stderr)
	if err != nil {
		return err
	}
	var pr analysis.Prover = s
	if *forget {
		pr = forgettingProver{s, pf, stderr}
	}
	judged := analysis.Analyze(g, pr, nil)
	for _, j := range judged {
		for _, pr := range []analysis.Proven{j.Before, j.After} {
			var over *solver.BudgetError
			if pr.Err != nil && !errors.As(pr.Err, &over) {
				return fmt.Errorf("analyze: %s: %w", pr.Position, pr.Err)
			}
		}
	}
	if *asJSON {
		err = writeAnalysisJSON(rawWriter(stdout), g, judged)
	} else {
		_, err = io.WriteString(stdout, describeAnalysis(g, judged))
	}
	if err != nil {
		return err
	}
	if *exercises != "" {
		n, err := writeBetterBank(*exercises, g, where, judged, s, args, language)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "wrote %s to %s\n", question.Plural(n, "exercise"), *exercises)
	}
	if c := count(judged, analysis.Unjudged); c > 0 {
		return overLimit(fmt.Errorf("analyze: %s not judged: a position was over the budget (%s)%s", question.Plural(c, "move"), overAdvice(judged), pf.tableAdvice()))
	}
	return nil
}

// forgettingProver proves with Solver and, for a position over its budget,
// with the forgetting solve that solve falls back on (proofFlags.forgetting).
type forgettingProver struct {
	question.Solver
	pf     *proofFlags
	stderr io.Writer
}

// Solve implements analysis.Prover.
func (f forgettingProver) Solve(p rules.Position, g solver.Goal) (solver.Solution, error) {
	sol, err := f.Solver.Solve(p, g)
	var over *solver.BudgetError
	if errors.As(err, &over) {
		return f.pf.forgetting(p, g, f.stderr)
	}
	return sol, err
}

// readGame reads and parses the game in the file name, or standard input
// for "-". It returns the game and the name errors give its text.
func readGame(name string) (analysis.Game, string, error) {
	var text []byte
	var err error
	where := name
	if name == "-" {
		where = "standard input"
		text, err = io.ReadAll(io.LimitReader(gameInput, maxGameBytes+1))
		if err == nil && len(text) > maxGameBytes {
			err = regular.ErrTooLarge
		}
	} else {
		var f *os.File
		if f, err = os.Open(name); err == nil {
			text, err = regular.Read(f, maxGameBytes)
			f.Close()
		}
	}
	if err != nil {
		return analysis.Game{}, where, badInput(fmt.Errorf("analyze: %s: %w", where, err))
	}
	g, err := analysis.ParseGame(string(text))
	var at *analysis.Error
	switch {
	case errors.As(err, &at):
		return g, where, badInput(fmt.Errorf("%s:%w", where, err))
	case err != nil:
		return g, where, badInput(fmt.Errorf("analyze: %s: %w", where, err))
	}
	return g, where, nil
}

// count returns how many of judged are of class c.
func count(judged []analysis.Judged, c analysis.Class) int {
	n := 0
	for _, j := range judged {
		if j.Class == c {
			n++
		}
	}
	return n
}

// overAdvice returns the advice for the first position over the budget.
func overAdvice(judged []analysis.Judged) string {
	for _, j := range judged {
		for _, pr := range []analysis.Proven{j.Before, j.After} {
			var over *solver.BudgetError
			if errors.As(pr.Err, &over) {
				return budget.Advice(over)
			}
		}
	}
	return ""
}

// valueText says a proven value as solve does, shorter: "White wins in 7",
// "draw", "Black has won" (the game over), or "not proven".
func valueText(pr analysis.Proven) string {
	if pr.Err != nil {
		return "not proven"
	}
	sol := pr.Solution
	switch {
	case sol.Result == rules.Draw:
		return "draw"
	case pr.Position.Status().Over():
		return upperFirst(sideName(sol.Result)) + " has won"
	}
	return fmt.Sprintf("%s wins in %d", upperFirst(sideName(sol.Result)), sol.Moves)
}

// sideName returns "white" or "black" for the side a result is a win of.
func sideName(r rules.Result) string {
	if r == rules.WhiteWins {
		return "white"
	}
	return "black"
}

// verdictText says why a move is a slip or a mistake, for the side that
// played it: "throws the win away (a draw)", "wins 4 moves slower".
func verdictText(j analysis.Judged) string {
	mover := j.Before.Position.Side
	b, a := j.Before.Solution, j.After.Solution
	wb, wa := analysis.Outcome(analysis.ValueOf(b), mover), analysis.Outcome(analysis.ValueOf(a), mover)
	switch {
	case wb == 1 && wa == 0:
		return "throws the win away: a draw now"
	case wb == 1 && wa == -1:
		return "throws the win away: it loses now"
	case wb == 0:
		return "loses a drawn game"
	case wb == 1:
		return fmt.Sprintf("wins %s slower (in %d, not %d)", question.Plural(a.Moves+1-b.Moves, "move"), a.Moves+1, b.Moves)
	}
	return fmt.Sprintf("loses %s sooner (in %d, not %d)", question.Plural(b.Moves-a.Moves, "move"), a.Moves, b.Moves)
}

// describeAnalysis writes the judged game as a teacher reads it: the
// start and its value, one line a move with the values before and after
// it, the slips and mistakes with the best moves instead, and a summary.
func describeAnalysis(g analysis.Game, judged []analysis.Judged) string {
	var b strings.Builder
	side := "White"
	if g.Start.Side == rules.Black {
		side = "Black"
	}
	start := "the start"
	if g.Start.String() != rules.StartFEN {
		start = g.Start.String()
	}
	value := "not proven"
	if len(judged) > 0 {
		value = valueText(judged[0].Before)
	}
	fmt.Fprintf(&b, "From %s, %s to move: %s.\n", start, side, value)
	p := g.Start
	var unjudged []string
	for i, j := range judged {
		san := p.SAN(j.Move)
		fmt.Fprintf(&b, "%-6s %-6s %-18s -> %s\n", g.MoveNumber(i), san, valueText(j.Before), valueText(j.After))
		switch j.Class {
		case analysis.Slip, analysis.Mistake:
			fmt.Fprintf(&b, "       %s: %s %s; best %s (%s)\n", j.Class, san, verdictText(j), p.SANList(j.Before.Solution.Best), valueText(j.Before))
		case analysis.Unjudged:
			unjudged = append(unjudged, g.MoveNumber(i)+" "+san)
		}
		p = p.Apply(j.Move)
	}
	fmt.Fprintf(&b, "%s, %s", question.Plural(count(judged, analysis.Mistake), "mistake"), question.Plural(count(judged, analysis.Slip), "slip"))
	if len(unjudged) > 0 {
		fmt.Fprintf(&b, "; not judged (a position over the budget): %s", strings.Join(unjudged, ", "))
	}
	b.WriteString(".\n")
	return b.String()
}

// jsonValue is a proven value in analyze --json: result "white", "black"
// or "draw", and moves (null for a draw).
type jsonValue struct {
	Result string `json:"result"`
	Moves  *int   `json:"moves"`
}

func valueJSON(pr analysis.Proven) *jsonValue {
	if pr.Err != nil {
		return nil
	}
	v := &jsonValue{Result: pr.Solution.Result.String()}
	if pr.Solution.Result != rules.Draw {
		n := pr.Solution.Moves
		v.Moves = &n
	}
	return v
}

// writeAnalysisJSON writes the judged game for tools; docs/authoring.md
// describes the shape.
func writeAnalysisJSON(w io.Writer, g analysis.Game, judged []analysis.Judged) error {
	type move struct {
		Number   string     `json:"number"`
		Side     string     `json:"side"`
		SAN      string     `json:"san"`
		Coord    string     `json:"coord"`
		FEN      string     `json:"fen"`
		Before   *jsonValue `json:"before"`
		After    *jsonValue `json:"after"`
		Class    string     `json:"class"`
		Best     []string   `json:"best"`
		Unproven string     `json:"unproven,omitempty"`
	}
	out := struct {
		Start    string `json:"start"`
		Moves    []move `json:"moves"`
		Mistakes int    `json:"mistakes"`
		Slips    int    `json:"slips"`
		Unjudged int    `json:"unjudged"`
	}{Start: g.Start.String(), Moves: []move{}, Mistakes: count(judged, analysis.Mistake), Slips: count(judged, analysis.Slip), Unjudged: count(judged, analysis.Unjudged)}
	for i, j := range judged {
		p := j.Before.Position
		m := move{Number: g.MoveNumber(i), Side: p.Side.String(), SAN: p.SAN(j.Move), Coord: j.Move.String(), FEN: p.String(),
			Before: valueJSON(j.Before), After: valueJSON(j.After), Class: j.Class.String(), Best: []string{}}
		if j.Before.Err == nil {
			m.Best = sanList(p, j.Before.Solution.Best)
		}
		for _, pr := range []analysis.Proven{j.Before, j.After} {
			if pr.Err != nil && m.Unproven == "" {
				m.Unproven = pr.Position.String()
			}
		}
		out.Moves = append(out.Moves, m)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeBetterBank writes to name a bank of "find the better move"
// exercises, one for each mistake at which at most maxKeeping moves keep
// the value, each proven by its own check; the game is in the bank's
// header. It returns how many it wrote.
func writeBetterBank(name string, g analysis.Game, where string, judged []analysis.Judged, s question.Solver, args []string, language style.Language) (int, error) {
	var list []generate.Generated
	for i, j := range judged {
		if j.Class != analysis.Mistake {
			continue
		}
		keeping, err := analysis.Keeping(j, s)
		if err != nil {
			return 0, fmt.Errorf("analyze: --exercises: %w", err)
		}
		if len(keeping) == 0 || len(keeping) > maxKeeping {
			continue
		}
		id := fmt.Sprintf("better-%s", strings.ReplaceAll(strings.TrimRight(g.MoveNumber(i), "."), ".", ""))
		if j.Before.Position.Side == rules.Black {
			id += "-black"
		}
		e := generate.Better(id, j.Before.Position, j.Before.Solution, keeping, j.Move, j.After.Solution, language)
		proof, probs := e.Question.Check(s)
		if len(probs) > 0 {
			return 0, fmt.Errorf("analyze: --exercises: %s: %s", id, probs[0].Msg)
		}
		e.Proof = proof
		list = append(list, e)
	}
	header := generate.BankHeader{
		Title:    generate.DefaultTitle(question.KindBestMove, generate.Options{Language: language}),
		By:       "nostromo-lessons analyze",
		Args:     args,
		Language: language,
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# Exercises from the mistakes of the game in %s, analysed by\n# nostromo-lessons analyze:\n", where)
	for line := range strings.SplitSeq(strings.TrimSuffix(g.Text(), "\n"), "\n") {
		fmt.Fprintf(&buf, "#   %s\n", line)
	}
	if err := generate.WriteBank(&buf, header, list); err != nil {
		return 0, err
	}
	if err := publish.WriteFileContext(context.Background(), name, buf.Bytes()); err != nil {
		return 0, fmt.Errorf("analyze: --exercises: %w", err)
	}
	return len(list), nil
}
