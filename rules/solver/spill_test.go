package solver

import (
	"fmt"
	"sync"
	"testing"
	"unsafe"
)

// memSpill is a Spill in memory, which counts the bytes it holds at most.
type memSpill struct {
	mu   sync.Mutex
	b    []byte
	most int
}

func (m *memSpill) WriteAt(p []byte, off int64) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if end := int(off) + len(p); end > len(m.b) {
		m.b = append(m.b, make([]byte, end-len(m.b))...)
	}
	m.most = max(m.most, len(m.b))
	return copy(m.b[off:], p), nil
}

func (m *memSpill) ReadAt(p []byte, off int64) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if int(off)+len(p) > len(m.b) {
		return 0, fmt.Errorf("memSpill: read of %d bytes at %d, past the end %d", len(p), off, len(m.b))
	}
	return copy(p, m.b[off:]), nil
}

// TestSpill checks that a forgetting solve that spills (Options.Spill),
// with a budget a fraction of its plan's peak, with one worker or two,
// builds every table the same as one that does not, spilling and reading
// back parts, and stays within its budget; without the spill, that
// budget is refused.
func TestSpill(t *testing.T) {
	for _, p := range benchPositions(9, 6, 4, 1)[:2] {
		for workers := 1; workers <= 2; workers++ {
			t.Run(fmt.Sprintf("%s/workers=%d", p, workers), func(t *testing.T) {
				root := tableKey{configOf(p), target{kind: Game}}
				want := map[Config]Table{}
				var mu sync.Mutex
				ref := New(Options{Forget: true, Workers: workers, Budget: 1 << 40, Solved: func(c Config, tab *Table) {
					mu.Lock()
					want[c] = *tab
					mu.Unlock()
				}})
				if err := ref.build(root); err != nil {
					t.Fatal(err)
				}
				pl, err := New(Options{Forget: true, Workers: workers}).plan(root, 1<<30)
				if err != nil {
					t.Fatal(err)
				}
				budget := pl.spillFloor(workers) + (pl.peak-pl.ownBytes())/4
				if budget >= pl.peak {
					t.Fatalf("budget %d, no less than the peak %d", budget, pl.peak)
				}
				if err := New(Options{Forget: true, Workers: workers, Budget: budget}).build(root); err == nil {
					t.Errorf("a solve without spill within %d bytes, a fraction of its peak %d: no error", budget, pl.peak)
				}
				spill := &memSpill{}
				got := 0
				var most int64
				s := New(Options{Forget: true, Workers: workers, Budget: budget, Spill: spill,
					Progress: func(pr Progress) { most = max(most, pr.Bytes) },
					Solved: func(c Config, tab *Table) {
						mu.Lock()
						defer mu.Unlock()
						got++
						if w, ok := want[c]; !ok || w != *tab {
							t.Errorf("table of %v: not the one a solve without spill builds (built by it: %v)", c, ok)
						}
					}})
				s.interval = 0
				if err := s.build(root); err != nil {
					t.Fatalf("solve spilling within %d bytes: %v", budget, err)
				}
				st := s.Stats()
				if got != len(want) || st.Spilled == 0 || st.Reloaded == 0 {
					t.Errorf("built %d tables of %d, spilled %d bytes, read back %d: want all, and some spilled and read back", got, len(want), st.Spilled, st.Reloaded)
				}
				if most+pl.ownBytes() > budget {
					t.Errorf("held %d bytes of tables and %d of lists, over the budget %d", most, pl.ownBytes(), budget)
				}
				t.Logf("budget %d of peak %d: spilled %d bytes, read back %d, spill file %d bytes", budget, pl.peak, st.Spilled, st.Reloaded, spill.most)
			})
		}
	}
}

// TestRecordBytes checks recordBytes against the size of parts, rounded
// up to the Go allocator's size class of it.
func TestRecordBytes(t *testing.T) {
	size := unsafe.Sizeof(parts{})
	if size > recordBytes || recordBytes-size >= 16 {
		t.Errorf("parts take %d bytes, rounded up to %d by the allocator; recordBytes is %d", size, (size+15)/16*16, recordBytes)
	}
}
