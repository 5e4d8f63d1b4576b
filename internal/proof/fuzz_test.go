package proof

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzParseSize checks the reader of --budget: a size read is from 1 MB to
// 1 TB and is read back from FormatSize within its rounding (one decimal of
// its unit, under 5%), and a refused one is quoted in its error.
func FuzzParseSize(f *testing.F) {
	for _, tt := range sizeTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseSize(s)
		if err != nil {
			if n != 0 || !strings.Contains(err.Error(), strconv.Quote(s)) {
				t.Fatalf("ParseSize(%q) = %d, %v, want 0 and an error quoting the input", s, n, err)
			}
			return
		}
		if n < 1e6 || n > 1e12 {
			t.Fatalf("ParseSize(%q) = %d, outside 1MB to 1TB", s, n)
		}
		text := FormatSize(n)
		back, err := ParseSize(text)
		if err != nil || float64(back) < 0.95*float64(n) || float64(back) > 1.05*float64(n) {
			t.Fatalf("ParseSize(%q) = %d, written %q, read back as %d, %v", s, n, text, back, err)
		}
	})
}
