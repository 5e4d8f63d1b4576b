// Package model maps a verified course to the renderer's plain data: the
// lessons, exercises and diagrams as render.Course holds them, worded in
// the theme the build chooses.
package model

// It is the model step of internal/build's pipeline: load and verify
// (course.Load, course.Verify) -> model.Model -> render (build.Render) ->
// publish.Folder -> out/.
