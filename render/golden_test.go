package render

import (
	"bytes"
	"flag"
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

// publish runs Publish on c and returns every file it emitted, by path, and
// the paths in the order they were emitted.
func publish(t testing.TB, c Course, opts Options) (map[string][]byte, []string) {
	t.Helper()
	files := map[string][]byte{}
	var order []string
	err := Files(c, opts, func(path string, write func(io.Writer) error) error {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			return err
		}
		files[path] = buf.Bytes()
		order = append(order, path)
		return nil
	})
	if err != nil {
		t.Fatalf("Publish: %v", err)
	}
	return files, order
}

// checkGolden compares got with the golden file testdata/golden/name, or
// rewrites the file when the test runs with -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	checkGoldenIn(t, "golden", name, got)
}

// checkGoldenIn compares got with the golden file testdata/dir/name, or
// rewrites the file when the test runs with -update. The worksheet tests
// keep theirs in testdata/sheets, apart from the files TestGolden owns.
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
// stylesheet is the template's, byte for byte. A golden file that nothing
// produces any more is an error too (with -update, it is removed).
func TestGolden(t *testing.T) {
	files, _ := publish(t, sampleCourse(style.Classic), Options{})
	produced := map[string]bool{}
	for path, data := range files {
		switch {
		case strings.HasSuffix(path, ".pdf"):
			continue
		case path == "site/style.css" || path == "site/"+ScriptName:
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

// TestPublishOrder checks that Publish emits the same files in the same
// order every time, and the files the lead's build command expects.
func TestPublishOrder(t *testing.T) {
	_, first := publish(t, sampleCourse(style.Farm), Options{})
	_, second := publish(t, sampleCourse(style.Farm), Options{})
	if diff := cmp.Diff(first, second); diff != "" {
		t.Errorf("order differs between runs (-first +second):\n%s", diff)
	}
	want := []string{
		"site/style.css", "site/answer.js", "site/index.html", "site/rules.html", "site/first-steps.html", "site/run-home.html", "site/labyrinth.html",
		"teacher/md/first-steps.md", "teacher/md/first-steps-1.svg", "teacher/md/first-steps-2.svg", "teacher/md/first-steps-3.svg", "teacher/md/first-steps-4.svg",
		"teacher/md/run-home.md", "teacher/md/run-home-1.svg", "teacher/md/run-home-2.svg", "teacher/md/labyrinth.md", "teacher/md/labyrinth-1.svg",
		"pdf/first-steps.pdf", "teacher/first-steps-answers.pdf", "pdf/first-steps-play.pdf",
		"pdf/run-home.pdf", "teacher/run-home-answers.pdf", "pdf/run-home-play.pdf",
		"pdf/labyrinth.pdf", "teacher/labyrinth-answers.pdf", "pdf/labyrinth-play.pdf",
		"pdf/rules.pdf", "pdf/certificates.pdf", "pdf/checklist.pdf", "teacher/workbook.pdf", "teacher/teacher-guide.pdf",
		"teacher/index.html",
	}
	if diff := cmp.Diff(want, first); diff != "" {
		t.Errorf("Publish files (-want +got):\n%s", diff)
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

// TestProgress checks that Options.Progress hears of every emitted file.
func TestProgress(t *testing.T) {
	var heard []string
	_, order := publish(t, sampleCourse(style.Classic), Options{Progress: func(msg string) { heard = append(heard, msg) }})
	if diff := cmp.Diff(order, heard); diff != "" {
		t.Errorf("progress messages (-files +heard):\n%s", diff)
	}
}
