package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/rules"
)

// readFEN parses a FEN argument; the word "start" is the default start.
func readFEN(arg string) (rules.Position, error) {
	p, err := rules.ParseFEN(strings.TrimSpace(arg))
	if err != nil {
		return p, badInput(fmt.Errorf("position %q: %w%s", arg, err, course.FENHint(arg)))
	}
	return p, nil
}

// parsePosition parses args with fs and reads the one argument left, a FEN.
func parsePosition(fs *flag.FlagSet, args []string) (rules.Position, error) {
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return rules.Position{}, err
	}
	return readFEN(pos[0])
}

func runShow(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("show", stderr)
	p, err := parsePosition(fs, args)
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, rules.Diagram(p))
	return err
}

func runMoves(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("moves", stderr)
	asJSON := fs.Bool("json", false, "print {\"fen\": ..., \"moves\": [{\"san\": ..., \"coord\": ...}]}")
	p, err := parsePosition(fs, args)
	if err != nil {
		return err
	}
	type jsonMove struct {
		SAN   string `json:"san"`
		Coord string `json:"coord"`
	}
	out := struct {
		FEN   string     `json:"fen"`
		Moves []jsonMove `json:"moves"`
	}{FEN: p.String(), Moves: []jsonMove{}}
	for _, m := range p.LegalMoves() {
		out.Moves = append(out.Moves, jsonMove{p.SAN(m), m.String()})
	}
	if *asJSON {
		enc := json.NewEncoder(rawWriter(stdout))
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	if len(out.Moves) == 0 {
		_, err = fmt.Fprintf(stdout, "no legal moves: %s\n", p.Status())
		return err
	}
	for _, m := range out.Moves {
		if _, err := fmt.Fprintf(stdout, "%-6s %s\n", m.SAN, m.Coord); err != nil {
			return err
		}
	}
	return nil
}

// quickPerft is the deepest perft that runs without --deep: about ten
// seconds from the start position; each ply more takes about nine times as
// long.
const quickPerft = 10

func runPerft(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("perft", stderr)
	divide := fs.Bool("divide", false, "first print one \"coord: count\" line per legal move")
	deep := fs.Bool("deep", false, fmt.Sprintf("allow DEPTH above %d, which takes minutes (%d) to an hour (12) from the start", quickPerft, quickPerft+1))
	pos, err := parse(fs, args, 2, 2)
	if err != nil {
		return err
	}
	p, err := readFEN(pos[0])
	if err != nil {
		return err
	}
	depth, err := strconv.Atoi(pos[1])
	if err != nil || depth < 0 || depth > 12 {
		return badInput(fmt.Errorf("perft: depth %q: want a whole number from 0 to 12", pos[1]))
	}
	if depth > quickPerft && !*deep {
		return badInput(fmt.Errorf("perft: depth %d takes minutes to an hour; add --deep to run it anyway, or use a depth of at most %d", depth, quickPerft))
	}
	if *divide {
		for _, e := range rules.PerftDivide(p, depth) {
			fmt.Fprintf(stdout, "%s: %d\n", e.Move, e.Count)
		}
	}
	_, err = fmt.Fprintln(stdout, rules.Perft(p, depth))
	return err
}
