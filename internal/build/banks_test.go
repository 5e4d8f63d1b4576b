package build_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// TestBankExplanations reads the explanation of every exercise of the
// sample course's generated banks (exercises/*.yaml, as the loader words
// them) and holds what it claims to the rules engine and to a solver of
// its own: the squares a piece reaches, guards or catches on, the counts of
// moves, yes or no, who wins and in how many moves, every line given as an
// example, a labyrinth's way and whether it is the only one, and a best
// move's "Careful:" about each tempting move.
func TestBankExplanations(t *testing.T) {
	c, _, o := sampleOutputs(t)
	n := 0
	for _, b := range c.Banks {
		if b.Generated == nil {
			continue
		}
		for _, e := range b.Exercises {
			n++
			t.Run(b.File+"/"+e.ID, func(t *testing.T) { o.checkExplain(t, e) })
		}
	}
	if n == 0 {
		t.Fatal("the sample course has no generated bank")
	}
}

// checkExplain checks one generated explanation.
func (o *oracle) checkExplain(t *testing.T, e *course.Exercise) {
	t.Helper()
	text := e.Explain
	if text == "" {
		t.Fatal("no explanation")
	}
	p := e.Position
	switch q := e.Question.(type) {
	case *question.KnightMoves:
		first, rest, _ := strings.Cut(text, ". ")
		jumps := rules.KnightAttacks(p.Knight) &^ p.King.Bit()
		wantNamed(t, squares.FindAllString(first, -1), append([]string{p.Knight.String()}, names(jumps)...), first)
		want := names(jumps & p.Pawns)
		if rules.KnightAttacks(p.Knight).Has(p.King) {
			want = append(want, p.King.String())
		}
		wantNamed(t, squares.FindAllString(rest, -1), want, rest)
	case *question.KingMoves:
		first, rest, _ := strings.Cut(text, ". ")
		white := p
		white.Side = rules.White
		var steps rules.Bitboard
		for _, m := range white.LegalMoves() {
			if m.From == p.King {
				steps |= m.To.Bit()
			}
		}
		wantNamed(t, squares.FindAllString(first, -1), names(steps), first)
		near := rules.KingAttacks(p.King)
		want := append(names(near&rules.KnightAttacks(p.Knight)&^p.Pawns), names(near&p.Pawns)...)
		wantNamed(t, squares.FindAllString(rest, -1), want, rest)
	case *question.CountMoves:
		var want []int
		if p.Side == rules.Black {
			want = []int{len(p.LegalMoves())}
		} else {
			king, pawns := 0, 0
			for _, m := range p.LegalMoves() {
				if m.From == p.King {
					king++
				} else {
					pawns++
				}
			}
			want = []int{king, pawns, king, pawns, king + pawns}
		}
		if got := numbers.FindAllString(text, -1); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q counts %v, the rules %v (%s)", text, got, want, p)
		}
	case *question.Legal:
		if yes := strings.HasPrefix(text, "Yes"); yes != q.Answer || !yes && !strings.HasPrefix(text, "No") {
			t.Errorf("%q, but the move is legal: %v", text, q.Answer)
		}
	case *question.Labyrinth:
		o.checkLabyrinthExplain(t, q, text)
	case *question.BestMove:
		o.checkBestExplain(t, e, q, text)
	default:
		o.checkGameExplain(t, e, text)
	}
}

// names returns the names of the squares of b, by file and rank.
func names(b rules.Bitboard) []string {
	var out []string
	for _, s := range question.SortedSquares(b) {
		out = append(out, s.String())
	}
	return out
}

// wantNamed compares the squares a sentence names with the true ones, in
// any order.
func wantNamed(t *testing.T, got, want []string, sentence string) {
	t.Helper()
	got, want = slices.Clone(got), slices.Clone(want)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%q names %v, the rules say %v", sentence, got, want)
	}
}

// The claims of the explanations of the game kinds.
var (
	pathText    = regexp.MustCompile(`([a-h][1-8](?:-[a-h][1-8])+)\. .* (\d+) \w+\.$`)
	exampleText = regexp.MustCompile(` For example: (.*)\.$`)
	movesIn     = regexp.MustCompile(`\bin (\d+) moves?\b`)
)

// checkLabyrinthExplain checks a labyrinth's way: it goes from the start
// to the target by shortest moves, has as many moves as it says, and is
// called the only one only when it is.
func (o *oracle) checkLabyrinthExplain(t *testing.T, q *question.Labyrinth, text string) {
	t.Helper()
	m := pathText.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("%q names no way", text)
	}
	dist, paths, _ := q.Solve()
	next := q.Accept(question.Proof{}).Path.Next
	way := strings.Split(m[1], "-")
	if way[0] != q.From.String() || way[len(way)-1] != q.To.String() || len(way)-1 != dist || m[2] != strconv.Itoa(dist) {
		t.Errorf("%q: the way from %s to %s takes %d moves", text, q.From, q.To, dist)
	}
	for i := 0; i+1 < len(way); i++ {
		if !slices.Contains(next[way[i]], way[i+1]) {
			t.Errorf("%q: %s-%s is not a step of a shortest way", text, way[i], way[i+1])
		}
	}
	only := o.say.Say("gen.labyrinth.only", "@", "@")
	if strings.HasPrefix(text, only[:strings.Index(only, "@")]) && paths != 1 {
		t.Errorf("%q, but there are %d shortest ways", text, paths)
	}
}

// checkGameExplain checks who wins and in how many moves, against a
// solve of the exercise's goal, and replays the example line.
func (o *oracle) checkGameExplain(t *testing.T, e *course.Exercise, text string) {
	t.Helper()
	g := goalOf(e)
	sol := o.solve(t, e.Position, g)
	w, won := question.Winner(sol.Result)
	var want string
	switch {
	case g.Kind != solver.Game && won:
		want = o.say.Say(sideKey("gen.goal.can", w), goalText(o.say, g), o.say.Say("gen.in.moves", sol.Moves))
	case g.Kind != solver.Game:
		want = o.say.Say(sideKey("gen.goal.cannot", question.GoalSide(g)), goalText(o.say, g))
	case !won:
		want = o.say.Say("gen.draw")
	case movesIn.MatchString(text):
		want = o.say.Say(sideKey("gen.wins.in", w), o.say.Say("gen.in.moves", sol.Moves))
	default:
		want = o.say.Say(sideKey("gen.wins.best", w))
	}
	if !strings.HasPrefix(text, want) {
		t.Errorf("%q, but proven again: %q", text, want)
	}
	if m := exampleText.FindStringSubmatch(text); m != nil {
		o.checkLine(t, e, sol, m[1])
	}
}

// goalText is a sub-goal in an explanation's words.
func goalText(say *catalog.Printer, g solver.Goal) string {
	if g.Kind == solver.SaveMore {
		return say.Say("gen.goal.save", g.K)
	}
	return say.Say("gen.goal.take", g.K)
}

// sideKey returns key + ".white" or key + ".black".
func sideKey(key string, c rules.Color) string {
	if c == rules.White {
		return key + ".white"
	}
	return key + ".black"
}

// The claims of a best move's explanation: "Best: M (...in N moves)."
// and after "Careful:" each tempting move's clause.
var (
	bestText    = regexp.MustCompile(`^Best: (\S+) \((.*)\)\.`)
	withText    = regexp.MustCompile(`^with (\S+), .* needs (\d+) moves?, not (\d+)$`)
	onlyText    = regexp.MustCompile(`^after (\S+), .* needs only (\d+) moves?, not (\d+)$`)
	afterText   = regexp.MustCompile(`^after (\S+), (.*)$`)
	cannotText  = regexp.MustCompile(` cannot .* defends well$`)
	winsInText  = regexp.MustCompile(` (?:wins|can .*) in (\d+) moves?$`)
	carefulText = regexp.MustCompile(` Careful: (.*)\.$`)
)

// checkBestExplain checks a best move's explanation: the best move is an
// answer, reaching the goal in as many moves as said, and each tempting
// move does what its clause says, proven again.
func (o *oracle) checkBestExplain(t *testing.T, e *course.Exercise, q *question.BestMove, text string) {
	t.Helper()
	p := q.Position
	sol := o.solve(t, p, q.Goal)
	m := bestText.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("%q names no best move", text)
	}
	best, err := rules.ParseMove(p, catalog.EnglishSAN(m[1]))
	if err != nil || !slices.Contains(sol.Best, best) {
		t.Errorf("%q: %s is not a best move (%s)", text, m[1], p.SANList(sol.Best))
	}
	if n := movesIn.FindStringSubmatch(m[2]); n != nil && n[1] != strconv.Itoa(sol.Moves) {
		t.Errorf("%q, but the goal takes %d moves", text, sol.Moves)
	}
	c := carefulText.FindStringSubmatch(text)
	if c == nil {
		return
	}
	for _, clause := range strings.Split(c[1], "; ") {
		a := afterText.FindStringSubmatch(clause)
		if a == nil {
			a = withText.FindStringSubmatch(clause)
		}
		if a == nil {
			t.Errorf("%q: clause %q says nothing this test reads", text, clause)
			continue
		}
		mv, err := rules.ParseMove(p, catalog.EnglishSAN(a[1]))
		if err != nil {
			t.Errorf("%q: %v", clause, err)
			continue
		}
		after := p.Apply(mv)
		asol := o.solve(t, after, rest(p, after, q.Goal))
		aw, awon := question.Winner(asol.Result)
		mover, _ := o.moveValue(t, p, mv, q.Goal)
		switch w := withText.FindStringSubmatch(clause); {
		case w != nil:
			if w[2] != strconv.Itoa(mover) || w[3] != strconv.Itoa(sol.Moves) {
				t.Errorf("%q: after %s the side to move needs %d moves, the best %d", clause, a[1], mover, sol.Moves)
			}
		case onlyText.MatchString(clause):
			w := onlyText.FindStringSubmatch(clause)
			if !awon || aw == p.Side || w[2] != strconv.Itoa(asol.Moves) || w[3] != strconv.Itoa(sol.Moves) {
				t.Errorf("%q: after %s, %v in %d moves (before %d)", clause, a[1], asol.Result, asol.Moves, sol.Moves)
			}
		case a[2] == o.say.Say("gen.best.draw"):
			if asol.Result != rules.Draw || q.Goal.Kind != solver.Game {
				t.Errorf("%q, but after %s: %v", clause, a[1], asol.Result)
			}
		case cannotText.MatchString(clause):
			if awon && aw == question.GoalSide(q.Goal) {
				t.Errorf("%q, but after %s %v reaches it in %d", clause, a[1], aw, asol.Moves)
			}
		case winsInText.MatchString(clause):
			if !awon || winsInText.FindStringSubmatch(clause)[1] != strconv.Itoa(asol.Moves) {
				t.Errorf("%q, but after %s: %v in %d", clause, a[1], asol.Result, asol.Moves)
			}
		default:
			t.Errorf("%q: clause %q says nothing this test reads", text, clause)
		}
	}
}
