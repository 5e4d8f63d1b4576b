package exercises

import "nostromo-lessons/rules"

// Theme is the story a course tells about the pieces. It changes the default
// wording of questions and answers, never the rules.
type Theme uint8

// The themes. Classic speaks of the king, the pawns and the knight; Alien of
// Ripley, the crew and the alien; Farm of the shepherd, the sheep and the wolf.
const (
	Classic Theme = iota
	Alien
	Farm
)

var themeNames = [...]string{Classic: "classic", Alien: "alien", Farm: "farm"}

// String returns the theme's name: "classic", "alien" or "farm".
func (t Theme) String() string {
	if int(t) < len(themeNames) {
		return themeNames[t]
	}
	return "unknown"
}

// ParseTheme returns the theme named name.
func ParseTheme(name string) (Theme, bool) {
	for t, n := range themeNames {
		if n == name {
			return Theme(t), true
		}
	}
	return 0, false
}

// nouns are the words a theme uses for the sides and pieces.
type nouns struct {
	white, black string // the sides, as the subject of a sentence
	king         string // the white king
	pawn, pawns  string // one pawn, several pawns
	knight       string // the black knight
	save         string // what a pawn reaching rank 8 does ("is saved")
}

var themeNouns = [...]nouns{
	Classic: {white: "White", black: "Black", king: "the king", pawn: "pawn", pawns: "pawns", knight: "the knight", save: "save"},
	Alien:   {white: "The crew", black: "The alien", king: "Ripley", pawn: "crew member", pawns: "crew members", knight: "the alien", save: "bring to safety"},
	Farm:    {white: "The shepherd", black: "The wolf", king: "the shepherd", pawn: "sheep", pawns: "sheep", knight: "the wolf", save: "bring home"},
}

func (t Theme) nouns() nouns {
	if int(t) < len(themeNouns) {
		return themeNouns[t]
	}
	return themeNouns[Classic]
}

// Side returns the theme's name for side c, capitalised: "White", "The
// crew", "The wolf".
func (t Theme) Side(c rules.Color) string {
	if c == rules.White {
		return t.nouns().white
	}
	return t.nouns().black
}

// lower returns s with its first letter in lower case, for a side's name in
// the middle of a sentence ("the crew"); "White" and "Black" stay as they are.
func lower(s string) string {
	if len(s) > 4 && s[:4] == "The " {
		return "the " + s[4:]
	}
	return s
}

// pieceName returns the theme's name for a piece, as in "the knight".
func (t Theme) pieceName(pc rules.Piece) string {
	n := t.nouns()
	switch pc {
	case rules.King:
		return n.king
	case rules.Knight:
		return n.knight
	}
	return "the " + n.pawn
}

// count returns "1 pawn" or "3 pawns" in the theme's words.
func (t Theme) count(k int) string {
	n := t.nouns()
	if k == 1 {
		return "1 " + n.pawn
	}
	return itoa(k) + " " + n.pawns
}
