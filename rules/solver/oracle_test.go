package solver

import (
	"slices"

	"nostromo-lessons/rules"
)

// This file holds the independent second method the solver is tested
// against. It knows nothing of configurations, tables or the solver's
// value encoding: it lists every position reachable from a root with the
// rules engine (AppendLegalMoves, Apply, Status), then settles values
// level by level over that explicit graph, recomputing each candidate from
// all of its children:
//
//   - level 0: positions where the game or the goal is over;
//   - a position is won at level n when some child is lost at level n-1;
//   - a position is lost at level n when every child is won and the
//     longest of them is won at level n-1.
//
// A position is won (lost) at level n only if n is the least such level,
// and positions never settled are draws. Only predecessors of the
// positions settled at level n-1 can be settled at level n, so those are
// the candidates examined.

// graph is the explicit game graph reachable from a root position, the
// root being position 0. The children of position i are
// kids[start[i]:start[i+1]], reached by moves[start[i]:start[i+1]].
type graph struct {
	pos   []rules.Position
	start []int32
	kids  []int32
	moves []rules.Move
}

// explore lists every position reachable from root, or returns nil when
// there are more than limit of them.
func explore(root rules.Position, limit int) *graph {
	var ix denseIndex
	ix.node(root, 0)
	g := &graph{pos: []rules.Position{root}, start: []int32{0}}
	var buf [rules.MaxMoves]rules.Move
	for i := 0; i < len(g.pos); i++ {
		p := g.pos[i]
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			q := p.Apply(m)
			k := ix.node(q, int32(len(g.pos)))
			if k == int32(len(g.pos)) {
				if len(g.pos) == limit {
					return nil
				}
				g.pos = append(g.pos, q)
			}
			g.kids = append(g.kids, k)
			g.moves = append(g.moves, m)
		}
		g.start = append(g.start, int32(len(g.kids)))
	}
	return g
}

// denseIndex numbers positions: a map from the pawns and counters to a
// block of 2*64*65 slots, one for each side, king square and knight square
// (or pending flight). It is only a faster map[rules.Position]int32.
type denseIndex struct {
	blocks map[[2]uint64]int32
	slots  []int32 // node number + 1, or 0 for a position not seen yet

	lastKey   [2]uint64 // the last block looked up, a shortcut
	lastBlock int32
}

// node returns the number of p, giving it next if p is new.
func (ix *denseIndex) node(p rules.Position, next int32) int32 {
	if ix.blocks == nil {
		ix.blocks = map[[2]uint64]int32{}
	}
	key := [2]uint64{uint64(p.Pawns), uint64(p.Saved)<<8 | uint64(p.Taken) | 1<<16}
	b, ok := ix.lastBlock, key == ix.lastKey
	if !ok {
		b, ok = ix.blocks[key]
		ix.lastKey, ix.lastBlock = key, b
	}
	if !ok {
		b = int32(len(ix.blocks))
		ix.blocks[key] = b
		ix.lastBlock = b
		ix.slots = append(ix.slots, make([]int32, 2*64*65)...)
	}
	slot := &ix.slots[int(b)*2*64*65+int(p.Side)*64*65+int(p.King)*65+int(p.Knight)]
	if *slot == 0 {
		*slot = next + 1
	}
	return *slot - 1
}

func (g *graph) children(i int32) []int32 { return g.kids[g.start[i]:g.start[i+1]] }

// oracleEnd returns whether p ends the game or goal, and then the winner
// (rules.Draw for none).
func oracleEnd(p rules.Position, kind GoalKind, count int) (bool, rules.Result) {
	st := p.Status()
	switch kind {
	case SaveMore:
		if int(p.Saved) >= count {
			return true, rules.WhiteWins
		}
		return st.Over(), rules.Draw
	case TakeMore:
		if int(p.Taken) >= count {
			return true, rules.BlackWins
		}
		return st.Over(), rules.Draw
	}
	return st.Over(), st.Result()
}

// oracleValues holds, per position of a graph, +1 won / -1 lost / 0 draw
// for the side to move, and the distance in plies.
type oracleValues struct {
	res  []int8
	dist []int32
	end  []bool
}

// settle computes every position's value under a goal.
func (g *graph) settle(kind GoalKind, count int) *oracleValues {
	n := len(g.pos)
	ov := &oracleValues{res: make([]int8, n), dist: make([]int32, n), end: make([]bool, n)}
	predStart := make([]int32, n+1)
	for _, k := range g.kids {
		predStart[k+1]++
	}
	for i := range n {
		predStart[i+1] += predStart[i]
	}
	preds := make([]int32, len(g.kids))
	fill := slices.Clone(predStart[:n])
	for i := range int32(n) {
		for _, k := range g.children(i) {
			preds[fill[k]] = i
			fill[k]++
		}
	}
	seen := make([]int32, n) // the level at which a position was last a candidate
	var level []int32
	for i, p := range g.pos {
		end, winner := oracleEnd(p, kind, count)
		if !end {
			continue
		}
		ov.end[i] = true
		switch {
		case winner == rules.WhiteWins && p.Side == rules.White, winner == rules.BlackWins && p.Side == rules.Black:
			ov.res[i] = 1
			level = append(level, int32(i))
		case winner == rules.WhiteWins, winner == rules.BlackWins:
			ov.res[i] = -1
			level = append(level, int32(i))
		}
	}
	for d := int32(1); len(level) > 0; d++ {
		var next []int32
		var nextRes []int8
		for _, c := range level {
			for _, s := range preds[predStart[c]:predStart[c+1]] {
				if seen[s] == d || ov.res[s] != 0 || ov.end[s] {
					continue
				}
				seen[s] = d
				won, allWon, longest := false, true, int32(-1)
				for _, k := range g.children(s) {
					if ov.res[k] == -1 && ov.dist[k] == d-1 {
						won = true
					}
					if ov.res[k] != 1 {
						allWon = false
					} else {
						longest = max(longest, ov.dist[k])
					}
				}
				switch {
				case won:
					next, nextRes = append(next, s), append(nextRes, 1)
				case allWon && longest == d-1:
					next, nextRes = append(next, s), append(nextRes, -1)
				}
			}
		}
		for j, s := range next {
			ov.res[s], ov.dist[s] = nextRes[j], d
		}
		level = next
	}
	return ov
}

// oracleSolution is what the oracle says of the root (index 0): the winner
// (rules.Draw for none), the winner's moves as docs/RULES.md counts them (-1 for
// a draw), and the SAN of every optimal move, sorted.
type oracleSolution struct {
	Result rules.Result
	Moves  int
	Best   []string
}

func (g *graph) solution(ov *oracleValues, i int32) oracleSolution {
	p := g.pos[i]
	sol := oracleSolution{Result: rules.Draw, Moves: -1}
	d := int(ov.dist[i])
	switch ov.res[i] {
	case 1:
		sol.Result, sol.Moves = sideResult(p.Side), (d+1)/2
	case -1:
		sol.Result, sol.Moves = sideResult(p.Side.Other()), d/2
	}
	if ov.end[i] {
		return sol
	}
	for j, k := range g.children(i) {
		var good bool
		switch ov.res[i] {
		case 1: // win fastest: a child lost in d-1
			good = ov.res[k] == -1 && int(ov.dist[k]) == d-1
		case -1: // lose slowest: a child won in d-1
			good = ov.res[k] == 1 && int(ov.dist[k]) == d-1
		default: // keep the draw
			good = ov.res[k] == 0
		}
		if good {
			sol.Best = append(sol.Best, p.SAN(g.moves[int(g.start[i])+j]))
		}
	}
	slices.Sort(sol.Best)
	return sol
}

func sideResult(c rules.Color) rules.Result {
	if c == rules.White {
		return rules.WhiteWins
	}
	return rules.BlackWins
}
