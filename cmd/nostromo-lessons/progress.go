package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// progressMode says when a long proof shows its progress line.
type progressMode uint8

// The modes of --progress: auto (in place on a terminal, else a plain
// line now and then), always in place, never.
const (
	progressAuto progressMode = iota
	progressAlways
	progressNever
)

var progressModes = [...]string{progressAuto: "auto", progressAlways: "always", progressNever: "never"}

// String returns the mode's name, as --progress takes it.
func (m progressMode) String() string { return progressModes[m] }

// Set implements flag.Value.
func (m *progressMode) Set(s string) error {
	for i, name := range progressModes {
		if s == name {
			*m = progressMode(i)
			return nil
		}
	}
	return fmt.Errorf("want auto, always or never")
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := rawWriter(w).(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// proofLine shows how far the proofs have got: what is proven, how far
// it is, and the time left. On a terminal it is one line, updated in
// place, once a proof takes more than a second. Anywhere else (a pipe, a
// file, a CI log) it is a plain line every logEvery, the first logEvery
// after the line was made, like the lines of go test or Hugo: the time
// the proof has taken, then the same words, and never a carriage return,
// so that each line reads on its own.
type proofLine struct {
	w       io.Writer        // nil: show nothing
	say     *catalog.Printer // the line's language: English, or serve's course's
	inPlace bool             // the line is drawn over itself; else plain lines
	delay   time.Duration    // how long a proof runs before the line shows
	every   time.Duration    // how often the line is drawn at most

	mu      sync.Mutex
	what    string    // the position being proven
	last    time.Time // when the line was last drawn, or made
	showing bool      // the line is on the screen
}

// logEvery is how often the progress goes into a pipe or a file: a line
// every ten seconds, whichever proof is under way.
const logEvery = 10 * time.Second

// newProofLine returns the progress line for w in mode m.
func newProofLine(w io.Writer, m progressMode) *proofLine {
	say := catalog.New(style.English, style.Classic)
	switch {
	case m == progressNever:
		return &proofLine{}
	case m == progressAuto && !isTerminal(w):
		return &proofLine{w: w, say: say, every: logEvery, last: time.Now()}
	}
	return &proofLine{w: w, say: say, inPlace: true, delay: time.Second, every: 250 * time.Millisecond}
}

// begin starts the proof of p.
func (l *proofLine) begin(p rules.Position) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.what = p.String()
}

// update hears the solver's progress on the current proof.
func (l *proofLine) update(pr solver.Progress) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if l.w == nil || pr.Elapsed < l.delay || now.Sub(l.last) < l.every {
		return
	}
	l.last = now
	text := l.say.Say("progress.position", l.what, progressText(l.say, pr))
	if !l.inPlace {
		fmt.Fprintf(l.w, "%6s %s\n", pr.Elapsed.Round(time.Second), text)
		return
	}
	l.showing = true
	fmt.Fprint(rawWriter(l.w), "\r\033[K"+string(quoteTerm([]byte(text))))
}

// progressText says in words, in p's language, how far a proof has got:
// while the solver plans, the pawn configurations listed so far, then the
// share of the memory it needs worked out (a solve too big to keep its
// tables); while it solves, the configurations done and the time left.
func progressText(p *catalog.Printer, pr solver.Progress) string {
	switch pr.Stage {
	case solver.Listing:
		return p.Say("progress.listing", p.Number(pr.Done))
	case solver.Weighing:
		return p.Say("progress.weighing", p.Number(pr.Total), 100*pr.Done/max(1, pr.Total))
	}
	return p.Say("progress.solving", p.Number(pr.Done), p.Number(pr.Total), 100*pr.Done/max(1, pr.Total), pr.ETA.Round(time.Second).String())
}

// end clears the line, if it was drawn.
func (l *proofLine) end() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.showing {
		fmt.Fprint(rawWriter(l.w), "\r\033[K")
		l.showing = false
	}
}

// showingSolver is a solver that shows its progress on a proofLine.
type showingSolver struct {
	s    *solver.Solver
	line *proofLine
	// before, when set, is called before the solver proves a position (not
	// when the table, the book or the cache answered it): solve's estimate,
	// whose error stops the proof.
	before func(p rules.Position, g solver.Goal) error
}

// Solve implements question.Solver.
func (s showingSolver) Solve(p rules.Position, g solver.Goal) (solver.Solution, error) {
	if s.before != nil {
		if err := s.before(p, g); err != nil {
			return solver.Solution{}, err
		}
	}
	s.line.begin(p)
	defer s.line.end()
	return s.s.Solve(p, g)
}

// WinningMoves implements question.Solver.
func (s showingSolver) WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error) {
	if s.before != nil {
		if err := s.before(p, g); err != nil {
			return nil, err
		}
	}
	s.line.begin(p)
	defer s.line.end()
	return s.s.WinningMoves(p, g)
}
