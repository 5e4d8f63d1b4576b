package solver

import (
	"flag"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"
	"unsafe"

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
	pl, err := s.plan(tableKey{configOf(p), target{kind: Game}}, 1<<40)
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	took := time.Since(began)
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	t.Logf("%d configurations planned in %v; tables peak %.3f GB; plan heap %.3f GB (Sys %.3f GB)",
		len(pl.order), took.Round(time.Second), float64(pl.peak)/1e9, float64(ms.HeapAlloc)/1e9, float64(ms.Sys)/1e9)
	simulatePools(t, pl)
}

// poolSim follows the blocks a forgetting solve of a plan takes from its
// pools, solving in order: live and peak count the blocks held by class,
// most the largest sum of bytes held at once.
type poolSim struct {
	live, peak map[string]int64
	bytes      map[string]int64 // of a block of the class
	now, most  int64
}

func (ps *poolSim) add(class string, bytes, n int64) {
	ps.bytes[class] = bytes
	ps.live[class] += n
	ps.peak[class] = max(ps.peak[class], ps.live[class])
	ps.now += n * bytes
	ps.most = max(ps.most, ps.now)
}

// fitPool follows blocks of one kind that are reused best fit: a block
// asked for takes the smallest free one at least as large, and only when
// there is none is a new one carved.
type fitPool struct {
	free   map[int64]int64 // free blocks by size
	carved int64           // bytes carved
}

// take returns the size of the block taken for size bytes.
func (fp *fitPool) take(size int64) int64 {
	best := int64(-1)
	for b, n := range fp.free {
		if n > 0 && b >= size && (best < 0 || b < best) {
			best = b
		}
	}
	if best < 0 {
		fp.carved += size
		return size
	}
	fp.free[best]--
	return best
}

// simulatePools reports, for plan p, the most bytes of parts held at once
// and the bytes the pools keep at the end (the sum, over block classes, of
// each class's own peak).
func simulatePools(t *testing.T, p *plan) {
	ps := &poolSim{live: map[string]int64{}, peak: map[string]int64{}, bytes: map[string]int64{}}
	left := slices.Clone(p.left)
	var buf [maxSuccessors]read
	halves, rows := &fitPool{free: map[int64]int64{}}, &fitPool{free: map[int64]int64{}}
	block := map[int32][2]int64{}
	for j := range p.order {
		l := left[j]
		if !p.keep[j] && l != (readCounts{}) {
			var b [2]int64
			if l[readHalf] > 0 {
				b[0] = halves.take(halfBytes(p.config(j).pawns))
			}
			if l[readRow] > 0 {
				b[1] = rows.take(64 * int64(l[readRow]))
			}
			block[int32(j)] = b
			ps.add("parts", int64(unsafe.Sizeof(parts{})), 1)
			if l[readHalf] > 0 {
				ps.add(fmt.Sprint("half", halfBytes(p.config(j).pawns)), halfBytes(p.config(j).pawns), 1)
			}
			if l[readFlight] > 0 {
				ps.add("flight", 64, 1)
			}
			if l[readRow] > 0 {
				ps.add(fmt.Sprint("rows", l[readRow]), 64*int64(l[readRow]), 1)
			}
		}
		for _, r := range p.reads(j, buf[:0]) {
			if p.keep[r.k] {
				continue
			}
			if left[r.k][r.kind]--; left[r.k][r.kind] > 0 {
				continue
			}
			c := p.config(int(r.k))
			switch r.kind {
			case readHalf:
				halves.free[block[r.k][0]]++
			case readRow:
				rows.free[block[r.k][1]]++
			}
			switch r.kind {
			case readHalf:
				ps.add(fmt.Sprint("half", halfBytes(c.pawns)), halfBytes(c.pawns), -1)
			case readFlight:
				ps.add("flight", 64, -1)
			case readRow:
				n := int64(p.rowSet[r.k].Count())
				ps.add(fmt.Sprint("rows", n), 64*n, -1)
			}
			if left[r.k] == (readCounts{}) {
				ps.add("parts", int64(unsafe.Sizeof(parts{})), -1)
			}
		}
	}
	var pooled int64
	for class, n := range ps.peak {
		pooled += n * ps.bytes[class]
	}
	t.Logf("parts: at most %.3f GB held at once; pools keep %.3f GB (%d classes)", float64(ps.most)/1e9, float64(pooled)/1e9, len(ps.peak))
	t.Logf("blocks reused best fit (blockPool): halves carve %.3f GB, rows %.3f GB", float64(halves.carved)/1e9, float64(rows.carved)/1e9)
	for class, n := range ps.peak {
		if n*ps.bytes[class] > 50e6 {
			t.Logf("  %s: %.3f GB", class, float64(n*ps.bytes[class])/1e9)
		}
	}
}
