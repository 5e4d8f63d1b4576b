package main

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// termWriter is the standard output or error of a command as run hands it
// over: text for a person, in a terminal or a CI log. It quotes the
// control characters that any text written through it holds (a file
// name, a title, a folder named on the command line: anything the user or
// a colleague's course supplies), so that none of them drives the
// terminal: ESC ] 0 ; ... BEL would set its title, ESC [ 2 J clear it,
// a carriage return write over a line. A C0 control character other than
// a line break or a tab is written as \x1b, DEL as \x7f, a C1 control
// character or a bidirectional override as \u009b or \u202e, and a byte
// that is not UTF-8 as \xff. Output that is data, not text (--json, a
// bank written to standard output), and the tool's own terminal
// sequences (the progress line, the QR code) go to rawWriter instead.
type termWriter struct{ w io.Writer }

// Write writes p quoted; it reports len(p) when all of it was written.
func (t termWriter) Write(p []byte) (int, error) {
	if _, err := t.w.Write(quoteTerm(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// rawWriter returns the writer below w when w is a termWriter, else w: for
// data, and for the tool's own terminal sequences.
func rawWriter(w io.Writer) io.Writer {
	if t, ok := w.(termWriter); ok {
		return t.w
	}
	return w
}

// quoteTerm returns p with its control characters quoted, as termWriter
// writes it; p itself when it holds none.
func quoteTerm(p []byte) []byte {
	clean := true
	for _, b := range p {
		if b < 0x20 && b != '\n' && b != '\t' || b >= 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return p
	}
	out := make([]byte, 0, len(p)+16)
	for len(p) > 0 {
		r, n := utf8.DecodeRune(p)
		switch {
		case r == utf8.RuneError && n == 1:
			out = fmt.Appendf(out, `\x%02x`, p[0])
		case r == '\n' || r == '\t':
			out = append(out, p[0])
		case r < 0x20 || r == 0x7f:
			out = fmt.Appendf(out, `\x%02x`, r)
		case r >= 0x80 && r <= 0x9f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, p[:n]...)
		}
		p = p[n:]
	}
	return out
}
