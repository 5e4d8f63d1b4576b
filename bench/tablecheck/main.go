// Command tablecheck compares a whole-game table with the solver alone:
// every position of every configuration the solver builds to re-solve
// random 5- and 6-pawn roots of games played from the start, and random
// positions of at most 3 pawns, and it exits 1 on any disagreement.
package main

// It is not part of the tests; run it by hand on a table built with
// `nostromo-lessons tables build`, for example:
//
// 	nice -n 10 go run ./bench/tablecheck -dir ~/.cache/nostromo-lessons/table
//
// The roots come from random games played from the default start
// (generate.GamePosition: ply 8 to 30), seeded, alternately with 5 and 6
// pawns, each whose solve builds at most -max5 or -max6 configurations
// (solver.Bound), so that the run ends in reasonable time: a 6-pawn root
// of the early game needs millions; -limit stops it starting new roots. Each root is solved by a fresh
// forgetting solver (no table); for each configuration it builds, the
// table's own decoded values and distances (table.Table.Config) must be
// the solver's for every valid position, both sides to move, and
// -sample random positions of it must have the solver's value by
// table.Table.Value, which reads the win/draw/loss file alone. First -small
// random positions of at most 3 pawns, from random games and with the
// king, the knight and the side to move drawn anew, must have the
// solver's result, distance and best moves by table.Table.Solution.

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"nostromo-lessons/internal/generate"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
	"nostromo-lessons/rules/table"
)

// checker compares the table with what a solve builds.
type checker struct {
	tab      *table.Table
	sample   int
	configs  atomic.Int64 // configurations compared
	states   atomic.Int64 // valid positions compared: the solver's count of those it solved
	values   atomic.Int64 // positions compared by Value
	disagree atomic.Int64 // disagreements found
	mu       sync.Mutex   // serialises the messages
	seed     atomic.Uint64
}

func main() {
	dir := flag.String("dir", "", "the whole-game table's folder (required; read only)")
	roots := flag.Int("roots", 20, "the number of 5- and 6-pawn roots to re-solve")
	seed := flag.Uint64("seed", 1, "the seed of the random games")
	most5 := flag.Int64("max5", 300_000, "the most configurations (solver.Bound) a 5-pawn root's solve may build")
	most6 := flag.Int64("max6", 1_000_000, "the most configurations (solver.Bound) a 6-pawn root's solve may build")
	limit := flag.Duration("limit", 0, "start no new root after this time (0: no limit); the figures say how many were compared")
	sample := flag.Int("sample", 8, "random positions of each configuration compared by Value")
	small := flag.Int("small", 100_000, "random positions of at most 3 pawns compared by Solution")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "tablecheck: -dir is required")
		os.Exit(2)
	}
	tab, err := table.Open(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tablecheck:", err)
		os.Exit(2)
	}
	defer tab.Close()
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("table %s: %d configurations; load %s", *dir, tab.Configs(), load)
	start, err := rules.ParseFEN(rules.StartFEN)
	if err != nil {
		panic(err)
	}
	ck := &checker{tab: tab, sample: *sample}
	ck.seed.Store(*seed)
	began := time.Now()
	r := rand.New(rand.NewPCG(*seed, 0))
	n, notHeld := ck.smalls(r, start, *small)
	fmt.Printf("at most 3 pawns: %d positions compared by Solution (result, distance, best moves), %d drawn outside the table skipped; %d disagreements; %v\n",
		n, notHeld, ck.disagree.Load(), time.Since(began).Round(time.Second))
	t0 := time.Now()
	list := drawRoots(r, start, *roots, [7]int64{5: *most5, 6: *most6})
	done := 0
	for i, p := range list {
		if *limit > 0 && time.Since(t0) > *limit {
			break
		}
		ck.root(i+1, p)
		done++
	}
	fmt.Printf("roots: %d of %d re-solved, %d configurations, %d positions compared (values and distances, both sides to move), %d more by Value; %d disagreements in all; %v\n",
		done, len(list), ck.configs.Load(), ck.states.Load(), ck.values.Load(), ck.disagree.Load(), time.Since(t0).Round(time.Second))
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Printf("total %v, CPU %v, peak RSS %.2f GB\n", time.Since(began).Round(time.Second),
		time.Duration(ru.Utime.Nano()+ru.Stime.Nano()).Round(time.Second), float64(ru.Maxrss)*1024/1e9)
	if ck.disagree.Load() > 0 {
		os.Exit(1)
	}
}

// drawRoots draws n roots from random games from start, alternately with
// 5 and 6 pawns, distinct, the solve of one with k pawns building at most
// most[k] configurations.
func drawRoots(r *rand.Rand, start rules.Position, n int, most [7]int64) []rules.Position {
	var out []rules.Position
	seen := map[solver.Config]bool{}
	for tries := 0; len(out) < n; tries++ {
		if tries > 1_000_000 {
			fmt.Printf("only %d roots in %d games\n", len(out), tries)
			break
		}
		p, ok := generate.GamePosition(r, start)
		want := 5 + len(out)%2
		if !ok || p.Pawns.Count() != want || seen[solver.ConfigOf(p)] {
			continue
		}
		if b, err := solver.Bound(p, solver.Goal{Kind: solver.Game}); err != nil || b > most[want] {
			continue
		}
		seen[solver.ConfigOf(p)] = true
		out = append(out, p)
	}
	return out
}

// root re-solves p with a fresh forgetting solver and compares every
// configuration it builds with the table.
func (ck *checker) root(i int, p rules.Position) {
	t0 := time.Now()
	s := solver.New(solver.Options{Forget: true, Solved: ck.compare})
	sol, err := s.Evaluate(p, solver.Goal{Kind: solver.Game})
	if err != nil {
		ck.say("root %s: the solver: %v", p, err)
		ck.disagree.Add(1)
		return
	}
	v, err := ck.tab.Value(p)
	if err != nil || v != sol.Result {
		ck.say("root %s: table %v (%v), solver %v", p, v, err, sol.Result)
		ck.disagree.Add(1)
	}
	st := s.Stats()
	ck.states.Add(st.Solved)
	fmt.Printf("%2d  %-36s %d pawns  %8d configurations  %11d positions  %-9v  %v\n",
		i, p, p.Pawns.Count(), st.Built, st.Solved, sol.Result, time.Since(t0).Round(100*time.Millisecond))
}

// compare is the solver's Solved hook: it compares the table of c it
// built, every state, with the table's, and a sample of its positions
// with the table's Value.
func (ck *checker) compare(c solver.Config, want *solver.Table) {
	got, ok, err := ck.tab.Config(c)
	ck.configs.Add(1)
	if err != nil || !ok {
		ck.say("%v: the table does not give it (%v)", c, err)
		ck.disagree.Add(1)
		return
	}
	if *got != *want {
		for i := range solver.StatesPerConfig {
			if p, ok := stateOf(c, i); ok && got[i] != want[i] {
				go1, gd := got.At(i)
				wo, wd := want.At(i)
				ck.say("%s: table %v in %d, solver %v in %d", p, go1, gd, wo, wd)
				ck.disagree.Add(1)
			}
		}
	}
	r := rand.New(rand.NewPCG(ck.seed.Add(1), uint64(c.Pawns)))
	for n, tries := 0, 0; n < ck.sample && tries < 100*ck.sample; tries++ {
		i := r.IntN(solver.StatesPerConfig)
		p, ok := stateOf(c, i)
		if !ok {
			continue
		}
		n++
		o, _ := want.At(i)
		v, err := ck.tab.Value(p)
		ck.values.Add(1)
		if err != nil || v != table.ResultOf(p.Side, o) {
			ck.say("Value(%s) = %v (%v), the solver %v for the side to move", p, v, err, o)
			ck.disagree.Add(1)
		}
	}
}

// stateOf returns the position of state i of configuration c, and false
// when it is not a valid position.
func stateOf(c solver.Config, i int) (rules.Position, bool) {
	side, king, knight, ok := solver.StateAt(i)
	p := rules.Position{Pawns: c.Pawns, Saved: c.Saved, Taken: c.Taken, Side: side, King: king, Knight: knight}
	return p, ok && p.Validate() == nil
}

// smalls compares n random positions of at most 3 pawns: the table's
// Solution with the solver's.
func (ck *checker) smalls(r *rand.Rand, start rules.Position, n int) (compared, notHeld int) {
	s := solver.New(solver.Options{})
	for compared < n {
		p := start
		for p.Pawns.Count() > 3 || r.IntN(4) != 0 {
			moves := p.LegalMoves()
			if p.Status().Over() || len(moves) == 0 {
				break
			}
			p = p.Apply(moves[r.IntN(len(moves))])
		}
		if p.Status().Over() || p.Pawns.Count() > 3 {
			continue
		}
		p.King, p.Knight, p.Side = rules.Square(r.IntN(64)), rules.Square(r.IntN(64)), rules.Color(r.IntN(2))
		if p.Validate() != nil || p.Status().Over() {
			continue
		}
		got, err := ck.tab.Solution(p)
		if err != nil {
			notHeld++
			continue
		}
		want, err := s.Evaluate(p, solver.Goal{Kind: solver.Game})
		if err != nil {
			ck.say("%s: the solver: %v", p, err)
			ck.disagree.Add(1)
			continue
		}
		compared++
		if got.Result != want.Result || got.Moves != want.Moves || !slices.Equal(got.Best, want.Best) {
			ck.say("Solution(%s) = %v in %d, best %v; the solver %v in %d, best %v", p, got.Result, got.Moves, got.Best, want.Result, want.Moves, want.Best)
			ck.disagree.Add(1)
		}
	}
	return compared, notHeld
}

// say prints a disagreement, at most 50 of them.
func (ck *checker) say(format string, args ...any) {
	ck.mu.Lock()
	defer ck.mu.Unlock()
	if ck.disagree.Load() < 50 {
		fmt.Printf("DISAGREE: "+format+"\n", args...)
	}
}
