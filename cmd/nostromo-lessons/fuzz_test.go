package main

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// fuzzCommands are the commands FuzzArgs runs: those that read a position
// or a kind and flags, write nothing but their output, and end quickly on
// a small position or a single exercise.
var fuzzCommands = []string{"show", "moves", "perft", "solve", "help", "generate"}

// fuzzSmall reports whether the arguments of a command line ask for
// little enough work for a fuzzer, and write no file: no perft deeper than
// 3, no solve of a position whose bound is over 200 configurations, and a
// generate of one exercise of a kind that needs no solver, without -o.
func fuzzSmall(cmd string, args []string) bool {
	if cmd == "generate" && !slices.Contains(args, "--count=1") {
		return false
	}
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if k, err := question.ParseKind(a); cmd == "generate" && (name == "o" || name == "count" && a != "--count=1" || err == nil && k.NeedsSolver()) {
			return false
		}
		if n, err := strconv.Atoi(a); cmd == "perft" && err == nil && n > 3 {
			return false
		}
		if p, err := rules.ParseFEN(strings.TrimSpace(a)); cmd == "solve" && err == nil {
			if b, err := solver.Bound(p, solver.Goal{Kind: solver.Game}); err != nil || b > 200 {
				return false
			}
		}
	}
	return true
}

// FuzzArgs runs the commands that read a position or a kind with any arguments
// (given as one text, an argument a line): no panic reaches the user, and
// a refusal is one line with exit status 2 (bad input) or 3 (over the
// solver's budget), never 1, which says a course has problems.
func FuzzArgs(f *testing.F) {
	f.Setenv("NOSTROMO_CACHE", f.TempDir())
	small := "8/4P3/8/8/8/1n6/8/4K3 w 2 3"
	for _, s := range []struct {
		cmd  uint8
		args string
	}{
		{0, "start"}, {0, "8/8 w"}, {0, small + "\nextra"},
		{1, "--json\n" + small}, {1, "8/8/8/8/8/8/8/8 w 0 0"},
		{2, "--divide\nstart\n2"}, {2, "start\n-1"}, {2, "start\n11"}, {2, "start\nx"},
		{3, small}, {3, "--goal\nsave:1\n" + small}, {3, "--goal=take:5\n" + small}, {3, "--budget\n5GB\n" + small},
		{3, "--budget\n1KB\n" + small}, {3, "--json\n--no-cache\n--progress=never\n" + small}, {3, "--progress\nsometimes\n" + small},
		{4, ""}, {4, "solve"}, {4, "perft"},
		{5, "knight-moves\n--count=1"}, {5, "labyrinth\n--count=1\n--piece=king\n--unique\n--level=2"}, {5, "count-moves\n--count=1\n--theme=farm\n--language=ru"},
		{5, "legal\n--count=1\n--concept=Knight Jumps"}, {5, "king-moves\n--count=1\n--seed=-1"}, {5, "dance\n--count=1"},
	} {
		f.Add(s.cmd, s.args)
	}
	f.Fuzz(func(t *testing.T, c uint8, text string) {
		cmd := fuzzCommands[int(c)%len(fuzzCommands)]
		args := strings.Split(text, "\n")
		if text == "" {
			args = nil
		}
		if !fuzzSmall(cmd, args) {
			return
		}
		var stdout, stderr bytes.Buffer
		err := run(append([]string{cmd}, args...), &stdout, &stderr)
		if err == nil {
			return
		}
		var silent *silentError
		msg := err.Error()
		code := exitCode(err, &bytes.Buffer{})
		switch {
		case strings.Contains(msg, "internal error"):
			t.Fatalf("run(%s %q): %v", cmd, args, err)
		case code != exitBadInput && code != exitOverLimit:
			t.Fatalf("run(%s %q): exit status %d: %v", cmd, args, code, err)
		case !errors.As(err, &silent) && strings.Contains(msg, "\n"):
			t.Fatalf("run(%s %q): a message of more than one line: %v", cmd, args, err)
		}
	})
}
