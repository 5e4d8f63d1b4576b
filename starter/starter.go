// Package starter holds the small courses that "nostromo-lessons new"
// writes, one per language (en/, es/, ru/, de/, nl/): a course.yaml, one lesson and
// one exercise bank, all of which pass check.
package starter

import (
	"embed"
	"io/fs"

	"nostromo-lessons/internal/style"
)

//go:embed */course.yaml */lessons/*.yaml */exercises/*.yaml
var files embed.FS

// FS returns the English starter course, rooted at the course folder.
func FS() fs.FS { return For(style.English) }

// For returns the starter course in language l, rooted at the course
// folder.
func For(l style.Language) fs.FS {
	sub, err := fs.Sub(files, l.String())
	if err != nil {
		panic(err) // the folders are embedded: cannot fail
	}
	return sub
}
