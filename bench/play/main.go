// Command play measures the play page's computer (internal/engine's "level"): matches of each level against the next, a sensible player against level 1, the search's accuracy against the whole-game table, level 5 with the table, and the search's time in WebAssembly under Node.
package main

// Usage (nice -n 10 on shared cores):
//
//	go run ./bench/play [-games 100] [-nodes N] [-table DIR] [-positions 300] [-parts matches,sensible,accuracy,table,wasm]
//
// Matches: level k against level k+1, half the games from the start and
// half from the lessons' positions (lessons/*.yaml), each level on each
// side in turn, a game cut at -plies plies (a draw) and drawn at the third
// repetition; the engines answer as the browser's (book, solver within
// engine.MaxBound, search). Sensible: the sensible player against
// level 1, on each side, from the start. Accuracy: positions of seeded
// random games from the start that only the search answers (beyond the
// book and engine.MaxBound), the whole-game table as referee: how often
// the search's move keeps the result (and the distance within
// analysis.SlipMoves), in won, drawn and lost positions; it exits 1 below
// the floors. Table: level 5 answering from the table plays level 3 from
// positions the table holds, and must never lose one it does not lose.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"nostromo-lessons/internal/analysis"
	"nostromo-lessons/internal/engine"
	"nostromo-lessons/internal/opening"
	"nostromo-lessons/internal/proof"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
	"nostromo-lessons/rules/table"
)

var (
	games     = flag.Int("games", 100, "games of each match")
	nodes     = flag.Int("nodes", engine.SearchNodes, "the search's budget of nodes a move")
	plies     = flag.Int("plies", 200, "plies after which a game is called a draw")
	seed      = flag.Uint64("seed", 1, "seed of the games and positions")
	tableDir  = flag.String("table", os.Getenv("NOSTROMO_TABLE"), "the whole-game table's folder (accuracy and table parts)")
	positions = flag.Int("positions", 1000, "positions of the accuracy part")
	parts     = flag.String("parts", "matches,sensible,accuracy,table,wasm", "the parts to run, comma separated")
	workers   = flag.Int("workers", 2, "games played at once")
	// The floors: the first run of 1,000 positions kept 97.1% of the won
	// and 98.3% of the drawn ones; another 1,000 (other seed) 96.2% and
	// 96.8% (bench/README.md).
	floorWon  = flag.Float64("floor.won", 0.95, "the least share of won positions whose result the search's move keeps")
	floorDraw = flag.Float64("floor.drawn", 0.96, "the least share of drawn positions whose result the search's move keeps")
	level1    = flag.String("level1", "", "try level 1 as CHANCE,MARGIN (such as 0.8,60) instead of engine.Levels' (the bench's own engines only)")
	show      = flag.Bool("show", false, "print the positions whose result the search's move throws away")
)

func main() {
	flag.Parse()
	if *level1 != "" {
		c, m, _ := strings.Cut(*level1, ",")
		chance, err1 := strconv.ParseFloat(c, 64)
		margin, err2 := strconv.Atoi(m)
		if err1 != nil || err2 != nil {
			fmt.Fprintf(os.Stderr, "bench/play: -level1 %q: want CHANCE,MARGIN such as 0.8,60\n", *level1)
			os.Exit(2)
		}
		engine.Levels[0] = engine.Level{Chance: chance, Margin: margin}
	}
	want := map[string]bool{}
	for _, p := range strings.Split(*parts, ",") {
		want[strings.TrimSpace(p)] = true
	}
	fmt.Printf("bench/play: nodes %d, seed %d, games %d, levels %+v\n", *nodes, *seed, *games, engine.Levels)
	failed := false
	if want["matches"] {
		matches()
	}
	if want["sensible"] {
		failed = !sensible() || failed
	}
	var tb *table.Table
	if want["accuracy"] || want["table"] {
		var err error
		if tb, err = table.Open(*tableDir); err != nil {
			fmt.Fprintf(os.Stderr, "bench/play: table %q: %v; give the whole-game table's folder with -table (nostromo-lessons tables build), or leave its parts out: -parts matches,sensible,wasm\n", *tableDir, err)
			os.Exit(2)
		}
	}
	if want["accuracy"] {
		failed = !accuracy(tb) || failed
	}
	if want["table"] {
		failed = !withTable(tb) || failed
	}
	if want["wasm"] {
		wasm()
	}
	if failed {
		fmt.Println("FAIL")
		os.Exit(1)
	}
}

// A player picks a move in a position of a game.
type player interface {
	move(p rules.Position, history []string, r *rand.Rand) (rules.Move, string)
}

// computer plays at a level with an engine of its own.
type computer struct {
	e     *engine.Engine
	level int
}

func (c computer) move(p rules.Position, history []string, r *rand.Rand) (rules.Move, string) {
	s := r.Uint64()
	ch, err := c.e.Level(p, engine.Request{FEN: p.String(), History: history, Level: c.level, Seed: &s})
	if err != nil {
		panic(err)
	}
	m, err := rules.ParseMove(p, ch.SAN)
	if err != nil {
		panic(err)
	}
	return m, ch.Source
}

// sensiblePlayer is issue 31's sensible player: for the crew, it saves
// or advances a pawn that cannot be taken, else takes the alien when it
// can, else plays a random move; for the alien, it takes a pawn when it
// can, else plays a random move.
type sensiblePlayer struct{}

func (sensiblePlayer) move(p rules.Position, _ []string, r *rand.Rand) (rules.Move, string) {
	moves := p.LegalMoves()
	pick := func(ok func(rules.Move) bool) []rules.Move {
		var out []rules.Move
		for _, m := range moves {
			if ok(m) {
				out = append(out, m)
			}
		}
		return out
	}
	var tries [][]rules.Move
	if p.Side == rules.White {
		attacked := rules.KnightAttacks(p.Knight)
		tries = append(tries,
			pick(p.IsSave),
			pick(func(m rules.Move) bool {
				return p.Pawns.Has(m.From) && !p.IsCapture(m) && !attacked.Has(m.To)
			}),
			pick(p.IsCapture))
	} else {
		tries = append(tries, pick(p.IsCapture))
	}
	for _, t := range tries {
		if len(t) > 0 {
			return t[r.IntN(len(t))], "sensible"
		}
	}
	return moves[r.IntN(len(moves))], "random"
}

// result is how a game ended: "white", "black" or "draw".
type result string

// playGame plays white against black from start and returns the result
// and how many moves came from each source.
func playGame(start rules.Position, white, black player, r *rand.Rand, sources map[string]int) result {
	p := start
	var history []string
	seen := map[string]int{}
	for ply := 0; ply < *plies; ply++ {
		if st := p.Status(); st.Over() {
			return result(st.Result().String())
		}
		fen := p.String()
		if seen[fen]++; seen[fen] >= 3 {
			return "draw"
		}
		pl := white
		if p.Side == rules.Black {
			pl = black
		}
		m, src := pl.move(p, history, r)
		sources[src]++
		history = append(history, fen)
		p = p.Apply(m)
	}
	if st := p.Status(); st.Over() {
		return result(st.Result().String())
	}
	return "draw"
}

// tally is a match's results for one player: wins, draws and losses.
type tally struct{ win, draw, loss int }

func (t tally) String() string {
	n := t.win + t.draw + t.loss
	return fmt.Sprintf("+%d =%d -%d (score %.1f%%)", t.win, t.draw, t.loss, 100*(float64(t.win)+float64(t.draw)/2)/float64(max(n, 1)))
}

// add counts res for the player of side c.
func (t *tally) add(res result, c rules.Color) {
	switch {
	case res == "draw":
		t.draw++
	case (res == "white") == (c == rules.White):
		t.win++
	default:
		t.loss++
	}
}

// match plays n games of a against b, a on each side in turn, from the
// starts in turn, on *workers goroutines, and returns a's tally, by side,
// and the sources of the moves.
func match(n int, starts []rules.Position, a, b func() player, matchSeed uint64) (all tally, bySide [2]tally, sources map[string]int) {
	var mu sync.Mutex
	sources = map[string]int{}
	next := make(chan int)
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pa, pb := a(), b()
			for i := range next {
				r := rand.New(rand.NewPCG(matchSeed, uint64(i)))
				start := starts[(i/2)%len(starts)]
				side := rules.Color(i % 2) // a's side
				white, black := pa, pb
				if side == rules.Black {
					white, black = pb, pa
				}
				src := map[string]int{}
				res := playGame(start, white, black, r, src)
				mu.Lock()
				all.add(res, side)
				bySide[side].add(res, side)
				for k, v := range src {
					sources[k] += v
				}
				mu.Unlock()
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return all, bySide, sources
}

// level returns a maker of computers at level lv, each with an engine of
// its own (the browser's: no table).
func level(lv int) func() player {
	return func() player { return computer{engine.NewWith(engine.Options{Nodes: *nodes}), lv} }
}

// matches plays level k against level k+1, from the start and from the
// lessons' positions.
func matches() {
	lessons := lessonPositions()
	fmt.Printf("\n## Matches: level k+1 against level k, %d games each from the start and from %d lesson positions\n\n", *games, len(lessons))
	fmt.Println("| match | from | level k+1's games | as White | as Black | moves by source | time |")
	fmt.Println("| --- | --- | --- | --- | --- | --- | --- |")
	for k := 1; k < len(engine.Levels); k++ {
		for _, from := range []struct {
			name   string
			starts []rules.Position
		}{{"start", []rules.Position{rules.Start}}, {"lessons", lessons}} {
			t0 := time.Now()
			all, side, src := match(*games, from.starts, level(k+1), level(k), *seed+uint64(k))
			fmt.Printf("| %d vs %d | %s | %v | %v | %v | %v | %v |\n", k+1, k, from.name, all, side[0], side[1], sourceList(src), time.Since(t0).Round(time.Second))
		}
	}
}

// sensible plays the sensible player against level 1 on each side, from
// the start, and reports whether it wins at least half and loses at most
// a fifth of the games on each side.
func sensible() bool {
	fmt.Printf("\n## The sensible player against level 1, %d games a side, from the start\n\n", *games)
	fmt.Println("| sensible player's side | games | moves by source | time |")
	fmt.Println("| --- | --- | --- | --- |")
	t0 := time.Now()
	_, bySide, src := match(2**games, []rules.Position{rules.Start}, func() player { return sensiblePlayer{} }, level(1), *seed+100)
	ok := true
	for _, side := range []rules.Color{rules.White, rules.Black} {
		t := bySide[side]
		n := t.win + t.draw + t.loss
		pass := 2*t.win >= n && 5*t.loss <= n
		ok = ok && pass
		fmt.Printf("| %s | %v%s | %v | %v |\n", map[rules.Color]string{rules.White: "crew (White)", rules.Black: "alien (Black)"}[side], t,
			map[bool]string{true: "", false: " **below the bar**"}[pass], sourceList(src), time.Since(t0).Round(time.Second))
	}
	return ok
}

// sourceList writes the moves by source, sorted by name.
func sourceList(src map[string]int) string {
	var keys []string
	for k := range src {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, src[k]))
	}
	return strings.Join(parts, ", ")
}

// fenPattern finds the FENs of a lesson file.
var fenPattern = regexp.MustCompile(`[1-8KPn]{1,8}(?:/[1-8KPn]{1,8}){7} [wb] [0-3] [0-4]`)

// lessonPositions returns the lessons' positions still in play, once each,
// in file order.
func lessonPositions() []rules.Position {
	files, _ := filepath.Glob(filepath.Join("lessons", "*.yaml"))
	var out []rules.Position
	seen := map[rules.Position]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, fen := range fenPattern.FindAllString(string(b), -1) {
			p, err := rules.ParseFEN(fen)
			if err == nil && !p.Status().Over() && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		fmt.Fprintln(os.Stderr, "bench/play: no lesson positions: run it from the repository's top folder")
		os.Exit(2)
	}
	return out
}

// searchOnly returns positions of seeded random games from the start that
// only the search answers: beyond the book and engine.MaxBound, held by
// tb, and in play.
func searchOnly(tb *table.Table, n int, r *rand.Rand) []rules.Position {
	var out []rules.Position
	for len(out) < n {
		p := rules.Start
		for range r.IntN(40) + 4 {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			p = p.Apply(moves[r.IntN(len(moves))])
		}
		if p.Status().Over() || engine.Affordable(p) {
			continue
		}
		if sol, ok := opening.Lookup(p); ok && sol.Best != nil {
			continue
		}
		if _, err := tb.Solution(p); err != nil {
			continue
		}
		out = append(out, p)
	}
	return out
}

// accuracy reports how often the search's move keeps the result, and the
// distance within analysis.SlipMoves, in won, drawn and lost positions
// (for the side to move), and whether the shares in won and drawn
// positions reach the floors.
func accuracy(tb *table.Table) bool {
	fmt.Printf("\n## The search's accuracy, %d positions of random games only the search answers, the whole-game table as referee\n\n", *positions)
	r := rand.New(rand.NewPCG(*seed, 77))
	ps := searchOnly(tb, *positions, r)
	type count struct{ n, kept, exact int }
	var counts [3]count // by outcome for the mover: loss, draw, win
	var times []time.Duration
	for _, p := range ps {
		before, err := tb.Solution(p)
		if err != nil {
			panic(err)
		}
		t0 := time.Now()
		m := engine.SearchMove(p, nil, *nodes)
		times = append(times, time.Since(t0))
		after := p.Apply(m)
		av := solver.Solution{Result: after.Status().Result()}
		if !after.Status().Over() {
			if av, err = tb.Solution(after); err != nil {
				panic(err)
			}
		}
		o := analysis.Outcome(analysis.ValueOf(before), p.Side)
		c := &counts[o+1]
		c.n++
		class := analysis.Classify(p.Side, analysis.ValueOf(before), analysis.ValueOf(av))
		if *show && class == analysis.Mistake {
			fmt.Printf("miss: %s %v in %d: search %s (%v in %d), best %s\n", p, before.Result, before.Moves, p.SAN(m), av.Result, av.Moves, p.SANList(before.Best))
		}
		switch class {
		case analysis.Kept:
			c.kept++
			c.exact++
		case analysis.Slip:
			c.kept++
		}
	}
	slices.Sort(times)
	fmt.Println("| positions (side to move) | count | result kept | value kept (no slip) |")
	fmt.Println("| --- | --- | --- | --- |")
	ok := true
	for i, name := range []string{"lost", "drawn", "won"} {
		c := counts[i]
		share := float64(c.kept) / float64(max(c.n, 1))
		fmt.Printf("| %s | %d | %.1f%% | %.1f%% |\n", name, c.n, 100*share, 100*float64(c.exact)/float64(max(c.n, 1)))
		if floor := map[int]float64{1: *floorDraw, 2: *floorWon}[i]; c.n > 0 && share < floor {
			fmt.Printf("%s positions: %.1f%% kept, below the floor %.0f%%\n", name, 100*share, 100*floor)
			ok = false
		}
	}
	fmt.Printf("\nnative search time a move (%d nodes): median %v, max %v\n", *nodes, times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
	return ok
}

// withTable plays level 5 answering from tb against level 3 from
// positions tb holds (of random games from the start), level 5 on the
// side to move, and reports whether it lost none it does not lose and
// won every one it wins.
func withTable(tb *table.Table) bool {
	n := *games
	fmt.Printf("\n## Level 5 with the table against level 3, %d positions the table holds\n\n", n)
	r := rand.New(rand.NewPCG(*seed, 99))
	pt := proof.NewTable(tb, nil, func(err error) { fmt.Fprintln(os.Stderr, "bench/play: table:", err) })
	five := computer{engine.NewWith(engine.Options{Table: pt, Nodes: *nodes}), 5}
	three := computer{engine.NewWith(engine.Options{Nodes: *nodes}), 3}
	var t [3]tally // by the table's outcome for level 5: loss, draw, win
	src := map[string]int{}
	t0 := time.Now()
	for i := 0; i < n; {
		p := rules.Start
		for range r.IntN(30) {
			moves := p.LegalMoves()
			p = p.Apply(moves[r.IntN(len(moves))])
			if p.Status().Over() {
				break
			}
		}
		v, err := tb.Solution(p)
		if p.Status().Over() || err != nil {
			continue
		}
		i++
		white, black := player(five), player(three)
		if p.Side == rules.Black {
			white, black = three, five
		}
		res := playGame(p, white, black, r, src)
		t[outcome(v.Result, p.Side)+1].add(res, p.Side)
	}
	ok := t[1].loss == 0 && t[2].loss == 0 && t[2].draw == 0
	fmt.Println("| the table's value for level 5 | level 5's games |")
	fmt.Println("| --- | --- |")
	for i, name := range []string{"lost", "drawn", "won"} {
		fmt.Printf("| %s | %v |\n", name, t[i])
	}
	fmt.Printf("\nmoves by source: %s; %v; level 5 never lost a position it holds: %v\n", sourceList(src), time.Since(t0).Round(time.Second), ok)
	return ok
}

// outcome returns what r is for side c: 1 a win, 0 a draw, -1 a loss.
func outcome(r rules.Result, c rules.Color) int {
	return analysis.Outcome(analysis.Value{Result: r}, c)
}

// wasm times "level" requests answered by search in the committed
// WebAssembly engine under Node, as a page's Worker runs it.
func wasm() {
	fmt.Printf("\n## The search in WebAssembly under Node (templates/engine/nostromo.wasm)\n\n")
	node, err := exec.LookPath("node")
	if err != nil {
		fmt.Println("node not found: not measured")
		return
	}
	r := rand.New(rand.NewPCG(*seed, 5))
	var in bytes.Buffer
	count := 0
	for count < 40 {
		p := rules.Start
		for range r.IntN(30) + 6 {
			moves := p.LegalMoves()
			p = p.Apply(moves[r.IntN(len(moves))])
			if p.Status().Over() {
				break
			}
		}
		if sol, ok := opening.Lookup(p); p.Status().Over() || engine.Affordable(p) || ok && sol.Best != nil {
			continue
		}
		s := uint64(count)
		b, _ := json.Marshal(engine.Request{Op: "level", FEN: p.String(), Level: 1 + count%5, Seed: &s})
		in.Write(append(b, '\n'))
		count++
	}
	fens := strings.Split(strings.TrimSpace(in.String()), "\n")
	cmd := exec.Command(node, filepath.Join("internal", "engine", "testdata", "node.js"),
		filepath.Join("templates", "engine", "wasm_exec.js"), filepath.Join("templates", "engine", "nostromo.wasm"))
	cmd.Stdin, cmd.Stderr = &in, os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fmt.Println("node:", err)
		return
	}
	var ms []float64
	slowest, slowFEN := 0.0, ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for i := 0; sc.Scan(); i++ {
		js, t, _ := strings.Cut(sc.Text(), "\t")
		if !strings.Contains(js, `"source":"search"`) {
			fmt.Println("not searched:", errors.New(js))
			continue
		}
		f, _ := strconv.ParseFloat(t, 64)
		ms = append(ms, f)
		if i > 0 && f > slowest {
			slowest, slowFEN = f, fens[i]
		}
	}
	first := ms[0]
	slices.Sort(ms)
	fmt.Printf("%d searched moves (the engine's budget, %d nodes): first %.0f ms, median %.0f ms, max %.0f ms; after the first, the slowest %.0f ms: %s\n", len(ms), engine.SearchNodes, first, ms[len(ms)/2], ms[len(ms)-1], slowest, slowFEN)
}
