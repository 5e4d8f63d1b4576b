package style

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"nostromo-lessons/rules"
)

// Word returns the theme's word name in language l, such as "king",
// "knight.acc" (a grammatical form after the dot: the Russian cases gen,
// dat, acc, ins and prep; in Spanish gen is "del ...", acc "al ...") or
// "white.label" (a side as a diagram labels it). A name starting with a
// capital letter, such as "King", is the word with its first letter
// capitalised. It reports false for a word the theme does not have.
func (t Theme) Word(l Language, name string) (string, bool) {
	lower := lowerFirst(name)
	var w string
	var ok bool
	switch l {
	case Spanish:
		w, ok = spanishWords[t][lower]
	case Russian:
		w, ok = russianWords[t][lower]
	default:
		w, ok = t.englishWord(lower)
	}
	if ok && lower != name {
		w = UpperFirst(w)
	}
	return w, ok
}

// WordNames returns the names Word knows in every theme and language,
// sorted: the names a message of the catalogs may use.
func WordNames() []string {
	return []string{"black", "black.label", "king", "king.label", "knight", "pawn", "pawns", "save", "white", "white.label"}
}

// englishWord is Word in English, from the theme's Words.
func (t Theme) englishWord(name string) (string, bool) {
	w := t.Words()
	base, _, _ := strings.Cut(name, ".")
	verb, rest, _ := strings.Cut(w.Save, " ")
	if rest != "" {
		rest = " " + rest
	}
	take := "catch"
	if t == Classic {
		take = "take"
	}
	v, ok := map[string]string{
		"save.verb": verb, "save.rest": rest, "take": take,
		"black": t.SideInSentence(rules.Black), "black.label": w.BlackLabel,
		"king": w.King, "king.label": w.KingLabel, "knight": w.Knight,
		"pawn": w.Pawn, "pawns": w.Pawns, "save": w.Save,
		"white": t.SideInSentence(rules.White), "white.label": w.WhiteLabel,
		"lair": w.Lair, "row8": w.Row8, "door": w.Door, "saved": w.Saved,
	}[name]
	if !ok {
		// English has no cases: a form is the word itself.
		v, ok = map[string]string{"black": t.SideInSentence(rules.Black), "king": w.King, "knight": w.Knight,
			"pawn": w.Pawn, "pawns": w.Pawns, "white": t.SideInSentence(rules.White)}[base]
	}
	return v, ok
}

// UpperFirst capitalises the first letter of s, in any script.
func UpperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// lowerFirst puts the first letter of s in lower case, in any script.
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}
