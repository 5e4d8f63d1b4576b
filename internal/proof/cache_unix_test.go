//go:build unix

package proof

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCacheSpecialEntries is the reproduction of N4 in the reliability
// review of 2026-12-07: an entry that is a FIFO, a link to /dev/zero or
// out of the folder, a file over the size limit or a folder is proven
// again without hanging or crashing, and replaced by a regular entry; a
// link in place of an entry or a subfolder is never written through.
func TestCacheSpecialEntries(t *testing.T) {
	want := ask(t, newCounting().s)
	outsideFile := func(t *testing.T) string {
		name := filepath.Join(t.TempDir(), "original")
		writeFile(t, name, []byte("original\n"), time.Now())
		return name
	}
	tests := []struct {
		name    string
		spoil   func(t *testing.T, entry string) (outside string, err error)
		replace bool // the entry is a regular file after the run
		warn    string
	}{
		{"fifo", func(t *testing.T, e string) (string, error) { return "", syscall.Mkfifo(e, 0o644) }, true, ""},
		{"link to /dev/zero", func(t *testing.T, e string) (string, error) { return "", os.Symlink("/dev/zero", e) }, true, ""},
		{"link out of the folder", func(t *testing.T, e string) (string, error) {
			o := outsideFile(t)
			return o, os.Symlink(o, e)
		}, true, ""},
		{"over the limit", func(t *testing.T, e string) (string, error) {
			return "", os.Truncate(e, MaxEntrySize+1)
		}, true, ""},
		{"folder", func(t *testing.T, e string) (string, error) { return "", os.Mkdir(e, 0o755) }, false, "cannot be written"},
		{"linked subfolder", func(t *testing.T, e string) (string, error) {
			o := t.TempDir()
			sub := filepath.Dir(e)
			if err := os.RemoveAll(sub); err != nil {
				return "", err
			}
			return o, os.Symlink(o, sub)
		}, false, "symbolic link, not a folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, keyFile := t.TempDir(), testKey(t)
			fill(t, dir, keyFile)
			entry := entryFile(t, dir, 0)
			if tt.name != "over the limit" {
				if err := os.Remove(entry); err != nil {
					t.Fatal(err)
				}
			}
			outside, err := tt.spoil(t, entry)
			if err != nil {
				t.Fatal(err)
			}
			var before []byte
			if outside != "" {
				before, _ = os.ReadFile(outside)
			}
			var warnings []string
			done := make(chan []string, 1)
			c := newCounting()
			go func() {
				done <- ask(t, NewCache(c, dir, keyFile, func(w string) { warnings = append(warnings, w) }))
			}()
			var got []string
			select {
			case got = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("the cache hangs on the entry")
			}
			if !slices.Equal(got, want) {
				t.Errorf("answers %q, want %q", got, want)
			}
			if tt.replace {
				if info, err := os.Lstat(entry); err != nil || !info.Mode().IsRegular() || info.Size() > MaxEntrySize {
					t.Errorf("the entry was not replaced by a regular one: %v, %v", info, err)
				}
			}
			if outside != "" {
				if after, _ := os.ReadFile(outside); !bytes.Equal(after, before) {
					t.Errorf("the cache wrote through the link into %s: %q", outside, after)
				}
				if entries, _ := os.ReadDir(outside); tt.name == "linked subfolder" && len(entries) != 0 {
					t.Errorf("the cache wrote %d files through the linked subfolder", len(entries))
				}
			}
			if tt.warn == "" && warnings != nil || tt.warn != "" && (len(warnings) != 1 || !strings.Contains(warnings[0], tt.warn)) {
				t.Errorf("warnings %q, want %q", warnings, tt.warn)
			}
		})
	}
}
