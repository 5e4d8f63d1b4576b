package catalog

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/feature/plural"

	"nostromo-lessons/internal/style"
)

// TestSpanishContractions: no Spanish message reads "de el" or "a el" in
// any theme, as a placeholder after de or a would ("Un juego de el
// pastor"): Spanish always contracts them to del and al, which the theme
// words' .gen and .acc forms carry. Nor does one put a preposition before
// a side's label, a name without its article ("victoria de Rebaño", "juega
// con Rebaño").
func TestSpanishContractions(t *testing.T) {
	uncontracted := regexp.MustCompile(`(?i)\b(de|a) el\b`)
	label := regexp.MustCompile(`(?i)\b(de|a|con|contra|en|para|por) \$(white|black)\.label\b`)
	for key, m := range all(style.Spanish) {
		for _, s := range entryTexts(m) {
			if label.MatchString(s) {
				t.Errorf("%q writes %q: want the side's word or its .gen or .acc form: %q", key, label.FindString(s), s)
			}
			for _, th := range style.Themes() {
				if got := Expand(s, style.Spanish, th); uncontracted.MatchString(got) {
					t.Errorf("%s: %q reads %q: %q", th, key, uncontracted.FindString(got), got)
				}
			}
		}
	}
}

// TestSpanishAgreement: no Spanish message holds a plural participle of a
// capture ("capturados"), which agrees with the pawns: peones are
// masculine and the farm's ovejas feminine, so "Cuatro ovejas capturados"
// was wrong in one theme or the other. The messages count captures
// ("capturas: 3") or say who captured.
func TestSpanishAgreement(t *testing.T) {
	participle := regexp.MustCompile(`(?i)\bcapturad[oa]s\b`)
	for key, m := range all(style.Spanish) {
		for _, s := range entryTexts(m) {
			if got := Expand(s, style.Spanish, style.Farm); participle.MatchString(got) {
				t.Errorf("%q holds %q, which agrees with the pawns of one theme only: %q", key, participle.FindString(got), got)
			}
		}
	}
}

// TestRussianLabels: no Russian message puts a preposition before a side's
// label, a nominative ("играет за Волк"): the preposition wants the form
// of its case ("за волка", $black.acc).
func TestRussianLabels(t *testing.T) {
	label := regexp.MustCompile(`(?i)(^|\s)(за|для|против|у|от|с|к|о|об|на|в|по) \$(white|black)\.label\b`)
	for key, m := range all(style.Russian) {
		for _, s := range entryTexts(m) {
			if label.MatchString(s) {
				t.Errorf("%q writes %q: want the side's form of the preposition's case: %q", key, strings.TrimSpace(label.FindString(s)), s)
			}
		}
	}
}

// russianCount is a number a Russian message writes before a word: %d,
// %[N]d or a script's {n}, then a word that is not a conjunction or a
// preposition ("%[3]d и %[4]d", "{n} из {total}" count nothing).
var russianCount = regexp.MustCompile(`(%(\[\d+\])?d|\{n\}) +([\p{L}$][\p{L}$.]*)`)

// russianFunctionWords are the words after a number that are not what it
// counts.
var russianFunctionWords = []string{"а", "в", "до", "за", "и", "из", "или", "на", "по", "с"}

// russianCountProblem says what is wrong with how message m counts, or
// "": a number before a word is a message with forms, and its one, few
// and many forms differ (1 ход, 2 хода, 5 ходов), since one word cannot
// agree with every number.
func russianCountProblem(m entry) string {
	counts := func(s string) bool {
		for _, sub := range russianCount.FindAllStringSubmatch(s, -1) {
			if !slices.Contains(russianFunctionWords, strings.ToLower(sub[3])) {
				return true
			}
		}
		return false
	}
	switch m := m.(type) {
	case text:
		if counts(string(m)) {
			return "counts in a text, not in forms: " + string(m)
		}
	case forms:
		one, few, many := m[plural.One], m[plural.Few], m[plural.Many]
		if counts(one+few+many) && (one == few || few == many || one == many) {
			return fmt.Sprintf("counts with forms that do not differ: one %q, few %q, many %q", one, few, many)
		}
	}
	return ""
}

// TestRussianCounts: every Russian count of a word uses the plural forms
// one, few and many (Решено 1 задание, 2 задания, 5 заданий; 21 пешка, 11
// пешек), as russianCountProblem checks; the first cases show what it
// refuses.
func TestRussianCounts(t *testing.T) {
	bad := map[string]entry{
		"a count in a text": text("Поймано %[1]d $pawns.gen."),
		"same forms":        forms{plural.One: "ещё {n} ниже", plural.Few: "ещё {n} ниже", plural.Many: "ещё {n} ниже", plural.Other: "ещё {n} ниже"},
		"few as many":       forms{plural.One: "%[1]d ход", plural.Few: "%[1]d ходов", plural.Many: "%[1]d ходов", plural.Other: "%[1]d хода"},
	}
	for name, m := range bad {
		t.Run(name, func(t *testing.T) {
			if russianCountProblem(m) == "" {
				t.Errorf("russianCountProblem(%v) = \"\", want a problem", m)
			}
		})
	}
	for key, m := range all(style.Russian) {
		if p := russianCountProblem(m); p != "" {
			t.Errorf("%q %s", key, p)
		}
	}
}

// TestGermanDutchSideLabels: no German or Dutch message puts a side's
// label, a name without its article ("Herde", "Kudde"), into a sentence:
// a verb after it read "Herde ist am Zug". The sentence names the side
// with its article ($white: die Herde, de kudde; Weiß and Wit have none).
// A message that is the label alone (a button's name) is no sentence.
func TestGermanDutchSideLabels(t *testing.T) {
	label := regexp.MustCompile(`(?i)\$(white|black)\.label\b`)
	for _, l := range []style.Language{style.German, style.Dutch} {
		for key, m := range all(l) {
			for _, s := range entryTexts(m) {
				if label.MatchString(s) && label.FindString(s) != s {
					t.Errorf("%s: %q writes %s: want the side with its article, $white or $black: %q", l, key, label.FindString(s), s)
				}
			}
		}
	}
}
