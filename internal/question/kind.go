package question

import (
	"fmt"
	"strings"
)

// Kind is the kind of a question.
type Kind uint8

// The kinds of question, in the order the documentation lists them.
const (
	KindKnightMoves Kind = iota + 1 // the squares the knight can jump to
	KindKingMoves                   // the squares the king may legally step to
	KindLegal                       // is this move legal here? yes or no
	KindCountMoves                  // the number of legal moves of the side to move
	KindOutcome                     // white, black or draw with best play
	KindMovesToWin                  // how many moves a side needs to win, or never
	KindMovesToGoal                 // how many moves a side needs for a sub-goal, or never
	KindBestMove                    // the set of optimal (or winning) moves
	KindLabyrinth                   // the fewest moves of a piece through guarded squares
)

// String returns the kind's name as lesson files write it, such as
// "moves-to-win".
func (k Kind) String() string {
	if i := k.Info(); i != nil {
		return i.Name
	}
	return "unknown"
}

// Kinds returns every registered kind, in order.
func Kinds() []Kind {
	out := make([]Kind, 0, len(registry)-1)
	for k := range registry {
		if registry[k] != nil {
			out = append(out, Kind(k))
		}
	}
	return out
}

// ParseKind returns the kind named name, such as "best-move".
func ParseKind(name string) (Kind, error) {
	for _, k := range Kinds() {
		if k.String() == name {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown kind %q (want one of %s)", name, KindNames())
}

// KindNames returns the names of all kinds, separated by commas.
func KindNames() string {
	names := make([]string, 0, len(registry))
	for _, k := range Kinds() {
		names = append(names, k.String())
	}
	return strings.Join(names, ", ")
}

// NeedsSolver reports whether questions of kind k are proved by the solver
// (the others need only the rules engine).
func (k Kind) NeedsSolver() bool { return k.Info() != nil && k.Info().Solver }

// Drill reports whether a worksheet's drill cell can hold questions of
// kind k: the answer is short, or marked on the board.
func (k Kind) Drill() bool { return k.Info() != nil && k.Info().Drill }
