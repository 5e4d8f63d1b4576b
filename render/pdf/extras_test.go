package pdf

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

// TestCertificates checks a page per level the lessons use, with the
// level's name and goals from Course.Levels, or else its lessons' goals.
func TestCertificates(t *testing.T) {
	tests := []struct {
		name    string
		levels  []render.Level
		lessons int // how many of the sample course's lessons; -1: all
		pages   int
		want    []string
		notWant []string
	}{
		{"named", []render.Level{{Number: 1, Name: "Cadet", Goals: []string{"fly the shuttle"}}, {Number: 4, Name: "Captain"}}, -1, 2,
			[]string{english(certificateTitle), "Level 1 · Cadet", "Fly the shuttle", "Level 2", "This certificate is given to", "Signed", "Lessons: First steps · Run home"},
			[]string{"Captain", "Name the pieces"}},
		{"lessons' goals", nil, -1, 2, []string{"Level 1", "Name the pieces", "See which squares the knight attacks", "Level 2"}, nil},
		{"no lessons", nil, 0, 1, []string{english(certificateTitle)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := sampleCourse(style.Alien)
			c.Levels = tt.levels
			if tt.lessons >= 0 {
				c.Lessons = c.Lessons[:tt.lessons]
			}
			var buf bytes.Buffer
			if err := Certificates(&buf, c, render.Options{}); err != nil {
				t.Fatal(err)
			}
			if got := pageCount(buf.Bytes()); got != tt.pages {
				t.Errorf("certificates have %d pages, want %d", got, tt.pages)
			}
			text := "\n" + pdfText(t, buf.Bytes())
			if got := strings.Count(text, "\n"+english(certificateTitle)+"\n"); got != tt.pages {
				t.Errorf("%q heads %d pages, want %d", english(certificateTitle), got, tt.pages)
			}
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("certificates do not show %q; they show:\n%s", w, text)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(text, w) {
					t.Errorf("certificates show %q; they show:\n%s", w, text)
				}
			}
		})
	}
}

// TestCertificateGoalSizes checks that every certificate of a course sets
// its goals in one type size, on A4 and Letter, however many goals a level
// has: the sample course's level 5 listed its 13 goals in smaller type
// than the other levels.
func TestCertificateGoalSizes(t *testing.T) {
	long := []string{
		"walk the king safely to a square next to the pawns", "find a fork, a jump that attacks two pawns at once",
		"count the jumps the knight needs to reach a fork", "find a check that also attacks a pawn",
		"step a pawn onto a square another pawn guards", "use the colours of the squares to count the knight's jumps",
		"decide who wins a race with two or three pawns", "count the moves to bring a pawn to safety, checks and waiting moves included",
		"catch the knight on the top row, so the pawn is saved and the knight flies to f6", "see when the knight guards the door square, and run with another pawn",
		"keep the king off squares where a check also hits a pawn", "know how a real game ends in a draw", "play a whole game from the start",
	}
	for _, paper := range []style.Paper{style.A4, style.Letter} {
		t.Run(paper.String(), func(t *testing.T) {
			c := sampleCourse(style.Classic)
			c.Paper = paper
			c.Levels = []render.Level{{Number: 1, Goals: []string{"name the pieces", "count the moves"}}, {Number: 2, Goals: long}}
			k, err := newAssets(c, render.Options{})
			if err != nil {
				t.Fatal(err)
			}
			s, err := newSheet(c, k, "certificates")
			if err != nil {
				t.Fatal(err)
			}
			var trace bytes.Buffer
			s.trace = &trace
			if err := s.certificatePages(courseLevels(c)); err != nil {
				t.Fatal(err)
			}
			if s.PageNo() != 2 {
				t.Errorf("%d pages, want 2", s.PageNo())
			}
			sizes := map[string]bool{}
			for _, line := range strings.Split(strings.TrimSpace(trace.String()), "\n") {
				_, size, _ := strings.Cut(line, " goals in ")
				size, _, _ = strings.Cut(size, " pt")
				sizes[size] = true
			}
			if len(sizes) != 1 || strings.Count(trace.String(), "\n") != 2 {
				t.Errorf("goals in more than one type size, or not one line a level:\n%s", trace.String())
			}
		})
	}
}

// TestChecklist checks the class checklist: a row per child over as many
// pages as the class needs, and a column per lesson over as many pages as
// the lessons need.
func TestChecklist(t *testing.T) {
	tests := []struct {
		children, lessons, pages int
	}{
		{0, 3, 1}, // the default class size
		{30, 3, 1},
		{45, 3, 2},
		{200, 3, 6},
		{30, 15, 1}, // the sample course's: all on one page, no page repeating the names for a few lessons
		{30, 25, 2}, // 13 and 12 lessons, not 16 and 9
		{30, 40, 3}, // 14, 14 and 12
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d children, %d lessons", tt.children, tt.lessons), func(t *testing.T) {
			c := sampleCourse(style.Farm)
			c.ClassSize = tt.children
			for i := len(c.Lessons); i < tt.lessons; i++ {
				c.Lessons = append(c.Lessons, render.Lesson{ID: fmt.Sprintf("l%d", i+1), Title: fmt.Sprintf("Lesson number %d", i+1), Level: 3})
			}
			if len(c.Lessons) > 2 { // a long title, written whole over its column
				c.Lessons[2].Title = "The board and the moves in writing"
			}
			var buf bytes.Buffer
			if err := Checklist(&buf, c, render.Options{}); err != nil {
				t.Fatal(err)
			}
			if got := pageCount(buf.Bytes()); got != tt.pages {
				t.Errorf("checklist has %d pages, want %d", got, tt.pages)
			}
			text := pdfText(t, buf.Bytes())
			children := cmpOr(tt.children, render.DefaultClassSize)
			for _, w := range []string{english(checklistTitle), "Name", "Class", "Teacher", "First steps", "/ 2", "Level 1",
				fmt.Sprintf("\n%d\n", children), fmt.Sprintf("\n%d\n", tt.lessons)} {
				if !strings.Contains(text, w) {
					t.Errorf("checklist does not show %q; it shows:\n%s", w, text)
				}
			}
			if strings.Contains(text, "…") {
				t.Errorf("checklist cuts a title; it shows:\n%s", text)
			}
			if strings.Contains(text, fmt.Sprintf("\n%d\n", max(children, tt.lessons)+1)) {
				t.Errorf("checklist shows row or lesson %d of %d children and %d lessons", max(children, tt.lessons)+1, children, tt.lessons)
			}
		})
	}
}

// cmpOr returns a, or b when a is 0.
func cmpOr(a, b int) int {
	if a == 0 {
		return b
	}
	return a
}

// TestPlayCard checks a lesson's play card: each position of its game
// questions once (per goal), where the pieces stand (one pawn in the
// singular), who starts, what counts as winning; and the start position
// for a lesson without game questions, whose card fits in half a page and
// so is set twice on its one page, to cut in two.
func TestPlayCard(t *testing.T) {
	const race, black = "8/8/4P3/8/8/1n6/8/4K3 w 2 3", "8/8/4P3/8/8/1n6/8/4K3 b 2 3"
	l := render.Lesson{ID: "races", Title: "Races", Level: 3, Exercises: []render.Exercise{
		{Number: 1, Kind: "moves-to-win", Board: render.Board{FEN: race}},
		{Number: 2, Kind: "outcome", Board: render.Board{FEN: race, Marks: []string{"e7"}}},
		{Number: 3, Kind: "moves-to-goal", Goal: "take:1", Board: render.Board{FEN: black}},
		{Number: 4, Kind: "knight-moves", Drill: true, Board: render.Board{FEN: black}},
	}}
	tests := []struct {
		name    string
		lesson  render.Lesson
		want    []string
		notWant []string
		copies  int
	}{
		{"games", l, []string{english(playTitle), "Position 1 (exercises 1, 2)", "Position 2 (exercise 3)", "Crew starts.", "Alien starts.",
			"Captain Ripley on e1; one crew member on e6; the alien on b3. So far 2 brought to safety, 3 caught.",
			"To win: Crew must still bring 1 crew member to safety; Alien must still catch 1 crew member.",
			"To win: Alien must still catch 1 crew member; Crew wins if the game ends first.", "Game 1:", "Game 2:"},
			[]string{"Position 3"}, 1},
		{"no games", render.Lesson{ID: "drill", Title: "Drill", Level: 1, Exercises: []render.Exercise{{Number: 1, Kind: "knight-moves", Drill: true, Board: render.Board{FEN: race}}}},
			[]string{"Position 1: a whole game from the start", "crew members on b2, c2, d2, e2, f2, g2", "bring 3 crew members to safety"}, []string{"So far", "saved"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := sampleCourse(style.Alien)
			var buf bytes.Buffer
			if err := PlayCard(&buf, c, tt.lesson, render.Options{}); err != nil {
				t.Fatal(err)
			}
			text := strings.ReplaceAll(pdfText(t, buf.Bytes()), "\n", " ")
			if n := strings.Count(text, english(playTitle)); n != tt.copies || strings.Contains(text, "Page 2") {
				t.Errorf("play card shows its title %d times, want %d on one page; it shows:\n%s", n, tt.copies, text)
			}
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("play card does not show %q; it shows:\n%s", w, text)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(text, w) {
					t.Errorf("play card shows %q", w)
				}
			}
		})
	}
}

// TestGuideContents checks the contents on the teacher's guide's first
// page (which was three quarters empty): the page on which each lesson's
// guide starts, the same in the layout that learns them and the one that
// writes them, for a course whose guides take more than a page each.
func TestGuideContents(t *testing.T) {
	c := sampleCourse(style.Alien)
	long := strings.Repeat("## A heading\n\nA paragraph of talk about the lesson, long enough to wrap over a line or two of the page.\n\n", 12)
	c.Lessons[0].Teacher += long
	c.Lessons[1].Teacher = "## Plan for 45 minutes\n\nRun home together.\n"
	k, err := newAssets(c, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dry, _ := newSheet(c, k, "guide")
	starts, err := dry.guide(nil)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := newSheet(c, k, "guide")
	got, err := s.guide(starts)
	if err != nil {
		t.Fatal(err)
	}
	if len(starts) != 2 || starts[0] != 2 || starts[1] <= 3 || !slices.Equal(starts, got) {
		t.Errorf("guides start on pages %v, then %v; want [2 N] with N > 3, the same twice", starts, got)
	}
	var buf bytes.Buffer
	if err := TeacherGuide(&buf, c, render.Options{}); err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, buf.Bytes())
	for _, w := range []string{english("book.contents") + "\n1. First steps\n2\n2. Run home, Łódź Straße Ёжик\n" + strconv.Itoa(starts[1]) + "\n"} {
		if !strings.Contains(text, w) {
			t.Errorf("the guide does not show %q; it shows:\n%s", w, text)
		}
	}
}
