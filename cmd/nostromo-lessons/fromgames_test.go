package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// levelLine is the comment above a generated exercise: its level.
var levelLine = regexp.MustCompile(`(?m)^  # level (\d), measure`)

// TestGenerateFromGamesRefused: --from-games without a table, or with
// --no-table, a kind the table does not answer or a level below 4 is bad
// input, and without a table the message names the command that builds
// it.
func TestGenerateFromGamesRefused(t *testing.T) {
	none := filepath.Join(t.TempDir(), "none")
	t.Setenv("NOSTROMO_TABLE", none)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no table", []string{"outcome"}, "generate: --from-games needs the whole-game table, and " + none + " holds none that can be used: build it with: nostromo-lessons tables build"},
		{"no-table", []string{"outcome", "--no-table"}, "--from-games proves its answers from the whole-game table: leave out --no-table"},
		{"kind", []string{"moves-to-goal"}, "--from-games is for outcome, moves-to-win and best-move only, not moves-to-goal"},
		{"drill", []string{"knight-moves"}, "--from-games is for outcome, moves-to-win and best-move only, not knight-moves"},
		{"level", []string{"best-move", "--level", "3"}, "--from-games --level 3: positions from games are of level 4 or 5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"generate", "--from-games"}, tt.args...)
			stdout, stderr, code := runArgs(args...)
			if code != exitBadInput || !strings.Contains(stderr, tt.want) || stdout != "" {
				t.Errorf("run(%q) = status %d, stderr %q, stdout %q; want status %d and %q", args, code, stderr, stdout, exitBadInput, tt.want)
			}
		})
	}
}

// TestGenerateFromGames draws banks from random games played from the
// root of a small table built in the test: every exercise of level 4 or
// 5, with the root's pawns or one fewer, its answer (from the table)
// accepted by the solver alone; the same arguments, those written in the
// bank among them, make the same bytes, another seed other positions.
func TestGenerateFromGames(t *testing.T) {
	buildTestTable(t)
	root, err := rules.ParseFEN(tableRootFEN)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		kind  string
		count int
		level string
	}{
		{"outcome", 6, ""},
		{"moves-to-win", 6, "4"},
		{"best-move", 2, "5"},
	} {
		t.Run(tt.kind, func(t *testing.T) {
			argsOf := func(seed string) []string {
				args := []string{"generate", tt.kind, "--from-games", "--count", strconv.Itoa(tt.count), "--seed", seed}
				if tt.level != "" {
					args = append(args, "--level", tt.level)
				}
				return args
			}
			args := argsOf("5")
			out, stderr, code := runArgs(args...)
			if code != exitOK {
				t.Fatalf("run(%q) = status %d, %s", args, code, stderr)
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "bank.yaml"), []byte(out), 0o666); err != nil {
				t.Fatal(err)
			}
			b, err := course.LoadBank(os.DirFS(dir), "bank.yaml")
			if err != nil {
				t.Fatalf("LoadBank: %v", err)
			}
			if len(b.Exercises) != tt.count || !strings.Contains(b.Title, ", from games") || !strings.Contains(out, "proven from the whole-game\n# table") {
				t.Fatalf("bank %q: %d exercises; want %d, the title and the note of a bank from games", b.Title, len(b.Exercises), tt.count)
			}
			levels := levelLine.FindAllStringSubmatch(out, -1)
			if len(levels) != tt.count {
				t.Fatalf("%d level comments, want %d", len(levels), tt.count)
			}
			plain := solver.New(solver.Options{})
			for i, e := range b.Exercises {
				if l := levels[i][1]; l != "4" && l != "5" || tt.level != "" && l != tt.level {
					t.Errorf("exercise %s: level %s, want 4 or 5 (%q asked)", e.ID, l, tt.level)
				}
				if n := e.Position.Pawns.Count(); n != root.Pawns.Count() && n != root.Pawns.Count()-1 {
					t.Errorf("exercise %s: %d pawns, want %d or %d", e.ID, n, root.Pawns.Count(), root.Pawns.Count()-1)
				}
				if !strings.HasPrefix(e.ID, tt.kind+"-games-s5") || e.Explain == "" {
					t.Errorf("exercise %s: explain %q; want a -games id and an explanation", e.ID, e.Explain)
				}
				if _, probs := e.Question.Check(plain); len(probs) > 0 {
					t.Errorf("exercise %s (%s): the solver alone finds %v", e.ID, e.Position, probs)
				}
			}
			again, _, code := runArgs(append([]string{"generate"}, b.Generated.Args...)...)
			if code != exitOK || again != out {
				t.Errorf("generate %s does not make the same bank again (status %d)", strings.Join(b.Generated.Args, " "), code)
			}
			args = argsOf("6")
			other, _, code := runArgs(args...)
			if code != exitOK || other == out {
				t.Errorf("run(%q) = status %d, the same bank as seed 5; want other positions", args, code)
			}
		})
	}
}
