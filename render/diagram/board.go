package diagram

// Board is one diagram. It shows either a game position (FEN) or, for a
// labyrinth, loose pieces on squares (Pieces) with no game state.
type Board struct {
	FEN     string            // a Nostromo FEN; empty when Pieces is used
	Pieces  map[string]string // instead of FEN: square -> "king", "pawn" or "knight"
	NoState bool              // draw no side to move and no counters (set for Pieces boards too)
	Marks   []string          // squares to mark: "e4" a dot (empty) or a ring (occupied), "e4x" a cross (avoid), "e4*" a star (goal)
	Arrows  [][2]string       // arrows from square to square; a "to" such as "e5x" crosses the arrow out (a move not to make)
	Target  string            // a square framed thickly: where a labyrinth's piece must go; "" for none
	Caption string            // shown under the diagram
	Play    Play              // the site offers to play the position out; zero: not offered
}

// Play is a position the site offers to play out against the alien, with
// the engine in the browser. The renderer writes what it is given: which
// side the child takes and whether the browser can afford the position are
// decided before (internal/model, internal/engine).
type Play struct {
	FEN    string // the position; "" offers no play
	Side   string // the child's side: "w" or "b"
	TooBig bool   // the browser cannot prove it quickly: the page says so instead
}
