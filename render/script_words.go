package render

import (
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// scriptWords returns every text the site's scripts show, by key, in the
// theme's words; pages carry it as JSON (<script type="application/json"
// id="nl-words">) and the scripts hold no words of their own. "{n}" stands
// for a number and "{san}" for a move; a key ending in ".one" or ".other"
// is the form for 1 or for any other number.
func scriptWords(t style.Theme) map[string]string {
	w := t.Words()
	knight := upper(w.Knight)
	return map[string]string{
		"play.button":         "Play it out against " + w.Knight,
		"play.too-big":        "This position is too big to play here: your browser would need too long to work out " + w.Knight + "'s best moves.",
		"play.loading":        "Waking up " + w.Knight + "…",
		"play.thinking":       knight + " is thinking…",
		"play.your-move":      "Your move. You play " + t.SideInSentence(rules.White) + ".",
		"play.your-move.b":    "Your move. You play " + t.SideInSentence(rules.Black) + ".",
		"play.you-played":     "You played {san}.",
		"play.engine-played":  knight + " played {san}.",
		"play.pick-piece":     "Pick one of your pieces first.",
		"play.not-legal":      "That move is not allowed. Pick another square.",
		"play.take-back":      "Take back",
		"play.start-again":    "Start again",
		"play.close":          "Close",
		"play.saved":          w.WhiteLabel + " saved: {n}",
		"play.taken":          w.BlackLabel + " took: {n}",
		"play.board":          "Board to play on",
		"play.square.empty":   "{square}, empty",
		"play.square.king":    "{square}, " + w.King,
		"play.square.pawn":    "{square}, " + w.Pawn,
		"play.square.knight":  "{square}, " + w.Knight,
		"play.check":          upper(w.King) + " is attacked!",
		"play.end.saved":      t.Side(rules.White) + " saved three " + w.Pawns + ": " + t.SideInSentence(rules.White) + " wins!",
		"play.end.taken":      knight + " took four " + w.Pawns + ": " + t.SideInSentence(rules.Black) + " wins.",
		"play.end.checkmate":  upper(w.King) + " is trapped: " + t.SideInSentence(rules.Black) + " wins.",
		"play.end.stalemate":  upper(w.King) + " cannot move, but is not attacked: a draw.",
		"play.end.repetition": "The same position came up three times: a draw.",
		"play.perfect.win":    "You won as fast as anyone can. Perfect!",
		"play.perfect.loss":   "You held out as long as anyone can against " + w.Knight + ".",
		"play.perfect.draw":   "You kept the draw. Perfect!",
		"play.longer.one":     knight + " lasted 1 move longer than it had to.",
		"play.longer.other":   knight + " lasted {n} moves longer than it had to.",
		"play.sooner.one":     "You could have held out 1 move longer.",
		"play.sooner.other":   "You could have held out {n} moves longer.",
		"play.could-win":      "You could have won this position. Try again!",
		"play.could-draw":     "You could have kept a draw in this position. Try again!",
		"play.not-best":       "Some of your moves were not the best ones. Try again!",
		"play.error":          "Something went wrong with the game: {msg}",
	}
}
