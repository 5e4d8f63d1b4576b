package style

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzParseAnswerSpace checks the reader of answer space names: a name
// read is the name String writes, and a refused one is quoted in its
// error.
func FuzzParseAnswerSpace(f *testing.F) {
	for _, name := range spaceNames {
		f.Add(name)
	}
	f.Add("tiny")
	f.Fuzz(func(t *testing.T, s string) {
		if a, err := ParseAnswerSpace(s); err == nil && a.String() != s || err != nil && !strings.Contains(err.Error(), strconv.Quote(s)) {
			t.Errorf("ParseAnswerSpace(%q) = %v, %v, want the input back or an error quoting it", s, a, err)
		}
	})
}
