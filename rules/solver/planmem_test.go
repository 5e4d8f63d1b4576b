package solver

import (
	"flag"
	"runtime"
	"testing"
	"time"

	"nostromo-lessons/rules"
)

var planMem = flag.Bool("planmem", false, "run TestPlanMemory: plan the solve of the start and report the memory the plan holds (slow: 3 minutes, 0.7 GB)")

// TestPlanMemory plans the forgetting solve of the default start, as
// bench/startpos does, without solving it, and reports how long planning
// took and the Go heap the plan holds: what the solve's tables come on
// top of.
func TestPlanMemory(t *testing.T) {
	if !*planMem {
		t.Skip("run with -planmem")
	}
	p, err := rules.ParseFEN("start")
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{Forget: true, Workers: 2, Budget: 1 << 40})
	began := time.Now()
	pl, ok := s.plan(tableKey{configOf(p), target{kind: Game}}, 1<<40)
	if !ok {
		t.Fatal("plan: over the limit")
	}
	took := time.Since(began)
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	t.Logf("%d configurations planned in %v; tables peak %.3f GB; plan heap %.3f GB (Sys %.3f GB)",
		len(pl.order), took.Round(time.Second), float64(pl.peak)/1e9, float64(ms.HeapAlloc)/1e9, float64(ms.Sys)/1e9)
	runtime.KeepAlive(pl)
}
