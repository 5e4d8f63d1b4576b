package main

import "nostromo-lessons/exercises"

// newSolver returns the solver that check proves answers with.
// TODO(lessons): solver.New once the solver branch is merged.
func newSolver() exercises.Solver { return nil }
