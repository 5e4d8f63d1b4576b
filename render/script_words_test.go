package render

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/templates"
)

// sayCall finds the keys the scripts ask for: say("answer.check") and the
// keys chosen in a call, such as say(x ? "answer.slower" : "answer.right").
var sayCall = regexp.MustCompile(`say\(([^()]*)`)

// scriptKey finds a quoted message key, such as "answer.check" or "piece.".
var scriptKey = regexp.MustCompile(`"([a-z]+\.[a-z-]*)"`)

// TestScriptWords: the table is sorted by key with no key twice, in every
// theme; every key a script asks for is in it, and every key in it is
// asked for by a script (a key ending in "." is a prefix the script
// completes, as "piece." + "king"). The play. keys, which play.js asks
// for in its own way, are TestPlayScriptWords's.
func TestScriptWords(t *testing.T) {
	for _, th := range style.Themes() {
		words := scriptWords(th)
		keys := make([]string, len(words))
		for i, w := range words {
			keys[i] = w.key
			if w.text == "" {
				t.Errorf("%s: %q has no text", th, w.key)
			}
		}
		if !slices.IsSorted(keys) || len(slices.Compact(slices.Clone(keys))) != len(keys) {
			t.Errorf("%s: the keys are not sorted or not unique: %q", th, keys)
		}
	}
	asked := map[string]bool{}
	scripts, _ := fs.Glob(templates.FS(), "*.js")
	if len(scripts) == 0 {
		t.Fatal("no script in templates/")
	}
	for _, name := range scripts {
		src, err := fs.ReadFile(templates.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		for _, call := range sayCall.FindAllStringSubmatch(string(src), -1) {
			for _, k := range scriptKey.FindAllStringSubmatch(call[1], -1) {
				asked[k[1]] = true
			}
		}
	}
	table := map[string]bool{}
	for _, w := range scriptWords(style.Classic) {
		table[w.key] = true
		used := asked[w.key]
		if i := strings.IndexByte(w.key, '.'); !used && asked[w.key[:i+1]] {
			used = true
		}
		if !used && !strings.HasPrefix(w.key, "play.") {
			t.Errorf("%q is in the table, but no script asks for it", w.key)
		}
	}
	for k := range asked {
		if !table[k] && !strings.HasSuffix(k, ".") {
			t.Errorf("a script asks for %q, which is not in the table", k)
		}
	}
}
