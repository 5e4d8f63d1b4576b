package question_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/generate"
	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/schema"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/pdf"
	"nostromo-lessons/rules"
)

// pawnCount is a toy kind of question, registered by this test alone: how
// many pawns are on the board?
type pawnCount struct {
	Position rules.Position
	Answer   int
}

// toyKind is pawnCount's kind while TestToyKind runs.
var toyKind question.Kind

func (q *pawnCount) Kind() question.Kind { return toyKind }

func (q *pawnCount) Check(question.Solver) (question.Proof, []question.Problem) {
	if n := q.Position.Pawns.Count(); n != q.Answer {
		return question.Proof{}, []question.Problem{{Field: "answer", Msg: fmt.Sprintf("answer %d, but there are %d pawns", q.Answer, n)}}
	}
	return question.Proof{}, nil
}

func (q *pawnCount) Wording(*catalog.Printer) string { return "How many pawns are on the board?" }

func (q *pawnCount) Key(*catalog.Printer) string { return strconv.Itoa(q.Answer) }

func (q *pawnCount) Space(*catalog.Printer) question.Space {
	return question.Space{Kind: style.NumberBox}
}

func (q *pawnCount) Accept(question.Proof) question.Accepted {
	return question.Accepted{Choice: -1, Number: q.Answer, HasNumber: true}
}

// pawnCountInfo is pawnCount's registration: everything the loader, the
// schema, the generator and the worksheets need.
var pawnCountInfo = question.KindInfo{
	Name: "pawn-count", Drill: true, Typed: true, Levels: [4]int{1, 2, 3, 4},
	Requires: []string{"position"},
	Answer:   question.Field{Type: question.IntegerField, Min: 0, Max: rules.PawnCount, Doc: "How many pawns are on the board."},
	Decode: func(in question.Input) (question.Question, bool) {
		has := in.Need("position")
		answered := in.Need("answer")
		p, ok := in.Position("position")
		q := &pawnCount{Position: p}
		if answered {
			var good bool
			q.Answer, good = in.Integer("answer", 0, rules.PawnCount)
			ok = ok && good
		}
		return q, has && ok && answered
	},
	Encode: func(q question.Question, out question.Output) {
		out.Position("position", q.(*pawnCount).Position)
		out.Number("answer", q.(*pawnCount).Answer)
	},
	Generate: func(r *rand.Rand, level int) (question.Made, bool) {
		n := min(level+r.IntN(2), rules.PawnCount)
		p := rules.Position{King: rules.E1, Knight: rules.F6, Side: rules.White}
		for _, i := range r.Perm(8)[:n] {
			p.Pawns |= rules.Square(8 + i).Bit() // the second rank
		}
		p.Taken = uint8(min(rules.TakesToWin-1, rules.PawnCount-n))
		p.Saved = uint8(rules.PawnCount - n - int(p.Taken))
		return question.Made{Question: &pawnCount{Position: p, Answer: n}, Score: n, Why: question.Plural(n, "pawn"), Key: p.String()}, true
	},
}

const toyLesson = `title: Pawns
level: 1
summary: Count the pawns.
intro: Count them.
exercises:
  - kind: pawn-count
    position: start
    answer: 6
  - kind: pawn-count
    position: {king: e1, pawns: [a2, b2], knight: f6, taken: 3, saved: 1}
    answer: 2
`

// TestToyKind registers a kind in this file alone and checks that the
// loader, the schema, the generator and the worksheets' drill layout take
// it without an edit of their own.
func TestToyKind(t *testing.T) {
	toyKind = question.Register(pawnCountInfo)
	t.Cleanup(func() { question.Unregister(toyKind) })

	t.Run("loader", func(t *testing.T) {
		c, err := course.Check(fstest.MapFS{"lessons/01-pawns.yaml": {Data: []byte(toyLesson)}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range c.Lessons[0].Exercises {
			if q, ok := e.Question.(*pawnCount); !ok || e.Kind != toyKind || e.Text != "How many pawns are on the board?" || e.Answer != strconv.Itoa(q.Answer) {
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

	t.Run("schema", func(t *testing.T) {
		lesson := compileLesson(t)
		var good any
		if err := yaml.Unmarshal([]byte(toyLesson), &good); err != nil {
			t.Fatal(err)
		}
		if err := lesson.Validate(good); err != nil {
			t.Errorf("the lesson schema refuses a pawn-count exercise: %v", err)
		}
		var bad any
		if err := yaml.Unmarshal([]byte(strings.Replace(toyLesson, "answer: 6", "answer: 6\n    move: e4", 1)), &bad); err != nil {
			t.Fatal(err)
		}
		if lesson.Validate(bad) == nil {
			t.Error("the lesson schema takes move: in a pawn-count exercise")
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
			if q := e.Question.(*pawnCount); generate.Level(toyKind, q.Answer) != e.Level {
				t.Errorf("exercise %s: %d pawns at level %d, want %d", e.ID, q.Answer, e.Level, generate.Level(toyKind, q.Answer))
			}
		}
	})

	t.Run("drill layout", func(t *testing.T) {
		c, err := course.Check(fstest.MapFS{"lessons/01-pawns.yaml": {Data: []byte(toyLesson)}}, nil)
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

// compileLesson returns the lesson schema, compiled by a real validator.
func compileLesson(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	for _, f := range schema.Files() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(f.Data))
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if err := c.AddResource("file:///course/.nostromo/"+f.Name, doc); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
	}
	s, err := c.Compile("file:///course/.nostromo/" + schema.LessonFile)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
