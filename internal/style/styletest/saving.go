// Package styletest holds what the tests of several packages know of the
// languages' words, so that they share one table: the words that say
// saving literally, which a text in a theme's words never holds.
package styletest

import "nostromo-lessons/internal/style"

// SavingWords are a language's words for saving and the farm theme's
// word for it: a text that says saving with the theme's words ($save,
// $saved), worded in the farm theme, holds Farm and none of Literal.
type SavingWords struct {
	Lang    style.Language
	Literal []string // the language's words for saving, as stems in lower case
	Farm    string   // a stem of the farm theme's $save and $saved words
}

// Saving are the saving words of every language.
var Saving = []SavingWords{
	{style.English, []string{"save", "safety"}, "home"},
	{style.Spanish, []string{"salv"}, "casa"},
	{style.Russian, []string{"спас", "безопасн"}, "дом"},
	{style.German, []string{"gerett", "retten", "rettung", "sicherheit"}, "hause"},
	{style.Dutch, []string{"gered", "redd", "veilig"}, "huis"},
}
