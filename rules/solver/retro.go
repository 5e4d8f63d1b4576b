package solver

import "nostromo-lessons/rules"

// scratch holds the working memory of one configuration's retrograde
// analysis, reused from one configuration to the next.
type scratch struct {
	// open counts, per state, the moves not yet known to lose for the
	// side to move; the state is lost when it reaches zero.
	open [nStates]uint8
	// longest is, per state, the longest loss in plies among its moves
	// known so far to lose.
	longest [nStates]uint16
	// edges lists the moves that stay inside the configuration, as pairs
	// (from, to) of state indices; preds is the same graph reversed, the
	// predecessors of state i being preds[predStart[i]:predStart[i+1]].
	edges     []int32
	predStart [nStates + 1]int32
	preds     []int32
	// queue[d] holds the states whose value becomes known at distance d
	// plies, each with lostFlag set for a loss.
	queue [][]int32
	// kids caches the tables of the configurations reached by moves
	// leaving the configuration.
	kids []kid
}

// lostFlag marks a queued state as lost (unmarked: won).
const lostFlag = 1 << 30

// kid is a configuration reached by a move leaving the one being solved:
// its table, or its outcome when it ends the game or goal.
type kid struct {
	c       config
	t       *table
	end     bool
	outcome rules.Result
}

func newScratch() *scratch { return &scratch{} }

// push queues state i as won (lost == false) or lost at distance d.
func (sc *scratch) push(d int, i int32, lost bool) {
	for len(sc.queue) <= d {
		sc.queue = append(sc.queue, nil)
	}
	if lost {
		i |= lostFlag
	}
	sc.queue[d] = append(sc.queue[d], i)
}

// kid returns the configuration c reached from the configuration being
// solved under target t; its table was solved before.
func (s *Solver) kid(c config, t target) *kid {
	sc := s.sc
	for i := range sc.kids {
		if sc.kids[i].c == c {
			return &sc.kids[i]
		}
	}
	k := kid{c: c}
	if k.end, k.outcome = t.countEnd(c.saved, c.taken); !k.end {
		k.t = s.tables[tableKey{c, t}]
		if k.t == nil {
			panic("solver: successor configuration not solved first")
		}
	}
	sc.kids = append(sc.kids, k)
	return &sc.kids[len(sc.kids)-1]
}

// retro solves every state of configuration k.config under k.target into
// t, whose successor configurations are all solved. It returns the number
// of valid states.
//
// Moves leaving the configuration have known values. Inside it, values are
// settled in increasing distance, as in Dijkstra's algorithm: a state is won
// in d plies when its first move to a state lost in d-1 plies is settled,
// and lost in d plies when its last move to a state won by the opponent is
// settled, d being one more than the longest of them. States never settled
// are draws: neither side can force a win.
func (s *Solver) retro(k tableKey, t *table) int {
	sc := s.sc
	sc.edges = sc.edges[:0]
	sc.kids = sc.kids[:0]
	for d := range sc.queue {
		sc.queue[d] = sc.queue[d][:0]
	}
	var buf [rules.MaxMoves]rules.Move
	valid := 0
	for i := range nStates {
		sc.open[i], sc.longest[i] = 0, 0
		side, king, knight := splitIndex(i)
		if !validState(k.pawns, side, king, knight) {
			continue
		}
		valid++
		p := k.position(side, king, knight)
		moves := p.AppendLegalMoves(buf[:0])
		if len(moves) == 0 { // White to move and stuck: Black always has a move
			if v := endValue(k.stuckEnd(p.InCheck()), side); !v.isDraw() {
				sc.push(0, int32(i), v.isLoss())
			}
			continue
		}
		open, longest, win := 0, 0, -1
		for _, m := range moves {
			q := p.Apply(m)
			if q.Pawns == p.Pawns && q.Saved == p.Saved && q.Taken == p.Taken {
				sc.edges = append(sc.edges, int32(i), int32(stateIndex(q.Side, q.King, q.Knight)))
				open++
				continue
			}
			kd := s.kid(configOf(q), k.target)
			var v value
			if kd.end {
				v = endValue(kd.outcome, q.Side)
			} else {
				v = kd.t[stateIndex(q.Side, q.King, q.Knight)]
			}
			switch v = v.back(); {
			case v.isWin():
				if win < 0 || v.plies() < win {
					win = v.plies()
				}
				open++
			case v.isLoss():
				longest = max(longest, v.plies())
			default:
				open++
			}
		}
		sc.open[i], sc.longest[i] = uint8(open), uint16(longest)
		switch {
		case win >= 0:
			sc.push(win, int32(i), false)
		case open == 0:
			sc.push(longest, int32(i), true)
		}
	}
	sc.reverseEdges()
	for d := 0; d < len(sc.queue); d++ {
		for _, e := range sc.queue[d] {
			i, lost := e&^lostFlag, e&lostFlag != 0
			if t[i] != drawValue {
				continue
			}
			if lost {
				t[i] = lossIn(d)
			} else {
				t[i] = winIn(d)
			}
			for _, q := range sc.preds[sc.predStart[i]:sc.predStart[i+1]] {
				if t[q] != drawValue {
					continue
				}
				if lost {
					sc.push(d+1, q, false)
					continue
				}
				sc.open[q]--
				sc.longest[q] = max(sc.longest[q], uint16(d+1))
				if sc.open[q] == 0 {
					sc.push(int(sc.longest[q]), q, true)
				}
			}
		}
	}
	return valid
}

// reverseEdges builds preds and predStart from edges.
func (sc *scratch) reverseEdges() {
	clear(sc.predStart[:])
	for j := 1; j < len(sc.edges); j += 2 {
		sc.predStart[sc.edges[j]+1]++
	}
	for i := 1; i <= nStates; i++ {
		sc.predStart[i] += sc.predStart[i-1]
	}
	n := len(sc.edges) / 2
	if cap(sc.preds) < n {
		sc.preds = make([]int32, n)
	}
	sc.preds = sc.preds[:n]
	var fill [nStates]int32
	copy(fill[:], sc.predStart[:nStates])
	for j := 0; j < len(sc.edges); j += 2 {
		to := sc.edges[j+1]
		sc.preds[fill[to]] = sc.edges[j]
		fill[to]++
	}
}
