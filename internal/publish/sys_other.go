//go:build !unix

package publish

import "os"

const (
	openNoFollow = 0
	openNoCTTY   = 0
)

// lock opens the lock file; without flock it does not keep a second build
// out.
func lock(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o666)
}
