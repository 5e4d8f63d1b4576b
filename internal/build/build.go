package build

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/publish"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/render"
)

// The steps of a build, in the order they run (Hugo's HugoSites.Build
// names its steps the same way):
//
//	load           course.Load: the course's files, positioned problems
//	output checks  checkOutputs: the course's templates against the
//	               renderer's (the loader checks page ids, reserved
//	               names, printable characters and Markdown sizes with
//	               the leaves render/pageid, render/fonts and
//	               render/mdtext, which import nothing of the renderer)
//	verify         course.Verify: every answer proved, with Options.Solver
//	model          model.Model: the renderer's plain data, in the build's theme
//	render         files: every output file, made in memory
//	publish        publish.Folder: the files written, the folder swapped in
//
// Load runs the first two, which need no solver (stats runs them), Check
// the first three, Build all six; Model and Render run one step each, for
// the tests (buildtest) and for Build.

// ErrProblems is the error of a build whose course has problems: Build has
// printed them to Options.Stderr.
var ErrProblems = errors.New("build: the course has problems")

// ErrInterrupted is the error of a build stopped while it rendered
// (Options.Interrupt, or ctx done): the output folder was not changed.
var ErrInterrupted = errors.New("interrupted")

// Result is what a build made.
type Result struct {
	Course *course.Course // the verified course
	Files  int            // the output files written
}

// Load runs the load and output-check steps: it reads the course in src
// as opts say, and checks it against the outputs, without proving it. The
// course holds every part that could be read, with its warnings sorted,
// and the error is a yamlpos.ErrorList of every problem found, sorted by
// position.
func Load(src fs.FS, opts Options) (*course.Course, error) {
	src = opts.source(src)
	c, err := course.Load(src, opts.loadOptions()...)
	var errs yamlpos.ErrorList
	if err != nil {
		errs = err.(yamlpos.ErrorList)
	}
	checkOutputs(c, src, &errs)
	c.Warnings.Sort()
	errs.Sort()
	return c, errs.Err()
}

// Check runs the load, output-check and verify steps on the course in src:
// the problems of all of them in one sorted yamlpos.ErrorList. An error of
// Options.Solver stops the check and is returned as it is. Once ctx is
// done, a solver that stops on ctx (as the command's solvers do) fails its
// proofs.
func Check(ctx context.Context, src fs.FS, opts Options) (*course.Course, error) {
	c, err := Load(src, opts)
	var errs yamlpos.ErrorList
	if err != nil {
		errs = append(errs, err.(yamlpos.ErrorList)...)
	}
	if err := verify(c, opts, &errs); err != nil {
		return c, err
	}
	errs.Sort()
	return c, errs.Err()
}

// verify runs the verify step: it proves every answer of c with the solver
// opts choose and adds the wrong ones to errs. It returns the solver
// choice's error.
func verify(c *course.Course, opts Options, errs *yamlpos.ErrorList) error {
	choose := opts.Solver
	if choose == nil {
		choose = func(*course.Course) (question.Solver, error) { return nil, nil }
	}
	s, err := choose(c)
	if err != nil {
		return err
	}
	if err := course.Verify(c, s); err != nil {
		*errs = append(*errs, err.(yamlpos.ErrorList)...)
	}
	return nil
}

// Build puts back the output folder of a build killed in the middle of its
// swap (publish.Restore), checks the course in src (Check), then renders
// and publishes it into out. A course with problems prints them to
// opts.Stderr and returns ErrProblems, with out unchanged. Cancelling ctx
// stops the proving within milliseconds, even inside a proof, and Build
// then returns ctx's error; once the course is verified, ctx or
// opts.Interrupt stops the rendering, out stays as it was, and the error
// is ErrInterrupted. Any other error says whether out was changed.
func Build(ctx context.Context, src fs.FS, opts Options, out string) (*Result, error) {
	stderr := opts.Stderr
	if stderr == nil {
		stderr = io.Discard
	}
	// A build killed between the two renames of the swap (where the
	// system has no one-step exchange) left out missing: put it back
	// first, so that a build failing on the course's problems leaves it
	// as its message says.
	if err := publish.Restore(out); err != nil {
		return nil, err
	}
	opts.progress(fmt.Sprintf("checking %s ...", opts.Name))
	c, err := Check(ctx, src, opts)
	if ctx.Err() != nil { // serve stopped, or a file changed: the problems are the stopped proofs'
		return nil, ctx.Err()
	}
	if Report(stderr, c, err) {
		fmt.Fprintf(stderr, "nostromo-lessons: build: %s has problems; %s was not changed\n", opts.Name, out)
		return &Result{Course: c}, ErrProblems
	}
	if err != nil {
		return nil, err
	}
	if opts.Interrupt != nil {
		interrupted, stop := opts.Interrupt()
		defer stop()
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		defer cancel()
		context.AfterFunc(interrupted, cancel)
	}
	n, err := publish.Folder(ctx, out, func(emit publish.EmitFunc) error {
		return Render(Model(c, opts), src, opts, emit)
	})
	if err != nil && ctx.Err() != nil {
		return &Result{Course: c}, fmt.Errorf("build: %w; %s was not changed", ErrInterrupted, out)
	}
	return &Result{Course: c, Files: n}, err
}

// Report prints the warnings of c (if not nil) to w and, when err is a
// yamlpos.ErrorList, its problems, as check prints them. It reports whether
// err was a list of problems.
func Report(w io.Writer, c *course.Course, err error) bool {
	if c != nil {
		yamlpos.PrintError(w, c.Warnings)
	}
	var list yamlpos.ErrorList
	if !errors.As(err, &list) {
		return false
	}
	yamlpos.PrintError(w, list)
	return true
}

// Model runs the model step on c, a course Check has verified: the
// renderer's plain data, in the theme, paper and date opts choose.
func Model(c *course.Course, opts Options) render.Course {
	return model.Model(c, opts.settings())
}

// Render runs the render step on m, the model of a course read from src
// (which may be nil: then only the embedded templates are used): it hands
// every output file to emit, in the order files gives, by a slash
// path relative to the output root.
func Render(m render.Course, src fs.FS, opts Options, emit func(path string, write func(io.Writer) error) error) error {
	return files(m, opts.renderOptions(src), emit)
}
