package course

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// smallSolver proves what a solver proves in a few milliseconds, and
// refuses the rest as over its budget, so that a fuzzer keeps its pace.
type smallSolver struct{ s *solver.Solver }

func (s smallSolver) fits(p rules.Position, g solver.Goal) error {
	if b, err := solver.Bound(p, g); err != nil || b > 200 {
		return fmt.Errorf("over the fuzzer's budget (bound %d, %v)", b, err)
	}
	return nil
}

func (s smallSolver) Solve(p rules.Position, g solver.Goal) (solver.Solution, error) {
	if err := s.fits(p, g); err != nil {
		return solver.Solution{}, err
	}
	return s.s.Solve(p, g)
}

func (s smallSolver) WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error) {
	if err := s.fits(p, g); err != nil {
		return nil, err
	}
	return s.s.WinningMoves(p, g)
}

// fuzzExtraKey is the key each kind reads the fuzzer's extra value as.
var fuzzExtraKey = map[question.Kind]string{
	question.KindLegal:       "move",
	question.KindMovesToWin:  "side",
	question.KindMovesToGoal: "goal",
	question.KindBestMove:    "goal",
	question.KindLabyrinth:   "to",
}

// fuzzListAnswer are the kinds whose answer is a list.
var fuzzListAnswer = map[question.Kind]bool{question.KindKnightMoves: true, question.KindKingMoves: true, question.KindBestMove: true}

// fuzzLesson writes a lesson of one exercise of kind with the values given,
// each as YAML reads its text; a value of a list key is split at commas,
// and an empty extra value leaves its key out.
func fuzzLesson(kind question.Kind, position, answer, extra, marks, arrows string) ([]byte, error) {
	scalar := func(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: s} }
	list := func(s string) *yaml.Node {
		n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for item := range strings.SplitSeq(s, ",") {
			if item != "" {
				n.Content = append(n.Content, scalar(strings.TrimSpace(item)))
			}
		}
		return n
	}
	ex := &yaml.Node{Kind: yaml.MappingNode}
	add := func(key string, v *yaml.Node) { ex.Content = append(ex.Content, scalar(key), v) }
	add("kind", scalar(kind.String()))
	add("position", scalar(position))
	if fuzzListAnswer[kind] {
		add("answer", list(answer))
	} else {
		add("answer", scalar(answer))
	}
	if key := fuzzExtraKey[kind]; key != "" && extra != "" {
		add(key, scalar(extra))
	}
	if kind == question.KindLabyrinth {
		add("piece", scalar("knight"))
	}
	if marks != "" {
		add("marks", list(marks))
	}
	if arrows != "" {
		add("arrows", list(arrows))
	}
	lesson := &yaml.Node{Kind: yaml.MappingNode}
	for _, kv := range [][2]string{{"title", "T"}, {"level", "1"}, {"summary", "S."}, {"intro", "Hi."}} {
		lesson.Content = append(lesson.Content, scalar(kv[0]), scalar(kv[1]))
	}
	lesson.Content = append(lesson.Content, scalar("exercises"), &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{ex}})
	return yaml.Marshal(lesson)
}

// FuzzExercise fills an exercise of each kind with any position, answer,
// move or goal, marks and arrows: loading and proving it never panics, and
// every problem is at a line and column of the lesson.
func FuzzExercise(f *testing.F) {
	seeds := []struct {
		kind                                   question.Kind
		position, answer, extra, marks, arrows string
	}{
		{question.KindKnightMoves, "start", "d5, e4, g4, h5, d7, e8, g8, h7", "", "e4, d5x, g4*", "f6-e4, f6-g4x"},
		{question.KindKingMoves, "8/8/5n2/8/8/8/4P3/4K3 w 2 3", "d1, f1, d2, f2", "", "", ""},
		{question.KindLegal, "start", "yes", "e2e4", "", ""},
		{question.KindLegal, "start", "no", "e7-e8", "", ""},
		{question.KindCountMoves, "start", "8", "", "e2", ""},
		{question.KindOutcome, "8/4P3/8/8/8/1n6/8/4K3 w 2 3", "white", "", "", ""},
		{question.KindMovesToWin, "8/4P3/8/8/8/1n6/8/4K3 w 2 3", "1", "white", "", ""},
		{question.KindMovesToGoal, "8/8/5n2/8/8/8/2P5/4K3 w 2 3", "never", "save:1", "", ""},
		{question.KindBestMove, "8/4P3/8/8/8/1n6/8/4K3 w 2 3", "e8", "", "", "e7-e8"},
		{question.KindBestMove, "8/4P3/8/8/8/1n6/8/4K3 w 2 3", "e7e8, Kd2", "take:1", "", ""},
		{question.KindLabyrinth, "start", "2", "e4", "", ""},
		{question.KindCountMoves, "8/8 w", "x", "", "e9, e4, e4", "f6-f6, a1"},
	}
	kinds := question.Kinds()
	for _, s := range seeds {
		f.Add(uint8(slices.Index(kinds, s.kind)), s.position, s.answer, s.extra, s.marks, s.arrows)
	}
	sol := smallSolver{solver.New(solver.Options{Workers: 1})}
	f.Fuzz(func(t *testing.T, k uint8, position, answer, extra, marks, arrows string) {
		kind := kinds[int(k)%len(kinds)]
		for _, s := range []string{position, answer, extra, marks, arrows} {
			if !utf8.ValidString(s) || len(s) > 1000 {
				return
			}
		}
		src, err := fuzzLesson(kind, position, answer, extra, marks, arrows)
		if err != nil {
			return
		}
		const name = "lessons/01-fuzz.yaml"
		c, err := Load(fstest.MapFS{name: {Data: src}})
		if c == nil {
			t.Fatalf("Load returned no course (err %v)", err)
		}
		lines := strings.Split(string(src), "\n")
		for _, e := range []error{err, Verify(c, sol)} {
			var list yamlpos.ErrorList
			if e != nil && !errors.As(e, &list) {
				t.Fatalf("lesson\n%s: %v, not an yamlpos.ErrorList", src, e)
			}
			for _, e := range list {
				p := e.Pos
				if p.File != name || p.Line < 1 || p.Line > len(lines) || p.Col < 0 || p.Col > utf8.RuneCountInString(lines[p.Line-1])+1 {
					t.Errorf("lesson\n%s: %v, not at a place in the lesson", src, e)
				}
			}
		}
	})
}
