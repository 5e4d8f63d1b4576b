package opening

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

func mustFEN(t testing.TB, fen string) rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustTables(t testing.TB) map[solver.Config]*solver.Table {
	t.Helper()
	m, err := tables()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func sans(p rules.Position, moves []rules.Move) string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.SAN(m)
	}
	return strings.Join(out, " ")
}

// TestSum checks the book against the SHA-256 recorded next to it.
func TestSum(t *testing.T) {
	want, err := os.ReadFile("opening.sha256")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprintf("%x  opening.bin\n", sha256.Sum256(book)); got != string(want) {
		t.Errorf("SHA-256 of the book: %q, want %q (opening.sha256)", got, want)
	}
}

// TestConfigs checks that the book holds the configurations within Depth
// structure moves of the start. (TestSum checks its bytes, TestEncode that
// encoding is reproducible.)
func TestConfigs(t *testing.T) {
	m := mustTables(t)
	want := solver.ConfigOf(mustFEN(t, "start")).Near(Depth)
	if len(m) != len(want) {
		t.Fatalf("the book holds %d configurations, want %d", len(m), len(want))
	}
	for _, c := range want {
		if m[c] == nil {
			t.Fatalf("configuration %+v missing", c)
		}
	}
}

// TestStart checks the start and its first moves as docs/RULES.md states them.
func TestStart(t *testing.T) {
	start := mustFEN(t, "start")
	tests := []struct {
		move   string
		result rules.Result
		moves  int
		best   string
	}{
		{"", rules.Draw, -1, "b3 c3 d3 f3 g3"},
		{"Kd1", rules.BlackWins, 30, ""},
		{"Kf1", rules.BlackWins, 30, ""},
		{"e3", rules.BlackWins, 33, ""},
		{"b3", rules.Draw, -1, ""},
		{"g3", rules.Draw, -1, ""},
	}
	for _, tt := range tests {
		t.Run("start_"+tt.move, func(t *testing.T) {
			p := start
			if tt.move != "" {
				m, err := rules.ParseMove(p, tt.move)
				if err != nil {
					t.Fatal(err)
				}
				p = p.Apply(m)
			}
			sol, ok := Lookup(p)
			if !ok || sol.Result != tt.result || sol.Moves != tt.moves || sol.Line != nil || (tt.best != "" && sans(p, sol.Best) != tt.best) {
				t.Errorf("Lookup(%q) = %v in %d, best %q, line %v (%v); want %v in %d, best %q",
					p, sol.Result, sol.Moves, sans(p, sol.Best), sol.Line, ok, tt.result, tt.moves, tt.best)
			}
		})
	}
}

// TestSample compares Lookup with the solver's own Evaluate of the
// positions bench/opening recorded.
func TestSample(t *testing.T) {
	f, err := os.Open("testdata/sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 4 {
			t.Fatalf("sample line %q: want 4 fields", line)
		}
		p := mustFEN(t, fields[0])
		sol, ok := Lookup(p)
		got := fmt.Sprintf("%v\t%d\t%s", sol.Result, sol.Moves, sans(p, sol.Best))
		if want := strings.Join(fields[1:], "\t"); !ok || got != want {
			t.Errorf("Lookup(%q) = %q (%v), want %q", p, got, ok, want)
		}
		n++
	}
	if err := sc.Err(); err != nil || n < 50 {
		t.Errorf("read %d sample positions (%v), want 50", n, err)
	}
}

// outcome is a solution's value for the side to move, as a number that
// grows with the side's preference: a shorter win, a draw, a longer loss.
func outcome(p rules.Position, sol solver.Solution) int {
	switch {
	case sol.Result == rules.Draw:
		return 0
	case (sol.Result == rules.WhiteWins) == (p.Side == rules.White):
		return 1000 - sol.Moves
	}
	return -1000 + sol.Moves
}

// TestConsistent checks random entries of the book by one step of
// minimax: the value of a position is the best, for the side to move, of
// the values after its moves (a win one move longer, a loss as long), for
// positions whose every move leads into the book or ends the game.
func TestConsistent(t *testing.T) {
	m := mustTables(t)
	configs := make([]solver.Config, 0, len(m))
	for c := range m {
		configs = append(configs, c)
	}
	slices.SortFunc(configs, compareConfigs)
	r := rand.New(rand.NewPCG(7, 0))
	checked, skipped := 0, 0
	for checked < 5000 {
		p, ok := randomPosition(r, configs[r.IntN(len(configs))])
		if !ok || p.Status().Over() {
			continue
		}
		best, complete := -2000, true
		for _, mv := range p.LegalMoves() {
			q := p.Apply(mv)
			after, ok := Lookup(q)
			if !ok {
				complete = false
				break
			}
			v := -outcome(q, after) // for the side that moved
			if v > 0 {
				v-- // one more move of the winner
			}
			best = max(best, v)
		}
		if !complete {
			skipped++
			continue
		}
		sol, _ := Lookup(p)
		if got := outcome(p, sol); got != best {
			t.Fatalf("Lookup(%q) = %v in %d (%d), but its best move leads to %d", p, sol.Result, sol.Moves, got, best)
		}
		checked++
	}
	t.Logf("%d positions checked, %d skipped (a move leaves the book)", checked, skipped)
}

// randomPosition returns a random valid position of configuration c.
func randomPosition(r *rand.Rand, c solver.Config) (rules.Position, bool) {
	p := rules.Position{Pawns: c.Pawns, Saved: c.Saved, Taken: c.Taken,
		King: rules.Square(r.IntN(64)), Knight: rules.Square(r.IntN(64)), Side: rules.Color(r.IntN(2))}
	if r.IntN(20) == 0 {
		p.Knight, p.Side = rules.NoSquare, rules.Black
	}
	return p, p.Validate() == nil
}

// TestReprove solves again, with a small budget, some of the book's
// configurations whose whole solve is small (those after three takes), and
// compares random positions of each.
func TestReprove(t *testing.T) {
	m := mustTables(t)
	var small []solver.Config
	for c := range m {
		p := rules.Position{Pawns: c.Pawns, Saved: c.Saved, Taken: c.Taken, King: rules.A1, Knight: rules.H8}
		if b, err := solver.Bound(p, solver.Goal{Kind: solver.Game}); err == nil && b <= reproveTables {
			small = append(small, c)
		}
	}
	slices.SortFunc(small, compareConfigs)
	if len(small) < 3 {
		t.Fatalf("%d configurations small enough to solve again, want 3 or more", len(small))
	}
	r := rand.New(rand.NewPCG(8, 0))
	for _, i := range r.Perm(len(small))[:3] {
		c := small[i]
		t.Run(strconv.FormatUint(uint64(c.Pawns), 16), func(t *testing.T) {
			s := solver.New(solver.Options{Budget: reproveTables * solver.BytesPerConfig, Forget: true})
			for n := 0; n < 40; {
				p, ok := randomPosition(r, c)
				if !ok {
					continue
				}
				want, err := s.Evaluate(p, solver.Goal{Kind: solver.Game})
				if err != nil {
					t.Fatal(err)
				}
				got, _ := Lookup(p)
				if got.Result != want.Result || got.Moves != want.Moves || got.Best != nil && !slices.Equal(got.Best, want.Best) {
					t.Fatalf("Lookup(%q) = %v in %d, best %s; the solver: %v in %d, best %s",
						p, got.Result, got.Moves, sans(p, got.Best), want.Result, want.Moves, sans(p, want.Best))
				}
				n++
			}
		})
	}
}

// reproveTables is the most tables TestReprove's solves build.
const reproveTables = 15_000

// BenchmarkLookup looks up the start and the positions after its moves.
func BenchmarkLookup(b *testing.B) {
	start := mustFEN(b, "start")
	ps := []rules.Position{start}
	for _, m := range start.LegalMoves() {
		ps = append(ps, start.Apply(m))
	}
	mustTables(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, ok := Lookup(ps[i%len(ps)]); !ok {
			b.Fatal("not in the book")
		}
		i++
	}
}

// TestEncode checks that Decode reads back what Encode writes, whatever
// the order of the configurations given, and rejects what is not a book.
func TestEncode(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 0))
	configs := []solver.Config{{Pawns: 0x7e00, Taken: 0}, {Pawns: 0x3e00, Taken: 1}, {Pawns: 0x7c00, Saved: 1}}
	tabs := make([]*solver.Table, len(configs))
	for i := range tabs {
		tabs[i] = new(solver.Table)
		for s := range tabs[i] {
			tabs[i][s] = byte(r.IntN(256))
		}
	}
	var fwd, back bytes.Buffer
	if err := Encode(&fwd, configs, tabs); err != nil {
		t.Fatal(err)
	}
	slices.Reverse(configs)
	slices.Reverse(tabs)
	if err := Encode(&back, configs, tabs); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fwd.Bytes(), back.Bytes()) {
		t.Error("Encode depends on the order of the configurations")
	}
	m, err := Decode(fwd.Bytes())
	if err != nil || len(m) != len(configs) {
		t.Fatalf("Decode: %d configurations, %v; want %d", len(m), err, len(configs))
	}
	for i, c := range configs {
		if got := m[c]; got == nil || *got != *tabs[i] {
			t.Errorf("Decode: table of %+v differs", c)
		}
	}
	for _, bad := range [][]byte{nil, []byte("NOSOPEN1"), fwd.Bytes()[:len(fwd.Bytes())/2], append([]byte("NOSOPEN2"), fwd.Bytes()[8:]...)} {
		if _, err := Decode(bad); err == nil {
			t.Errorf("Decode of %d bytes: no error", len(bad))
		}
	}
}

// TestNear checks that the quick test Lookup starts with lets through every
// configuration of the book, and stops a position further on.
func TestNear(t *testing.T) {
	m, err := tables()
	if err != nil {
		t.Fatal(err)
	}
	for c := range m {
		if !near(rules.Position{Pawns: c.Pawns}) {
			t.Fatalf("configuration %v is in the book, but near says it is not", c)
		}
	}
	far, err := rules.ParseFEN("8/8/4PK2/8/8/8/8/n7 w 2 3")
	if err != nil {
		t.Fatal(err)
	}
	if near(far) {
		t.Errorf("near(%s) = true, want false: a pawn on e6 is four moves from the start", far)
	}
}
