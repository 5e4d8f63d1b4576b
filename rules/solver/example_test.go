package solver_test

import (
	"fmt"
	"strings"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// A pawn on e6 with Ripley beside it, the alien far away on a1: White
// saves the third pawn in two moves.
func ExampleSolver_Solve() {
	p, err := rules.ParseFEN("8/8/4PK2/8/8/8/8/n7 w 2 3")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := solver.New(solver.Options{}).Solve(p, solver.Goal{Kind: solver.Game})
	if err != nil {
		fmt.Println(err)
		return
	}
	var best []string
	for _, m := range sol.Best {
		best = append(best, p.SAN(m))
	}
	fmt.Printf("winner %s, in %d moves; best: %s\n", sol.Result, sol.Moves, strings.Join(best, ", "))
	fmt.Println(p.NumberedLine(sol.Line, len(sol.Line)))
	// Output:
	// winner white, in 2 moves; best: e7
	// 1. e7 Nb3 2. e8
}
