package build

import (
	"io/fs"
	"path"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/render"
	"nostromo-lessons/templates"
)

// checkOutputs runs the output-check step on c, the course loaded from src
// (as the build reads it: without templates/ for NoCourseTemplates): the
// course's own templates/ folder, read as build reads it and laid over the
// embedded templates (course.CheckTemplates), then, if every file of it
// reads, its page templates and piece art parsed as the render step parses
// them (render.CheckTemplates). It adds the warnings to c.Warnings and the
// problems to errs, unsorted.
func checkOutputs(c *course.Course, src fs.FS, errs *yamlpos.ErrorList) {
	warns, problems, readable := course.CheckTemplates(src, templates.FS())
	c.Warnings = append(c.Warnings, warns...)
	*errs = append(*errs, problems...)
	if !readable {
		return
	}
	sub, err := fs.Sub(src, "templates")
	if err != nil {
		return
	}
	for _, e := range render.CheckTemplates(sub) {
		pos := yamlpos.Pos{File: path.Join("templates", e.Name), Line: e.Line}
		if e.Line > 0 {
			pos.Col = 1
		}
		errs.Add(pos, e.Msg)
	}
}
