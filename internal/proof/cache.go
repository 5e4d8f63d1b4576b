package proof

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"nostromo-lessons/internal/publish"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// formatVersion is the layout of a cache entry. It changes only when this
// file changes how entries are written; a change of the rules or the solver
// changes the key by itself (see sourceHash).
const formatVersion = "nostromo-lessons proof 1"

// DefaultCacheCap is the most a cache folder may hold, in bytes, before the
// oldest entries are removed.
const DefaultCacheCap = 256 << 20

// Cache is a question.Solver that keeps every solution it proves in a
// folder, and answers from there the next time the same question is asked
// of the same rules and solver. It never sees an answer: entries are keyed
// by the position, the goal and what was asked, so a changed answer is
// always checked against the proof.
//
// An entry is written atomically and verified when read: a truncated,
// corrupt or foreign file is ignored and proven again. A folder that cannot
// be made or written makes the cache a pass-through, with one warning.
type Cache struct {
	inner question.Solver
	dir   string
	warn  func(string)

	mu     sync.Mutex
	broken bool // the folder cannot be written: no more tries
	hits   int
	misses int
}

// NewCache returns a Cache in folder dir that asks inner what it does not
// hold. Warn hears, once, why the cache cannot be written; nil ignores it.
// It removes the oldest entries when the folder holds more than
// DefaultCacheCap bytes.
func NewCache(inner question.Solver, dir string, warn func(string)) *Cache {
	if warn == nil {
		warn = func(string) {}
	}
	c := &Cache{inner: inner, dir: dir, warn: warn}
	trim(dir, DefaultCacheCap)
	return c
}

// DefaultCacheDir returns the cache folder in the user's cache folder, such
// as ~/.cache/nostromo-lessons/proofs.
func DefaultCacheDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("proof: cache: %w", err)
	}
	return filepath.Join(base, "nostromo-lessons", "proofs"), nil
}

// Stats returns how many questions the cache answered and how many it
// passed on to the solver.
func (c *Cache) Stats() (hits, misses int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}

// entry is what a cache file holds, after its header.
type entry struct {
	Key      string   `json:"key"`
	Result   string   `json:"result,omitempty"`
	Distance int      `json:"distance"`
	Best     []string `json:"best,omitempty"`
	Line     []string `json:"line,omitempty"`
	Winning  []string `json:"winning,omitempty"`
}

// Solve implements question.Solver.
func (c *Cache) Solve(p rules.Position, g solver.Goal) (solver.Solution, error) {
	key := entryKey("solve", p, g)
	if e, ok := c.read(key); ok {
		if sol, err := e.solution(p); err == nil {
			return sol, nil
		}
	}
	sol, err := c.inner.Solve(p, g)
	if err != nil {
		return sol, err
	}
	c.write(entry{Key: key, Result: sol.Result.String(), Distance: sol.Moves, Best: moveNames(sol.Best), Line: moveNames(sol.Line)})
	return sol, nil
}

// WinningMoves implements question.Solver.
func (c *Cache) WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error) {
	key := entryKey("winning", p, g)
	if e, ok := c.read(key); ok {
		if moves, err := readMoves(p, e.Winning); err == nil {
			return moves, nil
		}
	}
	moves, err := c.inner.WinningMoves(p, g)
	if err != nil {
		return moves, err
	}
	c.write(entry{Key: key, Winning: moveNames(moves)})
	return moves, nil
}

// sourceHash is the hash of the rules' and the solver's Go files: any
// change to either makes a new key for every question.
var sourceHash = sync.OnceValue(func() string {
	h := sha256.New()
	for _, src := range []fs.FS{rules.Source(), solver.Source()} {
		names, _ := fs.Glob(src, "*.go")
		slices.Sort(names)
		for _, name := range names {
			data, _ := fs.ReadFile(src, name)
			fmt.Fprintf(h, "%s %d\n", name, len(data))
			h.Write(data)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
})

// entryKey names what is asked: the method, the position and the goal,
// under the format version and the source hash.
func entryKey(method string, p rules.Position, g solver.Goal) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\n%s\n%s\n%s\n%s", formatVersion, sourceHash(), method, p, question.GoalString(g)))
	return hex.EncodeToString(sum[:])
}

// path returns the file of key: two levels, so no folder grows too big.
func (c *Cache) path(key string) string {
	return filepath.Join(c.dir, key[:2], key+".json")
}

// read returns the entry of key when its file is whole and is that entry.
func (c *Cache) read(key string) (entry, bool) {
	data, err := os.ReadFile(c.path(key))
	ok := err == nil
	var e entry
	if ok {
		e, ok = decode(data, key)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if ok {
		c.hits++
	} else {
		c.misses++
	}
	return e, ok
}

// write stores e, or warns once that the folder cannot be written.
func (c *Cache) write(e entry) {
	c.mu.Lock()
	broken := c.broken
	c.mu.Unlock()
	if broken {
		return
	}
	name := c.path(e.Key)
	err := os.MkdirAll(filepath.Dir(name), 0o755)
	if err == nil {
		err = publish.WriteFile(name, encode(e))
	}
	if err != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		if !c.broken {
			c.broken = true
			c.warn(fmt.Sprintf("proof cache %s cannot be written, so nothing is kept for next time: %v", c.dir, err))
		}
	}
}

// encode writes an entry: a header line with the format version and the
// hash of the body, then the body in JSON.
func encode(e entry) []byte {
	body, _ := json.Marshal(e)
	sum := sha256.Sum256(body)
	return fmt.Appendf(nil, "%s %s\n%s\n", formatVersion, hex.EncodeToString(sum[:]), body)
}

// decode reads what encode wrote, and checks that it is whole and is the
// entry of key.
func decode(data []byte, key string) (entry, bool) {
	header, body, ok := bytes.Cut(data, []byte("\n"))
	body = bytes.TrimSuffix(body, []byte("\n"))
	sum := sha256.Sum256(body)
	if !ok || string(header) != formatVersion+" "+hex.EncodeToString(sum[:]) {
		return entry{}, false
	}
	var e entry
	if err := json.Unmarshal(body, &e); err != nil || e.Key != key {
		return entry{}, false
	}
	return e, true
}

// solution turns an entry back into a Solution, checking every move on the
// board of p.
func (e entry) solution(p rules.Position) (solver.Solution, error) {
	sol := solver.Solution{Moves: e.Distance}
	switch e.Result {
	case rules.WhiteWins.String():
		sol.Result = rules.WhiteWins
	case rules.BlackWins.String():
		sol.Result = rules.BlackWins
	case rules.Draw.String():
		sol.Result = rules.Draw
	default:
		return sol, fmt.Errorf("proof: cache: result %q", e.Result)
	}
	var err error
	if sol.Best, err = readMoves(p, e.Best); err != nil {
		return sol, err
	}
	q := p
	for _, name := range e.Line {
		m, err := rules.ParseMove(q, name)
		if err != nil {
			return sol, err
		}
		sol.Line, q = append(sol.Line, m), q.Apply(m)
	}
	return sol, nil
}

// moveNames writes moves as coordinates, which need no position to read.
func moveNames(moves []rules.Move) []string {
	var names []string
	for _, m := range moves {
		names = append(names, m.String())
	}
	return names
}

// readMoves reads moves written by moveNames, each legal in p.
func readMoves(p rules.Position, names []string) ([]rules.Move, error) {
	var moves []rules.Move
	for _, name := range names {
		m, err := rules.ParseMove(p, name)
		if err != nil {
			return nil, err
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// trim removes the oldest entries of dir while it holds more than max
// bytes, down to three quarters of max. Errors leave the folder as it is.
func trim(dir string, max int64) {
	type file struct {
		path string
		size int64
		mod  int64
	}
	var files []file
	var total int64
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Mode().IsRegular() {
			files = append(files, file{path, info.Size(), info.ModTime().UnixNano()})
			total += info.Size()
		}
		return nil
	})
	if total <= max {
		return
	}
	slices.SortFunc(files, func(a, b file) int { return cmp.Compare(a.mod, b.mod) })
	for _, f := range files {
		if total <= max/4*3 {
			return
		}
		if err := os.Remove(f.path); err == nil || errors.Is(err, fs.ErrNotExist) {
			total -= f.size
		}
	}
}
