package pdf

import (
	"fmt"
	"io"
	"sync"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/fonts"
)

// PDF page geometry in millimetres, and the type sizes in points. Children
// read large type: body text is 14 pt, questions 15 pt bold.
const (
	margin     = 8.0
	footerH    = 8.0
	bodySize   = 14.0
	smallSize  = 11.0
	ptToMM     = 25.4 / 72
	lineFactor = 1.35 // line height as a multiple of the type size
)

// fixedDate is the creation and modification date of PDFs whose course has
// no date, so that the same input always gives the same bytes.
var fixedDate = time.Date(2023, time.January, 1, 0, 0, 0, 0, time.UTC)

// sheet is a PDF being written: the fpdf document, the page geometry and
// the current vertical position.
type sheet struct {
	*fpdf.Fpdf
	k      *Assets
	c      render.Course
	pageW  float64
	pageH  float64
	y      float64   // where the next block starts
	footer string    // footer label for pages started from now on; empty: none
	label  string    // footer label of the current page
	marks  []mark    // bookmarks for the next page
	trace  io.Writer // where each placed cell is noted, for the layout tests; nil: nowhere
	keyCol int       // an answer key's column: 0 (left) or 1 (right)
	keyTop float64   // where an answer key's columns start on this page
	beside bool      // the worksheet's rows of compact cells on this page set their number and state beside the board
}

// mark is a bookmark (an entry of the PDF outline) waiting for its page.
type mark struct {
	title string
	level int
}

// newSheet starts a PDF for the course with the embedded Go fonts, fixed
// dates and the course's paper size.
func newSheet(c render.Course, k *Assets, title string) (*sheet, error) {
	date, err := courseDate(c)
	if err != nil {
		return nil, err
	}
	size := map[style.Paper]string{style.A4: "A4", style.Letter: "Letter"}[c.Paper]
	if size == "" {
		return nil, fmt.Errorf("render: paper %v: want A4 or Letter", c.Paper)
	}
	f := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", SizeStr: size})
	s := &sheet{Fpdf: f, k: k, c: c}
	s.pageW, s.pageH = f.GetPageSize()
	f.SetCompression(true)
	f.SetCreationDate(date)
	f.SetModificationDate(date)
	f.SetCatalogSort(true)
	f.SetTitle(title, true)
	f.SetAuthor(c.Author, true)
	f.SetCreator("nostromo-lessons", true)
	f.SetProducer("nostromo-lessons", true)
	f.SetLang(c.Language.String())
	for _, font := range fonts.Go() {
		f.AddUTF8FontParsed(font)
	}
	f.SetMargins(margin, margin, margin)
	f.SetAutoPageBreak(false, margin)
	f.SetDrawColor(0, 0, 0)
	f.SetTextColor(0, 0, 0)
	f.SetFooterFunc(s.drawFooter)
	return s, nil
}

// courseDate returns the date to stamp into PDFs: the course's date, or
// fixedDate.
func courseDate(c render.Course) (time.Time, error) {
	if c.Date == "" {
		return fixedDate, nil
	}
	t, err := time.Parse(time.DateOnly, c.Date)
	if err != nil {
		return t, fmt.Errorf("render: course date %q: want YYYY-MM-DD", c.Date)
	}
	return t, nil
}

// finish checks the document's sticky error once and writes it out.
func (s *sheet) finish(w io.Writer) error {
	if err := s.Error(); err != nil {
		return fmt.Errorf("render: pdf: %w", err)
	}
	if err := s.Output(w); err != nil {
		return fmt.Errorf("render: pdf: %w", err)
	}
	return nil
}

// newPage starts a page and puts the cursor at the top margin.
func (s *sheet) newPage() {
	s.AddPage() // draws the previous page's footer, with its label
	s.label = s.footer
	s.y = margin
	for _, m := range s.marks {
		s.font("", bodySize) // a UTF-8 font: the outline's titles are UTF-16
		s.Bookmark(m.title, m.level, 0)
	}
	s.marks = nil
}

// bookmark adds an entry to the PDF outline for the next page.
func (s *sheet) bookmark(title string, level int) { s.marks = append(s.marks, mark{title, level}) }

// blankNote is the key of what a page left blank on purpose says; tests find such
// pages by it.
const blankNote = "sheet.blank"

// toOdd adds a page left blank on purpose if the next page would be an
// even one, so that what follows starts on a right-hand page.
func (s *sheet) toOdd() {
	if s.PageNo()%2 == 0 {
		return
	}
	footer, marks := s.footer, s.marks
	s.footer, s.marks = "", nil
	s.newPage()
	s.font("I", smallSize)
	note := s.say(blankNote)
	s.Text((s.pageW-s.GetStringWidth(note))/2, s.pageH/2, note)
	s.footer, s.marks = footer, marks
}

// room reports whether h millimetres still fit on the page.
func (s *sheet) room(h float64) bool { return s.y+h <= s.pageH-margin-footerH }

// drawFooter writes the footer label and the page number.
func (s *sheet) drawFooter() {
	if s.label == "" {
		return
	}
	y := s.pageH - margin + 2
	s.SetLineWidth(0.3)
	s.Line(margin, y-6, s.pageW-margin, y-6)
	s.font("", smallSize)
	s.Text(margin, y, s.label)
	num := s.say("sheet.page", s.PageNo())
	s.Text(s.pageW-margin-s.GetStringWidth(num), y, num)
}

// say returns a message of the course's catalog.
func (s *sheet) say(key string, args ...any) string { return s.k.Say.Say(key, args...) }

// font sets the Go font in a style ("", "B", "I") and size in points.
func (s *sheet) font(style string, size float64) { s.SetFont("go", style, size) }

// lineH returns the line height for a type size.
func lineH(size float64) float64 { return size * ptToMM * lineFactor }

// textLines returns text wrapped to width w in a style and size.
func (s *sheet) textLines(style string, size float64, text string, w float64) []string {
	s.font(style, size)
	if text == "" {
		return nil
	}
	return s.k.split(style, size, text, w+2*s.GetCellMargin(), s.GetCellMargin(), s.SplitText)
}

// para writes wrapped text with its top at (x, y) and returns its height.
func (s *sheet) para(x, y, w float64, style string, size float64, text string) float64 {
	lines := s.textLines(style, size, text, w)
	lh := lineH(size)
	for i, line := range lines {
		s.Text(x, y+lh*float64(i)+size*ptToMM*1.0, line)
	}
	return lh * float64(len(lines))
}

// paraHeight returns the height para would use.
func (s *sheet) paraHeight(w float64, style string, size float64, text string) float64 {
	return lineH(size) * float64(len(s.textLines(style, size, text, w)))
}

// Assets is what the PDFs of a course draw on: its Art, and the texts
// wrapped once for every PDF of the course (worksheets, keys and the
// workbook wrap the same texts).
type Assets struct {
	render.Art
	lines sync.Map // splitKey -> []string
}

// New returns the PDF assets of a course drawn with art.
func New(art render.Art) *Assets { return &Assets{Art: art} }

// newAssets reads the art for a course, for a PDF made on its own.
func newAssets(c render.Course, opts render.Options) (*Assets, error) {
	art, err := render.NewArt(c, opts)
	if err != nil {
		return nil, err
	}
	return New(art), nil
}

// splitKey is what wrapping a text in the Go font depends on.
type splitKey struct {
	style            string
	size, w, cMargin float64
	text             string
}

// split returns text wrapped to width w in a style and size of the Go
// font, with the cell margin cMargin, by fpdf's SplitText; worksheets,
// keys and the workbook wrap the same texts, and wrap them once. The lines
// are shared: the caller must not change them.
func (k *Assets) split(style string, size float64, text string, w, cMargin float64, splitText func(string, float64) []string) []string {
	key := splitKey{style, size, w, cMargin, text}
	if lines, ok := k.lines.Load(key); ok {
		return lines.([]string)
	}
	lines := splitText(text, w)
	k.lines.Store(key, lines)
	return lines
}
