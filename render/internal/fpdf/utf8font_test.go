package fpdf

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

func TestUTF8FontID(t *testing.T) {
	for _, ttf := range [][]byte{goregular.TTF, gobold.TTF, goitalic.TTF} {
		for _, fam := range []string{"go", "A<b>&\\"} {
			f, err := ParseUTF8Font(fam, "B", ttf)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := generateFontID(f.def)
			if f.def.i != want {
				t.Errorf("%s: utf8FontID = %s, want %s", fam, f.def.i, want)
			}
			d := f.def
			d.Cw = nil
			got, _ := utf8FontID(d)
			want, _ = generateFontID(d)
			if got != want {
				t.Errorf("nil Cw: %s, want %s", got, want)
			}
		}
	}
}

// TestUTF8WidthHelpers checks the helpers of a UTF-8 font's widths array
// (generateCIDFontMap) against what they replaced: freeIndex against a
// search from 0, sameValues against counting the values, implode against
// printing them with fmt.
func TestUTF8WidthHelpers(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 8))
	for range 2000 {
		var pa untypedKeyMap
		n := rng.IntN(12)
		for i := range n { // 0 to n-1, some left out, perhaps one far off and "interval"
			if rng.IntN(5) > 0 {
				pa.keySet = append(pa.keySet, i)
			}
		}
		if rng.IntN(4) == 0 {
			pa.keySet = append(pa.keySet, n+rng.IntN(5))
		}
		if rng.IntN(2) == 0 {
			at := rng.IntN(len(pa.keySet) + 1)
			pa.keySet = slices.Insert(pa.keySet, at, any("interval"))
		}
		rng.Shuffle(len(pa.keySet), func(i, j int) { pa.keySet[i], pa.keySet[j] = pa.keySet[j], pa.keySet[i] })
		want := 0
		for pa.getIndex(want) >= 0 {
			want++
		}
		if got := pa.freeIndex(); got != want {
			t.Fatalf("freeIndex of keys %v = %d, want %d", pa.keySet, got, want)
		}

		vs := make([]int, rng.IntN(5))
		for i := range vs {
			vs[i] = 500 + 100*rng.IntN(2)
		}
		count := map[int]bool{}
		for _, v := range vs {
			count[v] = true
		}
		if got, want := sameValues(vs), len(count) == 1; got != want {
			t.Fatalf("sameValues(%v) = %v, want %v", vs, got, want)
		}
		var b strings.Builder
		for i, v := range vs {
			if i > 0 {
				b.WriteString(" ")
			}
			fmt.Fprintf(&b, "%v", v)
		}
		if got := implode(" ", vs); got != b.String() {
			t.Fatalf("implode(%v) = %q, want %q", vs, got, b.String())
		}
	}
}

// TestUTF8TextEscape checks appendEscaped, with which Text writes a UTF-16
// text, against escape on texts of the bytes escape changes and others.
func TestUTF8TextEscape(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 9))
	alphabet := []byte("\\()\r\x00a \xfe\xff")
	for range 2000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		var f Fpdf
		if got, want := string(appendEscaped([]byte("x"), string(b))), "x"+f.escape(string(b)); got != want {
			t.Fatalf("appendEscaped(%q) = %q, want %q", b, got, want)
		}
	}
}
