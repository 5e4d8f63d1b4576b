// Command worksheet writes one worksheet of twelve diagrams, for the
// benchmark against LaTeX (bench/README.md): a drill page of the kinds
// knight-moves, king-moves, legal and count-moves, as `build` sets it.
package main

// With -latex it writes instead the same twelve positions and questions
// as LaTeX documents, one with the chessboard package (chessboard.tex) and
// one with skak (skak.tex), three diagrams a row:
//
// 	go build -o /tmp/worksheet ./bench/worksheet
// 	/tmp/worksheet -o /tmp/ws.pdf                 # the one timed
// 	/tmp/worksheet -latex /tmp/tex                # then pdflatex chessboard.tex, skak.tex
// 	/tmp/worksheet -start-only                    # the same process, ended before its work

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"nostromo-lessons/internal/gcstart"
	"nostromo-lessons/internal/publish"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/render/pdf"
)

// exercise is one cell of the page: a position and a question about it.
type exercise struct {
	fen, kind, question, answer string
	space                       style.AnswerSpace
}

// exercises are the twelve cells, each position a legal Nostromo one.
var exercises = []exercise{
	{"8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", "count-moves", "How many moves can the crew make?", "8", style.NumberBox},
	{"8/8/8/8/8/8/2P1P3/n3K3 w 1 3", "knight-moves", "Which squares can the alien jump to?", "b3, c2", style.SquareLines},
	{"8/8/8/8/3n4/8/1P4P1/K7 w 1 3", "knight-moves", "Which squares can the alien jump to?", "b3, b5, c2, c6, e2, e6, f3, f5", style.SquareLines},
	{"7n/8/8/8/3PP3/8/8/K7 b 1 3", "count-moves", "How many moves can the alien make?", "2", style.NumberBox},
	{"8/8/8/8/4K3/8/1P6/7n w 2 3", "king-moves", "Which squares can Ripley step to?", "d3, d4, d5, e3, e5, f3, f4, f5", style.SquareLines},
	{"8/8/8/8/8/8/7P/K6n w 2 3", "king-moves", "Which squares can Ripley step to?", "a2, b1, b2", style.SquareLines},
	{"8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", "legal", "Is the move e4 allowed?", "no", style.TickBoxes},
	{"8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", "legal", "Is the move e3 allowed?", "yes", style.TickBoxes},
	{"8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", "legal", "Is the move Kd2 allowed?", "no", style.TickBoxes},
	{"8/8/8/3n4/8/8/2PPP3/4K3 w 1 2", "count-moves", "How many moves can the crew make?", "7", style.NumberBox},
	{"8/8/8/8/8/2n5/6P1/4K3 w 2 3", "knight-moves", "Which squares can the alien jump to?", "a2, a4, b1, b5, d1, d5, e2, e4", style.SquareLines},
	{"8/8/8/8/8/8/3P4/3K2n1 b 2 3", "count-moves", "How many moves can the alien make?", "3", style.NumberBox},
}

func main() {
	gcstart.Delay() // as nostromo-lessons does
	out := flag.String("o", "", "write the worksheet PDF to this file")
	latex := flag.String("latex", "", "write chessboard.tex and skak.tex into this folder instead")
	startOnly := flag.Bool("start-only", false, "write nothing: end once the process has started (its runtime and packages initialised), to time a worksheet process's start apart from its work")
	flag.Parse()
	var err error
	switch {
	case *startOnly:
	case *latex != "":
		err = writeLaTeX(*latex)
	case *out != "":
		err = writePDF(*out)
	default:
		err = fmt.Errorf("give -o FILE or -latex DIR")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "worksheet:", err)
		os.Exit(1)
	}
}

// writePDF writes the worksheet as build writes a lesson's: made in
// memory, then written by publish.WriteFile (atomically).
func writePDF(name string) error {
	l := render.Lesson{ID: "drill", Title: "Drill: moves and jumps", Level: 1, Layout: style.Drill,
		Goals: []string{"Count the moves of a position.", "Find the squares a piece can reach."}}
	for i, e := range exercises {
		ex := render.Exercise{Number: i + 1, ID: fmt.Sprintf("drill-%d", i+1), Kind: e.kind, Drill: true, Question: e.question,
			Answer: e.answer, Space: e.space, Board: render.Board{FEN: e.fen}, Level: 1,
			NoGroup: true} // twelve diagrams, though three share a position
		if e.space == style.TickBoxes {
			ex.Choices = []string{"yes", "no"}
		}
		l.Exercises = append(l.Exercises, ex)
	}
	c := render.Course{Title: "Ripley, the crew and the alien", Author: "The nostromo-lessons team",
		Theme: style.Alien, Paper: style.A4, Lessons: []render.Lesson{l}}
	var buf bytes.Buffer
	if err := pdf.Worksheet(&buf, c, l, render.Options{}); err != nil {
		return err
	}
	return publish.WriteFile(name, buf.Bytes())
}

// writeLaTeX writes the twelve diagrams as two LaTeX documents.
func writeLaTeX(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, doc := range []struct {
		name, preamble string
		board          func(fen string) string
	}{
		{"chessboard.tex", `\usepackage{chessboard}`, func(fen string) string {
			return fmt.Sprintf(`\chessboard[setfen=%s, boardfontsize=12pt, showmover=false]`, fen)
		}},
		{"skak.tex", `\usepackage{skak}`, func(fen string) string {
			return fmt.Sprintf(`\newgame\fenboard{%s}\tinyboard\showboard`, fen)
		}},
	} {
		var b strings.Builder
		fmt.Fprintf(&b, "\\documentclass[a4paper]{article}\n\\usepackage[margin=12mm]{geometry}\n%s\n\\pagestyle{empty}\n\\begin{document}\n", doc.preamble)
		b.WriteString("\\section*{Drill: moves and jumps}\n\\noindent\n")
		for i, e := range exercises {
			fmt.Fprintf(&b, "\\begin{minipage}[t]{0.32\\textwidth}\\centering\n%s\\\\[1mm]\n\\small %d. %s\\\\ \\rule{3cm}{0.4pt}\n\\end{minipage}", doc.board(latexFEN(e.fen)), i+1, e.question)
			if i%3 == 2 {
				b.WriteString("\n\n\\medskip\\noindent\n")
			} else {
				b.WriteString("\\hfill\n")
			}
		}
		b.WriteString("\\end{document}\n")
		if err := publish.WriteFile(filepath.Join(dir, doc.name), []byte(b.String())); err != nil {
			return err
		}
	}
	return nil
}

// latexFEN turns a Nostromo FEN (placement, side, saved, taken) into a
// chess FEN with the same placement and side to move.
func latexFEN(fen string) string {
	f := strings.Fields(fen)
	return f[0] + " " + f[1] + " - - 0 1"
}
