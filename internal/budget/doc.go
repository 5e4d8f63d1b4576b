// Package budget is the memory the solver's tables may take: its default,
// how --budget and course.yaml's budget: write it, the host's memory it may
// not exceed, and the advice a position too big for it gets.
package budget
