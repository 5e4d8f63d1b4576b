package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"nostromo-lessons/internal/question"
)

// command is one sub-command of the tool.
type command struct {
	name    string
	args    string // the arguments, as shown in usage
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
	// operands explains the arguments that are not flags, such as KIND,
	// in usage and when one is missing.
	operands []operand
}

// operand is an argument that is not a flag: its name as args writes it,
// and what it is.
type operand struct {
	name, doc string
}

// commands lists the sub-commands in the order "help" shows them. It is set
// in init because the commands' usage texts read it.
var commands []command

func init() {
	commands = []command{
		{"build", "[DIR] [-o OUT] [--theme T] [--paper P] [--class-size N] [--bank FILE]", "prove a course and write its site, Markdown and PDF worksheets (default: the current folder's course, else the sample course)", runBuild, nil},
		{"check", "[--json] [DIR]", "verify every answer of a course (default: the current folder's course, else the sample course)", runCheck, nil},
		{"stats", "[--json] [DIR]", "print the figures of a course: positions, kinds, counts, labyrinths, readability (default: the current folder's course, else the sample course)", runStats, nil},
		{"serve", "[DIR] [--port N] [--lan] [--class NAME] [--theme T] [--paper P]", "build a course (default: the current folder), show it in a browser and build it again on every save", runServe, nil},
		{"class", "list|export|rename|forget|report [CLASS] ...", "list the classes that serve --class keeps, export their answers as CSV, rename or forget a child or a whole class, write the class report (PDF)", runClass,
			[]operand{{"ACTION", "list, export, rename, forget or report (run nostromo-lessons help class)"}}},
		{"new", "[--language en|es|ru|de|nl] DIR", "write a small starter course that passes check, in a language", runNew,
			[]operand{{"DIR", "the folder to write the course into, new or empty, such as my-course"}}},
		{"schema", "[--file course|lesson|bank] [DIR]", "print the JSON Schema of course files, or write all three into DIR/.nostromo/ for editors", runSchema, nil},
		{"generate", "KIND [--count N] [--seed S] [--level 1-5] [--theme T] [--piece P] [--unique=BOOL] [--concept C] [--language L] [--from-games] [-o FILE]", "write a bank of new exercises, every one proven", runGenerate,
			[]operand{{"KIND", "the kind of exercises, one of " + question.KindNames()}}},
		{"solve", "[--json] [--goal save:K|catch:K] [--budget SIZE] [--max-time T] FEN", "prove who wins a position, in how many moves, and how", runSolve, []operand{fenOperand}},
		{"analyze", "[--json] [--budget SIZE] [--forgetting] [--exercises FILE] [--language L] [GAME]", "judge every move of a played game: mistakes, slips and the best moves instead", runAnalyze,
			[]operand{{"GAME", `a file holding the game, or - (the default) for standard input: an optional [FEN "..."] line, then moves as moves and solve print them, such as "1. e3 Nd5 2. Ke2"; numbers and {comments} are ignored`}}},
		{"tables", "build|status|remove [--dir DIR] [--budget SIZE]", "build the whole-game table once (about 15 GB of disk), which every command then answers positions from; say where it is and whether it is intact; remove it", runTables,
			[]operand{{"ACTION", "build (resumes a build that was stopped), status, or remove (the only command that deletes the table)"}}},
		{"show", "FEN", "print the board of a position", runShow, []operand{fenOperand}},
		{"moves", "[--json] FEN", "list the legal moves of a position", runMoves, []operand{fenOperand}},
		{"perft", "[--divide] [--deep] FEN DEPTH", "count the move sequences of DEPTH plies (above 10, only with --deep)", runPerft,
			[]operand{fenOperand, {"DEPTH", "the number of plies, a whole number"}}},
		{"version", "", "print the version, commit, its date, Go version and platform of this binary (also --version)", runVersion, nil},
	}
}

// fenOperand is the position that show, moves, solve and perft read.
var fenOperand = operand{"FEN", `a Nostromo FEN such as "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", or start`}

func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "nostromo-lessons proves and renders lessons for Nostromo, the chess game of")
	fmt.Fprintln(w, "a white king and six pawns against a black knight.")
	fmt.Fprintln(w, "\nUsage:\n  nostromo-lessons COMMAND [ARGUMENTS]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nA FEN is a Nostromo FEN such as \"8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0\", or the")
	fmt.Fprintln(w, "word start for the default start position. Run \"nostromo-lessons help COMMAND\"")
	fmt.Fprintln(w, "for a command's flags.")
}

// newFlags returns a flag set for the command c whose usage text explains c.
// The caller adds its flags, then calls parse.
func newFlags(c string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(c, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		cmd := lookup(c)
		fmt.Fprintf(fs.Output(), "Usage: %s\n\n%s.\n", strings.TrimSpace("nostromo-lessons "+c+" "+cmd.args), upperFirst(cmd.summary))
		if len(cmd.operands) > 0 {
			fmt.Fprintln(fs.Output(), "\nArguments:")
			for _, o := range cmd.operands {
				fmt.Fprintf(fs.Output(), "  %s\n    \t%s\n", o.name, o.doc)
			}
		}
		if hasFlags(fs) {
			fmt.Fprintln(fs.Output(), "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// errHelp is returned by parse when the user asked for help, which was
// shown; run turns it into success.
var errHelp = errors.New("help shown")

// parse parses args with fs, allowing flags after positional arguments, and
// checks that between min and max positional arguments remain.
func parse(fs *flag.FlagSet, args []string, min, max int) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, badInput(&silentError{}) // the flag package printed why
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
	if len(positional) < min {
		fs.Usage()
		return nil, badInput(missing(fs.Name(), len(positional), min))
	}
	if len(positional) > max {
		fs.Usage()
		want := fmt.Sprint(min)
		if max > min {
			want = fmt.Sprintf("%d to %d", min, max)
		}
		return nil, badInput(fmt.Errorf("%s: got %d arguments, want %s", fs.Name(), len(positional), want))
	}
	return positional, nil
}

// missing is the error of the command name given got of its want
// operands: it names the first one missing and says what it is, such as
// "generate: missing KIND, the kind of exercises, one of knight-moves, ...".
func missing(name string, got, want int) error {
	ops := lookup(name).operands
	if got >= len(ops) {
		return fmt.Errorf("%s: got %d arguments, want %d", name, got, want)
	}
	return fmt.Errorf("%s: missing %s, %s", name, ops[got].name, ops[got].doc)
}
