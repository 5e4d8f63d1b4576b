package catalog

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"nostromo-lessons/internal/style"
)

// answerSources says where each English answer word of a course file
// ("answer: black", "answer: never", "answer: yes") is printed in the
// other languages: a message key, or a side's label ("$white.label").
var answerSources = map[string]string{
	"white": "$white.label",
	"black": "$black.label",
	"draw":  "q.draw",
	"never": "q.never",
	"yes":   "q.yes",
	"no":    "q.no",
}

// AnswerWords returns the words of language l that an author may write for
// the English answer word english ("white", "black", "draw", "never",
// "yes" or "no"): the words the answer keys and the site print for it, in
// the classic theme and in theme t. English and an unknown word have none.
func AnswerWords(l style.Language, t style.Theme, english string) []string {
	src, ok := answerSources[english]
	if !ok || l == style.English {
		return nil
	}
	var words []string
	for _, th := range []style.Theme{style.Classic, t} {
		p := New(l, th)
		w := p.Say(src)
		if name, ok := strings.CutPrefix(src, "$"); ok {
			w = p.Word(name)
		}
		if w = strings.ToLower(w); !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	return words
}

// answerSynonyms are the words a chess teacher of a language also writes
// for an English answer word, beside the ones its catalog prints (see
// AnswerWords): the German "Remis" and the Dutch "remise" for a draw, the
// Spanish "empate". Each is a word of chess usage for that answer alone:
// none could be read as the other side or another answer.
var answerSynonyms = map[style.Language]map[string][]string{
	style.English: {"draw": {"drawn"}},
	style.Spanish: {"draw": {"empate"}, "never": {"jamás"}},
	style.German:  {"draw": {"remis"}, "white": {"weiss"}, "never": {"niemals"}},
	style.Dutch:   {"draw": {"remise"}, "no": {"neen"}},
}

// AcceptedWords returns every word besides english itself that a course
// of language l and theme t takes for the English answer word english, as
// written or in any case and without accents (see FoldAnswer): the words
// AnswerWords gives, the language's synonyms (Remis, empate) and the
// English ones (drawn), which every course takes as it takes "draw".
func AcceptedWords(l style.Language, t style.Theme, english string) []string {
	words := AnswerWords(l, t, english)
	words = append(words, answerSynonyms[l][english]...)
	if l != style.English {
		words = append(words, answerSynonyms[style.English][english]...)
	}
	return words
}

// FoldAnswer returns s as answer words are compared: in lower case, with
// the accents and other marks taken off the letters, so "Sí", "si" and
// "SI" are one word, and "чёрные" is "черные".
func FoldAnswer(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
