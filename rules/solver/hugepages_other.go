//go:build !linux

package solver

// adviseHugePages does nothing outside Linux; see hugepages_linux.go.
func adviseHugePages[T table | value]([]T) {}
