package proof

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"nostromo-lessons/rules"
)

// testKey returns a key file for a test's cache, in a folder of its own
// outside the cache folder; the cache makes the key on first use.
func testKey(t *testing.T) string {
	t.Helper()
	return filepath.Join(t.TempDir(), "config", "cache.key")
}

// fill proves every question into a new cache in dir, signed with the key
// in keyFile, and returns the answers.
func fill(t *testing.T, dir, keyFile string) []string {
	t.Helper()
	return ask(t, NewCache(newCounting(), dir, keyFile, nil))
}

// entryFile returns the file of the Solve entry of question i in dir.
func entryFile(t *testing.T, dir string, i int) string {
	t.Helper()
	p, err := rules.ParseFEN(questions[i].fen)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, filepath.FromSlash(entryName(entryKey("solve", p, questions[i].goal))))
}

// writeFile writes data to name, making its folder, dated when.
func writeFile(t *testing.T, name string, data []byte, when time.Time) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(name, when, when); err != nil {
		t.Fatal(err)
	}
}

// TestTrim checks that trim removes the oldest entries first, and only
// entries: files of another name or without an entry's header, files in
// other folders, links and what they point to are left alone, and a
// look-alike that cannot be removed does not make it remove every entry.
func TestTrim(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	day := func(i int) time.Time { return time.Date(2019, 1, 1+i, 0, 0, 0, 0, time.UTC) }
	name := func(c byte) string { return "ab/ab" + strings.Repeat(string(c), 62) + ".json" }
	entry := func(version string) []byte { // 100 bytes with an entry's header
		head := "nostromo-lessons proof " + version + " "
		return []byte(head + strings.Repeat("0", 99-len(head)) + "\n")
	}
	writeFile(t, filepath.Join(dir, name('0')), entry("1"), day(3)) // an old format's entry
	writeFile(t, filepath.Join(dir, name('1')), entry("2"), day(4))
	writeFile(t, filepath.Join(dir, name('2')), entry("2"), day(5))
	foreign := map[string][]byte{
		name('3'):       make([]byte, 1000), // an entry's name, not its header, and more than the cap
		"ab/thesis.txt": entry("2"),         // an entry's header, not its name
		"ab/AB" + strings.Repeat("0", 62) + ".json": entry("2"),
		"cd/ab" + strings.Repeat("4", 62) + ".json": entry("2"), // not in its own subfolder
		"thesis.txt":          entry("2"),
		"docs/sub/thesis.txt": []byte("thesis\n"),
		"abc/ab" + strings.Repeat("5", 62) + ".json": entry("2"),
	}
	for n, data := range foreign {
		writeFile(t, filepath.Join(dir, n), data, day(0))
	}
	// A linked subfolder and a linked entry, to entries outside the folder.
	target := filepath.Join(outside, "ef"+strings.Repeat("6", 62)+".json")
	writeFile(t, target, entry("2"), day(0))
	if err := os.Symlink(outside, filepath.Join(dir, "ef")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, name('7'))); err != nil {
		t.Fatal(err)
	}

	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	trim(root, 250) // 300 bytes of entries (and 1,000 of a look-alike): down to 187
	for _, n := range []string{name('0'), name('1')} {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			t.Errorf("trim left %s, one of the two oldest entries", n)
		}
	}
	for n := range foreign {
		if _, err := os.Lstat(filepath.Join(dir, n)); err != nil {
			t.Errorf("trim removed %s, which the cache did not write", n)
		}
	}
	for _, n := range []string{filepath.Join(dir, name('2')), filepath.Join(dir, "ef"), filepath.Join(dir, name('7')), target} {
		if _, err := os.Lstat(n); err != nil {
			t.Errorf("trim removed %s: %v", n, err)
		}
	}
}

// TestCacheLeavesForeignFiles is the reproduction of N2 in the reliability
// review of 2026-12-07: a cache folder that holds 300 MB of a user's files
// and an old thesis.txt keeps them all once the cache is opened and used.
func TestCacheLeavesForeignFiles(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := 1; i <= 3; i++ {
		files = append(files, filepath.Join(dir, "docs", fmt.Sprintf("big%d.dat", i)))
		writeFile(t, files[i-1], nil, time.Date(2020, 1, i, 0, 0, 0, 0, time.UTC))
		if err := os.Truncate(files[i-1], 100<<20); err != nil { // sparse: no disk used
			t.Fatal(err)
		}
	}
	// A 100 MB file that looks like an entry but for its header.
	lookalike := filepath.Join(dir, "ab", "ab"+strings.Repeat("0", 62)+".json")
	writeFile(t, lookalike, nil, time.Date(2018, 1, 1, 0, 0, 0, 0, time.UTC))
	if err := os.Truncate(lookalike, 100<<20); err != nil {
		t.Fatal(err)
	}
	thesis := filepath.Join(dir, "docs", "sub", "thesis.txt")
	writeFile(t, thesis, []byte("thesis\n"), time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC))
	files = append(files, lookalike, thesis)

	want := ask(t, newCounting().s)
	if got := fill(t, dir, testKey(t)); !slices.Equal(got, want) {
		t.Fatalf("answers %q, want %q", got, want)
	}
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("the cache removed %s: %v", f, err)
		}
	}
}

// TestCacheKey checks the key that signs the entries: made on first use
// with mode 0600 in a folder of mode 0700, read again the next time; an
// entry signed with another key is proven again and rewritten; a key that
// cannot be made or read leaves the cache unused, with one warning, and
// is never replaced.
func TestCacheKey(t *testing.T) {
	want := ask(t, newCounting().s)
	dir, keyFile := t.TempDir(), testKey(t)
	fill(t, dir, keyFile)
	info, err := os.Stat(keyFile)
	if err != nil {
		t.Fatalf("no key made: %v", err)
	}
	if info.Mode().Perm() != 0o600 || info.Size() != KeySize {
		t.Errorf("key: mode %v, %d bytes; want 0600 and %d", info.Mode().Perm(), info.Size(), KeySize)
	}
	if folder, err := os.Stat(filepath.Dir(keyFile)); err != nil || folder.Mode().Perm() != 0o700 {
		t.Errorf("key folder: %v, %v; want mode 0700", folder.Mode().Perm(), err)
	}
	first, _ := os.ReadFile(keyFile)
	again := newCounting()
	if got := ask(t, NewCache(again, dir, keyFile, nil)); !slices.Equal(got, want) || again.calls != 0 {
		t.Errorf("same key: answers %q with %d solver calls, want %q with none", got, again.calls, want)
	}
	if now, _ := os.ReadFile(keyFile); !bytes.Equal(now, first) {
		t.Error("the key changed between two runs")
	}

	other := testKey(t)
	for i, wantCalls := range []int{2 * len(questions), 0} {
		c := newCounting()
		if got := ask(t, NewCache(c, dir, other, nil)); !slices.Equal(got, want) || c.calls != wantCalls {
			t.Errorf("another key, run %d: answers %q with %d solver calls, want %q with %d", i+1, got, c.calls, want, wantCalls)
		}
	}

	file := filepath.Join(t.TempDir(), "file")
	writeFile(t, file, []byte("x"), time.Now())
	short := filepath.Join(t.TempDir(), "cache.key")
	writeFile(t, short, []byte("short"), time.Now())
	open := filepath.Join(t.TempDir(), "cache.key")
	writeFile(t, open, bytes.Repeat([]byte{1}, KeySize), time.Now())
	if err := os.Chmod(open, 0o666); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, keyFile, why string
	}{
		{"cannot be made", filepath.Join(file, "cache.key"), "not a directory"},
		{"too short", short, "holds 5 bytes"},
		{"writable by others", open, "others may write it"},
		{"a folder", t.TempDir(), "not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "proofs")
			before, _ := os.ReadFile(tt.keyFile)
			var warnings []string
			for range 2 {
				c := newCounting()
				got := ask(t, NewCache(c, dir, tt.keyFile, func(w string) { warnings = append(warnings, w) }))
				if !slices.Equal(got, want) || c.calls != 2*len(questions) {
					t.Errorf("answers %q with %d solver calls, want %q with %d", got, c.calls, want, 2*len(questions))
				}
			}
			if len(warnings) != 1 || !strings.Contains(warnings[0], "not used") || !strings.Contains(warnings[0], tt.why) {
				t.Errorf("warnings %q, want one saying the cache is not used because %q", warnings, tt.why)
			}
			if _, err := os.Stat(dir); err == nil {
				t.Errorf("the cache folder was made without a key")
			}
			if after, _ := os.ReadFile(tt.keyFile); !bytes.Equal(after, before) {
				t.Errorf("the key file was changed from %q to %q", before, after)
			}
		})
	}
}

// TestCacheForged checks that an entry changed by someone without the key
// is proven again: the reproduction of N3 in the reliability review of
// 2026-12-07 (a distance of 5 beside a line of two moves, under a header
// with the body's SHA-256, as the previous format had), the same under a
// signature made with another key, and, behind the signature, entries
// signed with the right key whose line disagrees with their result or
// distance.
func TestCacheForged(t *testing.T) {
	want := ask(t, newCounting().s)
	otherKey := bytes.Repeat([]byte{9}, KeySize)
	sha := func(body []byte, _ []byte) string {
		sum := sha256.Sum256(body)
		return "nostromo-lessons proof 1 " + hex.EncodeToString(sum[:])
	}
	signed := func(body, key []byte) string { return formatVersion + " " + hex.EncodeToString(sign(body, key)) }
	withOther := func(body, _ []byte) string { return signed(body, otherKey) }
	tests := []struct {
		name   string
		change func(*entry)
		header func(body, key []byte) string
	}{
		{"N3: sha-256 header", func(e *entry) { e.Distance = 5 }, sha},
		{"another key", func(e *entry) { e.Distance = 5 }, withOther},
		{"distance", func(e *entry) { e.Distance = 5 }, signed},
		{"result", func(e *entry) { e.Result = "black" }, signed},
		{"draw", func(e *entry) { e.Result, e.Distance, e.Line = "draw", 0, nil }, signed},
		{"line cut", func(e *entry) { e.Line = e.Line[:len(e.Line)-1] }, signed},
		{"first move", func(e *entry) { e.Best = e.Best[:0] }, signed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, keyFile := t.TempDir(), testKey(t)
			fill(t, dir, keyFile)
			key, err := LoadKey(keyFile)
			if err != nil {
				t.Fatal(err)
			}
			name := entryFile(t, dir, 0)
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			_, body, _ := bytes.Cut(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
			var e entry
			if err := json.Unmarshal(body, &e); err != nil || e.Result != "white" || e.Distance != 2 || len(e.Line) != 3 {
				t.Fatalf("entry %s, want White's win in two moves to forge", body)
			}
			tt.change(&e)
			forged, _ := json.Marshal(e)
			if err := os.WriteFile(name, []byte(tt.header(forged, key)+"\n"+string(forged)+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			c := newCounting()
			if got := ask(t, NewCache(c, dir, keyFile, nil)); !slices.Equal(got, want) || c.calls != 1 {
				t.Errorf("answers %q with %d solver calls, want %q with 1", got, c.calls, want)
			}
			if now, _ := os.ReadFile(name); !bytes.Equal(now, data) {
				t.Errorf("the forged entry was not rewritten:\n%s", now)
			}
		})
	}
}

// TestCacheOldFormat checks that entries written by the previous version
// (a SHA-256 of the body in the header) are proven again, without a
// warning, and replaced in their files by signed ones.
func TestCacheOldFormat(t *testing.T) {
	want := ask(t, newCounting().s)
	dir, keyFile := t.TempDir(), testKey(t)
	fill(t, dir, keyFile)
	entries, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	for _, name := range entries {
		data, _ := os.ReadFile(name)
		_, body, _ := bytes.Cut(data, []byte("\n"))
		body = bytes.TrimSuffix(body, []byte("\n"))
		sum := sha256.Sum256(body)
		old := fmt.Appendf(nil, "nostromo-lessons proof 1 %s\n%s\n", hex.EncodeToString(sum[:]), body)
		if err := os.WriteFile(name, old, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var warnings []string
	c := newCounting()
	if got := ask(t, NewCache(c, dir, keyFile, func(w string) { warnings = append(warnings, w) })); !slices.Equal(got, want) || c.calls != len(entries) || warnings != nil {
		t.Errorf("old entries: answers %q with %d solver calls and warnings %q, want %q with %d and none", got, c.calls, warnings, want, len(entries))
	}
	now, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if !slices.Equal(now, entries) {
		t.Errorf("entries %q after the run, want the same files %q", now, entries)
	}
	for _, name := range now {
		if data, _ := os.ReadFile(name); !bytes.HasPrefix(data, []byte(formatVersion+" ")) {
			t.Errorf("%s was not replaced: %.40q", name, data)
		}
	}
}

// BenchmarkCacheWarm answers every question from a warm cache: what a
// check of an unchanged course pays for each entry it reads.
func BenchmarkCacheWarm(b *testing.B) {
	dir, keyFile := b.TempDir(), filepath.Join(b.TempDir(), "cache.key")
	c := NewCache(newCounting(), dir, keyFile, nil)
	for _, q := range questions {
		p, _ := rules.ParseFEN(q.fen)
		c.Solve(p, q.goal)
		c.WinningMoves(p, q.goal)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, q := range questions {
			p, _ := rules.ParseFEN(q.fen)
			c.Solve(p, q.goal)
			c.WinningMoves(p, q.goal)
		}
	}
}
