package mdtext

import (
	"strings"
	"testing"
)

// TestSizeStops checks that Size stops counting past its limit, so
// that a field that would fill a disk is measured in a moment.
func TestSizeStops(t *testing.T) {
	src := "[a]: https://e.example/" + strings.Repeat("x", 9000) + "\n\n" + strings.Repeat("[a]", 3600)
	html, md := Size(src, 200000)
	for name, n := range map[string]int{"html": html, "md": md} {
		if n <= 200000 || n > 200000+20000 {
			t.Errorf("Size %s = %d, want a little over the limit 200000", name, n)
		}
	}
}
