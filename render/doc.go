// Package render turns verified lessons into what pupils and teachers see:
// SVG board diagrams, Markdown, a static HTML site and printable PDF
// worksheets, answer keys, a workbook, certificates, a class checklist and
// play cards.
//
// It takes plain data (Course, Lesson, Exercise, Board) and writes to
// io.Writers. It decides no chess question: a Board is drawn as given, and
// the rules package is used only to read a FEN into pieces. It touches no
// file system: Files hands every output file to a caller's emit function.
//
// The files are grouped by output: diagram*.go lay a board out once and
// describe it in words, html.go and assets.go make the site, md.go the
// Markdown, pdf*.go the worksheets, answer keys, workbook, rules sheet,
// certificates (pdf_certificate.go), class checklist (pdf_checklist.go)
// and play cards (pdf_play.go); files.go lists every output file.
//
// Page templates, the stylesheet and the piece art come from the templates
// package, and a course may override any of them with Options.Templates.
//
// # Adding a theme
//
// A theme is one constant with its name and words in package
// internal/style, and its piece art in templates/art/NAME/ (king.art,
// pawn.art, knight.art, in the format diagram_art.go reads). Nothing in this
// package changes.
package render
