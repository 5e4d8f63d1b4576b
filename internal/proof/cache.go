package proof

import (
	"bytes"
	"cmp"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/regular"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// formatVersion is the layout of a cache entry: its header line is
// formatVersion, a space and the HMAC-SHA256 of the body in hex. It changes
// only when this file changes how entries are written; a change of the
// rules or the solver changes the names of entries by itself (see
// sourceHash).
const formatVersion = "nostromo-lessons proof 2"

// nameVersion goes into the name of every entry (entryKey). It stays when
// the format changes, so that an entry in the new format replaces the old
// one in its file rather than leaving it beside.
const nameVersion = "nostromo-lessons proof 1"

// formatPrefix starts the header of every format this program has
// written: "nostromo-lessons proof 1 " (a SHA-256 of the body) and
// "nostromo-lessons proof 2 " (an HMAC). Trim removes a file only if it
// begins so.
const formatPrefix = "nostromo-lessons proof "

// DefaultCacheCap is the most a cache folder may hold, in bytes, before the
// oldest entries are removed.
const DefaultCacheCap = 256 << 20

// MaxEntrySize is the largest entry the cache reads, in bytes. The largest
// entry of the sample course is 423 bytes (a win in 15 moves, its line of
// 29 plies at 7 bytes each); 64KiB holds a line of some 9,000 plies, or
// every move of a position many times over.
const MaxEntrySize = 64 << 10

// KeySize is the length of the key that signs entries, in bytes.
const KeySize = 32

// Cache is a question.Solver that keeps every solution it proves in a
// folder, and answers from there the next time the same question is asked
// of the same rules and solver. It never sees an answer: entries are keyed
// by the position, the goal and what was asked, so a changed answer is
// always checked against the proof.
//
// An entry is signed with a key kept outside the folder (an HMAC-SHA256 of
// its body), and written atomically. It is read as a course file is read
// (through an os.Root on the folder, without blocking, only a regular file,
// at most MaxEntrySize bytes), and used only if its signature is the key's
// and the line it stores agrees with its result and distance: anything
// else, an entry of an older format included, is proven again and
// rewritten. The cache writes only into the folders it makes, never
// through a symbolic link, and removes only its own entries.
//
// Without a key, nothing is read or written: the cache is a pass-through,
// with one warning. A folder that cannot be made or written makes it a
// pass-through for writing, with one warning.
type Cache struct {
	inner question.Solver
	dir   string
	root  *os.Root // the folder, or nil when it cannot be opened
	key   []byte   // the signing key, or nil: the cache is not used
	warn  func(string)

	mu     sync.Mutex
	broken bool // the folder cannot be written: no more tries
	hits   int
	misses int
}

// NewCache returns a Cache in folder dir, signing its entries with the key
// in keyFile (made, with KeySize random bytes and mode 0600, when it does
// not exist), that asks inner what it does not hold. Warn hears, once, why
// the cache cannot be used or written; nil ignores it. It removes the
// oldest entries when the folder holds more than DefaultCacheCap bytes.
func NewCache(inner question.Solver, dir, keyFile string, warn func(string)) *Cache {
	if warn == nil {
		warn = func(string) {}
	}
	c := &Cache{inner: inner, dir: dir, warn: warn}
	key, err := LoadKey(keyFile)
	if err != nil {
		warnKeyOnce(keyFile, func() {
			warn(fmt.Sprintf("proof cache not used, so everything is proven again: %v", err))
		})
		return c
	}
	c.key = key
	root, err := openCacheDir(dir)
	if err != nil {
		c.broke(err)
		return c
	}
	c.root = root
	trim(root, DefaultCacheCap)
	return c
}

// openCacheDir makes the cache folder if it is missing, and opens it.
func openCacheDir(dir string) (*os.Root, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return os.OpenRoot(dir)
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

// DefaultKeyFile returns the file of the key that signs the cache's
// entries, in the user's configuration folder (outside the cache folder),
// such as ~/.config/nostromo-lessons/cache.key.
func DefaultKeyFile() (string, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("proof: cache key: %w", err)
	}
	return filepath.Join(base, "nostromo-lessons", "cache.key"), nil
}

// keyWarned holds the key files whose warning was given: a process says
// once that a key cannot be used, however many caches it opens (serve
// opens one for each build).
var keyWarned sync.Map

func warnKeyOnce(keyFile string, warn func()) {
	if _, done := keyWarned.LoadOrStore(keyFile, true); !done {
		warn()
	}
}

// LoadKey returns the key in the file name, KeySize bytes. A missing file
// is made, with fresh random bytes and mode 0600, in a folder made with
// mode 0700 if it is missing. A file that is not a regular file of KeySize
// bytes, or that others than its owner may write, is refused, never
// replaced.
func LoadKey(name string) ([]byte, error) {
	if name == "" {
		return nil, errors.New("proof: cache key: no file named")
	}
	key, err := readKey(name)
	if errors.Is(err, fs.ErrNotExist) {
		if err = makeKey(name); err == nil || errors.Is(err, fs.ErrExist) {
			key, err = readKey(name)
		}
	}
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) && pe.Path == name {
		err = pe.Err // the name is said once
	}
	if err != nil {
		return nil, fmt.Errorf("proof: cache key %q: %w", name, err)
	}
	return key, nil
}

// readKey reads the key file name as a course file is read.
func readKey(name string) ([]byte, error) {
	f, err := os.OpenFile(name, regular.Flags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	key, err := regular.Read(f, KeySize)
	if err != nil {
		return nil, err
	}
	if len(key) != KeySize {
		return nil, fmt.Errorf("holds %d bytes, not %d (delete it and a new key is made)", len(key), KeySize)
	}
	if info, err := f.Stat(); err == nil && info.Mode().Perm()&0o022 != 0 {
		return nil, fmt.Errorf("others may write it (mode %v); make it 0600", info.Mode().Perm())
	}
	return key, nil
}

// makeKey writes KeySize random bytes to the new file name: to a temporary
// file first, linked to name once whole, so that no reader sees half a key
// and a key made at the same time by another process is kept (fs.ErrExist).
func makeKey(name string) error {
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".cache.key.tmp-*") // mode 0600
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	key := make([]byte, KeySize)
	rand.Read(key)
	_, err = tmp.Write(key)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Link(tmp.Name(), name)
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
	if c.key == nil {
		return c.inner.Solve(p, g)
	}
	key := entryKey("solve", p, g)
	if e, ok := c.read(key); ok {
		if sol, err := e.solution(p, g); err == nil {
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
	if c.key == nil {
		return c.inner.WinningMoves(p, g)
	}
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
// under nameVersion and the source hash.
func entryKey(method string, p rules.Position, g solver.Goal) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\n%s\n%s\n%s\n%s", nameVersion, sourceHash(), method, p, question.GoalString(g)))
	return hex.EncodeToString(sum[:])
}

// entryName returns the file of key inside the folder: two levels, so no
// folder grows too big.
func entryName(key string) string {
	return key[:2] + "/" + key + ".json"
}

// read returns the entry of key when its file is whole, is that entry and
// carries the key's signature.
func (c *Cache) read(key string) (entry, bool) {
	data, err := c.readFile(entryName(key))
	ok := err == nil
	var e entry
	if ok {
		e, ok = decode(data, key, c.key)
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

// readFile reads the file name of the cache folder as a course file is
// read: never outside the folder, without blocking, only a regular file,
// at most MaxEntrySize bytes.
func (c *Cache) readFile(name string) ([]byte, error) {
	if c.root == nil {
		return nil, fs.ErrNotExist
	}
	f, err := c.root.OpenFile(name, regular.Flags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return regular.Read(f, MaxEntrySize)
}

// write stores e, or warns once that the folder cannot be written.
func (c *Cache) write(e entry) {
	c.mu.Lock()
	broken := c.broken
	c.mu.Unlock()
	if broken {
		return
	}
	if err := c.store(e); err != nil {
		c.broke(err)
	}
}

// broke warns, once, that the cache folder cannot be written, and stops
// writing to it.
func (c *Cache) broke(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.broken {
		c.broken = true
		c.warn(fmt.Sprintf("proof cache %s cannot be written, so nothing is kept for next time: %v", c.dir, err))
	}
}

// store writes e to its file atomically: to a new temporary file beside it,
// renamed to the entry's name once whole. The subfolder is made if it is
// missing, and used only if it is a folder, not a link; the temporary file
// is created only if nothing has its name, and the rename replaces a link
// at the entry's name rather than writing through it.
func (c *Cache) store(e entry) error {
	if c.root == nil {
		return errors.New("no folder")
	}
	sub, base := e.Key[:2], e.Key+".json"
	if err := c.root.Mkdir(sub, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	dir, err := openSub(c.root, sub)
	if err != nil {
		return err
	}
	defer dir.Close()
	tmp, f, err := createTemp(dir, base)
	if err != nil {
		return err
	}
	_, err = f.Write(encode(e, c.key))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = dir.Rename(tmp, base)
	}
	if err != nil {
		dir.Remove(tmp)
	}
	return err
}

// openSub opens the subfolder name of root if it is a folder, not a
// symbolic link, and is still the folder looked at once opened.
func openSub(root *os.Root, name string) (*os.Root, error) {
	info, err := root.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("%s is %s, not a folder", name, regular.Kind(info.Mode()))
	}
	dir, err := root.OpenRoot(name)
	if err != nil {
		return nil, err
	}
	if now, err := dir.Stat("."); err != nil || !os.SameFile(info, now) {
		dir.Close()
		return nil, fmt.Errorf("%s changed while it was opened", name)
	}
	return dir, nil
}

// createTemp creates a new file in dir named after base, with mode 0644
// less the umask; it never opens a file or link that is already there.
func createTemp(dir *os.Root, base string) (string, *os.File, error) {
	for i := 0; ; i++ {
		name := "." + base + ".tmp-" + strconv.Itoa(os.Getpid()) + "-" + strconv.Itoa(i)
		f, err := dir.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) && i < 1000 {
			continue
		}
		return name, f, err
	}
}

// encode writes an entry: a header line with the format version and the
// HMAC-SHA256 of the body under key, then the body in JSON.
func encode(e entry, key []byte) []byte {
	body, _ := json.Marshal(e)
	return fmt.Appendf(nil, "%s %s\n%s\n", formatVersion, hex.EncodeToString(sign(body, key)), body)
}

// sign returns the HMAC-SHA256 of body under key.
func sign(body, key []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(body)
	return m.Sum(nil)
}

// decode reads what encode wrote, and checks that it is whole, signed with
// key and is the entry of name.
func decode(data []byte, name string, key []byte) (entry, bool) {
	header, body, ok := bytes.Cut(data, []byte("\n"))
	body = bytes.TrimSuffix(body, []byte("\n"))
	mac, found := bytes.CutPrefix(header, []byte(formatVersion+" "))
	got := make([]byte, sha256.Size)
	if !ok || !found || len(mac) != hex.EncodedLen(sha256.Size) {
		return entry{}, false
	}
	if _, err := hex.Decode(got, mac); err != nil || !hmac.Equal(got, sign(body, key)) {
		return entry{}, false
	}
	var e entry
	if err := json.Unmarshal(body, &e); err != nil || e.Key != name {
		return entry{}, false
	}
	return e, true
}

// solution turns an entry back into a Solution of p for g, checking every
// move on the board of p and the line against the result and the distance
// (see agrees).
func (e entry) solution(p rules.Position, g solver.Goal) (solver.Solution, error) {
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
	return sol, agrees(p, g, sol)
}

// agrees checks what can be checked of sol, a solution of p for g, without
// solving: a draw has no distance; a win is as many plies long as its
// distance says (2n-1 when the winner is to move, 2n otherwise), its line
// starts with a best move, and, for the whole game, the game goes on until
// the line's last move and ends there in the result. It is a defence in
// depth behind the signature, cheap beside reading the file.
func agrees(p rules.Position, g solver.Goal, sol solver.Solution) error {
	if sol.Result == rules.Draw {
		if sol.Moves != -1 {
			return fmt.Errorf("proof: cache: a draw at distance %d", sol.Moves)
		}
		return nil
	}
	if sol.Moves < 0 {
		return fmt.Errorf("proof: cache: a win at distance %d", sol.Moves)
	}
	plies := 2 * sol.Moves
	if winnerMoves := (sol.Result == rules.WhiteWins) == (p.Side == rules.White); winnerMoves {
		plies = max(plies-1, 0)
	}
	if len(sol.Line) != plies {
		return fmt.Errorf("proof: cache: a win in %d moves with a line of %d plies, not %d", sol.Moves, len(sol.Line), plies)
	}
	if plies > 0 && !slices.Contains(sol.Best, sol.Line[0]) {
		return fmt.Errorf("proof: cache: the line starts with %v, not a best move", sol.Line[0])
	}
	if g.Kind != solver.Game {
		return nil
	}
	q := p
	for _, m := range sol.Line {
		if q.Status().Over() {
			return errors.New("proof: cache: the line goes on after the game ends")
		}
		q = q.Apply(m)
	}
	if st := q.Status(); !st.Over() || st.Result() != sol.Result {
		return fmt.Errorf("proof: cache: the line ends in %v, not %v", st.Result(), sol.Result)
	}
	return nil
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

// trim removes the oldest entries of the folder root while they hold more
// than max bytes, down to three quarters of max. It counts and removes only
// what the cache writes: a file named <64 hex digits>.json, in a subfolder
// named by its first two digits, that begins with the header of an entry.
// It never follows a link, and never looks further into the folder. Errors
// leave the folder as it is.
func trim(root *os.Root, max int64) {
	type file struct {
		sub, name string
		size      int64
		mod       int64
	}
	var files []file
	var total int64
	top, err := readDir(root, ".")
	if err != nil {
		return
	}
	for _, d := range top {
		if !d.IsDir() || !isHex(d.Name(), 2) {
			continue
		}
		dir, err := openSub(root, d.Name())
		if err != nil {
			continue
		}
		entries, _ := readDir(dir, ".")
		dir.Close()
		for _, f := range entries {
			key, ok := strings.CutSuffix(f.Name(), ".json")
			if !ok || !f.Type().IsRegular() || !isHex(key, 2*sha256.Size) || key[:2] != d.Name() {
				continue
			}
			if info, err := f.Info(); err == nil && info.Mode().IsRegular() {
				files = append(files, file{d.Name(), f.Name(), info.Size(), info.ModTime().UnixNano()})
				total += info.Size()
			}
		}
	}
	if total <= max {
		return
	}
	// Over the cap: only now is every file opened, and what does not begin
	// with an entry's header is left out of the count.
	files = slices.DeleteFunc(files, func(f file) bool {
		if isEntry(root, f.sub, f.name) {
			return false
		}
		total -= f.size
		return true
	})
	slices.SortFunc(files, func(a, b file) int { return cmp.Compare(a.mod, b.mod) })
	for _, f := range files {
		if total <= max/4*3 {
			return
		}
		if removeEntry(root, f.sub, f.name) {
			total -= f.size
		}
	}
}

// isEntry reports whether the file name of the subfolder sub of root is a
// regular file that begins with an entry's header.
func isEntry(root *os.Root, sub, name string) bool {
	dir, err := openSub(root, sub)
	if err != nil {
		return false
	}
	defer dir.Close()
	return hasHeader(dir, name)
}

// hasHeader reports whether the file name of dir is a regular file that
// begins with an entry's header.
func hasHeader(dir *os.Root, name string) bool {
	f, err := dir.OpenFile(name, regular.Flags, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := regular.Check(f, DefaultCacheCap)
	header := make([]byte, len(formatPrefix)+2)
	if err == nil && info.Mode().IsRegular() {
		_, err = io.ReadFull(f, header)
	}
	return err == nil && isHeader(header)
}

// removeEntry removes the file name of the subfolder sub of root if it
// begins with an entry's header, and reports whether it is gone.
func removeEntry(root *os.Root, sub, name string) bool {
	dir, err := openSub(root, sub)
	if err != nil {
		return false
	}
	defer dir.Close()
	if !hasHeader(dir, name) {
		return false
	}
	err = dir.Remove(name)
	return err == nil || errors.Is(err, fs.ErrNotExist)
}

// isHeader reports whether b is the start of an entry's header: the
// format prefix, a version digit and a space.
func isHeader(b []byte) bool {
	rest, ok := bytes.CutPrefix(b, []byte(formatPrefix))
	return ok && len(rest) == 2 && rest[0] >= '1' && rest[0] <= '9' && rest[1] == ' '
}

// readDir returns the entries of the folder name of root, unsorted.
func readDir(root *os.Root, name string) ([]fs.DirEntry, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}

// isHex reports whether s is n lower-case hexadecimal digits.
func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, r := range s {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f') {
			return false
		}
	}
	return true
}
