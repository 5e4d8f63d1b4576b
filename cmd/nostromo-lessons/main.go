// Command nostromo-lessons proves and renders Nostromo chess lessons.
package main

// Run "nostromo-lessons help" for the list of commands.

import (
	"errors"
	"fmt"
	"io"
	"os"

	"nostromo-lessons/internal/gcstart"
)

func main() {
	gcstart.Delay() // a command that writes a worksheet or two need not collect at all
	os.Exit(exitCode(run(os.Args[1:], os.Stdout, os.Stderr), os.Stderr))
}

// Exit statuses of the command.
const (
	exitOK        = 0
	exitFailed    = 1 // the work was done and found problems (a wrong answer key)
	exitBadInput  = 2 // the command line or an input could not be used
	exitOverLimit = 3 // the solver's budget was exceeded
)

// exitError carries the exit status that an error should end the program with.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// badInput marks err as the user's input being unusable (exit status 2).
func badInput(err error) error { return &exitError{exitBadInput, err} }

// overLimit marks err as the solver's budget being exceeded (exit status 3).
func overLimit(err error) error { return &exitError{exitOverLimit, err} }

// exitCode prints err, if any, and returns the status to exit with.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	var silent *silentError
	if !errors.As(err, &silent) {
		fmt.Fprintln(termWriter{rawWriter(stderr)}, "nostromo-lessons:", err)
	}
	var e *exitError
	if errors.As(err, &e) {
		return e.code
	}
	return exitFailed
}

// silentError is an error whose message was already printed.
type silentError struct{}

func (e *silentError) Error() string { return "error shown above" }

// help prints the usage of the tool, or of the command args[0], on stdout;
// a failure to write it (help > /dev/full) is an error.
func help(args []string, stdout io.Writer) error {
	w := &stickyWriter{w: stdout}
	if len(args) > 0 {
		if c := lookup(args[0]); c != nil {
			// The command's own flag set knows its flags: let it print
			// its usage, on stdout, as asked for.
			if err := c.run([]string{"-help"}, w, w); !errors.Is(err, errHelp) {
				return err
			}
			return w.check()
		}
	}
	usage(w)
	return w.check()
}

// stickyWriter keeps the first error of its writes, so that text written in
// many small calls is checked once, at the end.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}

// check returns the first write error, if any.
func (s *stickyWriter) check() error {
	if s.err != nil {
		return fmt.Errorf("help: writing the usage: %w", s.err)
	}
	return nil
}

// run runs the command line args (without the program name), writing its
// output to stdout and its diagnostics to stderr.
func run(args []string, stdout, stderr io.Writer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v (please report this with the command you ran)", r)
		}
	}()
	if len(args) == 0 {
		usage(stderr)
		return badInput(errors.New("no command given"))
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" || name == "-help" {
		return help(args[1:], stdout)
	}
	if name == "--version" || name == "-version" {
		name = "version"
	}
	c := lookup(name)
	if c == nil {
		usage(stderr)
		return badInput(fmt.Errorf("unknown command %q", name))
	}
	// Every message is written through a termWriter, so that no control
	// character of a file name or any other text the user supplied
	// reaches the terminal; data goes to rawWriter(stdout).
	if err := c.run(args[1:], termWriter{stdout}, termWriter{stderr}); !errors.Is(err, errHelp) {
		return err
	}
	return nil
}
