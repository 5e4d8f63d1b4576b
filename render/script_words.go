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
	knight := upper(w.Knight)
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
		{"play.board", "Board to play on"},
		{"play.button", "Play it out against " + w.Knight},
		{"play.check", upper(w.King) + " is attacked!"},
		{"play.close", "Close"},
		{"play.could-draw", "You could have kept a draw in this position. Try again!"},
		{"play.could-win", "You could have won this position. Try again!"},
		{"play.end.checkmate", upper(w.King) + " is trapped: " + t.SideInSentence(rules.Black) + " wins."},
		{"play.end.repetition", "The same position came up three times: a draw."},
		{"play.end.saved", t.Side(rules.White) + " saved three " + w.Pawns + ": " + t.SideInSentence(rules.White) + " wins!"},
		{"play.end.stalemate", upper(w.King) + " cannot move, but is not attacked: a draw."},
		{"play.end.taken", knight + " took four " + w.Pawns + ": " + t.SideInSentence(rules.Black) + " wins."},
		{"play.engine-played", knight + " played {san}."},
		{"play.error", "Something went wrong with the game: {msg}"},
		{"play.loading", "Waking up " + w.Knight + "…"},
		{"play.longer.one", knight + " lasted 1 move longer than it had to."},
		{"play.longer.other", knight + " lasted {n} moves longer than it had to."},
		{"play.not-best", "Some of your moves were not the best ones. Try again!"},
		{"play.not-legal", "That move is not allowed. Pick another square."},
		{"play.perfect.draw", "You kept the draw. Perfect!"},
		{"play.perfect.loss", "You held out as long as anyone can against " + w.Knight + "."},
		{"play.perfect.win", "You won as fast as anyone can. Perfect!"},
		{"play.pick-piece", "Pick one of your pieces first."},
		{"play.saved", w.WhiteLabel + " saved: {n}"},
		{"play.sooner.one", "You could have held out 1 move longer."},
		{"play.sooner.other", "You could have held out {n} moves longer."},
		{"play.square.empty", "{square}, empty"},
		{"play.square.king", "{square}, " + w.King},
		{"play.square.knight", "{square}, " + w.Knight},
		{"play.square.pawn", "{square}, " + w.Pawn},
		{"play.start-again", "Start again"},
		{"play.take-back", "Take back"},
		{"play.taken", w.BlackLabel + " took: {n}"},
		{"play.thinking", knight + " is thinking…"},
		{"play.too-big", "This position is too big to play here: your browser would need too long to work out " + w.Knight + "'s best moves."},
		{"play.you-played", "You played {san}."},
		{"play.your-move", "Your move. You play " + t.SideInSentence(rules.White) + "."},
		{"play.your-move.b", "Your move. You play " + t.SideInSentence(rules.Black) + "."},
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
