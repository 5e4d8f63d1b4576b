package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// runCLI runs the command line as main does and returns the exit status and
// what the command wrote.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = exitCode(run(args, &out, &errOut), &errOut)
	if strings.Contains(errOut.String(), "internal error") {
		t.Fatalf("run(%q) panicked: %s", args, errOut.String())
	}
	return code, out.String(), errOut.String()
}

const startDiagram = `8  . . . . . . . .
7  . . . . . . . .
6  . . . . . n . .
5  . . . . . . . .
4  . . . . . . . .
3  . . . . . . . .
2  . P P P P P P .
1  . . . . K . . .
   a b c d e f g h

White to move. Saved: 0 of 3. Caught: 0 of 4.
FEN: 8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0
`

func TestShow(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want []string // lines of stdout, or parts of them
	}{
		{"start keyword", []string{"show", "start"}, []string{startDiagram}},
		{"start FEN", []string{"show", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"}, []string{startDiagram}},
		{"two-field FEN", []string{"show", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w"}, []string{startDiagram}},
		{"flight pending", []string{"show", "8/8/8/8/8/8/PP6/K7 b 2 2"}, []string{
			"6  . . . . . * . .\n",
			"Black to move (the knight's flight to f6). Saved: 2 of 3. Caught: 2 of 4.\n",
		}},
		{"checkmate", []string{"show", "8/8/6PP/6PK/6PP/6n1/8/8 w 0 1"}, []string{
			"3  . . . . . . n .\n", // the knight as FEN writes it
			"White to move, in check. Saved: 0 of 3. Caught: 1 of 4.\n",
			"Game over: checkmate (black).\n",
			"FEN: 8/8/6PP/6PK/6PP/6n1/8/8 w 0 1\n",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != 0 || errOut != "" {
				t.Fatalf("run(%q) = exit %d, stderr %q, want 0 and nothing", tt.args, code, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("run(%q) printed\n%s\nwant it to contain\n%s", tt.args, out, w)
				}
			}
		})
	}
}

func TestMoves(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"start", []string{"moves", "start"}, "" +
			"Kd1    e1d1\n" +
			"Kf1    e1f1\n" +
			"b3     b2b3\n" +
			"c3     c2c3\n" +
			"d3     d2d3\n" +
			"e3     e2e3\n" +
			"f3     f2f3\n" +
			"g3     g2g3\n"},
		{"flight", []string{"moves", "8/8/8/8/4K3/8/PP6/8 b 2 2"}, "N@f6+  @f6\n"},
		{"stalemate", []string{"moves", "7K/6PP/5n2/8/8/8/8/8 w 2 2"}, "no legal moves: stalemate\n"},
		{"checkmate", []string{"moves", "8/8/6PP/6PK/6PP/6n1/8/8 w 0 1"}, "no legal moves: checkmate\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != 0 || errOut != "" {
				t.Fatalf("run(%q) = exit %d, stderr %q, want 0 and nothing", tt.args, code, errOut)
			}
			if out != tt.want {
				t.Errorf("run(%q) printed\n%s\nwant\n%s", tt.args, out, tt.want)
			}
		})
	}
}

func TestMovesJSON(t *testing.T) {
	type move struct {
		SAN   string `json:"san"`
		Coord string `json:"coord"`
	}
	for _, tt := range []struct {
		name     string
		args     []string
		wantFEN  string
		wantSANs string
		exact    string // the whole output, when set
	}{
		{"start", []string{"moves", "--json", "start"}, "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0",
			"Kd1 Kf1 b3 c3 d3 e3 f3 g3", ""},
		{"flag after the FEN", []string{"moves", "start", "--json"}, "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0",
			"Kd1 Kf1 b3 c3 d3 e3 f3 g3", ""},
		{"two fields written back as four", []string{"moves", "--json", "8/8/8/8/8/8/PPPPP3/K6n b"},
			"8/8/8/8/8/8/PPPPP3/K6n b 0 1", "Nf2 Ng3", ""},
		{"flight", []string{"moves", "--json", "8/8/8/8/8/8/PP6/K7 b 2 2"}, "8/8/8/8/8/8/PP6/K7 b 2 2", "N@f6",
			"{\n  \"fen\": \"8/8/8/8/8/8/PP6/K7 b 2 2\",\n  \"moves\": [\n    {\n      \"san\": \"N@f6\",\n      \"coord\": \"@f6\"\n    }\n  ]\n}\n"},
		{"no moves is an empty list", []string{"moves", "--json", "7K/6PP/5n2/8/8/8/8/8 w 2 2"}, "7K/6PP/5n2/8/8/8/8/8 w 2 2", "",
			"{\n  \"fen\": \"7K/6PP/5n2/8/8/8/8/8 w 2 2\",\n  \"moves\": []\n}\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != 0 || errOut != "" {
				t.Fatalf("run(%q) = exit %d, stderr %q, want 0 and nothing", tt.args, code, errOut)
			}
			if tt.exact != "" && out != tt.exact {
				t.Errorf("run(%q) printed\n%s\nwant\n%s", tt.args, out, tt.exact)
			}
			var got struct {
				FEN   *string `json:"fen"`
				Moves []move  `json:"moves"`
			}
			dec := json.NewDecoder(strings.NewReader(out))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&got); err != nil {
				t.Fatalf("run(%q): %v in\n%s", tt.args, err, out)
			}
			if got.FEN == nil || *got.FEN != tt.wantFEN {
				t.Errorf("run(%q): fen = %v, want %q", tt.args, got.FEN, tt.wantFEN)
			}
			if got.Moves == nil {
				t.Errorf("run(%q): moves is null, want a list", tt.args)
			}
			var sans []string
			for _, m := range got.Moves {
				if m.SAN == "" || m.Coord == "" {
					t.Errorf("run(%q): move %+v, want both san and coord", tt.args, m)
				}
				sans = append(sans, m.SAN)
			}
			if s := strings.Join(sans, " "); s != tt.wantSANs {
				t.Errorf("run(%q): moves %s, want %s", tt.args, s, tt.wantSANs)
			}
		})
	}
}

func TestPerft(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"depth 0", []string{"perft", "start", "0"}, "1\n"},
		{"depth 3", []string{"perft", "start", "3"}, "534\n"},
		{"FEN", []string{"perft", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", "4"}, "2781\n"},
		{"flight is a ply", []string{"perft", "8/8/8/8/4K3/8/PP6/8 b 2 2", "2"}, "7\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != 0 || errOut != "" || out != tt.want {
				t.Errorf("run(%q) = exit %d, stdout %q, stderr %q, want 0, %q, nothing", tt.args, code, out, errOut, tt.want)
			}
		})
	}
}

func TestPerftDivide(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "--divide", "start", "3"},
		{"perft", "start", "3", "--divide"},
		{"perft", "-divide", "start", "3"},
	} {
		t.Run(strings.Join(args[1:], " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, args...)
			if code != 0 || errOut != "" {
				t.Fatalf("run(%q) = exit %d, stderr %q, want 0 and nothing", args, code, errOut)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != 9 {
				t.Fatalf("run(%q) printed %d lines, want 8 moves and the count:\n%s", args, len(lines), out)
			}
			if last := lines[len(lines)-1]; last != "534" {
				t.Errorf("run(%q): last line %q, want %q", args, last, "534")
			}
			var sum uint64
			for _, line := range lines[:len(lines)-1] {
				coord, count, ok := strings.Cut(line, ": ")
				n, err := strconv.ParseUint(count, 10, 64)
				if !ok || err != nil || len(coord) != 4 {
					t.Fatalf("run(%q): line %q, want \"coord: count\"", args, line)
				}
				sum += n
			}
			if sum != 534 {
				t.Errorf("run(%q): divide lines add up to %d, want 534", args, sum)
			}
		})
	}
}

// TestBadInput: every unusable input exits with status 2 and one line that
// names the reason, and prints nothing on stdout.
func TestBadInput(t *testing.T) {
	for _, tt := range []struct {
		name   string
		args   []string
		reason string // a part of one line of stderr
	}{
		{"no command", nil, "nostromo-lessons: no command given"},
		{"unknown command", []string{"frob", "start"}, `nostromo-lessons: unknown command "frob"`},
		{"unknown flag", []string{"moves", "--xml", "start"}, "flag provided but not defined: -xml"},
		{"flag of another command", []string{"show", "--divide", "start"}, "flag provided but not defined: -divide"},
		{"missing FEN", []string{"show"}, "nostromo-lessons: show: missing FEN, a Nostromo FEN such as"},
		{"too many arguments", []string{"moves", "start", "start"}, "nostromo-lessons: moves: got 2 arguments, want 1"},
		{"missing depth", []string{"perft", "start"}, "nostromo-lessons: perft: missing DEPTH, the number of plies"},
		{"malformed FEN", []string{"show", "8/8"}, `nostromo-lessons: position "8/8": malformed fen: 1 field,`},
		{"malformed rank", []string{"moves", "8/8/5n2/8/8/8/1PPPPPP1/4K4 w 0 0"}, "malformed fen: rank 1 has 9 squares, want 8"},
		{"malformed side", []string{"perft", "8/8/5n2/8/8/8/1PPPPPP1/4K3 x 0 0", "1"}, `malformed fen: side to move "x"`},
		{"invalid FEN", []string{"show", "4P3/8/5n2/8/8/8/1PPPP1P1/4K3 w 0 0"}, "invalid position: pawn on rank 8 (e8)"},
		{"invalid FEN, king attacked", []string{"moves", "--json", "8/8/5n2/8/4K3/8/PP6/8 b 2 2"}, "invalid position: Black is to move and the white king on e4 is attacked"},
		{"FEN of two fields, too many taken", []string{"show", "8/8/3PP3/4K3/8/8/8/6n1 w"},
			`invalid position: 4 pawns taken, at most 3; a FEN without its saved and taken fields counts the 4 pawns not on the board as taken: write all four fields, such as "8/8/3PP3/4K3/8/8/8/6n1 w 1 3" or "8/8/3PP3/4K3/8/8/8/6n1 w 2 2"`},
		{"FEN with a white knight", []string{"moves", "8/8/5N2/8/8/8/1PPPPPP1/4K3 w 0 0"}, "; the knight plays Black: write it as a lower-case n"},
		{"invalid FEN, counters", []string{"perft", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 1 0", "1"}, "invalid position: 6 pawns on the board + 1 saved + 0 taken is 7, want 6"},
		{"depth not a number", []string{"perft", "start", "x"}, `nostromo-lessons: perft: depth "x": want a whole number from 0 to 12`},
		{"depth too large", []string{"perft", "start", "13"}, `perft: depth "13": want a whole number from 0 to 12`},
		{"negative depth", []string{"perft", "start", "-1"}, "flag provided but not defined: -1"},
		{"deep perft without --deep", []string{"perft", "start", "12"}, "perft: depth 12 takes minutes to an hour; add --deep"},
		{"budget at 2^62", []string{"solve", "--budget", "4611686018427387904", "start"}, `solve: --budget: size "4611686018427387904": want a size from 1MB to 1TB`},
		{"budget past 1TB", []string{"solve", "--budget", "1.1TB", "start"}, `solve: --budget: size "1.1TB"`},
		{"unknown language", []string{"new", "--language", "fr", "x"}, "nostromo-lessons: new: --language \"fr\": want one of en, es, ru, de, nl"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != exitBadInput {
				t.Errorf("run(%q) = exit %d, want %d", tt.args, code, exitBadInput)
			}
			if out != "" {
				t.Errorf("run(%q) printed %q on stdout, want nothing", tt.args, out)
			}
			found := false
			for _, line := range strings.Split(errOut, "\n") {
				found = found || strings.Contains(line, tt.reason)
			}
			if !found {
				t.Errorf("run(%q) stderr\n%s\nwant a line containing %q", tt.args, errOut, tt.reason)
			}
			if n := strings.Count(errOut, "nostromo-lessons: "); n > 1 {
				t.Errorf("run(%q) stderr has %d error lines, want at most one:\n%s", tt.args, n, errOut)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"help"}, "Commands:"},
		{[]string{"--help"}, "Commands:"},
		{[]string{"help", "show"}, "Usage: nostromo-lessons show FEN"},
		{[]string{"help", "moves"}, "Flags:\n  -json\n"},
		{[]string{"help", "perft"}, "  -divide\n"},
		{[]string{"perft", "-h"}, "Flags:\n  -deep\n"},
		{[]string{"help", "check"}, "Usage: nostromo-lessons check [--json] [DIR]\n"},
		{[]string{"help", "build"}, "[--class-size N]"},
		{[]string{"help", "solve"}, "[--max-time T] FEN\n"},
		{[]string{"help", "solve"}, "such as 6GB (default 4GB)\n"},
		{[]string{"help", "generate"}, "Arguments:\n  KIND\n    \tthe kind of exercises, one of knight-moves, king-moves, legal, count-moves, outcome,"},
		{[]string{"help", "generate"}, "[--concept C] [--language L] [--from-games] [-o FILE]\n"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != exitOK {
				t.Errorf("run(%q) = exit %d, want 0", tt.args, code)
			}
			if !strings.Contains(out+errOut, tt.want) {
				t.Errorf("run(%q) printed\n%s%s\nwant %q", tt.args, out, errOut, tt.want)
			}
		})
	}
}

// TestMain points the proof cache at a temporary folder shared by the
// tests of this binary, and its key at a file in another, so that they
// never touch the user's cache or configuration and the sample course is
// proven once; the whole-game table at a folder that holds none.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "nostromo-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	keyDir, err := os.MkdirTemp("", "nostromo-cache-key-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("NOSTROMO_CACHE", dir)
	os.Setenv("NOSTROMO_CACHE_KEY", filepath.Join(keyDir, "cache.key"))
	os.Setenv("NOSTROMO_TABLE", filepath.Join(dir, "no-table")) // none: the tests that want one build it
	code := m.Run()
	os.RemoveAll(dir)
	os.RemoveAll(keyDir)
	os.Exit(code)
}

// TestPerftDeep checks that --deep is accepted with any depth.
func TestPerftDeep(t *testing.T) {
	if code, out, errOut := runCLI(t, "perft", "--deep", "start", "3"); code != exitOK || out != "534\n" {
		t.Errorf("perft --deep start 3 = exit %d, %q, %q; want 0, \"534\\n\"", code, out, errOut)
	}
}

// failWriter fails every write, as /dev/full does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestHelpWriteError checks that help whose text cannot be written ends
// with a non-zero status (help > /dev/full).
func TestHelpWriteError(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"help", "perft"}, {"help", "build"}} {
		var errOut bytes.Buffer
		code := exitCode(run(args, failWriter{}, &errOut), &errOut)
		if code == exitOK || !strings.Contains(errOut.String(), "no space left") {
			t.Errorf("run(%q) into a full disk = exit %d, stderr %q; want non-zero and the reason", args, code, errOut.String())
		}
	}
}
