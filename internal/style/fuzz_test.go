package style

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// FuzzParseNames checks the readers of the names a command line or a
// course.yaml gives (--theme, --paper, --language): a name read is the
// name String writes, in some letter case, and a refused one is quoted in
// its error.
func FuzzParseNames(f *testing.F) {
	for _, th := range Themes() {
		f.Add(th.String())
	}
	for _, p := range Papers() {
		f.Add(strings.ToLower(p.String()))
	}
	for _, l := range Languages() {
		f.Add(strings.ToUpper(l.String()))
	}
	f.Add("space")
	f.Add("A3")
	f.Fuzz(func(t *testing.T, s string) {
		parsers := []struct {
			name  string
			parse func(string) (fmt.Stringer, error)
		}{
			{"ParseTheme", func(s string) (fmt.Stringer, error) { return ParseTheme(s) }},
			{"ParsePaper", func(s string) (fmt.Stringer, error) { return ParsePaper(s) }},
			{"ParseLanguage", func(s string) (fmt.Stringer, error) { return ParseLanguage(s) }},
		}
		for _, p := range parsers {
			v, err := p.parse(s)
			switch {
			case err != nil && !strings.Contains(err.Error(), strconv.Quote(s)):
				t.Errorf("%s(%q) = %v, want an error quoting the input", p.name, s, err)
			case err == nil && !strings.EqualFold(v.String(), s):
				t.Errorf("%s(%q) = %v, not the input in another letter case", p.name, s, v)
			}
		}
	})
}
