package render

import (
	"bytes"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/render/boardblock"
	"nostromo-lessons/render/diagram"
)

// ParseBoardYAML reads a board block's body (a boardblock.Spec) into a
// Board and checks that it can be drawn. A fen of "start" stands for start,
// the course's start position, when that is not empty. A block marked
// play: true is offered to play as plays has it by its fen, or as too big
// when plays does not have it.
func ParseBoardYAML(body []byte, start string, plays map[string]Play) (Board, error) {
	var y boardblock.Spec
	dec := yaml.NewDecoder(bytes.NewReader(body))
	dec.KnownFields(true)
	if err := dec.Decode(&y); err != nil {
		return Board{}, fmt.Errorf("render: board block: %w", err)
	}
	var play Play
	if y.Play && y.FEN != "" {
		var ok bool
		if play, ok = plays[y.FEN]; !ok {
			play = Play{FEN: y.FEN, Side: "w", TooBig: true}
		}
	}
	if y.FEN == "start" && start != "" {
		y.FEN = start
	}
	b := Board{FEN: y.FEN, Pieces: y.Pieces, NoState: y.NoState || len(y.Pieces) > 0, Caption: y.Caption, Marks: y.Marks}
	for _, a := range y.Arrows {
		from, to, ok := strings.Cut(a, "-")
		if !ok {
			return Board{}, fmt.Errorf("render: board block: arrow %q: want from-to, like \"f6-e4\"", a)
		}
		b.Arrows = append(b.Arrows, [2]string{strings.TrimSpace(from), strings.TrimSpace(to)})
	}
	if _, err := diagram.Read(b); err != nil {
		return Board{}, err
	}
	b.Play = play
	return b, nil
}
