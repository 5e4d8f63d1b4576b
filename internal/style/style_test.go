package style

import (
	"slices"
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
	// Any other word is refused with every theme and its pieces named;
	// a word of a theme's story (the seed calls the farm's pieces the
	// shepherd, the sheep and the wolf) names its theme too.
	tests := []struct{ name, want string }{
		{"space", ""},
		{"sheep", "; did you mean farm?"},
		{"Shepherd", "; did you mean farm?"},
		{"wolf", "; did you mean farm?"},
		{"ripley", "; did you mean alien?"},
		{"crew", "; did you mean alien?"},
		{"knight", "; did you mean classic?"},
	}
	for _, tt := range tests {
		_, err := ParseTheme(tt.name)
		if err == nil {
			t.Errorf("ParseTheme(%q): no error", tt.name)
			continue
		}
		for _, w := range []string{"farm (the shepherd, the sheep and the wolf)", "alien (Ripley, the crew members and the alien)", "classic (the king, the pawns and the knight)", tt.want} {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("ParseTheme(%q) = %v, want an error that says %q", tt.name, err, w)
			}
		}
		if tt.want == "" && strings.Contains(err.Error(), "did you mean") {
			t.Errorf("ParseTheme(%q) = %v, want no theme named for it", tt.name, err)
		}
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

// TestPlaceholders checks every theme's word for every placeholder: it is
// there, capitalises, has no character YAML or Markdown reads specially,
// and the side and the king differ.
func TestPlaceholders(t *testing.T) {
	for _, th := range Themes() {
		for _, name := range Placeholders {
			word, ok := th.Placeholder(name)
			if !ok || word == "" {
				t.Errorf("%v.Placeholder(%q) = %q, %v; want a word", th, name, word, ok)
			}
			if strings.ContainsAny(word, "'\":#*_[]`{}|>&!%@\\\n") {
				t.Errorf("%v.Placeholder(%q) = %q holds a character YAML or Markdown reads specially", th, name, word)
			}
			upper := strings.ToUpper(name[:1]) + name[1:]
			if got, _ := th.Placeholder(upper); got != strings.ToUpper(word[:1])+word[1:] {
				t.Errorf("%v.Placeholder(%q) = %q, want %q capitalised", th, upper, got, word)
			}
			for _, form := range Forms {
				if got, ok := th.Form(name, form); !ok || got != word {
					t.Errorf("%v.Form(%q, %q) = %q, %v; want %q", th, name, form, got, ok, word)
				}
			}
		}
		king, _ := th.Placeholder("king")
		white, _ := th.Placeholder("white")
		if strings.EqualFold(king, white) {
			t.Errorf("theme %v calls the side and the king both %q", th, king)
		}
		for _, bad := range []string{"", "kign", "KING", "king.acc", "$king"} {
			if got, ok := th.Placeholder(bad); ok {
				t.Errorf("%v.Placeholder(%q) = %q, true; want not a placeholder", th, bad, got)
			}
		}
		if got, ok := th.Form("king", "pl"); ok {
			t.Errorf("%v.Form(\"king\", \"pl\") = %q, true; want an unknown form", th, got)
		}
	}
}

// TestStoryWords checks that each theme's story words are its own: every
// one of them is in the theme's words, and no word of another theme holds
// one.
func TestStoryWords(t *testing.T) {
	words := func(th Theme) []string {
		w := th.Words()
		all := []string{w.White, w.Black, w.King, w.Pawn, w.Pawns, w.Knight, w.Save, w.Saved, w.Lair, w.Row8, w.Door, w.KingLabel, w.WhiteLabel, w.BlackLabel}
		var out []string
		for _, s := range all {
			out = append(out, strings.Fields(strings.ToLower(s))...)
		}
		return out
	}
	for _, th := range Themes() {
		own := words(th)
		for _, story := range th.StoryWords() {
			if !slices.Contains(own, story) {
				t.Errorf("theme %v: story word %q is in none of its words", th, story)
			}
			for _, other := range Themes() {
				if other != th && slices.Contains(words(other), story) {
					t.Errorf("theme %v uses %q, a word of theme %v's story", other, story, th)
				}
			}
		}
	}
}
