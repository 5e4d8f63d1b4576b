package render

import (
	"strconv"

	"nostromo-lessons/internal/catalog"
)

// RulesTitle is the key of what heads the rules sheet; the workbook's
// outline names it too.
const RulesTitle = "rules.title"

// RulesNote is the key of what closes the rules sheet: what the project
// decisions are. Rules that are project decisions say so in their text.
const RulesNote = "rules.note"

// RuleSection is one heading of the rules sheet and its rules.
type RuleSection struct {
	Head  string
	Rules []string
}

// RuleKeys are the rules sheet's sections: the key of each heading, and
// how many rules follow it (keys KEY.1, KEY.2, ...).
var RuleKeys = []struct {
	Key string
	N   int
}{
	{"rules.pieces", 2}, {"rules.moves", 3}, {"rules.row8", 1}, {"rules.lair", 2},
	{"rules.check", 1}, {"rules.wins", 2}, {"rules.draws", 2}, {"rules.count", 1},
}

// RuleSections returns the rules in children's words, in the language and
// theme of p: all of docs/RULES.md, with the two project decisions marked.
func RuleSections(p *catalog.Printer) []RuleSection {
	var sections []RuleSection
	for _, sec := range RuleKeys {
		rs := RuleSection{Head: p.Say(sec.Key)}
		for i := 1; i <= sec.N; i++ {
			rs.Rules = append(rs.Rules, p.Say(sec.Key+"."+strconv.Itoa(i)))
		}
		sections = append(sections, rs)
	}
	return sections
}

// RuleFigure is a diagram of the rules: the board with its caption, and
// the key of the section it shows.
type RuleFigure struct {
	Section string
	Board   Board
}

// lairFEN is the position of the rules' figure of the flight: a pawn on
// e4 about to catch the knight on d5, which then flies back to f6.
const lairFEN = "8/8/8/3n4/4P3/8/1PP2PP1/4K3 w 0 1"

// RuleFigures returns the diagrams of the rules in the language and theme
// of p: the start position (the one the rules' text names, whatever a
// course's own start), the knight's eight jumps, and its flight back to
// the lair.
func RuleFigures(p *catalog.Printer) []RuleFigure {
	return []RuleFigure{
		{"rules.pieces", Board{FEN: "start", NoState: true, Caption: p.Say("rules.figure.start")}},
		{"rules.moves", Board{Pieces: map[string]string{"d4": "knight"},
			Marks:   []string{"c2", "e2", "b3", "f3", "b5", "f5", "c6", "e6"},
			Caption: p.Say("rules.figure.jumps")}},
		{"rules.lair", Board{FEN: lairFEN, NoState: true, Arrows: [][2]string{{"e4", "d5"}, {"d5", "f6"}},
			Caption: p.Say("rules.figure.lair")}},
	}
}

// ProjectDecisions returns the rules the project decided, in the course's
// language and theme, as the rules sheet words them.
func ProjectDecisions(c Course) []string {
	p := c.Printer()
	out := make([]string, len(decisionKeys))
	for i, key := range decisionKeys {
		out[i] = p.Say(key)
	}
	return out
}

// decisionKeys are the rules sheet's rules that the project decided (the
// published game leaves them open): the start and the rule of the lair.
var decisionKeys = []string{"rules.pieces.2", "rules.lair.2"}
