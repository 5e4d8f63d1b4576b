// Copyright ©2026 The go-pdf Authors. All rights reserved.
// Use of this source code is governed by a MIT-style
// license that can be found in the LICENSE file.

package fpdf

import "fmt"

// UTF8Font is a UTF-8 (TrueType) font parsed once, for a family and a
// style, to be added to any number of documents with AddUTF8FontParsed.
// Parsing a font and computing its identifier take far longer than writing
// a short document, so a program that makes many documents with the same
// fonts parses each font once. A UTF8Font is never changed after
// ParseUTF8Font returns: documents on several goroutines may share it.
type UTF8Font struct {
	key string      // the font key of its family and style
	def fontDefType // metrics, widths and identifier; utf8File is never cut
}

// ParseUTF8Font parses a TrueType font as AddUTF8FontFromBytes does, for
// the family and style given (see AddUTF8FontFromBytes).
func ParseUTF8Font(familyStr, styleStr string, utf8Bytes []byte) (*UTF8Font, error) {
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
	var err error
	if def.i, err = generateFontID(def); err != nil {
		return nil, fmt.Errorf("fpdf: font %q: %w", fontkey, err)
	}
	return &UTF8Font{key: fontkey, def: def}, nil
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
