package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

var (
	nodeN     = flag.Int("node.n", 200, "random positions TestNodeAgrees asks the WebAssembly engine")
	nodeSeed  = flag.Uint64("node.seed", 1, "seed of TestNodeAgrees's positions")
	nodeSpeed = flag.Bool("node.speed", false, "TestNodeSpeed: time cold solves under Node against native ones, to set MaxBound")
)

// The committed engine and its JavaScript support, as pages ship them.
var (
	wasmPath   = filepath.Join("..", "..", "templates", "engine", "nostromo.wasm")
	wasmExecJS = filepath.Join("..", "..", "templates", "engine", "wasm_exec.js")
)

// answer is one line of testdata/node.js's output: the JSON answer and
// the milliseconds it took.
type answer struct {
	json string
	ms   float64
}

// runNode asks the committed WebAssembly engine the requests under Node,
// in one process (one Engine), and returns its answers.
func runNode(t *testing.T, reqs []Request) []answer {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found: the WebAssembly engine is not tested (install Debian's nodejs)")
	}
	var in bytes.Buffer
	for _, r := range reqs {
		b, _ := json.Marshal(r)
		in.Write(append(b, '\n'))
	}
	cmd := exec.Command(node, filepath.Join("testdata", "node.js"), wasmExecJS, wasmPath)
	cmd.Stdin = &in
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var answers []answer
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		js, ms, _ := strings.Cut(sc.Text(), "\t")
		f, _ := strconv.ParseFloat(ms, 64)
		answers = append(answers, answer{js, f})
	}
	if len(answers) != len(reqs) {
		t.Fatalf("node answered %d requests of %d", len(answers), len(reqs))
	}
	return answers
}

// randomPosition returns a random valid position of the given number of
// pawns, the others split between saved and taken.
func randomPosition(r *rand.Rand, pawns int) rules.Position {
	for {
		var p rules.Position
		for p.Pawns.Count() < pawns {
			p.Pawns |= rules.NewSquare(r.IntN(8), 1+r.IntN(6)).Bit()
		}
		p.King, p.Knight = rules.Square(r.IntN(64)), rules.Square(r.IntN(64))
		p.Side = rules.Color(r.IntN(2))
		rest := rules.PawnCount - pawns
		p.Saved = uint8(min(r.IntN(3), rest))
		p.Taken = uint8(rest) - p.Saved
		if p.Validate() == nil {
			return p
		}
	}
}

// playable returns n random positions of 1 to 3 pawns that a page lets a
// child play (Affordable), seeded.
func playable(seed uint64, n int) []rules.Position {
	r := rand.New(rand.NewPCG(seed, 0))
	var out []rules.Position
	for len(out) < n {
		if p := randomPosition(r, 1+len(out)%3); Affordable(p) {
			out = append(out, p)
		}
	}
	return out
}

// TestNodeAgrees checks that the WebAssembly engine, run under Node as a
// page runs it, and the Go solver agree on the value, the distance and the
// best moves of random playable positions, and that the engine's reply is
// the first move of the solver's line (solver.LineChoice).
func TestNodeAgrees(t *testing.T) {
	positions := playable(*nodeSeed, *nodeN)
	var reqs []Request
	for _, p := range positions {
		reqs = append(reqs, Request{Op: "solve", FEN: p.String()})
		if !p.Status().Over() {
			reqs = append(reqs, Request{Op: "reply", FEN: p.String()})
		}
	}
	start := time.Now()
	answers := runNode(t, reqs)
	t.Logf("node answered %d requests on %d positions in %v", len(reqs), len(positions), time.Since(start).Round(time.Millisecond))
	s := solver.New(solver.Options{})
	i := 0
	for _, p := range positions {
		sol, err := s.Solve(p, solver.Goal{Kind: solver.Game})
		if err != nil {
			t.Fatal(err)
		}
		want := Value{Result: sol.Result.String(), Moves: sol.Moves, Best: []string{}}
		for _, m := range sol.Best {
			want.Best = append(want.Best, p.SAN(m))
		}
		var got Value
		if err := json.Unmarshal([]byte(answers[i].json), &got); err != nil {
			t.Fatalf("solve %q: answer %s: %v", p, answers[i].json, err)
		}
		if got.Result != want.Result || got.Moves != want.Moves || !slices.Equal(got.Best, want.Best) {
			t.Errorf("solve %q: engine %+v, solver %+v", p, got, want)
		}
		i++
		if p.Status().Over() {
			continue
		}
		var reply Played
		if err := json.Unmarshal([]byte(answers[i].json), &reply); err != nil {
			t.Fatalf("reply %q: answer %s: %v", p, answers[i].json, err)
		}
		if line := p.SAN(sol.Line[0]); reply.SAN != line {
			t.Errorf("reply %q: engine %s, solver's line %s", p, reply.SAN, line)
		}
		i++
	}
}

// TestNodeSpeed (-node.speed) prints, for random positions of 2 and 3
// pawns, their Bound, the configurations a cold solve builds, and the time
// of a cold solve natively (one worker) and under Node: the figures
// MaxBound is set from.
func TestNodeSpeed(t *testing.T) {
	if !*nodeSpeed {
		t.Skip("timing runs with -node.speed")
	}
	r := rand.New(rand.NewPCG(*nodeSeed, 0))
	var worst float64 // wasm microseconds per bound configuration, for a bound of 1,000 or more
	for i := range 40 {
		p := randomPosition(r, 2+i%2)
		bound, _ := solver.Bound(p, solver.Goal{Kind: solver.Game})
		s := solver.New(solver.Options{Workers: 1})
		start := time.Now()
		if _, err := s.Evaluate(p, solver.Goal{Kind: solver.Game}); err != nil {
			t.Fatal(err)
		}
		native := time.Since(start)
		wasm := runNode(t, []Request{{Op: "solve", FEN: p.String()}})[0].ms
		if bound >= 1000 {
			worst = max(worst, wasm*1000/float64(bound))
		}
		t.Logf("%-32s pawns %d bound %5d built %5d native %6.1f ms node %7.1f ms (x%.1f)", p, p.Pawns.Count(), bound,
			s.Stats().Built, float64(native.Microseconds())/1000, wasm, wasm/(float64(native.Microseconds())/1000))
	}
	fmt.Printf("worst: %.0f µs a bound configuration under Node (WasmMicros is %d); 2 s allow a bound of %.0f\n", worst, WasmMicros, 2e6/worst)
}

// TestNodeLevelReview checks that the WebAssembly engine under Node and
// the Go engine give the same answers, byte for byte, to "level" (each
// level, with a fixed seed) and "review": in positions the book, the
// solver and the search answer.
func TestNodeLevelReview(t *testing.T) {
	fens := []string{
		rules.StartFEN,
		"8/8/5n2/8/8/1P6/2PPPPP1/4K3 b 0 0",    // the book
		"8/8/5n2/8/2P1P3/3P4/1P3PP1/4K3 w 0 0", // search, White to move
		"8/8/8/2P1n3/4P3/3P4/1P3PP1/4K3 b 0 0", // search, Black to move
		"8/8/8/3n4/8/1P6/2P2P2/4K3 w 1 2",      // the solver
	}
	for _, p := range playable(*nodeSeed, 6) {
		if !p.Status().Over() {
			fens = append(fens, p.String())
		}
	}
	var reqs []Request
	for i, fen := range fens {
		for lv := 1; lv <= len(Levels); lv++ {
			seed := uint64(i*10 + lv)
			reqs = append(reqs, Request{Op: "level", FEN: fen, Level: lv, Seed: &seed})
		}
	}
	reqs = append(reqs,
		Request{Op: "review", FEN: rules.StartFEN, Moves: []string{"e3", "Nd5", "Kd1", "Nxe3+", "dxe3", "N@f6", "e4"}},
		Request{Op: "review", FEN: "8/8/8/3n4/8/1P6/2P2P2/4K3 w 1 2", Moves: []string{"c3", "Nxc3", "b4", "Nd5", "b5"}},
		Request{Op: "review", FEN: "8/8/5n2/8/2P1P3/3P4/1P3PP1/4K3 w 0 0", Moves: []string{"e5", "Nd5"}},
	)
	answers := runNode(t, reqs)
	e := New()
	sources := map[string]bool{}
	for i, r := range reqs {
		want := string(e.Handle(mustJSON(t, r)))
		if answers[i].json != want {
			t.Errorf("%s: node %s, Go %s", mustJSON(t, r), answers[i].json, want)
		}
		var c Chosen
		if json.Unmarshal([]byte(want), &c) == nil {
			sources[c.Source] = true
		}
		if strings.Contains(want, `"error"`) {
			t.Errorf("%s: %s", mustJSON(t, r), want)
		}
	}
	for _, s := range []string{SourceBook, SourceSolver, SourceSearch} {
		if !sources[s] {
			t.Errorf("no level request answered from %s", s)
		}
	}
}
