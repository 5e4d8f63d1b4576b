package analysis

import (
	"errors"
	"strings"
	"testing"

	"nostromo-lessons/rules"
)

func TestParseGame(t *testing.T) {
	tests := []struct {
		name, text string
		start      string   // FEN of the start
		moves      []string // in coordinates
		at         []Pos
	}{
		{"default start", "e3 Nd5", rules.StartFEN, []string{"e2e3", "f6d5"}, []Pos{{1, 1}, {1, 4}}},
		{"numbers and comments", "1. e3 {good} Nd5\n2.Ke2 {two\nlines} 2... Nb4", rules.StartFEN,
			[]string{"e2e3", "f6d5", "e1e2", "d5b4"}, []Pos{{1, 4}, {1, 14}, {2, 3}, {3, 13}}},
		{"FEN tag", "[FEN \"8/8/5n2/8/8/8/1P1P1P2/4K3 w 2 1\"]\n1. f3", "8/8/5n2/8/8/8/1P1P1P2/4K3 w 2 1", []string{"f2f3"}, []Pos{{2, 4}}},
		{"bare FEN, black first", "\n8/8/5n2/8/8/3P4/2PKP3/8 b 0 3\n1... Nd5 2. Ke1", "8/8/5n2/8/8/3P4/2PKP3/8 b 0 3",
			[]string{"f6d5", "d2e1"}, []Pos{{3, 6}, {3, 13}}},
		{"start word", "start\ne2e3", rules.StartFEN, []string{"e2e3"}, []Pos{{2, 1}}},
		{"flight", "[FEN \"8/8/8/8/8/2n5/1PP1P3/4K3 w 0 3\"]\n1. bxc3 N@f6 2. c4", "8/8/8/8/8/2n5/1PP1P3/4K3 w 0 3",
			[]string{"b2c3", "@f6", "c3c4"}, []Pos{{2, 4}, {2, 9}, {2, 17}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseGame(tt.text)
			if err != nil {
				t.Fatalf("ParseGame(%q): %v", tt.text, err)
			}
			if g.Start.String() != tt.start {
				t.Errorf("ParseGame(%q).Start = %s, want %s", tt.text, g.Start, tt.start)
			}
			var got []string
			for _, m := range g.Moves {
				got = append(got, m.String())
			}
			if strings.Join(got, " ") != strings.Join(tt.moves, " ") {
				t.Errorf("ParseGame(%q).Moves = %v, want %v", tt.text, got, tt.moves)
			}
			if len(g.At) != len(tt.at) {
				t.Fatalf("ParseGame(%q).At = %v, want %v", tt.text, g.At, tt.at)
			}
			for i := range g.At {
				if g.At[i] != tt.at[i] {
					t.Errorf("ParseGame(%q).At = %v, want %v", tt.text, g.At, tt.at)
					break
				}
			}
			// The game's text reads back as the same game.
			again, err := ParseGame(g.Text())
			if err != nil || again.Start != g.Start || len(again.Moves) != len(g.Moves) {
				t.Errorf("ParseGame(%q) = %v, %v; want the game again", g.Text(), again, err)
			}
		})
	}
}

func TestParseGameErrors(t *testing.T) {
	bad := []struct{ name, text, want string }{
		{"illegal move", "1. e3 Nd5\n2. Kf3", `2:4: move 2. "Kf3": not legal here (legal: Kd1, Ke2, Kf1, b3, c3, d3, e4, f3, g3)`},
		{"black's move", "1. e3 Ne9", `1:7: move 1... "Ne9": not a move: want SAN like "Kd2", "exf5", "N@f6" or coordinates like "e2e3" (legal: Nd5, Nd7, Ne4, Ne8, Ng4, Ng8, Nh5, Nh7)`},
		{"bad FEN", "[FEN \"8/8/8 w\"]\ne3", `1:7: position "8/8/8 w": `},
		{"open comment", "e3 {never closed\nNd5", `1:4: a comment "{" that is never closed`},
		{"stray brace", "e3 } Nd5", `1:4: a "}" that closes no comment`},
		{"after the end", "[FEN \"8/2P5/8/8/8/8/n7/4K3 w 2 3\"]\nc8 Nb4", `2:4: move 1... "Nb4": the game is over already`},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseGame(tt.text)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("ParseGame(%q) = %v, want an *Error", tt.text, err)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("ParseGame(%q) = %q, want %q", tt.text, err, tt.want)
			}
		})
	}
	if _, err := ParseGame("{nothing}\n"); !errors.Is(err, ErrNoMoves) {
		t.Errorf("ParseGame of no moves = %v, want ErrNoMoves", err)
	}
}

func FuzzParseGame(f *testing.F) {
	for _, s := range []string{
		"1. e3 Nd5 2. Kd2", "[FEN \"8/8/8/8/8/2n5/1PP1P3/4K3 w 0 3\"]\n1. bxc3 N@f6 2. c4",
		"8/8/5n2/8/8/3P4/2PKP3/8 b 0 3\n1... Nd5", "{a} e3 {b\nc} 1...Nd5", "e3 }", "[FEN", "1.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParseGame(text)
		if err != nil {
			return
		}
		if len(g.At) != len(g.Moves) {
			t.Fatalf("ParseGame(%q): %d moves at %d places", text, len(g.Moves), len(g.At))
		}
		p := g.Start
		for _, m := range g.Moves {
			if !p.IsLegal(m) {
				t.Fatalf("ParseGame(%q): illegal move %v in %s", text, m, p)
			}
			p = p.Apply(m)
		}
		again, err := ParseGame(g.Text())
		if err != nil || again.Start != g.Start || len(again.Moves) != len(g.Moves) {
			t.Fatalf("ParseGame(%q) = %v; text %q reads back as %v, %v", text, g, g.Text(), again, err)
		}
	})
}
