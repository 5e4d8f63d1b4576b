package style

import (
	"slices"
	"strings"
)

// dutchWords are the themes' words in Dutch, by name (see Word); Dutch
// nouns have no cases, so the words have no forms but the few a sentence
// needs. A side is a singular in every theme (Wit, de bemanning, de kudde),
// so a verb agrees with it: "Wit wint", "De kudde wint". A pawn is a
// de-word in one theme and a het-word in the others (de pion, het schaap),
// so the catalog's sentences say pawns in the plural ("de $pawns"), or
// "$pawn.one" (een pion, een schaap). "save.te" is the verb with te, for
// "om ... te": "in veiligheid te brengen".
var dutchWords = map[Theme]map[string]string{
	Classic: {
		"lair": "het thuisveld", "row8": "de bovenste rij", "door": "het deurveld",
		"saved": "gered", "save": "redden", "save.te": "te redden",
		"king": "de koning", "king.label": "de witte koning",
		"knight": "het paard",
		"pawn":   "pion", "pawn.one": "een pion", "pawns": "pionnen",
		"white": "Wit", "white.label": "Wit",
		"black": "Zwart", "black.label": "Zwart",
	},
	Alien: {
		"lair": "het hol", "row8": "de shuttlerij", "door": "de shuttledeur",
		"saved": "in veiligheid", "save": "in veiligheid brengen", "save.te": "in veiligheid te brengen",
		"king": "Ripley", "king.label": "kapitein Ripley",
		"knight": "de alien",
		"pawn":   "bemanningslid", "pawn.one": "een bemanningslid", "pawns": "bemanningsleden",
		"white": "de bemanning", "white.label": "Bemanning",
		"black": "de alien", "black.label": "Alien",
	},
	Farm: {
		"lair": "het wolvenhol", "row8": "de stalrij", "door": "de staldeur",
		"saved": "thuis", "save": "naar huis brengen", "save.te": "naar huis te brengen",
		"king": "de herder", "king.label": "de herder",
		"knight": "de wolf",
		"pawn":   "schaap", "pawn.one": "een schaap", "pawns": "schapen",
		"white": "de kudde", "white.label": "Kudde",
		"black": "de wolf", "black.label": "Wolf",
	},
}

// dutchWord is Word in Dutch: a name of dutchWords, or a word with a form
// of Forms ($knight.acc), which is the word itself, as in English.
func (t Theme) dutchWord(name string) (string, bool) {
	if w, ok := dutchWords[t][name]; ok {
		return w, true
	}
	base, form, ok := strings.Cut(name, ".")
	if !ok || !slices.Contains(Forms, form) {
		return "", false
	}
	w, ok := dutchWords[t][base]
	return w, ok
}
