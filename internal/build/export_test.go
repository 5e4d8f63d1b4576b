package build

import (
	"io"

	"nostromo-lessons/render"
)

// FilesOn is the render step made on the given number of goroutines, for
// TestFilesDeterministic.
func FilesOn(m render.Course, opts Options, workers int, emit func(path string, write func(io.Writer) error) error) error {
	p, err := outputs(m, opts.renderOptions(nil))
	if err != nil {
		return err
	}
	return p.run(workers, emit)
}
