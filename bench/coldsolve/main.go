// Command coldsolve measures how long 5-pawn positions of games played from
// the start take to prove without the whole-game table: each one solved
// cold, in a fresh process, at the default budget, with its time, its peak
// memory and how soon the first estimate was shown.
package main

// It is not part of the tests; run it by hand, for example:
//
// 	nice -n 10 go run ./bench/coldsolve -n 15 -seed 1
//
// The positions come from random games played from the default start
// (generate.GamePosition: ply 8 to 30), seeded, so the same -seed
// measures the same positions. Each is solved by
// `nostromo-lessons solve --no-table --no-cache FEN`, built once into a
// temporary folder, with its own proof cache folder and key (the
// user's are never read). The targets (issue 30 item 5): median at most
// 60 s, none over 3 minutes, on 2 quiet cores; an estimate of the time
// within a second.

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"nostromo-lessons/internal/generate"
	"nostromo-lessons/rules"
)

// estimate is a line of solve's standard error that gives the time a
// proof will take: the progress line's time left, or an estimate.
var estimate = regexp.MustCompile(`(?i)\bleft\b|estimat|\bwill take\b|\btakes about\b`)

// run is one cold solve measured.
type run struct {
	fen      string
	wall     time.Duration
	rss      int64         // peak resident memory, bytes
	first    time.Duration // when its first line of standard error came, -1 if none
	estimate time.Duration // when a line with an estimate came, -1 if none
	answer   string        // its first line of output, or the error
	status   int
}

func main() {
	n := flag.Int("n", 15, "the number of positions")
	seed := flag.Uint64("seed", 1, "the seed of the random games")
	limit := flag.Duration("limit", 10*time.Minute, "stop a solve that takes longer (reported as such)")
	flag.Parse()
	tmp, err := os.MkdirTemp("", "coldsolve")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "nostromo-lessons")
	build := exec.Command("go", "build", "-o", bin, "./cmd/nostromo-lessons")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fail(fmt.Errorf("go build: %w", err))
	}
	fens := positions(*n, *seed)
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("%d positions of 5 pawns from random games (seed %d), solve --no-table --no-cache at the default budget; load %s\n", len(fens), *seed, strings.TrimSpace(string(load)))
	var runs []run
	for i, fen := range fens {
		r := solve(bin, tmp, fen, *limit)
		runs = append(runs, r)
		fmt.Printf("%2d  %-36s  %7.1fs  %6.0f MB  first line %s, estimate %s  exit %d  %s\n",
			i+1, fen, r.wall.Seconds(), float64(r.rss)/1e6, seconds(r.first), seconds(r.estimate), r.status, r.answer)
	}
	report(runs)
}

// positions draws n distinct 5-pawn positions from random games from the
// start.
func positions(n int, seed uint64) []string {
	start, err := rules.ParseFEN(rules.StartFEN)
	if err != nil {
		fail(err)
	}
	r := rand.New(rand.NewPCG(seed, 0))
	var fens []string
	for len(fens) < n {
		p, ok := generate.GamePosition(r, start)
		if ok && p.Pawns.Count() == 5 && !slices.Contains(fens, p.String()) {
			fens = append(fens, p.String())
		}
	}
	return fens
}

// solve runs one cold solve of fen and measures it.
func solve(bin, tmp, fen string, limit time.Duration) run {
	r := run{fen: fen, first: -1, estimate: -1}
	cache, err := os.MkdirTemp(tmp, "cache")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(cache)
	cmd := exec.Command(bin, "solve", "--no-table", "--no-cache", fen)
	cmd.Env = append(os.Environ(), "NOSTROMO_CACHE="+cache, "NOSTROMO_CACHE_KEY="+filepath.Join(cache, "key"))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		fail(err)
	}
	var out strings.Builder
	cmd.Stdout = &out
	begin := time.Now()
	if err := cmd.Start(); err != nil {
		fail(err)
	}
	timer := time.AfterFunc(limit, func() { cmd.Process.Kill() })
	var lastErr string
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		at := time.Since(begin)
		if r.first < 0 {
			r.first = at
		}
		if r.estimate < 0 && estimate.MatchString(sc.Text()) {
			r.estimate = at
		}
		lastErr = sc.Text()
	}
	err = cmd.Wait()
	timer.Stop()
	r.wall = time.Since(begin)
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.rss = ru.Maxrss * 1024
	}
	r.status = cmd.ProcessState.ExitCode()
	r.answer, _, _ = strings.Cut(out.String(), "\n")
	if err != nil {
		r.answer = fmt.Sprintf("%v: %s", err, lastErr)
	}
	return r
}

// report prints the median and the maximum, and how many met the
// targets.
func report(runs []run) {
	if len(runs) == 0 {
		return
	}
	walls := make([]time.Duration, len(runs))
	var maxRSS int64
	estimated, failed := 0, 0
	for i, r := range runs {
		walls[i] = r.wall
		maxRSS = max(maxRSS, r.rss)
		if r.estimate >= 0 && r.estimate <= time.Second {
			estimated++
		}
		if r.status != 0 {
			failed++
		}
	}
	slices.Sort(walls)
	median := walls[len(walls)/2]
	if len(walls)%2 == 0 {
		median = (walls[len(walls)/2-1] + walls[len(walls)/2]) / 2
	}
	over := 0
	for _, w := range walls {
		if w > 3*time.Minute {
			over++
		}
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("median %.1fs (target <= 60s), max %.1fs (target <= 180s), %d over 3 minutes, %d failed; peak RSS %.0f MB; an estimate within 1s in %d of %d; load now %s\n",
		median.Seconds(), walls[len(walls)-1].Seconds(), over, failed, float64(maxRSS)/1e6, estimated, len(runs), strings.TrimSpace(string(load)))
}

// seconds says a duration in seconds, or "none".
func seconds(d time.Duration) string {
	if d < 0 {
		return "none"
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "coldsolve:", err)
	os.Exit(1)
}
