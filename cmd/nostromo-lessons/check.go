package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/coursefs"
	"nostromo-lessons/internal/question"
)

// runCheck verifies every answer of a course: the one in DIR, or without
// DIR the sample course embedded in the binary (run "check ." for the
// working copy of the repository's sample course).
func runCheck(args []string, stdout, stderr io.Writer) (err error) {
	fs := newFlags("check", stderr)
	pf := addProofFlags(fs)
	noTemplates := fs.Bool("no-course-templates", false, "ignore the course's templates/ folder, as build --no-course-templates does: neither read nor checked")
	asJSON := fs.Bool("json", false, "print the problems to standard output as a JSON list of {file, line, column, severity, message}, for editors and CI; a course that cannot be read at all (exit status 2) as {\"error\": message, \"status\": 2}")
	printed := false // the JSON is out
	defer func() {
		if *asJSON && !printed {
			err = writeErrorJSON(stdout, "check", err)
		}
	}()
	pos, err := parse(fs, args, 0, 1)
	if err != nil {
		return err
	}
	src, name, err := courseOrSample(pos)
	if err != nil {
		return err
	}
	start := time.Now()
	ctx := context.Background()
	c, err := build.Check(ctx, src, build.Options{NoCourseTemplates: *noTemplates, Solver: pf.chooser(ctx, "check", stderr)})
	if *asJSON {
		var list yamlpos.ErrorList
		if err != nil && !errors.As(err, &list) {
			return err
		}
		printed = true
		return writeProblemsJSON(stdout, c, err)
	}
	if build.Report(stderr, c, err) {
		return &exitError{exitFailed, &silentError{}}
	}
	if err != nil {
		return err
	}
	fromTable := ""
	if n := pf.table.hits(); n > 0 {
		fromTable = fmt.Sprintf("; %s from the whole-game table", question.Plural(int(n), "answer"))
	}
	_, err = fmt.Fprintf(stdout, "ok: %s, %s verified in %.1fs (%s%s)\n",
		question.Plural(len(c.Lessons), "lesson"), question.Plural(c.Exercises(), "exercise"), time.Since(start).Seconds(), name, fromTable)
	return err
}

// courseOrSample opens the course folder pos names. Without one it opens
// the current folder when that holds a course of its own (hereOrSample),
// else the sample course embedded in the binary, with a name for messages.
func courseOrSample(pos []string) (fs.FS, string, error) {
	dir := "."
	if len(pos) > 0 {
		dir = pos[0]
	} else if !holdsOwnCourse() {
		return nostromo.Course(), "the sample course", nil
	}
	src, err := courseDir(dir)
	return src, dir, err
}

// holdsOwnCourse reports whether the current folder holds a course other
// than the sample course: a course.yaml that is not the sample course's, or
// a lessons folder without a course.yaml. A teacher who runs "build" inside
// her course folder means that course; the repository's own folder, whose
// course.yaml is the sample course's, gets the embedded sample course, the
// same files when the binary was built from it.
func holdsOwnCourse() bool {
	here, err := os.ReadFile("course.yaml")
	if err != nil {
		info, err := os.Stat("lessons")
		return err == nil && info.IsDir()
	}
	own, err := fs.ReadFile(nostromo.Course(), "course.yaml")
	return err != nil || !bytes.Equal(here, own)
}

// courseDir opens the course folder dir as a root (coursefs.Dir): nothing
// outside it is read, and only regular files within their size limits.
func courseDir(dir string) (fs.FS, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, badInput(fmt.Errorf("course %q: %w", dir, errors.Unwrap(err)))
	}
	if !info.IsDir() {
		return nil, badInput(fmt.Errorf("course %q: not a folder", dir))
	}
	fsys, err := coursefs.Dir(dir)
	if err != nil {
		return nil, badInput(err)
	}
	return fsys, nil
}

// problemJSON is one problem as check --json prints it.
type problemJSON struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Severity string `json:"severity"` // "error" or "warning"
	Message  string `json:"message"`
}

// writeProblemsJSON prints the warnings of c and the problems of err as one
// JSON list, sorted by position, and returns the exit status check has
// without --json. An error that is not a list of problems is returned as
// it is, for stderr.
func writeProblemsJSON(w io.Writer, c *course.Course, err error) error {
	var list yamlpos.ErrorList
	if err != nil && !errors.As(err, &list) {
		return err
	}
	if werr := writeJSON(w, problemsJSON(c, list)); werr != nil {
		return werr
	}
	if err != nil {
		return &exitError{exitFailed, &silentError{}}
	}
	return nil
}

// problemsJSON returns the warnings of c (if any) and the problems of list
// as check --json prints them, sorted by position.
func problemsJSON(c *course.Course, list yamlpos.ErrorList) []problemJSON {
	problems := []problemJSON{}
	add := func(l yamlpos.ErrorList, severity string) {
		for _, e := range l {
			msg := e.Msg
			if severity == "warning" {
				msg = strings.TrimPrefix(msg, "warning: ")
			}
			problems = append(problems, problemJSON{e.Pos.File, e.Pos.Line, e.Pos.Col, severity, msg})
		}
	}
	if c != nil {
		add(c.Warnings, "warning")
	}
	add(list, "error")
	slices.SortStableFunc(problems, func(a, b problemJSON) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
	})
	return problems
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(rawWriter(w)) // data, not a message
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// errorJSON is what check --json and stats --json print when they cannot
// do their work at all: a course folder that is missing, or a command
// line that cannot be read.
type errorJSON struct {
	Error  string `json:"error"`
	Status int    `json:"status"` // the exit status: 2 for bad input
}

// writeErrorJSON prints err, the error command cmd ends with, as an
// errorJSON object, and returns err to end the program with (and to print
// on standard error as well). A nil error, or a request for help, prints
// nothing.
func writeErrorJSON(w io.Writer, cmd string, err error) error {
	if err == nil || errors.Is(err, errHelp) {
		return err
	}
	msg := err.Error()
	var silent *silentError
	if errors.As(err, &silent) {
		msg = cmd + ": the command line could not be used (the reason is on standard error)"
	}
	status := exitFailed
	var e *exitError
	if errors.As(err, &e) {
		status = e.code
	}
	if werr := writeJSON(w, errorJSON{Error: msg, Status: status}); werr != nil {
		return werr
	}
	return err
}
