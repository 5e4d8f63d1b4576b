package safelink

import "testing"

// allowedTests are the table of TestAllowed and the seeds of FuzzAllowed.
var allowedTests = []struct {
	url  string
	want bool
}{
	{"https://www.chessvariants.com/", true},
	{"http://example.org/a?b#c", true},
	{"mailto:teacher@example.org", true},
	{"02-next.html", true},
	{"#exercise-3", true},
	{"../pdf/01.pdf", true},
	{"?page=2", true},
	{"a/b:c", true}, // a colon after a slash is part of a path
	{"https://example.org/?a=1&amp;b=2", true},
	{"javascript:alert(1)", false},
	{"JavaScript:alert(1)", false},
	{"java\tscript:alert(1)", false},
	{" javascript:alert(1)", false},
	{"vbscript:msgbox", false},
	{"data:image/png;base64,AAAA", false},
	{"file:///etc/passwd", false},
	{"&#106;avascript:alert(1)", false},
	{"&#x6A;avascript:alert(1)", false},
	{"&#X6a;avascript:alert(1)", false},
	{"&#0000106;avascript:alert(1)", false},
	{"&#106avascript:alert(1)", false},
	{"javascript&colon;alert(1)", false},
	{"javascript&#58;alert(1)", false},
	{"javascript&#x3a;alert(1)", false},
	{"&amp;#106;avascript:alert(1)", false},
	{"java&Tab;script:alert(1)", false},
	{"java&NewLine;script:alert(1)", false},
	{`javascript\:alert(1)`, false},
	{`\javascript:alert(1)`, false},
	{"%6Aavascript:alert(1)", false},
	{"&#104;ttps://example.org", true},
	{"&amp;amp;amp;amp;amp;amp;amp;amp;amp;amp;#106;avascript:alert(1)", false},
}

func TestAllowed(t *testing.T) {
	for _, tt := range allowedTests {
		if got := Allowed(tt.url); got != tt.want {
			t.Errorf("Allowed(%q) = %v, want %v", tt.url, got, tt.want)
		}
	}
}

// FuzzAllowed checks that whatever Allowed lets through does not decode,
// as a browser would read it, to a script, data or file link.
func FuzzAllowed(f *testing.F) {
	for _, tt := range allowedTests {
		f.Add(tt.url)
	}
	f.Fuzz(func(t *testing.T, u string) {
		d := Decode(u)
		if !Allowed(u) {
			return
		}
		for _, bad := range []string{"javascript:", "vbscript:", "data:", "file:"} {
			if len(d) >= len(bad) && equalFold(d[:len(bad)], bad) {
				t.Errorf("Allowed(%q) = true, but it decodes to %q", u, d)
			}
		}
	})
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
