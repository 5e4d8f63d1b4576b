package catalog

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/message/catalog"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/internal/style/styletest"
)

// neededForms returns the plural forms language l gives the counts 0 to
// 1000, and Other, which plural.Selectf falls back on.
func neededForms(l style.Language) []plural.Form {
	need := map[plural.Form]bool{plural.Other: true}
	for n := range 1001 {
		need[plural.Cardinal.MatchPlural(l.Tag(), n, 0, 0, 0, 0)] = true
	}
	return slices.Sorted(maps.Keys(need))
}

// TestComplete: every language has every key of the English catalog and
// no other, a text where English has a text and forms where English has
// forms, with every plural form the language needs, and no text empty.
func TestComplete(t *testing.T) {
	if got := neededForms(style.Russian); len(got) != 4 {
		t.Fatalf("Russian needs the forms %v, want one, few, many and other", got)
	}
	english := all(style.English)
	for _, l := range style.Languages() {
		table := all(l)
		for _, key := range slices.Sorted(maps.Keys(english)) {
			m, ok := table[key]
			if !ok {
				t.Errorf("%s: %q has no translation", l, key)
				continue
			}
			checkEntry(t, l, key, english[key], m)
		}
		for key := range table {
			if _, ok := english[key]; !ok {
				t.Errorf("%s: %q is not in the English catalog", l, key)
			}
		}
	}
}

func checkEntry(t *testing.T, l style.Language, key string, en, m entry) {
	t.Helper()
	switch m := m.(type) {
	case text:
		if _, ok := en.(text); !ok {
			t.Errorf("%s: %q is a text, but English has forms", l, key)
		}
		if strings.TrimSpace(string(m)) == "" {
			t.Errorf("%s: %q is empty", l, key)
		}
	case forms:
		if _, ok := en.(forms); !ok {
			t.Errorf("%s: %q has forms, but English has a text", l, key)
		}
		for _, f := range neededForms(l) {
			if strings.TrimSpace(m[f]) == "" {
				t.Errorf("%s: %q lacks the plural form %s", l, key, formNames[f])
			}
		}
	}
}

// TestWords: every $name of every message is a word of every theme in its
// language.
func TestWords(t *testing.T) {
	for _, l := range style.Languages() {
		for key, m := range all(l) {
			var texts []string
			switch m := m.(type) {
			case text:
				texts = []string{string(m)}
			case forms:
				texts = slices.Collect(maps.Values(m))
			}
			for _, s := range texts {
				for _, th := range style.Themes() {
					if got := Expand(s, l, th); strings.Contains(got, "$") {
						t.Errorf("%s, %s: %q: unknown word in %q", l, th, key, got)
					}
				}
			}
		}
	}
}

// TestCompile: every message of every language compiles in every theme
// (a printer compiles a message when it is first said), and lookup finds
// it as the joined catalog has it.
func TestCompile(t *testing.T) {
	for _, l := range style.Languages() {
		for _, th := range style.Themes() {
			b := catalog.NewBuilder()
			for _, key := range slices.Sorted(maps.Keys(all(l))) {
				if m, ok := lookup(l, key); !ok || !reflect.DeepEqual(m, all(l)[key]) {
					t.Errorf("%s: lookup(%q) = %v, %v; want %v from the joined catalog", l, key, m, ok, all(l)[key])
				}
				if err := set(b, l, th, false, key); err != nil {
					t.Errorf("%s: %v", th, err)
				}
			}
		}
	}
}

// TestSay: a message with forms chooses by the language's plural rules,
// in the theme's words.
func TestSay(t *testing.T) {
	tests := []struct {
		lang  style.Language
		theme style.Theme
		key   string
		n     int
		want  string
	}{
		{style.English, style.Classic, "count.pawns", 1, "1 pawn"},
		{style.English, style.Farm, "count.pawns", 3, "3 sheep"},
		{style.Russian, style.Classic, "count.pawns", 1, "1 пешка"},
		{style.Russian, style.Classic, "count.pawns", 3, "3 пешки"},
		{style.Russian, style.Classic, "count.pawns", 5, "5 пешек"},
		{style.Russian, style.Farm, "count.pawns", 21, "21 овца"},
		{style.Spanish, style.Alien, "count.pawns", 2, "2 tripulantes"},
		{style.German, style.Classic, "count.pawns", 1, "1 Bauer"},
		{style.German, style.Farm, "count.pawns", 2, "2 Schafe"},
		{style.German, style.Classic, "count.pawns.acc", 1, "1 Bauern"},
		{style.German, style.Alien, "count.moves", 1, "1 Zug"},
		{style.German, style.Alien, "count.moves", 21, "21 Züge"},
		{style.German, style.Farm, "q.goal.save", 1, "noch 1 Schaf nach Hause zu bringen"},
		{style.Dutch, style.Classic, "count.pawns", 1, "1 pion"},
		{style.Dutch, style.Farm, "count.pawns", 2, "2 schapen"},
		{style.Dutch, style.Alien, "count.moves", 3, "3 zetten"},
		{style.Dutch, style.Alien, "q.goal.save", 2, "nog 2 bemanningsleden in veiligheid te brengen"},
	}
	for _, tt := range tests {
		t.Run(tt.lang.String()+"/"+tt.want, func(t *testing.T) {
			if got := New(tt.lang, tt.theme).Say(tt.key, tt.n); got != tt.want {
				t.Errorf("Say(%q, %d) = %q, want %q", tt.key, tt.n, got, tt.want)
			}
		})
	}
}

// TestFallback: a printer says a message its language lacks in English,
// in the theme's English words, with English plural forms; a key no
// catalog has comes back as it is.
func TestFallback(t *testing.T) {
	english := tables[style.English]
	t.Cleanup(func() { tables[style.English] = english })
	tables[style.English] = append(slices.Clip(english), messages{
		"test.english-only":       text("Only in English: $King"),
		"test.english-only-forms": forms{plural.One: "%d English move", plural.Other: "%d English moves"},
	})
	tests := []struct {
		lang style.Language
		key  string
		args []any
		want string
	}{
		{style.Spanish, "test.english-only", nil, "Only in English: The king"},
		{style.Russian, "test.english-only", nil, "Only in English: The king"},
		{style.Russian, "test.english-only-forms", []any{1}, "1 English move"},
		{style.Spanish, "test.english-only-forms", []any{3}, "3 English moves"},
		{style.English, "test.english-only", nil, "Only in English: The king"},
		{style.Spanish, "test.in-no-catalog", nil, "test.in-no-catalog"},
	}
	for _, tt := range tests {
		t.Run(tt.lang.String()+"/"+tt.key, func(t *testing.T) {
			if got := New(tt.lang, style.Classic).Say(tt.key, tt.args...); got != tt.want {
				t.Errorf("Say(%q, %v) = %q, want %q", tt.key, tt.args, got, tt.want)
			}
		})
	}
}

// TestNotation: output moves take the language's piece letters, and
// answers in any language's letters read as English ones.
func TestNotation(t *testing.T) {
	line := "1. Kd3 N@f6 2. e5 Nxe5 3. Kxe4+"
	tests := []struct {
		lang style.Language
		want string
	}{
		{style.English, line},
		{style.Spanish, "1. Rd3 C@f6 2. e5 Cxe5 3. Rxe4+"},
		{style.Russian, "1. Крd3 К@f6 2. e5 Кxe5 3. Крxe4+"},
		{style.German, "1. Kd3 S@f6 2. e5 Sxe5 3. Kxe4+"},
		{style.Dutch, "1. Kd3 P@f6 2. e5 Pxe5 3. Kxe4+"},
	}
	for _, tt := range tests {
		got := New(tt.lang, style.Alien).SAN(line)
		if got != tt.want {
			t.Errorf("%s: SAN(%q) = %q, want %q", tt.lang, line, got, tt.want)
		}
		if back := EnglishSAN(got); back != line {
			t.Errorf("EnglishSAN(%q) = %q, want %q", got, back, line)
		}
	}
	if got := EnglishSAN("Kd3, Nf4"); got != "Kd3, Nf4" {
		t.Errorf("EnglishSAN(%q) = %q, want it unchanged", "Kd3, Nf4", got)
	}
}

// TestSavedWords: where the English catalog says saving with the theme's
// words ($save, $saved), so does every other language: in the farm theme
// none of its messages holds a literal word for saving (a farm's sheep are
// brought home, never saved), and each of them holds the farm's word. The
// counters' labels, which English too keeps literal ("Saved 2"), are the
// only literal ones.
func TestSavedWords(t *testing.T) {
	for _, l := range style.Languages() {
		if !slices.ContainsFunc(styletest.Saving, func(w styletest.SavingWords) bool { return w.Lang == l }) {
			t.Errorf("styletest.Saving has no words of %s", l)
		}
	}
	english := all(style.English)
	for _, tt := range styletest.Saving {
		t.Run(tt.Lang.String(), func(t *testing.T) {
			for key, m := range all(tt.Lang) {
				label := savedLiterally(english[key])
				themed := strings.Contains(entryText(english[key]), "$save")
				for _, s := range entryTexts(m) {
					got := strings.ToLower(Expand(s, tt.Lang, style.Farm))
					for _, w := range tt.Literal {
						if strings.Contains(got, w) && !label {
							t.Errorf("%q says %q literally, not the theme's word: %q", key, w, got)
						}
					}
					if themed && !strings.Contains(got, tt.Farm) {
						t.Errorf("%q lacks the farm's word %q, which English has: %q", key, tt.Farm, got)
					}
				}
			}
		})
	}
}

// savedLiterally reports whether an English message says "saved"
// literally in every theme, as the counters' labels do.
func savedLiterally(m entry) bool {
	return strings.Contains(strings.ToLower(Expand(entryText(m), style.English, style.Farm)), "saved")
}

// entryText returns a message's texts joined, each form of a message with
// forms.
func entryText(m entry) string { return strings.Join(entryTexts(m), "\n") }

// entryTexts returns a message's text, or each of its forms.
func entryTexts(m entry) []string {
	switch m := m.(type) {
	case text:
		return []string{string(m)}
	case forms:
		return slices.Sorted(maps.Values(m))
	}
	return nil
}

// TestChildSide: a message said to a child who plays one side names the
// other, never the child's own: a game's praise (answer.right when the
// child plays White, answer.right-black when Black) and what the play
// board says of the engine, which plays the side the child does not
// (play.KEY when the child plays White, play.KEY.b when Black), in every
// language and theme.
func TestChildSide(t *testing.T) {
	tests := []struct{ key, own string }{
		{"script.answer.right", "white"},
		{"script.answer.right-black", "black"},
	}
	for _, k := range []string{"button", "engine-played", "loading", "longer", "perfect.loss", "thinking"} {
		tests = append(tests, struct{ key, own string }{"script.play." + k, "white"}, struct{ key, own string }{"script.play." + k + ".b", "black"})
	}
	for _, l := range style.Languages() {
		for _, th := range style.Themes() {
			for _, tt := range tests {
				m, ok := all(l)[tt.key]
				if !ok {
					t.Errorf("%s: no message %q", l, tt.key)
					continue
				}
				for _, s := range entryTexts(m) {
					got := strings.ToLower(Expand(s, l, th))
					for _, w := range []string{tt.own, tt.own + ".label"} {
						if word, _ := th.Word(l, w); strings.Contains(got, strings.ToLower(word)) {
							t.Errorf("%s, %s: %q says %q, the child's own side %q", l, th, tt.key, got, word)
						}
					}
				}
			}
		}
	}
}

// TestNumber: a number's digits are grouped as each language writes them
// (CLDR), not always with English commas.
func TestNumber(t *testing.T) {
	tests := []struct {
		lang style.Language
		n    int64
		want string
	}{
		{style.English, 53372, "53,372"},
		{style.English, 1234567, "1,234,567"},
		{style.English, 999, "999"},
		{style.Spanish, 53372, "53.372"},
		{style.German, 1234567, "1.234.567"},
		{style.Dutch, 59682, "59.682"},
		{style.Russian, 53372, "53\u00a0372"},
		{style.Russian, 12, "12"},
	}
	for _, tt := range tests {
		t.Run(tt.lang.String()+"/"+tt.want, func(t *testing.T) {
			if got := New(tt.lang, style.Classic).Number(tt.n); got != tt.want {
				t.Errorf("Number(%d) in %s = %q, want %q", tt.n, tt.lang, got, tt.want)
			}
		})
	}
}
