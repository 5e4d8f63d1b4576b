package course

import (
	"sync"

	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules/solver"
)

var (
	sharedSolver     *solver.Solver
	sharedSolverOnce sync.Once
)

// testSolver returns the solver the tests verify with, shared by all tests
// of the package so that its cache is built once.
func testSolver() question.Solver {
	sharedSolverOnce.Do(func() { sharedSolver = solver.New(solver.Options{Budget: budget.Default}) })
	return sharedSolver
}
