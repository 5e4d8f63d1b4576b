// Package render turns verified lessons into what pupils and teachers see:
// SVG board diagrams, Markdown, a static HTML site and printable PDF
// worksheets, answer keys and a workbook.
//
// It takes plain data (Course, Lesson, Exercise, Board) and writes to
// io.Writers. It decides no chess question: a Board is drawn as given, and
// the rules package is used only to read a FEN into pieces. It touches no
// file system: Publish hands every output file to a caller's emit function.
//
// Page templates, the stylesheet and the piece art come from the templates
// package, and a course may override any of them with Options.Templates.
package render
