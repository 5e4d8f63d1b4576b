package render

import (
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// scriptWord is one message the pages' scripts show: its key and its text
// in the theme's words. A {name} in a text is filled in by the script.
type scriptWord struct{ key, text string }

// scriptWords returns every message the pages' scripts show, in the
// theme's words, sorted by key (a test keeps it so; add keys in their
// place). No script holds a message of its own: each reads this table
// from the page (the element nl-words).
func scriptWords(t style.Theme) []scriptWord {
	w := t.Words()
	return []scriptWord{
		{"answer.check", "Check"},
		{"answer.choose", "Choose an answer first."},
		{"answer.clear", "Clear"},
		{"answer.never", "never"},
		{"answer.number", "Number of moves"},
		{"answer.right", "Right! " + w.Black + " did not see that coming."},
		{"answer.slower", "Right, but there is a faster way. One star less."},
		{"answer.solved", "Solved"},
		{"answer.wrong", "Not yet. Look again and try once more."},
		{"answer.wrong-hint", "Not yet. Try again: the hint is open below."},
		{"board.label", "The board: choose squares with the arrow keys and Enter"},
		{"child.add", "Add"},
		{"child.name", "New name"},
		{"child.nobody", "Just me"},
		{"child.who", "Who is playing?"},
		{"move.from", "{square} chosen: now choose where it goes."},
		{"move.made", "Your move: {from} to {to}."},
		{"path.start", "Start: {square}. Choose the squares of the way one by one."},
		{"piece.king", t.PieceName(rules.King)},
		{"piece.knight", t.PieceName(rules.Knight)},
		{"piece.pawn", t.PieceName(rules.Pawn)},
		{"stars.none", "No stars yet."},
		{"stars.of", "{stars} of 3 stars · {solved} of {total} solved"},
		{"stars.reset", "Start again"},
		{"stars.reset-done", "The lesson starts again: its stars are gone."},
	}
}

// scriptWordsJSON returns the table as a JSON object for the page.
func scriptWordsJSON(t style.Theme) map[string]string {
	out := map[string]string{}
	for _, sw := range scriptWords(t) {
		out[sw.key] = sw.text
	}
	return out
}
