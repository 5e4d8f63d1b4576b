package question

import (
	"slices"

	"nostromo-lessons/rules"
)

// Accepted is every answer a page accepts for a verified question, as the
// checker computes it, in the plain names a page's script compares: a
// pupil's answer is right when it is one of these. Only the fields of the
// question's kind are set.
type Accepted struct {
	Squares []string // knight-moves, king-moves: exactly these squares, by file then rank
	Choice  int      // legal, outcome: the index of the right one of Space's Choices; -1 for other kinds
	Number  int      // count-moves, moves-to-win, moves-to-goal (HasNumber): the number, or Never
	// HasNumber says that Number is the answer.
	HasNumber bool
	Moves     []AcceptedMove // best-move: every accepted move, the fastest first
	Path      *AcceptedPath  // labyrinth: the shortest paths
	// Winner is, for moves-to-win without a side (which asks who wins as
	// well as how many moves), the side that wins: "white" or "black";
	// "" in a draw and for every other question.
	Winner string
	// Every says, for best-move with find: every, that the child must
	// play each of Moves (none of which is slower) before it is solved.
	Every bool
}

// AcceptedMove is one accepted move of best-move, by its squares; Slower
// marks a move that also wins (or reaches the goal) but not the fastest
// way. From is "" for the knight's flight.
type AcceptedMove struct {
	From, To, SAN string
	Slower        bool
}

// AcceptedPath is a labyrinth's shortest paths as a graph: from every
// square on a shortest path, the squares one move further along one. A path
// is right when it starts at From, follows Next and ends on To after Moves
// moves.
type AcceptedPath struct {
	From, To string
	Moves    int
	Next     map[string][]string
}

// noChoice is Accepted.Choice for the kinds without choices.
const noChoice = -1

func (q *KnightMoves) Accept(Proof) Accepted {
	return Accepted{Squares: squareNames(KnightJumps(q.Position)), Choice: noChoice}
}

func (q *KingMoves) Accept(Proof) Accepted {
	return Accepted{Squares: squareNames(KingSteps(q.Position)), Choice: noChoice}
}

func (q *Legal) Accept(Proof) Accepted {
	legal, _ := ParseLegalMove(q.Position, q.Move)
	if legal {
		return Accepted{Choice: 0} // Space's "yes"
	}
	return Accepted{Choice: 1}
}

func (q *CountMoves) Accept(Proof) Accepted {
	return Accepted{Choice: noChoice, Number: len(q.Position.LegalMoves()), HasNumber: true}
}

// Accept returns the outcome the verified answer gives, as an index of
// Space's choices: the white side wins, the black side wins, a draw.
func (q *Outcome) Accept(Proof) Accepted {
	switch q.Answer {
	case rules.WhiteWins:
		return Accepted{Choice: 0}
	case rules.BlackWins:
		return Accepted{Choice: 1}
	}
	return Accepted{Choice: 2}
}

// Accept returns the verified number of moves (the solver's, once Check
// has passed) and, when the question asks who wins too, the winner the
// proof found.
func (q *MovesToWin) Accept(p Proof) Accepted {
	a := Accepted{Choice: noChoice, Number: q.Answer, HasNumber: true}
	if q.Side == nil && p.Decided {
		a.Winner = p.Winner.String()
	}
	return a
}

// Accept returns the verified number of moves (the solver's, once Check
// has passed).
func (q *MovesToGoal) Accept(Proof) Accepted {
	return Accepted{Choice: noChoice, Number: q.Answer, HasNumber: true}
}

// Accept returns the moves Check proved: the fastest, then those that
// also win, slower. With accept: winning every winning move is the answer,
// so none counts as slower; with fastest: true or find: every no slower
// move is accepted (Check lists none), and with find: every the answer's
// moves are the ones to find, each of them.
func (q *BestMove) Accept(p Proof) Accepted {
	out := Accepted{Choice: noChoice, Every: q.Every}
	add := func(sans []string, slower bool) {
		for _, san := range sans {
			m, err := rules.ParseMove(q.Position, san)
			if err != nil {
				continue // not a move of the position: Check wrote it, so never
			}
			am := AcceptedMove{To: m.To.String(), SAN: san, Slower: slower}
			if !m.IsFlight() {
				am.From = m.From.String()
			}
			out.Moves = append(out.Moves, am)
		}
	}
	if q.Every {
		add(sanList(q.Position, q.Moves), false)
		return out
	}
	add(p.Best, false)
	if q.Slower() {
		add(p.AlsoWin, !q.Winning)
	}
	return out
}

// Accept returns the graph of the shortest paths.
func (q *Labyrinth) Accept(Proof) Accepted {
	dist, next := q.ShortestSteps()
	path := &AcceptedPath{From: q.From.String(), To: q.To.String(), Moves: dist, Next: map[string][]string{}}
	for s, to := range next {
		path.Next[s.String()] = squareNames(to)
	}
	return Accepted{Choice: noChoice, Path: path}
}

// ShortestSteps returns the fewest moves from From to To (-1 when To
// cannot be reached) and, for every square on a shortest path but To, the
// squares one move further along one.
func (q *Labyrinth) ShortestSteps() (int, map[rules.Square]rules.Bitboard) {
	forbidden := q.Forbidden()
	fromStart := Distances(q.Piece, q.From, forbidden) // From, where the piece stands, counts as allowed
	toEnd := Distances(q.Piece, q.To, forbidden&^q.From.Bit())
	dist := fromStart[q.To]
	next := map[rules.Square]rules.Bitboard{}
	if dist < 0 {
		return dist, next
	}
	onPath := func(s rules.Square) bool {
		return fromStart[s] >= 0 && toEnd[s] >= 0 && fromStart[s]+toEnd[s] == dist
	}
	for s := range rules.Square(64) {
		if !onPath(s) || s == q.To {
			continue
		}
		for _, t := range (Steps(q.Piece, s) &^ forbidden).Squares() {
			if onPath(t) && fromStart[t] == fromStart[s]+1 {
				next[s] |= t.Bit()
			}
		}
	}
	return dist, next
}

// Distances returns the fewest moves of a piece of kind pc from s to every
// square, landing only on squares not forbidden (-1: unreachable). The
// piece's steps are symmetric, so from a target they are the moves still
// needed to get there.
func Distances(pc rules.Piece, s rules.Square, forbidden rules.Bitboard) [64]int {
	var d [64]int
	for i := range d {
		d[i] = -1
	}
	d[s] = 0
	queue := []rules.Square{s}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, t := range (Steps(pc, at) &^ forbidden).Squares() {
			if d[t] < 0 {
				d[t] = d[at] + 1
				queue = append(queue, t)
			}
		}
	}
	return d
}

// squareNames returns the squares of b by name, by file then rank.
func squareNames(b rules.Bitboard) []string {
	var out []string
	for _, s := range SortedSquares(b) {
		out = append(out, s.String())
	}
	return slices.Clip(out)
}
