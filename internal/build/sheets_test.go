package build_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/proof"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/rules/solver"
)

// sampleSolver proves the sample course (buildtest.Sample), whose tables
// the tests that prove its outputs again use.
var sampleSolver = buildtest.SampleSolver()

// sampleCourse is buildtest.Sample: the sample course, verified once.
func sampleCourse(t *testing.T) *course.Course { return buildtest.Sample(t) }

var (
	themedMu      sync.Mutex
	themedSamples = map[style.Theme]*course.Course{}
)

// themedCourse loads and verifies the embedded sample course in a theme
// (its words as well as its art) once.
func themedCourse(t *testing.T, theme style.Theme) *course.Course {
	t.Helper()
	themedMu.Lock()
	defer themedMu.Unlock()
	if c, ok := themedSamples[theme]; ok {
		return c
	}
	c, err := course.Check(nostromo.Course(), proof.Book{Inner: solver.New(solver.Options{Budget: budget.Default})}, course.WithTheme(theme))
	if err != nil {
		t.Fatalf("Check(sample course, %v) = %v", theme, err)
	}
	themedSamples[theme] = c
	return c
}

// buildPDFs renders the sample course on a paper and returns its PDF files
// by path (pdf/... and teacher/...), written into dir too for poppler to
// read.
func buildPDFs(t *testing.T, paper style.Paper, dir string) map[string][]byte {
	t.Helper()
	return buildCoursePDFs(t, sampleCourse(t), paper, dir)
}

// buildCoursePDFs is buildPDFs for a checked course.
func buildCoursePDFs(t *testing.T, checked *course.Course, paper style.Paper, dir string) map[string][]byte {
	t.Helper()
	files := buildtest.Files(t, checked, build.Options{Paper: &paper, Date: "2024-09-01"})
	buildtest.Write(t, files, "*/*.pdf", dir)
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
// Letter, and in the classic and farm themes on Letter (whose longer
// words fill lesson 02's second page: its drill cells' questions take a
// line more, "the shepherd" for "Ripley"), with poppler: in the workbook the rules, every lesson and every
// answer key start on an odd page and pages left blank say so; every
// answer key's first page holds its answer strip; no worksheet page but a
// lesson's last is left with room for the row of exercises that starts
// the next page, or is more than a quarter empty (see checkPageUse); the
// worksheets hold at least 5 exercises a page, counting
// only the exercises printed on them (not the site-only ones) and the
// pages not left blank; the answer keys hold at least minKeyDensity
// answers a page; and the pupils' part of the workbook, every page before
// the answer keys, is under maxPupilPages.
func TestSampleSheets(t *testing.T) {
	needPoppler(t)
	for _, tt := range []struct {
		paper style.Paper
		theme style.Theme // the sample course's own theme: Alien
	}{{style.A4, style.Alien}, {style.Letter, style.Alien}, {style.Letter, style.Classic}, {style.Letter, style.Farm}} {
		paper, name := tt.paper, tt.paper.String()
		if tt.theme != style.Alien {
			name += "/" + tt.theme.String()
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			c := sampleCourse(t)
			if tt.theme != style.Alien {
				c = themedCourse(t, tt.theme)
			}
			buildCoursePDFs(t, c, paper, dir)
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
				checkPageUse(t, l.ID+".pdf", pageUse(t, path))
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

// minPageUse is the least a worksheet page but a lesson's last must use
// of the room between its top margin and its footer: three quarters. A
// row of cells takes about 30% of a page and the first page's title block
// and reminder 15 to 21%, so a page that cannot take its next row may be
// left up to about a third empty. The layout sets the first page's top
// tight, and a page's compact cells with their number beside the board,
// when that brings the next row up, and a drill cell's hint over its
// board, and then the sample course's pages all use at least 75% of
// their room.
// Before, the first pages of lessons 05 (A4) and 00 (Letter) were 74%
// full, and lesson 02's second page in the classic theme on Letter 66%
// (with a third page for one row), each leaving out a row that fits.
const minPageUse = 0.75

// checkPageUse checks the pages of a worksheet, but its last: none is
// more than a quarter empty, and none has room for the row that starts
// the page after it.
func checkPageUse(t *testing.T, name string, pages []pageSpace) {
	t.Helper()
	for i, p := range pages[:len(pages)-1] {
		next := pages[i+1].firstRow
		switch {
		case next > 0 && next+0.025 < 1-p.used:
			t.Errorf("%s: page %d of %d is %.0f%% full; the next row of exercises (%.0f%% of a page) would fit", name, i+1, len(pages), 100*p.used, 100*next)
		case p.used < minPageUse:
			t.Errorf("%s: page %d of %d is %.0f%% full, want at least %.0f%%", name, i+1, len(pages), 100*p.used, 100*minPageUse)
		}
	}
}

// pageSpace is how a page uses the room between its top margin and its
// footer, from 0 to 1: down to its lowest word, and the height of its
// first row of exercises (0 when no board's file letters show where it
// ends).
type pageSpace struct{ used, firstRow float64 }

// pageBox and word match a page and a word of pdftotext -bbox: its
// height; a word's top, bottom and text.
var (
	pageBox = regexp.MustCompile(`<page width="([0-9.]+)" height="([0-9.]+)">`)
	wordBox = regexp.MustCompile(`<word xMin="[0-9.]+" yMin="([0-9.]+)" xMax="[0-9.]+" yMax="([0-9.]+)">([^<]*)</word>`)
)

// bboxWord is a word of pdftotext -bbox: its top, bottom and text.
type bboxWord struct {
	top, bottom float64
	text        string
}

// pageUse returns how each page of a PDF uses the room between its top
// margin and its footer.
func pageUse(t *testing.T, path string) []pageSpace {
	t.Helper()
	out, err := exec.Command("pdftotext", "-bbox", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext -bbox %s: %v", path, err)
	}
	const mm = 72 / 25.4
	var use []pageSpace
	for i, page := range strings.Split(string(out), "<page ")[1:] {
		m := pageBox.FindStringSubmatch("<page " + page)
		if m == nil {
			t.Fatalf("pdftotext -bbox %s: no page size on page %d", path, i+1)
		}
		h, _ := strconv.ParseFloat(m[2], 64)
		top, bottom := 8*mm, h-(8+8)*mm // the margins and the footer
		var words []bboxWord
		low := top
		for _, w := range wordBox.FindAllStringSubmatch(page, -1) {
			y0, _ := strconv.ParseFloat(w[1], 64)
			y1, _ := strconv.ParseFloat(w[2], 64)
			if y1 < bottom {
				words = append(words, bboxWord{y0, y1, w[3]})
				low = max(low, y1)
			}
		}
		room := bottom - top
		p := pageSpace{used: (low - top) / room}
		if end := firstRowEnd(words, 2*mm); end > 0 {
			p.firstRow = (end - top) / room
		}
		use = append(use, p)
	}
	return use
}

// firstRowEnd returns where the first row of exercises of a page ends: at
// the highest line of file letters a to h (under each board of a row),
// and under the words (hints, captions) that follow it less than gap
// below; 0 if no line of file letters shows.
func firstRowEnd(words []bboxWord, gap float64) float64 {
	files := map[float64]string{}
	for _, w := range words {
		if len(w.text) == 1 && w.text >= "a" && w.text <= "h" {
			files[w.bottom] += w.text
		}
	}
	end := 0.0
	for y, letters := range files {
		if strings.Contains(letters, "abcdefgh") && (end == 0 || y < end) {
			end = y
		}
	}
	if end == 0 {
		return 0
	}
	for grown := true; grown; {
		grown = false
		for _, w := range words {
			if w.top > end && w.top < end+gap && w.bottom > end {
				end, grown = w.bottom, true
			}
		}
	}
	return end
}

// TestFirstRowEnd checks where firstRowEnd finds a page's first row of
// exercises to end: under the first line of file letters and the hint
// close under it, not under a later row.
func TestFirstRowEnd(t *testing.T) {
	letters := func(y float64) []bboxWord {
		var ws []bboxWord
		for _, l := range "abcdefgh" {
			ws = append(ws, bboxWord{y - 3, y, string(l)})
		}
		return ws
	}
	hint := bboxWord{101, 104, "Hint:"}
	tests := []struct {
		name  string
		words []bboxWord
		want  float64
	}{
		{"one row", letters(100), 100},
		{"a hint under it", append(letters(100), hint), 104},
		{"two rows", append(append(letters(200), hint), letters(100)...), 104},
		{"a word far under it", append(letters(100), bboxWord{110, 113, "Next"}), 100},
		{"not every letter", letters(100)[:7], 0},
		{"no board", []bboxWord{{10, 13, "a"}, hint}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := firstRowEnd(tt.words, 5); got != tt.want {
				t.Errorf("firstRowEnd = %v, want %v", got, tt.want)
			}
		})
	}
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
	c := model.Model(sampleCourse(t), model.Settings{})
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
	first := find("10-endings", "end-all-winners")
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
