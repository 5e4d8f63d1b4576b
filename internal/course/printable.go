package course

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/render/fonts"
)

// MaxUnprintable is how many characters the PDFs cannot print one warning
// names at most.
const MaxUnprintable = 8

// warnUnprintable warns once about the characters of the file's values that
// the PDFs cannot print (fonts.Printable), at the first of them: a teacher
// writing in a script the PDF fonts lack, or an emoji, learns it before
// printing. The site shows them.
func (f *file) warnUnprintable(root *yaml.Node, warns *yamlpos.ErrorList) {
	var chars []rune // in file order, each once
	var first yamlpos.Pos
	stack := []*yaml.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, c := range slices.Backward(n.Content) { // so that they come off in file order
			stack = append(stack, c)
		}
		if n.Kind != yaml.ScalarNode {
			continue
		}
		for _, r := range n.Value {
			if fonts.Printable(r) || slices.Contains(chars, r) {
				continue
			}
			if chars == nil {
				first = f.charPos(n, r)
			}
			chars = append(chars, r)
		}
	}
	if chars != nil {
		warns.Add(first, "warning: "+unprintableMessage(chars))
	}
}

// unprintableMessage names the characters the PDFs cannot print and says
// what they print instead.
func unprintableMessage(chars []rune) string {
	var b strings.Builder
	for i, r := range chars[:min(len(chars), MaxUnprintable)] {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q (%U)", string(r), r)
	}
	if len(chars) > MaxUnprintable {
		fmt.Fprintf(&b, " and %d more", len(chars)-MaxUnprintable)
	}
	return fmt.Sprintf("the PDFs cannot print %s: their fonts have the Latin, Greek and Cyrillic letters of European languages, "+
		"and the rest print as empty boxes (an emoji as \uFFFD); the site shows them", b.String())
}

// charPos returns the position of the first r in the file's text from the
// start of n's line, or n's own position if r is not there as it is (it
// was written as an escape such as "\U0001F600").
func (f *file) charPos(n *yaml.Node, r rune) yamlpos.Pos {
	start := 0
	for range n.Line - 1 {
		i := bytes.IndexByte(f.Src[start:], '\n')
		if i < 0 {
			return f.Pos(n)
		}
		start += i + 1
	}
	i := bytes.Index(f.Src[start:], utf8.AppendRune(nil, r))
	if i < 0 {
		return f.Pos(n)
	}
	return yamlpos.OffsetPos(f.Name, f.Src, start+i)
}
