package generate

import (
	"strconv"

	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
)

// drillSpec is the kind of position the drills draw: any number of pawns
// anywhere a real game could have brought them.
func drillSpec(blackToMove int) positionSpec {
	return positionSpec{minPawns: 1, maxPawns: 6, minRank: 1, maxRank: 6, blackToMove: blackToMove}
}

// pickSquare returns a random square of those score rates at level target
// (score returns false for a square it cannot use), or NoSquare.
func (g *generator) pickSquare(target int, score func(rules.Square) (int, bool)) rules.Square {
	var fit []rules.Square
	for s := rules.A1; s <= rules.H8; s++ {
		if n, ok := score(s); ok && Level(g.kind, n) == target {
			fit = append(fit, s)
		}
	}
	if len(fit) == 0 {
		return rules.NoSquare
	}
	return fit[g.rng.IntN(len(fit))]
}

// knightMoves makes a knight-moves drill: the knight is put on a square
// whose jumps rate at the target level.
func (g *generator) knightMoves(target int) *candidate {
	p, ok := g.randomPosition(drillSpec(30))
	if !ok {
		return nil
	}
	others := p.Pawns | p.King.Bit()
	score := func(s rules.Square) (int, bool) {
		jumps := rules.KnightAttacks(s)
		return (jumps &^ p.King.Bit()).Count() + 3*(jumps&others).Count(), !others.Has(s)
	}
	if s := g.pickSquare(target, score); s != rules.NoSquare {
		p.Knight = s
	}
	if Plausible(p) != nil {
		return nil
	}
	jumps := rules.KnightAttacks(p.Knight)
	traps := (jumps & others).Count()
	answer := question.KnightJumps(p)
	q := &question.KnightMoves{Position: p, Squares: answer}
	key := DuplicateKey(q)
	if !g.fresh(key) {
		return nil
	}
	n, _ := score(p.Knight)
	text := question.Plural(answer.Count(), "square")
	if traps > 0 {
		text += ", " + question.Plural(traps, "piece") + " on its jump squares"
	}
	return &candidate{
		Generated: Generated{Question: q, Key: key, Measure: Measure{n, text}},
		classes:   []string{"squares " + strconv.Itoa(answer.Count())},
	}
}

// Neighbour states of the king, for kingMoves' score and key.
const (
	nbOff     = 'x' // off the board
	nbPawn    = 'P' // a pawn: the king may not step there
	nbGuarded = 'g' // empty, and the knight jumps there
	nbFree    = '.' // empty and safe
	nbTake    = 'N' // the knight, and the king may take it
	nbLair    = 'L' // the knight, and the lair rule forbids taking it
)

// neighbours returns the states of the eight squares around the king of p
// (with p.King set to k), indexed by (dy+1)*3 + dx+1; the centre is 'K'.
func neighbours(p rules.Position, k rules.Square) [9]byte {
	p.King, p.Side = k, rules.White
	steps := question.KingSteps(p)
	guarded := rules.KnightAttacks(p.Knight)
	var out [9]byte
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			i := (dy+1)*3 + dx + 1
			f, r := k.File()+dx, k.Rank()+dy
			if dx == 0 && dy == 0 {
				out[i] = 'K'
				continue
			}
			if f < 0 || f > 7 || r < 0 || r > 7 {
				out[i] = nbOff
				continue
			}
			s := rules.NewSquare(f, r)
			switch {
			case p.Pawns.Has(s):
				out[i] = nbPawn
			case s == p.Knight && steps.Has(s):
				out[i] = nbTake
			case s == p.Knight:
				out[i] = nbLair
			case guarded.Has(s):
				out[i] = nbGuarded
			default:
				out[i] = nbFree
			}
		}
	}
	return out
}

// kingScore is the king-moves score of a neighbourhood.
func kingScore(nb [9]byte) (score, answer, guarded int) {
	for _, c := range nb {
		switch c {
		case nbFree:
			answer++
		case nbTake:
			answer++
			score += 4
		case nbLair:
			score += 4
		case nbGuarded:
			guarded++
			score += 3
		case nbPawn:
			score++
		}
	}
	return score + answer, answer, guarded
}

// kingMoves makes a king-moves drill: the king is put on a square whose
// neighbourhood rates at the target level.
func (g *generator) kingMoves(target int) *candidate {
	p, ok := g.randomPosition(drillSpec(0))
	if !ok {
		return nil
	}
	score := func(s rules.Square) (int, bool) {
		n, _, _ := kingScore(neighbours(p, s))
		return n, !p.Pawns.Has(s) && s != p.Knight
	}
	if s := g.pickSquare(target, score); s != rules.NoSquare {
		p.King = s
	}
	if Plausible(p) != nil {
		return nil
	}
	nb := neighbours(p, p.King)
	q := &question.KingMoves{Position: p, Squares: question.KingSteps(p)}
	key := DuplicateKey(q)
	if !g.fresh(key) {
		return nil
	}
	n, answer, guarded := kingScore(nb)
	text := question.Plural(answer, "square")
	if guarded > 0 {
		text += ", " + question.Plural(guarded, "guarded square")
	}
	for _, c := range nb {
		switch c {
		case nbTake:
			text += ", the knight to take"
		case nbLair:
			text += ", the knight protected by the lair rule"
		}
	}
	return &candidate{
		Generated: Generated{Question: q, Key: key, Measure: Measure{n, text}},
		classes:   []string{"squares " + strconv.Itoa(answer)},
	}
}

// legalMove is a move a legal question may ask about: legal or not, with
// the rule that decides it and that rule's weight (legal's score).
type legalMove struct {
	from, to rules.Square
	text     string // SAN, or coordinates for a pawn's diagonal step onto nothing
	legal    bool
	reason   string
	weight   int
}

// legalReasons lists the rules a legal question can turn on, with their
// weights from 1 (a child sees it at once) to 5 (the lair rule).
var legalReasons = map[string]int{
	"a king step":                           1,
	"a pawn step":                           1,
	"a knight jump":                         1,
	"the king steps onto its own pawn":      1,
	"the pawn is blocked":                   1,
	"a pawn saved":                          2,
	"a pawn takes the knight":               2,
	"the knight takes a pawn":               2,
	"a pawn only goes diagonally to take":   2,
	"the knight may not jump onto the king": 2,
	"the king takes the knight":             3,
	"the king steps out of check":           3,
	"the king steps onto a guarded square":  3,
	"a pawn may not move while in check":    4,
	"a pawn takes the checking knight":      4,
	"the piece on the lair may take":        5,
	"the saving square is guarded":          4,
	"the lair rule forbids the capture":     5,
}

// legalCandidates lists the moves of the side to move worth asking about:
// the legal ones, and the illegal ones a child might try.
func legalCandidates(p rules.Position) []legalMove {
	var out []legalMove
	var from rules.Square
	add := func(to rules.Square, text string, legal bool, reason string) {
		w, ok := legalReasons[reason]
		if !ok {
			panic("generate: legal: no weight for " + reason)
		}
		out = append(out, legalMove{from, to, text, legal, reason, w})
	}
	if p.Side == rules.Black {
		from = p.Knight
		for _, to := range rules.KnightAttacks(p.Knight).Squares() {
			switch {
			case to == p.King:
				add(to, "Nx"+to.String(), false, "the knight may not jump onto the king")
			case p.Pawns.Has(to):
				add(to, "Nx"+to.String(), true, "the knight takes a pawn")
			default:
				add(to, "N"+to.String(), true, "a knight jump")
			}
		}
		return out
	}
	check := p.InCheck()
	guarded := rules.KnightAttacks(p.Knight)
	from = p.King
	for _, to := range rules.KingAttacks(p.King).Squares() {
		m := rules.Move{From: p.King, To: to}
		switch {
		case p.Pawns.Has(to):
			add(to, "K"+to.String(), false, "the king steps onto its own pawn")
		case to == p.Knight && p.IsLegal(m) && p.King == rules.Lair:
			add(to, "Kx"+to.String(), true, "the piece on the lair may take")
		case to == p.Knight && p.IsLegal(m):
			add(to, "Kx"+to.String(), true, "the king takes the knight")
		case to == p.Knight:
			add(to, "Kx"+to.String(), false, "the lair rule forbids the capture")
		case guarded.Has(to):
			add(to, "K"+to.String(), false, "the king steps onto a guarded square")
		case check:
			add(to, "K"+to.String(), true, "the king steps out of check")
		default:
			add(to, "K"+to.String(), true, "a king step")
		}
	}
	for _, pawn := range p.Pawns.Squares() {
		from = pawn
		to := from + 8
		m := rules.Move{From: from, To: to}
		switch {
		case p.Occupied().Has(to):
			add(to, to.String(), false, "the pawn is blocked")
		case check:
			add(to, to.String(), false, "a pawn may not move while in check")
		case to.Rank() == 7 && !p.IsLegal(m):
			add(to, to.String(), false, "the saving square is guarded")
		case to.Rank() == 7:
			add(to, to.String(), true, "a pawn saved")
		default:
			add(to, to.String(), true, "a pawn step")
		}
		for _, df := range []int{-1, 1} {
			f := from.File() + df
			if f < 0 || f > 7 {
				continue
			}
			to := rules.NewSquare(f, from.Rank()+1)
			m := rules.Move{From: from, To: to}
			switch {
			case to == p.Knight && p.IsLegal(m) && from == rules.Lair:
				add(to, string(rune('a'+from.File()))+"x"+to.String(), true, "the piece on the lair may take")
			case to == p.Knight && p.IsLegal(m) && check:
				add(to, string(rune('a'+from.File()))+"x"+to.String(), true, "a pawn takes the checking knight")
			case to == p.Knight && p.IsLegal(m):
				add(to, string(rune('a'+from.File()))+"x"+to.String(), true, "a pawn takes the knight")
			case to == p.Knight:
				add(to, string(rune('a'+from.File()))+"x"+to.String(), false, "the lair rule forbids the capture")
			case !p.Occupied().Has(to):
				add(to, from.String()+to.String(), false, "a pawn only goes diagonally to take")
			}
		}
	}
	return out
}

// legal makes a legal question: a move whose deciding rule weighs target.
func (g *generator) legal(target int) *candidate {
	p, ok := g.randomPosition(drillSpec(20))
	if !ok {
		return nil
	}
	// The rules of levels 4 and 5 need the knight in the right place: giving
	// check, or on its lair f6.
	switch {
	case target == 4 && p.Side == rules.White:
		p.Knight = g.square(^rules.KnightAttacks(p.King) | p.Pawns)
	case target == 5 && g.chance(1, 2) && !p.Occupied().Has(rules.Lair):
		p.Knight = rules.Lair
	case target == 5 && !p.Pawns.Has(rules.Lair):
		p.King = rules.Lair // next to the knight, the king may take it from f6
		p.Knight = g.square(^rules.KingAttacks(rules.Lair) | p.Pawns)
	}
	if !p.Knight.Valid() || Plausible(p) != nil {
		return nil
	}
	var fit []legalMove
	for _, m := range legalCandidates(p) {
		if m.weight == target {
			fit = append(fit, m)
		}
	}
	if len(fit) == 0 {
		return nil
	}
	// Keep yes and no in balance: draw from the answer given less so far.
	var yes, no []legalMove
	for _, m := range fit {
		if m.legal {
			yes = append(yes, m)
		} else {
			no = append(no, m)
		}
	}
	if len(yes) > 0 && len(no) > 0 {
		fit = yes
		if g.classes["answer yes"] > g.classes["answer no"] {
			fit = no
		}
	}
	m := fit[g.rng.IntN(len(fit))]
	q := &question.Legal{Position: p, Move: m.text, Answer: m.legal}
	key := DuplicateKey(q)
	if !g.fresh(key) {
		return nil
	}
	answer := "no"
	if m.legal {
		answer = "yes"
	}
	return &candidate{
		Generated: Generated{Question: q, Key: key, Measure: Measure{m.weight, m.reason}},
		classes:   []string{"answer " + answer, "reason " + m.reason},
	}
}

// countMoves makes a count-moves question.
func (g *generator) countMoves(target int) *candidate {
	p, ok := g.randomPosition(drillSpec(15))
	if !ok {
		return nil
	}
	legal := p.CountLegalMoves()
	q := &question.CountMoves{Position: p, Answer: legal}
	key := DuplicateKey(q)
	if !g.fresh(key) {
		return nil
	}
	excluded := 0
	if p.Side == rules.Black {
		excluded = (rules.KnightAttacks(p.Knight) & p.King.Bit()).Count()
	} else {
		var kings, steps, captures int
		for _, m := range p.LegalMoves() {
			switch {
			case m.From == p.King:
				kings++
			case m.To == p.Knight:
				captures++
			default:
				steps++
			}
		}
		excluded = (rules.KingAttacks(p.King) &^ p.Pawns).Count() - kings +
			((p.Pawns << 8) &^ p.Occupied()).Count() - steps +
			(rules.PawnAttackers(p.Knight) & p.Pawns).Count() - captures
	}
	n := legal + 2*excluded
	if Level(g.kind, n) != target && g.chance(3, 4) {
		return nil // keep the levels even: most draws are easy
	}
	text := question.Plural(legal, "move")
	if excluded > 0 {
		text += ", " + question.Plural(excluded, "move") + " the rules forbid"
	}
	return &candidate{
		Generated: Generated{Question: q, Key: key, Measure: Measure{n, text}},
		classes:   []string{"answer " + strconv.Itoa(legal)},
	}
}
