package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/generate"
	"nostromo-lessons/internal/publish"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// exitInterrupted is the exit status after Ctrl-C, as shells report a
// program ended by SIGINT.
const exitInterrupted = 130

// generateBudget is the budget of the solver generate works with, in
// states: large, so that its cache keeps the tables of many positions
// (about 64 MB). Every exercise is still provable within
// generate.CandidateBudget, the budget of check.
const generateBudget = 32_000_000

// interruptContext returns the context that Ctrl-C cancels; tests replace
// it.
var interruptContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// runGenerate writes a bank of new exercises of one kind, every one proven
// by its own check, graded 1 to 5, without duplicates. The same arguments
// write the same file, byte for byte: the seed (default 1) and the
// arguments are in it.
//
// When fewer exercises than --count can be found (a level with few
// exercises of the kind), it writes those it found, says so, and exits with
// status 1. Ctrl-C stops it with status 130 and writes nothing; with -o the
// file appears only once complete.
func runGenerate(args []string, stdout, stderr io.Writer) error {
	flags := newFlags("generate", stderr)
	count := flags.Int("count", 20, "the number of exercises, 1 to 1000")
	seed := flags.Uint64("seed", 1, "the seed of the random source; the same seed and arguments make the same file")
	level := flags.Int("level", 0, "only exercises of this level, from 1 (easiest) to 5; 0 mixes all levels")
	lang := flags.String("language", "en", "the language of the bank's titles, questions and explanations: "+style.LanguageNames()+" (generate reads no course, so en unless given)")
	theme := flags.String("theme", "classic", "the theme a bank is worded in when built alone (its text holds placeholders such as $king): "+style.ThemeNames())
	var noTable tableFlag
	noTable.add(flags)
	fromGames := flags.Bool("from-games", false, "outcome, moves-to-win, best-move: draw positions of 5 and 6 pawns, of level 4 or 5, from random games played from the start (the seed draws the games), every answer proven from the whole-game table, which it needs (nostromo-lessons tables build); a course that includes the bank is checked with the table too")
	piece := flags.String("piece", "", "labyrinth: the moving piece, knight or king (default: both)")
	concept := flags.String("concept", "", "what the exercises practise, written into the bank for stats to count, such as knight-jumps (lower-case words joined by -)")
	unique := flags.Bool("unique", false, "best-move: exactly one best move (default true); labyrinth: exactly one shortest path (default false)")
	out := flags.String("o", "", "write the bank to `FILE` (default, or - or /dev/stdout: standard output): a regular file is replaced complete or not at all, a device or FIFO written into (waiting for its reader; Ctrl-C stops the wait); a symbolic link is followed only to a device or FIFO")
	pos, err := parse(flags, args, 1, 1)
	if err != nil {
		return err
	}
	kind, err := question.ParseKind(pos[0])
	if err != nil {
		return badInput(fmt.Errorf("generate: %w", err))
	}
	opts := generate.Options{Count: *count, Seed: *seed, Level: *level, Unique: generate.DefaultUnique(kind), Budget: generate.CandidateBudget}
	set := map[string]bool{}
	flags.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case *count < 1 || *count > generate.MaxCount:
		return badInput(fmt.Errorf("generate: --count %d: want 1 to %d", *count, generate.MaxCount))
	case *seed > math.MaxInt64:
		return badInput(fmt.Errorf("generate: --seed %d: want 0 to %d", *seed, int64(math.MaxInt64)))
	case *level < 0 || *level > 5:
		return badInput(fmt.Errorf("generate: --level %d: want 1 to 5, or 0 for all levels", *level))
	case set["piece"] && kind != question.KindLabyrinth:
		return badInput(fmt.Errorf("generate: --piece is for labyrinth only, not %s", kind))
	case set["unique"] && kind != question.KindBestMove && kind != question.KindLabyrinth:
		return badInput(fmt.Errorf("generate: --unique is for best-move and labyrinth only, not %s", kind))
	case *fromGames && !generate.GameKinds(kind):
		return badInput(fmt.Errorf("generate: --from-games is for outcome, moves-to-win and best-move only, not %s", kind))
	case *fromGames && *level > 0 && *level < 4:
		return badInput(fmt.Errorf("generate: --from-games --level %d: positions from games are of level 4 or 5 (0 for both)", *level))
	case *fromGames && noTable.no:
		return badInput(errors.New("generate: --from-games proves its answers from the whole-game table: leave out --no-table"))
	case len(*concept) > course.MaxConcept:
		return badInput(fmt.Errorf("generate: --concept is %d bytes long, more than the limit of %d: name the concept in a few words, like knight-jumps", len(*concept), course.MaxConcept))
	case *concept != "" && !course.ValidConcept(*concept):
		return badInput(fmt.Errorf("generate: --concept %q: want lower-case letters and digits in words joined by -, like knight-jumps", *concept))
	}
	if opts.Theme, err = parseTheme("generate", *theme); err != nil {
		return err
	}
	if opts.Language, err = style.ParseLanguage(*lang); err != nil {
		return badInput(fmt.Errorf("generate: --language %q: want one of %s", *lang, style.LanguageNames()))
	}
	switch *piece {
	case "":
	case "knight":
		opts.Piece = rules.Knight
	case "king":
		opts.Piece = rules.King
	default:
		return badInput(fmt.Errorf("generate: --piece %q: want knight or king", *piece))
	}
	if set["unique"] {
		opts.Unique = *unique
	}
	if *out == "-" || *out == "/dev/stdout" {
		*out = "" // standard output, which may be a file: not the link /dev/stdout is
	}
	if *out != "" {
		if err := publish.CheckFile(*out); err != nil {
			return outputError(err)
		}
	}
	ctx, stop := interruptContext()
	defer stop()
	switch {
	case *fromGames:
		if opts.Solver, opts.Games, err = gameSource(&noTable, stderr); err != nil {
			return err
		}
	case kind.NeedsSolver():
		opts.Solver = noTable.wrap("generate", solver.New(solver.Options{Budget: generateBudget, Stop: ctx.Err}), stderr)
	}
	bar := newProgressBar(stderr, kind.String())
	opts.Progress = bar.update
	start := time.Now()
	list, genErr := generate.Exercises(ctx, kind, opts)
	bar.clear()
	var short *generate.ShortError
	switch {
	case ctx.Err() != nil:
		return &exitError{exitInterrupted, errors.New("generate: interrupted; nothing written")}
	case errors.As(genErr, &short) && len(list) == 0:
		return &exitError{exitFailed, fmt.Errorf("generate: %v; nothing written (try another --level or --seed)", genErr)}
	case genErr != nil && short == nil:
		return genErr
	}

	header := generate.BankHeader{
		Title:    generate.DefaultTitle(kind, opts),
		Concept:  *concept,
		By:       "nostromo-lessons generate",
		Seed:     opts.Seed,
		Args:     generateArgs(kind, opts, set["piece"], *concept),
		Level:    opts.Level,
		Language: opts.Language,
	}
	if opts.Games != nil {
		header.Note = "Drawn from random games played from the start and proven from the whole-game\ntable: a course that includes it is checked with the table (nostromo-lessons\ntables build), as its positions are too big for the solver's default budget."
	}
	var buf bytes.Buffer
	if err := generate.WriteBank(&buf, header, list); err != nil {
		return err
	}
	where := "standard output"
	if *out == "" {
		if _, err := rawWriter(stdout).Write(buf.Bytes()); err != nil { // data, not a message
			return err
		}
	} else {
		if err := publish.WriteFileContext(ctx, *out, buf.Bytes()); err != nil {
			if ctx.Err() != nil {
				return &exitError{exitInterrupted, fmt.Errorf("generate: interrupted while writing to %q, a FIFO or device that no program read from (start the reader, such as cat %s, before or after generate)", *out, *out)}
			}
			return outputError(err)
		}
		where = *out
	}
	fmt.Fprintf(stderr, "wrote %s (%s) to %s in %.1fs, seed %d\n",
		question.Plural(len(list), kind.String()+" exercise"), levelsText(list), where, time.Since(start).Seconds(), opts.Seed)
	if short != nil {
		return &exitError{exitFailed, fmt.Errorf("generate: %v; the file holds those %d (try another --level, a smaller --count, or another --seed)", short, len(list))}
	}
	return nil
}

// outputError reports a failure to write the -o file: a refused target is
// bad input (exit status 2).
func outputError(err error) error {
	var refused *publish.RefusedError
	if errors.As(err, &refused) {
		return badInput(fmt.Errorf("generate: -o: %w", err))
	}
	return fmt.Errorf("generate: -o: %w", err)
}

// generateArgs returns the arguments that make the bank again, every
// option with its value: written into the bank, they are all it takes.
func generateArgs(k question.Kind, opts generate.Options, piece bool, concept string) []string {
	args := []string{k.String(), "--count", strconv.Itoa(opts.Count), "--seed", strconv.FormatUint(opts.Seed, 10)}
	if opts.Level > 0 {
		args = append(args, "--level", strconv.Itoa(opts.Level))
	}
	if opts.Language != style.English {
		args = append(args, "--language", opts.Language.String())
	}
	args = append(args, "--theme", opts.Theme.String())
	if piece {
		args = append(args, "--piece", opts.Piece.String())
	}
	if k == question.KindBestMove || k == question.KindLabyrinth {
		args = append(args, "--unique="+strconv.FormatBool(opts.Unique))
	}
	if concept != "" {
		args = append(args, "--concept", concept)
	}
	if opts.Games != nil {
		args = append(args, "--from-games")
	}
	return args
}

// gameSource returns what generate --from-games proves with, the
// whole-game table alone (a position it does not hold is not proven),
// and where its games start: the default start, or the root of a test's
// small table ($NOSTROMO_TABLE_ROOT). Without a table that is complete and
// intact it is bad input, naming the command that builds one.
func gameSource(f *tableFlag, stderr io.Writer) (question.Solver, *generate.Games, error) {
	s := f.wrap("generate", tableOnly{}, stderr)
	if f.t == nil {
		dir, err := tableDir()
		if err != nil {
			return nil, nil, badInput(fmt.Errorf("generate: --from-games needs the whole-game table: %w", err))
		}
		return nil, nil, badInput(fmt.Errorf("generate: --from-games needs the whole-game table, and %s holds none that can be used: build it with: %s", dir, buildCommand(dir)))
	}
	start, _, err := tableRoot()
	if err != nil {
		return nil, nil, err
	}
	return s, &generate.Games{Start: start}, nil
}

// errNotInTable is what tableOnly answers.
var errNotInTable = errors.New("generate: --from-games: the position is not in the whole-game table")

// tableOnly is the solver behind the table of generate --from-games: it
// proves nothing, so that every answer comes from the table.
type tableOnly struct{}

func (tableOnly) Solve(rules.Position, solver.Goal) (solver.Solution, error) {
	return solver.Solution{}, errNotInTable
}

func (tableOnly) WinningMoves(rules.Position, solver.Goal) ([]rules.Move, error) {
	return nil, errNotInTable
}

// levelsText describes the levels of a set: "level 3" or "levels 1-5".
func levelsText(list []generate.Generated) string {
	var levels []int
	for _, e := range list {
		if !slices.Contains(levels, e.Level) {
			levels = append(levels, e.Level)
		}
	}
	slices.Sort(levels)
	if len(levels) == 1 {
		return fmt.Sprintf("level %d", levels[0])
	}
	return fmt.Sprintf("levels %d-%d", levels[0], levels[len(levels)-1])
}

// progressBar shows the progress of a long run: on a terminal, a bar
// drawn over itself; anywhere else (a pipe, a file, a CI log), a plain
// line at most every logEvery, as a long proof's progress is.
type progressBar struct {
	w     io.Writer
	what  string
	plain bool          // plain lines, not a bar
	every time.Duration // how often a plain line is written at most
	start time.Time     // when the run began, for plain lines
	last  time.Time
	done  bool // the bar is on the terminal
}

func newProgressBar(w io.Writer, what string) *progressBar {
	if isTerminal(w) {
		return &progressBar{w: w, what: what}
	}
	now := time.Now()
	return &progressBar{w: w, what: what, plain: true, every: logEvery, start: now, last: now}
}

// update shows done exercises found of total: the bar at most ten times a
// second, a plain line at most every b.every.
func (b *progressBar) update(done, total int) {
	now := time.Now()
	if b.plain {
		if now.Sub(b.last) >= b.every {
			b.last = now
			fmt.Fprintf(b.w, "%6s generating %s: %d of %d exercises found\n", now.Sub(b.start).Round(time.Second), b.what, done, total)
		}
		return
	}
	if done < total && now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last, b.done = now, true
	const width = 30
	filled := width * done / total
	fmt.Fprintf(rawWriter(b.w), "\rgenerating %s [%s%s] %d/%d", quoteTerm([]byte(b.what)), strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total)
}

// clear removes the bar from the terminal.
func (b *progressBar) clear() {
	if b.done {
		fmt.Fprint(rawWriter(b.w), "\r\033[K")
	}
}
