// Package nostromo holds the sample course of nostromo-lessons, embedded in
// the binary so that "nostromo-lessons check" works from any folder.
//
// The course's files live at the repository root, beside the Go packages
// that read them: course.yaml, lessons/*.yaml and exercises/*.yaml.
package nostromo

import (
	"embed"
	"io/fs"
)

//go:embed course.yaml lessons/*.yaml exercises/*.yaml
var files embed.FS

// Course is the sample course, rooted at the course folder: it holds
// course.yaml, lessons/ and exercises/.
var Course fs.FS = files
