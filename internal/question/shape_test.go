package question_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/generate"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules/solver"
)

// documentedShape finds a shape named in the package comment's table: a
// list item's `shape`, and the shapes it names beside it.
var documentedShape = regexp.MustCompile("^//   - (`[^`]+`(?:, `[^`]+`)*)")

// documentedShapes returns the shapes of doc.go's table.
func documentedShapes(t *testing.T) map[string]bool {
	t.Helper()
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(src), "\n") {
		if m := documentedShape.FindStringSubmatch(line); m != nil {
			for _, s := range strings.Split(m[1], ", ") {
				out[strings.Trim(s, "`")] = true
			}
		}
	}
	return out
}

// TestShapesDocumented walks the sample course and what the generator
// makes of every kind, and fails on a question shape (question.Shape)
// that doc.go's table of shapes lacks: a new kind or option must say
// there what the site accepts, how it marks a partial answer and what the
// key says.
func TestShapesDocumented(t *testing.T) {
	table := documentedShapes(t)
	if len(table) < len(question.Kinds()) {
		t.Fatalf("doc.go's table has %d shapes, fewer than the %d kinds", len(table), len(question.Kinds()))
	}
	seen := map[string]string{} // shape -> where it was met first
	c, err := course.Load(nostromo.Course())
	if err != nil {
		t.Fatalf("Load(sample course) = %v", err)
	}
	add := func(q question.Question, where string) {
		if s := question.Shape(q); seen[s] == "" {
			seen[s] = where
		}
	}
	for _, l := range c.Lessons {
		for _, e := range l.Exercises {
			add(e.Question, e.Pos.String())
		}
	}
	for _, b := range c.Banks {
		for _, e := range b.Exercises {
			add(e.Question, e.Pos.String())
		}
	}
	s := solver.New(solver.Options{Budget: 32_000_000})
	for _, k := range question.Kinds() {
		list, err := generate.Exercises(context.Background(), k, generate.Options{
			Count: 3, Seed: 1, Solver: s, Budget: 1000 * solver.StatesPerConfig, Unique: generate.DefaultUnique(k)})
		if err != nil {
			t.Fatalf("Exercises(%s) = %v", k, err)
		}
		for _, g := range list {
			add(g.Question, "generate "+k.String()+" "+g.ID)
		}
	}
	for shape, where := range seen {
		if !table[shape] {
			t.Errorf("shape %q (%s) has no row in doc.go's table of shapes", shape, where)
		}
	}
	for _, want := range []string{"best-move fastest", "best-move fastest every", "best-move every"} {
		if seen[want] == "" {
			t.Errorf("the sample course has no question of shape %q", want)
		}
	}
}
