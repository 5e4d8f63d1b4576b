package course

import (
	"io/fs"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// Language returns the language that the course.yaml of fsys names,
// reading that file only: English when it names none, or cannot be read.
// serve speaks it on its pages before a build has succeeded.
func Language(fsys fs.FS) style.Language {
	c := &Course{Start: rules.Start}
	l := &loader{fsys: fsys, c: c}
	if src, ok := l.read(courseFile, true); ok {
		f := &file{File: yamlpos.File{Name: courseFile, Src: src, Errs: &l.errs}}
		if n := f.parse(); n != nil {
			f.decodeCourse(n, c, nil)
		}
	}
	return c.Language
}
