// Package gcstart holds off a process's first garbage collection until its
// heap has grown to a size.
package gcstart

// A command that writes one worksheet allocates a few megabytes and exits:
// collecting them, twice, took a tenth of its time. A longer command
// collects as usual once the heap has grown.

import (
	"runtime"
	"runtime/debug"
)

// firstLimit is the memory the Go runtime may hold before the first
// collection: a worksheet takes about 12 MB.
const firstLimit = 64 << 20

// Delay turns the garbage collector off until the memory the Go runtime
// holds reaches firstLimit (or the process's own GOMEMLIMIT, if lower);
// after that first collection the collector runs with the settings it had
// before (GOGC and GOMEMLIMIT), but a memory limit the program set in
// between is kept. A process that set GOGC=off keeps it off. A program
// calls it first thing in main.
func Delay() {
	percent := debug.SetGCPercent(-1)
	memLimit := debug.SetMemoryLimit(-1)
	set := min(firstLimit, memLimit)
	debug.SetMemoryLimit(set)
	// A cleanup runs once the collector has found its object unreachable:
	// after the first collection. The object has 32 bytes, so that it is
	// not batched with others in a tiny block (whose cleanup may never run).
	runtime.AddCleanup(new([32]byte), func(struct{}) {
		debug.SetGCPercent(percent)
		if debug.SetMemoryLimit(-1) == set { // else the program set its own since (see table.Build)
			debug.SetMemoryLimit(memLimit)
		}
	}, struct{}{})
}
