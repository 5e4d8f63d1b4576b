package solver

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"nostromo-lessons/rules"
)

// TestTablesConsistent checks, for every valid state of 60 configurations
// drawn from the tables of random solves (the game and sub-goals), that the
// stored value is the best over the state's moves, recomputed with the
// rules engine from the successors' values: the shortest win, else a draw,
// else the longest loss, one ply more than the child's; a White state with
// no move holds the game's or goal's end.
func TestTablesConsistent(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 0))
	s, keys := randomTables(t, r, 2, 3, 60, 400)
	for range 60 {
		k := keys[r.IntN(len(keys))]
		t.Run(fmt.Sprintf("%x-%d-%d-%s%d", uint64(k.pawns), k.saved, k.taken, k.kind, k.count), func(t *testing.T) {
			e := &evaluator{s: s, t: k.target, reachable: true}
			tab := s.tables[k]
			for i := range nStates {
				side, king, knight := splitIndex(i)
				if !validState(k.pawns, side, king, knight) {
					continue
				}
				p := k.position(side, king, knight)
				var want value
				moves := p.LegalMoves()
				if len(moves) == 0 {
					want = endValue(k.stuckEnd(p.InCheck()), side)
				}
				for j, m := range moves {
					v, err := e.value(p.Apply(m))
					if err != nil {
						t.Fatal(err)
					}
					if v = v.back(); j == 0 || v.score() > want.score() {
						want = v
					}
				}
				if tab[i] != want {
					t.Fatalf("state %q: stored %s, best over its moves %s", p, tab[i], want)
				}
			}
		})
	}
}

// randomTables solves the game or a sub-goal from random positions with
// minPawns to maxPawns pawns, each needing at most maxConfigs
// configurations, until the Solver holds tables tables. It returns the
// Solver and its tables' keys, sorted.
func randomTables(t *testing.T, r *rand.Rand, minPawns, maxPawns, maxConfigs, tables int) (*Solver, []tableKey) {
	t.Helper()
	s := New(Options{})
	for len(s.tables) < tables {
		p := randomPosition(r, minPawns+r.IntN(maxPawns-minPawns+1))
		if configsFrom(configOf(p), maxConfigs) < 0 {
			continue
		}
		g := []Goal{{Kind: Game}, {Kind: SaveMore, K: 1 + r.IntN(2)}, {Kind: TakeMore, K: 1 + r.IntN(2)}}[r.IntN(3)]
		if _, err := s.Solve(p, g); err != nil {
			t.Fatal(err)
		}
	}
	keys := make([]tableKey, 0, len(s.tables))
	for k := range s.tables {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b tableKey) int {
		return cmp.Or(cmp.Compare(a.pawns, b.pawns), cmp.Compare(a.saved, b.saved), cmp.Compare(a.taken, b.taken),
			cmp.Compare(a.kind, b.kind), cmp.Compare(a.count, b.count))
	})
	return s, keys
}

// splitIndex is stateIndex undone.
func splitIndex(i int) (side rules.Color, king, knight rules.Square) {
	if i < sideStates {
		return rules.White, rules.Square(i % 64), rules.Square(i / 64)
	}
	i -= sideStates
	return rules.Black, rules.Square(i / knightSlots), rules.Square(i % knightSlots)
}

// validState reports whether the state is a valid position of the
// configuration with these pawns (see rules.Position.Validate): no piece
// shares a square, a pending flight has Black to move and f6 empty, and
// Black is never to move while the king is attacked.
func validState(pawns rules.Bitboard, side rules.Color, king, knight rules.Square) bool {
	if pawns.Has(king) {
		return false
	}
	if knight == rules.NoSquare {
		return side == rules.Black && king != rules.Lair && !pawns.Has(rules.Lair)
	}
	if knight == king || pawns.Has(knight) {
		return false
	}
	return side == rules.White || !rules.KnightAttacks(knight).Has(king)
}

// position returns the state as a position of configuration c.
func (c config) position(side rules.Color, king, knight rules.Square) rules.Position {
	return rules.Position{Pawns: c.pawns, King: king, Knight: knight, Side: side, Saved: c.saved, Taken: c.taken}
}
