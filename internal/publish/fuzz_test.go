package publish

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzFolder builds twice into an output folder named by the fuzzer inside
// a temporary folder, with emitted file names from the fuzzer too: either
// the name is refused, or both builds succeed, out holds exactly the
// second build, and nothing is left beside it but the lock file.
func FuzzFolder(f *testing.F) {
	for _, seed := range [][2]string{
		{"out", "site/index.html"}, {"out/", "a"}, {"", "a"}, {".", "a"}, {"a/b//c/", "x/y"},
		{"out", "../escape"}, {"out", outputMarker}, {".out.tmp-1-0", "a"}, {".out.old", "a"}, {"out", "a\x00b"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, name, file string) {
		if strings.Contains(name, "..") || filepath.IsAbs(name) || len(name) > 200 || len(file) > 200 {
			return // -o may name any folder; the fuzzer stays in its own
		}
		dir := t.TempDir()
		out := filepath.Join(dir, name)
		if name == "" {
			out = ""
		}
		for i, body := range []string{"one", "two"} {
			_, err := Folder(context.Background(), out, emitAll(map[string]string{file: body}))
			var refused *RefusedError
			if errors.As(err, &refused) && i == 0 {
				return
			}
			if err != nil {
				if i == 1 {
					t.Fatalf("the second build into %q failed after the first worked: %v", name, err)
				}
				return // a bad file name or a name the system refuses
			}
		}
		clean := filepath.Clean(out)
		if got := readTree(t, clean); len(got) != 2 || got[file] != "two" {
			t.Errorf("out %q holds %v, want %q and the marker", name, got, file)
		}
		if left := leftovers(t, clean); len(left) > 0 && filepath.Dir(clean) == dir {
			t.Errorf("left %v beside %q", left, name)
		}
	})
}
