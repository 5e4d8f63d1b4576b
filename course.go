// Package nostromo holds the sample course of nostromo-lessons, embedded in
// the binary so that "nostromo-lessons check" works from any folder.
package nostromo

// The course's files live at the repository root: course.yaml,
// lessons/*.yaml and exercises/*.yaml. The Go code that reads them lives
// under internal/.

import (
	"embed"
	"io/fs"
)

//go:embed course.yaml lessons/*.yaml exercises/*.yaml
var files embed.FS

// Course returns the sample course, rooted at the course folder: it holds
// course.yaml, lessons/ and exercises/.
func Course() fs.FS { return files }
