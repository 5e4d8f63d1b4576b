package course

import (
	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// kindInput is the question.Input a kind's Decode reads an exercise's keys
// through: the exercise's YAML, every message at its key's position.
type kindInput struct{ d *exerciseDecoder }

var _ question.Input = kindInput{}

func (in kindInput) Has(key string) bool { return in.d.m.Get(key) != nil }

func (in kindInput) Need(key string) bool { return in.d.need(key) != nil }

func (in kindInput) Errorf(key, format string, args ...any) {
	n := in.d.node
	if v := in.d.m.Get(key); key != "" && v != nil {
		n = v
	}
	in.d.Errorf(n, format, args...)
}

func (in kindInput) Position(key string) (rules.Position, bool) {
	v := in.d.m.Get(key)
	if v == nil {
		return rules.Position{}, false
	}
	p, ok := in.d.position(v, in.d.l.c.Start)
	in.d.e.sideUnsaid = v.Kind == yaml.MappingNode && !hasKey(v, "to_move")
	in.d.e.Position = p
	return p, ok
}

func (in kindInput) Board(key string) (question.Board, bool) {
	v := in.d.m.Get(key)
	if v == nil {
		return question.Board{}, false
	}
	in.d.e.BoardOnly = true
	return in.d.board(v)
}

func (in kindInput) Show(p rules.Position) { in.d.e.Position = p }

func (in kindInput) Square(key string) (rules.Square, bool) {
	v := in.d.m.Get(key)
	if v == nil {
		return rules.NoSquare, false
	}
	return in.d.square(v, key)
}

func (in kindInput) Squares(key string) (rules.Bitboard, bool) {
	set, _, ok := in.d.optSquares(in.d.m.Get(key), key)
	return set, ok
}

func (in kindInput) Path(key string) ([]rules.Square, bool) {
	v := in.d.m.Get(key)
	if v == nil {
		return nil, false
	}
	items, ok := in.d.list(v, key, "squares")
	path := []rules.Square{}
	for _, item := range items {
		s, good := in.d.square(item, key)
		ok = ok && good
		path = append(path, s)
	}
	return path, ok
}

// SquaresOr reads word, a list of squares that may hold word, or both, as
// the avoid key of a labyrinth does: guarded, or [guarded, d4].
func (in kindInput) SquaresOr(key, word string) (rules.Bitboard, bool, bool) {
	v := in.d.m.Get(key)
	if v == nil {
		return 0, false, false
	}
	if v.Kind == yaml.ScalarNode && v.Value == word {
		return 0, true, true
	}
	if v.Kind != yaml.SequenceNode {
		if v.Kind != yaml.AliasNode {
			in.d.Errorf(v, "%s: want %s, a list of squares, or both, like [%s, d4], got %s", key, word, word, yamlpos.Describe(v))
		}
		return 0, false, false
	}
	var set rules.Bitboard
	said := false
	items, ok := in.d.list(v, key, "squares")
	for _, item := range items {
		if item.Kind == yaml.ScalarNode && item.Value == word {
			said = true
			continue
		}
		s, good := in.d.square(item, key)
		switch {
		case !good:
			ok = false
		case set.Has(s):
			in.d.Errorf(item, "%s: square %s is listed twice", key, s)
			ok = false
		default:
			set |= s.Bit()
		}
	}
	return set, said, ok
}

func (in kindInput) Word(key string, words ...string) (string, bool) {
	v := in.d.m.Get(key)
	if v == nil {
		return "", false
	}
	return in.d.Word(v, key, words...)
}

// AnswerWord reads an answer word; the answer's, it remembers as the
// author wrote it, for the messages of Verify.
func (in kindInput) AnswerWord(key string, words ...string) (string, bool) {
	v := in.d.m.Get(key)
	if v == nil {
		return "", false
	}
	if key == "answer" {
		return in.d.exerciseWord(v, key, words...)
	}
	return in.d.answerWord(v, key, words...)
}

func (in kindInput) Integer(key string, lo, hi int) (int, bool) {
	v := in.d.m.Get(key)
	if v == nil {
		return 0, false
	}
	return in.d.Integer(v, key, lo, hi)
}

func (in kindInput) Boolean(key string) (bool, bool) {
	v := in.d.m.Get(key)
	if v == nil {
		return false, false
	}
	return in.d.Boolean(v, key)
}

func (in kindInput) Moves(key string) (int, bool) { return in.d.moves(in.d.m.Get(key)) }

func (in kindInput) Goal(key string) (solver.Goal, bool) { return in.d.goal(in.d.m.Get(key)) }

// Move reads a move of p, in the letters of any language, reporting text
// that is no move at all.
func (in kindInput) Move(key string, p rules.Position) (string, bool) {
	v := in.d.m.Get(key)
	if v == nil {
		return "", false
	}
	s, good := in.d.Scalar(v, key, "a move like Kd2")
	s = catalog.EnglishSAN(s) // the letters of any language
	if !good {
		return "", false
	}
	if _, err := question.ParseLegalMove(p, s); err != nil {
		in.d.Errorf(v, "%s: %s", key, moveError(err, s))
		return "", false
	}
	return s, true
}

func (in kindInput) MoveList(key string, p rules.Position) ([]rules.Move, bool) {
	v := in.d.m.Get(key)
	if v == nil {
		return nil, false
	}
	return in.d.moveList(v, p)
}
