package yamlpos

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
)

// File is one YAML file being decoded: its name, its text and the list its
// problems go to.
type File struct {
	Name   string
	Src    []byte
	Errs   *ErrorList
	Prefix string // put before every message, such as `exercise "flee-2" (outcome): `
}

// Pos returns the position of n in the file, or the file alone for nil.
func (f *File) Pos(n *yaml.Node) Pos {
	if n == nil {
		return Pos{File: f.Name}
	}
	return Pos{File: f.Name, Line: n.Line, Col: n.Column}
}

// Errorf reports a problem at n. A text argument over MaxArgument bytes
// (a value from the file) is cut to an excerpt of MaxQuote characters
// first; values quoted with quote are cut shorter still.
func (f *File) Errorf(n *yaml.Node, format string, args ...any) {
	for i, a := range args {
		if s, ok := a.(string); ok && len(s) > MaxArgument {
			args[i] = Excerpt(s)
		}
	}
	f.Errs.Add(f.Pos(n), f.Prefix+fmt.Sprintf(format, args...))
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// Parse decodes the file's text into nodes and returns its top-level value,
// or nil after reporting why there is none. It rejects aliases (a file may
// not make a small text into a huge tree) and more than one document.
func (f *File) Parse() *yaml.Node {
	if !f.checkText() {
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(f.Src))
	var doc yaml.Node
	if err := decodeSafely(dec, &doc); err != nil {
		if errors.Is(err, io.EOF) {
			f.Errs.Add(Pos{File: f.Name}, "file is empty")
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
			f.Errorf(&extra, "a second YAML document (after ---); a file holds one")
		}
		return nil
	}
	if !f.noAliases(&doc) || !f.unknownTags(&doc) {
		return nil
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		f.Errs.Add(Pos{File: f.Name}, "file is empty")
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
func (f *File) syntaxError(err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	}
	if strings.HasPrefix(msg, "did not find expected") {
		line++
	}
	r := scanText(f.Src)
	if r.ok {
		f.Errs.Add(Pos{File: f.Name, Line: r.line, Col: r.col}, f.Prefix+"YAML syntax: "+r.what+" ("+msg+")")
		return
	}
	if strings.Contains(msg, "exceeded max depth") && r.depth > 0 {
		what := fmt.Sprintf("lists and mappings nest more than %d deep here (%d at the deepest)", maxDepth, r.depth)
		if r.depth <= maxDepth {
			what = fmt.Sprintf("lists and mappings nest deepest here (%d, with the keys around them more than %d)", r.depth, maxDepth)
		}
		f.Errs.Add(Pos{File: f.Name, Line: r.deepLine, Col: r.deepCol}, f.Prefix+"YAML syntax: "+what+"; write the text flatter ("+msg+")")
		return
	}
	if start, ok := brokenLine(f.Src); ok {
		at, what := culprit(f.Src[start:], msg)
		pos := OffsetPos(f.Name, f.Src, start+at)
		if what != "" {
			msg = what + " (" + msg + ")"
		}
		f.Errs.Add(pos, f.Prefix+"YAML syntax: "+msg)
		return
	}
	pos := Pos{File: f.Name, Line: line}
	if line > 0 {
		pos.Col = 1
	}
	f.Errs.Add(pos, f.Prefix+"YAML syntax: "+msg)
}

// noAliases reports the first alias in the tree (there may be thousands),
// and whether there was none.
func (f *File) noAliases(root *yaml.Node) bool {
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
		f.Errorf(first, "YAML aliases (*%s) are not allowed; write the value out", first.Value)
	case count > 1:
		f.Errorf(first, "YAML aliases (*%s and %d more) are not allowed; write the values out", first.Value, count-1)
	}
	return count == 0
}

// Describe names the kind of value n holds, for "want X, got Y" messages.
func Describe(n *yaml.Node) string {
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
		return "the number " + Excerpt(n.Value)
	case "!!bool":
		return n.Value
	case "!!null":
		return "nothing"
	}
	return Quote(n.Value)
}

// Lookup returns the value of key in the mapping n without decoding it, or
// nil.
func Lookup(n *yaml.Node, key string) *yaml.Node {
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

// Fields is a decoded mapping: its value nodes by key.
type Fields struct {
	Node    *yaml.Node
	Unknown bool                  // some key was unknown or repeated
	Keys    map[string]*yaml.Node // the key nodes of the known keys
	Values  map[string]*yaml.Node // their values
}

// Get returns the value of key, or nil.
func (m *Fields) Get(key string) *yaml.Node { return m.Values[key] }

// Has reports whether the mapping has key.
func (m *Fields) Has(key string) bool { return m.Values[key] != nil }

// Mapping decodes n as a mapping with string keys among known. It reports
// unknown keys (suggesting the nearest known one), repeated keys, and a
// value that is not a mapping at all (then it returns nil).
func (f *File) Mapping(n *yaml.Node, what string, known []string) *Fields {
	if n.Kind != yaml.MappingNode {
		if n.Kind != yaml.AliasNode && what != "" {
			f.Errorf(n, "%s: want a mapping (key: value lines), got %s", what, Describe(n))
		} else if n.Kind != yaml.AliasNode {
			f.Errorf(n, "want a mapping (key: value lines), got %s", Describe(n))
		}
		return nil
	}
	m := &Fields{Node: n, Keys: map[string]*yaml.Node{}, Values: map[string]*yaml.Node{}}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			f.Errorf(k, "a key must be a plain word, got %s", Describe(k))
			continue
		}
		switch {
		case m.Keys[k.Value] != nil:
			m.Unknown = true
			f.Errorf(k, "key %s appears twice (first at line %d)%s", Quote(k.Value), m.Keys[k.Value].Line, f.newItemHint(n, k))
		case !slices.Contains(known, k.Value):
			m.Unknown = true
			hint := Suggest(k.Value, known)
			if hint == "" {
				hint = fmt.Sprintf(" (known keys: %s)", strings.Join(known, ", "))
			}
			f.Errorf(k, "unknown key %s%s", Quote(k.Value), hint)
		default:
			m.Keys[k.Value], m.Values[k.Value] = k, v
		}
	}
	return m
}

// newItemHint says, for the key k that repeats the first key of the
// mapping n, a list item ("- id: a"), that a new item may have been meant
// there ("; to start another item of the list here, write "- " before
// id, as on line 3"), the slip of
// a teacher who copies an exercise without its dash. Otherwise it returns "".
func (f *File) newItemHint(n, k *yaml.Node) string {
	first := n.Content[0]
	if k.Value != first.Value || k.Column != first.Column {
		return ""
	}
	lines := bytes.Split(f.Src, []byte("\n"))
	if first.Line > len(lines) || first.Column-1 > len(lines[first.Line-1]) {
		return ""
	}
	if before := lines[first.Line-1][:first.Column-1]; !bytes.HasSuffix(bytes.TrimRight(before, " "), []byte("-")) {
		return ""
	}
	return fmt.Sprintf("; to start another item of the list here, write \"- \" before %s, as on line %d", k.Value, first.Line)
}

// Suggest returns ` (did you mean "answer"?)` for a near miss of one of
// known, or "" when there is none.
func Suggest(word string, known []string) string {
	best, bestDist := "", 3
	for _, k := range known {
		if d := Distance(word, k); d < bestDist && d <= max(1, len(k)/3) {
			best, bestDist = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// Distance is the edit distance of two short words, counting a swap of
// two neighbouring letters as one edit (optimal string alignment); long
// words are simply far apart.
func Distance(a, b string) int {
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

// Scalar returns the text of a scalar value, reporting any other value.
func (f *File) Scalar(n *yaml.Node, what, want string) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" {
		if n.Kind != yaml.AliasNode {
			f.Errorf(n, "%s: want %s, got %s", what, want, Describe(n))
		}
		return "", false
	}
	return n.Value, true
}

// Text returns a text value of at most limit bytes.
func (f *File) Text(n *yaml.Node, what string, limit int) (string, bool) {
	s, ok := f.Scalar(n, what, "text")
	if !ok {
		return "", false
	}
	if len(s) > limit {
		f.Errorf(n, "%s is %d bytes long, more than the limit of %d", what, len(s), limit)
		return "", false
	}
	return s, true
}

// Word returns a scalar that must be one of choices.
func (f *File) Word(n *yaml.Node, what string, choices ...string) (string, bool) {
	return f.Choice(n, what, choices, func(a, b string) bool { return a == b })
}

// WordAnyCase is Word for settings that the command line also reads in any
// case (language, theme, paper): "A4" is a4. It returns the choice as
// written in choices.
func (f *File) WordAnyCase(n *yaml.Node, what string, choices ...string) (string, bool) {
	return f.Choice(n, what, choices, strings.EqualFold)
}

// Choice returns the one of choices that the scalar n is, as same judges,
// or reports that it is none of them.
func (f *File) Choice(n *yaml.Node, what string, choices []string, same func(a, b string) bool) (string, bool) {
	want := strings.Join(choices, " or ")
	s, ok := f.Scalar(n, what, want)
	if !ok {
		return "", false
	}
	for _, c := range choices {
		if same(c, s) {
			return c, true
		}
	}
	f.Errorf(n, "%s: want %s, got %s", what, want, Quote(s))
	return "", false
}

// Integer returns a whole number from lo to hi.
func (f *File) Integer(n *yaml.Node, what string, lo, hi int) (int, bool) {
	want := fmt.Sprintf("a whole number from %d to %d", lo, hi)
	if hi == math.MaxInt {
		want = fmt.Sprintf("a whole number of at least %d", lo)
	}
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		if n.Kind != yaml.AliasNode {
			f.Errorf(n, "%s: want %s, got %s", what, want, Describe(n))
		}
		return 0, false
	}
	v, err := strconv.Atoi(n.Value)
	if err != nil || v < lo || v > hi {
		f.Errorf(n, "%s: want %s, got %s", what, want, n.Value)
		return 0, false
	}
	return v, true
}

// Boolean returns true/false (or yes/no).
func (f *File) Boolean(n *yaml.Node, what string) (bool, bool) {
	if n.Kind == yaml.ScalarNode {
		switch n.Value {
		case "true", "yes":
			return true, true
		case "false", "no":
			return false, true
		}
	}
	if n.Kind != yaml.AliasNode {
		f.Errorf(n, "%s: want true or false, got %s", what, Describe(n))
	}
	return false, false
}

// List returns the items of a list value of at most limit items.
func (f *File) List(n *yaml.Node, what, want string, limit int) ([]*yaml.Node, bool) {
	if n.Kind != yaml.SequenceNode {
		switch {
		case bracketable(n, want):
			items := strings.FieldsFunc(n.Value, func(r rune) bool { return r == ',' || r == ' ' })
			f.Errorf(n, "%s: want a list of %s in brackets: write [%s]", what, want, strings.Join(items, ", "))
		case n.Kind != yaml.AliasNode:
			f.Errorf(n, "%s: want a list of %s, like [%s], got %s", what, want, example(want), Describe(n))
		}
		return nil, false
	}
	if len(n.Content) > limit {
		f.Errorf(n, "%s has %d items, more than the limit of %d", what, len(n.Content), limit)
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
