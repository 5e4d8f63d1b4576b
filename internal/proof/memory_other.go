//go:build !linux

package proof

// physicalMemory returns 0: the memory is not read on this system.
func physicalMemory() int64 { return 0 }
