package course

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/coursefs"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// file is one YAML file being decoded: its name, its text and the list its
// problems go to.
type file struct {
	name   string
	src    []byte
	errs   *ErrorList
	prefix string         // put before every message, such as `exercise "flee-2" (outcome): `
	theme  style.Theme    // the words placeholders stand for (see prose)
	lang   style.Language // the language of those words

	remoteImages bool // the course allows images from other sites (Course.RemoteImages)
}

func (f *file) pos(n *yaml.Node) Pos {
	if n == nil {
		return Pos{File: f.name}
	}
	return Pos{File: f.name, Line: n.Line, Col: n.Column}
}

// errorf reports a problem at n. A text argument over MaxArgument bytes
// (a value from the file) is cut to an excerpt of MaxQuote characters
// first; values quoted with quote are cut shorter still.
func (f *file) errorf(n *yaml.Node, format string, args ...any) {
	for i, a := range args {
		if s, ok := a.(string); ok && len(s) > MaxArgument {
			args[i] = excerpt(s)
		}
	}
	f.errs.Add(f.pos(n), f.prefix+fmt.Sprintf(format, args...))
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parse decodes the file's text into nodes and returns its top-level value,
// or nil after reporting why there is none. It rejects aliases (a file may
// not make a small text into a huge tree) and more than one document.
func (f *file) parse() *yaml.Node {
	if len(f.src) > coursefs.MaxFileSize {
		f.errs.Add(Pos{File: f.name}, fmt.Sprintf("file is %d bytes, more than the limit of %d", len(f.src), coursefs.MaxFileSize))
		return nil
	}
	if !f.checkText() {
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(f.src))
	var doc yaml.Node
	if err := decodeSafely(dec, &doc); err != nil {
		if errors.Is(err, io.EOF) {
			f.errs.Add(Pos{File: f.name}, "file is empty")
			return nil
		}
		f.syntaxError(err)
		return nil
	}
	var extra yaml.Node
	if err := decodeSafely(dec, &extra); !errors.Is(err, io.EOF) {
		if err != nil {
			f.syntaxError(err)
		} else {
			f.errorf(&extra, "a second YAML document (after ---); a file holds one")
		}
		return nil
	}
	if !f.noAliases(&doc) || !f.unknownTags(&doc) {
		return nil
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		f.errs.Add(Pos{File: f.name}, "file is empty")
		return nil
	}
	return doc.Content[0]
}

// decodeSafely turns a panic of the YAML decoder into an error.
func decodeSafely(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: %v", r)
		}
	}()
	return dec.Decode(n)
}

// syntaxError reports an error of the YAML parser. Where scanSyntax finds
// a cause in the text (a tab, an unclosed quote or bracket), the error is
// reported there; else on the first line that brokenLine finds, at the
// spot culprit names, else at the parser's line, column 1. The parser
// counts the lines of its own errors ("did not find expected ...") from 0
// and leaves out line 0; its scanner counts from 1.
func (f *file) syntaxError(err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	}
	if strings.HasPrefix(msg, "did not find expected") {
		line++
	}
	r := scanText(f.src)
	if r.ok {
		f.errs.Add(Pos{File: f.name, Line: r.line, Col: r.col}, f.prefix+"YAML syntax: "+r.what+" ("+msg+")")
		return
	}
	if strings.Contains(msg, "exceeded max depth") && r.depth > 0 {
		what := fmt.Sprintf("lists and mappings nest more than %d deep here (%d at the deepest)", maxDepth, r.depth)
		if r.depth <= maxDepth {
			what = fmt.Sprintf("lists and mappings nest deepest here (%d, with the keys around them more than %d)", r.depth, maxDepth)
		}
		f.errs.Add(Pos{File: f.name, Line: r.deepLine, Col: r.deepCol}, f.prefix+"YAML syntax: "+what+"; write the text flatter ("+msg+")")
		return
	}
	if start, ok := brokenLine(f.src); ok {
		at, what := culprit(f.src[start:], msg)
		pos := offsetPos(f.name, f.src, start+at)
		if what != "" {
			msg = what + " (" + msg + ")"
		}
		f.errs.Add(pos, f.prefix+"YAML syntax: "+msg)
		return
	}
	pos := Pos{File: f.name, Line: line}
	if line > 0 {
		pos.Col = 1
	}
	f.errs.Add(pos, f.prefix+"YAML syntax: "+msg)
}

// noAliases reports the first alias in the tree (there may be thousands),
// and whether there was none.
func (f *file) noAliases(root *yaml.Node) bool {
	var first *yaml.Node
	count := 0
	stack := []*yaml.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind == yaml.AliasNode {
			if count++; first == nil || n.Line < first.Line || n.Line == first.Line && n.Column < first.Column {
				first = n
			}
			continue
		}
		stack = append(stack, n.Content...)
	}
	switch {
	case count == 1:
		f.errorf(first, "YAML aliases (*%s) are not allowed; write the value out", first.Value)
	case count > 1:
		f.errorf(first, "YAML aliases (*%s and %d more) are not allowed; write the values out", first.Value, count-1)
	}
	return count == 0
}

// describe names the kind of value n holds, for "want X, got Y" messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping (key: value)"
	case yaml.AliasNode:
		return "an alias"
	}
	switch n.ShortTag() {
	case "!!int", "!!float":
		return "the number " + excerpt(n.Value)
	case "!!bool":
		return n.Value
	case "!!null":
		return "nothing"
	}
	return quote(n.Value)
}

// lookup returns the value of key in the mapping n without decoding it, or
// nil.
func lookup(n *yaml.Node, key string) *yaml.Node {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// fields is a decoded mapping: its value nodes by key.
type fields struct {
	node    *yaml.Node
	unknown bool // some key was unknown or repeated
	keys    map[string]*yaml.Node
	values  map[string]*yaml.Node
}

// get returns the value of key, or nil.
func (m *fields) get(key string) *yaml.Node { return m.values[key] }

// has reports whether the mapping has key.
func (m *fields) has(key string) bool { return m.values[key] != nil }

// mapping decodes n as a mapping with string keys among known. It reports
// unknown keys (suggesting the nearest known one), repeated keys, and a
// value that is not a mapping at all (then it returns nil).
func (f *file) mapping(n *yaml.Node, what string, known []string) *fields {
	if n.Kind != yaml.MappingNode {
		if n.Kind != yaml.AliasNode && what != "" {
			f.errorf(n, "%s: want a mapping (key: value lines), got %s", what, describe(n))
		} else if n.Kind != yaml.AliasNode {
			f.errorf(n, "want a mapping (key: value lines), got %s", describe(n))
		}
		return nil
	}
	m := &fields{node: n, keys: map[string]*yaml.Node{}, values: map[string]*yaml.Node{}}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			f.errorf(k, "a key must be a plain word, got %s", describe(k))
			continue
		}
		switch {
		case m.keys[k.Value] != nil:
			m.unknown = true
			f.errorf(k, "key %s appears twice (first at line %d)%s", quote(k.Value), m.keys[k.Value].Line, f.newItemHint(n, k))
		case !slices.Contains(known, k.Value):
			m.unknown = true
			hint := suggest(k.Value, known)
			if hint == "" {
				hint = fmt.Sprintf(" (known keys: %s)", strings.Join(known, ", "))
			}
			f.errorf(k, "unknown key %s%s", quote(k.Value), hint)
		default:
			m.keys[k.Value], m.values[k.Value] = k, v
		}
	}
	return m
}

// newItemHint says, for the key k that repeats the first key of the
// mapping n, a list item ("- id: a"), that a new item may have been meant
// there ("; to start another item of the list here, write "- " before
// id, as on line 3"), the slip of
// a teacher who copies an exercise without its dash. Otherwise it returns "".
func (f *file) newItemHint(n, k *yaml.Node) string {
	first := n.Content[0]
	if k.Value != first.Value || k.Column != first.Column {
		return ""
	}
	lines := bytes.Split(f.src, []byte("\n"))
	if first.Line > len(lines) || first.Column-1 > len(lines[first.Line-1]) {
		return ""
	}
	if before := lines[first.Line-1][:first.Column-1]; !bytes.HasSuffix(bytes.TrimRight(before, " "), []byte("-")) {
		return ""
	}
	return fmt.Sprintf("; to start another item of the list here, write \"- \" before %s, as on line %d", k.Value, first.Line)
}

// suggest returns ` (did you mean "answer"?)` for a near miss of one of
// known, or "" when there is none.
func suggest(word string, known []string) string {
	best, bestDist := "", 3
	for _, k := range known {
		if d := distance(word, k); d < bestDist && d <= max(1, len(k)/3) {
			best, bestDist = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// distance is the edit distance of two short words, counting a swap of
// two neighbouring letters as one edit (optimal string alignment); long
// words are simply far apart.
func distance(a, b string) int {
	if len(a) > 40 || len(b) > 40 {
		return 99
	}
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// scalar returns the text of a scalar value, reporting any other value.
func (f *file) scalar(n *yaml.Node, what, want string) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" {
		if n.Kind != yaml.AliasNode {
			f.errorf(n, "%s: want %s, got %s", what, want, describe(n))
		}
		return "", false
	}
	return n.Value, true
}

// text returns a text value of at most limit bytes.
func (f *file) text(n *yaml.Node, what string, limit int) (string, bool) {
	s, ok := f.scalar(n, what, "text")
	if !ok {
		return "", false
	}
	if len(s) > limit {
		f.errorf(n, "%s is %d bytes long, more than the limit of %d", what, len(s), limit)
		return "", false
	}
	return s, true
}

// word returns a scalar that must be one of choices.
func (f *file) word(n *yaml.Node, what string, choices ...string) (string, bool) {
	return f.choice(n, what, choices, func(a, b string) bool { return a == b })
}

// wordAnyCase is word for settings that the command line also reads in any
// case (language, theme, paper): "A4" is a4. It returns the choice as
// written in choices.
func (f *file) wordAnyCase(n *yaml.Node, what string, choices ...string) (string, bool) {
	return f.choice(n, what, choices, strings.EqualFold)
}

// choice returns the one of choices that the scalar n is, as same judges,
// or reports that it is none of them.
func (f *file) choice(n *yaml.Node, what string, choices []string, same func(a, b string) bool) (string, bool) {
	want := strings.Join(choices, " or ")
	s, ok := f.scalar(n, what, want)
	if !ok {
		return "", false
	}
	for _, c := range choices {
		if same(c, s) {
			return c, true
		}
	}
	f.errorf(n, "%s: want %s, got %s", what, want, quote(s))
	return "", false
}

// integer returns a whole number from lo to hi.
func (f *file) integer(n *yaml.Node, what string, lo, hi int) (int, bool) {
	want := fmt.Sprintf("a whole number from %d to %d", lo, hi)
	if hi == math.MaxInt {
		want = fmt.Sprintf("a whole number of at least %d", lo)
	}
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		if n.Kind != yaml.AliasNode {
			f.errorf(n, "%s: want %s, got %s", what, want, describe(n))
		}
		return 0, false
	}
	v, err := strconv.Atoi(n.Value)
	if err != nil || v < lo || v > hi {
		f.errorf(n, "%s: want %s, got %s", what, want, n.Value)
		return 0, false
	}
	return v, true
}

// boolean returns true/false (or yes/no).
func (f *file) boolean(n *yaml.Node, what string) (bool, bool) {
	if n.Kind == yaml.ScalarNode {
		switch n.Value {
		case "true", "yes":
			return true, true
		case "false", "no":
			return false, true
		}
	}
	if n.Kind != yaml.AliasNode {
		f.errorf(n, "%s: want true or false, got %s", what, describe(n))
	}
	return false, false
}

// list returns the items of a list value of at most MaxList items.
func (f *file) list(n *yaml.Node, what, want string) ([]*yaml.Node, bool) {
	if n.Kind != yaml.SequenceNode {
		switch {
		case bracketable(n, want):
			items := strings.FieldsFunc(n.Value, func(r rune) bool { return r == ',' || r == ' ' })
			f.errorf(n, "%s: want a list of %s in brackets: write [%s]", what, want, strings.Join(items, ", "))
		case n.Kind != yaml.AliasNode:
			f.errorf(n, "%s: want a list of %s, like [%s], got %s", what, want, example(want), describe(n))
		}
		return nil, false
	}
	if len(n.Content) > MaxList {
		f.errorf(n, "%s has %d items, more than the limit of %d", what, len(n.Content), MaxList)
		return nil, false
	}
	return n.Content, true
}

// bracketable reports whether n, given where a list of want is wanted, is
// a plain scalar that becomes that list written in brackets: "Kd2" or
// "d5, e4" for moves or squares (but not a text, whose commas would split
// it).
func bracketable(n *yaml.Node, want string) bool {
	return n.Kind == yaml.ScalarNode && n.Style == 0 && n.Tag == "!!str" && n.Value != "" &&
		!strings.ContainsAny(n.Value, "\n[]{}#") && slices.Contains([]string{"squares", "moves", "arrows"}, want)
}

func example(want string) string {
	switch want {
	case "squares":
		return "d5, e4"
	case "moves":
		return "Kd3"
	case "arrows":
		return "f6-e4"
	}
	return "..."
}

// square reads a square name.
func (f *file) square(n *yaml.Node, what string) (rules.Square, bool) {
	s, ok := f.scalar(n, what, "a square like e4")
	if !ok {
		return rules.NoSquare, false
	}
	sq, err := rules.ParseSquare(s)
	if err != nil {
		f.errorf(n, "%s: %s is not a square (%s)", what, quote(s), squareHint(s))
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
			f.errorf(item, "%s: %s is not a marked square (want a square like e4, e4x for a square to avoid or e4* for a goal)", what, quote(item.Value))
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
			f.errorf(item, "%s: square %s is listed twice", what, sq)
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
		s, ok1 := f.scalar(item, what, "an arrow like f6-e4")
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
			f.errorf(item, "%s: %s is not an arrow (want two squares like f6-e4, or f6-e4x for a move not to make)", what, quote(s))
			ok = false
			continue
		}
		out = append(out, Arrow{From: from, To: to, No: no})
	}
	return out, ok
}
