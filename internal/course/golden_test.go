package course

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/rules/solver"
)

var update = flag.Bool("update", false, "rewrite the golden .err files of testdata/bad")

// badCourse wraps a bad file of testdata/bad in a course: a lesson by
// default; course-*.yaml is the course file and bank-*.yaml an exercise
// bank, each beside a good lesson. Every course has testdata/course.yaml
// and testdata/bank.yaml as exercises/drills.yaml unless replaced.
func badCourse(t *testing.T, name string, src []byte) fstest.MapFS {
	t.Helper()
	read := func(path string) *fstest.MapFile {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return &fstest.MapFile{Data: data}
	}
	fsys := fstest.MapFS{
		"course.yaml":           read("testdata/course.yaml"),
		"exercises/drills.yaml": read("testdata/bank.yaml"),
	}
	switch {
	case strings.HasPrefix(name, "course-"):
		fsys["course.yaml"] = &fstest.MapFile{Data: src}
		fsys["lessons/01-good.yaml"] = read("testdata/lesson.yaml")
	case strings.HasPrefix(name, "bank-"):
		fsys["exercises/"+name+".yaml"] = &fstest.MapFile{Data: src}
		fsys["lessons/01-good.yaml"] = read("testdata/lesson.yaml")
	default:
		fsys["lessons/"+name+".yaml"] = &fstest.MapFile{Data: src}
	}
	return fsys
}

// TestBad checks every course in testdata/bad against its golden file of
// expected "file:line:col: message" lines. Run "go test ./internal/course -update"
// to rewrite the golden files after a deliberate change.
func TestBad(t *testing.T) {
	files, err := filepath.Glob("testdata/bad/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/bad/*.yaml: %v", err)
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".yaml")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			s := testSolver()
			if name == "budget" {
				// A small budget, so that running out of it is quick.
				s = solver.New(solver.Options{Budget: 50 * solver.StatesPerConfig})
			}
			_, err = Check(badCourse(t, name, src), s)
			if err == nil {
				t.Fatalf("Check(%s) = nil, want errors", path)
			}
			var got strings.Builder
			yamlpos.PrintError(&got, err)
			golden := strings.TrimSuffix(path, ".yaml") + ".err"
			if *update {
				if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/course -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), got.String()); diff != "" {
				t.Errorf("Check(%s) errors mismatch (-want +got):\n%s", path, diff)
			}
		})
	}
}
