package budget

import (
	"strings"
	"testing"
	"time"

	"nostromo-lessons/rules/solver"
)

// TestAdvice checks the budgets the two advice texts suggest: every table
// kept for a check, what a forgetting solve counted for solve (with what a
// check would need), and every table kept when only a lower bound is known
// for a solve that keeps them. A forgetting solve that stopped listing its
// configurations needs far less than every table listed: its text says
// how many it listed, with what a check needs at least, and suggests the
// budget that lets solve list them all, without its Needed (a floor far
// under the budget, which would read as the memory it needs). On a
// computer with less memory than a budget, they suggest none: they say it
// cannot be proven there, naming the memory.
func TestAdvice(t *testing.T) {
	total := int64(1e12)
	defer func(f func() int64) { memory = f }(memory)
	memory = func() int64 { return total }
	const configs = 7_092_412
	keep := int64(configs) * solver.BytesPerConfig // what every table kept takes
	counted := &solver.BudgetError{What: "states", Limit: 4e9 / solver.BytesPerState, Needed: 4.3e9 / solver.BytesPerState,
		Configs: configs, Counted: true, Time: 9 * time.Minute}
	listed := &solver.BudgetError{What: "states", Limit: counted.Limit, Needed: counted.Needed, Configs: configs, Time: 9 * time.Minute}
	stopped := &solver.BudgetError{What: "states", Limit: counted.Limit, Needed: 285e6, Configs: 12_645_538,
		Listed: 7_692_304, Forget: true, Time: 16 * time.Minute}
	keepText := Format(wholeGB(keep))
	for _, tt := range []struct {
		name, got, want string
	}{
		{"check", Advice(counted), "; allow it with --budget " + keepText + " or budget: " + keepText + " in course.yaml"},
		{"solve", ForgettingAdvice(counted), "it needs 4.3GB of tables (7,092,412 pawn configurations, about 9m0s to prove); allow it with --budget 5GB (a lesson's check keeps every table: it needs " + keepText + ")"},
		{"solve, not counted", ForgettingAdvice(listed), "it needs more than 4.3GB of tables (7,092,412 pawn configurations, about 9m0s to prove); allow it with --budget " + keepText + " or budget: " + keepText},
		{"solve, not listed", ForgettingAdvice(stopped), "this position has more pawn configurations than solve can count within the budget of 4GB: more than 7,692,304 (at most 12,645,538, about 16m0s to prove), so the memory its proof needs is not known (a lesson's check keeps every table: it needs more than 64GB); with --budget 7GB solve counts what it needs, and proves it if that fits, or choose"},
	} {
		if !strings.Contains(tt.got, tt.want) {
			t.Errorf("%s:\n%s\nwant it to hold:\n%s", tt.name, tt.got, tt.want)
		}
	}
	if got, floor := ForgettingAdvice(stopped), Format(stopped.Bytes()); strings.Contains(got, floor) {
		t.Errorf("solve, not listed:\n%s\nwant it without the floor %s", got, floor)
	}
	const here = ", more than this computer's memory (4.2GB)"
	total = 4.2e9
	for _, tt := range []struct {
		name, got, want string
	}{
		{"check", Advice(counted), "; proving it needs --budget " + keepText + here + ", so it cannot be proven here: choose a position with fewer pawns"},
		{"solve", ForgettingAdvice(counted), "; proving it needs --budget 5GB" + here + ", so it cannot be proven here: choose"},
		{"solve, not listed", ForgettingAdvice(stopped), "; counting them needs --budget 7GB" + here + ": choose a position with fewer pawns"},
	} {
		if !strings.Contains(tt.got, tt.want) || strings.Contains(tt.got, "allow it") || strings.Contains(tt.got, "with --budget") {
			t.Errorf("%s, on a computer of 4.2GB:\n%s\nwant it to hold, and to suggest no budget:\n%s", tt.name, tt.got, tt.want)
		}
	}
}

// TestGrouped checks the digits of counts in groups of three.
func TestGrouped(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{
		{0, "0"}, {999, "999"}, {1000, "1,000"}, {123456, "123,456"}, {7092412, "7,092,412"}, {-1234567, "-1,234,567"},
	} {
		if got := grouped(tt.n); got != tt.want {
			t.Errorf("grouped(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
