package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"sync/atomic"

	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/proof"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// proofFlags are the flags of every command that proves: --budget and
// --no-cache, defined once here.
type proofFlags struct {
	budget   string
	noCache  bool
	progress progressMode
	quiet    bool           // --quiet: no progress at all
	lang     style.Language // the language of the progress line: English, or serve's course's
	table    tableFlag      // --no-table and the whole-game table
	// before, when set, is called before the solver itself proves a
	// position (see showingSolver): solve's estimate.
	before func(p rules.Position, g solver.Goal) error
	// The questions that reached the proof cache and the solver: with the
	// table's hits, they say which answered (see source).
	cacheAsked, solverAsked atomic.Int64
}

// addProofFlags adds --budget, --no-cache, --progress, --quiet and --no-table to fs; the help of
// --budget names the course's budget: except for solve, which reads no course.
func addProofFlags(fs *flag.FlagSet) *proofFlags {
	f := &proofFlags{}
	def := ": the course's budget:, else " + budget.Format(budget.Default)
	if fs.Name() == "solve" { // solve reads no course
		def = " " + budget.Format(budget.Default)
	}
	fs.StringVar(&f.budget, "budget", "", "the most memory the solver's tables may take, such as 6GB (default"+def+")")
	fs.BoolVar(&f.noCache, "no-cache", false, "prove everything afresh, without reading or writing the proof cache")
	fs.Var(&f.progress, "progress", "how a long proof shows its progress: auto (a line updated in place on a terminal, else a plain line every 10s), always (in place) or never")
	fs.BoolVar(&f.quiet, "quiet", false, "print no progress: only problems and the result")
	f.table.add(fs)
	return f
}

// progressMode returns the mode of the progress line: never when --quiet.
func (f *proofFlags) progressMode() progressMode {
	if f.quiet {
		return progressNever
	}
	return f.progress
}

// budgetBytes returns the budget in force: the flag's, else courseBudget
// (0 for none), else the default. It refuses one over the machine's memory.
func (f *proofFlags) budgetBytes(cmd string, courseBudget int64) (int64, error) {
	bytes := int64(budget.Default)
	if courseBudget > 0 {
		bytes = courseBudget
	}
	if f.budget != "" {
		n, err := budget.Parse(f.budget)
		if err != nil {
			return 0, badInput(fmt.Errorf("%s: --budget: %w", cmd, err))
		}
		bytes = n
	}
	if err := budget.CheckMemory(bytes); err != nil {
		return 0, badInput(fmt.Errorf("%s: %w", cmd, err))
	}
	return bytes, nil
}

// solver returns the solver command cmd proves with: one for the whole run,
// so that its tables make each configuration pay once, behind the proof
// cache unless --no-cache, and behind the opening book (which --no-cache
// leaves on: it is part of the program). Once ctx is done, its proofs stop,
// even half way, and fail with an error that is ctx's (the cache keeps no
// failed proof). Warnings about the cache go to stderr.
func (f *proofFlags) solver(ctx context.Context, cmd string, courseBudget int64, stderr io.Writer) (question.Solver, error) {
	bytes, err := f.budgetBytes(cmd, courseBudget)
	if err != nil {
		return nil, err
	}
	line := newProofLine(stderr, f.progressMode())
	line.say = catalog.New(f.lang, style.Classic)
	opts := solver.Options{Budget: bytes, Progress: line.update, Stop: stopOn(ctx)}
	var s question.Solver = counting{showingSolver{solver.New(opts), line, f.before}, &f.solverAsked}
	if !f.noCache {
		s = counting{f.cached(cmd, s, stderr), &f.cacheAsked}
	}
	return f.table.wrap(cmd, proof.Book{Inner: s}, stderr), nil
}

// source says which answered the questions asked so far: "table",
// "solver", "cache" or "book", the first of those that answered any.
func (f *proofFlags) source() string {
	switch {
	case f.table.hits() > 0:
		return "table"
	case f.solverAsked.Load() > 0:
		return "solver"
	case f.cacheAsked.Load() > 0:
		return "cache"
	}
	return "book"
}

// counting is a question.Solver that counts the questions asked of it.
type counting struct {
	question.Solver
	n *atomic.Int64
}

// Solve implements question.Solver.
func (c counting) Solve(p rules.Position, g solver.Goal) (solver.Solution, error) {
	c.n.Add(1)
	return c.Solver.Solve(p, g)
}

// WinningMoves implements question.Solver.
func (c counting) WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error) {
	c.n.Add(1)
	return c.Solver.WinningMoves(p, g)
}

// cached puts the proof cache in front of s, or warns and returns s when
// there is no cache folder.
func (f *proofFlags) cached(cmd string, s question.Solver, stderr io.Writer) question.Solver {
	warn := func(msg string) { fmt.Fprintf(stderr, "nostromo-lessons: %s: warning: %s\n", cmd, msg) }
	dir, err := cacheDir()
	if err == nil {
		var key string
		if key, err = cacheKeyFile(); err == nil {
			return proof.NewCache(s, dir, key, warn)
		}
	}
	warn(err.Error() + "; proving without a cache")
	return s
}

// chooser returns the solver choice course.CheckWith makes once the course
// is loaded: with the course's budget unless --budget overrides it,
// stopping once ctx is done.
func (f *proofFlags) chooser(ctx context.Context, cmd string, stderr io.Writer) func(*course.Course) (question.Solver, error) {
	return func(c *course.Course) (question.Solver, error) {
		if f.budget == "" && c.Budget > 0 {
			if err := budget.CheckMemory(c.Budget); err != nil { // said where it is
				return nil, badInput(fmt.Errorf("%s: %w", c.BudgetAt, err))
			}
		}
		return f.solver(ctx, cmd, c.Budget, stderr)
	}
}

// stopOn returns the solver's Options.Stop for ctx: ctx.Err, or nil for a
// context that is never done.
func stopOn(ctx context.Context) func() error {
	if ctx.Done() == nil {
		return nil
	}
	return ctx.Err
}

// cacheDir returns the proof cache's folder: $NOSTROMO_CACHE if set (the
// tests point it at a temporary folder), else the user's cache folder.
func cacheDir() (string, error) {
	if dir := os.Getenv("NOSTROMO_CACHE"); dir != "" {
		return dir, nil
	}
	return proof.DefaultCacheDir()
}

// cacheKeyFile returns the file of the key that signs the proof cache's
// entries: $NOSTROMO_CACHE_KEY if set (the tests point it at a temporary
// folder), else the file in the user's configuration folder.
func cacheKeyFile() (string, error) {
	if name := os.Getenv("NOSTROMO_CACHE_KEY"); name != "" {
		return name, nil
	}
	return proof.DefaultKeyFile()
}

// forgetting solves p for g with a Solver that drops each table once
// nothing left reads it: for positions too big to keep every table. Its
// solution has no line.
func (f *proofFlags) forgetting(p rules.Position, g solver.Goal, stderr io.Writer) (solver.Solution, error) {
	budget, err := f.budgetBytes("solve", 0)
	if err != nil {
		return solver.Solution{}, err
	}
	f.solverAsked.Add(1)
	line := newProofLine(stderr, f.progressMode())
	line.say = catalog.New(f.lang, style.Classic)
	line.begin(p)
	defer line.end()
	return solver.New(solver.Options{Budget: budget, Forget: true, Progress: line.update}).Evaluate(p, g)
}
