package main

import (
	"errors"
	"io"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/stats"
)

// runStats prints the figures of a course (default: the sample course
// embedded in the binary): what children see, counted. It reads the course
// as check does but proves nothing; a course that does not load is
// reported as check reports it.
func runStats(args []string, stdout, stderr io.Writer) (err error) {
	fs := newFlags("stats", stderr)
	asJSON := fs.Bool("json", false, "print the figures to standard output as one JSON object, with every list in full; a course with problems as {\"problems\": [...]}, check --json's list; one that cannot be read at all as {\"error\": message, \"status\": 2}")
	printed := false // the JSON is out
	defer func() {
		if *asJSON && !printed {
			err = writeErrorJSON(stdout, "stats", err)
		}
	}()
	pos, err := parse(fs, args, 0, 1)
	if err != nil {
		return err
	}
	src, _, err := courseOrSample(pos)
	if err != nil {
		return err
	}
	c, err := build.Load(src, build.Options{})
	if err != nil {
		var list yamlpos.ErrorList
		if errors.As(err, &list) {
			if *asJSON {
				printed = true
				if err := writeJSON(stdout, problemsObject{problemsJSON(c, list)}); err != nil {
					return err
				}
			} else {
				yamlpos.PrintError(stderr, list)
			}
			return &exitError{exitFailed, &silentError{}}
		}
		return err
	}
	r := stats.Compute(c)
	if !*asJSON {
		return r.WriteText(stdout)
	}
	printed = true
	return writeJSON(stdout, r)
}

// problemsObject is what stats --json prints for a course with problems,
// in place of its figures: the problems as check --json lists them.
type problemsObject struct {
	Problems []problemJSON `json:"problems"`
}
