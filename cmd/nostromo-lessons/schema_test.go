package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"nostromo-lessons/internal/schema"
)

func TestSchemaPrints(t *testing.T) {
	for _, tt := range []struct {
		args []string
		file string
	}{
		{nil, schema.LessonFile},
		{[]string{"--file", "course"}, schema.CourseFile},
		{[]string{"--file", "lesson"}, schema.LessonFile},
		{[]string{"--file", "bank"}, schema.BankFile},
	} {
		stdout, stderr, code := runCmd(t, append([]string{"schema"}, tt.args...)...)
		var want []byte
		for _, f := range schema.Files() {
			if f.Name == tt.file {
				want = f.Data
			}
		}
		if code != exitOK || stdout != string(want) || stderr != "" {
			t.Errorf("schema %q = exit %d, stderr %q, stdout of %d bytes; want 0 and %s (%d bytes)", tt.args, code, stderr, len(stdout), tt.file, len(want))
		}
	}
}

func TestSchemaBadInput(t *testing.T) {
	notCourse := t.TempDir()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"schema", "--file", "exercise"}, `--file "exercise": want course, lesson or bank`},
		{[]string{"schema", "--file", "bank", starterCourse(t)}, "with DIR all three are written"},
		{[]string{"schema", notCourse}, "is not a course folder"},
		{[]string{"schema", filepath.Join(notCourse, "missing")}, "no such file"},
		{[]string{"schema", "a", "b"}, "got 2 arguments, want 0 to 1"},
	} {
		_, stderr, code := runCmd(t, tt.args...)
		if code != exitBadInput || !strings.Contains(stderr, tt.want) {
			t.Errorf("%q = exit %d, stderr %q; want %d and %q", tt.args, code, stderr, exitBadInput, tt.want)
		}
	}
	if entries, _ := os.ReadDir(notCourse); len(entries) != 0 {
		t.Errorf("schema wrote into a folder that is not a course: %v", entries)
	}

	// A .nostromo that links elsewhere: nothing is written there.
	course, elsewhere := starterCourse(t), t.TempDir()
	link := filepath.Join(course, schema.Dir)
	if err := os.RemoveAll(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	_, stderr, code := runCmd(t, "schema", course)
	if code != exitBadInput || !strings.Contains(stderr, "is not a folder (a link or a file)") {
		t.Errorf("schema into a linked .nostromo = exit %d, stderr %q", code, stderr)
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("schema wrote through the link: %v", entries)
	}
}

var modeline = regexp.MustCompile(`^# yaml-language-server: \$schema=(\S+)\n`)

// TestNewWritesSchemas checks that new writes the schemas into the course
// and that the first line of every YAML file names its schema by a path
// that, relative to the file's folder, is there; then that schema DIR
// writes them again after a change, and the course still passes check.
func TestNewWritesSchemas(t *testing.T) {
	dir := starterCourse(t)
	for _, f := range schema.Files() {
		got, err := os.ReadFile(filepath.Join(dir, schema.Dir, f.Name))
		if err != nil || !bytes.Equal(got, f.Data) {
			t.Errorf("new wrote %s wrong (%v)", f.Name, err)
		}
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	more, _ := filepath.Glob(filepath.Join(dir, "*", "*.yaml"))
	names = append(names, more...)
	if len(names) != 3 {
		t.Fatalf("new wrote %d YAML files, want 3: %q", len(names), names)
	}
	for _, name := range names {
		src, _ := os.ReadFile(name)
		m := modeline.FindSubmatch(src)
		if m == nil {
			t.Errorf("%s does not start with a modeline:\n%.200s", name, src)
			continue
		}
		target := filepath.Join(filepath.Dir(name), filepath.FromSlash(string(m[1])))
		rel, _ := filepath.Rel(dir, name)
		if want := schema.For(filepath.ToSlash(rel)); filepath.Base(target) != want {
			t.Errorf("%s names %s, want %s", rel, m[1], want)
		}
		if _, err := os.Stat(target); err != nil {
			t.Errorf("%s names %s, which is not there: %v", rel, m[1], err)
		}
	}

	stale := filepath.Join(dir, schema.Dir, schema.LessonFile)
	if err := os.WriteFile(stale, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lesson := filepath.Join(dir, "lessons", "02-bare.yaml")
	if err := os.WriteFile(lesson, []byte("title: Bare\nlevel: 1\nsummary: S.\nintro: Hi.\ninclude: [exercises/practice.yaml]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runCmd(t, "schema", dir)
	wantOut := "wrote 3 schemas to " + filepath.Join(dir, schema.Dir) + "\n" +
		"lessons/02-bare.yaml has no modeline; for completion in an editor, start it with:\n" +
		"  # yaml-language-server: $schema=../.nostromo/lesson.schema.json\n"
	if code != exitOK || stdout != wantOut || stderr != "" {
		t.Errorf("schema DIR = exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, stdout, wantOut)
	}
	if got, _ := os.ReadFile(stale); bytes.Equal(got, []byte("{}\n")) {
		t.Errorf("schema DIR did not refresh %s", schema.LessonFile)
	}
	if stdout, stderr, code := runCmd(t, "check", dir); code != exitOK {
		t.Errorf("check of the starter course with its schemas = exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
