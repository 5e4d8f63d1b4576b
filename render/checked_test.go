package render_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"

	"nostromo-lessons"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/render"
	"nostromo-lessons/rules"
	"nostromo-lessons/starter"
)

// This file is the differential test of board blocks: the blocks that the
// course loader checks (its Diagrams) must be exactly the blocks that the
// renderer draws (its boardNodes), and a text the loader accepts must not
// make the renderer fail.

// drawnBoard is a board as it is drawn, in a form both sides can be
// mapped to: squares and positions in their canonical spelling.
type drawnBoard struct {
	FEN     string // the position's canonical FEN; "" for loose pieces
	Pieces  map[string]string
	NoState bool // no side to move and no counters are drawn
	Caption string
	Marks   []string
	Arrows  []string
}

// checkedBoard maps a loader's Diagram.
func checkedBoard(d *course.Diagram) drawnBoard {
	b := drawnBoard{NoState: d.NoState, Caption: d.Caption}
	if d.Pieces == nil {
		b.FEN = d.Position.String()
	} else {
		b.Pieces = map[string]string{}
		for sq, pc := range d.Pieces {
			b.Pieces[sq.String()] = pc.String()
		}
	}
	for i, s := range d.Marks {
		b.Marks = append(b.Marks, s.String()+d.Kinds[i].Suffix())
	}
	for _, a := range d.Arrows {
		b.Arrows = append(b.Arrows, a.String())
	}
	return b
}

// renderedBoard maps a renderer's Board.
func renderedBoard(t *testing.T, rb render.Board) drawnBoard {
	t.Helper()
	square := func(s string) string {
		sq, err := rules.ParseSquare(s)
		if err != nil {
			t.Fatalf("the renderer drew a board with square %q: %v", s, err)
		}
		return sq.String()
	}
	// A board of loose pieces never shows the side to move and counters.
	b := drawnBoard{NoState: rb.NoState || rb.FEN == "", Caption: rb.Caption}
	if rb.FEN != "" {
		p, err := rules.ParseFEN(rb.FEN)
		if err != nil {
			t.Fatalf("the renderer drew a board with fen %q: %v", rb.FEN, err)
		}
		b.FEN = p.String()
	} else {
		b.Pieces = map[string]string{}
		for s, pc := range rb.Pieces {
			b.Pieces[square(s)] = pc
		}
	}
	for _, s := range rb.Marks {
		sq := strings.TrimRight(s, "x*") // a square to avoid (e4x), a goal (e4*)
		b.Marks = append(b.Marks, square(sq)+s[len(sq):])
	}
	for _, a := range rb.Arrows {
		b.Arrows = append(b.Arrows, square(a[0])+"-"+square(a[1]))
	}
	return b
}

// drawn returns the boards that the renderer's Markdown parser makes of
// md, in order, or the first error of a board it cannot draw.
func drawn(t *testing.T, md string) ([]drawnBoard, error) {
	boards, err := render.DrawnBoards(md)
	var out []drawnBoard
	for _, b := range boards {
		out = append(out, renderedBoard(t, b))
	}
	return out, err
}

// sameBoards checks that the renderer draws exactly diagrams, which the
// loader read from md.
func sameBoards(t *testing.T, what, md string, diagrams []*course.Diagram) {
	t.Helper()
	got, err := drawn(t, md)
	if err != nil {
		t.Errorf("%s: the loader accepts it, but the renderer fails: %v\n%s", what, err, md)
		return
	}
	var want []drawnBoard
	for _, d := range diagrams {
		want = append(want, checkedBoard(d))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s: checked boards (-) and drawn boards (+) differ:\n%s\n%s", what, diff, md)
	}
}

// sameCourse checks every Markdown text of a course that loads without
// problems.
func sameCourse(t *testing.T, fsys fs.FS) (blocks int) {
	t.Helper()
	c, err := course.Load(fsys)
	if err != nil {
		t.Fatalf("course.Load = %v", err)
	}
	exercises := func(where string, list []*course.Exercise) {
		for _, e := range list {
			sameBoards(t, fmt.Sprintf("%s: exercise %d: explain", where, e.Number), e.Explain, e.Diagrams)
			blocks += len(e.Diagrams)
		}
	}
	for _, l := range c.Lessons {
		sameBoards(t, l.File+": intro", l.Intro, l.Diagrams)
		blocks += len(l.Diagrams)
		exercises(l.File, l.Exercises)
	}
	for _, b := range c.Banks {
		exercises(b.File, b.Exercises)
	}
	return blocks
}

// sameText loads a lesson whose intro is md. If the loader accepts it, the
// renderer must draw the same boards; it returns how many there are, or -1
// when the loader refuses md.
func sameText(t *testing.T, md string) int {
	t.Helper()
	lesson := map[string]any{"title": "T", "level": 1, "summary": "S.", "intro": md,
		"exercises": []map[string]any{{"kind": "count-moves", "position": "start", "answer": 8}}}
	data, err := yaml.Marshal(lesson)
	if err != nil {
		t.Skip(err) // not a text a YAML file can hold
	}
	c, err := course.Load(fstest.MapFS{"lessons/01-t.yaml": {Data: data}})
	if err != nil {
		return -1
	}
	l := c.Lessons[0]
	sameBoards(t, "intro", l.Intro, l.Diagrams)
	return len(l.Diagrams)
}

// markdownSeeds returns the Markdown texts of the loader's fuzz seeds
// (FuzzLoad in internal/course) and of containerTexts.
func markdownSeeds(t testing.TB) []string {
	var texts []string
	for _, tt := range render.ContainerTexts() {
		texts = append(texts, tt.MD)
	}
	var files []string
	for _, pattern := range []string{"../internal/course/testdata/bad/*.yaml", "../internal/course/testdata/*.yaml"} {
		names, _ := filepath.Glob(pattern)
		files = append(files, names...)
	}
	if len(files) == 0 {
		t.Fatal("no seeds in ../internal/course/testdata")
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var file struct {
			Intro     string
			Exercises []struct{ Explain string }
		}
		if yaml.Unmarshal(data, &file) != nil {
			continue
		}
		texts = append(texts, file.Intro)
		for _, e := range file.Exercises {
			texts = append(texts, e.Explain)
		}
	}
	return texts
}

// TestCheckedAreDrawn is the differential test of the loader and the
// renderer on the sample course, the starter course, the loader's fuzz
// seeds and board blocks in containers.
func TestCheckedAreDrawn(t *testing.T) {
	t.Run("sample course", func(t *testing.T) {
		if n := sameCourse(t, nostromo.Course()); n == 0 {
			t.Errorf("the sample course has no board blocks")
		}
	})
	t.Run("starter course", func(t *testing.T) {
		if n := sameCourse(t, starter.FS()); n == 0 {
			t.Errorf("the starter course has no board blocks")
		}
	})
	t.Run("containers", func(t *testing.T) {
		for _, tt := range render.ContainerTexts() {
			if got := sameText(t, tt.MD); got != tt.Boards {
				t.Errorf("%s: the loader accepts %d boards, want %d (-1: refused)\n%s", tt.Name, got, tt.Boards, tt.MD)
			}
		}
	})
	t.Run("seeds", func(t *testing.T) {
		boards := 0
		for _, md := range markdownSeeds(t) {
			boards += max(0, sameText(t, md))
		}
		if boards == 0 {
			t.Errorf("the loader accepts no board block of the seeds")
		}
	})
}

// FuzzCheckedAreDrawn checks that whatever Markdown the loader accepts,
// the renderer draws, and draws the boards the loader checked.
func FuzzCheckedAreDrawn(f *testing.F) {
	for _, md := range markdownSeeds(f) {
		f.Add(md)
	}
	f.Fuzz(func(t *testing.T, md string) {
		if strings.Count(md, "\n") > 200 {
			return
		}
		sameText(t, md)
	})
}
