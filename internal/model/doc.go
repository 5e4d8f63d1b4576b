// Package build turns a verified course into the files of the output folder:
// it maps the lessons' data to the renderer's plain data (Model), and it
// publishes what the renderer emits into a fresh folder that replaces the
// old one only when complete (Publish). It is the only package that writes
// files.
//
// The flow is: lessons.Check (load and prove) -> Model -> render.Publish ->
// Publish -> out/.
package model
