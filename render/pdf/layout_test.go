package pdf

import (
	"bytes"
	"fmt"
	"iter"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/diagram"
)

// denseCourse is sampleCourse with a fourth lesson of many exercises of
// every kind of cell: drill kinds, solver kinds, three questions on one
// board and a fourth on it that asks not to be grouped, and a row of drill
// cells whose questions take one, two and three lines.
func denseCourse(paper style.Paper) render.Course {
	c := sampleCourse(style.Alien)
	c.Paper = paper
	start := render.Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"}
	end := render.Board{FEN: "8/1P6/8/8/8/8/8/K6n w 2 3", Marks: []string{"b8*"}}
	l := render.Lesson{ID: "dense", Title: "Dense", Level: 1, Goals: []string{"Many exercises on few pages"}, Reminder: "A **pawn** on row 8 is *saved*."}
	add := func(kind, q string, space style.AnswerSpace, b render.Board, choices ...string) {
		l.Exercises = append(l.Exercises, render.Exercise{Number: len(l.Exercises) + 1, Kind: kind, Drill: drillKind(kind), Question: q, Answer: "1 move", Space: space, Board: b, Choices: choices})
	}
	add("count-moves", "The crew to move. How many different moves can the crew make?", style.NumberBox, start)
	add("knight-moves", "Which squares can the alien jump to?", style.SquareLines, start)
	add("legal", "Is the move e4 allowed here?", style.TickBoxes, start, "yes", "no")
	for _, rank3 := range []string{"n7", "1n6", "2n5", "3n4", "4n3", "5n2", "6n1"} {
		add("knight-moves", "Which squares can the alien jump to?", style.SquareLines, render.Board{FEN: "8/8/8/8/8/" + rank3 + "/1PPPPPP1/4K3 w 0 0"})
	}
	add("moves-to-win", "How many moves does the crew need to win?", style.NumberBox, end, "never")
	add("best-move", "Find the move that wins at once.", style.MoveLines, end)
	l.Exercises[len(l.Exercises)-1].NoGroup = true
	add("outcome", "Who wins?", style.TickBoxes, render.Board{FEN: "8/8/8/8/8/8/1P6/K6n w 2 3"}, "The crew wins", "The alien wins", "Draw")
	ask := render.Exercise{Number: len(l.Exercises) + 1, Kind: "moves-to-win", Question: "Who wins, and in how many moves?", Answer: "1 move",
		Space: style.NumberBox, Choices: []string{"never"}, Board: render.Board{FEN: "8/8/8/8/8/8/1P6/K5n1 w 2 3"}, AskSide: true, Winner: "Crew"}
	l.Exercises = append(l.Exercises, ask)
	for i, q := range []string{
		"How many moves can the crew make?",
		"The alien to move. How many different moves can the alien make?",
		"Count every move: how many different moves can Ripley and the crew make here, Ripley's steps and the pawns' steps together?",
	} {
		add("count-moves", q, style.NumberBox, render.Board{FEN: "8/8/" + []string{"n7", "1n6", "2n5"}[i] + "/8/8/8/1PPPPPP1/4K3 w 0 0"})
	}
	c.Lessons = append(c.Lessons, l)
	return c
}

// TestGroups checks which exercises share a diagram.
func TestGroups(t *testing.T) {
	a := render.Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"}
	marked := a
	marked.Marks = []string{"e4"}
	black := render.Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 b 0 0"}
	tests := []struct {
		name   string
		boards []render.Board
		no     []int // exercises (from 0) that say NoGroup
		want   string
	}{
		{"one board", []render.Board{a, a, a}, nil, "[1 2 3]"},
		{"group: false", []render.Board{a, a, a}, []int{2}, "[1 2] [3]"},
		{"marks differ", []render.Board{a, marked, marked}, nil, "[1] [2 3]"},
		{"side to move differs", []render.Board{a, black, a}, nil, "[1] [2] [3]"},
		{"not next to each other", []render.Board{a, black, a}, nil, "[1] [2] [3]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var exs []render.Exercise
			for i, b := range tt.boards {
				exs = append(exs, render.Exercise{Number: i + 1, Board: b})
			}
			for _, i := range tt.no {
				exs[i].NoGroup = true
			}
			var got []string
			for _, b := range groups(exs) {
				var nums []string
				for _, e := range b.ex {
					nums = append(nums, fmt.Sprint(e.Number))
				}
				got = append(got, "["+strings.Join(nums, " ")+"]")
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("groups = %s, want %s", g, tt.want)
			}
		})
	}
}

// TestLayouts checks where the cells of every layout go, on A4 and Letter,
// against golden files (testdata/sheets/layout/*.txt: page, cell kind,
// exercises, position, size and square size in millimetres), and the
// legibility floor: squares of at least 9 mm in compact cells and 6 mm in
// drill cells.
func TestLayouts(t *testing.T) {
	for _, paper := range []style.Paper{style.A4, style.Letter} {
		for _, layout := range []style.Layout{style.ByKind, style.Roomy, style.Compact, style.Drill} {
			name := fmt.Sprintf("layout/%v-%v.txt", layout, strings.ToLower(paper.String()))
			t.Run(name, func(t *testing.T) {
				c := denseCourse(paper)
				c.Layout = layout
				k, err := newAssets(c, render.Options{})
				if err != nil {
					t.Fatal(err)
				}
				var trace bytes.Buffer
				for _, l := range c.Lessons {
					s, err := newSheet(c, k, l.Title)
					if err != nil {
						t.Fatal(err)
					}
					s.trace = &trace
					fmt.Fprintf(&trace, "lesson %s\n", l.ID)
					if err := s.worksheet(l); err != nil {
						t.Fatal(err)
					}
					if err := s.Error(); err != nil {
						t.Fatal(err)
					}
					for kind, least := range map[cellKind]float64{compactCell: 9, groupCell: 9, drillCell: 6, drillGroupCell: 6} {
						if got := s.square(kind); got < least {
							t.Errorf("%v: squares of %.2f mm in %v cells, want at least %v", paper, got, kind, least)
						}
					}
				}
				checkRowTops(t, trace.String())
				checkPageRows(t, trace.String())
				checkGoldenIn(t, "sheets", name, trace.Bytes())
			})
		}
	}
}

// traceCells yields the cells of a worksheet's trace but roomy ones: the
// lesson of each and its fields.
func traceCells(trace string) iter.Seq2[string, []string] {
	return func(yield func(string, []string) bool) {
		lesson := ""
		for _, line := range strings.Split(trace, "\n") {
			f := strings.Fields(line)
			if len(f) == 2 && f[0] == "lesson" {
				lesson = f[1]
			}
			if len(f) >= 15 && f[2] != "roomy" && !yield(lesson, f) {
				return
			}
		}
	}
}

// checkRowTops checks that the cells of each row of a worksheet's trace
// (the cells of a lesson on one page at one height) put their boards at
// one height.
func checkRowTops(t *testing.T, trace string) {
	t.Helper()
	boards := map[string]string{}
	for lesson, f := range traceCells(trace) {
		row := lesson + " page " + f[1] + " y " + f[8]
		if b, ok := boards[row]; ok && b != f[14] {
			t.Errorf("%s: exercise %s has its board at %s mm, another cell of the row at %s mm", row, f[4], f[14], b)
		}
		boards[row] = f[14]
	}
}

// checkPageRows checks the rows of each page of a worksheet's trace: the
// compact cells of a page all set their number and state one way, beside
// the board (the board at the cell's top) or over it, and each row of
// cells but a roomy one (whose height holds its gap) is at least its
// kind's gap above the next row of the page.
func checkPageRows(t *testing.T, trace string) {
	t.Helper()
	type row struct {
		kind cellKind
		y, h float64
	}
	pages := map[string][]row{}
	beside := map[string]map[bool][]string{}
	for lesson, f := range traceCells(trace) {
		page := lesson + " page " + f[1]
		kind := cellKind(slices.Index(cellNames[:], f[2]))
		y, _ := strconv.ParseFloat(f[8], 64)
		h, _ := strconv.ParseFloat(f[12], 64)
		if n := len(pages[page]); n > 0 && pages[page][n-1].y == y {
			pages[page][n-1].h = max(pages[page][n-1].h, h)
		} else {
			pages[page] = append(pages[page], row{kind, y, h})
		}
		if kind == compactCell {
			if beside[page] == nil {
				beside[page] = map[bool][]string{}
			}
			beside[page][f[14] == f[8]] = append(beside[page][f[14] == f[8]], f[4])
		}
	}
	for page, rs := range pages {
		for i, r := range rs[:len(rs)-1] {
			if gap := rs[i+1].y - r.y - r.h; gap < cellSpecs[r.kind].rowGap-0.15 { // the trace rounds to 0.1 mm
				t.Errorf("%s: the row of %v cells at %.1f mm is %.1f mm above the next, want at least %v mm", page, r.kind, r.y, gap, cellSpecs[r.kind].rowGap)
			}
		}
		if b := beside[page]; len(b[true]) > 0 && len(b[false]) > 0 {
			t.Errorf("%s: compact cells %v set their number beside the board, %v over it; want one way a page", page, b[true], b[false])
		}
	}
}

// TestRows checks the cells a run of exercises gets in the by-kind
// layout: compact cells two a row, drill cells three a row for runs of
// three or more of the drill kinds, and a compact cell left alone in its
// row the whole row (a group cell), not half of it.
func TestRows(t *testing.T) {
	tests := []struct {
		name  string
		kinds []string
		want  string
	}{
		{"pairs", []string{"outcome", "outcome", "best-move", "outcome"}, "[compact compact] [compact compact]"},
		{"one left over", []string{"outcome", "outcome", "outcome"}, "[compact compact] [group]"},
		{"alone", []string{"outcome"}, "[group]"},
		{"alone before drills", []string{"outcome", "legal", "legal", "legal"}, "[group] [drill drill drill]"},
		{"short drill run", []string{"legal", "outcome", "legal"}, "[compact compact] [group]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var blocks []block
			for i, kind := range tt.kinds {
				fen := fmt.Sprintf("8/8/5n2/8/8/8/%dP%d/4K3 w 0 0", i%7, 7-i%7)
				blocks = append(blocks, block{ex: []render.Exercise{{Number: i + 1, Kind: kind, Drill: drillKind(kind), Board: render.Board{FEN: fen}}}})
			}
			var got []string
			for _, r := range rows(blocks, style.ByKind) {
				var kinds []string
				for _, b := range r {
					kinds = append(kinds, b.kind.String())
				}
				got = append(got, "["+strings.Join(kinds, " ")+"]")
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("rows(%v) = %s, want %s", tt.kinds, g, tt.want)
			}
		})
	}
}

// TestMarks checks the marks of a square to avoid (c4x), a goal (b8*) and
// a move not to make (f6-e4x) against golden SVG and PDF files.
func TestMarks(t *testing.T) {
	b := render.Board{FEN: "8/1P6/5n2/8/8/8/8/K7 w 2 3", Marks: []string{"c4x", "b8*", "d5", "b7"}, Arrows: [][2]string{{"f6", "e4x"}, {"f6", "g4"}}}
	c := sampleCourse(style.Alien)
	k, err := newAssets(c, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var svg bytes.Buffer
	if err := diagram.WriteBoardSVG(&svg, b, en(c.Theme), k.Pieces); err != nil {
		t.Fatal(err)
	}
	checkGoldenIn(t, "sheets", "marks/marks.svg", svg.Bytes())
	c.Lessons = []render.Lesson{{ID: "marks", Title: "Marks", Level: 1, Exercises: []render.Exercise{
		{Number: 1, Kind: "best-move", Question: "Which move must the crew not make?", Space: style.MoveLines, Board: b},
	}}}
	var pdf bytes.Buffer
	if err := Worksheet(&pdf, c, c.Lessons[0], render.Options{}); err != nil {
		t.Fatal(err)
	}
	checkGoldenIn(t, "sheets", "marks/marks.pdf", pdf.Bytes())
	d, err := diagram.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(d.Kinds) != "[1 2 0 0]" || fmt.Sprint(d.NoArrow) != "[true false]" {
		t.Errorf("diagram.Read(%v): mark kinds %v, crossed arrows %v; want [1 2 0 0] and [true false]", b, d.Kinds, d.NoArrow)
	}
}

// outlineTitle matches an entry of a PDF's outline: its title, followed by
// its parent.
var outlineTitle = regexp.MustCompile(`/Title \(((?:[^()\\]|\\.)*)\)\s*/Parent`)

// TestWorkbookOutline checks the workbook's bookmarks: the rules sheet,
// each lesson, then the answer keys with each lesson's key under them.
func TestWorkbookOutline(t *testing.T) {
	c := sampleCourse(style.Alien)
	var buf bytes.Buffer
	if err := Workbook(&buf, c, render.Options{}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range outlineTitle.FindAllSubmatch(buf.Bytes(), -1) {
		got = append(got, strings.TrimPrefix(decodeUTF16(unescapePDF(m[1])), "\ufeff"))
	}
	want := []string{english(render.RulesTitle)}
	for _, l := range c.Lessons {
		want = append(want, l.Title)
	}
	want = append(want, english(keysTitle))
	for _, l := range c.Lessons {
		want = append(want, l.Title)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("workbook outline (-want +got):\n%s", diff)
	}
}

// TestCompactSix checks that a full page of compact cells holds six
// diagrams, on A4 and on Letter, with the tallest questions a compact cell
// asks (who wins and in how many moves, with counters and a hint), and
// that their squares are 9 mm.
func TestCompactSix(t *testing.T) {
	for _, paper := range []style.Paper{style.A4, style.Letter} {
		t.Run(paper.String(), func(t *testing.T) {
			c := sampleCourse(style.Alien)
			c.Paper = paper
			l := render.Lesson{ID: "six", Title: "Six a page", Level: 1, Layout: style.Compact, Goals: []string{"Count the moves", "Say who wins"}}
			pawns := []string{"1P6", "2P5", "3P4", "4P3", "5P2", "6P1", "7P"}
			for i := range 14 {
				l.Exercises = append(l.Exercises, render.Exercise{Number: i + 1, Kind: "moves-to-win", AskSide: true, Winner: "Crew",
					Question: "The alien checks Ripley. Who wins, and in how many moves? Write the number of moves of the side that wins.",
					Hint:     "Look for a check first.", Answer: "3 moves", Space: style.NumberBox, Choices: []string{"never"},
					Board: render.Board{FEN: "8/8/8/8/8/8/" + pawns[i%7] + "/K6n w 2 3"}})
			}
			k, err := newAssets(c, render.Options{})
			if err != nil {
				t.Fatal(err)
			}
			trace := worksheetTrace(t, c, k, l)
			perPage := map[string]int{}
			for _, line := range strings.Split(strings.TrimSpace(trace), "\n") {
				f := strings.Fields(line)
				if f[2] != "compact" || f[len(f)-1] != "9.00" {
					t.Errorf("cell %q: want a compact cell with squares of 9.00 mm", line)
				}
				perPage[f[1]]++
			}
			if perPage["1"] < 4 || perPage["2"] != 6 {
				t.Errorf("compact cells by page %v, want at least 4 on page 1 (under the header) and 6 on page 2:\n%s", perPage, trace)
			}
		})
	}
}

// TestHangingQuestion checks a drill cell's question on A4 and Letter: a
// long one runs its lines after the first two under the number badge, the
// cell's full width, and so takes a line fewer than beside the badge all
// the way; a short one, or one whose lines under the badge would be as
// many, stays beside the badge; and every word is set once, in order.
func TestHangingQuestion(t *testing.T) {
	long := "The shepherd wants to walk from e1 to e5. The shepherd must never step where the wolf can jump. How many steps does the shepherd need?"
	tests := []struct {
		name, question string
		hangs          bool
	}{
		{"one line", "Which squares can Ripley step to?", false},
		{"three lines", "Ripley goes to d3 to guard c4 and e4. It may not step where the alien attacks. How many steps?", false},
		{"five lines", long, true},
		{"eight lines", long + " Count every step, the first one too, and write the number in the box.", true},
	}
	for _, paper := range []style.Paper{style.A4, style.Letter} {
		c := sampleCourse(style.Farm)
		c.Paper = paper
		k, err := newAssets(c, render.Options{})
		if err != nil {
			t.Fatal(err)
		}
		s, err := newSheet(c, k, "hanging")
		if err != nil {
			t.Fatal(err)
		}
		spec := cellSpecs[drillCell]
		w := s.cellW(drillCell)
		for _, tt := range tests {
			t.Run(paper.String()+"/"+tt.name, func(t *testing.T) {
				e := render.Exercise{Number: 12, Question: tt.question}
				indented := s.textLines("B", spec.qSize, tt.question, w-spec.badge-2)
				under, hangs := s.linesUnder(tt.question, indented, w, spec.qSize)
				if hangs != tt.hangs {
					t.Fatalf("linesUnder = %q, %v, want hanging %v (beside the badge: %q)", under, hangs, tt.hangs, indented)
				}
				got := s.hangingQuestion(e, 0, 0, w, spec.badge, spec.qSize, false)
				plain := s.question(e, 0, 0, w, spec.badge, spec.qSize, false)
				if !hangs {
					if got != plain {
						t.Errorf("hangingQuestion = %.2f mm, want question's %.2f mm", got, plain)
					}
					return
				}
				if want := plain - lineH(spec.qSize)*float64(len(indented)-besideBadge-len(under)); math.Abs(got-want) > 1e-9 || got >= plain {
					t.Errorf("hangingQuestion = %.2f mm, want %.2f mm, less than question's %.2f mm", got, want, plain)
				}
				set := strings.Join(append(indented[:besideBadge:besideBadge], under...), " ")
				if strings.Join(strings.Fields(set), " ") != strings.Join(strings.Fields(tt.question), " ") {
					t.Errorf("hanging lines %q, want the words of %q", set, tt.question)
				}
			})
		}
	}
}

// TestPagePlan checks the pages of every lesson of denseCourse in every
// layout on A4 and Letter against the plan: each page takes as many rows
// as fit under the usual top or a tight one (page 1), with the strip of
// every row of compact cells over their boards or beside them, whichever
// takes more, and page 1 starts its rows under the tight top only when
// that takes more. The tight top and the usual one must both be chosen
// somewhere, and so must the strip beside, so that the test sees them.
func TestPagePlan(t *testing.T) {
	chosen, beside := map[bool]int{}, 0
	for _, paper := range []style.Paper{style.A4, style.Letter} {
		for _, layout := range []style.Layout{style.ByKind, style.Roomy, style.Compact, style.Drill} {
			c := denseCourse(paper)
			c.Layout = layout
			c.Lessons = append(c.Lessons, walks())
			k, err := newAssets(c, render.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range c.Lessons {
				name := fmt.Sprintf("%v/%v/%s", paper, layout, l.ID)
				plan, err := newSheet(c, k, l.Title)
				if err != nil {
					t.Fatal(err)
				}
				plan.newPage()
				box, err := plan.reminderBox(l)
				if err != nil {
					t.Fatal(err)
				}
				rs := rows(groups(l.OnPaper().Exercises), layout)
				heads := taskHeadings(rs)
				tops := map[bool]float64{}
				for _, tight := range []bool{false, true} {
					tops[tight] = margin + plan.header(l, margin, tight, false) + box.lay(plan, margin, tight, false)
				}
				best, tight, firstBeside := -1, false, false
				for _, c := range []struct{ tight, beside bool }{{false, false}, {false, true}, {true, false}, {true, true}} {
					if n := plan.rowsFrom(tops[c.tight], rs, heads, c.beside); n > best {
						best, tight, firstBeside = n, c.tight, c.beside
					}
				}
				chosen[tight]++
				if firstBeside {
					beside++
				}
				top := tops[tight]
				if heads[0] != "" {
					top += plan.headingHeight(heads[0])
				}
				want := []int{best}
				for i := best; i < len(rs); i += want[len(want)-1] {
					n, m := plan.rowsFrom(margin, rs[i:], heads[i:], false), plan.rowsFrom(margin, rs[i:], heads[i:], true)
					if m > n {
						beside++
					}
					want = append(want, max(n, m, 1))
				}

				got, first := pageRows(t, c, k, l)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s: rows by page %v, want %v", name, got, want)
				}
				if first != fmt.Sprintf("%.1f", top) {
					t.Errorf("%s: the first row starts at %s mm, want %.1f mm", name, first, top)
				}
			}
		}
	}
	if chosen[true] == 0 || chosen[false] == 0 {
		t.Errorf("the tight top was chosen %d times and the usual one %d times; want both", chosen[true], chosen[false])
	}
	if beside == 0 {
		t.Errorf("no page set its compact cells' strip beside the board; want one")
	}
}

// walks is a lesson of fifteen labyrinths in five rows of drill cells, the
// last three rows asking a longer question, with a hint under the first
// of them.
func walks() render.Lesson {
	l := render.Lesson{ID: "walks", Title: "Walks", Level: 2}
	for i := range 15 {
		e := render.Exercise{Number: i + 1, Kind: "labyrinth", Drill: true, Answer: "7", Space: style.PathOnBoard,
			Question: "Ripley wants to go from a1 to h8. Ripley may not step onto a guarded square. How many steps?",
			Board:    render.Board{FEN: "8/8/8/8/8/8/" + []string{"1P6", "2P5", "3P4"}[i%3] + "/K6n w 2 3", Target: "h8"}}
		if i >= 6 {
			e.Question = "Ripley wants to go from a1 to h8. Ripley may not step onto a marked square or onto another piece. How many steps does Ripley need?"
		}
		if i == 6 {
			e.Hint = "Go round the pawn."
		}
		l.Exercises = append(l.Exercises, e)
	}
	return l
}

// pageRows writes a lesson's worksheet and returns from its trace how many
// rows each page holds and where the first row starts.
func pageRows(t *testing.T, c render.Course, k *Assets, l render.Lesson) ([]int, string) {
	t.Helper()
	var got []int
	first, last := "", ""
	for _, line := range strings.Split(worksheetTrace(t, c, k, l), "\n") {
		f := strings.Fields(line)
		if len(f) < 9 {
			continue
		}
		if first == "" {
			first = f[8]
		}
		if row := f[1] + " " + f[8]; row != last {
			page, _ := strconv.Atoi(f[1])
			for len(got) < page {
				got = append(got, 0)
			}
			got[page-1]++
			last = row
		}
	}
	return got, first
}

// worksheetTrace writes a lesson's worksheet and returns its trace: a line
// for each cell: its page, layout, exercises, place, size and square in mm.
func worksheetTrace(t *testing.T, c render.Course, k *Assets, l render.Lesson) string {
	t.Helper()
	s, err := newSheet(c, k, l.Title)
	if err != nil {
		t.Fatal(err)
	}
	var trace bytes.Buffer
	s.trace = &trace
	if err := s.worksheet(l); err != nil {
		t.Fatal(err)
	}
	return trace.String()
}

// drillKind reports whether the question kind named kind is a drill kind,
// as internal/model sets Exercise.Drill from the kind's registration.
func drillKind(kind string) bool {
	k, err := question.ParseKind(kind)
	return err == nil && k.Drill()
}
