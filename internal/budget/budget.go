package budget

import (
	"fmt"

	"nostromo-lessons/rules/solver"
)

// Default is the most memory the solver's tables take when neither the
// command line nor course.yaml says otherwise, in bytes: the solver's own
// default, the same on every machine, so that a course passes everywhere or
// nowhere. A table takes one byte a state, so it is also the budget in
// states.
const Default = solver.DefaultBudget

// memory is Memory, a variable for the tests.
var memory = Memory

// CheckMemory refuses a budget larger than the machine's memory, with a
// message that says how to lower it. Where the memory cannot be read, every
// budget is allowed.
func CheckMemory(budget int64) error {
	total := memory()
	if total > 0 && budget > total {
		return fmt.Errorf("budget %s is more than this machine's memory (%s); lower it with --budget or budget: in course.yaml", Format(budget), Format(total))
	}
	return nil
}
