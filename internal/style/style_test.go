package style

import (
	"strings"
	"testing"

	"nostromo-lessons/rules"
)

func TestParseTheme(t *testing.T) {
	for _, th := range Themes() {
		for _, name := range []string{th.String(), strings.ToUpper(th.String())} {
			if got, err := ParseTheme(name); err != nil || got != th {
				t.Errorf("ParseTheme(%q) = %v, %v; want %v", name, got, err, th)
			}
		}
	}
	if _, err := ParseTheme("space"); err == nil || !strings.Contains(err.Error(), ThemeNames()) {
		t.Errorf("ParseTheme(\"space\") = %v, want an error listing %s", err, ThemeNames())
	}
}

func TestParsePaper(t *testing.T) {
	for _, p := range Papers() {
		for _, name := range []string{p.String(), strings.ToLower(p.String())} {
			if got, err := ParsePaper(name); err != nil || got != p {
				t.Errorf("ParsePaper(%q) = %v, %v; want %v", name, got, err, p)
			}
		}
	}
	if _, err := ParsePaper("A3"); err == nil {
		t.Error("ParsePaper(\"A3\") = nil error")
	}
}

// TestWords checks that every theme has all its words, and that no two
// themes share a name for a side or a piece.
func TestWords(t *testing.T) {
	seen := map[string]Theme{}
	for _, th := range Themes() {
		w := th.Words()
		for _, word := range []string{w.White, w.Black, w.King, w.Pawn, w.Pawns, w.Knight, w.Save, w.KingLabel, w.WhiteLabel, w.BlackLabel} {
			if word == "" {
				t.Errorf("theme %v lacks a word: %+v", th, w)
			}
		}
		for _, word := range []string{w.White, w.Black, w.Knight, w.KingLabel} {
			if other, ok := seen[word]; ok {
				t.Errorf("themes %v and %v both say %q", other, th, word)
			}
			seen[word] = th
		}
	}
	if got := Alien.SideInSentence(rules.White); got != "the crew" {
		t.Errorf("Alien.SideInSentence(White) = %q, want \"the crew\"", got)
	}
	if got := Farm.Count(2); got != "2 sheep" {
		t.Errorf("Farm.Count(2) = %q, want \"2 sheep\"", got)
	}
}
