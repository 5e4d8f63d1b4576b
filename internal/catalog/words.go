package catalog

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"nostromo-lessons/internal/style"
)

// The names of the lists of words that say what a best-move question asks
// for (the catalogs' words.NAME, alternatives separated by "|"): AtOnce,
// the win in one move ("at once", "sofort"), which fastest: true marks;
// Every and All, every one of a set of moves ("every", "alle"), which find:
// every marks.
const (
	AtOnce = "at-once"
	Every  = "every"
	All    = "all"
)

// QuestionWords returns the words of language l in the list name (AtOnce,
// Every or All), lower case, longest first.
func QuestionWords(l style.Language, name string) []string {
	m, _ := find(l, "words."+name)
	t, ok := m.(text)
	if !ok {
		return nil
	}
	var out []string
	for _, w := range strings.Split(string(t), "|") {
		if w = strings.TrimSpace(w); w != "" {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// FindWords returns where text first says one of the words of language l
// in the list name, in any case and as whole words (no letter or digit
// right before or after): the byte offsets of the words in text, or -1, -1.
func FindWords(l style.Language, name, text string) (start, end int) {
	words := QuestionWords(l, name)
	for i := 0; i < len(text); {
		if i == 0 || !wordChar(lastRune(text[:i])) {
			for _, w := range words {
				j := i + len(w)
				if j <= len(text) && strings.EqualFold(text[i:j], w) && (j == len(text) || !wordChar(firstRune(text[j:]))) {
					return i, j
				}
			}
		}
		_, n := utf8.DecodeRuneInString(text[i:])
		i += n
	}
	return -1, -1
}

func wordChar(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
