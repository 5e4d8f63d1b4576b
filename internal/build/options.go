package build

import (
	"context"
	"io"
	"io/fs"
	"strings"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

// Options are a build's choices. The zero value loads the course as its
// files say and proves nothing that needs the solver.
type Options struct {
	// Theme, if not nil, is the art and words to build with, in place of
	// the course's; the text's placeholders are loaded in it too.
	Theme *style.Theme
	// Paper, if not nil, is the worksheets' paper, in place of the course's.
	Paper *style.Paper
	// Date is the date the outputs show, "YYYY-MM-DD"; "" shows none.
	Date string
	// ClassSize is the class checklist's rows; 0: render.DefaultClassSize.
	ClassSize int

	// NoCourseTemplates ignores the course's templates/ folder (which is
	// code, like a theme): it is neither read nor checked, and the
	// embedded templates are used.
	NoCourseTemplates bool

	// Solver returns the solver that proves the course, once it is
	// loaded (so that its budget is known). An error from it stops the
	// check and is returned as it is. Nil proves with none: an exercise
	// that needs the solver is then a problem.
	Solver func(*course.Course) (question.Solver, error)

	// Name names the course in messages ("the sample course", a folder).
	Name string
	// Progress, if not nil, is told what the build does: "checking NAME
	// ...", then "  writing pdf/FILE" for each PDF, the slow part.
	Progress func(msg string)
	// Stderr receives the course's warnings and problems, as check prints
	// them; nil discards them.
	Stderr io.Writer
	// Interrupt, if not nil, is called once the course is verified and
	// returns a context that is done when the rendering must stop (the
	// command's Ctrl-C), with the function that releases it.
	Interrupt func() (context.Context, context.CancelFunc)
}

// settings returns the model step's part of o.
func (o Options) settings() model.Settings {
	return model.Settings{Theme: o.Theme, Paper: o.Paper, Date: o.Date, ClassSize: o.ClassSize}
}

// loadOptions returns the load step's part of o.
func (o Options) loadOptions() []course.Option {
	if o.Theme == nil {
		return nil
	}
	return []course.Option{course.WithTheme(*o.Theme)} // the text's placeholders too
}

// renderOptions returns the render step's part of o, for the course in src.
func (o Options) renderOptions(src fs.FS) render.Options {
	return render.Options{Templates: courseTemplates(o.source(src)), Progress: func(p string) {
		if strings.HasPrefix(p, "pdf/") { // the slow part: one line per PDF
			o.progress("  writing " + p)
		}
	}}
}

// source returns the course's files as the build reads them: without
// templates/ when o.NoCourseTemplates.
func (o Options) source(src fs.FS) fs.FS {
	if o.NoCourseTemplates {
		return withoutTemplates{src}
	}
	return src
}

// progress reports msg to o.Progress, if set.
func (o Options) progress(msg string) {
	if o.Progress != nil {
		o.Progress(msg)
	}
}

// withoutTemplates is a course without its templates/ folder: build
// --no-course-templates reads neither the folder nor anything in it.
type withoutTemplates struct{ fs.FS }

// Open implements fs.FS.
func (w withoutTemplates) Open(name string) (fs.File, error) {
	if name == "templates" || strings.HasPrefix(name, "templates/") {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return w.FS.Open(name)
}

// courseTemplates returns the course's own templates folder, which
// overrides the embedded templates file by file, or nil (also for a nil
// src: a course given as a value, without files).
func courseTemplates(src fs.FS) fs.FS {
	if src == nil {
		return nil
	}
	sub, err := fs.Sub(src, "templates")
	if err != nil {
		return nil
	}
	if _, err := fs.Stat(sub, "."); err != nil {
		return nil
	}
	return sub
}
