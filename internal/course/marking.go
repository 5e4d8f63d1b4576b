package course

import (
	"bytes"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/question"
)

// markedWords compares what a best-move question's text says with the keys
// that tell the site how to mark it: words of the course's language for
// "at once" (catalog.AtOnce) without fastest: true, or for "every" or
// "all" without find: every, are each a warning at the word, since the
// page would then call a slower win, or one move of several, right. A key
// the author wrote, such as find: one where "all" is about the pawns, says
// the words are meant as they are: no warning. Words for "at once" also
// make q's check require a win in one move.
func (f *file) markedWords(q *question.BestMove, n *yaml.Node, keys *yamlpos.Fields, warns *yamlpos.ErrorList) {
	if n == nil {
		return
	}
	raw := n.Value
	if i, j := catalog.FindWords(f.lang, catalog.AtOnce, raw); i >= 0 {
		q.AtOnce = raw[i:j]
		switch {
		case keys.Get("fastest") == nil && q.Winning:
			warns.Add(f.wordPos(n, catalog.AtOnce, raw[i:j]), "warning: "+f.Prefix+"question says "+yamlpos.Quote(raw[i:j])+
				", but accept: winning makes every winning move right, the slower ones too; write fastest: true instead (or fastest: false, if a slower win is right)")
		case keys.Get("fastest") == nil:
			warns.Add(f.wordPos(n, catalog.AtOnce, raw[i:j]), "warning: "+f.Prefix+"question says "+yamlpos.Quote(raw[i:j])+
				", but without fastest: true the page calls a slower win right (with a star less) and the answer key lists the slower moves; add fastest: true (or fastest: false, if a slower win is right)")
		}
	}
	if keys.Get("find") != nil {
		return
	}
	for _, name := range []string{catalog.Every, catalog.All} {
		if i, j := catalog.FindWords(f.lang, name, raw); i >= 0 {
			warns.Add(f.wordPos(n, name, raw[i:j]), "warning: "+f.Prefix+"question says "+yamlpos.Quote(raw[i:j])+
				", but without find: every the page calls one right move enough and closes the exercise; add find: every (or find: one, if one move is the answer)")
			return
		}
	}
}

// wordPos returns the position in the file of word, the first of the list
// name in the scalar n: the first such word in the file from n on, when it
// is inside n's text, else n's position.
func (f *file) wordPos(n *yaml.Node, name, word string) yamlpos.Pos {
	start := lineColOffset(f.Src, n.Line, n.Column)
	if start < 0 {
		return f.Pos(n)
	}
	rest := f.Src[start:]
	if limit := 2*len(n.Value) + 8; len(rest) > limit {
		rest = rest[:limit]
	}
	i, j := catalog.FindWords(f.lang, name, string(rest))
	if i < 0 || !bytes.EqualFold(rest[i:j], []byte(word)) {
		return f.Pos(n)
	}
	return yamlpos.OffsetPos(f.Name, f.Src, start+i)
}

// lineColOffset returns the byte offset of line and column (counted in
// characters from 1) in src, or -1 when src has no such place.
func lineColOffset(src []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	for c := 1; c < col; c++ {
		if off >= len(src) || src[off] == '\n' {
			return -1
		}
		_, size := utf8.DecodeRune(src[off:])
		off += size
	}
	return off
}
