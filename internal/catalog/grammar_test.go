package catalog

import (
	"regexp"
	"strings"
	"testing"

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
