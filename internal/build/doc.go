// Package build is the pipeline from a course's files to its published outputs, as named steps in order: load, verify, output checks, model, render and publish.
package build
