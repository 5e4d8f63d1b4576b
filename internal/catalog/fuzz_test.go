package catalog

import (
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// FuzzNotation reads a move as a lesson in any language may write it: a
// legal move written in a language's piece letters (as the pages show it)
// reads back, through EnglishSAN, as the same move, and EnglishSAN changes
// a text it already changed no more.
func FuzzNotation(f *testing.F) {
	for _, s := range []struct{ fen, move string }{
		{"start", "Kd1"}, {"start", "e3"}, {"8/8/8/8/8/8/4P3/4K3 b 2 3", "N@f6"},
		{"8/8/8/8/8/1n6/3P4/7K b 2 3", "Nxd2"}, {"8/8/5n2/8/4P3/8/8/K7 b 2 3", "Крd3"},
		{"8/8/5n2/8/4P3/8/8/K7 b 2 3", "Кxe4"}, {"start", "Cf4, Sd5 Pd5 Rd2"},
	} {
		f.Add(s.fen, s.move)
	}
	printers := map[style.Language]*Printer{}
	for _, l := range style.Languages() {
		printers[l] = New(l, style.Classic)
	}
	f.Fuzz(func(t *testing.T, fen, text string) {
		english := EnglishSAN(text)
		if again := EnglishSAN(english); again != english {
			t.Fatalf("EnglishSAN(%q) = %q, and again %q", text, english, again)
		}
		p, err := rules.ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := rules.ParseMove(p, english)
		if err != nil {
			return
		}
		for l, pr := range printers {
			shown := pr.SAN(p.SAN(m))
			if back, err := rules.ParseMove(p, EnglishSAN(shown)); back != m || err != nil {
				t.Errorf("%s: move %v of %q shown as %q reads back as %v, %v", l, m, fen, shown, back, err)
			}
		}
	})
}
