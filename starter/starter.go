// Package starter holds the small course that "nostromo-lessons new" writes:
// a course.yaml, one lesson and one exercise bank, all of which pass check.
package starter

import (
	"embed"
	"io/fs"
)

//go:embed course.yaml lessons/*.yaml exercises/*.yaml
var files embed.FS

// FS returns the starter course, rooted at the course folder.
func FS() fs.FS { return files }
