package main

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/table"
)

// tableRootFEN is the root of the tests' tables: three pawns, one saved
// and two taken, 5,753 configurations built in about a second.
const tableRootFEN = "8/8/8/3P4/8/8/3P1P2/4K1n1 w 1 2"

// solveJSON is what solve --json prints.
type solveJSON struct {
	Result string   `json:"result"`
	Moves  *int     `json:"moves"`
	Best   []string `json:"best"`
	Line   []string `json:"line"`
	Source string   `json:"source"`
}

// solveWith runs solve --json with args and decodes it.
func solveWith(t *testing.T, args ...string) (solveJSON, string) {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"solve", "--json", "--quiet"}, args...)...)
	if code != exitOK {
		t.Fatalf("solve %q = exit %d, %s", args, code, errOut)
	}
	var got solveJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("solve %q printed %q: %v", args, out, err)
	}
	return got, errOut
}

// tablePositions returns positions the table of tableRootFEN holds,
// reached by seeded random play from the root, the game not over.
func tablePositions(t *testing.T, n int) []string {
	t.Helper()
	root, err := rules.ParseFEN(tableRootFEN)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(30, 0))
	var fens []string
	for len(fens) < n {
		p := root
		for range r.IntN(12) {
			moves := p.LegalMoves()
			if len(moves) == 0 || p.Status().Over() {
				break
			}
			p = p.Apply(moves[r.IntN(len(moves))])
		}
		if !p.Status().Over() {
			fens = append(fens, p.String())
		}
	}
	return fens
}

// buildTestTable builds the table of tableRootFEN with the command into a
// temporary folder, which it points $NOSTROMO_TABLE at, and returns it.
func buildTestTable(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "table")
	t.Setenv("NOSTROMO_TABLE", dir)
	t.Setenv("NOSTROMO_TABLE_ROOT", tableRootFEN)
	code, out, errOut := runCLI(t, "tables", "build", "--quiet")
	if code != exitOK || !strings.Contains(out, "Built the table of "+tableRootFEN+" in "+dir+": 5,753 configurations") {
		t.Fatalf("tables build = exit %d, %q, %q", code, out, errOut)
	}
	return dir
}

// TestTableAnswers builds a small table with tables build and checks that
// solve --json answers positions it holds from it, as the solver and
// --no-table do, and that a damaged or stale table is named, with the
// command that rebuilds it, and not used.
func TestTableAnswers(t *testing.T) {
	dir := buildTestTable(t)
	fens := tablePositions(t, 8)
	results := map[string]bool{}
	for _, fen := range fens {
		got, errOut := solveWith(t, fen)
		want, _ := solveWith(t, "--no-table", fen)
		if got.Source != "table" || want.Source == "table" || errOut != "" {
			t.Errorf("solve %q: source %q, with --no-table %q, stderr %q; want table, then another, and no warning", fen, got.Source, want.Source, errOut)
		}
		got.Source, want.Source = "", ""
		if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
			t.Errorf("solve %q from the table = %s, the solver says %s", fen, g, w)
		}
		results[got.Result] = true
	}
	if len(results) < 2 {
		t.Errorf("the positions compared all have the result %v: want more than one", results)
	}
	if code, out, _ := runCLI(t, "version"); code != exitOK || !strings.Contains(out, "          complete and intact, in "+dir+"\n") {
		t.Errorf("version = exit %d, %q; want the table complete and intact", code, out)
	}

	for _, tt := range []struct {
		name, want string
		spoil      func(b []byte)
	}{
		{"damaged block", "table: corrupt: " + filepath.Join(dir, table.WDLFile) + ": block", func(b []byte) {
			for i := 128; i < len(b)/2; i++ { // the blocks, not the header nor the index
				b[i] ^= 0x5a
			}
		}},
		{"damaged header", "table: corrupt: " + filepath.Join(dir, table.WDLFile) + ": header", func(b []byte) { b[20] ^= 1 }},
		{"stale", "table: stale: " + filepath.Join(dir, table.WDLFile), stale},
	} {
		t.Run(tt.name, func(t *testing.T) {
			name := filepath.Join(dir, table.WDLFile)
			good, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			defer os.WriteFile(name, good, 0o666)
			bad := append([]byte(nil), good...)
			tt.spoil(bad)
			if err := os.WriteFile(name, bad, 0o666); err != nil {
				t.Fatal(err)
			}
			for _, fen := range fens[:2] {
				got, errOut := solveWith(t, fen)
				want, _ := solveWith(t, "--no-table", fen)
				if got.Source == "table" || !strings.Contains(errOut, tt.want) || !strings.Contains(errOut, "rebuild it with: nostromo-lessons tables build") {
					t.Errorf("solve %q with a %s table: source %q, stderr %q; want another source and a warning naming %q and the rebuild command", fen, tt.name, got.Source, errOut, tt.want)
				}
				if strings.Count(errOut, "warning") != 1 {
					t.Errorf("solve %q with a %s table warned %d times, want once:\n%s", fen, tt.name, strings.Count(errOut, "warning"), errOut)
				}
				got.Source, want.Source = "", ""
				if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
					t.Errorf("solve %q with a %s table = %s, the solver says %s", fen, tt.name, g, w)
				}
			}
		})
	}
}

// TestTableRebuild checks that tables build rebuilds a stale table, which
// then answers again.
func TestTableRebuild(t *testing.T) {
	dir := buildTestTable(t)
	name := filepath.Join(dir, table.WDLFile)
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	stale(b)
	if err := os.WriteFile(name, b, 0o666); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCLI(t, "tables", "status"); code != exitOK || !strings.Contains(out, "state:    not used: table: stale: "+name) || !strings.Contains(out, "rebuild:  nostromo-lessons tables build\n") {
		t.Errorf("tables status of a stale table = exit %d, %q", code, out)
	}
	if code, out, errOut := runCLI(t, "tables", "build", "--quiet"); code != exitOK || !strings.Contains(out, "Built the table") {
		t.Fatalf("tables build of a stale table = exit %d, %q, %q", code, out, errOut)
	}
	if got, errOut := solveWith(t, tablePositions(t, 1)[0]); got.Source != "table" || errOut != "" {
		t.Errorf("solve after the rebuild: source %q, stderr %q; want table and no warning", got.Source, errOut)
	}
}

// TestCheckFromTable checks that check answers from the table, says so
// in its summary line, and still finds a wrong answer.
func TestCheckFromTable(t *testing.T) {
	buildTestTable(t)
	dir := filepath.Join(t.TempDir(), "course")
	if code, _, errOut := runCLI(t, "new", dir); code != exitOK {
		t.Fatalf("new = exit %d, %s", code, errOut)
	}
	lesson := filepath.Join(dir, "lessons", "02-table.yaml")
	write := func(answer string) {
		t.Helper()
		src := `title: A race
level: 3
summary: Who wins the race?
intro: A race between $king and $knight.
exercises:
  - id: race-value
    kind: outcome
    position: 8/5n2/8/3P4/8/3P1K2/8/8 w 1 3
    answer: black
  - id: race-moves
    kind: moves-to-win
    position: 8/5n2/8/3P4/8/3P1K2/8/8 w 1 3
    side: black
    answer: ` + answer + "\n"
		if err := os.WriteFile(lesson, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("5")
	if code, out, errOut := runCLI(t, "check", dir); code != exitOK || !strings.Contains(out, "; 3 answers from the whole-game table)\n") {
		t.Errorf("check = exit %d, %q, %q; want ok and 3 answers from the table", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, "check", "--no-table", dir); code != exitOK || strings.Contains(out, "table") {
		t.Errorf("check --no-table = exit %d, %q, %q; want ok and no table", code, out, errOut)
	}
	write("6")
	if code, _, errOut := runCLI(t, "check", dir); code != exitFailed || !strings.Contains(errOut, `lessons/02-table.yaml:14:13: exercise "race-moves" (moves-to-win): answer 6, but Black needs 5 moves (1. Ke2 Ne5 2. d4 Nc4 3. Kd3 Nd6 4. ...)`) {
		t.Errorf("check of a wrong answer = exit %d, %q", code, errOut)
	}
}

// stale makes b, a table file, one built by another source: its hash
// changed, the header's checksum made again.
func stale(b []byte) {
	b[16] ^= 1
	dirAt := binary.LittleEndian.Uint64(b[56:])
	h := sha256.New()
	h.Write(b[:96])
	h.Write(b[dirAt:])
	copy(b[96:], h.Sum(nil))
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTablesStatusRemove checks tables status through a build stopped,
// resumed and complete, and that tables remove refuses a folder that is
// not a table's and removes one that is.
func TestTablesStatusRemove(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "table")
	t.Setenv("NOSTROMO_TABLE", dir)
	t.Setenv("NOSTROMO_TABLE_ROOT", tableRootFEN)
	status := func(want string) {
		t.Helper()
		code, out, errOut := runCLI(t, "tables", "status")
		if code != exitOK || !strings.Contains(out, "table:    "+dir+"\n") || !strings.Contains(out, want) {
			t.Errorf("tables status = exit %d, %q, %q; want %q", code, out, errOut, want)
		}
	}
	status("state:    not built (it takes about 15.7 GB of disk")
	status("build it: nostromo-lessons tables build\n")

	// Ctrl-C before the first configuration: the plan is kept.
	saved := interruptContext
	interruptContext = func() (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return ctx, cancel
	}
	code, _, errOut := runCLI(t, "tables", "build", "--quiet")
	interruptContext = saved
	if code != exitInterrupted || !strings.Contains(errOut, `tables build: stopped; what is built is kept: run "nostromo-lessons tables build" again to resume it`) {
		t.Errorf("tables build stopped = exit %d, %q; want %d and how to resume", code, errOut, exitInterrupted)
	}
	status("state:    incomplete: a build was stopped")
	status("resume:   nostromo-lessons tables build\n")
	if code, out, errOut := runCLI(t, "tables", "build", "--quiet"); code != exitOK || !strings.Contains(errOut, "Resuming the build stopped before.") || !strings.Contains(out, "5,753 configurations") {
		t.Errorf("tables build resumed = exit %d, %q, %q", code, out, errOut)
	}
	status("state:    complete, header and directory intact (each block is checked when read): 5,753 configurations, ")
	if code, out, _ := runCLI(t, "tables", "build"); code != exitOK || !strings.Contains(out, "is complete and intact: nothing to build") {
		t.Errorf("tables build of a complete table = exit %d, %q", code, out)
	}

	other := filepath.Join(t.TempDir(), "mine")
	os.MkdirAll(other, 0o777)
	os.WriteFile(filepath.Join(other, "notes.txt"), []byte("keep me"), 0o666)
	os.WriteFile(filepath.Join(other, table.WDLFile), []byte("keep me too"), 0o666)
	if code, _, errOut := runCLI(t, "tables", "remove", "--dir", other); code != exitBadInput || !strings.Contains(errOut, `holds "notes.txt", which is not a table's file: nothing removed`) {
		t.Errorf("tables remove of another folder = exit %d, %q", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(other, table.WDLFile)); err != nil {
		t.Errorf("tables remove of another folder removed a file: %v", err)
	}
	if code, out, errOut := runCLI(t, "tables", "remove"); code != exitOK || !strings.HasPrefix(out, "Removed the table in "+dir+" (2 files, ") {
		t.Errorf("tables remove = exit %d, %q, %q", code, out, errOut)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("after tables remove, %s: %v; want it gone", dir, err)
	}
	status("state:    not built")
	if code, out, _ := runCLI(t, "tables", "remove"); code != exitOK || out != "No table in "+dir+": nothing removed.\n" {
		t.Errorf("tables remove again = exit %d, %q", code, out)
	}
}

// TestTablesDisk checks that tables build refuses at once, with the
// figures, when the disk lacks the room: for the whole game, and for a
// small root.
func TestTablesDisk(t *testing.T) {
	saved := diskFree
	defer func() { diskFree = saved }()
	dir := filepath.Join(t.TempDir(), "table")
	t.Setenv("NOSTROMO_TABLE", dir)
	for _, tt := range []struct {
		name, root string
		free       int64
		want       string
	}{
		{"whole game", "", 5_000_000_000, "tables build: the table needs about 22.4 GB of disk (win/draw/loss about 1.8 GB, distances about 13.9 GB, the build's plan about 650.0 MB and its scratch file about 6.0 GB), but "},
		{"small root", tableRootFEN, 1000, "tables build: the table needs about 67.1 MB of disk"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("NOSTROMO_TABLE_ROOT", tt.root)
			diskFree = func(string) int64 { return tt.free }
			code, out, errOut := runCLI(t, "tables", "build")
			if code != exitBadInput || !strings.Contains(errOut, tt.want) || !strings.Contains(errOut, " has "+gb(tt.free)+" free; free some room or name another folder with --dir") || out != "" {
				t.Errorf("tables build on a full disk = exit %d, %q, %q; want %d and %q", code, out, errOut, exitBadInput, tt.want)
			}
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("tables build on a full disk made %s: %v", dir, err)
			}
		})
	}
}
