package rules

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// perftVector is one line of a perft file: FEN<TAB>DEPTH<TAB>COUNT.
type perftVector struct {
	fen   string
	depth int
	count uint64
}

func readPerftVectors(t *testing.T, path string) []perftVector {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftVector
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 3 {
			t.Fatalf("%s:%d: %d fields, want FEN<TAB>DEPTH<TAB>COUNT", path, line, len(fields))
		}
		depth, err1 := strconv.Atoi(fields[1])
		count, err2 := strconv.ParseUint(fields[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: bad depth %q or count %q", path, line, fields[1], fields[2])
		}
		out = append(out, perftVector{fields[0], depth, count})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func checkPerftVectors(t *testing.T, vectors []perftVector) {
	for i, v := range vectors {
		t.Run(fmt.Sprintf("%02d:depth=%d", i+1, v.depth), func(t *testing.T) {
			if v.count > 20_000_000 && testing.Short() {
				t.Skip("slow; runs without -short")
			}
			p := mustFEN(t, v.fen)
			if got := Perft(p, v.depth); got != v.count {
				t.Errorf("Perft(%q, %d) = %d, want %d", v.fen, v.depth, got, v.count)
			}
		})
	}
}

// TestPerftStart checks the reference figures for the start position; the
// copy in testdata keeps the test independent of ../shared.
func TestPerftStart(t *testing.T) {
	vectors := readPerftVectors(t, filepath.Join("testdata", "perft-start.tsv"))
	if len(vectors) < 7 {
		t.Fatalf("testdata/perft-start.tsv has %d figures, want depths 1 to 7", len(vectors))
	}
	checkPerftVectors(t, vectors)
}

// sharedVectors are where the project's shared reference figures live when
// shared/ sits beside the clone (as in CI) or on the development machine.
var sharedVectors = []string{
	filepath.Join("..", "..", "shared", "vectors"),
	"/work/shared/vectors",
}

// TestPerftSharedVectors checks the shared reference figures too, when
// present, so that new figures there are checked before being copied here.
func TestPerftSharedVectors(t *testing.T) {
	for _, dir := range sharedVectors {
		path := filepath.Join(dir, "perft-start.tsv")
		if _, err := os.Stat(path); err != nil {
			continue
		}
		shared := readPerftVectors(t, path)
		local := map[string]uint64{}
		for _, v := range readPerftVectors(t, filepath.Join("testdata", "perft-start.tsv")) {
			local[fmt.Sprint(v.fen, v.depth)] = v.count
		}
		for _, v := range shared {
			if n, ok := local[fmt.Sprint(v.fen, v.depth)]; ok && n != v.count {
				t.Errorf("%s: perft(%q, %d) = %d, but testdata/perft-start.tsv says %d", path, v.fen, v.depth, v.count, n)
			}
		}
		checkPerftVectors(t, shared)
		return
	}
	t.Skip("no shared/vectors/perft-start.tsv beside the clone")
}

func TestPerftStartMustHold(t *testing.T) {
	for _, tt := range []struct {
		depth int
		want  uint64
	}{{0, 1}, {1, 8}, {2, 64}} {
		if got := Perft(Start, tt.depth); got != tt.want {
			t.Errorf("Perft(Start, %d) = %d, want %d", tt.depth, got, tt.want)
		}
	}
}

// perftTests: hand-made positions around the corners of the rules. The
// figures come from the slow generator of slowgen_test.go; the test checks
// both generators against them.
var perftTests = []struct {
	name  string
	fen   string
	perft [7]uint64 // depths 0 to 6
}{
	// The knight on its lair, the king and two pawns beside it.
	//	8 . . . . . . . .
	//	7 . . . . . . K .
	//	6 . . . . . N . .
	//	5 . . . . P . P .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"lair guarded", "8/6K1/5n2/4P1P1/8/8/8/8 w 2 2", [7]uint64{1, 7, 56, 362, 1894, 12222, 77682}},
	// A pawn on f6 bars the capture on f8; the e7 pawn saves by stepping.
	//	8 . . . . . N . .
	//	7 . . . . P . . .
	//	6 . . . . . P . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 P . . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{"lair on rank 8", "5n2/4P3/5P2/8/8/8/P7/7K w 1 2", [7]uint64{1, 6, 24, 172, 989, 7546, 42979}},
	// Flight pending; the flight gives check.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . K . . .
	//	3 . . . . . . . .
	//	2 P P . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"flight with check", "8/8/8/8/4K3/8/PP6/8 b 2 2", [7]uint64{1, 1, 7, 56, 488, 2414, 20627}},
	// White in check in the start formation.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . N . . . .
	//	2 . P P P P P P .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"check at home", "8/8/8/8/8/3n4/1PPPPPP1/4K3 w 0 0", [7]uint64{1, 4, 18, 130, 810, 6346, 35899}},
	// The king on the lair: it may capture g5, the f4 pawn may not.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . K . .
	//	5 . . . . . . N .
	//	4 . . . . . P . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . .
	//	  a b c d e f g h
	{"king on the lair", "8/8/5K2/6n1/5P2/8/8/8 w 2 3", [7]uint64{1, 7, 37, 247, 1457, 9624, 53000}},
	// The knight among six pawns.
	//	8 . . . . . . . .
	//	7 . . . . . . . .
	//	6 . . . . . . . .
	//	5 . . P P P . . .
	//	4 . . . N . . . .
	//	3 . . P P P . . .
	//	2 . . . . . . . .
	//	1 . . . . . . . K
	//	  a b c d e f g h
	{"knight in the crowd", "8/8/8/2PPP3/3n4/2PPP3/8/7K b 0 0", [7]uint64{1, 8, 69, 468, 4332, 23355, 221754}},
	// Three pawns on rank 7, the knight in the corner guarding b8.
	//	8 N . . . . . . .
	//	7 P P P . . . . .
	//	6 . . . . . . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"rank 7 race", "n7/PPP5/8/8/8/8/8/4K3 w 0 3", [7]uint64{1, 8, 15, 63, 392, 3351, 17164}},
	// The knight on e6 guards d8 and f8; only e7-e8 saves.
	//	8 . . . . . . . .
	//	7 . . . P P P . .
	//	6 . . . . N . . .
	//	5 . . . . . . . .
	//	4 . . . . . . . .
	//	3 . . . . . . . .
	//	2 . . . . . . . .
	//	1 . . . . K . . .
	//	  a b c d e f g h
	{"guarded rank 8", "8/3PPP2/4n3/8/8/8/8/4K3 w 1 2", [7]uint64{1, 6, 48, 408, 2292, 18540, 102834}},
}

func TestPerft(t *testing.T) {
	for _, tt := range perftTests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			for depth, want := range tt.perft {
				if got := Perft(p, depth); got != want {
					t.Errorf("Perft(%q, %d) = %d, want %d", tt.fen, depth, got, want)
				}
				if depth <= 4 {
					if got := slowPerft(slowFromPosition(p), depth); got != want {
						t.Errorf("slowPerft(%q, %d) = %d, want %d", tt.fen, depth, got, want)
					}
				}
			}
		})
	}
}

func TestPerftDivide(t *testing.T) {
	for _, tt := range perftTests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			const depth = 4
			var sum uint64
			entries := PerftDivide(p, depth)
			if len(entries) != p.CountLegalMoves() {
				t.Errorf("PerftDivide(%q, %d) has %d entries, want %d", tt.fen, depth, len(entries), p.CountLegalMoves())
			}
			for _, e := range entries {
				if want := Perft(p.Apply(e.Move), depth-1); e.Count != want {
					t.Errorf("PerftDivide(%q, %d): %v: %d, want %d", tt.fen, depth, e.Move, e.Count, want)
				}
				sum += e.Count
			}
			if sum != tt.perft[depth] {
				t.Errorf("PerftDivide(%q, %d) adds up to %d, want %d", tt.fen, depth, sum, tt.perft[depth])
			}
		})
	}
}

// TestPerftStartDepth8 goes one ply past the reference figures; 7152397 is
// the slow generator's count, checked again here.
func TestPerftStartDepth8(t *testing.T) {
	if testing.Short() {
		t.Skip("slow; runs without -short")
	}
	const want = 7152397
	if got := Perft(Start, 8); got != want {
		t.Errorf("Perft(Start, 8) = %d, want %d", got, want)
	}
	if got := slowPerft(slowFromPosition(Start), 8); got != want {
		t.Errorf("slowPerft(Start, 8) = %d, want %d", got, want)
	}
}
