package style

import (
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestGlossaries: every theme has the same words and forms in each
// language, and docs/glossary-LANG.md lists them all as the tables hold
// them.
func TestGlossaries(t *testing.T) {
	for _, l := range []Language{Spanish, Russian, German, Dutch} {
		words := map[Language]map[Theme]map[string]string{Spanish: spanishWords, Russian: russianWords, German: germanWords, Dutch: dutchWords}[l]
		doc, err := os.ReadFile("../../docs/glossary-" + l.String() + ".md")
		if err != nil {
			t.Fatal(err)
		}
		names := slices.Sorted(maps.Keys(words[Classic]))
		for _, th := range Themes() {
			if got := slices.Sorted(maps.Keys(words[th])); !slices.Equal(got, names) {
				t.Errorf("%s, %s: the words %q, want classic's %q", l, th, got, names)
			}
		}
		for _, name := range names {
			row := "| `$" + name + "` | " + words[Classic][name] + " | " + words[Alien][name] + " | " + words[Farm][name] + " |"
			if !strings.Contains(string(doc), row) {
				t.Errorf("docs/glossary-%s.md lacks the row %s", l, row)
			}
		}
	}
}
