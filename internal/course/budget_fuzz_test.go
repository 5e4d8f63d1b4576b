package course

import (
	"regexp"
	"testing"

	"nostromo-lessons/internal/budget"
)

// FuzzBudget checks course.yaml's budget against its JSON Schema: every
// size the loader accepts (budget.Parse) matches the schema's pattern,
// so that an editor never marks a budget that check accepts. (The
// pattern's \s is ASCII here and wider in an editor's ECMAScript, so a
// match here is a match there.)
func FuzzBudget(f *testing.F) {
	var pattern *regexp.Regexp
	for _, k := range courseKeys {
		if k.Name == "budget" {
			pattern = regexp.MustCompile(k.Value.Pattern)
		}
	}
	if pattern == nil {
		f.Fatal("courseKeys has no budget")
	}
	for _, s := range []string{"4GB", "4gb", "512 MB", "1.5GB", "3000000000", "1TB", "+4GB", "4.GB", "0x1p30", "1e9", " 6GB ", "InfB", "4GB\v"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := budget.Parse(s); err == nil && !pattern.MatchString(s) {
			t.Errorf("budget.Parse(%q) accepts a budget that course.yaml's schema pattern %s refuses", s, pattern)
		}
	})
}
