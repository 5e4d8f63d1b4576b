package fonts

import (
	"sync"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

// Go returns the Go fonts ("go" in the styles "", "B" and "I"), made once
// for every PDF the process makes from what fpdf parsed of them when
// goFontData was generated. A font is only read (it keeps the subsets it
// cut), so documents made at the same time share it.
var Go = sync.OnceValue(func() []*fpdf.UTF8Font {
	data := goFontData()
	fonts := make([]*fpdf.UTF8Font, len(data))
	for i, d := range data {
		fonts[i] = fpdf.NewUTF8Font(d, goTTFs[i].ttf)
	}
	return fonts
})

// Printable reports whether the PDFs can print r: whether the Go fonts,
// which all have the same characters, have a glyph for it. Any other
// character prints as an empty box, or above U+FFFF (an emoji) as U+FFFD;
// the site shows it with the reader's fonts. Line breaks and tabs are
// printable (they are white space).
func Printable(r rune) bool {
	if r == '\n' || r == '\t' || r == '\r' {
		return true
	}
	return r >= 0 && r < 0x10000 && goRegularWidths[r] != 0
}

// goTTFs are the Go fonts by style, in the order of goFontData, which
// TestGoFontsFresh generates from them with:
//
//go:generate go test -run TestGoFontsFresh -update .
var goTTFs = []struct {
	style string
	ttf   []byte
}{{"", goregular.TTF}, {"B", gobold.TTF}, {"I", goitalic.TTF}}
