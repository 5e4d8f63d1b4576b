// Copyright ©2026 The go-pdf Authors. All rights reserved.
// Use of this source code is governed by a MIT-style
// license that can be found in the LICENSE file.

package fpdf

import (
	"compress/zlib"
	"crypto/sha1"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"
)

// UTF8Font is a UTF-8 (TrueType) font parsed once, for a family and a
// style, to be added to any number of documents with AddUTF8FontParsed.
// Parsing a font and computing its identifier take far longer than writing
// a short document, so a program that makes many documents with the same
// fonts parses each font once. A UTF8Font is never changed after
// ParseUTF8Font returns: documents on several goroutines may share it.
type UTF8Font struct {
	family, style string      // as given to ParseUTF8Font
	key           string      // the font key of its family and style
	def           fontDefType // metrics, widths and identifier; utf8File is never cut

	mu   sync.Mutex
	cuts map[string]utf8Cut // by runeKey of the characters used
}

// ParseUTF8Font parses a TrueType font as AddUTF8FontFromBytes does, for
// the family and style given (see AddUTF8FontFromBytes).
func ParseUTF8Font(familyStr, styleStr string, utf8Bytes []byte) (*UTF8Font, error) {
	font, err := parseUTF8Font(familyStr, styleStr, utf8Bytes)
	if err != nil {
		return nil, err
	}
	if font.def.i, err = utf8FontID(font.def); err != nil {
		return nil, fmt.Errorf("fpdf: font %q: %w", font.key, err)
	}
	return font, nil
}

// ID returns the font's identifier, which a document names it by.
func (font *UTF8Font) ID() string { return font.def.i }

// parseUTF8Font parses a TrueType font, without its identifier.
func parseUTF8Font(familyStr, styleStr string, utf8Bytes []byte) (*UTF8Font, error) {
	fontkey := getFontKey(fontFamilyEscape(familyStr), styleStr)
	utf8File := newUTF8Font(&fileReader{readerPosition: 0, array: utf8Bytes})
	if err := utf8File.parseFile(); err != nil {
		return nil, fmt.Errorf("fpdf: font %q: %w", fontkey, err)
	}
	def := fontDefType{
		Tp:   "UTF8",
		Name: fontkey,
		Desc: FontDescType{
			Ascent:       int(utf8File.Ascent),
			Descent:      int(utf8File.Descent),
			CapHeight:    utf8File.CapHeight,
			Flags:        utf8File.Flags,
			FontBBox:     utf8File.Bbox,
			ItalicAngle:  utf8File.ItalicAngle,
			StemV:        utf8File.StemV,
			MissingWidth: round(utf8File.DefaultWidth),
		},
		Up:       int(round(utf8File.UnderlinePosition)),
		Ut:       round(utf8File.UnderlineThickness),
		Cw:       utf8File.CharWidths,
		utf8File: utf8File,
	}
	return &UTF8Font{family: familyStr, style: styleStr, key: fontkey, def: def, cuts: map[string]utf8Cut{}}, nil
}

// UTF8FontData is what ParseUTF8Font finds in a font, in a form that a
// program can write as Go source and compile in: a process that makes a
// font of it with NewUTF8Font neither parses the font nor allocates its
// 65,536 widths (patched: see PATCH.md).
type UTF8FontData struct {
	Family, Style string // as given to ParseUTF8Font
	ID            string // the font's identifier, as ID returns it

	// The font descriptor: FontBBox is Xmin, Ymin, Xmax, Ymax.
	Ascent, Descent, CapHeight, Flags, ItalicAngle, StemV, MissingWidth int
	FontBBox                                                            [4]int

	Up, Ut int         // the underline's position and thickness
	Widths []int       // by character, 65,536 of them; only read
	Glyphs []CharGlyph // the cmap, sorted by character; only read
}

// CharGlyph is a character of a font's cmap and the glyph it maps to.
type CharGlyph struct{ Char, Glyph uint16 }

// Data returns what the font was parsed into. Its Widths and Glyphs are
// the font's own, and must not be changed.
func (font *UTF8Font) Data() UTF8FontData {
	d := font.def.Desc
	return UTF8FontData{
		Family: font.family, Style: font.style, ID: font.def.i,
		Ascent: d.Ascent, Descent: d.Descent, CapHeight: d.CapHeight, Flags: d.Flags,
		ItalicAngle: d.ItalicAngle, StemV: d.StemV, MissingWidth: d.MissingWidth,
		FontBBox: [4]int{d.FontBBox.Xmin, d.FontBBox.Ymin, d.FontBBox.Xmax, d.FontBBox.Ymax},
		Up:       font.def.Up, Ut: font.def.Ut,
		Widths: font.def.Cw,
		Glyphs: font.def.utf8File.charSymbolDictionary,
	}
}

// NewUTF8Font returns the font that ParseUTF8Font returns for data's
// family and style and the TrueType font ttf, given data as Data returns
// it for that font, without parsing ttf. The font keeps data's Widths and
// Glyphs, and only reads them.
func NewUTF8Font(data UTF8FontData, ttf []byte) *UTF8Font {
	fontkey := getFontKey(fontFamilyEscape(data.Family), data.Style)
	b := data.FontBBox
	def := fontDefType{
		Tp:   "UTF8",
		Name: fontkey,
		Desc: FontDescType{
			Ascent:       data.Ascent,
			Descent:      data.Descent,
			CapHeight:    data.CapHeight,
			Flags:        data.Flags,
			FontBBox:     fontBoxType{b[0], b[1], b[2], b[3]},
			ItalicAngle:  data.ItalicAngle,
			StemV:        data.StemV,
			MissingWidth: data.MissingWidth,
		},
		Up: data.Up,
		Ut: data.Ut,
		Cw: data.Widths,
		i:  data.ID,
		utf8File: &utf8FontFile{
			fileReader:           &fileReader{array: ttf},
			CharWidths:           data.Widths,
			charSymbolDictionary: data.Glyphs,
		},
	}
	return &UTF8Font{family: data.Family, style: data.Style, key: fontkey, def: def, cuts: map[string]utf8Cut{}}
}

// AddUTF8FontParsed adds a font parsed by ParseUTF8Font to the document,
// as AddUTF8FontFromBytes with the same family, style and bytes would:
// the document is the same byte for byte. The document keeps its own
// record of the characters it uses and cuts its own copy of the font when
// it is written; the parsed font is only read.
func (f *Fpdf) AddUTF8FontParsed(font *UTF8Font) {
	if f.err != nil {
		return
	}
	if _, ok := f.fonts[font.key]; ok {
		return
	}
	def := font.def
	def.shared = font
	cut := *font.def.utf8File // GenerateCutFont changes the file it cuts
	cut.fileReader = &fileReader{readerPosition: 0, array: font.def.utf8File.fileReader.array}
	def.utf8File = &cut
	if f.aliasNbPagesStr == "" {
		def.usedRunes = makeSubsetRange(57)
	} else {
		def.usedRunes = makeSubsetRange(32)
	}
	f.fonts[font.key] = def
}

// utf8Cut is what a document embeds of a UTF-8 font for the characters it
// uses: the subset of the font and its CIDToGIDMap, both compressed.
// Documents that use the same characters of a parsed font embed the same
// bytes, so the font keeps the cuts it made (patched: see PATCH.md).
type utf8Cut struct {
	size     int    // bytes of the subset, before compression
	font     []byte // the subset, compressed
	cidToGID []byte // the CIDToGIDMap, compressed
	lastRune int    // the utf8FontFile's LastRune after cutting
}

// cutUTF8Fonts cuts the subsets of the document's UTF-8 fonts among keys,
// one after another, and returns them by font key. (A goroutine each took
// a tenth more time, wall and CPU, for a one-worksheet process on two busy
// cores: each needs a compressor and buffers of its own, and a build makes
// its documents on every core anyway.)
func (f *Fpdf) cutUTF8Fonts(keys []string) map[string]utf8Cut {
	cuts := make(map[string]utf8Cut)
	for _, key := range keys {
		font := f.fonts[key]
		if font.Tp != "UTF8" {
			continue
		}
		delete(font.usedRunes, 0)
		cuts[key] = font.cutUTF8(font.usedRunes)
	}
	return cuts
}

// cutUTF8 returns the font's subset for the characters used, from the
// parsed font's cuts when it has this one; the bytes are shared and must
// not be changed.
func (def *fontDefType) cutUTF8(usedRunes map[int]int) utf8Cut {
	var key string
	if def.shared != nil {
		key = runeKey(usedRunes)
		def.shared.mu.Lock()
		cut, ok := def.shared.cuts[key]
		def.shared.mu.Unlock()
		if ok {
			return cut
		}
	}
	stream := def.utf8File.GenerateCutFont(usedRunes)
	codeSymbols := def.utf8File.CodeSymbolDictionary
	delete(codeSymbols, 0)
	cut := utf8Cut{size: len(stream), lastRune: def.utf8File.LastRune}
	mem := compressCIDToGIDMap(codeSymbols) // patched: see PATCH.md
	cut.cidToGID = mem.copy()
	mem.release()
	mem = xmem.compress(stream)
	cut.font = mem.copy()
	mem.release()
	if def.shared != nil {
		def.shared.mu.Lock()
		def.shared.cuts[key] = cut
		def.shared.mu.Unlock()
	}
	return cut
}

// compressCIDToGIDMap returns the CIDToGIDMap of the glyphs by character
// (two bytes, the glyph, for each of the 65,536 characters; zero for a
// character not in glyphs), compressed. The map, 128 KiB of nearly all
// zeros, is written a part at a time from a small buffer, not made whole:
// the compressed bytes do not depend on how the input is cut (patched: see
// PATCH.md).
func compressCIDToGIDMap(glyphs map[int]int) *membuffer {
	cids := slices.Sorted(maps.Keys(glyphs))
	return xmem.compressFunc(0, func(zw *zlib.Writer) error { // a few hundred bytes
		var part [4096]byte
		for start := 0; start < 256*256*2; start += len(part) {
			clear(part[:])
			for ; len(cids) > 0 && 2*cids[0] < start+len(part); cids = cids[1:] {
				at, glyph := 2*cids[0]-start, glyphs[cids[0]]
				part[at] = byte(glyph >> 8)
				part[at+1] = byte(glyph & 0xFF)
			}
			if _, err := zw.Write(part[:]); err != nil {
				return err
			}
		}
		return nil
	})
}

// runeKey returns the used characters, and their values, as a map key.
func runeKey(usedRunes map[int]int) string {
	keys := make([]int, 0, len(usedRunes))
	for r := range usedRunes {
		keys = append(keys, r)
	}
	slices.Sort(keys)
	b := make([]byte, 0, 8*len(keys))
	for _, r := range keys {
		b = binary.AppendUvarint(b, uint64(r))
		b = binary.AppendUvarint(b, uint64(usedRunes[r]))
	}
	return string(b)
}

// utf8FontID returns what generateFontID returns, the SHA-1 of the font
// definition encoded as JSON, from the same bytes written without
// reflection: encoding/json took 3 ms a font, most of it for the 65,536
// widths in Cw (patched: see PATCH.md).
func utf8FontID(fdt fontDefType) (string, error) {
	str := func(b []byte, s string) ([]byte, error) {
		enc, err := json.Marshal(s)
		return append(b, enc...), err
	}
	num := func(b []byte, name string, n int) []byte {
		return strconv.AppendInt(append(b, `,"`+name+`":`...), int64(n), 10)
	}
	b := make([]byte, 0, 4*len(fdt.Cw)+512)
	b = append(b, `{"Tp":`...)
	b, err := str(b, fdt.Tp)
	if err != nil {
		return "", err
	}
	b = append(b, `,"Name":`...)
	if b, err = str(b, fdt.Name); err != nil {
		return "", err
	}
	d := fdt.Desc
	b = strconv.AppendInt(append(b, `,"Desc":{"Ascent":`...), int64(d.Ascent), 10)
	b = num(b, "Descent", d.Descent)
	b = num(b, "CapHeight", d.CapHeight)
	b = num(b, "Flags", d.Flags)
	b = strconv.AppendInt(append(b, `,"FontBBox":{"Xmin":`...), int64(d.FontBBox.Xmin), 10)
	b = num(b, "Ymin", d.FontBBox.Ymin)
	b = num(b, "Xmax", d.FontBBox.Xmax)
	b = num(b, "Ymax", d.FontBBox.Ymax)
	b = append(b, '}')
	b = num(b, "ItalicAngle", d.ItalicAngle)
	b = num(b, "StemV", d.StemV)
	b = num(b, "MissingWidth", d.MissingWidth)
	b = append(b, '}')
	b = num(b, "Up", fdt.Up)
	b = num(b, "Ut", fdt.Ut)
	if fdt.Cw == nil {
		b = append(b, `,"Cw":null`...)
	} else {
		b = append(b, `,"Cw":[`...)
		for i, w := range fdt.Cw {
			if i > 0 {
				b = append(b, ',')
			}
			if w == 0 { // most of them: characters the font lacks
				b = append(b, '0')
			} else {
				b = strconv.AppendInt(b, int64(w), 10)
			}
		}
		b = append(b, ']')
	}
	for _, f := range []struct{ name, value string }{{"Enc", fdt.Enc}, {"Diff", fdt.Diff}, {"File", ""}} { // File left out as generateFontID does
		b = append(b, `,"`+f.name+`":`...)
		if b, err = str(b, f.value); err != nil {
			return "", err
		}
	}
	b = num(b, "Size1", fdt.Size1)
	b = num(b, "Size2", fdt.Size2)
	b = num(b, "OriginalSize", fdt.OriginalSize)
	b = num(b, "N", fdt.N)
	b = num(b, "DiffN", fdt.DiffN)
	b = append(b, '}')
	return fmt.Sprintf("%x", sha1.Sum(b)), nil
}
