package catalog

import (
	"slices"
	"strings"

	"nostromo-lessons/internal/style"
)

// The piece letters of the notation: K and N in English; the catalogs say
// them in each language (notation.king, notation.knight), such as R and C
// in Spanish, Кр and К in Russian. Pawn moves have no letter.
const (
	englishKing   = "K"
	englishKnight = "N"
)

// SAN returns moves or a line in standard notation ("Kd3", "1. Kd3 N@f6",
// "Kd3, e5") with the piece letters of the printer's language.
func (p *Printer) SAN(s string) string {
	return replaceLetters(s, []letter{{englishKing, p.Say("notation.king")}, {englishKnight, p.Say("notation.knight")}})
}

// EnglishSAN returns moves written with the piece letters of any catalog's
// language ("Крd3", "Cf4") in English letters, as the rules read them;
// English letters stay as they are.
func EnglishSAN(s string) string {
	var letters []letter
	for _, l := range style.Languages() {
		p := New(l, style.Classic)
		letters = append(letters, letter{p.Say("notation.king"), englishKing}, letter{p.Say("notation.knight"), englishKnight})
	}
	// The longer letter first: Russian Кр (king) before К (knight).
	slices.SortStableFunc(letters, func(a, b letter) int { return len(b.from) - len(a.from) })
	return replaceLetters(s, letters)
}

// letter is a piece letter and the one to write instead.
type letter struct{ from, to string }

// replaceLetters replaces the piece letter at the start of every move of
// s: a letter followed by a file (a-h), a capture (x) or the flight (@).
func replaceLetters(s string, letters []letter) string {
	fields := strings.Split(s, " ")
	for i, f := range fields {
		for _, l := range letters {
			rest, ok := strings.CutPrefix(f, l.from)
			if ok && rest != "" && (rest[0] >= 'a' && rest[0] <= 'h' || rest[0] == 'x' || rest[0] == '@') {
				fields[i] = l.to + rest
				break
			}
		}
	}
	return strings.Join(fields, " ")
}
