package render

import (
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/templates"
)

// sayCall finds the keys the scripts ask for: say("answer.check"), the
// keys chosen in a call, such as say(x ? "answer.slower" : "answer.right"),
// and a message read as words["san.king"].
var sayCall = regexp.MustCompile(`say\(([^()]*)|words\[("[^"]*")\]`)

// scriptKey finds a quoted message key, such as "answer.check" or "piece.".
var scriptKey = regexp.MustCompile(`"([a-z]+\.[a-z-]*)"`)

// scriptKeys returns the keys of the scripts' messages, sorted.
func scriptKeys(l style.Language, th style.Theme) []string {
	return slices.Sorted(maps.Keys(catalog.New(l, th).Script()))
}

// TestScriptWords: every key a script asks for is in the catalogs'
// script messages, in every language and theme, and every such key is
// asked for by a script (a key ending in "." is a prefix the script
// completes, as "piece." + "king"). The play. keys, which play.js asks
// for in its own way, are TestPlayScriptWords's.
func TestScriptWords(t *testing.T) {
	asked := map[string]bool{}
	for name, src := range scripts(t) {
		for _, call := range sayCall.FindAllStringSubmatch(src, -1) {
			for _, k := range scriptKey.FindAllStringSubmatch(call[1]+call[2], -1) {
				asked[k[1]] = true
			}
		}
		if len(asked) == 0 && name == "answer.js" {
			t.Errorf("answer.js asks for no message")
		}
	}
	keys := scriptKeys(style.English, style.Classic)
	for _, l := range style.Languages() {
		for _, th := range style.Themes() {
			if got := scriptKeys(l, th); !slices.Equal(got, keys) {
				t.Errorf("%s, %s: the scripts' keys %q, want English's %q", l, th, got, keys)
			}
		}
	}
	for _, key := range keys {
		used := asked[key]
		if i := strings.IndexByte(key, '.'); !used && asked[key[:i+1]] {
			used = true
		}
		if !used && !strings.HasPrefix(key, "play.") {
			t.Errorf("%q is in the catalog, but no script asks for it", key)
		}
	}
	for k := range asked {
		if !slices.Contains(keys, k) && !strings.HasSuffix(k, ".") {
			t.Errorf("a script asks for %q, which is not in the catalog", k)
		}
	}
}

// scripts returns the scripts of templates/ by name.
func scripts(t *testing.T) map[string]string {
	t.Helper()
	names, _ := fs.Glob(templates.FS(), "*.js")
	if len(names) == 0 {
		t.Fatal("no script in templates/")
	}
	out := map[string]string{}
	for _, name := range names {
		src, err := fs.ReadFile(templates.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = string(src)
	}
	return out
}

// jsComment finds a JavaScript comment: // to the end of the line, or /* */.
var jsComment = regexp.MustCompile(`(?m)(^|[^:"'])//.*$|/\*(?s:.*?)\*/`)

// jsString finds a string literal in double or single quotes.
var jsString = regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'`)

// looksEnglish tells a message from a key, a class name or a tag: a
// capitalised word, three words, or a sentence's final mark.
var looksEnglish = regexp.MustCompile(`^[A-Z][a-z]+\b|[a-z]+ [a-z]+ [a-z]+|[a-z][.!?…:]$`)

// notWords are literals that look like words but name keys of the
// keyboard or message keys.
var notWords = regexp.MustCompile(`^(use strict|Enter|Escape|Arrow(Up|Down|Left|Right)|Home|End|[a-z-]+(\.[a-z-]*)+)$`)

// TestScriptsHaveNoWords: no script holds a message of its own: every
// string literal outside comments is a key, a name or a class, never text
// a child reads (which comes from the catalogs through the page).
func TestScriptsHaveNoWords(t *testing.T) {
	for name, src := range scripts(t) {
		if strings.HasPrefix(name, "wasm_exec") || name == "engine.js" {
			continue // Go's own support script and the engine's bytes
		}
		code := jsComment.ReplaceAllString(src, "$1")
		for _, lit := range jsString.FindAllString(code, -1) {
			s := lit[1 : len(lit)-1]
			if !notWords.MatchString(s) && looksEnglish.MatchString(s) {
				t.Errorf("%s: the literal %s reads as a message: put it in the catalogs", name, lit)
			}
		}
	}
}
