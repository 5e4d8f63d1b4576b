package diagram

import (
	"math"
	"strings"
	"testing"
)

// TestParseArt checks the art format's errors.
func TestParseArt(t *testing.T) {
	tests := []struct{ art, want string }{
		{"", "no paths"},
		{"white black 4 M 0 0 Z", "FILL STROKE WIDTH"},
		{"pink black 4: M 0 0 Z", `colour "pink"`},
		{"white black x: M 0 0 Z", "stroke width"},
		{"white black 4: L 0 0", "must start with M"},
		{"white black 4: M 0 0 A 1 1", `path command "A"`},
		{"white black 4: M 0 0 C 1 2 3", "want 6 numbers"},
		{"white black 4: M 0 0 L 500 0", "want -10 to 110"},
	}
	for _, tt := range tests {
		_, err := ParseArt("t.art", []byte(tt.art))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseArt(%q) error = %v, want one containing %q", tt.art, err, tt.want)
		}
	}
	a, err := ParseArt("t.art", []byte("# q\nnone black 2: M 0 0 Q 50 100 100 0\n"))
	if err != nil || len(a) != 1 || a[0].Cmds[1].Op != 'C' {
		t.Fatalf("ParseArt(quadratic) = %+v, %v, want one path with a cubic", a, err)
	}
	want := [6]float64{100.0 / 3, 200.0 / 3, 200.0 / 3, 200.0 / 3, 100, 0}
	for i, got := range a[0].Cmds[1].P {
		if math.Abs(got-want[i]) > 1e-9 {
			t.Errorf("quadratic as cubic = %v, want %v", a[0].Cmds[1].P, want)
			break
		}
	}
}

// FuzzParseArt checks that no art text crashes the reader.
func FuzzParseArt(f *testing.F) {
	f.Add("white black 4: M 0 0 L 10 10 C 1 2 3 4 5 6 Q 1 2 3 4 Z")
	f.Add("# c\nnone none 0: M 1,2 Z")
	f.Fuzz(func(t *testing.T, s string) { ParseArt("f.art", []byte(s)) })
}
