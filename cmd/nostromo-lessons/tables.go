package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/proof"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
	"nostromo-lessons/rules/table"
)

// The whole game's table, as bench/README.md measured its build: the disk
// its two files take and its plan takes while it runs, and the time and
// memory of its build on 2 cores.
const (
	wholeWDL    = 1_800_000_000  // win/draw/loss: 1.76 GB
	wholeDTM    = 13_900_000_000 // distances: 13.8 GB
	wholePlan   = 650_000_000    // the build's plan and index, 54 bytes a configuration, 0.64 GB at the end, removed then
	wholeSpill  = 6_000_000_000  // the solver's scratch file (table.SpillFile) at its default budget, removed at the end: 5.03 GB at 57% and at 72% of the configurations (bench/README.md)
	wholeTime   = "about 30 minutes on 2 free cores"
	wholeMemory = "about 4 GB"
	// tableBudget is the default budget of tables build: with it, the
	// build holds at most table.MemoryLimit(tableBudget), 3.9 GB, the
	// parts of tables over it going to its scratch file.
	tableBudget = 3_000_000_000
)

// tableDir returns the whole-game table's folder: $NOSTROMO_TABLE if set
// (the tests point it at a temporary folder), else a folder of its own in
// the user's cache folder, beside the proof cache's, which never counts,
// trims or deletes it.
func tableDir() (string, error) {
	if dir := os.Getenv("NOSTROMO_TABLE"); dir != "" {
		return dir, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("table: %w", err)
	}
	return filepath.Join(base, "nostromo-lessons", "table"), nil
}

// buildCommand returns the command that builds (or rebuilds) the table in
// dir.
func buildCommand(dir string) string {
	if def, err := tableDir(); err == nil && def == dir {
		return "nostromo-lessons tables build"
	}
	return "nostromo-lessons tables build --dir " + quoteArg(dir)
}

// quoteArg quotes s for a shell when it needs it.
func quoteArg(s string) string {
	for _, r := range s {
		if !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return fmt.Sprintf("%q", s)
		}
	}
	return s
}

// tableFlag is --no-table and the table a command opens once.
type tableFlag struct {
	no   bool
	once sync.Once
	t    *proof.Table // nil: no table, or one not used
}

// add adds --no-table to fs.
func (f *tableFlag) add(fs *flag.FlagSet) {
	fs.BoolVar(&f.no, "no-table", false, "ignore the whole-game table (nostromo-lessons tables build): prove every position with the opening book, the proof cache and the solver")
}

// wrap puts the whole-game table in front of s, when there is one that is
// complete and intact and --no-table is not given: it is opened once, on
// the first call. A stale, corrupt or foreign table is named in one
// warning on stderr with the command that rebuilds it, and not used.
func (f *tableFlag) wrap(cmd string, s question.Solver, stderr io.Writer) question.Solver {
	if f.open(cmd, stderr) == nil {
		return s
	}
	return f.t.With(s)
}

// open opens the whole-game table once, as wrap says, and returns it; nil
// when there is none in use.
func (f *tableFlag) open(cmd string, stderr io.Writer) *proof.Table {
	f.once.Do(func() {
		if f.no {
			return
		}
		dir, err := tableDir()
		if err != nil {
			return
		}
		warn := func(err error) {
			fmt.Fprintf(stderr, "nostromo-lessons: %s: warning: %v; the table is not used, the solver proves instead; rebuild it with: %s\n", cmd, err, buildCommand(dir))
		}
		if st := tableState(dir); st == tableAbsent || st == tableStopped {
			return
		}
		t, err := table.Open(dir)
		if err != nil {
			warn(err)
			return
		}
		f.t = proof.NewTable(t, nil, warn)
	})
	return f.t
}

// tableAdvice returns, for a message about a position over the budget, the
// advice to build the whole-game table, which answers every position of a
// game from the default start in milliseconds; nothing when a table is in
// use or --no-table is given.
func (f *proofFlags) tableAdvice() string {
	if f.table.no || f.table.t != nil {
		return ""
	}
	return fmt.Sprintf("; a position of a game from the start is answered in milliseconds from the whole-game table: build it once with nostromo-lessons tables build (%s, %s of disk, %s of memory)",
		wholeTime, gb(wholeWDL+wholeDTM+wholePlan+wholeSpill), wholeMemory)
}

// hits returns the questions the table answered.
func (f *tableFlag) hits() int64 {
	if f.t == nil {
		return 0
	}
	return f.t.Hits()
}

// The states of a table's folder.
type tableStateKind uint8

const (
	tableAbsent  tableStateKind = iota // no table files
	tableStopped                       // a build under way or stopped: its plan, no complete files
	tableFiles                         // the two files, to open
)

// tableState says what folder dir holds.
func tableState(dir string) tableStateKind {
	has := func(name string) bool {
		_, err := os.Stat(filepath.Join(dir, name))
		return err == nil
	}
	switch {
	case has(table.PlanFile):
		return tableStopped
	case has(table.WDLFile) || has(table.DTMFile):
		return tableFiles
	}
	return tableAbsent
}

// tableNames are the files a table's folder may hold.
var tableNames = []string{table.WDLFile, table.DTMFile, table.PlanFile, table.SpillFile, table.WDLFile + ".tmp", table.DTMFile + ".tmp"}

// diskFree returns the bytes free for an unprivileged user on the file
// system of folder dir, or -1 when it cannot tell; the tests replace it.
var diskFree = statfsFree

func runTables(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		var b buildFlags
		tablesFlags("build", []string{"-h"}, stderr, b.add) // the usage, with every flag
		if len(args) == 0 {
			return badInput(fmt.Errorf("tables: want build, status or remove"))
		}
		return errHelp
	}
	switch args[0] {
	case "build":
		return runTablesBuild(args[1:], stdout, stderr)
	case "status":
		return runTablesStatus(args[1:], stdout, stderr)
	case "remove":
		return runTablesRemove(args[1:], stdout, stderr)
	}
	return badInput(fmt.Errorf("tables: unknown action %q: want build, status or remove", args[0]))
}

// tablesFlags parses the flags of "tables ACTION": --dir, and for build
// --budget and --quiet.
func tablesFlags(action string, args []string, stderr io.Writer, more func(*flag.FlagSet)) (string, error) {
	fs := newFlags("tables", stderr)
	fs.Init("tables "+action, fs.ErrorHandling())
	def, err := tableDir()
	if err != nil {
		def = ""
	}
	dir := fs.String("dir", def, "the table's folder")
	if more != nil {
		more(fs)
	}
	if _, err := parse(fs, args, 0, 0); err != nil {
		return "", err
	}
	if *dir == "" {
		return "", badInput(fmt.Errorf("tables %s: no cache folder (%v): name one with --dir", action, err))
	}
	return filepath.Abs(*dir)
}

// tableRoot returns the root the table is built from: the start position,
// or $NOSTROMO_TABLE_ROOT's FEN (for the tests: a small table) and whether
// it is the start.
func tableRoot() (rules.Position, bool, error) {
	if fen := os.Getenv("NOSTROMO_TABLE_ROOT"); fen != "" {
		p, err := rules.ParseFEN(fen)
		if err != nil {
			return p, false, badInput(fmt.Errorf("tables build: $NOSTROMO_TABLE_ROOT: %w", err))
		}
		return p, false, nil
	}
	p, err := rules.ParseFEN(rules.StartFEN)
	return p, true, err
}

// buildFlags are the flags of tables build but --dir.
type buildFlags struct {
	budget string
	quiet  bool
	mode   progressMode
}

// add adds the flags to fs.
func (b *buildFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&b.budget, "budget", "", "build: the most memory the solver's tables may take, such as 12GB (default "+budget.Format(tableBudget)+")")
	fs.Var(&b.mode, "progress", "build: how the build shows its progress: auto (a line updated in place on a terminal, else a plain line every 10s), always (in place) or never")
	fs.BoolVar(&b.quiet, "quiet", false, "build: print no progress")
}

func runTablesBuild(args []string, stdout, stderr io.Writer) error {
	var bf buildFlags
	dir, err := tablesFlags("build", args, stderr, bf.add)
	budgetText, quiet, mode := bf.budget, bf.quiet, bf.mode
	if err != nil {
		return err
	}
	bytes := int64(tableBudget)
	if budgetText != "" {
		if bytes, err = budget.Parse(budgetText); err != nil {
			return badInput(fmt.Errorf("tables build: --budget: %w", err))
		}
	}
	if err := budget.CheckMemory(bytes); err != nil {
		return badInput(fmt.Errorf("tables build: %w", err))
	}
	root, whole, err := tableRoot()
	if err != nil {
		return err
	}
	if tableState(dir) == tableFiles {
		if t, err := table.Open(dir); err == nil {
			t.Close()
			_, err = fmt.Fprintf(stdout, "The table in %s is complete and intact: nothing to build.\n", dir)
			return err
		}
	}
	need, free, err := checkDisk(dir, whole)
	if err != nil {
		return err
	}
	room := ""
	if free >= 0 {
		room = "; " + gb(free) + " free"
	}
	what := "the whole-game table"
	if !whole {
		what = "the table of " + root.String()
	}
	if whole {
		fmt.Fprintf(stderr, "Building %s in %s: it needs about %s more of disk (win/draw/loss about %s, distances about %s, a scratch file about %s while it runs%s), %s and %s of memory.\n",
			what, dir, gb(need), gb(wholeWDL), gb(wholeDTM), gb(wholeSpill), room, wholeTime, wholeMemory)
	} else {
		if room != "" {
			room = " (" + strings.TrimPrefix(room, "; ") + ")"
		}
		fmt.Fprintf(stderr, "Building %s in %s: it needs at most %s more of disk%s.\n", what, dir, gb(need), room)
	}
	resumed := tableState(dir) == tableStopped
	if resumed {
		fmt.Fprintln(stderr, "Resuming the build stopped before.")
	}
	fmt.Fprintf(stderr, "Ctrl-C stops it; run %q again to resume it.\n", buildCommand(dir))
	ctx, stop := interruptContext()
	defer stop()
	if quiet {
		mode = progressNever
	}
	line := newProofLine(stderr, mode)
	line.say = catalog.New(style.English, style.Classic)
	line.begin(root)
	st, err := table.Build(dir, []solver.Config{solver.ConfigOf(root)}, table.Options{Solver: solver.Options{
		Budget: bytes, Forget: true, Progress: line.update, Stop: stopOn(ctx),
	}})
	line.end()
	if err != nil {
		if ctx.Err() != nil {
			return &exitError{exitInterrupted, fmt.Errorf("tables build: stopped; what is built is kept: run %q again to resume it", buildCommand(dir))}
		}
		var over *solver.BudgetError
		if errors.As(err, &over) {
			return overLimit(fmt.Errorf("tables build: %s", budget.ForgettingAdvice(over)))
		}
		return fmt.Errorf("tables build: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "Built %s in %s: %s configurations, %s positions; win/draw/loss %s, distances %s; in %v.\n",
		what, dir, line.say.Number(st.Configs), line.say.Number(st.Positions), gb(st.WDLBytes), gb(st.DTMBytes), st.Time.Round(time.Second))
	return err
}

// checkDisk refuses a build that the disk under dir has no room for,
// saying both figures, and returns what it needs and what is free (-1
// when it cannot tell). For a root other than the start it needs little.
func checkDisk(dir string, whole bool) (need, free int64, err error) {
	need = int64(wholeWDL + wholeDTM + wholePlan + wholeSpill)
	if !whole {
		need = 64 << 20
	}
	for _, name := range []string{table.WDLFile + ".tmp", table.DTMFile + ".tmp"} { // a build resumed has written some
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
			need -= fi.Size()
		}
	}
	need = max(need, 0)
	at := dir
	for { // the nearest folder that exists
		if _, err := os.Stat(at); err == nil || filepath.Dir(at) == at {
			break
		}
		at = filepath.Dir(at)
	}
	free = diskFree(at)
	if free >= 0 && free < need {
		figures := ""
		if whole {
			figures = fmt.Sprintf(" (win/draw/loss about %s, distances about %s, the build's plan about %s and its scratch file about %s)", gb(wholeWDL), gb(wholeDTM), gb(wholePlan), gb(wholeSpill))
		}
		return need, free, badInput(fmt.Errorf("tables build: the table needs about %s of disk%s, but %s has %s free; free some room or name another folder with --dir",
			gb(need), figures, at, gb(free)))
	}
	return need, free, nil
}

// gb says a size in GB, or MB under one GB.
func gb(n int64) string {
	if n < 1_000_000_000 {
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(n)/1e9)
}

func runTablesStatus(args []string, stdout, stderr io.Writer) error {
	dir, err := tablesFlags("status", args, stderr, nil)
	if err != nil {
		return err
	}
	w := func(format string, a ...any) { fmt.Fprintf(stdout, format, a...) }
	w("table:    %s\n", dir)
	w("expects:  format %d, rules and solver source %s\n", table.Version, table.Source)
	switch tableState(dir) {
	case tableAbsent:
		w("state:    not built (it takes about %s of disk, %s)\n", gb(wholeWDL+wholeDTM), wholeTime)
		w("build it: %s\n", buildCommand(dir))
		return nil
	case tableStopped:
		w("state:    incomplete: a build was stopped or is under way (%s written)\n", gb(folderSize(dir)))
		w("resume:   %s\n", buildCommand(dir))
		return nil
	}
	t, err := table.Open(dir)
	if err != nil {
		w("state:    not used: %v\n", err)
		w("rebuild:  %s\n", buildCommand(dir))
		return nil
	}
	defer t.Close()
	w("state:    complete, header and directory intact (each block is checked when read): %s configurations, %s\n",
		catalog.New(style.English, style.Classic).Number(int64(t.Configs())), gb(folderSize(dir)))
	return nil
}

// folderSize returns the bytes of the table's files in dir.
func folderSize(dir string) int64 {
	var n int64
	for _, name := range tableNames {
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
			n += fi.Size()
		}
	}
	return n
}

func runTablesRemove(args []string, stdout, stderr io.Writer) error {
	dir, err := tablesFlags("remove", args, stderr, nil)
	if err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		_, err = fmt.Fprintf(stdout, "No table in %s: nothing removed.\n", dir)
		return err
	}
	if err != nil {
		return fmt.Errorf("tables remove: %w", err)
	}
	var ours []string
	for _, e := range entries {
		if !slices.Contains(tableNames, e.Name()) || !e.Type().IsRegular() {
			return badInput(fmt.Errorf("tables remove: %s holds %q, which is not a table's file: nothing removed", dir, e.Name()))
		}
		ours = append(ours, e.Name())
	}
	size := folderSize(dir)
	for _, name := range ours {
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("tables remove: %w", err)
		}
	}
	if err := os.Remove(dir); err != nil {
		return fmt.Errorf("tables remove: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "Removed the table in %s (%d files, %s).\n", dir, len(ours), gb(size))
	return err
}
