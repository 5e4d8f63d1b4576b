package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckForgedCache is the reproduction of N3 in the reliability review
// of 2026-12-07, through the command: a cache entry rewritten to say that
// the starter course's one-move win takes 5 moves, under a header that
// fits it as the previous format's did (the body's SHA-256), under a
// signature made with another key, or even under the key's own signature,
// does not make check accept the wrong answer 5.
func TestCheckForgedCache(t *testing.T) {
	key, err := os.ReadFile(os.Getenv("NOSTROMO_CACHE_KEY"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	mac := func(k []byte) func([]byte) string {
		return func(body []byte) string {
			m := hmac.New(sha256.New, k)
			m.Write(body)
			return "nostromo-lessons proof 2 " + hex.EncodeToString(m.Sum(nil))
		}
	}
	tests := []struct {
		name   string
		header func(body []byte) string
	}{
		{"sha-256 header", func(body []byte) string {
			sum := sha256.Sum256(body)
			return "nostromo-lessons proof 1 " + hex.EncodeToString(sum[:])
		}},
		{"another key", mac(bytes.Repeat([]byte{9}, 32))},
		{"the key", nil}, // the key is read once the first check has made it
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("NOSTROMO_CACHE", t.TempDir())
			dir := starterCourse(t)
			if code, _, stderr := runCLI(t, "check", "--quiet", dir); code != exitOK {
				t.Fatalf("check of the starter course: exit %d\n%s", code, stderr)
			}
			if tt.header == nil {
				if key, err = os.ReadFile(os.Getenv("NOSTROMO_CACHE_KEY")); err != nil {
					t.Fatal(err)
				}
				tt.header = mac(key)
			}
			lesson := filepath.Join(dir, "lessons", "01-first-steps.yaml")
			src, err := os.ReadFile(lesson)
			if err != nil {
				t.Fatal(err)
			}
			wrong := strings.Replace(string(src), "w 2 3\n    side: white\n    answer: 1\n", "w 2 3\n    side: white\n    answer: 5\n", 1)
			if wrong == string(src) {
				t.Fatal("the starter lesson no longer has the one-move win this test changes")
			}
			if err := os.WriteFile(lesson, []byte(wrong), 0o644); err != nil {
				t.Fatal(err)
			}
			const want = "answer 5"
			if code, _, stderr := runCLI(t, "check", "--quiet", dir); code != exitFailed || !strings.Contains(stderr, want) {
				t.Fatalf("check of the wrong answer: exit %d\n%s\nwant %d and %q", code, stderr, exitFailed, want)
			}
			if n := forge(t, os.Getenv("NOSTROMO_CACHE"), tt.header); n == 0 {
				t.Fatal("no entry of a one-move win to forge")
			}
			if code, _, stderr := runCLI(t, "check", "--quiet", dir); code != exitFailed || !strings.Contains(stderr, want) {
				t.Errorf("check after forging the cache: exit %d\n%s\nwant %d and %q", code, stderr, exitFailed, want)
			}
		})
	}
}

// forge rewrites every entry of the cache folder dir that holds a win in
// one move to say it takes 5, under header, and returns how many it
// rewrote.
func forge(t *testing.T, dir string, header func(body []byte) string) int {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	n := 0
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		_, body, _ := bytes.Cut(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
		var e map[string]any
		if err := json.Unmarshal(body, &e); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if e["distance"] != 1.0 || e["result"] != "white" {
			continue
		}
		e["distance"] = 5
		forged, _ := json.Marshal(e)
		if err := os.WriteFile(name, fmt.Appendf(nil, "%s\n%s\n", header(forged), forged), 0o644); err != nil {
			t.Fatal(err)
		}
		n++
	}
	return n
}

// TestCheckWithoutCacheKey checks that a key that cannot be made leaves
// the cache unused, with one warning, and check as right as ever.
func TestCheckWithoutCacheKey(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("NOSTROMO_CACHE", cache)
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("NOSTROMO_CACHE_KEY", filepath.Join(file, "cache.key"))
	dir := starterCourse(t)
	code, _, stderr := runCLI(t, "check", "--quiet", dir)
	if code != exitOK || strings.Count(stderr, "warning") != 1 || !strings.Contains(stderr, "proof cache not used") {
		t.Errorf("check: exit %d\n%s\nwant 0 and one warning that the proof cache is not used", code, stderr)
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 0 {
		t.Errorf("the cache folder holds %d files without a key", len(entries))
	}
}
