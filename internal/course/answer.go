package course

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/style"
)

// answerWord returns the one of choices, English answer words such as
// "white" and "draw", that the scalar n is, in any case ("White"), or
// reports that it is none of them. In a course in another language, the
// words its answer keys print for them count too, in any case and with or
// without accents ("negras", "Tablas", "si" for "sí"); the problem then
// lists them first.
func (f *file) answerWord(n *yaml.Node, what string, choices ...string) (string, bool) {
	want := f.answerWant(choices)
	s, ok := f.Scalar(n, what, want)
	if !ok {
		return "", false
	}
	if c, ok := f.answerChoice(s, choices); ok {
		return c, true
	}
	f.Errorf(n, "%s: want %s, got %s", what, want, yamlpos.Quote(s))
	return "", false
}

// answerChoice returns the one of choices that s is: the English word in
// any case, or one of the words a course of its language takes for it
// (catalog.AcceptedWords: "negras", "Remis", "drawn").
func (f *file) answerChoice(s string, choices []string) (string, bool) {
	folded := catalog.FoldAnswer(s)
	for _, c := range choices {
		if catalog.FoldAnswer(c) == folded {
			return c, true
		}
	}
	for _, c := range choices {
		for _, w := range catalog.AcceptedWords(f.lang, f.theme, c) {
			if catalog.FoldAnswer(w) == folded {
				return c, true
			}
		}
	}
	return "", false
}

// answerWant lists the words answerWord accepts for choices: "white or
// black or draw", and in Spanish "blancas or negras or tablas (or white
// or black or draw)".
func (f *file) answerWant(choices []string) string { return answerWant(f.lang, f.theme, choices) }

// answerWant is file.answerWant in language l and theme t.
func answerWant(l style.Language, t style.Theme, choices []string) string {
	english := strings.Join(choices, " or ")
	if l == style.English {
		return english
	}
	var local []string
	for _, c := range choices {
		local = append(local, catalog.AnswerWords(l, t, c)...)
	}
	if slices.Equal(local, choices) {
		return english // Spanish "no": not "no (or no)"
	}
	return strings.Join(local, " or ") + " (or " + english + ")"
}
