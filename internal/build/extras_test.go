package build_test

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"nostromo-lessons/internal/style"
)

// pdfInfoPages returns a PDF's page count as pdfinfo reads it.
func pdfInfoPages(t *testing.T, path string) int {
	t.Helper()
	out, err := exec.Command("pdfinfo", path).Output()
	if err != nil {
		t.Fatalf("pdfinfo %s: %v", path, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, "Pages:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("pdfinfo %s: %q", path, line)
			}
			return n
		}
	}
	t.Fatalf("pdfinfo %s: no Pages line in\n%s", path, out)
	return 0
}

// TestSampleExtras checks the sample course's certificates, class
// checklist and play cards with poppler, on A4 and Letter: one certificate
// page per level the lessons use, each with the name course.yaml's levels:
// gives it and its lessons' goals; a one-page checklist of 30 children by
// every lesson; a play card for every lesson.
func TestSampleExtras(t *testing.T) {
	needPoppler(t)
	c := sampleCourse(t)
	for _, paper := range []style.Paper{style.A4, style.Letter} {
		t.Run(paper.String(), func(t *testing.T) {
			dir := t.TempDir()
			files := buildPDFs(t, paper, dir)
			var levels []int // the levels the lessons use, in order, once each
			for _, l := range c.Lessons {
				levels = append(levels, l.Level)
			}
			slices.Sort(levels)
			levels = slices.Compact(levels)
			cert := filepath.Join(dir, "certificates.pdf")
			if got := pdfInfoPages(t, cert); got != len(levels) {
				t.Errorf("certificates.pdf has %d pages, want %d, one per level used %v", got, len(levels), levels)
			}
			for i, text := range pdfPages(t, cert) {
				if i >= len(levels) {
					break
				}
				level := levels[i]
				want := []string{"Certificate", fmt.Sprintf("Level %d", level)}
				if name := c.LevelName(level); name != "" {
					want = append(want, fmt.Sprintf("Level %d · %s", level, name))
				}
				if goals := c.LevelGoals(level); len(goals) > 0 {
					want = append(want, strings.Fields(goals[len(goals)-1])[1]) // a word of its last goal
				}
				flat := strings.Join(strings.Fields(text), " ")
				for _, w := range want {
					if !strings.Contains(flat, w) {
						t.Errorf("certificate p. %d does not show %q:\n%s", i+1, w, text)
					}
				}
			}
			// A class of 30 fits one page of rows: each page (one per group
			// of lesson columns) shows rows 1 to 30 and every lesson once.
			check := filepath.Join(dir, "checklist.pdf")
			pages := pdfPages(t, check)
			if got := pdfInfoPages(t, check); got != len(pages) || got > len(c.Lessons) {
				t.Errorf("checklist.pdf has %d pages (%d read), want one per group of lesson columns", got, len(pages))
			}
			for i, page := range pages {
				for _, w := range []string{"Class checklist", "\n30\n"} {
					if !strings.Contains(page, w) {
						t.Errorf("checklist.pdf p. %d does not show %q:\n%s", i+1, w, page)
					}
				}
				if strings.Contains(page, "\n31\n") {
					t.Errorf("checklist.pdf p. %d shows a row 31 for a class of 30", i+1)
				}
			}
			flat := strings.Join(strings.Fields(strings.Join(pages, " ")), " ")
			for _, l := range c.Lessons {
				head := strings.Join(strings.Fields(l.Title)[:min(2, len(strings.Fields(l.Title)))], " ") // a long title is cut
				if !strings.Contains(flat, head) {
					t.Errorf("checklist.pdf does not show the lesson %q:\n%s", l.Title, flat)
				}
			}
			// The score sheet: a page for each game of a pair, the whole
			// grid of moves on the page.
			score := filepath.Join(dir, "scoresheet.pdf")
			if got := pdfInfoPages(t, score); got != 2 {
				t.Errorf("scoresheet.pdf has %d pages, want 2, one per game of a pair", got)
			}
			for i, page := range pdfPages(t, score) {
				for _, w := range []string{"Score sheet", fmt.Sprintf("Game %d", i+1), "Saved", "Caught", "Result:", "\n1\n", "\n40\n"} {
					if !strings.Contains(page, w) {
						t.Errorf("scoresheet.pdf p. %d does not show %q:\n%s", i+1, w, page)
					}
				}
			}
			for _, l := range c.Lessons {
				if len(files["pdf/"+l.ID+"-play.pdf"]) == 0 {
					t.Errorf("no pdf/%s-play.pdf", l.ID)
				}
			}
		})
	}
}
