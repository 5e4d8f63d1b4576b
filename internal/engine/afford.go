package engine

import (
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// MaxBound is the largest solver.Bound of a position a page lets a child
// play: its first solve takes at most about 2 s in a browser. Measured
// with go test ./internal/engine -run TestNodeSpeed -node.speed (docs/site.md,
// "Playing against the alien"): under Node, a cold solve by the WebAssembly
// solver of a random 2- or 3-pawn position of Bound 1,000 or more took at
// most 360 µs a bound configuration, start-up included; WasmMicros leaves
// a margin over that, and 2 s allow 2e6 / WasmMicros. Every position of up
// to 2 pawns is within it (their Bound is at most 820), and most of 3 pawns
// (their Bound reaches 14,190, with three pawns on rank 2).
const MaxBound = 2_000_000 / WasmMicros

// WasmMicros is the microseconds the WebAssembly solver is allowed under
// Node for one configuration of a position's Bound (see MaxBound).
const WasmMicros = 400

// Affordable reports whether a browser can solve p for the whole game
// within about 2 s, by its Bound (see MaxBound).
func Affordable(p rules.Position) bool {
	b, err := solver.Bound(p, solver.Goal{Kind: solver.Game})
	return err == nil && b <= MaxBound
}
