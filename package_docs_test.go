package nostromo

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sentenceBreak finds where one sentence ends and another begins: a full
// stop, question or exclamation mark followed by white space and more text.
// "e.g." and "i.e." are taken out of the text first (oneSentence).
var sentenceBreak = regexp.MustCompile(`[.!?]["')]?\s+\S`)

// oneSentence reports whether the text doc is one sentence.
func oneSentence(doc string) bool {
	doc = strings.NewReplacer("e.g.", "eg", "i.e.", "ie").Replace(strings.TrimSpace(doc))
	return !sentenceBreak.MatchString(doc)
}

// TestPackageDocs checks that every package of the module says what it is
// for in one sentence, its package doc, so that a newcomer reading the
// folders' docs (go list -f '{{.Doc}}' ./...) sees the architecture; a
// package's reference material follows its package clause as a plain
// comment. Nested modules (the fpdf fork, e2e/) have their own rules.
func TestPackageDocs(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || hasGoMod(path)) {
			return filepath.SkipDir
		}
		docs, files := packageDocs(t, path)
		switch {
		case files == 0:
		case len(docs) == 0:
			t.Errorf("%s: no package doc", path)
		case len(docs) > 1:
			t.Errorf("%s: %d files hold a package doc, want one", path, len(docs))
		case !oneSentence(docs[0]):
			t.Errorf("%s: the package doc is more than one sentence:\n%s", path, docs[0])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// hasGoMod reports whether the folder dir is the root of a module of its own.
func hasGoMod(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// packageDocs returns the package docs of the non-test Go files in dir, and
// how many such files there are.
func packageDocs(t *testing.T, dir string) (docs []string, files int) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		files++
		if f.Doc != nil {
			docs = append(docs, f.Doc.Text())
		}
	}
	return docs, files
}
