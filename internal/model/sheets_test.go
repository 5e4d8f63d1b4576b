package model

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/proof"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/rules/solver"
)

var (
	sampleOnce sync.Once
	sample     *course.Course
	sampleErr  error
)

// sampleCourse loads and verifies the embedded sample course once.
func sampleCourse(t *testing.T) *course.Course {
	t.Helper()
	sampleOnce.Do(func() {
		start := time.Now()
		sample, sampleErr = course.Check(nostromo.Course(), proof.Book{Inner: solver.New(solver.Options{Budget: proof.DefaultBudget})})
		t.Logf("sample course checked in %v", time.Since(start))
	})
	if sampleErr != nil {
		t.Fatalf("Check(sample course) = %v", sampleErr)
	}
	return sample
}

// buildPDFs renders the sample course on a paper and returns its PDF files
// by path (pdf/... and teacher/...), written into dir too for poppler to
// read.
func buildPDFs(t *testing.T, paper style.Paper, dir string) map[string][]byte {
	t.Helper()
	c := Model(sampleCourse(t), Settings{Paper: &paper, Date: "2024-09-01"})
	files := map[string][]byte{}
	err := render.Files(c, render.Options{}, func(path string, write func(io.Writer) error) error {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			return err
		}
		files[path] = buf.Bytes()
		if !strings.HasSuffix(path, ".pdf") {
			return nil
		}
		return os.WriteFile(filepath.Join(dir, filepath.Base(path)), buf.Bytes(), 0o644)
	})
	if err != nil {
		t.Fatalf("render.Files: %v", err)
	}
	return files
}

// pdfPages returns the text of each page of a PDF, as pdftotext reads it.
func pdfPages(t *testing.T, path string) []string {
	t.Helper()
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", path, err)
	}
	pages := strings.Split(string(out), "\f")
	return pages[:len(pages)-1] // the text ends with a form feed
}

// needPoppler skips the test where poppler's pdftotext is not installed.
func needPoppler(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed (apt-get install poppler-utils): the PDF layout tests need it")
	}
}

// TestSampleSheets checks the sample course's printed pages on A4 and
// Letter with poppler: in the workbook the rules, every lesson and every
// answer key start on an odd page and pages left blank say so; every
// answer key's first page holds its answer strip; no worksheet page but a
// lesson's last is less than half full (every row of cells is less than
// half a page high, so a page less than half full would have taken the
// next row); the worksheets hold at least 5 exercises a page, counting
// only the exercises printed on them (not the site-only ones) and the
// pages not left blank; the answer keys hold at least minKeyDensity
// answers a page; and the pupils' part of the workbook, every page before
// the answer keys, is under maxPupilPages.
func TestSampleSheets(t *testing.T) {
	needPoppler(t)
	for _, paper := range []style.Paper{style.A4, style.Letter} {
		t.Run(paper.String(), func(t *testing.T) {
			dir := t.TempDir()
			buildPDFs(t, paper, dir)
			c := sampleCourse(t)
			book := pdfPages(t, filepath.Join(dir, "workbook.pdf"))
			var lessonStarts, keyStarts []int
			for i, text := range book {
				n := i + 1
				switch {
				case strings.Contains(text, "This page is left blank on purpose.") && strings.Count(strings.TrimSpace(text), "\n") > 0:
					t.Errorf("workbook p. %d is left blank on purpose but shows more:\n%s", n, text)
				case strings.Contains(text, "The rules of the game") && strings.Contains(text, "The rule of") && n%2 == 0:
					t.Errorf("workbook: the rules sheet starts on page %d, an even page", n)
				case strings.Contains(text, "Name") && strings.Contains(text, "Class") && strings.Contains(text, "Date"):
					lessonStarts = append(lessonStarts, n)
				case strings.Contains(text, "Answers at a glance"):
					keyStarts = append(keyStarts, n)
				}
			}
			for what, starts := range map[string][]int{"lessons": lessonStarts, "answer keys": keyStarts} {
				if len(starts) != len(c.Lessons) {
					t.Errorf("workbook: %d %s start at pages %v, want %d", len(starts), what, starts, len(c.Lessons))
				}
				for _, n := range starts {
					if n%2 == 0 {
						t.Errorf("workbook: %s start at pages %v; page %d is even", what, starts, n)
					}
				}
			}
			pupil := len(book) // without keys, the whole book
			if len(keyStarts) > 0 {
				pupil = keyStarts[0] - 1
			}
			if pupil >= maxPupilPages {
				t.Errorf("workbook: the pupils' part takes %d pages before the answer keys, want fewer than %d", pupil, maxPupilPages)
			}
			exercises, sheetPages, keyPages := 0, 0, 0
			for _, l := range c.Lessons {
				key := pdfPages(t, filepath.Join(dir, l.ID+"-answers.pdf"))
				keyPages += len(key)
				if !strings.Contains(key[0], "Answers at a glance") || !strings.Contains(key[0], "1: ") {
					t.Errorf("%s-answers.pdf: page 1 holds no answer strip:\n%s", l.ID, key[0])
				}
				path := filepath.Join(dir, l.ID+".pdf")
				pages := pdfPages(t, path)
				exercises += onPaper(l)
				sheetPages += len(pages) - blankPages(pages)
				for n, used := range pageUse(t, path) {
					if n < len(pages) && used < 0.5 {
						t.Errorf("%s.pdf: page %d of %d is %.0f%% full; the next exercise would fit", l.ID, n, len(pages), 100*used)
					}
				}
			}
			density := float64(exercises) / float64(sheetPages)
			t.Logf("%v: %d exercises printed on %d worksheet pages: %.2f a page; answer keys %d pages; workbook %d pages, %d before the keys", paper, exercises, sheetPages, density, keyPages, len(book), pupil)
			if keyDensity := float64(exercises) / float64(keyPages); keyDensity < minKeyDensity {
				t.Errorf("%v: the answer keys take %d pages for %d exercises: %.1f a page, want at least %d", paper, keyPages, exercises, keyDensity, minKeyDensity)
			}
			if density < 5 {
				t.Errorf("%v: %d exercises printed on %d worksheet pages: %.2f a page, want at least 5", paper, exercises, sheetPages, density)
			}
		})
	}
}

// onPaper returns how many of a lesson's exercises its worksheet and
// answer key print: all but the site-only ones.
func onPaper(l *course.Lesson) int {
	n := 0
	for _, e := range l.Exercises {
		if !e.SiteOnly {
			n++
		}
	}
	return n
}

// blankPages returns how many of a PDF's pages are left blank on purpose.
func blankPages(pages []string) int {
	n := 0
	for _, text := range pages {
		if strings.Contains(text, "This page is left blank on purpose.") {
			n++
		}
	}
	return n
}

// minKeyDensity is the fewest answers an answer key page of the sample
// course may hold on average, on A4 or Letter (issue 13: a key quick to
// mark; the keys of the 133-exercise course took 24 pages, 5.5 a page, and
// a measure per page follows the course as it grows).
const minKeyDensity = 8

// maxPupilPages is the page count the pupils' part of the sample course's
// workbook (cover, contents, rules and every worksheet, each starting on
// an odd page) stays under, on A4 and Letter: issue 16's paper per child.
const maxPupilPages = 50

// wordBox matches a word of pdftotext -bbox: its top and bottom.
var (
	pageBox = regexp.MustCompile(`<page width="([0-9.]+)" height="([0-9.]+)">`)
	wordBox = regexp.MustCompile(`<word xMin="[0-9.]+" yMin="([0-9.]+)" xMax="[0-9.]+" yMax="([0-9.]+)">`)
)

// pageUse returns, by page number from 1, how much of the room between the
// top margin and the footer the page's words use, from 0 to 1.
func pageUse(t *testing.T, path string) map[int]float64 {
	t.Helper()
	out, err := exec.Command("pdftotext", "-bbox", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext -bbox %s: %v", path, err)
	}
	const mm = 72 / 25.4
	use := map[int]float64{}
	for i, page := range strings.Split(string(out), "<page ")[1:] {
		m := pageBox.FindStringSubmatch("<page " + page)
		if m == nil {
			t.Fatalf("pdftotext -bbox %s: no page size on page %d", path, i+1)
		}
		h, _ := strconv.ParseFloat(m[2], 64)
		top, bottom := 8*mm, h-(8+8)*mm // the margins and the footer
		low := top
		for _, w := range wordBox.FindAllStringSubmatch(page, -1) {
			y, _ := strconv.ParseFloat(w[2], 64)
			if y < bottom {
				low = max(low, y)
			}
		}
		use[i+1] = (low - top) / (bottom - top)
	}
	return use
}

// TestSampleReproducible builds the sample course's files twice and wants
// the same bytes.
func TestSampleReproducible(t *testing.T) {
	first := buildPDFs(t, style.A4, t.TempDir())
	second := buildPDFs(t, style.A4, t.TempDir())
	for path, data := range first {
		if !bytes.Equal(data, second[path]) {
			t.Errorf("%s differs between two builds", path)
		}
	}
	if len(first) != len(second) {
		t.Errorf("two builds made %d and %d files", len(first), len(second))
	}
	if _, ok := first["pdf/rules.pdf"]; !ok {
		t.Errorf("no pdf/rules.pdf among %s", fmt.Sprint(len(first)))
	}
}

// TestKeyProofs checks what the keys take from the proofs of the sample
// course: the fastest and the slower winning moves of a best-move, and the
// winner of a moves-to-win that asks who wins.
func TestKeyProofs(t *testing.T) {
	c := Model(sampleCourse(t), Settings{})
	find := func(lesson, id string) render.Exercise {
		t.Helper()
		for _, l := range c.Lessons {
			for _, e := range l.Exercises {
				if l.ID == lesson && e.ID == id {
					return e
				}
			}
		}
		t.Fatalf("no exercise %q in lesson %q", id, lesson)
		return render.Exercise{}
	}
	first := find("09-endings", "end-all-winners")
	// The position before it (ex 3), which the review cites: d6 wins
	// fastest, Ka1 also wins, slower.
	var fastest render.Exercise
	for _, l := range c.Lessons {
		for i, e := range l.Exercises {
			if e.ID == first.ID && i > 0 {
				fastest = l.Exercises[i-1]
			}
		}
	}
	tests := []struct {
		name       string
		e          render.Exercise
		best, also string
	}{
		{"fastest only asked", fastest, "[d6]", "[Ka1]"},
		{"every winning move asked", first, "[d6]", "[Ka2 Kb1 e5]"},
	}
	for _, tt := range tests {
		if fmt.Sprint(tt.e.Best) != tt.best || fmt.Sprint(tt.e.AlsoWin) != tt.also || tt.e.Also != "also win, slower" {
			t.Errorf("%s: Best %v, AlsoWin %v (%q); want %s and %s (also win, slower)", tt.name, tt.e.Best, tt.e.AlsoWin, tt.e.Also, tt.best, tt.also)
		}
	}
	asked := 0
	for _, l := range c.Lessons {
		for _, e := range l.Exercises {
			if e.AskSide {
				asked++
				if e.Answer != "never" && e.Winner == "" {
					t.Errorf("%s: exercise %d asks who wins; the key knows no winner", l.ID, e.Number)
				}
			}
		}
	}
	if asked == 0 {
		t.Errorf("no exercise of the sample course asks who wins and in how many moves")
	}
}
