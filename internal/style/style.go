// Package style names the choices a course makes about how it looks and
// speaks, never about the rules: the theme (the story told about the pieces,
// with its words), the paper size and layout of the worksheets, and the
// answer spaces they leave.
package style

// # Adding a theme
//
// A theme is one constant here, its name in themeNames and its words in
// themeWords (this file), plus its piece art in templates/art/NAME/ (king.art,
// pawn.art, knight.art). Flag help, error messages and the loader read the
// names from Themes, so nothing else changes.

import (
	"fmt"
	"strconv"
	"strings"

	"nostromo-lessons/rules"
)

// Theme is the story a course tells about the pieces. It changes the piece
// art and the words of questions, answers and labels, never the rules.
type Theme uint8

// The themes. Classic speaks of the king, the pawns and the knight; Alien of
// Ripley, the crew and the alien; Farm of the shepherd, the sheep and the wolf.
const (
	Classic Theme = iota
	Alien
	Farm
)

var themeNames = [...]string{Classic: "classic", Alien: "alien", Farm: "farm"}

// Themes returns every theme, in the order of their constants.
func Themes() []Theme {
	all := make([]Theme, len(themeNames))
	for i := range all {
		all[i] = Theme(i)
	}
	return all
}

// ThemeNames returns the themes' names as a list for messages and flag help:
// "classic, alien, farm".
func ThemeNames() string { return strings.Join(themeNames[:], ", ") }

// String returns the theme's name: "classic", "alien" or "farm".
func (t Theme) String() string {
	if int(t) < len(themeNames) {
		return themeNames[t]
	}
	return fmt.Sprintf("Theme(%d)", t)
}

// ThemeHelp returns the themes' names, each with the pieces its story
// tells of, as a list for messages: "classic (the king, the pawns and the
// knight), alien (...), farm (the shepherd, the sheep and the wolf)".
func ThemeHelp() string {
	var list []string
	for _, t := range Themes() {
		w := t.Words()
		list = append(list, fmt.Sprintf("%s (%s, the %s and %s)", t, w.King, w.Pawns, w.Knight))
	}
	return strings.Join(list, ", ")
}

// ParseTheme reads a theme name as String writes it, in any letter case.
// Any other word is an error that names every theme with its pieces, and
// asks "did you mean farm?" for a word of a theme's story, such as "sheep"
// or "Ripley": such a word is not taken as its theme, so that a course file
// and a command read themes the same way.
func ParseTheme(s string) (Theme, error) {
	for i, name := range themeNames {
		if strings.EqualFold(s, name) {
			return Theme(i), nil
		}
	}
	return Classic, fmt.Errorf("style: theme %q: %s", s, ThemeWant(s))
}

// ThemeWant says which themes there are, for a message about s that is
// none of them, and which theme s is a word of, if it is one: "want one
// of classic (...), alien (...), farm (...); did you mean farm?".
func ThemeWant(s string) string {
	if t, ok := themeOfWord(s); ok {
		return fmt.Sprintf("want one of %s; did you mean %s?", ThemeHelp(), t)
	}
	return "want one of " + ThemeHelp()
}

// themeOfWord returns the theme one of whose words (a side, a piece, a
// place, without "the") is s, in any letter case.
func themeOfWord(s string) (Theme, bool) {
	s = strings.TrimSpace(s)
	for _, t := range Themes() {
		w := t.Words()
		for _, word := range []string{w.White, w.Black, w.King, w.Pawn, w.Pawns, w.Knight, w.Lair, w.KingLabel, w.WhiteLabel, w.BlackLabel} {
			word = strings.TrimPrefix(strings.TrimPrefix(word, "the "), "The ")
			if word != "" && (strings.EqualFold(s, word) || strings.EqualFold(s, strings.TrimPrefix(word, "Captain "))) {
				return t, true
			}
		}
	}
	return 0, false
}

// Words are a theme's names for the sides, the pieces and the places of
// the story. The sentence nouns serve questions, answers and the
// placeholders of a course's text ($king, see Placeholders); the labels
// serve diagrams, alt texts and worksheets. The side and the king have
// different words in every theme, so that "how many moves can the king
// make" never reads as "how many moves can the side make".
type Words struct {
	White, Black string // the sides as the subject of a sentence: "White", "The crew"
	King         string // the white king in a sentence: "the king", "Ripley"
	Pawn, Pawns  string // one pawn, several pawns: "crew member", "crew members"
	Knight       string // the black knight: "the knight", "the alien"
	Save, Saved  string // what bringing a pawn to rank 8 is called, and its past participle: "save", "saved"
	Lair         string // the knight's square f6 in a sentence: "the home square", "the lair"
	Row8         string // rank 8, where pawns are saved, in a sentence: "row 8", "the shuttle row"
	Door         string // a rank-8 square the knight guards in a sentence: "the door square", "the shuttle door"

	KingLabel  string // the white king in a description: "the white king", "Captain Ripley"
	WhiteLabel string // the white side as a diagram label: "White", "Crew"
	BlackLabel string // the black side as a diagram label: "Black", "Alien"
}

// No word holds a character that YAML or Markdown reads specially (a
// quote, a colon, #, *, _, [ or a backquote), so that a placeholder
// expands safely inside a board block's YAML and inside Markdown; a test
// holds them to it.
var themeWords = [...]Words{
	Classic: {White: "White", Black: "Black", King: "the king", Pawn: "pawn", Pawns: "pawns", Knight: "the knight", Save: "save", Saved: "saved",
		Lair: "the home square", Row8: "the top row", Door: "the door square",
		KingLabel: "the white king", WhiteLabel: "White", BlackLabel: "Black"},
	Alien: {White: "The crew", Black: "The alien", King: "Ripley", Pawn: "crew member", Pawns: "crew members", Knight: "the alien", Save: "bring to safety", Saved: "brought to safety",
		Lair: "the lair", Row8: "the shuttle row", Door: "the shuttle door",
		KingLabel: "Captain Ripley", WhiteLabel: "Crew", BlackLabel: "Alien"},
	Farm: {White: "The farm", Black: "The wolf", King: "the shepherd", Pawn: "sheep", Pawns: "sheep", Knight: "the wolf", Save: "bring home", Saved: "brought home",
		Lair: "the den", Row8: "the barn row", Door: "the barn door",
		KingLabel: "the shepherd", WhiteLabel: "Farm", BlackLabel: "Wolf"},
}

// Words returns the theme's words; an unknown theme gets the classic ones.
func (t Theme) Words() Words {
	if int(t) < len(themeWords) {
		return themeWords[t]
	}
	return themeWords[Classic]
}

// Side returns the theme's name for side c, capitalised: "White", "The
// crew", "The wolf".
func (t Theme) Side(c rules.Color) string {
	if c == rules.White {
		return t.Words().White
	}
	return t.Words().Black
}

// SideInSentence returns the theme's name for side c in the middle of a
// sentence: "the crew"; "White" and "Black" stay as they are.
func (t Theme) SideInSentence(c rules.Color) string {
	return inSentence(t.Side(c))
}

// PieceName returns the theme's name for a piece, as in "the knight".
func (t Theme) PieceName(pc rules.Piece) string {
	w := t.Words()
	switch pc {
	case rules.King:
		return w.King
	case rules.Knight:
		return w.Knight
	}
	return "the " + w.Pawn
}

// Count returns "1 pawn" or "3 pawns" in the theme's words.
func (t Theme) Count(k int) string {
	w := t.Words()
	if k == 1 {
		return "1 " + w.Pawn
	}
	return strconv.Itoa(k) + " " + w.Pawns
}

// Paper is the paper size of the PDF files.
type Paper uint8

// The paper sizes: A4 (210 x 297 mm) and US Letter (8.5 x 11 in).
const (
	A4 Paper = iota
	Letter
)

var paperNames = [...]string{A4: "A4", Letter: "Letter"}

// PaperNames returns the paper sizes' names as a list for messages and flag
// help: "A4, Letter".
func PaperNames() string { return strings.Join(paperNames[:], ", ") }

// String returns "A4" or "Letter".
func (p Paper) String() string {
	if int(p) < len(paperNames) {
		return paperNames[p]
	}
	return fmt.Sprintf("Paper(%d)", p)
}

// ParsePaper reads a paper size as String writes it, in any letter case.
func ParsePaper(s string) (Paper, error) {
	for i, name := range paperNames {
		if strings.EqualFold(s, name) {
			return Paper(i), nil
		}
	}
	return A4, fmt.Errorf("style: paper %q: want one of %s", s, PaperNames())
}

// Papers returns every paper size, in the order of their constants.
func Papers() []Paper { return []Paper{A4, Letter} }
