package solver

import (
	"embed"
	"io/fs"
)

//go:embed *.go
var source embed.FS

// Source returns this package's Go files. A cache of solutions keys its
// entries by their hash (with the rules' source), so that any change to the
// solver makes every entry stale by itself.
func Source() fs.FS { return source }
