package catalog

import "nostromo-lessons/internal/style"

// Bank returns the printer of the words generate writes into a bank in
// language l, the messages whose keys start "gen." (en_bank.go and its
// translations): its titles, questions and explanations. Its messages
// keep their placeholders ($king, $pawns.gen), which the loader words in
// the theme of the build.
func Bank(l style.Language) *Printer {
	return printer(pair{l, style.Classic, true})
}
