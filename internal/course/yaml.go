package course

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/coursefs"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// file is one YAML file of the course being decoded, with what its text
// needs to be read: the words placeholders stand for and whether remote
// images are allowed.
type file struct {
	yamlpos.File
	theme style.Theme    // the words placeholders stand for (see prose)
	lang  style.Language // the language of those words

	remoteImages bool // the course allows images from other sites (Course.RemoteImages)
}

// parse is yamlpos.File.Parse for a file of at most coursefs.MaxFileSize
// bytes.
func (f *file) parse() *yaml.Node {
	if len(f.Src) > coursefs.MaxFileSize {
		f.Errs.Add(yamlpos.Pos{File: f.Name}, fmt.Sprintf("file is %d bytes, more than the limit of %d", len(f.Src), coursefs.MaxFileSize))
		return nil
	}
	return f.Parse()
}

// list is yamlpos.File.List with the course's limit of MaxList items.
func (f *file) list(n *yaml.Node, what, want string) ([]*yaml.Node, bool) {
	return f.List(n, what, want, MaxList)
}

// square reads a square name.
func (f *file) square(n *yaml.Node, what string) (rules.Square, bool) {
	s, ok := f.Scalar(n, what, "a square like e4")
	if !ok {
		return rules.NoSquare, false
	}
	sq, err := rules.ParseSquare(s)
	if err != nil {
		f.Errorf(n, "%s: %s is not a square (%s)", what, yamlpos.Quote(s), squareHint(s))
		return rules.NoSquare, false
	}
	return sq, true
}

// squareHint says what a text that is not a square should be: squares
// written with spaces between them ("e4 d5") are items of a list, to be
// separated by commas; anything else is told what a square is.
func squareHint(s string) string {
	fields := strings.Fields(s)
	for _, w := range fields {
		if _, err := rules.ParseSquare(w); err != nil || len(fields) < 2 {
			return "want a file a-h and a rank 1-8, like e4"
		}
	}
	return "separate the squares of a list with commas: " + strings.Join(fields, ", ")
}

// squares reads a list of distinct squares.
func (f *file) squares(n *yaml.Node, what string) (rules.Bitboard, []rules.Square, bool) {
	var list []rules.Square
	read := func(item *yaml.Node) (rules.Square, bool) { return f.square(item, what) }
	set, ok := f.distinct(n, what, read, func(sq rules.Square) { list = append(list, sq) })
	return set, list, ok
}

// marks reads a list of distinct marked squares, each with its kind's
// suffix: e4, e4x (avoid) or e4* (goal).
func (f *file) marks(n *yaml.Node, what string) ([]rules.Square, []MarkKind, bool) {
	var list []rules.Square
	var kinds []MarkKind
	kind := PlainMark // of the square read last
	read := func(item *yaml.Node) (rules.Square, bool) {
		kind = PlainMark
		for k, suffix := range markSuffix {
			if suffix != "" && item.Kind == yaml.ScalarNode && strings.HasSuffix(item.Value, suffix) {
				kind = MarkKind(k)
			}
		}
		if kind == PlainMark {
			return f.square(item, what)
		}
		sq, err := rules.ParseSquare(strings.TrimSuffix(item.Value, kind.Suffix()))
		if err != nil {
			f.Errorf(item, "%s: %s is not a marked square (want a square like e4, e4x for a square to avoid or e4* for a goal)", what, yamlpos.Quote(item.Value))
			return sq, false
		}
		return sq, true
	}
	_, ok := f.distinct(n, what, read, func(sq rules.Square) {
		list = append(list, sq)
		kinds = append(kinds, kind)
	})
	return list, kinds, ok
}

// distinct reads the squares of the list n with read, reporting a square
// listed twice, and hands each new one to keep, in order.
func (f *file) distinct(n *yaml.Node, what string, read func(*yaml.Node) (rules.Square, bool), keep func(rules.Square)) (rules.Bitboard, bool) {
	items, ok := f.list(n, what, "squares")
	if !ok {
		return 0, false
	}
	var set rules.Bitboard
	for _, item := range items {
		sq, good := read(item)
		switch {
		case !good:
			ok = false
		case set.Has(sq):
			f.Errorf(item, "%s: square %s is listed twice", what, sq)
			ok = false
		default:
			set |= sq.Bit()
			keep(sq)
		}
	}
	return set, ok
}

// arrows reads a list of arrows such as "f6-e4", or "f6-e4x" for a move
// not to make.
func (f *file) arrows(n *yaml.Node, what string) ([]Arrow, bool) {
	items, ok := f.list(n, what, "arrows")
	if !ok {
		return nil, false
	}
	var out []Arrow
	for _, item := range items {
		s, ok1 := f.Scalar(item, what, "an arrow like f6-e4")
		if !ok1 {
			ok = false
			continue
		}
		a, b, _ := strings.Cut(s, "-")
		no := strings.HasSuffix(b, "x")
		b = strings.TrimSuffix(b, "x")
		from, err1 := rules.ParseSquare(a)
		to, err2 := rules.ParseSquare(b)
		if err1 != nil || err2 != nil || from == to {
			f.Errorf(item, "%s: %s is not an arrow (want two squares like f6-e4, or f6-e4x for a move not to make)", what, yamlpos.Quote(s))
			ok = false
			continue
		}
		out = append(out, Arrow{From: from, To: to, No: no})
	}
	return out, ok
}
