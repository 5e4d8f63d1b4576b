package render

import (
	"io"
	"strings"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
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
	s, err := newSheet(c, k, c.Title+": the rules")
	if err != nil {
		return err
	}
	s.rulesSheet()
	return s.finish(w)
}

// rulesTitle heads the rules sheet; the workbook's outline names it too.
const rulesTitle = "The rules of the game"

// projectMark marks a rule the published game leaves open and this
// project decided.
const projectMark = "(project decision)"

// rulesNote closes the rules sheet: what the project decisions are.
const rulesNote = "Rules marked " + projectMark + " are choices of this course: the published game leaves them open."

// ruleSection is one heading of the rules sheet and its rules.
type ruleSection struct {
	head  string
	rules []string
}

// ruleSections returns the rules in children's words, in the theme's
// words: all of RULES.md, with the two project decisions marked.
func ruleSections(t style.Theme) []ruleSection {
	w := t.Words()
	king, knight := upper(w.King), upper(w.Knight)
	r := strings.NewReplacer("{White}", w.White, "{white}", t.SideInSentence(rules.White), "{Black}", w.Black, "{king}", w.King, "{King}", king,
		"{knight}", w.Knight, "{Knight}", knight, "{pawn}", w.Pawn, "{pawns}", w.Pawns, "{save}", w.Save, "{lair}", w.Lair, "{Lair}", upper(w.Lair))
	sections := []ruleSection{
		{"The pieces", []string{
			"{White} plays with {king}, who moves like a king, and six {pawns}, who move like pawns. {Knight} is alone and moves like a knight.",
			"Start " + projectMark + ": {king} on e1, the {pawns} on b2, c2, d2, e2, f2 and g2, {knight} on f6. {White} moves first.",
		}},
		{"How the pieces move", []string{
			"{King} steps one square in any direction, but never onto a square that {knight} attacks.",
			"A {pawn} steps one square straight up, onto an empty square. It catches {knight} one square diagonally up. There is no double step.",
			"{Knight} jumps like a chess knight: two squares one way, then one to the side, over anything. Landing on a {pawn} catches it.",
		}},
		{"Row 8", []string{
			"A {pawn} that reaches row 8 is saved and leaves the board at once. It may not step onto a square of row 8 that {knight} attacks (catching {knight} there is fine).",
		}},
		{"Catching {knight}: the flight and {lair}", []string{
			"{Knight} never dies. When it is caught, its next move is the flight: it goes back to f6, {lair}. Then {white} moves again.",
			"The rule of {lair} " + projectMark + ": you may catch {knight} only if f6 is empty after your move. So {knight} on f6 can never be caught.",
		}},
		{"Check", []string{
			"When {knight} attacks {king}, that is check. {White} may never make a move that leaves {king} attacked, not even one that saves a {pawn}.",
		}},
		{"Who wins", []string{
			"{White} wins at once when three {pawns} are saved.",
			"{Black} wins at once when it has caught four {pawns}, or when {king} is in check and {White} has no move.",
		}},
		{"Draws", []string{
			"Stalemate: {White} to move, not in check, but no move allowed: a draw.",
			"Repetition: the same position for the third time, with the same side to move: a draw.",
		}},
		{"Counting moves", []string{
			"\"In how many moves\" counts only the moves of the side that wins; the flight counts as a move of {knight}.",
		}},
	}
	for i := range sections {
		sections[i].head = r.Replace(sections[i].head)
		for j := range sections[i].rules {
			sections[i].rules[j] = r.Replace(sections[i].rules[j])
		}
	}
	return sections
}

// upper capitalises the first letter of s.
func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// rulesSheet writes the rules on one page.
func (s *sheet) rulesSheet() {
	s.footer = s.c.Title + " · the rules"
	s.newPage()
	w := s.contentW()
	s.y += s.para(margin, s.y, w, "B", 24, rulesTitle) + 3
	for _, sec := range ruleSections(s.c.Theme) {
		s.y += 1.5
		s.y += s.para(margin, s.y, w, "B", 13, sec.head)
		for _, rule := range sec.rules {
			s.font("", 12)
			s.Text(margin+1, s.y+12*ptToMM, "•")
			s.y += s.para(margin+5, s.y, w-5, "", 12, rule) + 0.8
		}
	}
	s.y += 2
	s.para(margin, s.y, w, "I", smallSize, rulesNote)
}
