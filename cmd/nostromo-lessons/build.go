package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/publish"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

// runBuild verifies a course and renders its site, Markdown and PDF
// worksheets into the output folder.
func runBuild(args []string, stdout, stderr io.Writer) error {
	flags := newFlags("build", stderr)
	out := flags.String("o", "out", "the output `folder`; it is replaced only when the build is complete")
	theme := flags.String("theme", "", "the art and words: "+style.ThemeNames()+" (default: the course's)")
	paper := flags.String("paper", "", "the worksheets' paper: "+style.PaperNames()+" (default: the course's)")
	bank := flags.String("bank", "", "build a practice sheet from this exercise bank `file` alone (from generate)")
	classSize := flags.Int("class-size", render.DefaultClassSize, "the class checklist's rows, one per child")
	pf := addProofFlags(flags)
	noTemplates := flags.Bool("no-course-templates", false, "ignore the course's templates/ folder (which is code, like a theme) and use the embedded templates: for a course you do not trust")
	pos, err := parse(flags, args, 0, 1)
	if err != nil {
		return err
	}
	if *bank != "" && len(pos) == 1 {
		return badInput(errors.New("build: give a course folder or --bank, not both"))
	}
	if *out, err = publish.CheckFolder(*out); err != nil {
		return badInput(fmt.Errorf("build: -o: %w", err))
	}
	settings, err := buildSettings("build", *theme, *paper)
	if err != nil {
		return err
	}
	if *classSize < 1 || *classSize > maxClassSize {
		return badInput(fmt.Errorf("build: --class-size %d: want a number of children from 1 to %d", *classSize, maxClassSize))
	}
	settings.ClassSize = *classSize
	if settings.Date, err = sourceDate(); err != nil {
		return badInput(err)
	}
	src, name, err := buildSource(pos, *bank)
	if err != nil {
		return err
	}
	settings.Name, settings.NoCourseTemplates = name, *noTemplates
	if !pf.quiet {
		settings.Progress = func(msg string) { fmt.Fprintln(stderr, msg) }
	}
	return buildCourse(context.Background(), src, *out, settings, pf, stdout, stderr)
}

// maxClassSize is the largest class the checklist is made for.
const maxClassSize = 200

// buildSource returns the course to build and a name for messages: the
// course folder given, a practice course around a bank, or the sample
// course embedded in the binary (courseOrSample).
func buildSource(pos []string, bank string) (fs.FS, string, error) {
	if bank != "" {
		fsys, err := course.PracticeCourse(bank)
		if err != nil {
			return nil, "", badInput(err)
		}
		return fsys, bank, nil
	}
	return courseOrSample(pos)
}

// buildCourse builds the course in src into out (build.Build), proving
// it with the solver pf chooses. Ctrl-C while it checks ends the program
// at once, with nothing written; while it renders, the build stops, out
// stays as it was, and the exit status is 130. Cancelling ctx stops the
// rendering too, and the proving, within milliseconds even inside a proof
// (serve does, on a save or Ctrl-C): buildCourse then returns ctx's error.
func buildCourse(ctx context.Context, src fs.FS, out string, opts build.Options, pf *proofFlags, stdout, stderr io.Writer) error {
	start := time.Now()
	opts.Solver = pf.chooser(ctx, "build", stderr)
	opts.Stderr = stderr
	opts.Interrupt = interruptContext
	r, err := build.Build(ctx, src, opts, out)
	var refused *publish.RefusedError
	switch {
	case errors.Is(err, build.ErrProblems):
		return &exitError{exitFailed, &silentError{}}
	case errors.Is(err, build.ErrInterrupted):
		return &exitError{exitInterrupted, err}
	case errors.As(err, &refused):
		return badInput(fmt.Errorf("build: -o: %w", err))
	case err != nil:
		return err // it says whether out was changed
	}
	index := filepath.Join(out, "site", "index.html")
	_, err = fmt.Fprintf(stdout, "built %s: %s, %s, %d files in %s in %.1fs\nopen %s in a browser; worksheets are in %s; the teacher's page and answer keys in %s\n",
		opts.Name, question.Plural(len(r.Course.Lessons), "lesson"), question.Plural(r.Course.Exercises(), "exercise"), r.Files, out,
		time.Since(start).Seconds(), index, filepath.Join(out, "pdf"), filepath.Join(out, "teacher"))
	return err
}

// buildSettings reads the --theme and --paper flags of command cmd; an
// empty flag keeps the course's choice.
func buildSettings(cmd, theme, paper string) (build.Options, error) {
	var s build.Options
	if theme != "" {
		t, err := parseTheme(cmd, theme)
		if err != nil {
			return s, err
		}
		s.Theme = &t
	}
	if paper != "" {
		p, err := style.ParsePaper(paper)
		if err != nil {
			return s, badInput(fmt.Errorf("%s: --paper %q: want one of %s", cmd, paper, style.PaperNames()))
		}
		s.Paper = &p
	}
	return s, nil
}

// parseTheme reads the --theme flag of command cmd.
func parseTheme(cmd, name string) (style.Theme, error) {
	t, err := style.ParseTheme(name)
	if err != nil {
		return t, badInput(fmt.Errorf("%s: --%s", cmd, strings.TrimPrefix(err.Error(), "style: ")))
	}
	return t, nil
}

// maxSourceDate is the last second of the year 9999: dates are written
// YYYY-MM-DD.
const maxSourceDate = 253402300799

// sourceDate returns the date SOURCE_DATE_EPOCH sets, as YYYY-MM-DD, or "".
func sourceDate() (string, error) {
	v := os.Getenv("SOURCE_DATE_EPOCH")
	if v == "" {
		return "", nil
	}
	secs, err := strconv.ParseInt(v, 10, 64)
	if err != nil || secs < 0 || secs > maxSourceDate {
		return "", fmt.Errorf("build: SOURCE_DATE_EPOCH=%q: want seconds since 1970 as a whole number, at most %d (the end of year 9999)", v, int64(maxSourceDate))
	}
	return time.Unix(secs, 0).UTC().Format(time.DateOnly), nil
}
