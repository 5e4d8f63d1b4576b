// Package build is the pipeline from a course's files to its published outputs, as named steps in order: load, output checks, verify, model, render and publish.
package build
