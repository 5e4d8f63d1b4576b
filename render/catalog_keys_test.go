package render

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/templates"
)

// keyLiteral finds a message key the code or a page template asks the
// catalog for: say("key.x"), Say("key.x"), {{say "key.x"}}, and the keys
// of the answer prompts and page titles (constants holding a key).
var keyLiteral = regexp.MustCompile(`(?:[sS]ay(?:HTML)?[( ]"|Title = "|Note = "|(?:Box|Boxes|Lines|Board): +")([a-z0-9]+(?:\.[a-z0-9-]+)+)"`)

// TestCatalogKeys: every key that render's code (render/pdf's too),
// internal/question and the page templates ask for is in the catalogs, so
// that no page shows a key instead of a message.
func TestCatalogKeys(t *testing.T) {
	var sources []string
	for _, pattern := range []string{"*.go", "pdf/*.go", "../internal/question/*.go", "../internal/model/*.go"} {
		names, _ := filepath.Glob(pattern)
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			sources = append(sources, string(src))
		}
	}
	pages, _ := fs.Glob(templates.FS(), "*.html")
	for _, name := range pages {
		src, _ := fs.ReadFile(templates.FS(), name)
		sources = append(sources, string(src))
	}
	n := 0
	for _, src := range sources {
		for _, m := range keyLiteral.FindAllStringSubmatch(src, -1) {
			n++
			if !catalog.Has(m[1]) {
				t.Errorf("%q is asked for, but no catalog has it", m[1])
			}
		}
	}
	if n < 100 {
		t.Errorf("found %d keys asked for, want the code's and templates' (at least 100)", n)
	}
}
