package course

import (
	"errors"
	"nostromo-lessons/internal/course/yamlpos"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzPracticeCourse makes a practice course (build --bank FILE) of a bank
// file of any name and text: the lesson and the course.yaml it writes are
// never at fault, so every problem is in the bank, a good bank makes a
// course without problems whatever its file is called, and the name shows
// as it is (a $ in it is not a placeholder).
func FuzzPracticeCourse(f *testing.F) {
	good, err := os.ReadFile("testdata/bank.yaml")
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range []string{"bank.yaml", "My bank: #1 [new].yaml", "$king's bank.yaml", "a|b>c.yml", "-.yaml", "??? .yaml", "Übungen.yaml", "bank\r.yaml", "bank\t\u2028.yaml", "*&x.yaml"} {
		f.Add(name, good)
	}
	f.Add("generated.yaml", []byte("# nostromo-lessons generate knight-moves --theme farm --level 2\n"+string(good)))
	f.Add("bad.yaml", []byte("exercises: [\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, name string, src []byte) {
		if name == "" || name == "." || name == ".." || strings.ContainsAny(name, "/\x00") || len(name) > 200 {
			return // not a file name
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, src, 0o644); err != nil {
			return // a name the file system refuses
		}
		defer os.Remove(path)
		fsys, err := PracticeCourse(path)
		if err != nil {
			t.Fatalf("PracticeCourse(%q): %v", name, err)
		}
		c, err := Load(fsys)
		if err == nil && strings.Count(c.Lessons[0].Summary, "$") != strings.Count(name, "$") {
			t.Errorf("PracticeCourse(%q): summary %q, not the name's every $", name, c.Lessons[0].Summary)
		}
		var list yamlpos.ErrorList
		if err != nil && !errors.As(err, &list) {
			t.Fatalf("PracticeCourse(%q): Load: %v, not an yamlpos.ErrorList", name, err)
		}
		for _, e := range list {
			if !strings.HasPrefix(e.Pos.File, "exercises/") || string(src) == string(good) {
				t.Errorf("PracticeCourse(%q): %v", name, e)
			}
		}
	})
}

// TestPracticeCourseRefused checks that a bank file that cannot be read or
// is no bank is refused with an error naming its origin, the package (not
// the old "lessons: bank"), and the file.
func TestPracticeCourseRefused(t *testing.T) {
	dir := t.TempDir()
	notBank := filepath.Join(dir, "notes.yaml")
	if err := os.WriteFile(notBank, []byte("title: notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.yaml")
	for _, tt := range []struct{ name, path, want string }{
		{"not a bank", notBank, `course: bank "` + notBank + `": not an exercise bank (no exercises: list at its top level)`},
		{"missing", missing, `course: bank "` + missing + `": `},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := PracticeCourse(tt.path); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("PracticeCourse(%q) = %v, want an error starting %q", tt.path, err, tt.want)
			}
		})
	}
}
