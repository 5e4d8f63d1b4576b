package table

import (
	"bytes"
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

var full = flag.Bool("full", false, "TestAgainstSolver builds every position of up to 3 pawns (some minutes), not 2 and a 3-pawn cone")

// configsWith returns every configuration with n pawns on the board whose
// counters do not end the game.
func configsWith(n int) []solver.Config {
	var out []solver.Config
	var rec func(from rules.Square, pawns rules.Bitboard, left int)
	rec = func(from rules.Square, pawns rules.Bitboard, left int) {
		if left == 0 {
			gone := rules.PawnCount - n
			for saved := range rules.SavesToWin {
				if taken := gone - saved; taken >= 0 && taken < rules.TakesToWin {
					out = append(out, solver.Config{Pawns: pawns, Saved: uint8(saved), Taken: uint8(taken)})
				}
			}
			return
		}
		for s := from; s < 56; s++ {
			rec(s+1, pawns|s.Bit(), left-1)
		}
	}
	rec(8, 0, n)
	return out
}

// reference solves roots with a Solver that keeps every table.
func reference(t testing.TB, roots []solver.Config) *solver.Solver {
	t.Helper()
	s := solver.New(solver.Options{})
	for _, c := range roots {
		p, ok := positionIn(c)
		if !ok {
			continue
		}
		if _, err := s.Evaluate(p, solver.Goal{Kind: solver.Game}); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// build builds the table of roots in a temporary folder and opens it.
func build(t testing.TB, roots []solver.Config, forget bool) (*Table, Stats) {
	t.Helper()
	dir := t.TempDir()
	st, err := Build(dir, roots, Options{Solver: solver.Options{Forget: forget}})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tab.Close() })
	return tab, st
}

// positions returns every valid position of configuration c.
func positions(c solver.Config) []rules.Position {
	var out []rules.Position
	for i := range solver.StatesPerConfig {
		side, king, knight, ok := solver.StateAt(i)
		p := rules.Position{Pawns: c.Pawns, Saved: c.Saved, Taken: c.Taken, Side: side, King: king, Knight: knight}
		if ok && p.Validate() == nil {
			out = append(out, p)
		}
	}
	return out
}

// TestAgainstSolver builds a table and checks every position in it
// against the solver: the table of each configuration as the probe
// decodes it is byte for byte the solver's, Value agrees on every valid
// position, and Solution (result, distance and best moves) on a sample
// and on every position of one configuration.
func TestAgainstSolver(t *testing.T) {
	// Every position of up to 2 pawns, with a Solver that keeps its
	// tables; the cone of a 3-pawn root with one that forgets, as the
	// whole game's build does.
	small := slices.Concat(configsWith(2), configsWith(1))
	if *full {
		small = slices.Concat(configsWith(3), small)
	}
	cone := []solver.Config{{Pawns: rules.Bitboard(1)<<35 | 1<<37 | 1<<44, Saved: 1, Taken: 2}} // d5 f5 e6
	for _, forget := range []bool{false, true} {
		name, roots := "keep", small
		if forget {
			name, roots = "forget", cone
		}
		t.Run(name, func(t *testing.T) {
			tab, st := build(t, roots, forget)
			ref := reference(t, roots)
			keys, err := tab.wdl.keys()
			if err != nil {
				t.Fatal(err)
			}
			if int64(len(keys)) != ref.Stats().Configs || st.Configs != int64(len(keys)) {
				t.Fatalf("the table holds %d configurations (Build says %d), the solver built %d", len(keys), st.Configs, ref.Stats().Configs)
			}
			r := rand.New(rand.NewPCG(30, 0))
			var count, solutions int
			for _, key := range keys {
				c := configOf(key)
				want, ok := ref.Table(c)
				if !ok {
					t.Fatalf("the table holds %v, which the solver did not build", c)
				}
				got, err := tab.config(c, whole)
				if err != nil {
					t.Fatal(err)
				}
				if *got != *want {
					for i := range got {
						if got[i] != want[i] {
							side, king, knight, _ := solver.StateAt(i)
							t.Fatalf("%v, %v to move, king %v, knight %v: table %#x, solver %#x", c, side, king, knight, got[i], want[i])
						}
					}
				}
				for _, p := range positions(c) {
					count++
					v, err := tab.Value(p)
					if err != nil {
						t.Fatalf("Value(%s): %v", p, err)
					}
					if o, _ := want.At(solver.StateIndex(p.Side, p.King, p.Knight)); v != ResultOf(p.Side, o) {
						t.Fatalf("Value(%s) = %v, solver %v for the side to move", p, v, o)
					}
					if key != keys[0] && r.IntN(200) != 0 {
						continue
					}
					solutions++
					sol, err := tab.Solution(p)
					if err != nil {
						t.Fatalf("Solution(%s): %v", p, err)
					}
					wantSol, err := ref.Evaluate(p, solver.Goal{Kind: solver.Game})
					if err != nil {
						t.Fatal(err)
					}
					if sol.Result != wantSol.Result || sol.Moves != wantSol.Moves || !slices.Equal(sol.Best, wantSol.Best) {
						t.Fatalf("Solution(%s) = %v in %d, best %v; solver %v in %d, best %v", p, sol.Result, sol.Moves, sol.Best, wantSol.Result, wantSol.Moves, wantSol.Best)
					}
				}
			}
			t.Logf("%d configurations, %d positions, %d solutions compared; %d + %d bytes, %.3f bits a position for win/draw/loss, %.3f for distances",
				len(keys), count, solutions, st.WDLBytes, st.DTMBytes, 8*float64(st.WDLBytes)/float64(st.Positions), 8*float64(st.DTMBytes)/float64(st.Positions))
			if st.Positions != int64(count) {
				t.Errorf("Build counts %d positions, the test %d", st.Positions, count)
			}
		})
	}
}

// TestNotHeld checks that positions outside the table, and invalid ones,
// are ErrNotHeld, and finished games have their value.
func TestNotHeld(t *testing.T) {
	tab, _ := build(t, []solver.Config{{Pawns: rules.Bitboard(1) << 12, Saved: 2, Taken: 3}}, false) // e2
	for _, fen := range []string{
		"8/8/8/8/8/8/3P4/K6n w 2 3",  // d2: another configuration
		"8/8/8/8/8/8/4PP2/K6n w 1 3", // two pawns
	} {
		p, err := rules.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tab.Value(p); !errors.Is(err, ErrNotHeld) {
			t.Errorf("Value(%s) = %v, want ErrNotHeld", fen, err)
		}
		if _, err := tab.Solution(p); !errors.Is(err, ErrNotHeld) {
			t.Errorf("Solution(%s) = %v, want ErrNotHeld", fen, err)
		}
	}
	bad := rules.Position{Pawns: rules.Bitboard(1) << 12, King: 12, Knight: 0, Saved: 2, Taken: 3}
	if _, err := tab.Value(bad); !errors.Is(err, ErrNotHeld) {
		t.Errorf("Value of an invalid position = %v, want ErrNotHeld", err)
	}
	won := rules.Position{King: 4, Knight: 0, Side: rules.Black, Saved: 3, Taken: 3}
	if v, err := tab.Value(won); err != nil || v != rules.WhiteWins {
		t.Errorf("Value of a game won = %v, %v, want WhiteWins", v, err)
	}
}

// TestConfig checks that Config gives a copy of the solver's table of each
// configuration the table holds, and false for one it does not.
func TestConfig(t *testing.T) {
	roots := []solver.Config{{Pawns: rules.Bitboard(1)<<35 | 1<<44, Saved: 2, Taken: 2}} // d5 e6
	tab, _ := build(t, roots, false)
	ref := reference(t, roots)
	for _, c := range roots[0].Near(2) {
		want, _ := ref.Table(c)
		got, ok, err := tab.Config(c)
		if err != nil || !ok || *got != *want {
			t.Fatalf("Config(%v) = %v, %v; want the solver's table", c, ok, err)
		}
		got[0] ^= 1 // a copy: the next call is not changed
		if again, _, _ := tab.Config(c); *again != *want {
			t.Fatalf("Config(%v) changed after its result was written to", c)
		}
	}
	if got, ok, err := tab.Config(solver.Config{Pawns: 1 << 9, Saved: 2, Taken: 3}); got != nil || ok || err != nil {
		t.Errorf("Config of a configuration not held = %v, %v, %v; want nil, false, nil", got, ok, err)
	}
}

// small builds a small table in a folder of its own and returns the folder.
func small(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	if _, err := Build(dir, []solver.Config{{Pawns: rules.Bitboard(1) << 43, Saved: 2, Taken: 3}}, Options{}); err != nil { // d6
		t.Fatal(err)
	}
	return dir
}

// copyTable copies the table in dir to a new folder.
func copyTable(t *testing.T, dir string) string {
	t.Helper()
	to := t.TempDir()
	for _, name := range []string{WDLFile, DTMFile} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, name), b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

// probeAll reads every configuration of tab with its distances, and
// returns the first error.
func probeAll(tab *Table, keys []uint64) (map[uint64]solver.Table, error) {
	out := map[uint64]solver.Table{}
	for _, k := range keys {
		got, err := tab.config(configOf(k), whole)
		if err != nil {
			return nil, err
		}
		if got == nil {
			return nil, ErrNotHeld
		}
		out[k] = *got
	}
	return out, nil
}

// TestDamage checks that a damaged, truncated, foreign or stale file is
// refused, naming the file, on open or on probe, and never answers a
// wrong value: every byte of each file flipped in turn.
func TestDamage(t *testing.T) {
	dir := small(t)
	good, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	keys, err := good.wdl.keys()
	if err != nil {
		t.Fatal(err)
	}
	want, err := probeAll(good, keys)
	if err != nil {
		t.Fatal(err)
	}
	good.Close()
	for _, name := range []string{WDLFile, DTMFile} {
		orig, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			d := copyTable(t, dir)
			path := filepath.Join(d, name)
			for at := range orig {
				b := slices.Clone(orig)
				b[at] ^= 1 << (at % 8)
				if err := os.WriteFile(path, b, 0o666); err != nil {
					t.Fatal(err)
				}
				tab, err := Open(d)
				if err == nil {
					var got map[uint64]solver.Table
					got, err = probeAll(tab, keys)
					tab.Close()
					for k, g := range got {
						if g != want[k] {
							t.Fatalf("byte %d flipped: %v probes wrong", at, configOf(k))
						}
					}
				}
				if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrStale) || !strings.Contains(err.Error(), path) {
					t.Fatalf("byte %d of %d flipped: %v, want an error naming %s", at, len(orig), err, path)
				}
			}
			for _, size := range []int{0, 10, headerSize, len(orig) / 2, len(orig) - 1} {
				if err := os.WriteFile(path, orig[:size], 0o666); err != nil {
					t.Fatal(err)
				}
				_, err := Open(d)
				if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "truncated") || !strings.Contains(err.Error(), path) {
					t.Errorf("truncated to %d bytes: Open = %v, want a truncated %s", size, err, path)
				}
			}
			if err := os.WriteFile(path, append(slices.Clone(orig), 0), 0o666); err != nil {
				t.Fatal(err)
			}
			if _, err := Open(d); !errors.Is(err, ErrCorrupt) {
				t.Errorf("a byte more: Open = %v, want ErrCorrupt", err)
			}
		})
	}
	t.Run("foreign", func(t *testing.T) {
		d := copyTable(t, dir)
		path := filepath.Join(d, WDLFile)
		if err := os.WriteFile(path, []byte(strings.Repeat("not a table\n", 20)), 0o666); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(d); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "not a table file") || !strings.Contains(err.Error(), path) {
			t.Errorf("Open = %v, want not a table file naming %s", err, path)
		}
		dtm, err := os.ReadFile(filepath.Join(d, DTMFile))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, dtm, 0o666); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(d); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "holds distances") {
			t.Errorf("distances as wdl.ntb: Open = %v, want holds distances", err)
		}
		os.Remove(path)
		if _, err := Open(d); !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), path) {
			t.Errorf("no wdl.ntb: Open = %v, want naming %s", err, path)
		}
	})
	t.Run("stale", func(t *testing.T) {
		other := source()
		other[0] ^= 1
		_, err := openWith(dir, other)
		if !errors.Is(err, ErrStale) || !strings.Contains(err.Error(), "build the table again") || !strings.Contains(err.Error(), filepath.Join(dir, WDLFile)) {
			t.Errorf("another source: Open = %v, want stale", err)
		}
		// A table written by another version of the program: its hash
		// is right, its source another.
		d := copyTable(t, dir)
		path := filepath.Join(d, DTMFile)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var h header
		h.unmarshal(b)
		h.source = other
		head := h.marshal()
		sum := headerSum(head, b[h.dirAt:])
		copy(b, head)
		copy(b[96:], sum[:])
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(d); !errors.Is(err, ErrStale) || !strings.Contains(err.Error(), path) {
			t.Errorf("built with another source: Open = %v, want stale naming %s", err, path)
		}
	})
}

// TestResume stops a build, then resumes it, twice (the second time with
// a torn record at the end of the plan): the table is the solver's, and
// the resumed builds solve only what the stopped ones had not written.
func TestResume(t *testing.T) {
	defer func(d time.Duration) { checkpointEvery = d }(checkpointEvery)
	checkpointEvery = 0                                                                          // a checkpoint after every configuration
	roots := []solver.Config{{Pawns: rules.Bitboard(1)<<35 | 1<<37 | 1<<44, Saved: 1, Taken: 2}} // d5 f5 e6
	dir := t.TempDir()
	// Stop is asked before each configuration (and a few times more).
	build := func(stopAt int) error {
		asked := 0
		_, err := Build(dir, roots, Options{Solver: solver.Options{
			Workers: 1,
			Stop: func() error {
				if asked++; asked > stopAt {
					return errors.New("enough")
				}
				return nil
			},
		}})
		return err
	}
	if err := build(100); !errors.Is(err, solver.ErrStopped) {
		t.Fatalf("Build stopped: %v, want ErrStopped", err)
	}
	if _, err := os.Stat(filepath.Join(dir, PlanFile)); err != nil {
		t.Fatalf("no plan after a stop: %v", err)
	}
	if _, err := Open(dir); err == nil {
		t.Fatal("Open of a build under way succeeded")
	}
	f, err := os.OpenFile(filepath.Join(dir, PlanFile), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(make([]byte, recordSize-3)) // a torn record
	f.Close()
	if err := build(200); !errors.Is(err, solver.ErrStopped) {
		t.Fatalf("Build resumed and stopped: %v, want ErrStopped", err)
	}
	var st Stats
	var builtLast int64
	st, err = Build(dir, roots, Options{Solver: solver.Options{Workers: 1, Progress: func(pr solver.Progress) { builtLast = pr.Positions }}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, PlanFile)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the plan is left after the build: %v", err)
	}
	if builtLast >= st.Positions || builtLast == 0 {
		t.Errorf("the last resumed build solved %d positions of %d", builtLast, st.Positions)
	}
	tab, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	ref := reference(t, roots)
	keys, err := tab.wdl.keys()
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(keys)) != ref.Stats().Configs {
		t.Fatalf("the table holds %d configurations, the solver built %d", len(keys), ref.Stats().Configs)
	}
	for _, key := range keys {
		want, _ := ref.Table(configOf(key))
		got, err := tab.config(configOf(key), whole)
		if err != nil {
			t.Fatal(err)
		}
		if want == nil || *got != *want {
			t.Fatalf("%v differs from the solver's", configOf(key))
		}
	}
}

// FuzzOpen opens a table whose win/draw/loss file is the fuzzer's bytes
// and probes every configuration the good table holds: it must not
// panic, and what it answers must be the good table's.
func FuzzOpen(f *testing.F) {
	dir := small(f)
	good, err := Open(dir)
	if err != nil {
		f.Fatal(err)
	}
	keys, err := good.wdl.keys()
	if err != nil {
		f.Fatal(err)
	}
	want, err := probeAll(good, keys)
	if err != nil {
		f.Fatal(err)
	}
	good.Close()
	wdl, err := os.ReadFile(filepath.Join(dir, WDLFile))
	if err != nil {
		f.Fatal(err)
	}
	dtm, err := os.ReadFile(filepath.Join(dir, DTMFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(wdl)
	f.Add(wdl[:len(wdl)/2])
	f.Add(dtm)
	f.Fuzz(func(t *testing.T, b []byte) {
		d := t.TempDir()
		if err := os.WriteFile(filepath.Join(d, WDLFile), b, 0o666); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, DTMFile), dtm, 0o666); err != nil {
			t.Fatal(err)
		}
		tab, err := Open(d)
		if err != nil {
			return
		}
		defer tab.Close()
		for _, k := range keys {
			got, err := tab.config(configOf(k), whole)
			if err == nil && got != nil && *got != want[k] {
				t.Fatalf("%v probes wrong", configOf(k))
			}
		}
	})
}

// TestSpillSame builds a table twice, with a budget that holds the
// forgetting solve's parts and with one that makes it spill most of them
// (solver.Options.Spill, to SpillFile): the files are the same, byte for
// byte, and the spill file is gone after the build. While it builds, the
// runtime's memory limit is MemoryLimit of the budget, and the process's
// own after.
func TestSpillSame(t *testing.T) {
	const own = 1 << 42
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(own))
	roots := []solver.Config{{Pawns: rules.Bitboard(1)<<35 | 1<<37 | 1<<44, Saved: 1, Taken: 2}} // d5 f5 e6
	var files [2][2][]byte
	var spilled [2]int64
	for i, budget := range []int64{solver.DefaultBudget, 250_000} {
		dir := t.TempDir()
		limit := int64(0)
		st, err := Build(dir, roots, Options{Solver: solver.Options{Workers: 1, Forget: true, Keep: 1, Budget: budget,
			Progress: func(solver.Progress) { limit = debug.SetMemoryLimit(-1) }}})
		if err != nil {
			t.Fatalf("Build with budget %d: %v", budget, err)
		}
		if got := debug.SetMemoryLimit(-1); limit != MemoryLimit(budget) || got != own {
			t.Errorf("budget %d: memory limit %d while building, %d after; want %d and %d", budget, limit, got, MemoryLimit(budget), int64(own))
		}
		spilled[i] = st.Spilled
		for k, name := range []string{WDLFile, DTMFile} {
			if files[i][k], err = os.ReadFile(filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, SpillFile)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("budget %d: the spill file is left after the build: %v", budget, err)
		}
	}
	if spilled[0] != 0 || spilled[1] == 0 {
		t.Errorf("spilled %d bytes with the large budget and %d with the small one, want none and some", spilled[0], spilled[1])
	}
	for k, name := range []string{WDLFile, DTMFile} {
		if !bytes.Equal(files[0][k], files[1][k]) {
			t.Errorf("%s: %d bytes built without spilling, %d spilling, not the same", name, len(files[0][k]), len(files[1][k]))
		}
	}
}
