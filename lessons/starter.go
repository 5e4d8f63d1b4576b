package lessons

import (
	"embed"
	"io/fs"
)

//go:embed starter
var starterFiles embed.FS

// Starter is the small course that "nostromo-lessons new" writes: a
// course.yaml, one lesson and one exercise bank, all of which pass check.
var Starter, _ = fs.Sub(starterFiles, "starter")
