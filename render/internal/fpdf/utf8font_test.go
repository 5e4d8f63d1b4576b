package fpdf

import (
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
