package gcstart

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// gogc returns the collector's GOGC percent, -1 when it is off (the
// metric is then the largest uint64).
func gogc() int64 {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// memLimit returns the collector's memory limit.
func memLimit() int64 { return debug.SetMemoryLimit(-1) }

// TestDelay: the collector is off until the first collection, then back
// to its settings, also when they turned it off; a memory limit set in
// between is kept.
func TestDelay(t *testing.T) {
	for _, tt := range []struct {
		name    string
		percent int
		own     int64 // a memory limit the program sets after Delay, or 0
	}{{"GOGC=150", 150, 0}, {"GOGC=off", -1, 0}, {"own limit", 100, 3 << 30}} {
		t.Run(tt.name, func(t *testing.T) {
			const limit = 1 << 40
			defer debug.SetGCPercent(debug.SetGCPercent(tt.percent))
			defer debug.SetMemoryLimit(debug.SetMemoryLimit(limit))
			Delay()
			if got := gogc(); got != -1 {
				t.Fatalf("after Delay, GOGC = %d, want -1 (off)", got)
			}
			if got := memLimit(); got != firstLimit {
				t.Fatalf("after Delay, the memory limit = %d, want %d", got, firstLimit)
			}
			want := int64(limit)
			if tt.own != 0 {
				want = tt.own
				debug.SetMemoryLimit(tt.own)
			}
			deadline := time.Now().Add(10 * time.Second)
			for memLimit() != want || gogc() == -1 && tt.percent != -1 { // the cleanup sets them back after the first collection
				if time.Now().After(deadline) {
					t.Fatalf("after collections, the memory limit = %d and GOGC %d, want %d and %d", memLimit(), gogc(), want, tt.percent)
				}
				runtime.GC()
				time.Sleep(time.Millisecond)
			}
			if got := gogc(); got != int64(tt.percent) {
				t.Errorf("after a collection, GOGC = %d, want %d back", got, tt.percent)
			}
		})
	}
}
