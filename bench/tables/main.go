// Command tables measures a whole-game table (package rules/table): it
// builds the table of the configurations a root position leads to, in a
// folder, and prints its size in bits a position (win/draw/loss and
// distances apart), the build's time and rate, then probes random
// positions of it and prints the time a probe takes, with the table's
// files in the page cache.
package main

// It is not part of the tests; run it by hand, for example (a 4-pawn root):
//
// 	go run ./bench/tables -fen '8/8/5n2/8/8/8/2PPPP2/4K3 w 2 0' -dir /tmp/t4
//
// With -probe only, it probes the table already in -dir. With -stop D it
// stops the build after D; run it again to resume the build. With
// -workers 1 the files are the same from one build to the next, to compare
// two versions with cmp. Give it the default start only to measure the
// whole game's build: 30 minutes or more of both cores, and 4 GB with
// -budget 3000000000 (tables build's default).
//
// With -cpuprofile P it writes a CPU profile of a minute (-cpufor) every
// 5 minutes (-cpuevery), P00.pprof, P01.pprof and so on, to see where the
// time of a long build goes as it advances; GODEBUG=gctrace=1 adds a line
// for each collection of the Go heap:
//
// 	GODEBUG=gctrace=1 /tmp/tables -fen '8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0' -dir DIR -budget 3000000000 -cpuprofile /tmp/prof/c -stop 30m
// 	go tool pprof -top -cum /tmp/tables /tmp/prof/c04.pprof

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/pprof"
	"syscall"
	"time"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
	"nostromo-lessons/rules/table"
)

func main() {
	fen := flag.String("fen", "8/8/5n2/8/8/8/2PPPP2/4K3 w 2 0", "the root position")
	dir := flag.String("dir", "", "the table's folder (required)")
	probeOnly := flag.Bool("probe", false, "probe the table already in -dir, do not build it")
	n := flag.Int("n", 100_000, "random positions to probe")
	forget := flag.Bool("forget", true, "build with a forgetting solver, as the whole game needs")
	stopAfter := flag.Duration("stop", 0, "stop the build after this time (run again to resume it)")
	workers := flag.Int("workers", 0, "the solver's workers (0: as many as cores, at most 8); with 1 the files are the same from one build to the next, blocks in the same order")
	budget := flag.Int64("budget", solver.DefaultBudget, "most states the solver holds at once (one byte each); the default start needs about 17e9, as bench/startpos")
	heapAt := flag.Float64("heapat", 0, "with -heapprofile, the fraction of the configurations solved at which to write it, such as 0.5")
	heapProfile := flag.String("heapprofile", "", "write Go's heap profile (in use, as of a collection forced then) to this file once -heapat of the configurations are solved")
	cpuProfile := flag.String("cpuprofile", "", "write Go's CPU profiles of the build to files named by this prefix, a number and .pprof: one of each -cpufor, every -cpuevery")
	cpuEvery := flag.Duration("cpuevery", 5*time.Minute, "with -cpuprofile, how often a CPU profile starts")
	cpuFor := flag.Duration("cpufor", time.Minute, "with -cpuprofile, how long each CPU profile lasts")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "tables: -dir is required")
		os.Exit(2)
	}
	p, err := rules.ParseFEN(*fen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tables:", err)
		os.Exit(2)
	}
	if !*probeOnly {
		if *cpuProfile != "" {
			go profileCPU(*cpuProfile, *cpuEvery, *cpuFor)
		}
		var last time.Time
		began := time.Now()
		st, err := table.Build(*dir, []solver.Config{solver.ConfigOf(p)}, table.Options{Solver: solver.Options{
			Forget:  *forget,
			Budget:  *budget,
			Workers: *workers,
			Stop: func() error {
				if *stopAfter > 0 && time.Since(began) > *stopAfter {
					return fmt.Errorf("stopped after %v, as -stop asks", *stopAfter)
				}
				return nil
			},
			Progress: func(pr solver.Progress) {
				if *heapProfile != "" && pr.Stage == solver.Solving && pr.Total > 0 && float64(pr.Done) >= *heapAt*float64(pr.Total) {
					writeHeap(*heapProfile)
					*heapProfile = ""
				}
				if time.Since(last) > 5*time.Second {
					last = time.Now()
					fmt.Printf("%7.1fs  %s %d of %d\n", pr.Elapsed.Seconds(), pr.Stage, pr.Done, pr.Total)
				}
			},
		}})
		if err != nil {
			fmt.Fprintf(os.Stderr, "tables: after %v: %v\n", time.Since(began).Round(time.Millisecond), err)
			os.Exit(1)
		}
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		fmt.Printf("built %d configurations, %d positions in %v (CPU %v, %.1f M positions a CPU second; peak RSS %.2f GB)\n",
			st.Configs, st.Positions, st.Time.Round(time.Millisecond), cpu.Round(time.Millisecond),
			float64(st.Positions)/cpu.Seconds()/1e6, float64(ru.Maxrss)*1024/1e9)
		fmt.Printf("spilled: %d bytes of parts of tables\n", st.Spilled)
		fmt.Printf("win/draw/loss: %d bytes, %.3f bits a position, %.0f bytes a configuration\n",
			st.WDLBytes, 8*float64(st.WDLBytes)/float64(st.Positions), float64(st.WDLBytes)/float64(st.Configs))
		fmt.Printf("distances:     %d bytes, %.3f bits a position, %.0f bytes a configuration\n",
			st.DTMBytes, 8*float64(st.DTMBytes)/float64(st.Positions), float64(st.DTMBytes)/float64(st.Configs))
	}
	probe(*dir, p, *n)
}

// writeHeap writes the heap profile, in use as of a collection forced
// now, to name.
func writeHeap(name string) {
	runtime.GC()
	f, err := os.Create(name)
	if err == nil {
		err = pprof.Lookup("heap").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tables:", err)
	}
}

// profileCPU writes a CPU profile of length d to a file named prefix, a
// number and .pprof, every period, from the start.
func profileCPU(prefix string, period, d time.Duration) {
	for i := 0; ; i++ {
		began := time.Now()
		f, err := os.Create(fmt.Sprintf("%s%02d.pprof", prefix, i))
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "tables:", err)
			return
		}
		time.Sleep(d)
		pprof.StopCPUProfile()
		f.Close()
		time.Sleep(period - time.Since(began))
	}
}

// probe times Value and Solution on n random positions of the table in
// dir, reached by random play from root.
func probe(dir string, root rules.Position, n int) {
	start := time.Now()
	tab, err := table.Open(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tables:", err)
		os.Exit(1)
	}
	defer tab.Close()
	fmt.Printf("open: %v, %d configurations\n", time.Since(start).Round(time.Microsecond), tab.Configs())
	// Random positions: random plays from the root, a position kept at
	// a random ply, the king and knight then put anywhere valid.
	r := rand.New(rand.NewPCG(30, 0))
	var ps []rules.Position
	for len(ps) < n {
		q := root
		for range r.IntN(60) {
			moves := q.LegalMoves()
			if len(moves) == 0 {
				break
			}
			q = q.Apply(moves[r.IntN(len(moves))])
		}
		if q.Status().Over() {
			continue
		}
		q.King, q.Knight, q.Side = rules.Square(r.IntN(64)), rules.Square(r.IntN(64)), rules.Color(r.IntN(2))
		if q.Validate() == nil {
			ps = append(ps, q)
		}
	}
	runtime.GC()
	start = time.Now()
	for _, q := range ps {
		if _, err := tab.Value(q); err != nil {
			fmt.Fprintln(os.Stderr, "tables:", err)
			os.Exit(1)
		}
	}
	fmt.Printf("Value: %d random positions, %v a position\n", len(ps), (time.Since(start) / time.Duration(len(ps))).Round(100*time.Nanosecond))
	m := min(len(ps), 10_000)
	start = time.Now()
	for _, q := range ps[:m] {
		if _, err := tab.Solution(q); err != nil {
			fmt.Fprintln(os.Stderr, "tables:", err)
			os.Exit(1)
		}
	}
	fmt.Printf("Solution: %d random positions, %v a position\n", m, (time.Since(start) / time.Duration(m)).Round(100*time.Nanosecond))
}
