package main

import (
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
