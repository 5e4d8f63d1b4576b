package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/question"
)

// runCheck verifies every answer of a course: the one in DIR, or without
// DIR the sample course embedded in the binary (run "check ." for the
// working copy of the repository's sample course).
func runCheck(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("check", stderr)
	pf := addProofFlags(fs)
	pos, err := parse(fs, args, 0, 1)
	if err != nil {
		return err
	}
	src, name := nostromo.Course(), "the sample course"
	if len(pos) == 1 {
		if src, err = courseDir(pos[0]); err != nil {
			return err
		}
		name = pos[0]
	}
	start := time.Now()
	c, err := course.CheckWith(src, pf.chooser("check", stderr))
	if c != nil {
		course.PrintError(stderr, c.Warnings)
	}
	if err != nil {
		var list course.ErrorList
		if errors.As(err, &list) {
			course.PrintError(stderr, list)
			return &exitError{exitFailed, &silentError{}}
		}
		return err
	}
	_, err = fmt.Fprintf(stdout, "ok: %s, %s verified in %.1fs (%s)\n",
		question.Plural(len(c.Lessons), "lesson"), question.Plural(c.Exercises(), "exercise"), time.Since(start).Seconds(), name)
	return err
}

// courseDir opens the course folder dir as a root (course.Dir): nothing
// outside it is read, and only regular files within their size limits.
func courseDir(dir string) (fs.FS, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, badInput(fmt.Errorf("course %q: %w", dir, errors.Unwrap(err)))
	}
	if !info.IsDir() {
		return nil, badInput(fmt.Errorf("course %q: not a folder", dir))
	}
	fsys, err := course.Dir(dir)
	if err != nil {
		return nil, badInput(err)
	}
	return fsys, nil
}
