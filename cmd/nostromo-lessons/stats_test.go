package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// statsFixture is the course whose figures package stats counts by hand;
// its golden files are the text and the JSON stats prints.
const statsFixture = "../../internal/stats/testdata/course"

func TestStats(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		golden string
	}{
		{"text", []string{"stats", statsFixture}, "course.txt"},
		{"json", []string{"stats", "--json", statsFixture}, "course.json"},
		{"json after the folder", []string{"stats", statsFixture, "--json"}, "course.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runCmd(t, tt.args...)
			if code != exitOK || stderr != "" {
				t.Fatalf("%v = exit %d, stderr %q", tt.args, code, stderr)
			}
			want, err := os.ReadFile(filepath.Join(statsFixture, "..", tt.golden))
			if err != nil {
				t.Fatal(err)
			}
			if stdout != string(want) {
				t.Errorf("%v printed\n%s\nwant\n%s", tt.args, stdout, want)
			}
		})
	}
}

func TestStatsSampleCourse(t *testing.T) {
	stdout, stderr, code := runCmd(t, "stats")
	if code != exitOK || stderr != "" || !strings.Contains(stdout, fmt.Sprintf(": %d lessons\n", sampleLessons(t))) {
		t.Fatalf("stats = exit %d, stderr %q, stdout\n%s", code, stderr, stdout)
	}
}

func TestStatsProblems(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "lessons"), 0o755); err != nil {
		t.Fatal(err)
	}
	lesson := "title: T\nlevel: 1\nsummary: S.\nintro: I.\nexercises:\n  - kind: count-moves\n    position: start\n    concept: Not Kebab\n    answer: 8\n"
	if err := os.WriteFile(filepath.Join(dir, "lessons", "01-t.yaml"), []byte(lesson), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"a course with a problem", []string{"stats", dir}, exitFailed, `lessons/01-t.yaml:8:14: exercise 1 (count-moves): concept "Not Kebab": want lower-case letters`},
		{"no such folder", []string{"stats", "no/such/folder"}, exitBadInput, `course "no/such/folder": no such file or directory`},
		{"two folders", []string{"stats", "a", "b"}, exitBadInput, "stats: got 2 arguments, want 0 to 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runCmd(t, tt.args...)
			if code != tt.code || stdout != "" || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("%v = exit %d, stdout %q, stderr %q; want exit %d and %q", tt.args, code, stdout, stderr, tt.code, tt.stderr)
			}
		})
	}
}

// TestJSONAlways checks that check --json and stats --json print JSON on
// standard output whatever happens: stats' problems as {"problems": [...]}
// (a link to a file outside the course among them), and a course that
// cannot be read at all as {"error": ..., "status": 2}.
func TestJSONAlways(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "lessons"), 0o755); err != nil {
		t.Fatal(err)
	}
	lesson := "title: T\nlevel: 1\nsummary: S.\nintro: I.\nexercises:\n  - kind: count-moves\n    position: start\n    answer: 8\n"
	if err := os.WriteFile(filepath.Join(dir, "lessons", "01-t.yaml"), []byte(lesson), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "lessons", "02-s.yaml")); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "lessons", "01-t.yaml")
	tests := []struct {
		args []string
		code int
		want string // in the JSON: a problem's file, or the error
	}{
		{[]string{"stats", "--json", dir}, exitFailed, "lessons/02-s.yaml"},
		{[]string{"stats", "--json", "/no/such/folder"}, exitBadInput, `course "/no/such/folder": no such file or directory`},
		{[]string{"check", "--json", "/no/such/folder"}, exitBadInput, `course "/no/such/folder": no such file or directory`},
		{[]string{"check", "--json", file}, exitBadInput, "not a folder"},
		{[]string{"stats", "--json", "a", "b"}, exitBadInput, "stats: got 2 arguments, want 0 to 1"},
		{[]string{"check", "--json", "--no-such-flag"}, exitBadInput, "check: the command line could not be used"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			stdout, _, code := runCmd(t, tt.args...)
			var got struct {
				Problems []problemJSON `json:"problems"`
				Error    string        `json:"error"`
				Status   int           `json:"status"`
			}
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("%v: exit %d, standard output is not a JSON object (%v): %q", tt.args, code, err, stdout)
			}
			found := strings.Contains(got.Error, tt.want)
			for _, p := range got.Problems {
				found = found || p.File == tt.want
			}
			if code != tt.code || !found || (got.Error != "" && got.Status != tt.code) {
				t.Errorf("%v = exit %d, %+v; want exit %d and %q", tt.args, code, got, tt.code, tt.want)
			}
		})
	}
}
