package render

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/templates"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// publish makes the site's files and the lessons' Markdown with its
// diagrams, as the build's render step makes them (internal/build's
// files, which also makes the PDFs), and returns every file by path.
func publish(t testing.TB, c Course, opts Options) map[string][]byte {
	t.Helper()
	if err := CheckIDs(c); err != nil {
		t.Fatalf("CheckIDs: %v", err)
	}
	k, err := NewAssets(c, opts)
	if err != nil {
		t.Fatalf("NewAssets: %v", err)
	}
	files := map[string][]byte{}
	file := func(path string, write func(io.Writer) error) {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		files[path] = buf.Bytes()
	}
	file("site/style.css", func(w io.Writer) error { return Stylesheet(w, opts) })
	file("site/"+ScriptName, func(w io.Writer) error { return Script(w, opts) })
	file("site/index.html", func(w io.Writer) error { return k.WriteIndex(w, c) })
	file("site/rules.html", func(w io.Writer) error { return k.WriteRules(w, c) })
	for _, l := range c.Lessons {
		file("site/"+l.ID+".html", func(w io.Writer) error { return k.WriteLesson(w, c, l) })
	}
	file("site/"+GamePage, func(w io.Writer) error { return k.WriteGame(w, c) })
	file("site/"+PlayJS, k.PlayScript)
	file("site/engine.js", k.EngineScript)
	for _, l := range c.Lessons {
		var boards []Board
		file(MDDir+l.ID+".md", func(w io.Writer) error {
			boards, err = WriteMarkdown(w, c, l)
			return err
		})
		for i, b := range boards {
			file(fmt.Sprintf("%s%s-%d.svg", MDDir, l.ID, i+1), func(w io.Writer) error {
				svg, err := k.BoardSVG(b)
				w.Write(svg)
				return err
			})
		}
	}
	file(TeacherDir+"index.html", func(w io.Writer) error { return k.WriteTeacher(w, c) })
	return files
}

// checkGolden compares got with the golden file testdata/golden/name, or
// rewrites the file when the test runs with -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	checkGoldenIn(t, "golden", name, got)
}

// checkGoldenIn compares got with the golden file testdata/dir/name, or
// rewrites the file when the test runs with -update. (The PDF tests keep
// theirs in render/pdf/testdata/sheets.)
func checkGoldenIn(t *testing.T, dir, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", dir, filepath.FromSlash(name))
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", name, diff)
	}
}

// TestGolden checks the text files of the sample course (HTML, Markdown
// and SVG) against golden files, and one SVG per other theme. The
// stylesheet and the scripts are the templates', byte for byte (the
// engine is TestEngineScript's). A golden file that nothing
// produces any more is an error too (with -update, it is removed).
func TestGolden(t *testing.T) {
	files := publish(t, sampleCourse(style.Classic), Options{})
	produced := map[string]bool{}
	for path, data := range files {
		switch {
		case strings.HasSuffix(path, ".pdf"):
			continue
		case path == "site/engine.js":
			continue // TestEngineScript's
		case path == "site/style.css" || path == "site/"+ScriptName || path == "site/"+PlayJS:
			name := strings.TrimPrefix(path, "site/")
			if tmpl, err := fs.ReadFile(templates.FS(), name); err != nil || !bytes.Equal(tmpl, data) {
				t.Errorf("%s is not the template's %s (%v)", path, name, err)
			}
			continue
		}
		produced[path] = true
		t.Run(path, func(t *testing.T) { checkGolden(t, path, data) })
	}
	for _, th := range []style.Theme{style.Alien, style.Farm} {
		var buf bytes.Buffer
		if err := SVG(&buf, Board{FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 b 0 0"}, en(th), Options{}); err != nil {
			t.Fatal(err)
		}
		produced["theme/"+th.String()+".svg"] = true
		t.Run(th.String(), func(t *testing.T) { checkGolden(t, "theme/"+th.String()+".svg", buf.Bytes()) })
	}
	checkNoStaleGolden(t, produced)
}

// checkNoStaleGolden reports golden files that the test did not produce,
// or removes them when the test runs with -update.
func checkNoStaleGolden(t *testing.T, produced map[string]bool) {
	root := filepath.Join("testdata", "golden")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		name, _ := filepath.Rel(root, path)
		switch {
		case produced[filepath.ToSlash(name)]:
		case *update:
			return os.Remove(path)
		default:
			t.Errorf("golden file %s is no longer produced (run go test ./render -update to remove it)", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestIndexLevels checks that the index groups lessons by level, levels in
// ascending order and lessons in course order within a level.
func TestIndexLevels(t *testing.T) {
	c := Course{Title: "T", Lessons: []Lesson{{ID: "b", Title: "B2", Level: 2}, {ID: "a", Title: "A1", Level: 1}, {ID: "c", Title: "C2", Level: 2}}}
	var buf bytes.Buffer
	if err := Index(&buf, c, Options{}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	var at []int
	for _, s := range []string{"Level 1", "A1", "Level 2", "B2", "C2"} {
		at = append(at, strings.Index(page, s))
	}
	for i := 1; i < len(at); i++ {
		if at[i-1] < 0 || at[i] <= at[i-1] {
			t.Fatalf("index order: positions %v of Level 1, A1, Level 2, B2, C2; want increasing", at)
		}
	}
	if strings.Count(page, "Level 2") != 1 {
		t.Errorf("index shows Level 2 %d times, want once", strings.Count(page, "Level 2"))
	}
}
