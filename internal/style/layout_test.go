package style

import (
	"strconv"
	"strings"
	"testing"
)

// TestParseLayout reads every layout's name back.
func TestParseLayout(t *testing.T) {
	for l := range Layout(len(layoutNames)) {
		if got, err := ParseLayout(l.String()); got != l || err != nil {
			t.Errorf("ParseLayout(%q) = %v, %v; want %v", l.String(), got, err, l)
		}
	}
	if _, err := ParseLayout("tiny"); err == nil {
		t.Errorf("ParseLayout(%q): no error", "tiny")
	}
	if got, want := strings.Join(LayoutNames(), " "), "by-kind roomy compact drill"; got != want {
		t.Errorf("LayoutNames() = %q, want %q", got, want)
	}
}

// FuzzParseLayout checks the reader of a course's layout names: a name
// read is the name String writes, and a refused one is quoted in its
// error.
func FuzzParseLayout(f *testing.F) {
	for _, name := range layoutNames {
		f.Add(name)
	}
	f.Add("tiny")
	f.Fuzz(func(t *testing.T, s string) {
		if l, err := ParseLayout(s); err == nil && l.String() != s || err != nil && !strings.Contains(err.Error(), strconv.Quote(s)) {
			t.Errorf("ParseLayout(%q) = %v, %v, want the input back or an error quoting it", s, l, err)
		}
	})
}
