package yamlpos

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// The YAML library reports a syntax error with a line at best, and for
// some errors a line past the cause (an unclosed [ on line 1 is "line 3:
// did not find expected ','"). The loader does not fork the library;
// instead it looks at the text itself, before and after parsing:
//
//   - before: bytes that are not UTF-8, NUL bytes (a binary file) and
//     control characters are reported at their line and column, and the
//     file is not parsed;
//   - after a syntax error: a small scan of the text (scanSyntax) finds
//     the first tab in an indentation, an unclosed quote or bracket, or a
//     closing bracket of the wrong kind, and the error is reported there;
//   - else brokenLine finds the first line at which the text stops being
//     YAML, and culprit the spot on it and the likely cause (an indentation
//     that does not fit, a ": " inside a value);
//   - else the error keeps the library's line and gets column 1.

// checkText reports the first byte of src that a YAML file may not hold,
// at its line and column, and whether there was none. A file that starts
// with a UTF-16 byte order mark is left to the YAML library, which reads
// UTF-16.
func (f *File) checkText() bool {
	if bytes.HasPrefix(f.Src, []byte{0xff, 0xfe}) || bytes.HasPrefix(f.Src, []byte{0xfe, 0xff}) {
		return true
	}
	for i := 0; i < len(f.Src); {
		r, size := utf8.DecodeRune(f.Src[i:])
		var msg string
		switch {
		case r == utf8.RuneError && size == 1:
			msg = fmt.Sprintf("byte 0x%02x is not UTF-8; save the file as UTF-8 text", f.Src[i])
		case r == 0:
			msg = "a NUL byte: this is a binary file, not YAML text"
		case !Printable(r):
			msg = fmt.Sprintf("control character %U is not allowed in YAML", r)
		}
		if msg != "" {
			f.Errs.Add(OffsetPos(f.Name, f.Src, i), f.Prefix+msg)
			return false
		}
		i += size
	}
	return true
}

// Printable reports whether YAML allows r in a file.
func Printable(r rune) bool {
	switch {
	case r == '\t', r == '\n', r == '\r', r == 0x85:
		return true
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
		return false
	case r >= 0xd800 && r < 0xe000, r == 0xfffe, r == 0xffff:
		return false
	}
	return true
}

// scanSyntax looks for the cause of a YAML syntax error that a line-by-line
// reading can see: a tab in the indentation, a quote that is never closed,
// a bracket never closed or closed by the other kind. It skips comments and
// the text of block scalars (| and >), whose brackets are just text. It
// returns the position (line and column from 1) and what it found, or ok
// false.
func scanSyntax(src []byte) (line, col int, what string, ok bool) {
	r := scanText(src)
	return r.line, r.col, r.what, r.ok
}

// textScan is what scanText finds: a cause of a syntax error (ok), and the
// place where the text nests deepest, counting brackets and the list
// dashes that start a line ("- - - x" is three lists deep).
type textScan struct {
	line, col int
	what      string
	ok        bool

	depth             int // the deepest nesting
	deepLine, deepCol int // where it is first reached, or first passes maxDepth
}

// maxDepth is the YAML library's limit on nesting.
const maxDepth = 10000

// deeper records nesting d at line and col (from 1): the deepest so far,
// and where it first passes maxDepth, which stays.
func (r *textScan) deeper(d, line, col int) {
	if d > r.depth && r.depth <= maxDepth {
		r.deepLine, r.deepCol = line, col
	}
	r.depth = max(r.depth, d)
}

// scanText is scanSyntax, and finds the deepest nesting too.
func scanText(src []byte) (r textScan) {
	type open struct {
		c         byte
		line, col int
	}
	var stack []open
	var quote *open // the open quote, if any
	block := -1     // the indentation of the key of a block scalar being skipped, or -1
	lines := strings.Split(string(src), "\n")
	for i, text := range lines {
		text = strings.TrimSuffix(text, "\r")
		indent := len(text) - len(strings.TrimLeft(text, " "))
		if block >= 0 {
			if strings.TrimSpace(text) == "" || indent > block {
				continue
			}
			block = -1
		}
		if quote == nil && len(stack) == 0 {
			if t := strings.TrimLeft(text, " "); strings.HasPrefix(t, "\t") {
				r.line, r.col, r.what, r.ok = i+1, indent+1, "a tab in the indentation; indent with spaces", true
				return r
			}
		}
		dashes := 0 // list dashes that start the line
		if quote == nil && block < 0 {
			for j := indent; j+1 < len(text) && text[j] == '-' && text[j+1] == ' '; {
				dashes++
				r.deeper(len(stack)+dashes, i+1, j+1)
				for j += 2; j < len(text) && text[j] == ' '; j++ {
				}
			}
		}
		prev := byte(' ') // the last non-space character before j on this line
		for j := 0; j < len(text); j++ {
			c := text[j]
			if quote != nil {
				switch {
				case quote.c == '"' && c == '\\':
					j++
				case c == quote.c && quote.c == '\'' && j+1 < len(text) && text[j+1] == '\'':
					j++
				case c == quote.c:
					quote = nil
					prev = c
				}
				continue
			}
			switch {
			case c == '#' && (j == 0 || text[j-1] == ' ' || text[j-1] == '\t'):
				j = len(text)
				continue
			case (c == '"' || c == '\'') && strings.IndexByte(" :-[{,?", prev) >= 0 && (prev != ':' && prev != '-' || j > 0 && text[j-1] == ' '):
				quote = &open{c, i + 1, j + 1}
			case c == '[' || c == '{':
				if strings.IndexByte(" :-[{,?", prev) >= 0 || len(stack) > 0 {
					stack = append(stack, open{c, i + 1, j + 1})
					r.deeper(len(stack)+dashes, i+1, j+1)
				}
			case (c == ']' || c == '}') && len(stack) > 0:
				top := stack[len(stack)-1]
				if top.c == '[' && c == '}' || top.c == '{' && c == ']' {
					r.line, r.col, r.what, r.ok = i+1, j+1, fmt.Sprintf("%c closes the %c at line %d, column %d", c, top.c, top.line, top.col), true
					return r
				}
				stack = stack[:len(stack)-1]
			case (c == '|' || c == '>') && len(stack) == 0 && strings.IndexByte(" :-", prev) >= 0 && blockHeader(text[j+1:]):
				block = indent
				j = len(text)
				continue
			}
			if c != ' ' && c != '\t' {
				prev = c
			}
		}
	}
	switch {
	case quote != nil:
		r.line, r.col, r.what, r.ok = quote.line, quote.col, fmt.Sprintf("the quote %c is never closed", quote.c), true
	case len(stack) > 0:
		o := stack[0]
		r.line, r.col, r.what, r.ok = o.line, o.col, fmt.Sprintf("the %c is never closed", o.c), true
	}
	return r
}

// maxBrokenLineSearch is the largest file brokenLine searches: parsing its
// parts costs about 0.1 s for 64 KiB (1.8 s for 1 MiB), and a course may
// hold a thousand broken files. A hand-written lesson is some 20 KiB.
const maxBrokenLineSearch = 64 << 10

// brokenLine finds the line of a syntax error that the YAML library reports
// elsewhere (a key indented by one space too few is reported at the start
// of its list, lines above): the first line at which the text stops being
// YAML, that is the least n such that the first n lines do not parse. A
// first part that ends inside a bracket or a quote, which scanSyntax would
// report, counts as parsing, so the parts that fail are those from the
// error on, and halving finds the first of them, parsing the text about
// log2(lines) times. It returns the offset in src where that line starts,
// and false when the whole text parses or is longer than
// maxBrokenLineSearch.
func brokenLine(src []byte) (start int, ok bool) {
	if len(src) > maxBrokenLineSearch {
		return 0, false
	}
	var ends []int // ends[i] is the offset just after line i+1
	for i, c := range src {
		if c == '\n' {
			ends = append(ends, i+1)
		}
	}
	if len(ends) == 0 || ends[len(ends)-1] != len(src) {
		ends = append(ends, len(src))
	}
	fails := func(n int) bool {
		part := src[:ends[n]]
		if _, _, _, open := scanSyntax(part); open {
			return false
		}
		dec := yaml.NewDecoder(bytes.NewReader(part))
		for {
			var doc yaml.Node
			if err := decodeSafely(dec, &doc); err != nil {
				return !errors.Is(err, io.EOF)
			}
		}
	}
	n := sort.Search(len(ends), fails)
	if n == len(ends) {
		return 0, false
	}
	if n == 0 {
		return 0, true
	}
	return ends[n-1], true
}

// culprit says where on the line that starts line (up to its end) the
// library's error msg is, as an offset from the line's start, and what the
// author most likely did, or "" when that is not clear: a second ": " in a
// key's value (which YAML reads as a second key) for "mapping values are
// not allowed", or else an indentation that does not fit. Without a
// culprit the offset is that of the line's first character.
func culprit(line []byte, msg string) (at int, what string) {
	text, _, _ := bytes.Cut(line, []byte{'\n'})
	text = bytes.TrimSuffix(text, []byte{'\r'})
	at = len(text) - len(bytes.TrimLeft(text, " "))
	if i, what := badStart(text); what != "" {
		return i, what
	}
	indented := "this line is not indented like the lines above it"
	switch {
	case strings.HasPrefix(msg, "mapping values are not allowed"):
		rest := text[at:]
		for bytes.HasPrefix(rest, []byte("- ")) {
			rest = bytes.TrimLeft(rest[2:], " ")
		}
		if _, value, ok := bytes.Cut(rest, []byte(": ")); ok && !bytes.HasPrefix(bytes.TrimLeft(value, " "), []byte("{")) {
			// (the colons of a {mapping} are its own: a line with one is
			// indented too deep)
			if i := bytes.Index(value, []byte(": ")); i >= 0 {
				return len(text) - len(value) + i, "a colon and a space inside a value; put the whole value in quotes"
			}
		}
		return at, indented
	case msg == "did not find expected key", msg == "did not find expected '-' indicator":
		return at, indented
	}
	return at, ""
}

// badStart finds, on a line that YAML could not read, a value that a
// teacher meant as text but that starts with a character YAML reads as
// something else: * and & (an alias, an anchor, as in Markdown's **bold**),
// @, ` and % (reserved), "- " (a list), a bracket closed before the end
// (a list or mapping, then more text), or a quote closed before the end
// (an apostrophe inside single quotes). It returns the value's offset in
// text and what to do, or "" when the value starts with none of them.
func badStart(text []byte) (at int, what string) {
	rest := bytes.TrimLeft(text, " ")
	for bytes.HasPrefix(rest, []byte("- ")) {
		rest = bytes.TrimLeft(rest[2:], " ")
	}
	if _, value, ok := bytes.Cut(rest, []byte(": ")); ok {
		rest = bytes.TrimLeft(value, " ")
	}
	at = len(text) - len(rest)
	quoteIt := "; put the whole value in quotes"
	switch {
	case len(rest) == 0:
		return at, ""
	case rest[0] == '*':
		return at, "YAML reads a value that starts with * as an alias, not as text (Markdown's **bold** too)" + quoteIt
	case rest[0] == '&':
		return at, "YAML reads a value that starts with & as an anchor, not as text" + quoteIt
	case rest[0] == '@' || rest[0] == '`' || rest[0] == '%':
		return at, fmt.Sprintf("a YAML value cannot start with %c%s", rest[0], quoteIt)
	case bytes.HasPrefix(rest, []byte("- ")):
		return at, "a value that starts with \"- \" is a list in YAML" + quoteIt
	case rest[0] == '[' || rest[0] == '{':
		if end := closing(rest); end > 0 && !endsLine(rest[end:]) {
			return at, fmt.Sprintf("a value that starts with %c is a list or a mapping in YAML, which ends at the %c and is followed by more text%s", rest[0], rest[end-1], quoteIt)
		}
	case rest[0] == '\'' || rest[0] == '"':
		if end := closing(rest); end > 0 && !endsLine(rest[end:]) {
			advice := "write it twice ('') to keep it, or put the value in double quotes"
			if rest[0] == '"' {
				advice = `write \" to keep it, or put the value in single quotes`
			}
			return at + end - 1, fmt.Sprintf("this %c ends the quoted value, and more text follows; %s", rest[0], advice)
		}
	}
	return at, ""
}

// closing returns the offset just after the bracket or quote that closes
// the one that s starts with, or 0 when the line does not close it.
func closing(s []byte) int {
	open := s[0]
	if open == '\'' || open == '"' {
		for i := 1; i < len(s); i++ {
			switch {
			case open == '"' && s[i] == '\\':
				i++
			case s[i] == open && open == '\'' && i+1 < len(s) && s[i+1] == '\'':
				i++
			case s[i] == open:
				return i + 1
			}
		}
		return 0
	}
	depth := 0
	for i, c := range s {
		switch c {
		case '[', '{':
			depth++
		case ']', '}':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return 0
}

// endsLine reports whether rest, what follows a closed value on its line,
// is nothing but spaces and a comment.
func endsLine(rest []byte) bool {
	t := bytes.TrimLeft(rest, " ")
	return len(t) == 0 || t[0] == '#' && len(t) < len(rest)
}

// blockHeader reports whether rest, what follows | or > on a line, is a
// block scalar header: indentation and chomping indicators, then nothing
// or a comment.
func blockHeader(rest string) bool {
	rest = strings.TrimLeft(rest, "+-0123456789")
	t := strings.TrimSpace(rest)
	return t == "" || strings.HasPrefix(t, "#") && rest[0] != '#'
}

// standardTags are the YAML tags a course file may write: the core types.
var standardTags = []string{"!!str", "!!int", "!!float", "!!bool", "!!null", "!!seq", "!!map"}

// unknownTags reports every value written with a tag other than the
// standard ones (such as !!python/object:os.system), and whether there was
// none: such a tag is meaningless to a course and hides what it tags.
func (f *File) unknownTags(root *yaml.Node) bool {
	ok := true
	stack := []*yaml.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		stack = append(stack, n.Content...)
		if n.Style&yaml.TaggedStyle == 0 || n.Kind == yaml.DocumentNode {
			continue
		}
		tag := n.ShortTag()
		known := false
		for _, t := range standardTags {
			known = known || tag == t
		}
		if !known {
			f.Errorf(n, "YAML tag %s is not allowed; write the value without a tag (a text that starts with ! goes in quotes)", Quote(n.Tag))
			ok = false
		}
	}
	return ok
}
