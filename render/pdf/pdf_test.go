package pdf

import (
	"bytes"
	"compress/zlib"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
)

// pdfText returns the text a PDF shows, one line per text operator. fpdf
// writes text with the Go fonts as UTF-16BE strings ("(...) Tj") inside
// zlib-compressed content streams, so the streams are inflated and the
// strings decoded. This reads the real output, compressed as shipped; it
// does not need pdftotext.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	var out strings.Builder
	for _, stream := range pdfStreams(pdf) {
		for _, m := range tjPattern.FindAllSubmatch(stream, -1) {
			out.WriteString(decodeUTF16(unescapePDF(m[1])))
			out.WriteByte('\n')
		}
	}
	return out.String()
}

// flat returns text with each run of white space, line breaks included,
// made one space: a phrase that a narrow column wraps reads as one.
func flat(text string) string { return strings.Join(strings.Fields(text), " ") }

// tjPattern matches a string shown by the Tj operator.
var tjPattern = regexp.MustCompile(`\(((?:[^()\\]|\\.)*)\) Tj`)

// pdfStreams returns every stream of a PDF, inflated where it is zlib
// data.
func pdfStreams(pdf []byte) [][]byte {
	var streams [][]byte
	for {
		i := bytes.Index(pdf, []byte("stream\n"))
		if i < 0 {
			return streams
		}
		pdf = pdf[i+len("stream\n"):]
		j := bytes.Index(pdf, []byte("\nendstream"))
		if j < 0 {
			return streams
		}
		data := pdf[:j]
		if r, err := zlib.NewReader(bytes.NewReader(data)); err == nil {
			if inflated, err := io.ReadAll(r); err == nil {
				data = inflated
			}
		}
		streams = append(streams, data)
		pdf = pdf[j+len("\nendstream"):]
	}
}

// unescapePDF undoes the backslash escapes of a PDF literal string.
func unescapePDF(s []byte) []byte {
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			out = append(out, s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		default:
			if c >= '0' && c <= '7' {
				j := i
				for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
					j++
				}
				v, _ := strconv.ParseUint(string(s[i:j]), 8, 8)
				out = append(out, byte(v))
				i = j - 1
			} else {
				out = append(out, c)
			}
		}
	}
	return out
}

// decodeUTF16 decodes big-endian UTF-16.
func decodeUTF16(b []byte) string {
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	return string(utf16.Decode(u))
}

// pageCount counts a PDF's page objects.
func pageCount(pdf []byte) int {
	return len(regexp.MustCompile(`/Type /Page\b[^s]`).FindAll(pdf, -1))
}

// pdfFunc is one of the PDF writers, for table tests.
type pdfFunc func(w io.Writer, c render.Course) error

var pdfWriters = map[string]pdfFunc{
	"worksheet": func(w io.Writer, c render.Course) error { return Worksheet(w, c, c.Lessons[1], render.Options{}) },
	"roomy": func(w io.Writer, c render.Course) error {
		c.Layout = style.Roomy
		return Worksheet(w, c, c.Lessons[1], render.Options{})
	},
	"answers":  func(w io.Writer, c render.Course) error { return AnswerKey(w, c, c.Lessons[0], render.Options{}) },
	"workbook": func(w io.Writer, c render.Course) error { return Workbook(w, c, render.Options{}) },
	"rules":    func(w io.Writer, c render.Course) error { return Rules(w, c, render.Options{}) },
	"guide":    func(w io.Writer, c render.Course) error { return TeacherGuide(w, c, render.Options{}) },
	"certificates": func(w io.Writer, c render.Course) error {
		return Certificates(w, c, render.Options{})
	},
	"checklist":  func(w io.Writer, c render.Course) error { return Checklist(w, c, render.Options{}) },
	"scoresheet": func(w io.Writer, c render.Course) error { return ScoreSheet(w, c, render.Options{}) },
	"play":       func(w io.Writer, c render.Course) error { return PlayCard(w, c, c.Lessons[1], render.Options{}) },
}

// TestPDFReproducible renders each PDF twice and wants the same bytes.
func TestPDFReproducible(t *testing.T) {
	for name, write := range pdfWriters {
		t.Run(name, func(t *testing.T) {
			var a, b bytes.Buffer
			if err := write(&a, sampleCourse(style.Alien)); err != nil {
				t.Fatal(err)
			}
			if err := write(&b, sampleCourse(style.Alien)); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("two renderings differ (%d and %d bytes)", a.Len(), b.Len())
			}
			if !bytes.Contains(a.Bytes(), []byte("D:20240501")) {
				t.Errorf("creation date is not the course's date 2024-05-01")
			}
		})
	}
}

// TestPDFContent checks page counts and the text on the pages.
func TestPDFContent(t *testing.T) {
	tests := []struct {
		name  string
		pages int
		want  []string
	}{
		{"worksheet", 1, []string{"Run home, Łódź Straße Ёжик", "Name", "Class", "Date", "/ 2", "Cross the squares on the board.", "Move:",
			"Hint: Walk straight ahead.", "Page 1", "Crew", "The lair is on f6", "Saved 2 · Caught 3"}},
		{"roomy", 1, []string{"Run home, Łódź Straße Ёжик", "Write the squares:", "Write the moves:", "Hint: Walk straight ahead.", "Crew"}},
		{"answers", 1, []string{"Answer key: First steps", english(stripTitle), "1: 8 squares  ·  2: no", "Answer: 8 squares", "Answer: no",
			"A knight in the middle of the board has eight jumps.", "The knight on f6 attacks e4:"}},
		{"workbook", 15, []string{"Nostromo: Save the Crew", "Contents", "Level 2", "This workbook belongs to", english(render.RulesTitle), "The rule of the lair (project decision)",
			"In this lesson you learn", "Name the pieces", "Draw the path. Moves:", english(blankNote), english(keysTitle), english(stripTitle), "Page 15"}},
		{"rules", 1, []string{english(render.RulesTitle), "Stalemate", "Repetition", "Start (project decision)", "The rule of the lair (project decision)",
			"The start: the crew moves first.", "The alien jumps to each dot.", "Its flight takes it back to f6, the lair."}},
		{"guide", 2, []string{english(guideTitle), english(guideDecisions), "Start (project decision)", "The rule of the lair (project decision)", english("book.contents"),
			"1. First steps", "Level 1 · 2 exercises", "Plan for 45 minutes", "1. Warm-up: name the squares.", "Eight jumps from d5",
			"Mistakes children make", "They count the square the alien stands on.", "Page 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := pdfWriters[tt.name](&buf, sampleCourse(style.Alien)); err != nil {
				t.Fatal(err)
			}
			if got := pageCount(buf.Bytes()); got != tt.pages {
				t.Errorf("%s has %d pages, want %d", tt.name, got, tt.pages)
			}
			text := pdfText(t, buf.Bytes())
			for _, w := range tt.want {
				if !strings.Contains(flat(text), flat(w)) {
					t.Errorf("%s does not show %q; it shows:\n%s", tt.name, w, text)
				}
			}
		})
	}
}

// TestPDFPaper checks the page size of A4 and Letter worksheets.
func TestPDFPaper(t *testing.T) {
	for paper, box := range map[style.Paper]string{style.A4: "595.28 841.89", style.Letter: "612.00 792.00"} {
		c := sampleCourse(style.Classic)
		c.Paper = paper
		var buf bytes.Buffer
		if err := Worksheet(&buf, c, c.Lessons[0], render.Options{}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(buf.Bytes(), []byte("/MediaBox [0 0 "+box+"]")) {
			t.Errorf("%v: no MediaBox %s", paper, box)
		}
	}
}

// TestPDFText cross-checks pdfText with pdftotext, where poppler is
// installed; elsewhere it is skipped.
func TestPDFText(t *testing.T) {
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext not installed")
	}
	c := sampleCourse(style.Farm)
	c.Layout = style.Roomy // the large diagram names the side to move
	var buf bytes.Buffer
	if err := Worksheet(&buf, c, c.Lessons[1], render.Options{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "w.pdf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Run home, Łódź Straße Ёжик", "Write the squares:", "Farm"} {
		if !strings.Contains(string(out), w) {
			t.Errorf("pdftotext does not find %q in:\n%s", w, out)
		}
	}
}

// TestCourseDate checks that a malformed course date is an error.
func TestCourseDate(t *testing.T) {
	c := sampleCourse(style.Classic)
	c.Date = "May 1st"
	err := Worksheet(io.Discard, c, c.Lessons[0], render.Options{})
	if err == nil || !strings.Contains(err.Error(), `course date "May 1st"`) {
		t.Errorf("Worksheet with date %q: error %v, want one about the date", c.Date, err)
	}
}

// TestDiagramLeavesBlackPen checks that drawing a diagram leaves the pen
// black, so the answer boxes drawn after it are visible: every kind of
// board, with marks, arrows and a target, in every theme.
func TestDiagramLeavesBlackPen(t *testing.T) {
	boards := map[string]render.Board{
		"game":      {FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", Marks: []string{"e4", "f6"}, Arrows: [][2]string{{"f6", "e4"}}},
		"labyrinth": {Pieces: map[string]string{"d8": "knight", "f7": "king"}, NoState: true, Marks: []string{"e6"}, Target: "h4"},
	}
	for _, theme := range []style.Theme{style.Classic, style.Alien, style.Farm} {
		for name, b := range boards {
			t.Run(theme.String()+"/"+name, func(t *testing.T) {
				c := render.Course{Title: "Pens", Theme: theme}
				k, err := newAssets(c, render.Options{})
				if err != nil {
					t.Fatal(err)
				}
				s, err := newSheet(c, k, "Pens")
				if err != nil {
					t.Fatal(err)
				}
				s.AddPage()
				if _, err := s.drawDiagram(b, 10, 10, 90); err != nil {
					t.Fatal(err)
				}
				if r, g, bl := s.GetDrawColor(); r != 0 || g != 0 || bl != 0 {
					t.Errorf("after a %s diagram the draw colour is (%d, %d, %d), want black", name, r, g, bl)
				}
				if r, g, bl := s.GetFillColor(); r != 0 || g != 0 || bl != 0 {
					t.Errorf("after a %s diagram the fill colour is (%d, %d, %d), want black", name, r, g, bl)
				}
			})
		}
	}
}

// TestPDFOutsideBMP checks that text above U+FFFF, an emoji in a title,
// a question or an explanation, is printed as U+FFFD in worksheets and
// keys: the Go fonts, written as 2-byte codes, cannot hold it, and fpdf
// panicked on it.
func TestPDFOutsideBMP(t *testing.T) {
	c := sampleCourse(style.Alien)
	l := c.Lessons[1]
	l.Title += " \U0001F600"
	l.Exercises = slices.Clone(l.Exercises)
	l.Exercises[0].Question += " \U0001F680"
	l.Exercises[0].Explain += " \U0001F642"
	for name, write := range map[string]func(*bytes.Buffer) error{
		"worksheet":  func(b *bytes.Buffer) error { return Worksheet(b, c, l, render.Options{}) },
		"answer key": func(b *bytes.Buffer) error { return AnswerKey(b, c, l, render.Options{}) },
	} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := write(&buf); err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, buf.Bytes())
			if !strings.Contains(text, "\uFFFD") || strings.ContainsFunc(text, func(r rune) bool { return r > 0xFFFF }) {
				t.Errorf("the PDF's text does not print U+FFFD for the emoji:\n%s", text)
			}
		})
	}
}
