package budget

import (
	"strconv"
	"strings"
	"testing"
)

// sizeTests are sizes as --budget gives them, good and bad; FuzzParse
// starts from them.
var sizeTests = []struct {
	in   string
	want int64
	ok   bool
}{
	{"4GB", 4e9, true},
	{"4gb", 4e9, true},
	{"512 MB", 512e6, true},
	{"1.5GB", 1.5e9, true},
	{"3000000000", 3e9, true},
	{"1TB", 1e12, true},
	{"", 0, false},
	{"GB", 0, false},
	{"-4GB", 0, false},
	{"10KB", 0, false},
	{"2TB", 0, false},
	{"NaNGB", 0, false},
	{"4 GiB", 0, false},
	{"+4GB", 0, false},
	{"4.GB", 0, false},
	{"0x1p30", 0, false},
	{"InfB", 0, false},
	{" 2.5e3 mb\t", 2.5e9, true},
}

func TestParse(t *testing.T) {
	for _, tt := range sizeTests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in)
			if got != tt.want || (err == nil) != tt.ok {
				t.Errorf("Parse(%q) = %d, %v; want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
			}
		})
	}
	for _, n := range []int64{4e9, 1.5e9, 512e6} {
		if got, err := Parse(Format(n)); err != nil || got != n {
			t.Errorf("Parse(Format(%d) = %q) = %d, %v", n, Format(n), got, err)
		}
	}
}

// FuzzParse checks the reader of --budget: a size read is from 1 MB to
// 1 TB and is read back from Format within its rounding (one decimal of
// its unit, under 5%), and a refused one is quoted in its error.
func FuzzParse(f *testing.F) {
	for _, tt := range sizeTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := Parse(s)
		if err != nil {
			if n != 0 || !strings.Contains(err.Error(), strconv.Quote(s)) {
				t.Fatalf("Parse(%q) = %d, %v, want 0 and an error quoting the input", s, n, err)
			}
			return
		}
		if n < 1e6 || n > 1e12 {
			t.Fatalf("Parse(%q) = %d, outside 1MB to 1TB", s, n)
		}
		text := Format(n)
		back, err := Parse(text)
		if err != nil || float64(back) < 0.95*float64(n) || float64(back) > 1.05*float64(n) {
			t.Fatalf("Parse(%q) = %d, written %q, read back as %d, %v", s, n, text, back, err)
		}
	})
}

// TestFormat checks the one way sizes are written: in TB, GB or MB, one
// decimal, and MB also below 1 MB (a test's tiny budget, as
// internal/course's testdata/bad/budget.err shows it).
func TestFormat(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{
		{4e9, "4GB"}, {1.5e9, "1.5GB"}, {4.25e9, "4.3GB"}, {512e6, "512MB"}, {8.5e6, "8.5MB"},
		{4e5, "0.4MB"}, {1e12, "1TB"}, {1.1e12, "1.1TB"}, {64e9, "64GB"},
	} {
		if got := Format(tt.n); got != tt.want {
			t.Errorf("Format(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
