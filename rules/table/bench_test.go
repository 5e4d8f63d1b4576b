package table

import (
	"testing"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// benchTable builds the table of a 3-pawn cone and returns it with every
// position it holds.
func benchTable(b *testing.B) (*Table, []rules.Position) {
	tab, _ := build(b, []solver.Config{{Pawns: rules.Bitboard(1)<<35 | 1<<37 | 1<<44, Saved: 1, Taken: 2}}, true) // d5 f5 e6
	keys, err := tab.wdl.keys()
	if err != nil {
		b.Fatal(err)
	}
	var ps []rules.Position
	for _, k := range keys {
		ps = append(ps, positions(configOf(k))...)
	}
	return tab, ps
}

// BenchmarkValue probes the win/draw/loss of positions in turn, each of
// another configuration than the last (the cache holds few): one op is
// one probe.
func BenchmarkValue(b *testing.B) {
	tab, ps := benchTable(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := tab.Value(ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
		i += 7919 // a prime: positions far apart
	}
}

// BenchmarkSolution probes value, distance and best moves the same way.
func BenchmarkSolution(b *testing.B) {
	tab, ps := benchTable(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := tab.Solution(ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
		i += 7919
	}
}
