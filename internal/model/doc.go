// Package model maps a verified course to the renderer's plain data: the
// lessons, exercises and diagrams as render.Course holds them, worded in
// the theme the build chooses.
//
// The flow is: course.Check (load and prove) -> model.Model -> render.Files
// -> publish.Folder -> out/.
package model
