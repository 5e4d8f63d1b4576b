package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plantedGame is a game of analysis' testdata with planted mistakes and
// slips, and what analyze --json must mark.
const plantedGame = "../../internal/analysis/testdata/planted/win-thrown.game"

func TestAnalyzeJSON(t *testing.T) {
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	stdout, stderr, code := runCmd(t, "analyze", "--json", "--quiet", plantedGame)
	if code != exitOK {
		t.Fatalf("analyze --json = exit %d, stderr %q", code, stderr)
	}
	var out struct {
		Start string
		Moves []struct {
			Number, Side, SAN, Class string
			Before, After            *struct {
				Result string
				Moves  *int
			}
			Best []string
		}
		Mistakes, Slips, Unjudged int
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("analyze --json printed %q: %v", stdout, err)
	}
	want, err := os.ReadFile(strings.TrimSuffix(plantedGame, ".game") + ".want")
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for _, m := range out.Moves {
		if m.Before == nil || m.After == nil {
			t.Errorf("%s %s: values %v, %v, want both proven", m.Number, m.SAN, m.Before, m.After)
		}
		if m.Class != "kept" {
			got.WriteString(m.Number + " " + m.SAN + " " + m.Class + "\n")
		}
	}
	if got.String() != string(want) {
		t.Errorf("analyze --json marked\n%s\nwant\n%s", got.String(), want)
	}
	if out.Mistakes != 2 || out.Slips != 3 || out.Unjudged != 0 || len(out.Moves) != 14 {
		t.Errorf("analyze --json: %d moves, %d mistakes, %d slips, %d unjudged; want 14, 2, 3, 0", len(out.Moves), out.Mistakes, out.Slips, out.Unjudged)
	}
}

func TestAnalyzeText(t *testing.T) {
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	stdout, stderr, code := runCmd(t, "analyze", "--quiet", plantedGame)
	if code != exitOK {
		t.Fatalf("analyze = exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"From 8/8/5n2/8/8/8/1P1P1P2/4K3 w 2 1, White to move: White wins in 17.\n",
		"3.     Kc1    White wins in 17   -> draw\n       mistake: Kc1 throws the win away: a draw now; best Ke2 (White wins in 17)\n",
		"slip: Kd1 wins 8 moves slower (in 18, not 10); best fxe4 (White wins in 10)\n",
		"2 mistakes, 3 slips.\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("analyze printed\n%s\nwant it to hold %q", stdout, want)
		}
	}
}

// TestAnalyzeStdin: a game given as "-", or not at all, is read from
// standard input, and its errors name it.
func TestAnalyzeStdin(t *testing.T) {
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	defer func(r io.Reader) { gameInput = r }(gameInput)
	text, err := os.ReadFile(plantedGame)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-"}, {}} {
		gameInput = bytes.NewReader(text)
		stdout, stderr, code := runCmd(t, append([]string{"analyze", "--quiet"}, args...)...)
		if code != exitOK || !strings.Contains(stdout, "2 mistakes, 3 slips.\n") {
			t.Errorf("analyze %v < %s = exit %d, stdout %q, stderr %q", args, plantedGame, code, stdout, stderr)
		}
	}
	gameInput = strings.NewReader("1. e3 Nd5 2. Kd2")
	_, stderr, code := runCmd(t, "analyze")
	if want := `standard input:1:14: move 2. "Kd2": not legal here`; code != exitBadInput || !strings.Contains(stderr, want) {
		t.Errorf("analyze < bad game = exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
}

func TestAnalyzeBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.game")
	if err := os.WriteFile(bad, []byte("1. e3 Nd5\n2. Kf3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.game")
	if err := os.WriteFile(empty, []byte("{nothing yet}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"illegal move", []string{bad}, bad + `:2:4: move 2. "Kf3": not legal here (legal: Kd1, Ke2, Kf1, b3, c3, d3, e4, f3, g3)`},
		{"no such file", []string{filepath.Join(dir, "none.game")}, "analyze: " + filepath.Join(dir, "none.game")},
		{"no moves", []string{empty}, "analyze: " + empty + ": the game has no moves"},
		{"two games", []string{bad, bad}, "analyze: got 2 arguments, want 0 to 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := runCmd(t, append([]string{"analyze"}, tt.args...)...)
			if code != exitBadInput || !strings.Contains(stderr, tt.want) {
				t.Errorf("analyze %v = exit %d, stderr %q; want exit 2 and %q", tt.args, code, stderr, tt.want)
			}
		})
	}
}

// TestAnalyzeOverBudget: a game from the start whose positions past the
// opening book are over a tiny budget is judged where the book answers,
// and analyze names the moves it could not judge, with exit status 3.
func TestAnalyzeOverBudget(t *testing.T) {
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	game := filepath.Join(t.TempDir(), "start.game")
	if err := os.WriteFile(game, []byte("1. e3 Nd5 2. Ke2 Nb4 3. c3 Nd5 4. b3 Nb4 5. d3 Nd5 6. g3 Nb4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runCmd(t, "analyze", "--quiet", "--no-cache", "--budget", "1MB", game)
	if code != exitOverLimit {
		t.Fatalf("analyze --budget 1MB = exit %d, stdout %q, stderr %q; want 3", code, stdout, stderr)
	}
	t.Logf("%s%s", stdout, stderr)
	if !strings.Contains(stdout, "1.     e3     White wins in") && !strings.Contains(stdout, "1.     e3     draw") {
		t.Errorf("analyze did not judge 1. e3 from the book:\n%s", stdout)
	}
	if !strings.Contains(stdout, "not judged (a position over the budget): ") || !strings.Contains(stdout, "6. g3") {
		t.Errorf("analyze did not name the moves it could not judge:\n%s", stdout)
	}
	if !strings.Contains(stderr, "not judged: a position was over the budget") {
		t.Errorf("analyze stderr %q, want the reason of exit status 3", stderr)
	}
}

// TestAnalyzeExercisesCheck: the bank analyze --exercises writes from a
// game's mistakes, included in a starter course's lesson (in English and
// in German, with a bank in its language), passes check.
func TestAnalyzeExercisesCheck(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) { testAnalyzeExercises(t, lang) })
	}
}

func testAnalyzeExercises(t *testing.T, lang string) {
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	dir := filepath.Join(t.TempDir(), "course")
	if _, stderr, code := runCmd(t, "new", "--language", lang, dir); code != exitOK {
		t.Fatalf("new = exit %d, stderr %q", code, stderr)
	}
	bank := filepath.Join(dir, "exercises", "from-game.yaml")
	_, stderr, code := runCmd(t, "analyze", "--quiet", "--language", lang, "--exercises", bank, plantedGame)
	if code != exitOK || !strings.Contains(stderr, "wrote 2 exercises to ") {
		t.Fatalf("analyze --exercises = exit %d, stderr %q", code, stderr)
	}
	text, err := os.ReadFile(bank)
	if err != nil {
		t.Fatal(err)
	}
	title := map[string]string{"en": "title: Find the best move\n", "de": "language: de\n"}[lang]
	for _, want := range []string{"#   1. f3 Ne4 2. Kd1", "kind: best-move", "accept: winning", "answer: [Na4, Nd3+]", title} {
		if !strings.Contains(string(text), want) {
			t.Errorf("bank\n%s\nwant it to hold %q", text, want)
		}
	}
	lessons, err := filepath.Glob(filepath.Join(dir, "lessons", "*.yaml"))
	if err != nil || len(lessons) == 0 {
		t.Fatalf("no lesson in the new course: %v", err)
	}
	lesson := lessons[0]
	src, err := os.ReadFile(lesson)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "\ninclude:\n") {
		t.Fatalf("%s has no include list to add the bank to", lesson)
	}
	src = []byte(strings.Replace(string(src), "\ninclude:\n", "\ninclude:\n  - file: exercises/from-game.yaml\n", 1))
	if err := os.WriteFile(lesson, src, 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runCmd(t, "check", dir)
	if code != exitOK {
		t.Fatalf("check with the bank = exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestAnalyzeForgetting: a game whose positions are over a 16MB budget
// when every table is kept is not judged, and with --forgetting (solve's
// fallback) it is, with its planted slips marked.
func TestAnalyzeForgetting(t *testing.T) {
	if testing.Short() {
		t.Skip("forgetting solves of a 3-pawn game take several seconds")
	}
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	game := "../../internal/analysis/testdata/planted/alien-wins.game"
	stdout, stderr, code := runCmd(t, "analyze", "--quiet", "--no-cache", "--budget", "16MB", game)
	if code != exitOverLimit || !strings.Contains(stdout, "not judged") {
		t.Fatalf("analyze --budget 16MB = exit %d, stdout %q, stderr %q; want 3 and moves not judged", code, stdout, stderr)
	}
	stdout, stderr, code = runCmd(t, "analyze", "--quiet", "--no-cache", "--budget", "16MB", "--forgetting", game)
	if code != exitOK {
		t.Fatalf("analyze --forgetting = exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, want := range []string{"slip: Nh7 wins 3 moves slower", "slip: Kf2 loses 3 moves sooner", "0 mistakes, 2 slips.\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("analyze --forgetting printed\n%s\nwant it to hold %q", stdout, want)
		}
	}
}
