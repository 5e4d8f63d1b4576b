package catalog

import (
	"testing"

	"nostromo-lessons/internal/style"
)

func TestFindWords(t *testing.T) {
	tests := []struct {
		lang       style.Language
		name, text string
		want       string
	}{
		{style.English, AtOnce, "Find the move that wins at once.", "at once"},
		{style.English, AtOnce, "Find the move that wins At Once!", "At Once"},
		{style.English, Every, "Find every move that wins.", "every"},
		{style.English, Every, "Everything is fine.", ""},
		{style.English, All, "Find all the winning moves.", "all"},
		{style.English, All, "A small $pawn.", ""},
		{style.German, AtOnce, "Finde den Zug, der sofort gewinnt.", "sofort"},
		{style.German, All, "Finde alle Züge.", "alle"},
		{style.Spanish, AtOnce, "Encuentra la jugada que gana de inmediato.", "de inmediato"},
		{style.Spanish, All, "Encuentra todas las jugadas.", "todas"},
		{style.Dutch, Every, "Vind elke zet die wint.", "elke"},
		{style.Dutch, AtOnce, "Vind de zet die meteen wint.", "meteen"},
		{style.Russian, AtOnce, "Найди ход, который сразу выигрывает.", "сразу"},
		{style.Russian, Every, "Найди КАЖДЫЙ ход.", "КАЖДЫЙ"},
		{style.Russian, All, "Найди всех.", "всех"},
		{style.Russian, All, "Вселенная.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.lang.String()+"/"+tt.text, func(t *testing.T) {
			i, j := FindWords(tt.lang, tt.name, tt.text)
			got := ""
			if i >= 0 {
				got = tt.text[i:j]
			}
			if got != tt.want {
				t.Errorf("FindWords(%v, %q, %q) = %q, want %q", tt.lang, tt.name, tt.text, got, tt.want)
			}
		})
	}
}

// TestQuestionWords checks that every language has each list.
func TestQuestionWords(t *testing.T) {
	for _, l := range []style.Language{style.English, style.German, style.Spanish, style.Dutch, style.Russian} {
		for _, name := range []string{AtOnce, Every, All} {
			if _, ok := lookup(l, "words."+name); !ok || len(QuestionWords(l, name)) == 0 {
				t.Errorf("QuestionWords(%v, %q) is empty", l, name)
			}
		}
	}
}
