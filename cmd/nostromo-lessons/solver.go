package main

import (
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules/solver"
)

// newSolver returns the solver that check proves answers with: one for the
// whole course, so that its cache makes each configuration pay once.
func newSolver() question.Solver {
	return solver.New(solver.Options{Budget: course.SolverBudget})
}
