package class

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzCheckName checks that a name CheckName takes is at most MaxName
// characters of UTF-8 without a control, format or script character, has
// no space at its ends, and is taken again as it is.
func FuzzCheckName(f *testing.F) {
	for _, s := range []string{"Ada", "  Ada  Lovelace ", "<script>", "Зоя", "O'Neil", "a\u202eb", strings.Repeat("x", 41), "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := CheckName(in)
		if err != nil {
			return
		}
		if !utf8.ValidString(got) || utf8.RuneCountInString(got) > MaxName || got == "" || strings.TrimSpace(got) != got {
			t.Fatalf("CheckName(%q) = %q, want 1 to %d characters of UTF-8 without spaces at the ends", in, got, MaxName)
		}
		for _, r := range got {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || strings.ContainsRune("<>&\"'`\\", r) {
				t.Fatalf("CheckName(%q) = %q, which holds %q", in, got, r)
			}
		}
		if again, err := CheckName(got); err != nil || again != got {
			t.Fatalf("CheckName(%q) = %q, %v; want it as it is", got, again, err)
		}
	})
}
