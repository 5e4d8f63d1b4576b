// Command startpos measures how far the solver gets from the default start
// position (or another one) within a budget.
package main

// It solves with a forgetting
// Solver (solver.Options.Forget): every table is dropped once nothing left
// to solve reads it, so the budget limits the tables held at once. It
// prints the progress a few times a second, and
// at the end the value, the distance and the best moves, and the value
// after each first move, or, when the budget runs out, how far it got.
//
// It is not part of the tests; run it by hand, for example:
//
// 	go run ./bench/startpos
//
// From the default start it needs 11,906,890 configurations; the start is a
// draw. Keeping whole tables, it held at most 2,017,091 tables (16.8 GB) at
// once and took 9 min 11 s on 2 quiet cores with 19.4 GB of peak memory.
// Keeping only the parts of tables still read (unpacked Black halves), it
// took 1 h 18 min under a load of 25 with a peak RSS of 10.5 GB. With
// packed Black halves and a slim plan (8 bytes a configuration and a hash
// table, reads computed when asked), a run at commit 3ce6fb8 on 2 busy
// cores (load 5 to 10; /usr/bin/time -v go run ./bench/startpos) planned
// in 4 min 53 s and took 59 min 32 s (63% of the CPU) with a peak RSS of
// 7,652,616 KiB: 7.84 GB, 7.30 GiB. It held at most 6.35 GB of parts at
// once (2,017,403 tables, as the plan's bound says); the Go heap reached
// 7.72 GB and the runtime's Sys 7.84 GB, near the end, where the halves of
// configurations with fewer pawns are larger than the blocks the pools
// keep. The solve makes next to no garbage (its memory is pooled), so the
// heap stays at what it holds and no memory limit is needed. Later
// commits keep the pools of halves and rows apart and drop one list of
// the run (about 0.3 GB less by TestPlanMemory's simulation); that is not
// measured.

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

func main() {
	budget := flag.Int64("budget", 17_000_000_000, "most states to hold at once (one byte each)")
	fen := flag.String("fen", "start", "the position to solve")
	flag.Parse()
	p, err := rules.ParseFEN(*fen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "startpos:", err)
		os.Exit(2)
	}
	start := time.Now()
	var needed, peak, peakBytes int64
	s := solver.New(solver.Options{
		Budget: *budget,
		Eager:  true,
		Forget: true,
		Progress: func(pr solver.Progress) {
			if pr.Stage != solver.Solving {
				fmt.Printf("%7.1fs  planning: %s, %d of %d configurations\n", pr.Elapsed.Seconds(), pr.Stage, pr.Done, pr.Total)
				return
			}
			needed, peak, peakBytes = pr.Total, max(peak, pr.Held), max(peakBytes, pr.Bytes)
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			fmt.Printf("%7.1fs  %9d of %d configurations  %8d held (%5.2f GB)  %14d positions  ETA %8v  heap %5.2f GB  sys %5.2f GB\n",
				pr.Elapsed.Seconds(), pr.Done, pr.Total, pr.Held, float64(pr.Bytes)/1e9, pr.Positions, pr.ETA.Round(time.Second),
				float64(ms.HeapAlloc)/1e9, float64(ms.Sys)/1e9)
		},
	})
	sol, err := s.Evaluate(p, solver.Goal{Kind: solver.Game})
	st := s.Stats()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("\n%s: %d configurations solved (%d positions) in %v, %.1f M positions/s; at most %d tables held, whole or in parts (%.2f GB at most, as reported); Go heap reserved %.2f GB\n",
		p, st.Built, st.Solved, time.Since(start).Round(time.Second), float64(st.Solved)/st.Time.Seconds()/1e6,
		peak, float64(peakBytes)/1e9, float64(ms.Sys)/1e9)
	var be *solver.BudgetError
	switch {
	case errors.As(err, &be):
		perConfig := float64(st.Solved) / float64(max(st.Built, 1))
		rate := float64(st.Solved) / st.Time.Seconds()
		fmt.Printf("over budget: %v\n", err)
		fmt.Printf("projected: %d configurations, %.3g positions, %.1f hours at this rate\n",
			needed, float64(needed)*perConfig, float64(needed)*perConfig/rate/3600)
		os.Exit(3)
	case err != nil:
		fmt.Fprintln(os.Stderr, "startpos:", err)
		os.Exit(1)
	}
	best := make([]string, len(sol.Best))
	for i, m := range sol.Best {
		best[i] = p.SAN(m)
	}
	if sol.Result == rules.Draw {
		fmt.Printf("value: draw; the moves that keep it: %s\n", strings.Join(best, ", "))
	} else {
		fmt.Printf("value: %s in %d moves; best: %s\n", sol.Result, sol.Moves, strings.Join(best, ", "))
	}
	printMoves(s, p)
}

// printMoves prints the value of the position after each legal move of p
// (the forgetting Solver keeps the tables this reads).
func printMoves(s *solver.Solver, p rules.Position) {
	for _, m := range p.LegalMoves() {
		sol, err := s.Evaluate(p.Apply(m), solver.Goal{Kind: solver.Game})
		switch {
		case err != nil:
			fmt.Printf("  %-6s %v\n", p.SAN(m), err)
		case sol.Result == rules.Draw:
			fmt.Printf("  %-6s draw\n", p.SAN(m))
		default:
			fmt.Printf("  %-6s %s wins in %d moves\n", p.SAN(m), sol.Result, sol.Moves)
		}
	}
}
