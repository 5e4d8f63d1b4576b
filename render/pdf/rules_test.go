package pdf

import (
	"fmt"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/diagram"
)

// TestRulesSheet checks the rules sheet in every language, theme and
// paper: one page that ends above the footer, with the row of diagrams
// (the start, the knight's jumps and its flight to the lair, each with its
// caption) in squares of at least minRuleSquare millimetres, and the rules
// in at least the smallest of rulesSizes.
func TestRulesSheet(t *testing.T) {
	for _, lang := range style.Languages() {
		for _, theme := range []style.Theme{style.Alien, style.Classic, style.Farm} {
			for _, paper := range []style.Paper{style.A4, style.Letter} {
				t.Run(fmt.Sprintf("%v/%v/%v", lang, theme, paper), func(t *testing.T) {
					c := sampleCourse(theme)
					c.Language, c.Paper = lang, paper
					k, err := newAssets(c, render.Options{})
					if err != nil {
						t.Fatal(err)
					}
					s, err := newSheet(c, k, "rules")
					if err != nil {
						t.Fatal(err)
					}
					figs := render.RuleFigures(k.Say)
					if len(figs) != 3 {
						t.Fatalf("%d figures, want 3", len(figs))
					}
					for _, f := range figs {
						if f.Board.Caption == "" {
							t.Errorf("figure of %s has no caption", f.Section)
						}
						if _, err := diagram.Read(f.Board); err != nil {
							t.Errorf("figure of %s: %v", f.Section, err)
						}
					}
					s.newPage()
					s.y += s.para(margin, s.y, s.contentW(), "B", 24, s.say(render.RulesTitle)) + 3
					size, square, fit := s.rulesFit(figs)
					s.rulesSheet()
					if err := s.Error(); err != nil {
						t.Fatal(err)
					}
					if got := s.PageNo(); got != 2 { // the page started above, and the sheet's own
						t.Errorf("the rules sheet took %d pages, want 1", got-1)
					}
					if bottom := s.pageH - margin - footerH; s.y > bottom+0.01 {
						t.Errorf("the rules end at %.1f mm, under the footer's top at %.1f mm (type %v pt, squares %.1f mm)", s.y, bottom, size, square)
					}
					if square < minRuleSquare-0.01 {
						t.Errorf("squares of %.2f mm, want at least %v", square, minRuleSquare)
					}
					t.Logf("type %v pt, squares %.2f mm, %d figures", size, square, len(fit))
				})
			}
		}
	}
}
