package render

// words are a theme's names for the pieces and the sides, used in alt
// texts, in diagram labels and on worksheets.
type words struct {
	King   string // the white king, with its article if it needs one: "the white king"
	Pawn   string // one pawn: "pawn"
	Pawns  string // several pawns: "pawns"
	Knight string // "the knight"
	White  string // the white side as a diagram label: "White"
	Black  string // the black side as a diagram label: "Black"
}

// themeWords holds each theme's words.
var themeWords = [...]words{
	Classic: {King: "the white king", Pawn: "pawn", Pawns: "pawns", Knight: "the knight", White: "White", Black: "Black"},
	Alien:   {King: "Captain Ripley", Pawn: "crew member", Pawns: "crew members", Knight: "the alien", White: "Crew", Black: "Alien"},
	Farm:    {King: "the shepherd", Pawn: "sheep", Pawns: "sheep", Knight: "the wolf", White: "Shepherd", Black: "Wolf"},
}

// wordsFor returns the theme's words; an unknown theme gets the classic ones.
func wordsFor(t Theme) words {
	if int(t) < len(themeWords) {
		return themeWords[t]
	}
	return themeWords[Classic]
}
