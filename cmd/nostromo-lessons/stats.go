package main

import (
	"encoding/json"
	"errors"
	"io"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/stats"
)

// runStats prints the figures of a course (default: the sample course
// embedded in the binary): what children see, counted. It reads the course
// as check does but proves nothing; a course that does not load is
// reported as check reports it.
func runStats(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("stats", stderr)
	asJSON := fs.Bool("json", false, "print the figures to standard output as one JSON object, with every list in full")
	pos, err := parse(fs, args, 0, 1)
	if err != nil {
		return err
	}
	src, _, err := courseOrSample(pos)
	if err != nil {
		return err
	}
	c, err := course.Load(src)
	if err != nil {
		var list course.ErrorList
		if errors.As(err, &list) {
			course.PrintError(stderr, list)
			return &exitError{exitFailed, &silentError{}}
		}
		return err
	}
	r := stats.Compute(c)
	if !*asJSON {
		return r.WriteText(stdout)
	}
	enc := json.NewEncoder(rawWriter(stdout))
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
