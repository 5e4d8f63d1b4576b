package course

import (
	"bytes"
	"nostromo-lessons/internal/course/yamlpos"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// warnCutText warns about each plain text value that a # right before a
// word cuts short: YAML reads " #" as the start of a comment, so a hint
// such as "Count the jumps #from e7." keeps "Count the jumps" and leaves
// the rest out, in silence. A comment written as YAML comments usually
// are, "# note", with a space after the #, is not warned about, nor one
// after a number or a quoted value.
func (f *file) warnCutText(root *yaml.Node, warns *yamlpos.ErrorList) {
	stack := []*yaml.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		stack = append(stack, n.Content...)
		c := n.LineComment
		if n.Kind != yaml.ScalarNode || n.Style != 0 || len(c) < 2 || c[0] != '#' || strings.ContainsRune(" \t#", rune(c[1])) {
			continue
		}
		if _, err := strconv.Atoi(n.Value); err == nil {
			continue
		}
		if off, ok := f.commentOffset(n, c); ok {
			warns.Add(yamlpos.OffsetPos(f.Name, f.Src, off), "warning: this # starts a YAML comment, so the text is "+
				yamlpos.Quote(n.Value)+" without "+yamlpos.Quote(c)+"; to keep it, put the whole value in quotes")
		}
	}
}

// commentOffset returns the offset in the file of the comment c that
// follows the plain scalar n on its line.
func (f *file) commentOffset(n *yaml.Node, c string) (int, bool) {
	start := 0
	for line := 1; line < n.Line; line++ {
		i := bytes.IndexByte(f.Src[start:], '\n')
		if i < 0 {
			return 0, false
		}
		start += i + 1
	}
	end := len(f.Src)
	if i := bytes.IndexByte(f.Src[start:], '\n'); i >= 0 {
		end = start + i
	}
	i := bytes.LastIndex(f.Src[start:end], []byte(" "+c))
	if i < 0 {
		return 0, false
	}
	return start + i + 1, true
}
