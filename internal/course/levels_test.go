package course

import (
	"nostromo-lessons/internal/course/yamlpos"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// levelsCourse is a course of three lessons on levels 1, 1 and 2, with the
// course.yaml given.
func levelsCourse(courseYAML string) fstest.MapFS {
	lesson := func(level, goals string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("title: L\nlevel: " + level + "\nsummary: S.\ngoals: " + goals +
			"\nintro: Hello.\nexercises:\n  - kind: count-moves\n    position: start\n    answer: 8\n")}
	}
	return fstest.MapFS{
		"course.yaml":      &fstest.MapFile{Data: []byte(courseYAML)},
		"lessons/01.yaml":  lesson("1", "[move the king, count moves]"),
		"lessons/02.yaml":  lesson("1", "[count moves, jump]"),
		"lessons/03a.yaml": lesson("2", "[win a race]"),
	}
}

// TestLevels checks course.yaml's levels: names and goals as given, the
// union of the lessons' goals where a level gives none, and a warning for
// a level no lesson has.
func TestLevels(t *testing.T) {
	c, err := Load(levelsCourse("title: T\nlevels:\n  2: {name: Navigator}\n  1:\n    name: Shuttle pilot\n    goals: [fly]\n  5: {name: Admiral}\n"))
	if err != nil {
		t.Fatalf("Load = %v", err)
	}
	tests := []struct {
		level int
		name  string
		goals []string
	}{
		{1, "Shuttle pilot", []string{"fly"}},
		{2, "Navigator", []string{"win a race"}},
		{3, "", nil},
	}
	for _, tt := range tests {
		if got := c.LevelName(tt.level); got != tt.name {
			t.Errorf("LevelName(%d) = %q, want %q", tt.level, got, tt.name)
		}
		if diff := cmp.Diff(tt.goals, c.LevelGoals(tt.level)); diff != "" {
			t.Errorf("LevelGoals(%d) (-want +got):\n%s", tt.level, diff)
		}
	}
	if len(c.Levels) != 3 || c.Levels[0].Number != 1 || c.Levels[2].Number != 5 {
		t.Errorf("Levels = %+v, want 1, 2 and 5 in order", c.Levels)
	}
	var warnings strings.Builder
	yamlpos.PrintError(&warnings, c.Warnings)
	if want := "course.yaml:7:3: warning: levels: level 5: no lesson has level 5, so it gets no certificate\n"; warnings.String() != want {
		t.Errorf("warnings:\n%s\nwant:\n%s", warnings.String(), want)
	}

	c, err = Load(levelsCourse("title: T\n"))
	if err != nil {
		t.Fatalf("Load = %v", err)
	}
	if diff := cmp.Diff([]string{"move the king", "count moves", "jump"}, c.LevelGoals(1)); diff != "" {
		t.Errorf("LevelGoals(1) without levels: (-want +got):\n%s", diff)
	}
}
