package lessons

import "nostromo-lessons/exercises"

// testSolver returns the solver the tests verify with.
func testSolver() exercises.Solver { return nil }
