package boardblock

import (
	"reflect"
	"strings"
)

// Spec is the schema of a board block's body:
//
//	fen: 8/8/5n2/8/4P3/8/8/4K3 w 2 3
//	caption: The alien's lair
//	marks: [e4, d5]
//	arrows: [f6-e4]
//
// A labyrinth gives "pieces: {e1: king, d4: knight}" instead of a fen, and
// "nostate: true" hides the side to move and the counters of a fen board
// (a pieces board never shows them). "play: true" offers, on the site, to
// play a fen board's position out against the alien. The renderer decodes a body into a
// Spec; the loader checks a body against Keys with positions.
type Spec struct {
	FEN     string            `yaml:"fen"`     // a Nostromo FEN, or start
	Caption string            `yaml:"caption"` // shown under the board
	Marks   []string          `yaml:"marks"`   // squares to mark, such as e4
	Arrows  []string          `yaml:"arrows"`  // arrows such as f6-e4
	Pieces  map[string]string `yaml:"pieces"`  // instead of fen: square -> king, pawn or knight
	NoState bool              `yaml:"nostate"` // draw no side to move and no counters
	Play    bool              `yaml:"play"`    // the site offers to play the position out against the alien
}

// Keys are the keys a board block may hold: those of Spec, in its order.
var Keys = func() []string {
	var keys []string
	t := reflect.TypeFor[Spec]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		keys = append(keys, name)
	}
	return keys
}()
