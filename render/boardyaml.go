package render

import (
	"bytes"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// boardYAML is the body of a ```board block in lesson Markdown:
//
//	fen: 8/8/5n2/8/4P3/8/8/4K3 w 0 5
//	caption: The alien's lair
//	marks: [e4, d5]
//	arrows: [f6-e4]
//
// A labyrinth gives "pieces: {e1: king, d4: knight}" instead of a fen, and
// "nostate: true" hides side to move and counters of a fen board.
type boardYAML struct {
	FEN     string            `yaml:"fen"`
	Pieces  map[string]string `yaml:"pieces"`
	NoState bool              `yaml:"nostate"`
	Caption string            `yaml:"caption"`
	Marks   []string          `yaml:"marks"`
	Arrows  []string          `yaml:"arrows"`
}

// parseBoardYAML reads a ```board block's body into a Board and checks
// that it can be drawn.
func parseBoardYAML(body []byte) (Board, error) {
	var y boardYAML
	dec := yaml.NewDecoder(bytes.NewReader(body))
	dec.KnownFields(true)
	if err := dec.Decode(&y); err != nil {
		return Board{}, fmt.Errorf("render: board block: %w", err)
	}
	b := Board{FEN: y.FEN, Pieces: y.Pieces, NoState: y.NoState || len(y.Pieces) > 0, Caption: y.Caption, Marks: y.Marks}
	for _, a := range y.Arrows {
		from, to, ok := strings.Cut(a, "-")
		if !ok {
			return Board{}, fmt.Errorf("render: board block: arrow %q: want from-to, like \"f6-e4\"", a)
		}
		b.Arrows = append(b.Arrows, [2]string{strings.TrimSpace(from), strings.TrimSpace(to)})
	}
	if _, err := readBoard(b); err != nil {
		return Board{}, err
	}
	return b, nil
}
