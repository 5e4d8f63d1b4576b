package main

import (
	"nostromo-lessons/exercises"
	"nostromo-lessons/lessons"
	"nostromo-lessons/rules/solver"
)

// newSolver returns the solver that check proves answers with: one for the
// whole course, so that its cache makes each configuration pay once.
func newSolver() exercises.Solver {
	return solver.New(solver.Options{Budget: lessons.SolverBudget})
}
