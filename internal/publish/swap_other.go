//go:build !linux

package publish

import "errors"

// exchange would swap two folders in one step; only Linux has renameat2.
var exchange = func(a, b string) error { return errors.ErrUnsupported }

// renameNoReplace would rename without replacing; only Linux has renameat2.
var renameNoReplace = func(from, to string) error { return errors.ErrUnsupported }
