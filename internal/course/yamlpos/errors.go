package yamlpos

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Pos is a place in a YAML file. Line and Col count from 1; a zero Line
// stands for the whole file and a zero Col for the whole line.
type Pos struct {
	File      string // the file's path inside the course, such as "lessons/03-flight.yaml"
	Line, Col int
}

// String returns "file:line:col", or "file:line" or "file" when the
// column or line is unknown.
func (p Pos) String() string {
	switch {
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

func (p Pos) compare(q Pos) int {
	return cmp.Or(cmp.Compare(p.File, q.File), cmp.Compare(p.Line, q.Line), cmp.Compare(p.Col, q.Col))
}

// Error is one problem in a course, at a position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is a list of problems. Sort orders it by position; Err returns
// it as an error, or nil when it is empty.
type ErrorList []*Error

// MaxMessage is the length of a message in bytes past which Add cuts it:
// whatever a file holds, no message carries more than an excerpt of it.
const MaxMessage = 600

// Add appends a problem at pos.
func (l *ErrorList) Add(pos Pos, msg string) {
	if len(msg) > MaxMessage {
		msg = strings.ToValidUTF8(msg[:MaxMessage], "") + "…"
	}
	*l = append(*l, &Error{pos, msg})
}

// Sort sorts the list by file, line, column, then message.
func (l ErrorList) Sort() {
	slices.SortStableFunc(l, func(a, b *Error) int {
		return cmp.Or(a.Pos.compare(b.Pos), cmp.Compare(a.Msg, b.Msg))
	})
}

// Error returns the first problem, and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns l as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// PrintError writes err to w: one line per problem when err is an
// ErrorList, else err's text on one line.
func PrintError(w io.Writer, err error) {
	if list, ok := err.(ErrorList); ok {
		for _, e := range list {
			fmt.Fprintln(w, e)
		}
		return
	}
	fmt.Fprintln(w, err)
}

// OffsetPos returns the position of the byte at offset off of src, a file
// of the course: its line, and its column counted in characters (a byte
// that is not UTF-8 counts as one), both from 1.
func OffsetPos(name string, src []byte, off int) Pos {
	off = min(max(off, 0), len(src))
	line := 1 + bytes.Count(src[:off], []byte{'\n'})
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	return Pos{File: name, Line: line, Col: 1 + utf8.RuneCount(src[start:off])}
}

// MaxQuote is how many characters of a value a message quotes at most;
// MaxArgument is the length in bytes past which any text put into a
// message is cut to that excerpt.
const (
	MaxQuote    = 60
	MaxArgument = 240
)

// Excerpt returns s, or its first MaxQuote characters and "…" when it is
// longer.
func Excerpt(s string) string {
	n := 0
	for i := range s {
		if n == MaxQuote {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// Quote returns s quoted as %q does, cut to its first MaxQuote characters
// and "…" when it is longer, so that a message never carries a whole file.
func Quote(s string) string {
	if e := Excerpt(s); e != s {
		return strconv.Quote(strings.TrimSuffix(e, "…")) + "…"
	}
	return strconv.Quote(s)
}
