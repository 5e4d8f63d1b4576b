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

// TestUTF8OutsideBMP checks that a character above U+FFFF (an emoji) in a
// UTF-8 font's text is written and measured as U+FFFD, where it indexed
// past the font's tables and panicked, and that utf8toutf16 writes it as a
// surrogate pair.
func TestUTF8OutsideBMP(t *testing.T) {
	font, err := ParseUTF8Font("go", "", goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ text, printed string }{
		{"smile \U0001F600", "smile \uFFFD"},
		{"a\U00010000b", "a\uFFFDb"},
		{"\U0010FFFF", "\uFFFD"},
		{"plain é", "plain é"},
	} {
		t.Run(tt.text, func(t *testing.T) {
			pdf := New("P", "mm", "A4", "")
			pdf.SetCompression(false)
			pdf.AddUTF8FontParsed(font)
			pdf.SetFont("go", "", 12)
			pdf.AddPage()
			if got, want := pdf.GetStringWidth(tt.text), pdf.GetStringWidth(tt.printed); got != want {
				t.Errorf("width %v, want %v (that of %q)", got, want, tt.printed)
			}
			pdf.Text(10, 10, tt.text)
			pdf.Write(5, tt.text)
			pdf.CellFormat(40, 10, tt.text, "", 1, "L", false, 0, "")
			pdf.MultiCell(40, 10, tt.text, "", "L", false)
			if lines := pdf.SplitText(tt.text, 100); len(lines) != 1 || lines[0] != tt.printed {
				t.Errorf("SplitText = %q, want [%q]", lines, tt.printed)
			}
			var b strings.Builder
			if err := pdf.Output(&b); err != nil {
				t.Fatal(err)
			}
			if want := "(" + utf8toutf16(tt.printed, false) + ") Tj"; !strings.Contains(b.String(), want) {
				t.Errorf("the page has no %q", want)
			}
		})
	}
	for in, want := range map[string]string{"\U0001F600": "\xd8\x3d\xde\x00", "aé€": "\x00a\x00\xe9\x20\xac", "\xe2": "\xff\xfd"} {
		if got := utf8toutf16(in, false); got != want {
			t.Errorf("utf8toutf16(%q) = %q, want %q", in, got, want)
		}
	}
}
