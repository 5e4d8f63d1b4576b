// Command opening writes the opening book of package internal/opening.
package main

// It
// solves the default start with a forgetting Solver that keeps the tables
// of the configurations within opening.Depth structure moves of it, then
// writes, into the package's folder:
//
//   - opening.bin, the book (see opening.Encode), the same bytes for the
//     same tables;
//   - opening.sha256, its SHA-256, which the tests check;
//   - testdata/sample.txt, random positions of the configurations within
//     opening.Depth-1 moves with the Solver's own Evaluate of each (value,
//     distance, best moves), which the tests compare with Lookup.
//
// It prints the progress, its time and its peak memory. Run it from the
// module's root when the solver changes (nothing else heavy at the same
// time):
//
// 	go run ./bench/opening
//
// On 1 December 2026 it took 1h37m35s on 2 cores shared with other engineers'
// tests (bench/startpos takes 10 minutes alone), with 19.9 GB of peak
// memory; the book is 3.9 MB.

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"nostromo-lessons/internal/opening"
	"nostromo-lessons/internal/publish"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// sampleSeed seeds the sample's positions; it is written into the sample.
const sampleSeed = 1

// sampleSize is the number of positions in the sample, the start and the
// positions after its first moves included.
const sampleSize = 50

func main() {
	budget := flag.Int64("budget", 17_000_000_000, "most states (bytes of tables) to hold at once")
	dir := flag.String("dir", "internal/opening", "the folder to write the book into")
	fen := flag.String("fen", "start", "the start position (another one only to try the command on a small solve)")
	flag.Parse()
	if err := run(*fen, *budget, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "opening:", err)
		os.Exit(1)
	}
}

func run(fen string, budget int64, dir string) error {
	start := time.Now()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		return err
	}
	s := solver.New(solver.Options{
		Budget: budget,
		Forget: true,
		Keep:   opening.Depth,
		Progress: func(pr solver.Progress) {
			if pr.Stage != solver.Solving {
				fmt.Printf("%7.1fs  planning: %s, %d of %d configurations\n", pr.Elapsed.Seconds(), pr.Stage, pr.Done, pr.Total)
				return
			}
			fmt.Printf("%7.1fs  %9d of %d configurations  %8d held  ETA %v\n",
				pr.Elapsed.Seconds(), pr.Done, pr.Total, pr.Held, pr.ETA.Round(time.Second))
		},
	})
	sol, err := s.Evaluate(p, solver.Goal{Kind: solver.Game})
	if err != nil {
		return err
	}
	fmt.Printf("start: %v, best %s\n", sol.Result, strings.Join(sans(p, sol.Best), " "))
	configs := solver.ConfigOf(p).Near(opening.Depth)
	tables := make([]*solver.Table, len(configs))
	for i, c := range configs {
		t, ok := s.Table(c)
		if !ok {
			return fmt.Errorf("no table kept for %v", c)
		}
		tables[i] = t
	}
	var buf bytes.Buffer
	if err := opening.Encode(&buf, configs, tables); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := publish.WriteFile(filepath.Join(dir, "opening.bin"), buf.Bytes()); err != nil {
		return err
	}
	sum := fmt.Sprintf("%x  opening.bin\n", sha256.Sum256(buf.Bytes()))
	if err := publish.WriteFile(filepath.Join(dir, "opening.sha256"), []byte(sum)); err != nil {
		return err
	}
	if err := writeSample(s, p, configs, filepath.Join(dir, "testdata", "sample.txt")); err != nil {
		return err
	}
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Printf("%d configurations, %d bytes of tables, book %d bytes; %v, peak memory %.1f GB\n",
		len(configs), len(configs)*solver.StatesPerConfig, buf.Len(), time.Since(start).Round(time.Second),
		float64(ru.Maxrss)*1024/1e9)
	return nil
}

// writeSample writes the sample to path: the start, the positions after
// its first moves, and random positions of the configurations within
// opening.Depth-1 moves of it, each with the Solver's Evaluate.
func writeSample(s *solver.Solver, start rules.Position, configs []solver.Config, path string) error {
	ps := []rules.Position{start}
	for _, m := range start.LegalMoves() {
		ps = append(ps, start.Apply(m))
	}
	inner := solver.ConfigOf(start).Near(opening.Depth - 1)
	r := rand.New(rand.NewPCG(sampleSeed, 0))
	for len(ps) < sampleSize {
		c := inner[r.IntN(len(inner))]
		q := rules.Position{Pawns: c.Pawns, Saved: c.Saved, Taken: c.Taken,
			King: rules.Square(r.IntN(64)), Knight: rules.Square(r.IntN(64)), Side: rules.Color(r.IntN(2))}
		if r.IntN(20) == 0 {
			q.Knight, q.Side = rules.NoSquare, rules.Black
		}
		if q.Validate() == nil {
			ps = append(ps, q)
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# The solver's Evaluate of positions in the book (seed %d): FEN, result, moves, best moves.\n", sampleSeed)
	for _, q := range ps {
		sol, err := s.Evaluate(q, solver.Goal{Kind: solver.Game})
		if err != nil {
			return fmt.Errorf("evaluate %q: %w", q, err)
		}
		fmt.Fprintf(&b, "%s\t%v\t%d\t%s\n", q, sol.Result, sol.Moves, strings.Join(sans(q, sol.Best), " "))
	}
	return publish.WriteFile(path, []byte(b.String()))
}

func sans(p rules.Position, moves []rules.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.SAN(m)
	}
	return out
}
