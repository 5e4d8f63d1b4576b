package render

import (
	"io"
	"strconv"

	"nostromo-lessons/internal/catalog"
)

// Rules writes the rules sheet as a PDF of its own: one page with every
// rule of the game in children's words, in the course's theme.
func Rules(w io.Writer, c Course, opts Options) error {
	k, err := newPDFKit(c, opts)
	if err != nil {
		return err
	}
	return k.rules(w, c)
}

// rules writes the rules sheet.
func (k *kit) rules(w io.Writer, c Course) error {
	s, err := newSheet(c, k, k.say.Say("title.of", c.Title, k.say.Say(rulesTitle)))
	if err != nil {
		return err
	}
	s.rulesSheet()
	return s.finish(w)
}

// rulesTitle is the key of what heads the rules sheet; the workbook's
// outline names it too.
const rulesTitle = "rules.title"

// rulesNote is the key of what closes the rules sheet: what the project
// decisions are. Rules that are project decisions say so in their text.
const rulesNote = "rules.note"

// ruleSection is one heading of the rules sheet and its rules.
type ruleSection struct {
	head  string
	rules []string
}

// ruleKeys are the rules sheet's sections: the key of each heading, and
// how many rules follow it (keys KEY.1, KEY.2, ...).
var ruleKeys = []struct {
	key string
	n   int
}{
	{"rules.pieces", 2}, {"rules.moves", 3}, {"rules.row8", 1}, {"rules.lair", 2},
	{"rules.check", 1}, {"rules.wins", 2}, {"rules.draws", 2}, {"rules.count", 1},
}

// ruleSections returns the rules in children's words, in the language and
// theme of p: all of RULES.md, with the two project decisions marked.
func ruleSections(p *catalog.Printer) []ruleSection {
	var sections []ruleSection
	for _, sec := range ruleKeys {
		rs := ruleSection{head: p.Say(sec.key)}
		for i := 1; i <= sec.n; i++ {
			rs.rules = append(rs.rules, p.Say(sec.key+"."+strconv.Itoa(i)))
		}
		sections = append(sections, rs)
	}
	return sections
}

// rulesSheet writes the rules on one page.
func (s *sheet) rulesSheet() {
	s.footer = s.c.Title + " · " + s.say(rulesTitle)
	s.newPage()
	w := s.contentW()
	s.y += s.para(margin, s.y, w, "B", 24, s.say(rulesTitle)) + 3
	for _, sec := range ruleSections(s.k.say) {
		s.y += 1.5
		s.y += s.para(margin, s.y, w, "B", 13, sec.head)
		for _, rule := range sec.rules {
			s.font("", 12)
			s.Text(margin+1, s.y+12*ptToMM, "•")
			s.y += s.para(margin+5, s.y, w-5, "", 12, rule) + 0.8
		}
	}
	s.y += 2
	s.para(margin, s.y, w, "I", smallSize, s.say(rulesNote))
}
