package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// progressMode says when a long proof shows its progress line.
type progressMode uint8

// The modes of --progress: on a terminal only, always, never.
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
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// proofLine is the one line, updated in place, that shows a proof taking
// more than a second: what it proves, how far it is, and the time left.
type proofLine struct {
	w     io.Writer     // nil: show nothing
	delay time.Duration // how long a proof runs before the line shows
	every time.Duration // how often the line is drawn at most

	mu      sync.Mutex
	what    string    // the position being proven
	start   time.Time // when its proof started
	built   int64     // configurations built before it started
	last    time.Time // when the line was last drawn
	showing bool      // the line is on the screen
}

// newProofLine returns the progress line for w in mode m.
func newProofLine(w io.Writer, m progressMode) *proofLine {
	if m == progressNever || m == progressAuto && !isTerminal(w) {
		return &proofLine{}
	}
	return &proofLine{w: w, delay: time.Second, every: 250 * time.Millisecond}
}

// begin starts the proof of p.
func (l *proofLine) begin(p rules.Position, built int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.what, l.start, l.built = p.String(), time.Now(), built
}

// update hears the solver's progress: st so far, of needed configurations.
func (l *proofLine) update(st solver.Stats, needed int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if l.w == nil || now.Sub(l.start) < l.delay || now.Sub(l.last) < l.every {
		return
	}
	l.last, l.showing = now, true
	done := max(1, st.Built-l.built)
	left := time.Duration(float64(now.Sub(l.start)) * float64(max(0, needed-done)) / float64(done))
	fmt.Fprintf(l.w, "\r\033[Kproving %s: %d of %d configurations (%d%%), about %s left",
		l.what, done, needed, 100*done/max(1, needed), left.Round(time.Second))
}

// end clears the line, if it was drawn.
func (l *proofLine) end() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.showing {
		fmt.Fprint(l.w, "\r\033[K")
		l.showing = false
	}
}

// showingSolver is a solver that shows its progress on a proofLine.
type showingSolver struct {
	s    *solver.Solver
	line *proofLine
}

// Solve implements question.Solver.
func (s showingSolver) Solve(p rules.Position, g solver.Goal) (solver.Solution, error) {
	s.line.begin(p, s.s.Stats().Built)
	defer s.line.end()
	return s.s.Solve(p, g)
}

// WinningMoves implements question.Solver.
func (s showingSolver) WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error) {
	s.line.begin(p, s.s.Stats().Built)
	defer s.line.end()
	return s.s.WinningMoves(p, g)
}
