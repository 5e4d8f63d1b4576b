package question_test

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/generate"
	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/question/questiontest"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/pdf"
)

// TestToyKind registers a kind of its own file alone (questiontest's
// pawn-count) and checks that the loader, the generator and the
// worksheets' drill layout take it without an edit of their own. The
// fourth place, the editor schema checked by a real JSON Schema validator,
// is TestToyKindSchema in e2e/toykind_test.go, a module of its own so that
// the validator stays out of the product's go.mod.
func TestToyKind(t *testing.T) {
	toyKind := questiontest.Register(t)

	t.Run("loader", func(t *testing.T) {
		c, err := course.Check(fstest.MapFS{"lessons/01-pawns.yaml": {Data: []byte(questiontest.Lesson)}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range c.Lessons[0].Exercises {
			if q, ok := e.Question.(*questiontest.PawnCount); !ok || e.Kind != toyKind || e.Text != "How many pawns are on the board?" || e.Answer != strconv.Itoa(q.Answer) {
				t.Errorf("exercise %d: kind %v, question %#v, text %q, answer %q", e.Number, e.Kind, e.Question, e.Text, e.Answer)
			}
		}
		for _, bad := range []struct{ body, want string }{
			{"answer: 5", "answer 5, but there are 6 pawns"},
			{"answer: 9", "answer: want a whole number from 0 to 6, got 9"},
			{"answer: 6\n    move: e4", `key "move" is not used by kind pawn-count`},
			{"answer: [6]", "answer: want a whole number from 0 to 6, got a list"},
		} {
			src := "title: Pawns\nlevel: 1\nsummary: S.\nintro: I.\nexercises:\n  - kind: pawn-count\n    position: start\n    " + bad.body + "\n"
			_, err := course.Check(fstest.MapFS{"lessons/01-pawns.yaml": {Data: []byte(src)}}, nil)
			if err == nil || !strings.Contains(err.Error(), bad.want) {
				t.Errorf("Check(%q) = %v, want %q", bad.body, err, bad.want)
			}
		}
	})

	t.Run("generator", func(t *testing.T) {
		list, err := generate.Exercises(context.Background(), toyKind, generate.Options{Count: 10, Seed: 7, Language: style.English})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := generate.WriteBank(&buf, generate.BankHeader{Title: "Pawns", By: "test", Seed: 7}, list); err != nil {
			t.Fatal(err)
		}
		b, err := course.LoadBank(fstest.MapFS{"exercises/pawns.yaml": {Data: buf.Bytes()}}, "exercises/pawns.yaml")
		if err == nil {
			err = course.VerifyBank(b, nil)
		}
		if err != nil {
			t.Fatalf("the generated bank:\n%s\ndoes not load: %v", buf.Bytes(), err)
		}
		if len(b.Exercises) != 10 {
			t.Errorf("the generated bank has %d exercises, want 10", len(b.Exercises))
		}
		for _, e := range b.Exercises {
			if q := e.Question.(*questiontest.PawnCount); generate.Level(toyKind, q.Answer) != e.Level {
				t.Errorf("exercise %s: %d pawns at level %d, want %d", e.ID, q.Answer, e.Level, generate.Level(toyKind, q.Answer))
			}
		}
	})

	t.Run("drill layout", func(t *testing.T) {
		c, err := course.Check(fstest.MapFS{"lessons/01-pawns.yaml": {Data: []byte(questiontest.Lesson)}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		rc := model.Model(c, model.Settings{})
		for _, e := range rc.Lessons[0].Exercises {
			if !e.Drill || e.Kind != "pawn-count" || e.Space != style.NumberBox {
				t.Errorf("exercise %d: drill %v, kind %q, space %v, want a drill of pawn-count with a number box", e.Number, e.Drill, e.Kind, e.Space)
			}
		}
		var buf bytes.Buffer
		if err := pdf.Worksheet(&buf, rc, rc.Lessons[0], render.Options{}); err != nil || !bytes.HasPrefix(buf.Bytes(), []byte("%PDF")) {
			t.Errorf("pdf.Worksheet: %v (%d bytes)", err, buf.Len())
		}
	})
}
