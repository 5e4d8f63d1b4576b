package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestSolve(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string // a part of stderr
	}{
		{
			name: "white_wins_by_capture_on_rank_8",
			args: []string{"solve", "6Kn/6P1/8/8/8/8/8/8 w 2 3"},
			stdout: "White wins: the third pawn is saved on White's 1st move.\n" +
				"Best: gxh8.\n" +
				"Line: 1. gxh8\n",
		},
		{
			name: "black_wins_by_mate",
			args: []string{"solve", "4n3/8/6PP/6PK/7P/8/8/8 b 2 0"},
			stdout: "Black wins: the king is checkmated on Black's 1st move.\n" +
				"Best: Nf6#.\n" +
				"Line: 1... Nf6#\n",
		},
		{
			name: "black_wins_by_the_fourth_take",
			args: []string{"solve", "8/8/8/8/2P1P3/3n3P/8/7K b 0 3"},
			stdout: "Black wins: the fourth pawn is caught on Black's 2nd move.\n" +
				"Best: Nf2+.\n" +
				"Line: 1... Nf2+ 2. Kg2 Nxe4\n",
		},
		{
			name: "white_wins_black_to_move",
			args: []string{"solve", "8/8/8/P7/8/5P2/n3K3/8 b 2 2"},
			stdout: "White wins: the third pawn is saved on White's 9th move.\n" +
				"Best: Nb4.\n" +
				"Line: 1... Nb4 2. f4 Nd5 3. f5 Nf4+ 4. Kf3 Nd3 5. a6 Ne5+ 6. Ke4 Nc4 7. a7 Nb6 8. f6 Na8 9. f7 Nb6 10. f8\n",
		},
		{
			name: "draw_by_stalemate_ahead",
			args: []string{"solve", "7K/6PP/8/3n4/8/8/8/8 b 2 2"},
			stdout: "Draw: neither side can force a win.\n" +
				"Best: Ne7, Nf6.\n" +
				"Line: 1... Nf6\n",
		},
		{
			name:   "finished_game",
			args:   []string{"solve", "7K/6PP/5n2/8/8/8/8/8 w 2 2"},
			stdout: "The game is over: stalemate, a draw.\n",
		},
		{
			name: "save_goal",
			args: []string{"solve", "--goal", "save:1", "8/8/1n3P2/8/8/6P1/2K5/8 w 2 2"},
			stdout: "White can save 1 more pawn in 9 moves.\n" +
				"Best: f7, g4.\n" +
				"Line: 1. f7 Nd7 2. g4 Nf8 3. Kd3 Ne6 4. g5 Nf4+ 5. Ke4 Ne6 6. g6 Ng5+ 7. Kf5 Ne6 8. Kxe6 N@f6 9. f8\n",
		},
		{
			name: "catch_goal_fails",
			args: []string{"solve", "--goal=catch:1", "8/8/1n3P2/8/8/6P1/2K5/8 w 2 2"},
			stdout: "Black cannot force catching 1 more pawn.\n" +
				"Best: Kb1, Kb2, Kb3, Kc1, Kd1, Kd2, f7.\n" +
				"Line: 1. f7 Nd5 2. f8\n",
		},
		{
			name: "take_goal_the_earlier_spelling",
			args: []string{"solve", "--goal=take:1", "8/8/1n3P2/8/8/6P1/2K5/8 w 2 2"},
			stdout: "Black cannot force catching 1 more pawn.\n" +
				"Best: Kb1, Kb2, Kb3, Kc1, Kd1, Kd2, f7.\n" +
				"Line: 1. f7 Nd5 2. f8\n",
		},
		{
			name:   "json",
			args:   []string{"solve", "--json", "--no-cache", "8/8/8/8/2P1P3/3n3P/8/7K b 0 3"},
			stdout: "{\n  \"result\": \"black\",\n  \"moves\": 2,\n  \"best\": [\n    \"Nf2+\"\n  ],\n  \"line\": [\n    \"Nf2+\",\n    \"Kg2\",\n    \"Nxe4\"\n  ],\n  \"source\": \"solver\"\n}\n",
		},
		{
			name:   "json_draw",
			args:   []string{"solve", "--json", "--no-cache", "7K/6PP/5n2/8/8/8/8/8 w 2 2"},
			stdout: "{\n  \"result\": \"draw\",\n  \"moves\": null,\n  \"best\": [],\n  \"line\": [],\n  \"source\": \"solver\"\n}\n",
		},
		{
			name:   "json_save_goal",
			args:   []string{"solve", "--json", "--no-cache", "--goal", "save:1", "6Kn/6P1/8/8/8/8/8/8 w 2 3"},
			stdout: "{\n  \"result\": \"white\",\n  \"moves\": 1,\n  \"best\": [\n    \"gxh8\"\n  ],\n  \"line\": [\n    \"gxh8\"\n  ],\n  \"source\": \"solver\"\n}\n",
		},
		{name: "over_budget", args: []string{"solve", "--budget", "2MB", "6n1/2P5/1P1K4/8/5P2/8/7P/8 b 1 1"}, code: exitOverLimit, stderr: "too big to prove within the budget of 2MB: it needs 2."},
		{name: "over_budget_not_counted", args: []string{"solve", "--budget", "1MB", "8/8/5n2/2P5/1P1P4/8/5PP1/4K3 w 0 1"}, code: exitOverLimit,
			stderr: "has more pawn configurations than solve can count within the budget of 1MB: more than 1,920 (at most 517,518"},
		{name: "over_budget_advises_the_table", args: []string{"solve", "--budget", "1MB", "8/8/1n6/8/5P2/1PPPP1P1/8/5K2 w 0 0"}, code: exitOverLimit,
			stderr: "further up; a position of a game from the start is answered in milliseconds from the whole-game table: build it once with nostromo-lessons tables build (about 30 minutes on 2 free cores, 22.4 GB of disk, about 4 GB of memory)\n"},
		{name: "over_budget_no_table", args: []string{"solve", "--no-table", "--budget", "1MB", "8/8/1n6/8/5P2/1PPPP1P1/8/5K2 w 0 0"}, code: exitOverLimit,
			stderr: "or choose a position with fewer pawns or pawns further up\n"},
		// The estimate comes before the solver starts, in microseconds:
		// --max-time stops a proof whose estimate is longer (issue 30 item 5).
		{name: "over_max_time", args: []string{"solve", "--no-table", "--max-time", "2s", "8/8/8/8/2PP4/1Pn5/4P1P1/4K3 b 0 1"}, code: exitOverLimit,
			stderr: "solve: estimate: at most 872,028 configurations: about "},
		{name: "over_max_time_advises_the_table", args: []string{"solve", "--max-time", "1s", "8/8/1n6/8/5P2/1PPPP1P1/8/5K2 w 0 0"}, code: exitOverLimit,
			stderr: "answered in milliseconds from the whole-game table: build it once with nostromo-lessons tables build"},
		{name: "bad_max_time", args: []string{"solve", "--max-time", "soon", "start"}, code: exitBadInput, stderr: "--max-time"},
		{name: "bad_fen", args: []string{"solve", "8/8/8 w"}, code: exitBadInput, stderr: "position"},
		{name: "bad_goal", args: []string{"solve", "--goal", "save:0", "start"}, code: exitBadInput, stderr: "goal \"save:0\""},
		{name: "bad_goal_kind", args: []string{"solve", "--goal", "keep:1", "start"}, code: exitBadInput, stderr: "goal \"keep:1\""},
		{name: "goal_beyond_the_win", args: []string{"solve", "--goal", "save:2", "8/8/1n3P2/8/8/6P1/2K5/8 w 2 2"}, code: exitBadInput, stderr: "ask for at most save:1"},
		{name: "goal_beyond_the_pawns", args: []string{"solve", "--goal", "take:3", "8/8/1n3P2/8/8/6P1/2K5/8 w 2 2"}, code: exitBadInput, stderr: "ask for at most catch:2"},
		{name: "bad_budget", args: []string{"solve", "--budget", "lots", "start"}, code: exitBadInput, stderr: "--budget: size \"lots\""},
		{name: "no_position", args: []string{"solve"}, code: exitBadInput, stderr: "solve: missing FEN, a Nostromo FEN"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := exitCode(run(tt.args, &stdout, &stderr), &stderr)
			if code != tt.code {
				t.Errorf("run(%q) exit status %d, want %d (stderr %q)", tt.args, code, tt.code, stderr.String())
			}
			if got := stdout.String(); got != tt.stdout {
				t.Errorf("run(%q) stdout:\n%s\nwant:\n%s", tt.args, got, tt.stdout)
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("run(%q) stderr %q, want it to contain %q", tt.args, stderr.String(), tt.stderr)
			}
			// An error is one line, after the estimate of a long proof.
			errText := regexp.MustCompile(`(?m)^nostromo-lessons: solve: estimate: .*\n`).ReplaceAllString(stderr.String(), "")
			if tt.code != 0 && strings.Count(strings.TrimSpace(errText), "\n") > 0 && tt.name != "no_position" {
				t.Errorf("run(%q) stderr %q, want one line", tt.args, stderr.String())
			}
		})
	}
}

// TestSolveStart checks that solve answers the start from the opening
// book: a draw, held by exactly b3, c3, d3, f3 and g3, with no line.
func TestSolveStart(t *testing.T) {
	code, stdout, stderr := runCLI(t, "solve", "--json", "--no-cache", "start")
	var got struct {
		Result string   `json:"result"`
		Best   []string `json:"best"`
		Line   []string `json:"line"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil || code != exitOK {
		t.Fatalf("solve --json start: exit %d, %v\n%s%s", code, err, stdout, stderr)
	}
	if got.Result != "draw" || strings.Join(got.Best, " ") != "b3 c3 d3 f3 g3" || got.Line == nil || len(got.Line) != 0 {
		t.Errorf("solve --json start = %+v, want a draw, best b3 c3 d3 f3 g3, line []", got)
	}
}

// TestCheckTooBig checks that a position over the budget is refused at
// once with a positioned error that says how big it is, the budget it
// needs (allowed, or over this computer's memory: the machine decides
// which) and what else to do.
func TestCheckTooBig(t *testing.T) {
	dir := t.TempDir()
	lesson := "title: Big\nlevel: 5\nsummary: Six pawns.\nintro: |\n  Six pawns.\nexercises:\n  - kind: outcome\n    position: 8/8/5n2/8/8/1PP1P3/3P1PP1/4K3 w 0 0\n    answer: draw\n"
	if err := os.MkdirAll(filepath.Join(dir, "lessons"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "lessons", "01-big.yaml"), []byte(lesson), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "check", "--no-cache", dir)
	for _, want := range []string{"lessons/01-big.yaml:8:15:", "too big to prove within the budget of 4GB", "pawn configurations", " --budget 61GB", "choose a position with fewer pawns"} {
		if code != exitFailed || !strings.Contains(stderr, want) {
			t.Errorf("check of a six-pawn position: exit %d, stderr %q; want %d and %q", code, stderr, exitFailed, want)
		}
	}
}
