package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/starter"
)

// runCheck verifies every answer of a course: the one in DIR, or without
// DIR the sample course embedded in the binary (run "check ." for the
// working copy of the repository's sample course).
func runCheck(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("check", stderr)
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
	c, err := course.Check(src, newSolver())
	if err != nil {
		var list course.ErrorList
		if errors.As(err, &list) {
			course.PrintError(stderr, list)
			return &exitError{exitFailed, &silentError{}}
		}
		return err
	}
	_, err = fmt.Fprintf(stdout, "ok: %s, %s verified in %.1fs (%s)\n",
		plural(len(c.Lessons), "lesson"), plural(c.Exercises(), "exercise"), time.Since(start).Seconds(), name)
	return err
}

// courseDir opens the course folder dir.
func courseDir(dir string) (fs.FS, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, badInput(fmt.Errorf("course %q: %w", dir, errors.Unwrap(err)))
	}
	if !info.IsDir() {
		return nil, badInput(fmt.Errorf("course %q: not a folder", dir))
	}
	return os.DirFS(dir), nil
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// runNew writes a small starter course into DIR, which must be empty or not
// exist yet.
func runNew(args []string, stdout, stderr io.Writer) error {
	flags := newFlags("new", stderr)
	pos, err := parse(flags, args, 1, 1)
	if err != nil {
		return err
	}
	dir := pos[0]
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return badInput(fmt.Errorf("new: %s is not empty; choose a new or empty folder", dir))
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return badInput(fmt.Errorf("new: %w", err))
	}
	var files []string
	err = fs.WalkDir(starter.FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(starter.FS(), path)
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		files = append(files, path)
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		return fmt.Errorf("new: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "wrote a starter course to %s (%d files); check it with: nostromo-lessons check %s\n", dir, len(files), dir)
	return err
}
