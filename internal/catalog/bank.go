package catalog

import (
	"fmt"
	"strings"

	"nostromo-lessons/internal/style"
)

// BankPrefix starts the keys of the words generate writes into a bank:
// its titles, questions and explanations.
const BankPrefix = "gen."

// banks are the languages generate writes a bank in, each with its table
// of BankPrefix keys, which is also one of the language's tables.
var banks = map[style.Language]messages{
	style.English: englishBank,
	style.Spanish: spanishBank,
	style.Russian: russianBank,
	style.German:  germanBank,
	style.Dutch:   dutchBank,
}

// BankLanguages returns the languages generate writes a bank in.
func BankLanguages() []style.Language {
	var out []style.Language
	for _, l := range style.Languages() {
		if _, ok := banks[l]; ok {
			out = append(out, l)
		}
	}
	return out
}

// Bank returns the printer of the words generate writes into a bank in
// language l: its messages keep their placeholders ($king, $pawns.gen),
// which the loader words in the theme of the build.
func Bank(l style.Language) (*Printer, error) {
	if _, ok := banks[l]; !ok {
		var names []string
		for _, b := range BankLanguages() {
			names = append(names, b.String())
		}
		return nil, fmt.Errorf("catalog: generate does not write banks in %s yet: want one of %s", l, strings.Join(names, ", "))
	}
	return printer(pair{l, style.Classic, true}), nil
}
