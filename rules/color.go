package rules

// Color is a side of the game.
type Color uint8

// The two sides. White has the king and the pawns; Black has the knight.
const (
	White Color = iota
	Black
)

// Other returns the opposing side.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}
