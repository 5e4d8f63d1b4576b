package course

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/render/boardblock"
	"nostromo-lessons/rules"
)

// TestBoardBlockKeys checks that the board block's table documents exactly
// the keys the loader and the renderer read (keysOf panics otherwise; this
// says so in a test).
func TestBoardBlockKeys(t *testing.T) {
	if got := Names(boardBlockKeys); !slices.Equal(got, boardblock.Keys) {
		t.Errorf("Names(boardBlockKeys) = %q, want %q", got, boardblock.Keys)
	}
}

// TestKinds checks that Kinds has every kind, once, in order, each with
// the shape of its answer.
func TestKinds(t *testing.T) {
	var got []question.Kind
	for _, k := range Kinds() {
		got = append(got, k.Kind)
		if k.Answer == nil || k.Doc == "" {
			t.Errorf("kind %s has no answer shape or no doc", k.Kind)
		}
	}
	if want := question.Kinds(); !slices.Equal(got, want) {
		t.Errorf("Kinds = %v, want %v", got, want)
	}
}

// TestDocs checks that every key of every table says what it is for.
func TestDocs(t *testing.T) {
	tables := map[string][]Key{"course": courseKeys, "lesson": lessonKeys, "bank": bankKeys, "generated": generatedKeys,
		"include": includeKeys, "exercise": exerciseKeys, "position": pieceListKeys, "board": boardKeys, "board block": boardBlockKeys}
	for _, k := range Kinds() {
		tables[k.Kind.String()] = k.Keys
	}
	for name, keys := range tables {
		for _, k := range keys {
			if k.Doc == "" || (k.Value == nil && k.Name != "answer") {
				t.Errorf("%s: key %q has no doc or no value", name, k.Name)
			}
		}
	}
}

// sample returns n random strings of up to max characters of alphabet,
// and every string of up to 3.
func sample(alphabet string, n, max int) []string {
	out := []string{""}
	for range 3 {
		for _, s := range out {
			for _, c := range alphabet {
				if !slices.Contains(out, s+string(c)) {
					out = append(out, s+string(c))
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 0))
	for range n {
		b := make([]byte, r.IntN(max+1))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		out = append(out, string(b))
	}
	return out
}

// TestPatterns compares the schema's patterns with the loader on many
// texts: a pattern never refuses a text the loader accepts, and for
// squares, marks and goals it accepts nothing else either.
func TestPatterns(t *testing.T) {
	decode := func(kind string, s string) bool {
		var errs yamlpos.ErrorList
		f := &file{File: yamlpos.File{Name: "x.yaml", Errs: &errs}}
		n := &yaml.Node{Kind: yaml.ScalarNode, Value: s, Tag: "!!str"}
		list := &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{n}}
		switch kind {
		case "square":
			_, ok := f.square(n, "x")
			return ok
		case "mark":
			_, _, ok := f.marks(list, "x")
			return ok
		case "arrow":
			_, ok := f.arrows(list, "x")
			return ok
		case "goal":
			_, err := question.ParseGoal(s)
			return err == nil
		}
		panic(kind)
	}
	for _, tt := range []struct {
		kind     string
		pattern  string
		alphabet string
		exact    bool // else the pattern may accept more than the loader
	}{
		{"square", squareValue.Pattern, "aehi0189x", true},
		{"mark", marksValue.Item.Pattern, "ah18x*-", true},
		{"arrow", arrowsValue.Item.Pattern, "abh128x-", false}, // f6-f6 passes the pattern
		{"goal", goalValue.Pattern, "saetk:0145", true},
	} {
		re := regexp.MustCompile(tt.pattern)
		for _, s := range sample(tt.alphabet, 20000, 7) {
			loader, schema := decode(tt.kind, s), re.MatchString(s)
			if loader && !schema || tt.exact && schema != loader {
				t.Errorf("%s %q: the loader accepts it: %v, the pattern %q: %v", tt.kind, s, loader, tt.pattern, schema)
			}
		}
	}
}

// TestFENPattern checks that the FEN pattern matches every FEN the rules
// read: random valid positions in both forms, with spaces around as the
// loader trims them.
func TestFENPattern(t *testing.T) {
	re := regexp.MustCompile(fenValue.Pattern)
	r := rand.New(rand.NewPCG(2, 0))
	n := 0
	for n < 2000 {
		p := rules.Position{King: rules.Square(r.IntN(64)), Knight: rules.NoSquare, Side: rules.Color(r.IntN(2))}
		if r.IntN(4) > 0 {
			p.Knight = rules.Square(r.IntN(64))
		}
		for range r.IntN(7) {
			p.Pawns |= rules.Square(8 + r.IntN(48)).Bit()
		}
		p.Pawns &^= p.King.Bit()
		if p.Knight != rules.NoSquare {
			p.Pawns &^= p.Knight.Bit()
		}
		p.Saved = uint8(r.IntN(3))
		p.Taken = uint8(max(0, rules.PawnCount-p.Pawns.Count()-int(p.Saved)))
		if p.Validate() != nil {
			continue
		}
		n++
		fen := p.String()
		short := strings.Join(strings.Fields(fen)[:2], " ")
		for _, s := range []string{fen, " " + fen + "\n", short} {
			if _, err := rules.ParseFEN(strings.TrimSpace(s)); err == nil && !re.MatchString(s) {
				t.Fatalf("the rules read %q, the FEN pattern refuses it", s)
			}
		}
	}
	for _, s := range []string{"8/8/8/8 w 0 0", "8/8/5n2/8/8/8/1PPPPPP1/4K3 x 0 0", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 10 0", "start please"} {
		if re.MatchString(s) {
			t.Errorf("the FEN pattern matches %q", s)
		}
	}
}
