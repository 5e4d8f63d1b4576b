package style

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Word returns the theme's word name in language l, such as "king",
// "knight.acc" (a grammatical form after the dot: the Russian cases gen,
// dat, acc, ins and pre; in Spanish gen is "del ...", acc "al ..."; the
// German cases gen, dat and acc with their articles; Dutch has no cases)
// or "white.label" (a side as a diagram labels it). A name starting with a
// capital letter, such as "King", is the word with its first letter
// capitalised. It reports false for a word the theme does not have.
func (t Theme) Word(l Language, name string) (string, bool) {
	lower := lowerFirst(name)
	var w string
	var ok bool
	switch l {
	case Spanish:
		w, ok = spanishWords[t][strings.TrimSuffix(lower, ".nom")]
	case Russian:
		w, ok = russianWords[t][strings.TrimSuffix(lower, ".nom")]
	case German:
		w, ok = germanWords[t][strings.TrimSuffix(lower, ".nom")]
	case Dutch:
		w, ok = t.dutchWord(lower)
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
	return []string{"black", "black.label", "door", "king", "king.label", "knight", "lair", "pawn", "pawns", "row8", "save", "saved", "white", "white.label"}
}

// englishWord is Word in English: the placeholders' words (see
// Placeholder; English has one form of each), the labels, and the pieces
// of sentences the English catalog builds ("save.verb" and "save.rest" of
// "bring ... to safety", "take" (the verb of a capture, "catch" in every
// theme, as the rules sheet and the lessons say it), "pawn.one").
func (t Theme) englishWord(name string) (string, bool) {
	w := t.Words()
	verb, rest, _ := strings.Cut(w.Save, " ")
	if rest != "" {
		rest = " " + rest
	}
	extra := map[string]string{
		"save.verb": verb, "save.rest": rest, "take": "catch", "pawn.one": "one " + w.Pawn,
		"king.label": w.KingLabel, "white.label": w.WhiteLabel, "black.label": w.BlackLabel,
	}
	if v, ok := extra[name]; ok {
		return v, true
	}
	if base, form, ok := strings.Cut(name, "."); ok {
		return t.Form(base, form)
	}
	return t.Placeholder(name)
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
