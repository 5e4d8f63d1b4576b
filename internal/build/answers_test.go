package build_test

import (
	"fmt"
	"html"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/proof"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
	"nostromo-lessons/starter"
)

// shown is what one output shows of an exercise's answer, as text: the
// answer, the line of fastest and slower moves ("" when there is none,
// noFastest when the output never shows one) and the best play ("" when
// there is none).
type shown struct {
	answer, fastest, line string
}

// noFastest is shown.fastest of an output that lists no fastest moves.
const noFastest = "\x00"

// oracle proves again what the outputs show, with the solver and the
// rules engine: it knows nothing of the course's proofs (the sample
// course's oracle shares its solver's tables, not its answers).
type oracle struct {
	s   question.Solver
	say *catalog.Printer
}

func newOracle(s question.Solver, say *catalog.Printer) *oracle {
	return &oracle{s: s, say: say}
}

var (
	sampleOnce2   sync.Once
	sampleOracle  *oracle
	sampleRenders map[string][]byte
)

// sampleOutputs returns the sample course, its files as a build renders
// them (in memory) and an oracle in its words, made once for the tests
// that read them.
func sampleOutputs(t *testing.T) (*course.Course, map[string][]byte, *oracle) {
	t.Helper()
	c := sampleCourse(t)
	sampleOnce2.Do(func() {
		sampleOracle = newOracle(sampleSolver, catalog.New(c.Language, c.Theme))
		sampleRenders = buildtest.Files(t, c, build.Options{})
	})
	return c, sampleRenders, sampleOracle
}

// solve solves p for g and fails the test on an error.
func (o *oracle) solve(t *testing.T, p rules.Position, g solver.Goal) solver.Solution {
	t.Helper()
	sol, err := o.s.Solve(p, g)
	if err != nil {
		t.Fatalf("Solve(%s, %v) = %v", p, g, err)
	}
	return sol
}

// goalOf returns the goal an exercise asks about: a sub-goal, or the game.
func goalOf(e *course.Exercise) solver.Goal {
	switch q := e.Question.(type) {
	case *question.MovesToGoal:
		return q.Goal
	case *question.BestMove:
		return q.Goal
	}
	return solver.Goal{Kind: solver.Game}
}

// reached reports whether the goal g, asked of from, is reached in p: the
// game won (for the game), or K more pawns saved or taken.
func reached(from, p rules.Position, g solver.Goal) (rules.Color, bool) {
	switch g.Kind {
	case solver.SaveMore:
		return rules.White, int(p.Saved-from.Saved) >= g.K
	case solver.TakeMore:
		return rules.Black, int(p.Taken-from.Taken) >= g.K
	}
	return question.Winner(p.Status().Result())
}

// rest returns what is left of g, asked of from, in p: the same game, or
// fewer pawns to save or take.
func rest(from, p rules.Position, g solver.Goal) solver.Goal {
	switch g.Kind {
	case solver.SaveMore:
		g.K -= int(p.Saved - from.Saved)
	case solver.TakeMore:
		g.K -= int(p.Taken - from.Taken)
	}
	return g
}

// moveValue returns how many moves the mover of p needs to reach g after
// its move m, m included, or -1 when it cannot force g after m; draw
// reports whether m keeps at least a draw of the game when the mover
// cannot win it.
func (o *oracle) moveValue(t *testing.T, p rules.Position, m rules.Move, g solver.Goal) (moves int, draw bool) {
	t.Helper()
	after := p.Apply(m)
	if w, ok := reached(p, after, g); ok {
		if w == p.Side {
			return 1, false
		}
		return -1, false
	}
	if after.Status().Over() {
		return -1, g.Kind == solver.Game && after.Status().Result() == rules.Draw
	}
	sol := o.solve(t, after, rest(p, after, g))
	if w, ok := question.Winner(sol.Result); ok && w == p.Side {
		return sol.Moves + 1, false
	}
	return -1, sol.Result == rules.Draw
}

// movesText is a count of moves as the answer key writes it, or "never".
func (o *oracle) movesText(n int) string {
	if n < 0 {
		return o.say.Say("q.never")
	}
	return o.say.Say("count.moves", n)
}

// wantAnswer returns the answer an exercise's outputs must show, proven
// again for the game kinds, and the solution of its position for them.
func (o *oracle) wantAnswer(t *testing.T, e *course.Exercise) (string, *solver.Solution) {
	t.Helper()
	p := e.Position
	switch q := e.Question.(type) {
	case *question.MovesToWin:
		sol := o.solve(t, p, solver.Goal{Kind: solver.Game})
		w, won := question.Winner(sol.Result)
		switch {
		case won && q.Side == nil:
			label := o.say.Word(map[rules.Color]string{rules.White: "white.label", rules.Black: "black.label"}[w])
			return o.say.Say("key.wins-in", label, o.movesText(sol.Moves)), &sol
		case won && *q.Side == w:
			return o.movesText(sol.Moves), &sol
		}
		return o.movesText(-1), &sol
	case *question.MovesToGoal:
		sol := o.solve(t, p, q.Goal)
		if w, won := question.Winner(sol.Result); won && w == question.GoalSide(q.Goal) {
			return o.movesText(sol.Moves), &sol
		}
		return o.movesText(-1), &sol
	case *question.Outcome:
		sol := o.solve(t, p, solver.Goal{Kind: solver.Game})
		if w, won := question.Winner(sol.Result); won {
			return o.say.Say(map[rules.Color]string{rules.White: "q.wins.white", rules.Black: "q.wins.black"}[w]), &sol
		}
		return o.say.Say("q.draw"), &sol
	case *question.BestMove:
		sol := o.solve(t, p, q.Goal)
		want := sol.Best
		if q.Winning {
			var err error
			if want, err = o.s.WinningMoves(p, q.Goal); err != nil {
				t.Fatalf("WinningMoves(%s) = %v", p, err)
			}
		}
		names := make([]string, len(want))
		for i, m := range want {
			names[i] = o.say.SAN(p.SAN(m))
		}
		if q.Every {
			return o.say.Say("q.every", strings.Join(names, ", ")), &sol
		}
		return strings.Join(names, o.say.Say("q.or")), &sol
	}
	// The kinds the rules engine proves: the key's words of the proven
	// answer.
	return e.Question.Key(o.say), nil
}

// check compares what an output shows of e with the exercise proven again.
func (o *oracle) check(t *testing.T, e *course.Exercise, got shown) {
	t.Helper()
	want, sol := o.wantAnswer(t, e)
	if q, ok := e.Question.(*question.BestMove); ok {
		// The key lists the author's moves in the author's order; with
		// find: every it says so before them ("every move: e8, exd8").
		every := strings.TrimSuffix(o.say.Say("q.every", "\x00"), "\x00")
		gotMoves, wantMoves := got.answer, want
		if q.Every {
			var ok1, ok2 bool
			gotMoves, ok1 = strings.CutPrefix(gotMoves, every)
			wantMoves, ok2 = strings.CutPrefix(wantMoves, every)
			if !ok1 || !ok2 {
				t.Errorf("answer %q of find: every does not start %q", got.answer, every)
			}
		}
		if gotSet, wantSet := moveSet(gotMoves, o.say.Say("q.or")), moveSet(wantMoves, o.say.Say("q.or")); !slices.Equal(gotSet, wantSet) {
			t.Errorf("answer %q, but the best moves are %q (%s)", got.answer, want, q.Position)
		}
	} else if got.answer != want {
		t.Errorf("answer %q, want %q (%s)", got.answer, want, e.Position)
	}
	if sol == nil {
		if got.fastest != "" && got.fastest != noFastest || got.line != "" {
			t.Errorf("a rules kind shows fastest %q and line %q", got.fastest, got.line)
		}
		return
	}
	o.checkFastest(t, e, *sol, got.fastest)
	if got.line != "" || len(sol.Line) > 0 || e.Position.Status().Over() {
		o.checkLine(t, e, *sol, got.line)
	}
}

// moveSet splits a list of moves, separated by sep or ", ", and sorts it.
func moveSet(s, sep string) []string {
	s = strings.ReplaceAll(s, sep, ", ")
	out := strings.Split(s, ", ")
	slices.Sort(out)
	return out
}

// fastestLine matches a key's line of fastest and slower moves.
var fastestLine = regexp.MustCompile(`^Fastest: (.+?)\.\s+Moves that (.+?): (.+)\.$`)

// checkFastest checks a best move's line "Fastest: ... Moves that also
// win, slower: ..." against every legal move, each proven again: the
// fastest moves are those that reach the goal soonest, the others those
// that reach it later; and the line is there exactly when the side to
// move can force the goal.
func (o *oracle) checkFastest(t *testing.T, e *course.Exercise, sol solver.Solution, text string) {
	t.Helper()
	if text == noFastest {
		return
	}
	q, ok := e.Question.(*question.BestMove)
	w, won := question.Winner(sol.Result)
	wins := ok && won && w == q.Position.Side
	if ok && (q.Fastest || q.Every) {
		// fastest: true and find: every accept no slower move: the key
		// offers none (issue 28: "at once" listed the king's slower moves).
		if text != "" {
			t.Errorf("%q, but the question accepts no slower move (fastest: %v, find every: %v): the key lists none", text, q.Fastest, q.Every)
		}
		return
	}
	if !wins {
		if text != "" {
			t.Errorf("%q, but %s cannot force the goal here (%s): no move is fastest", text, q.Position.Side, question.SolutionText(sol, q.Goal))
		}
		return
	}
	m := fastestLine.FindStringSubmatch(text)
	if m == nil {
		t.Errorf("no line of fastest moves (%q), though the side to move wins", text)
		return
	}
	fastest, also := m[1], m[3]
	var wantFast, wantAlso []string
	for _, mv := range q.Position.LegalMoves() {
		n, _ := o.moveValue(t, q.Position, mv, q.Goal)
		switch {
		case n == sol.Moves:
			wantFast = append(wantFast, o.say.SAN(q.Position.SAN(mv)))
		case n > sol.Moves:
			wantAlso = append(wantAlso, o.say.SAN(q.Position.SAN(mv)))
		case n > 0:
			t.Errorf("%s reaches the goal in %d moves, sooner than the solution's %d", q.Position.SAN(mv), n, sol.Moves)
		}
	}
	slices.Sort(wantFast)
	slices.Sort(wantAlso)
	alsoText := o.say.Say("key.none")
	if len(wantAlso) > 0 {
		alsoText = strings.Join(wantAlso, ", ")
	}
	if fastest != strings.Join(wantFast, ", ") || also != alsoText {
		t.Errorf("%q: fastest %s and also %s, but proven again the fastest are %v and the slower %v", text, fastest, also, wantFast, wantAlso)
	}
}

// lineToken is a move number of a line: "1." or "1...".
var lineToken = regexp.MustCompile(`^\d+\.(\.\.)?$`)

// checkLine replays a shown best play from the exercise's position: every
// move legal and written as the rules write it, each one best for its side
// (proven again), and the line ending where the goal is reached, with as
// many moves of the winner as the solution says; in a draw no side reaches
// it.
func (o *oracle) checkLine(t *testing.T, e *course.Exercise, sol solver.Solution, line string) {
	t.Helper()
	g := goalOf(e)
	start := e.Position
	p := start
	var moves []rules.Move
	for _, tok := range strings.Fields(line) {
		if lineToken.MatchString(tok) || tok == "..." {
			continue
		}
		if w, done := reached(start, p, g); done || p.Status().Over() {
			t.Errorf("line %q goes on after the goal is reached (won by %v) at %q", line, w, tok)
			return
		}
		m, err := rules.ParseMove(p, strings.TrimRight(catalog.EnglishSAN(tok), "+#"))
		if err != nil {
			t.Errorf("line %q from %s: %v", line, start, err)
			return
		}
		if got, want := tok, o.say.SAN(p.SAN(m)); got != want {
			t.Errorf("line %q writes %q, the rules write %q", line, got, want)
		}
		if best := o.solve(t, p, rest(start, p, g)).Best; !slices.Contains(best, m) {
			t.Errorf("line %q: %s is not a best move of %s (best: %s)", line, tok, p, p.SANList(best))
		}
		moves = append(moves, m)
		p = p.Apply(m)
	}
	if want := start.NumberedLine(moves, len(moves)); !strings.HasPrefix(strings.TrimSuffix(line, " ..."), o.say.SAN(want)) && len(moves) > 0 {
		t.Errorf("line %q is numbered unlike %q", line, o.say.SAN(want))
	}
	w, won := question.Winner(sol.Result)
	gotW, done := reached(start, p, g)
	switch {
	case won && (!done || gotW != w):
		t.Errorf("line %q ends before %v reaches the goal (%s)", line, w, p)
	case won && countMoves(start, moves, w) != sol.Moves:
		t.Errorf("line %q: %v plays %d moves, but the solution takes %d", line, w, countMoves(start, moves, w), sol.Moves)
	case !won && done:
		t.Errorf("line %q of a draw ends in a win for %v", line, gotW)
	}
}

// countMoves counts the moves of side c among moves played from p.
func countMoves(p rules.Position, moves []rules.Move, c rules.Color) int {
	n := 0
	for _, m := range moves {
		if p.Side == c {
			n++
		}
		p = p.Apply(m)
	}
	return n
}

// mdUnescape undoes the Markdown writer's backslashes.
var mdUnescape = regexp.MustCompile(`\\(.)`)

// markdownShown reads each exercise's answer from a lesson's Markdown, by
// its number.
func markdownShown(t *testing.T, md string, say *catalog.Printer) map[int]shown {
	t.Helper()
	out := map[int]shown{}
	_, exercises, _ := strings.Cut(md, "\n## "+say.Say("site.exercises")+"\n")
	for _, sec := range strings.Split(exercises, "\n### ")[1:] {
		num, _, _ := strings.Cut(sec, ". ")
		n, err := strconv.Atoi(num)
		if err != nil {
			t.Fatalf("an exercise's heading %q has no number", sec[:min(len(sec), 30)])
		}
		var s shown
		for _, l := range strings.Split(sec, "\n") {
			l = mdUnescape.ReplaceAllString(l, "$1")
			if a, ok := strings.CutPrefix(l, "**"+say.Say("site.answer")+":** "); ok {
				s.answer = a
			}
			if strings.HasPrefix(l, "Fastest: ") {
				s.fastest = l
			}
			if a, ok := strings.CutPrefix(l, "**"+say.Say("site.line")+"** "); ok {
				s.line = a
			}
		}
		out[n] = s
	}
	return out
}

// TestMarkdownAnswers reads every exercise's answer, fastest moves and best
// play from the sample course's Markdown and proves each again with a
// solver of its own: the answer, every move of the lists, every move of the
// line, and where the line ends.
func TestMarkdownAnswers(t *testing.T) {
	c, files, o := sampleOutputs(t)
	say := o.say
	for _, l := range c.Lessons {
		got := markdownShown(t, string(files["teacher/md/"+l.ID+".md"]), say)
		if len(got) != len(l.Exercises) {
			t.Errorf("teacher/md/%s.md shows %d exercises, want %d", l.ID, len(got), len(l.Exercises))
		}
		for i, e := range l.Exercises {
			t.Run(fmt.Sprintf("%s/%d", l.ID, i+1), func(t *testing.T) { o.check(t, e, got[i+1]) })
		}
	}
}

// siteArticle finds a lesson page's exercises, siteAnswer and siteLine
// their answers and best play, sitePlay their games to play out.
var (
	siteArticle = regexp.MustCompile(`(?s)<article class="exercise" id="exercise-(\d+)".*?</article>`)
	siteAnswer  = regexp.MustCompile(`<p class="answer-text"><strong>(.*?)</strong></p>`)
	siteLine    = regexp.MustCompile(`<p class="line">.*?<span class="san">(.*?)</span></p>`)
	sitePlay    = regexp.MustCompile(`<div class="nl-play" data-fen="([^"]*)" data-side="([wb])"`)
)

// siteShown reads each exercise's answer and best play from a lesson page,
// by its number, and the position its play button starts from ("" for
// none).
func siteShown(t *testing.T, page string) (map[int]shown, map[int]string) {
	t.Helper()
	out, plays := map[int]shown{}, map[int]string{}
	for _, a := range siteArticle.FindAllStringSubmatch(page, -1) {
		n, _ := strconv.Atoi(a[1])
		var s shown
		if m := siteAnswer.FindStringSubmatch(a[0]); m != nil {
			s.answer = html.UnescapeString(m[1])
		}
		if m := siteLine.FindStringSubmatch(a[0]); m != nil {
			s.line = html.UnescapeString(m[1])
		}
		out[n] = s
		if m := sitePlay.FindStringSubmatch(a[0]); m != nil {
			plays[n] = html.UnescapeString(m[1])
		}
	}
	return out, plays
}

// TestSiteAnswers reads every exercise's answer and best play from the
// sample course's lesson pages and proves each again, and checks that a
// page's game against the alien starts from the exercise's diagram.
func TestSiteAnswers(t *testing.T) {
	c, files, o := sampleOutputs(t)
	for _, l := range c.Lessons {
		got, plays := siteShown(t, string(files["site/"+l.ID+".html"]))
		if len(got) != len(l.Exercises) {
			t.Errorf("site/%s.html shows %d exercises, want %d", l.ID, len(got), len(l.Exercises))
		}
		for i, e := range l.Exercises {
			t.Run(fmt.Sprintf("%s/%d", l.ID, i+1), func(t *testing.T) {
				s := got[i+1]
				s.fastest = noFastest
				o.check(t, e, s)
				if fen, ok := plays[i+1]; ok && fen != e.Position.String() {
					t.Errorf("the page plays from %s, but the exercise's position is %s", fen, e.Position)
				}
			})
		}
	}
}

// keyShown reads each exercise's answer, fastest moves and best play from
// an answer key's text (pdftotext -raw), by its number, and the answer
// strip's entries. An entry's lines that wrap are joined again; "Best
// play: as in 3." is exercise 3's best play.
func keyShown(t *testing.T, text string, say *catalog.Printer, n int) (map[int]shown, map[int]string) {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(strings.ReplaceAll(text, "\f", "\n"), "\n") {
		if !keyFooter.MatchString(l) {
			lines = append(lines, l)
		}
	}
	strip, entries := map[int]string{}, map[int]shown{}
	glance := slices.Index(lines, say.Say("key.strip"))
	first := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "1 ") })
	if glance < 0 || first < glance {
		t.Fatalf("no answer strip before exercise 1")
	}
	items := strings.Split(strings.Join(lines[glance+1:first], " "), " · ")
	for i, it := range items {
		num, a, _ := strings.Cut(it, ": ")
		if num != strconv.Itoa(i+1) {
			t.Fatalf("the strip's item %q is not %d", it, i+1)
		}
		strip[i+1] = a
	}
	as := regexp.MustCompile(`^` + regexp.QuoteMeta(say.Say("key.line-as", 999)[:strings.Index(say.Say("key.line-as", 999), "999")]) + `(\d+)\.$`)
	num, cur := 0, shown{}
	for i := first; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, strconv.Itoa(num+1)+" ") && num < n {
			if num > 0 {
				entries[num] = cur
			}
			num, cur = num+1, shown{}
			continue
		}
		switch {
		case strings.HasPrefix(l, "Answer: ") && cur.answer == "":
			cur.answer = strings.TrimPrefix(l, "Answer: ")
			for i+1 < len(lines) && (strings.HasSuffix(cur.answer, ",") || keyPath.MatchString(lines[i+1])) {
				i++
				cur.answer += " " + lines[i]
			}
		case strings.HasPrefix(l, "Fastest: "):
			cur.fastest = l
			for !fastestLine.MatchString(cur.fastest) && i+1 < len(lines) {
				i++
				cur.fastest += " " + lines[i]
			}
		case as.MatchString(l):
			k, _ := strconv.Atoi(as.FindStringSubmatch(l)[1])
			cur.line = entries[k].line
		case strings.HasPrefix(l, "Best play: ") && cur.line == "":
			cur.line = strings.TrimPrefix(l, "Best play: ")
			for i+1 < len(lines) && allMoves(lines[i+1]) {
				i++
				cur.line += " " + lines[i]
			}
		}
	}
	if num > 0 {
		entries[num] = cur
	}
	return entries, strip
}

// keyPath is a labyrinth's path on a line of its own.
var keyPath = regexp.MustCompile(`^[a-h][1-8](-[a-h][1-8])+$`)

// keyFooter is an answer key page's footer line.
var keyFooter = regexp.MustCompile(` · answer key Page \d+$`)

// moveToken is a move of a line, or its number.
var moveToken = regexp.MustCompile(`^(\d+\.(\.\.)?|\.\.\.|[KN]?x?[a-h]?[1-8]?[a-h][1-8][+#]?|N@f6[+#]?|[a-h]x[a-h][1-8])$`)

// allMoves reports whether a line of text holds nothing but moves.
func allMoves(l string) bool {
	f := strings.Fields(l)
	for _, w := range f {
		if !moveToken.MatchString(w) {
			return false
		}
	}
	return len(f) > 0
}

// stripItem is what the answer strip shows of an answer as the key
// states it: a number of moves without its word, the winner in lower case
// before it, a side alone, and lists of moves or squares without commas.
func stripItem(answer string) string {
	if m := regexp.MustCompile(`^(.+) wins, in (\d+) moves?$`).FindStringSubmatch(answer); m != nil {
		return strings.ToLower(m[1]) + " " + m[2]
	}
	if m := regexp.MustCompile(`^(\d+) moves?\b`).FindStringSubmatch(answer); m != nil {
		return m[1]
	}
	if m := regexp.MustCompile(`^(?:The )?(.+) wins$`).FindStringSubmatch(answer); m != nil {
		return strings.ToLower(m[1])
	}
	if answer == "Draw" {
		return "draw"
	}
	return strings.ReplaceAll(strings.ReplaceAll(answer, " or ", "/"), ", ", " ")
}

// TestPrintedAnswers reads the sample course's answer keys and play
// cards with pdftotext and checks them (keyAnswers, playCards).
func TestPrintedAnswers(t *testing.T) {
	needPoppler(t)
	c, _, o := sampleOutputs(t)
	dir := t.TempDir()
	buildPDFs(t, c.Paper, dir)
	t.Run("keys", func(t *testing.T) { keyAnswers(t, c, o, dir) })
	t.Run("play cards", func(t *testing.T) { playCards(t, c, o.say, dir) })
}

// keyAnswers reads every answer key in dir: each entry's answer, fastest
// and slower moves and best play are proven again, and each item of the
// answer strip is its entry's answer.
func keyAnswers(t *testing.T, c *course.Course, o *oracle, dir string) {
	say := o.say
	for _, l := range c.Lessons {
		var paper []*course.Exercise
		for _, e := range l.Exercises {
			if !e.SiteOnly {
				paper = append(paper, e)
			}
		}
		out, err := exec.Command("pdftotext", "-raw", "-enc", "UTF-8", filepath.Join(dir, l.ID+"-answers.pdf"), "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s-answers.pdf: %v", l.ID, err)
		}
		entries, strip := keyShown(t, string(out), say, len(paper))
		if len(entries) != len(paper) || len(strip) != len(paper) {
			t.Errorf("%s-answers.pdf: %d entries and %d strip items, want %d", l.ID, len(entries), len(strip), len(paper))
		}
		for i, e := range paper {
			t.Run(fmt.Sprintf("%s/%d", l.ID, i+1), func(t *testing.T) {
				got := entries[i+1]
				o.check(t, e, got)
				if want := stripItem(got.answer); strip[i+1] != want {
					t.Errorf("the strip shows %q, the entry %q (%q)", strip[i+1], want, got.answer)
				}
			})
		}
	}
}

// cardPosition is one position of a play card as pdftotext reads it: the
// exercises it names, its diagram's labels, what the text says of it.
type cardPosition struct {
	exercises []int
	diagram   []string // the diagram's lines: files, ranks, counters, side
	text      string   // where the pieces stand and the counters so far
	starts    string   // who starts
	win       string   // what counts as winning
}

// cardHead is a play card position's heading.
var cardHead = regexp.MustCompile(`^Position \d+(?: \(exercises? ([\d, ]+)\)|: .*)$`)

// cardPositions reads a play card's positions from its text.
func cardPositions(text string, say *catalog.Printer) []cardPosition {
	var out []cardPosition
	var before []string // the lines since the last position: its diagram
	var cur *cardPosition
	field := (*string)(nil)
	for _, l := range strings.Split(strings.ReplaceAll(text, "\f", "\n"), "\n") {
		switch m := cardHead.FindStringSubmatch(l); {
		case m != nil:
			out = append(out, cardPosition{diagram: before})
			cur, before = &out[len(out)-1], nil
			for _, n := range strings.Split(m[1], ", ") {
				if k, err := strconv.Atoi(n); err == nil {
					cur.exercises = append(cur.exercises, k)
				}
			}
			field = &cur.text
		case cur == nil:
			before = append(before, l)
		case l == say.Say("play.starts.white") || l == say.Say("play.starts.black"):
			cur.starts, field = l, nil
		case strings.HasPrefix(l, "To win: "):
			cur.win, field = l, &cur.win
		case strings.HasPrefix(l, "Game "):
			field = nil
		case field != nil:
			*field += " " + l
		default:
			before = append(before, l)
		}
	}
	return out
}

// squares finds the squares a text names, in order.
var squares = regexp.MustCompile(`\b[a-h][1-8]\b`)

// numbers finds the numbers a text names, in order.
var numbers = regexp.MustCompile(`\d+`)

// checkCard checks what a play card says of one position against the
// position of an exercise it names: the pieces' squares (king, pawns,
// knight), the counters in its words and on its diagram, who starts, and
// how many pawns each side must still save or take to win the game or the
// exercise's goal.
func checkCard(t *testing.T, cp cardPosition, e *course.Exercise, say *catalog.Printer) {
	t.Helper()
	p := e.Position
	text, sofar, _ := strings.Cut(cp.text, " So far ")
	var want []string
	want = append(want, p.King.String())
	for s := rules.A1; s <= rules.H8; s++ {
		if p.Pawns.Has(s) {
			want = append(want, s.String())
		}
	}
	if !p.FlightPending() {
		want = append(want, p.Knight.String())
	}
	if got := squares.FindAllString(text, -1); !slices.Equal(got, want) {
		t.Errorf("the card sets up %q (%v), but the position %s has %v", text, got, p, want)
	}
	counters := fmt.Sprint(numbers.FindAllString(sofar, -1))
	if wantC := fmt.Sprint([]string{strconv.Itoa(int(p.Saved)), strconv.Itoa(int(p.Taken))}); sofar == "" && (p.Saved > 0 || p.Taken > 0) || sofar != "" && counters != wantC {
		t.Errorf("the card says %q so far, but the position %s has saved %d, taken %d", sofar, p, p.Saved, p.Taken)
	}
	diagram := strings.Join(cp.diagram, "\n")
	if want := fmt.Sprintf("%s\n%d\n%s\n%d", say.Say("diagram.saved"), p.Saved, say.Say("diagram.taken"), p.Taken); !strings.Contains(diagram, want) {
		t.Errorf("the card's diagram shows %q, want the counters %q", diagram, want)
	}
	side, starts := say.Word("white.label"), say.Say("play.starts.white")
	if p.Side == rules.Black {
		side, starts = say.Word("black.label"), say.Say("play.starts.black")
	}
	if cp.starts != starts || !strings.Contains(diagram, side+"\n"+say.Say("diagram.to-move")) {
		t.Errorf("the card says %q (its diagram %q), but %s is to move in %s", cp.starts, diagram, side, p)
	}
	g := goalOf(e)
	wantWin := []int{rules.SavesToWin - int(p.Saved), rules.TakesToWin - int(p.Taken)}
	if g.Kind != solver.Game {
		wantWin = []int{g.K}
	}
	if got := numbers.FindAllString(cp.win, -1); fmt.Sprint(got) != fmt.Sprint(wantWin) {
		t.Errorf("the card says %q, but to win there remain %v (goal %s)", cp.win, wantWin, question.GoalString(g))
	}
}

// playCards reads every play card in dir and checks each position it
// sets up against the exercises it names.
func playCards(t *testing.T, c *course.Course, say *catalog.Printer, dir string) {
	for _, l := range c.Lessons {
		var paper []*course.Exercise
		for _, e := range l.Exercises {
			if !e.SiteOnly {
				paper = append(paper, e)
			}
		}
		out, err := exec.Command("pdftotext", "-raw", "-enc", "UTF-8", filepath.Join(dir, l.ID+"-play.pdf"), "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s-play.pdf: %v", l.ID, err)
		}
		cards := cardPositions(string(out), say)
		if len(cards) == 0 {
			t.Errorf("%s-play.pdf: no position", l.ID)
		}
		for i, cp := range cards {
			t.Run(fmt.Sprintf("%s/%d", l.ID, i+1), func(t *testing.T) {
				if len(cp.exercises) == 0 {
					checkCard(t, cp, &course.Exercise{Position: c.Start}, say)
				}
				for _, n := range cp.exercises {
					if n < 1 || n > len(paper) {
						t.Fatalf("the card names exercise %d of %d", n, len(paper))
					}
					checkCard(t, cp, paper[n-1], say)
				}
			})
		}
	}
}

// The claims of questions about their own answers.
var (
	thereAre  = regexp.MustCompile(`There (?:are (\w+)|is only (one))\.`)
	theFork   = regexp.MustCompile(`Find the jump that attacks two .+ or more\.`)
	someForks = regexp.MustCompile(`(\w+) jumps attack two .+ or more\. Which one wins fastest\?`)
	theCheck  = regexp.MustCompile(`Find the check that also attacks an? .+\.`)
)

// countWords reads a count written as a word or in digits.
func countWord(w string) int {
	if n, err := strconv.Atoi(w); err == nil {
		return n
	}
	return slices.Index([]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}, strings.ToLower(w))
}

// forks returns the knight's moves of p after which it attacks two pawns
// or more, in SAN.
func forks(p rules.Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		if after := p.Apply(m); (rules.KnightAttacks(m.To) & after.Pawns).Count() >= 2 {
			out = append(out, p.SAN(m))
		}
	}
	slices.Sort(out)
	return out
}

// checkForks returns the knight's moves of p that give check and attack a
// pawn as well, in SAN.
func checkForks(p rules.Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		if after := p.Apply(m); after.InCheck() && rules.KnightAttacks(m.To)&after.Pawns != 0 {
			out = append(out, p.SAN(m))
		}
	}
	slices.Sort(out)
	return out
}

// TestQuestionClaims reads the questions of the sample course's Markdown
// and holds what they say to the answers and positions: how many moves
// there are to find, which jumps fork two pawns or more, which checks
// attack a pawn too, and the moves
// played from the start to the exercise's position.
func TestQuestionClaims(t *testing.T) {
	c, files, o := sampleOutputs(t)
	say := o.say
	played := regexp.MustCompile(`^` + regexp.QuoteMeta(catalog.Expand("$White played ", c.Language, c.Theme)) + `(.+?)\. `)
	claims := 0
	for _, l := range c.Lessons {
		md := string(files["teacher/md/"+l.ID+".md"])
		for i, e := range l.Exercises {
			head := fmt.Sprintf("\n### %d. ", i+1)
			_, q, ok := strings.Cut(md, head)
			if !ok {
				t.Fatalf("teacher/md/%s.md has no exercise %d", l.ID, i+1)
			}
			q, _, _ = strings.Cut(mdUnescape.ReplaceAllString(q, "$1"), "\n")
			bm, isBest := e.Question.(*question.BestMove)
			var answer []string
			if isBest {
				for _, m := range bm.Moves {
					answer = append(answer, say.SAN(bm.Position.SAN(m)))
				}
				slices.Sort(answer)
			}
			t.Run(fmt.Sprintf("%s/%d", l.ID, i+1), func(t *testing.T) {
				if m := thereAre.FindStringSubmatch(q); m != nil {
					claims++
					if n := countWord(m[1] + m[2]); !isBest || n != len(answer) {
						t.Errorf("%q, but the answer is %v", q, answer)
					}
				}
				if theFork.MatchString(q) {
					claims++
					if f := forks(e.Position); !isBest || !slices.Equal(f, answer) {
						t.Errorf("%q: the jumps that attack two or more are %v, the answer %v", q, f, answer)
					}
				}
				if theCheck.MatchString(q) {
					claims++
					if f := checkForks(e.Position); !isBest || !slices.Equal(f, answer) {
						t.Errorf("%q: the checks that attack a pawn are %v, the answer %v", q, f, answer)
					}
				}
				if m := played.FindStringSubmatch(q); m != nil {
					claims++
					checkPlayed(t, c.Start, m[1], e.Position, say)
				}
				if m := someForks.FindStringSubmatch(q); m != nil {
					claims++
					f := forks(e.Position)
					if !isBest || countWord(m[1]) != len(f) || len(answer) == 0 {
						t.Errorf("%q: the jumps that attack two or more are %v, the answer %v", q, f, answer)
					}
					for _, a := range answer {
						if !slices.Contains(f, a) {
							t.Errorf("%q: the answer %s attacks fewer than two", q, a)
						}
					}
				}
			})
		}
	}
	if claims == 0 {
		t.Error("no question of the sample course says anything of its answer")
	}
}

// checkPlayed replays the moves a question says were played from start
// ("b3, $black Nd5, $white Kd1"), each side in turn, and wants the
// exercise's position.
func checkPlayed(t *testing.T, start rules.Position, moves string, want rules.Position, say *catalog.Printer) {
	t.Helper()
	p := start
	for _, mv := range regexp.MustCompile(`, | and then | and `).Split(moves, -1) {
		for _, side := range []string{"$white ", "$black "} {
			mv = strings.TrimPrefix(mv, catalog.Expand(side, say.Language(), say.Theme()))
		}
		m, err := rules.ParseMove(p, catalog.EnglishSAN(mv))
		if err != nil {
			t.Errorf("%q played from %s: %v", moves, start, err)
			return
		}
		p = p.Apply(m)
	}
	if p != want {
		t.Errorf("%q played from %s gives %s, but the exercise's position is %s", moves, start, p, want)
	}
}

// TestStarterAnswers proves again the answers and best play that the
// starter course of every language (what new --language writes) shows in
// its Markdown and on its pages.
func TestStarterAnswers(t *testing.T) {
	s := proof.Book{Inner: solver.New(solver.Options{Budget: budget.Default})}
	for _, lang := range style.Languages() {
		t.Run(lang.String(), func(t *testing.T) {
			c, err := course.Check(starter.For(lang), s)
			if err != nil {
				t.Fatalf("Check(starter %s) = %v", lang, err)
			}
			say := catalog.New(c.Language, c.Theme)
			files := buildtest.Files(t, c, build.Options{})
			o := newOracle(s, say)
			for _, l := range c.Lessons {
				md := markdownShown(t, string(files["teacher/md/"+l.ID+".md"]), say)
				site, _ := siteShown(t, string(files["site/"+l.ID+".html"]))
				if len(md) != len(l.Exercises) || len(site) != len(l.Exercises) {
					t.Errorf("%s shows %d exercises in Markdown and %d on its page, want %d", l.ID, len(md), len(site), len(l.Exercises))
				}
				for i, e := range l.Exercises {
					t.Run(fmt.Sprintf("%s/%d", l.ID, i+1), func(t *testing.T) {
						o.check(t, e, md[i+1])
						got := site[i+1]
						got.fastest = noFastest
						o.check(t, e, got)
					})
				}
			}
		})
	}
}

// The teacher's guide's references to a worksheet's exercises:
// "Exercises 1-4 (mark squares), 5-12 (is the move allowed?)" and
// "Exercise 18 ($knight from f3 to e6)".
var (
	guideRanges = regexp.MustCompile(`Exercises? ((?:\d+(?:-\d+)? \([^()]*(?:\([^()]*\))?[^()]*\)(?:, )?)+)`)
	guideRange  = regexp.MustCompile(`(\d+)(?:-(\d+))? \(([^()]*(?:\([^()]*\))?[^()]*)\)`)
	guideWalk   = regexp.MustCompile(`Exercise (\d+) \([^()]* from ([a-h][1-8]) to ([a-h][1-8])\)`)
)

// guideKinds are the kinds a range's words name, where they name one.
var guideKinds = map[string][]question.Kind{
	"labyrinth":    {question.KindLabyrinth},
	"allowed":      {question.KindLegal},
	"mark squares": {question.KindKnightMoves, question.KindKingMoves},
	"who wins":     {question.KindOutcome},
}

// TestTeacherReferences holds the teacher's guide's references to a
// lesson's worksheet to the worksheet: a list of ranges covers its
// exercises, each once, each range of the kind its words name, and a
// labyrinth named by its squares is that exercise.
func TestTeacherReferences(t *testing.T) {
	c := sampleCourse(t)
	refs := 0
	for _, l := range model.Model(c, model.Settings{}).Lessons {
		paper := l.OnPaper().Exercises
		var checked []*course.Exercise
		for _, e := range c.Lessons[slices.IndexFunc(c.Lessons, func(cl *course.Lesson) bool { return cl.ID == l.ID })].Exercises {
			if !e.SiteOnly {
				checked = append(checked, e)
			}
		}
		for _, m := range guideRanges.FindAllStringSubmatch(l.Teacher, -1) {
			rs := guideRange.FindAllStringSubmatch(m[1], -1)
			if len(rs) < 2 {
				continue // one exercise named in passing
			}
			refs++
			next := 1
			for _, r := range rs {
				from, _ := strconv.Atoi(r[1])
				to := from
				if r[2] != "" {
					to, _ = strconv.Atoi(r[2])
				}
				if from != next || to < from || to > len(paper) {
					t.Errorf("%s: the guide's %q, but the worksheet has exercises 1-%d", l.ID, m[0], len(paper))
					break
				}
				next = to + 1
				for word, kinds := range guideKinds {
					if !strings.Contains(r[3], word) {
						continue
					}
					for n := from; n <= to; n++ {
						if !slices.Contains(kinds, checked[n-1].Kind) {
							t.Errorf("%s: the guide says exercises %s-%d are %q, but %d is %s", l.ID, r[1], to, r[3], n, checked[n-1].Kind)
						}
					}
				}
			}
			if next != len(paper)+1 {
				t.Errorf("%s: the guide's %q leaves out exercises %d-%d", l.ID, m[0], next, len(paper))
			}
		}
		for _, m := range guideWalk.FindAllStringSubmatch(l.Teacher, -1) {
			refs++
			n, _ := strconv.Atoi(m[1])
			var q question.Question
			if n >= 1 && n <= len(checked) {
				q = checked[n-1].Question
			}
			lab, ok := q.(*question.Labyrinth)
			if !ok || lab.From.String() != m[2] || lab.To.String() != m[3] {
				t.Errorf("%s: the guide's %q, but exercise %d is not that labyrinth", l.ID, m[0], n)
			}
		}
	}
	if refs == 0 {
		t.Error("the sample course's guide refers to no exercise")
	}
}

// countClaim finds a count of moves an explanation ends a sentence with,
// or says a goal takes: "Four moves for the crew.", "That makes 2 + 6 = 8
// moves.", "in three moves".
var countClaim = regexp.MustCompile(`(?:(?:^|[.!:=] )(\w+) moves?(?: for [\w ]+| in all)?\.|\bin (\w+) moves?\b)`)

// numberWords are the counts an explanation writes in words.
var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}

// claimedCount reads a count in digits or in words, or -1.
func claimedCount(w string) int {
	if n, err := strconv.Atoi(w); err == nil {
		return n
	}
	return slices.Index(numberWords, strings.ToLower(w))
}

// TestExplanationCounts reads the explanations of the sample course's
// Markdown and holds every count of moves they end a sentence with, or say
// a win takes ("in four moves"), to the count proven again: the answer of
// a count, a labyrinth or moves-to-win and moves-to-goal, the winner's
// moves of an outcome or a best move.
func TestExplanationCounts(t *testing.T) {
	c, files, o := sampleOutputs(t)
	claims := 0
	for _, l := range c.Lessons {
		_, exercises, _ := strings.Cut(string(files["teacher/md/"+l.ID+".md"]), "\n## "+o.say.Say("site.exercises")+"\n")
		for i, sec := range strings.Split(exercises, "\n### ")[1:] {
			e := l.Exercises[i]
			var explain []string
			for _, line := range strings.Split(sec, "\n")[1:] {
				if line != "" && !strings.HasPrefix(line, "**") && !strings.HasPrefix(line, "![") && !strings.HasPrefix(line, "Fastest: ") && !strings.HasPrefix(line, "- [") {
					explain = append(explain, mdUnescape.ReplaceAllString(line, "$1"))
				}
			}
			text := strings.Join(explain, " ")
			for _, m := range countClaim.FindAllStringSubmatch(text, -1) {
				n := claimedCount(m[1] + m[2])
				if n < 0 {
					continue // not a count: "the other moves."
				}
				claims++
				t.Run(fmt.Sprintf("%s/%d", l.ID, i+1), func(t *testing.T) {
					if want := o.provenCount(t, e); n != want {
						t.Errorf("%q says %d moves, but proven again it is %d", m[0], n, want)
					}
				})
			}
		}
	}
	if claims == 0 {
		t.Error("no explanation of the sample course counts moves")
	}
}

// provenCount returns the count of moves an exercise's explanation may
// name: its proven answer, or the winner's moves.
func (o *oracle) provenCount(t *testing.T, e *course.Exercise) int {
	t.Helper()
	switch q := e.Question.(type) {
	case *question.CountMoves:
		return len(q.Position.LegalMoves())
	case *question.Labyrinth:
		dist, _, _ := q.Solve()
		return dist
	}
	sol := o.solve(t, e.Position, goalOf(e))
	if _, won := question.Winner(sol.Result); !won {
		return -1
	}
	return sol.Moves
}

// captionAfter is a caption that says which moves led to its board from
// the start: "After e3 Ne4.", "After 1.e3 Ne4 $knight attacks ...".
var captionAfter = regexp.MustCompile(`^After ((?:(?:\d+\. ?)?(?:[KN]?x?[a-h]?[1-8]?[a-h][1-8]|N@f6)[+#]?(?: |[.,]|$)){2,})`)

// moveNumber is a move's number before it: "1." of "1.e3" or "1. e3".
var moveNumber = regexp.MustCompile(`^\d+\.`)

// captionAttacks is what a caption says the knight attacks or guards, and
// not.
var (
	captionAttacks = regexp.MustCompile(`(?:attacks|guards|jump to) ((?:[a-h][1-8](?:, | and | or )?)+)`)
	captionNot     = regexp.MustCompile(`, not ((?:[a-h][1-8](?:, | and | or )?)+)`)
)

// TestCaptionClaims holds what the captions of the sample course's
// diagrams (intros, explanations, teacher's guides) say of their boards to the boards: the moves that led to one
// from the start, where the knight stands, and the squares it attacks or
// does not.
func TestCaptionClaims(t *testing.T) {
	c := sampleCourse(t)
	knightOn := regexp.MustCompile(`^(?:` + regexp.QuoteMeta(catalog.Expand("$Knight on ", c.Language, c.Theme)) + `|From |N)([a-h][1-8])\b`)
	claims := 0
	for _, l := range c.Lessons {
		ds := slices.Concat(l.Diagrams, l.TeacherDiagrams)
		for _, e := range l.Exercises {
			ds = append(ds, e.Diagrams...)
		}
		for _, d := range ds {
			if d.Caption == "" || d.FEN == "" {
				continue
			}
			p := d.Position
			if m := captionAfter.FindStringSubmatch(d.Caption); m != nil {
				claims++
				var moves []string
				for _, tok := range strings.Fields(m[1]) {
					if tok = strings.TrimRight(moveNumber.ReplaceAllString(tok, ""), ".,"); tok != "" {
						moves = append(moves, tok)
					}
				}
				checkPlayed(t, c.Start, strings.Join(moves, ", "), p, catalog.New(c.Language, c.Theme))
			}
			for _, sentence := range strings.Split(d.Caption, ". ") {
				m := knightOn.FindStringSubmatch(sentence)
				if m == nil {
					continue
				}
				claims++
				from, _ := rules.ParseSquare(m[1])
				if strings.HasPrefix(sentence, catalog.Expand("$Knight on ", c.Language, c.Theme)) && p.Knight != from {
					t.Errorf("%s: %q, but the knight is on %s (%s)", l.ID, d.Caption, p.Knight, p)
				}
				for _, a := range captionAttacks.FindAllStringSubmatch(sentence, -1) {
					for _, s := range squares.FindAllString(a[1], -1) {
						if sq, _ := rules.ParseSquare(s); !rules.KnightAttacks(from).Has(sq) {
							t.Errorf("%s: %q, but from %s the knight does not reach %s", l.ID, d.Caption, from, s)
						}
					}
				}
				for _, a := range captionNot.FindAllStringSubmatch(sentence, -1) {
					for _, s := range squares.FindAllString(a[1], -1) {
						if sq, _ := rules.ParseSquare(s); rules.KnightAttacks(from).Has(sq) {
							t.Errorf("%s: %q, but from %s the knight reaches %s", l.ID, d.Caption, from, s)
						}
					}
				}
			}
		}
	}
	if claims == 0 {
		t.Error("no caption of the sample course says anything this test reads")
	}
}

// TestThemedAnswers builds the sample course's Markdown in every other
// theme, whose answers the build words anew, and proves each answer and
// best play again in that theme's words.
func TestThemedAnswers(t *testing.T) {
	c, _, sample := sampleOutputs(t)
	for _, th := range style.Themes() {
		if th == c.Theme {
			continue
		}
		t.Run(th.String(), func(t *testing.T) {
			say := catalog.New(c.Language, th)
			o := newOracle(sample.s, say)
			files := buildtest.Files(t, c, build.Options{Theme: &th})
			for _, l := range c.Lessons {
				got := markdownShown(t, string(files["teacher/md/"+l.ID+".md"]), say)
				for i, e := range l.Exercises {
					t.Run(fmt.Sprintf("%s/%d", l.ID, i+1), func(t *testing.T) { o.check(t, e, got[i+1]) })
				}
			}
		})
	}
}
