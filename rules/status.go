package rules

// Status is the state of the game in a position.
type Status uint8

// The game's states, in the order docs/RULES.md checks them after each move.
const (
	InPlay     Status = iota
	ThreeSaved        // White has saved its third pawn: White wins
	FourTaken         // the knight has taken its fourth pawn: Black wins
	Checkmate         // White is in check with no legal move: Black wins
	Stalemate         // White is not in check and has no legal move: a draw
)

// String describes the status in a few words.
func (s Status) String() string {
	return [...]string{"in play", "three pawns saved", "four pawns taken", "checkmate", "stalemate"}[s]
}

// Result is the outcome of a game, or of a position with best play.
type Result uint8

// The outcomes. NoResult is a game still in play.
const (
	NoResult Result = iota
	WhiteWins
	BlackWins
	Draw
)

// String returns "none", "white", "black" or "draw".
func (r Result) String() string {
	return [...]string{"none", "white", "black", "draw"}[r]
}

// Result returns the outcome the status stands for.
func (s Status) Result() Result {
	return [...]Result{NoResult, WhiteWins, BlackWins, BlackWins, Draw}[s]
}

// Over reports whether the game has ended.
func (s Status) Over() bool { return s != InPlay }

// Status returns the state of the game in p.
func (p Position) Status() Status {
	switch {
	case p.Saved >= SavesToWin:
		return ThreeSaved
	case p.Taken >= TakesToWin:
		return FourTaken
	case p.Side == Black:
		return InPlay
	}
	if p.CountLegalMoves() > 0 {
		return InPlay
	}
	if p.InCheck() {
		return Checkmate
	}
	return Stalemate
}
