package render

import (
	"bytes"
	"sync"
	"testing"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// TestParsedFont checks the patch of fpdf (render/internal/fpdf/PATCH.md):
// a document with fonts parsed once (ParseUTF8Font, AddUTF8FontParsed) is
// the same byte for byte as one that parses them itself
// (AddUTF8FontFromBytes), also when many documents share the parsed fonts
// at once (run with -race).
func TestParsedFont(t *testing.T) {
	doc := func(text string, add func(f *fpdf.Fpdf)) []byte {
		f := fpdf.New("P", "mm", "A4", "")
		f.SetCompression(true)
		f.SetCreationDate(fixedDate)
		f.SetModificationDate(fixedDate)
		f.SetCatalogSort(true)
		add(f)
		f.AddPage()
		f.SetFont("go", "", 14)
		f.Text(20, 20, text)
		f.SetFont("go", "B", 14)
		f.Text(20, 40, text+" · é ✓")
		var buf bytes.Buffer
		if err := f.Output(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	regular, err := fpdf.ParseUTF8Font("go", "", goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	bold, err := fpdf.ParseUTF8Font("Go", "b", gobold.TTF)
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{"Ripley", "the alien", "Nostromo", "crew 1 2 3", "Ž ß"}
	var wg sync.WaitGroup
	for _, text := range texts {
		for range 4 {
			wg.Go(func() {
				want := doc(text, func(f *fpdf.Fpdf) {
					f.AddUTF8FontFromBytes("go", "", goregular.TTF)
					f.AddUTF8FontFromBytes("go", "B", gobold.TTF)
				})
				got := doc(text, func(f *fpdf.Fpdf) {
					f.AddUTF8FontParsed(regular)
					f.AddUTF8FontParsed(bold)
				})
				if !bytes.Equal(got, want) {
					t.Errorf("%q: a document with parsed fonts differs from one with fonts from bytes", text)
				}
			})
		}
	}
	wg.Wait()
	if _, err := fpdf.ParseUTF8Font("go", "", []byte("not a font at all")); err == nil {
		t.Error(`ParseUTF8Font("not a font at all") = nil error, want one`)
	}
}

// TestGoFontIDs checks the recorded identifiers of the Go fonts
// (goFontIDs) against those fpdf computes from the fonts.
func TestGoFontIDs(t *testing.T) {
	fonts, err := parseFonts(func(style string, ttf []byte) (*fpdf.UTF8Font, error) {
		return fpdf.ParseUTF8Font("go", style, ttf)
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, style := range []string{"", "B", "I"} {
		if got, want := fonts[i].ID(), goFontIDs[style]; got != want {
			t.Errorf("Go font %q: fpdf computes the identifier %s, goFontIDs has %s", style, got, want)
		}
	}
}
