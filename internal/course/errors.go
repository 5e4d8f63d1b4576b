package course

import (
	"cmp"
	"fmt"
	"io"
	"slices"
)

// Pos is a place in a course file. Line and Col count from 1; a zero Line
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

// Add appends a problem at pos.
func (l *ErrorList) Add(pos Pos, msg string) { *l = append(*l, &Error{pos, msg}) }

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
