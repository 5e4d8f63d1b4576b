package rules

import (
	"fmt"
	"testing"
)

func BenchmarkPerft(b *testing.B) {
	for _, depth := range []int{7, 8} {
		b.Run(fmt.Sprintf("start/depth=%d", depth), func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				nodes = Perft(Start, depth)
			}
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	positions := randomPositions(64)
	b.ReportAllocs()
	var buf [MaxMoves]Move
	n := 0
	for b.Loop() {
		for i := range positions {
			n += len(positions[i].AppendLegalMoves(buf[:0]))
		}
	}
	b.ReportMetric(float64(len(positions)*b.N)/b.Elapsed().Seconds(), "positions/s")
	if n == 0 {
		b.Fatal("no moves generated")
	}
}

// TestHotPathAllocatesNothing holds the promise of doc.go: move generation
// into a caller's buffer, Apply, CountLegalMoves and Perft allocate nothing.
func TestHotPathAllocatesNothing(t *testing.T) {
	p := Start
	var buf [MaxMoves]Move
	var sink uint64
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"AppendLegalMoves", func() { sink += uint64(len(p.AppendLegalMoves(buf[:0]))) }},
		{"Apply", func() { q := p.Apply(Move{E1, E1 - 1}); sink += uint64(q.King) }},
		{"CountLegalMoves", func() { sink += uint64(p.CountLegalMoves()) }},
		{"Perft", func() { sink += Perft(p, 4) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := testing.AllocsPerRun(100, c.f); got != 0 {
				t.Errorf("%s allocates %v times per run, want 0", c.name, got)
			}
		})
	}
	_ = sink
}
