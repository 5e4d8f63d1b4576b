package engine

import (
	"nostromo-lessons/rules"
)

// SearchNodes is the search's default budget for one move, in positions
// visited: a budget of nodes, not time, so that a move is the same on
// every computer. bench/play measures the move's time in WebAssembly.
const SearchNodes = 60_000

// The search's scores, for the side to move: a pawn saved is worth
// SavedScore, one taken TakenScore; a won game is winScore less the
// plies to the win.
const (
	SavedScore = 300
	TakenScore = 260
	winScore   = 30_000
	maxPly     = 64
	// quiescePlies is how deep the search follows captures and saves
	// past its depth.
	quiescePlies = 6
)

// tune is the evaluation's weights: advance, a pawn's worth by its rank
// (0 is rank 1), the nearer rank 8 the more; king and knight, the worth
// of a king step nearer a pawn and of a knight jump away from one;
// hanging and defended, the cost of a pawn the knight attacks, alone or
// defended.
var tune = struct {
	advance                         [8]int
	king, knight, hanging, defended int
	saved, taken                    int
}{[8]int{0, 0, 8, 20, 38, 64, 110, 0}, 2, 3, 45, 15, SavedScore, TakenScore}

// Search returns the legal moves of p, a position in play, scored by an
// alpha-beta search of iterative deepening within a budget of nodes
// positions: the scores of the deepest search it finished, for the side
// to move (higher is better). A position of the game's history (FENs,
// as Request.History) or of the searched line met again is a draw.
func Search(p rules.Position, history []string, nodes int) []Scored {
	s := &searcher{budget: nodes, tt: make([]ttEntry, ttSize), seen: map[uint64]bool{}}
	for _, fen := range history {
		if h, err := rules.ParseFEN(fen); err == nil {
			s.seen[hash(h)] = true
		}
	}
	root := p.LegalMoves()
	moves := make([]Scored, len(root))
	for i, m := range root {
		moves[i] = Scored{Move: m}
	}
	s.path = append(s.path, hash(p))
	for depth := 1; depth <= maxPly-quiescePlies-2; depth++ {
		next := make([]Scored, len(moves))
		copy(next, moves)
		for i := range next {
			after := p.Apply(next[i].Move)
			next[i].Score = -s.negamax(after, depth-1, -winScore-1, winScore+1, 1)
			if s.stopped {
				return moves
			}
		}
		// The best first, for the next depth's cut-offs; a stable sort
		// keeps the order of equal moves.
		sortScored(next)
		moves = next
		if s.nodes >= s.budget || abs(moves[0].Score) >= winScore-maxPly {
			break // a forced end found: deeper says no more
		}
	}
	return moves
}

// sortScored sorts moves best first, stably (an insertion sort: a
// position has at most rules.MaxMoves moves).
func sortScored(moves []Scored) {
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && moves[j].Score > moves[j-1].Score; j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// searcher is one search's state.
type searcher struct {
	nodes, budget int
	stopped       bool
	tt            []ttEntry
	seen          map[uint64]bool // the game's positions before the root
	path          []uint64        // the searched line's positions
	buf           [maxPly][rules.MaxMoves]rules.Move
}

// ttSize is the transposition table's entries, a power of two.
const ttSize = 1 << 16

// ttEntry is a position's searched score: exact, or a bound.
type ttEntry struct {
	key   uint64
	score int32
	depth int8
	kind  uint8 // ttExact, ttLower or ttUpper
	best  rules.Move
}

const (
	ttNone uint8 = iota
	ttExact
	ttLower
	ttUpper
)

// hash returns a 64-bit key of p (a mix of its fields).
func hash(p rules.Position) uint64 {
	h := uint64(p.Pawns)*0x9E3779B97F4A7C15 ^ uint64(p.King)<<1 ^ uint64(p.Knight)<<9 ^ uint64(p.Side)<<17 ^ uint64(p.Saved)<<19 ^ uint64(p.Taken)<<23
	h ^= h >> 31
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 29
	return h
}

// negamax returns p's score for its side to move, searched depth plies
// deep (then captures and saves), within the window alpha..beta.
func (s *searcher) negamax(p rules.Position, depth, alpha, beta, ply int) int {
	s.nodes++
	if s.nodes > s.budget {
		s.stopped = true
		return 0
	}
	if st := p.Status(); st.Over() {
		return terminal(st.Result(), p.Side, ply)
	}
	key := hash(p)
	if s.seen[key] || s.onPath(key) {
		return 0
	}
	if depth <= 0 {
		return s.quiesce(p, alpha, beta, ply, quiescePlies)
	}
	e := &s.tt[key&(ttSize-1)]
	var first rules.Move
	if e.key == key {
		first = e.best
		if int(e.depth) >= depth {
			sc := int(e.score)
			switch {
			case e.kind == ttExact,
				e.kind == ttLower && sc >= beta,
				e.kind == ttUpper && sc <= alpha:
				return sc
			}
		}
	}
	moves := order(&p, p.AppendLegalMoves(s.buf[ply][:0]), first)
	s.path = append(s.path, key)
	defer func() { s.path = s.path[:len(s.path)-1] }()
	best, bestMove, a := -winScore-1, rules.Move{}, alpha
	for _, m := range moves {
		sc := -s.negamax(p.Apply(m), depth-1, -beta, -a, ply+1)
		if s.stopped {
			return 0
		}
		if sc > best {
			best, bestMove = sc, m
		}
		if sc > a {
			a = sc
		}
		if a >= beta {
			break
		}
	}
	kind := ttExact
	switch {
	case best <= alpha:
		kind = ttUpper
	case best >= beta:
		kind = ttLower
	}
	*e = ttEntry{key: key, score: int32(best), depth: int8(depth), kind: kind, best: bestMove}
	return best
}

// onPath reports whether the searched line went through key already.
func (s *searcher) onPath(key uint64) bool {
	for _, k := range s.path {
		if k == key {
			return true
		}
	}
	return false
}

// quiesce returns p's score past the search's depth: the evaluation, or
// better, what captures and saves (and, in check, every move) give, for
// at most left more plies.
func (s *searcher) quiesce(p rules.Position, alpha, beta, ply, left int) int {
	if st := p.Status(); st.Over() {
		return terminal(st.Result(), p.Side, ply)
	}
	forced := p.FlightPending() || p.Side == rules.White && p.InCheck()
	best := -winScore - 1
	if !forced {
		best = evaluate(p)
		if best >= beta || left == 0 {
			return best
		}
		alpha = max(alpha, best)
	} else if left == 0 {
		return evaluate(p)
	}
	for _, m := range p.AppendLegalMoves(s.buf[ply][:0]) {
		if !forced && !p.IsCapture(m) && !p.IsSave(m) {
			continue
		}
		if s.nodes++; s.nodes > s.budget {
			s.stopped = true
			return 0
		}
		sc := -s.quiesce(p.Apply(m), -beta, -alpha, ply+1, left-1)
		if s.stopped {
			return 0
		}
		if sc > best {
			best = sc
		}
		if sc > alpha {
			alpha = sc
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// terminal returns the score of a finished game of result r for side, the
// side to move, ply plies from the root: a nearer win is better, a
// farther loss less bad.
func terminal(r rules.Result, side rules.Color, ply int) int {
	switch outcome(r, side) {
	case 1:
		return winScore - ply
	case -1:
		return -winScore + ply
	}
	return 0
}

// order puts first, then captures and saves, then pawn steps, the most
// advanced first, then the rest, in place.
func order(p *rules.Position, moves []rules.Move, first rules.Move) []rules.Move {
	key := func(m rules.Move) int {
		switch {
		case m == first:
			return 100
		case p.IsCapture(m) || p.IsSave(m):
			return 50
		case p.Side == rules.White && p.Pawns.Has(m.From):
			return 10 + m.To.Rank()
		}
		return 0
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && key(moves[j]) > key(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
	return moves
}

// evaluate returns p's worth for its side to move, by the pieces: pawns
// saved and taken, each pawn's rank, whether the knight attacks it and
// the king defends it, and how near the king and the knight stand to the
// pawns.
func evaluate(p rules.Position) int {
	w := tune.saved*int(p.Saved) - tune.taken*int(p.Taken)
	knight := p.Knight
	if knight == rules.NoSquare {
		knight = rules.Lair
	}
	attacked := rules.KnightAttacks(knight)
	defended := rules.KingAttacks(p.King)
	for b := p.Pawns; b != 0; b &= b - 1 {
		sq := b.First()
		w += tune.advance[sq.Rank()]
		if sq.File() > 0 && p.Pawns.Has(sq-9) || sq.File() < 7 && p.Pawns.Has(sq-7) {
			defended |= sq.Bit()
		}
		w -= tune.king * chebyshev(p.King, sq)
		w += tune.knight * min(knightDistance(knight, sq), 4)
	}
	for b := p.Pawns & attacked; b != 0; b &= b - 1 {
		if defended.Has(b.First()) {
			w -= tune.defended
		} else {
			w -= tune.hanging
		}
	}
	if p.Side == rules.Black {
		return -w
	}
	return w
}

// chebyshev returns the king steps from a to b.
func chebyshev(a, b rules.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

// knightDistance returns the knight jumps from a to b.
func knightDistance(a, b rules.Square) int { return int(knightJumps[a][b]) }

// knightJumps[a][b] is the fewest knight jumps from a to b.
var knightJumps = func() (d [64][64]uint8) {
	for from := range rules.Square(64) {
		for i := range d[from] {
			d[from][i] = 255
		}
		d[from][from] = 0
		queue := []rules.Square{from}
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			for b := rules.KnightAttacks(s); b != 0; b &= b - 1 {
				if t := b.First(); d[from][t] == 255 {
					d[from][t] = d[from][s] + 1
					queue = append(queue, t)
				}
			}
		}
	}
	return d
}()

// abs returns |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
