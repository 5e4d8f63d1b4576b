package pdf

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

// TestScoreSheet checks the score sheet in every language and theme: two
// pages, one per game of the pair, each with its title, the players' lines
// in the theme's words for the sides, the grid's columns and its numbered
// moves, and the result's tick boxes; the second game with the sides
// swapped.
func TestScoreSheet(t *testing.T) {
	for _, lang := range style.Languages() {
		for _, th := range style.Themes() {
			t.Run(fmt.Sprintf("%s %s", lang, th), func(t *testing.T) {
				c := sampleCourse(th)
				c.Language = lang
				var buf bytes.Buffer
				if err := ScoreSheet(&buf, c, render.Options{}); err != nil {
					t.Fatal(err)
				}
				if got := pageCount(buf.Bytes()); got != 2 {
					t.Errorf("score sheet has %d pages, want 2", got)
				}
				say := catalog.New(lang, th)
				text := pdfText(t, buf.Bytes())
				white, black := say.Word("white.label"), say.Word("black.label")
				want := []string{say.Say(scoreTitle), say.Say("score.game", 1), say.Say("score.game", 2) + " " + say.Say("score.swap"),
					white + ":", black + ":", say.Say("sheet.class") + ":", say.Say("sheet.date") + ":", say.Say("score.start") + ":",
					say.Say("score.saved"), say.Say("score.caught"), say.Say("score.result"),
					say.Say("score.wins", white), say.Say("score.wins", black), say.Say("play.draw"), "\n1\n", "\n50\n"}
				for _, w := range want {
					if !strings.Contains(text, w) {
						t.Errorf("score sheet does not show %q; it shows:\n%s", w, text)
					}
				}
				for _, w := range []string{"$", "%!", "…"} {
					if strings.Contains(text, w) {
						t.Errorf("score sheet shows %q (a word not filled in, or cut); it shows:\n%s", w, text)
					}
				}
				if strings.Count(text, say.Say("score.how")[:20]) != 2 {
					t.Errorf("score sheet does not say how to use it on both pages")
				}
			})
		}
	}
}
