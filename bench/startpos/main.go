// Command startpos measures how far the solver gets from the default start
// position within a budget: it solves configurations from the end of the
// game backwards until the budget is spent, printing the progress after
// each height of configurations, then the projected size of the whole
// solve. When the budget holds the whole solve, it prints the value.
//
// It is not part of the tests; run it by hand, for example:
//
//	go run ./bench/startpos -budget 6000000000
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

func main() {
	budget := flag.Int64("budget", 6_000_000_000, "most states to store (one byte each)")
	fen := flag.String("fen", "start", "the position to solve")
	flag.Parse()
	p, err := rules.ParseFEN(*fen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "startpos:", err)
		os.Exit(2)
	}
	start := time.Now()
	var needed int64
	s := solver.New(solver.Options{
		Budget: *budget,
		Eager:  true,
		Progress: func(st solver.Stats, n int64) {
			needed = n
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			fmt.Printf("%7.1fs  %9d of %d configurations  %12d positions  %5.1f M positions/s  heap %5.2f GB  sys %5.2f GB\n",
				time.Since(start).Seconds(), st.Configs, n, st.Solved, float64(st.Solved)/st.Time.Seconds()/1e6,
				float64(ms.HeapAlloc)/1e9, float64(ms.Sys)/1e9)
		},
	})
	sol, err := s.Solve(p, solver.Goal{Kind: solver.Game})
	st := s.Stats()
	fmt.Printf("\n%s: %d configurations solved (%d positions, %.2f GB of tables) in %v, %.1f M positions/s\n",
		p, st.Configs, st.Solved, float64(st.Bytes)/1e9, time.Since(start).Round(time.Second), float64(st.Solved)/st.Time.Seconds()/1e6)
	var be *solver.BudgetError
	switch {
	case errors.As(err, &be):
		perConfig := float64(st.Solved) / float64(max(st.Configs, 1))
		rate := float64(st.Solved) / st.Time.Seconds()
		fmt.Printf("over budget: %v\n", err)
		fmt.Printf("projected: %d configurations, %.3g positions, %.0f GB of tables, %.1f hours at this rate\n",
			needed, float64(needed)*perConfig, float64(needed)*solver.StatesPerConfig/1e9, float64(needed)*perConfig/rate/3600)
		os.Exit(3)
	case err != nil:
		fmt.Fprintln(os.Stderr, "startpos:", err)
		os.Exit(1)
	default:
		fmt.Printf("value: %s in %d moves; best %v\n", sol.Result, sol.Moves, sol.Best)
	}
}
