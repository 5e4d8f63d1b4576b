package build_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/internal/style"
)

// writeSite renders the sample course on a paper and writes its site/
// files into dir.
func writeSite(t *testing.T, paper style.Paper, dir string) {
	t.Helper()
	files := buildtest.Files(t, sampleCourse(t), build.Options{Paper: &paper, Date: "2024-09-01"})
	buildtest.Write(t, files, "site/*", dir)
}

// printPage prints a page to PDF with headless Chromium, as Ctrl-P would
// (no header or footer), and returns the PDF's path.
func printPage(t *testing.T, bin, page string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "print.pdf")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--print-to-pdf="+out, "--no-pdf-header-footer", "file://"+page)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium --print-to-pdf %s: %v\n%s", page, err, msg)
	}
	return out
}

// TestPrintLesson prints lesson 8 (Races, 16 exercises) of the sample
// course from the site with Chromium, on A4 and Letter: the print
// stylesheet sets it like the compact worksheet, in at most 4 pages (it
// took 18 Letter pages before the print stylesheet did), with no answers
// and no dead "Answer" buttons, and says where the worksheet's PDF is. The
// rules page prints on one page.
func TestPrintLesson(t *testing.T) {
	bin := buildtest.Chromium(t)
	needPoppler(t)
	for _, paper := range []style.Paper{style.A4, style.Letter} {
		t.Run(paper.String(), func(t *testing.T) {
			dir := t.TempDir()
			writeSite(t, paper, dir)
			pdf := printPage(t, bin, filepath.Join(dir, "08-races.html"))
			if got := pdfInfoPages(t, pdf); got > 4 {
				t.Errorf("lesson 8 prints on %d pages, want at most 4", got)
			}
			text := strings.Join(pdfPages(t, pdf), "")
			flat := strings.Join(strings.Fields(text), " ")
			for _, w := range []string{"Races", "08-races.pdf", "Answer:", "16"} {
				if !strings.Contains(flat, w) {
					t.Errorf("the printed lesson does not show %q:\n%s", w, text)
				}
			}
			for _, w := range []string{"Best play:", "Worksheet (PDF)", "▶"} {
				if strings.Contains(flat, w) {
					t.Errorf("the printed lesson shows %q:\n%s", w, text)
				}
			}
			size := map[style.Paper]string{style.A4: "A4", style.Letter: "letter"}[paper]
			info, err := exec.Command("pdfinfo", pdf).Output()
			if err != nil || !strings.Contains(string(info), "("+size+")") {
				t.Errorf("the printed lesson is not on %s paper: %v\n%s", size, err, info)
			}
			rules := printPage(t, bin, filepath.Join(dir, "rules.html"))
			if got := pdfInfoPages(t, rules); got != 1 {
				t.Errorf("the rules page prints on %d pages, want 1", got)
			}
		})
	}
}
