package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// command is one sub-command of the tool.
type command struct {
	name    string
	args    string // the arguments, as shown in usage
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

// commands lists the sub-commands in the order "help" shows them. It is set
// in init because the commands' usage texts read it.
var commands []command

func init() {
	commands = []command{
		{"build", "[DIR] [-o OUT] [--theme T] [--paper P] [--class-size N] [--bank FILE]", "prove a course and write its site, Markdown and PDF worksheets (default: the current folder's course, else the sample course)", runBuild},
		{"check", "[--json] [DIR]", "verify every answer of a course (default: the current folder's course, else the sample course)", runCheck},
		{"stats", "[--json] [DIR]", "print the figures of a course: positions, kinds, counts, labyrinths, readability (default: the current folder's course, else the sample course)", runStats},
		{"serve", "[DIR] [--port N] [--lan] [--theme T] [--paper P]", "build a course (default: the current folder), show it in a browser and build it again on every save", runServe},
		{"new", "[--language en|es|ru|de|nl] DIR", "write a small starter course that passes check, in a language", runNew},
		{"schema", "[--file course|lesson|bank] [DIR]", "print the JSON Schema of course files, or write all three into DIR/.nostromo/ for editors", runSchema},
		{"generate", "KIND [--count N] [--seed S] [--level 1-5] [--theme T] [--piece P] [--unique=BOOL] [-o FILE]", "write a bank of new exercises, every one proven", runGenerate},
		{"solve", "[--json] [--goal save:K|catch:K] [--budget SIZE] FEN", "prove who wins a position, in how many moves, and how", runSolve},
		{"show", "FEN", "print the board of a position", runShow},
		{"moves", "[--json] FEN", "list the legal moves of a position", runMoves},
		{"perft", "[--divide] [--deep] FEN DEPTH", "count the move sequences of DEPTH plies (above 10, only with --deep)", runPerft},
	}
}

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
		fmt.Fprintf(fs.Output(), "Usage: nostromo-lessons %s %s\n\n%s.\n", c, cmd.args, upperFirst(cmd.summary))
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
	if len(positional) < min || len(positional) > max {
		fs.Usage()
		want := fmt.Sprint(min)
		if max > min {
			want = fmt.Sprintf("%d to %d", min, max)
		}
		return nil, badInput(fmt.Errorf("%s: got %d arguments, want %s", fs.Name(), len(positional), want))
	}
	return positional, nil
}
