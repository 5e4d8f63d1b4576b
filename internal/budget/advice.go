package budget

import (
	"fmt"
	"strconv"
	"time"

	"nostromo-lessons/rules/solver"
)

// Advice says, for a teacher, how big a position over the budget is
// and how to allow it: "this position is too big to prove within the
// budget of 4GB: it needs more than 6.1GB of tables (730000 pawn
// configurations, about 3m0s); allow it with --budget 7GB or budget: 7GB
// in course.yaml". The budget it suggests keeps every table, as a
// course's check does; one over this computer's memory it does not
// suggest, but says the position cannot be proven here.
func Advice(e *solver.BudgetError) string {
	need := wholeGB(keepAll(e))
	if !fits(need) {
		return budgetText(e) + tooBigHere(need)
	}
	allow := Format(need)
	return budgetText(e) + fmt.Sprintf("; allow it with --budget %s or budget: %s in course.yaml, or choose a position with fewer pawns or pawns further up", allow, allow)
}

// fits reports whether a budget of n bytes fits this computer's memory
// (when it is not known, every budget does), as the budget check of every
// command that proves requires.
func fits(n int64) bool {
	m := memory()
	return m <= 0 || n <= m
}

// tooBigHere ends a budget text whose position needs a budget of n bytes,
// more than this computer's memory: it names both, and says what to do.
func tooBigHere(n int64) string {
	return fmt.Sprintf("; proving it needs --budget %s, more than this computer's memory (%s), so it cannot be proven here: choose a position with fewer pawns or pawns further up",
		Format(n), Format(memory()))
}

// ForgettingAdvice is Advice for the error of a solve that drops
// each table once nothing reads it (solve's, which gives no line): it
// suggests what that solve counted it needs at once, a fraction of every
// table kept, and says what a lesson's check would need.
func ForgettingAdvice(e *solver.BudgetError) string {
	switch {
	case !e.Counted && e.Forget:
		return uncountedText(e)
	case !e.Counted: // only a lower bound is known: every table kept is enough
		return Advice(e)
	}
	need := wholeGB(e.Bytes())
	if !fits(need) {
		return budgetText(e) + tooBigHere(need)
	}
	return budgetText(e) + fmt.Sprintf("; allow it with --budget %s (a lesson's check keeps every table: it needs %s), or choose a position with fewer pawns or pawns further up",
		Format(need), Format(wholeGB(keepAll(e))))
}

// uncountedText is ForgettingAdvice for a solve that stopped counting
// its configurations at its limit: what it needs at once is not known,
// only far less than what keeping every table needs, so it says how many
// configurations there are, what a lesson's check needs at least, and the
// budget with which solve counts them all.
func uncountedText(e *solver.BudgetError) string {
	known := fmt.Sprintf("this position has more pawn configurations than solve can count within the budget of %s: more than %s (at most %s, about %v to prove), so the memory its proof needs is not known (a lesson's check keeps every table: it needs more than %s)",
		Format(e.Limit), grouped(e.Listed), grouped(e.Configs), e.Time.Round(time.Second), Format(e.Listed*solver.BytesPerConfig))
	count := wholeGB(e.PlanBytes())
	if !fits(count) {
		return known + fmt.Sprintf("; counting them needs --budget %s, more than this computer's memory (%s): choose a position with fewer pawns or pawns further up",
			Format(count), Format(memory()))
	}
	return known + fmt.Sprintf("; with --budget %s solve counts what it needs, and proves it if that fits, or choose a position with fewer pawns or pawns further up", Format(count))
}

// budgetText says how big a position over the budget is.
func budgetText(e *solver.BudgetError) string {
	more := "more than "
	if e.Counted {
		more = ""
	}
	return fmt.Sprintf("this position is too big to prove within the budget of %s: it needs %s%s of tables (%s pawn configurations, about %v to prove)",
		Format(e.Limit), more, Format(e.Bytes()), grouped(e.Configs), e.Time.Round(time.Second))
}

// grouped returns n with its digits in groups of three, such as 1,234,567.
func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// keepAll returns the bytes a solve that keeps every table needs for e's
// position: always enough.
func keepAll(e *solver.BudgetError) int64 { return max(e.Bytes(), e.Configs*solver.BytesPerConfig) }

// wholeGB returns the next whole GB above n bytes.
func wholeGB(n int64) int64 { return (n/1e9 + 1) * 1e9 }
