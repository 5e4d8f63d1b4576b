package course

import (
	"errors"
	"io/fs"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/coursefs"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// fuzzSecret is the text of a file beside the fuzzed course; no message may
// quote it.
const fuzzSecret = "FUZZ-SECRET: do not print\n"

// The parts of a fuzzed course, chosen by the bits of its layout byte.
const (
	layoutLinkOut     = 1 << iota // lessons/02.yaml is a link to a file outside
	layoutFIFO                    // lessons/03.yaml is a FIFO
	layoutLinkIn                  // exercises/b.yaml is a link to lessons/01.yaml
	layoutTemplateOut             // templates/style.css is a link to /dev/zero
	layoutCourseFile              // course.yaml is the fuzzed text
	layoutTemplate                // templates/layout.html is the fuzzed text
	layoutNamed                   // lessons/NAME.yaml is the fuzzed text too
	layoutLoop                    // lessons/loop is a link to its own folder, exercises/up one to ..
)

// writeFuzzCourse writes a course into dir (with the secret beside it) of
// the fuzzed text, in the layout the bits of layout choose.
func writeFuzzCourse(t *testing.T, dir string, layout byte, name string, text []byte) {
	t.Helper()
	outside := filepath.Join(filepath.Dir(dir), "secret.yaml")
	must := func(err error) {
		if err != nil && !errors.Is(err, fs.ErrExist) {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"lessons", "exercises", "templates"} {
		must(os.MkdirAll(filepath.Join(dir, d), 0o755))
	}
	must(os.WriteFile(outside, []byte(fuzzSecret), 0o644))
	must(os.WriteFile(filepath.Join(dir, "lessons/01.yaml"), text, 0o644))
	if layout&layoutLinkOut != 0 {
		must(os.Symlink(outside, filepath.Join(dir, "lessons/02.yaml")))
	}
	if layout&layoutFIFO != 0 {
		if err := syscall.Mkfifo(filepath.Join(dir, "lessons/03.yaml"), 0o644); err != nil {
			t.Skipf("cannot make a FIFO here (%v); the fuzz target needs mkfifo", err)
		}
	}
	if layout&layoutLinkIn != 0 {
		must(os.Symlink("../lessons/01.yaml", filepath.Join(dir, "exercises/b.yaml")))
	}
	if layout&layoutTemplateOut != 0 {
		must(os.Symlink("/dev/zero", filepath.Join(dir, "templates/style.css")))
	}
	if layout&layoutCourseFile != 0 {
		must(os.WriteFile(filepath.Join(dir, "course.yaml"), text, 0o644))
	}
	if layout&layoutTemplate != 0 {
		must(os.WriteFile(filepath.Join(dir, "templates/layout.html"), text, 0o644))
	}
	if layout&layoutNamed != 0 {
		name = strings.Map(func(r rune) rune {
			if r == '/' || r == 0 {
				return '_'
			}
			return r
		}, name)
		if len(name) > 100 {
			name = name[:100]
		}
		// A new file only: the name may be that of the FIFO.
		fh, err := os.OpenFile(filepath.Join(dir, "lessons", name+".yaml"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, err = fh.Write(text)
			must(errors.Join(err, fh.Close()))
		}
	}
	if layout&layoutLoop != 0 {
		must(os.Symlink(".", filepath.Join(dir, "lessons/loop")))
		must(os.Symlink("..", filepath.Join(dir, "exercises/up.yaml")))
	}
}

// FuzzCourseDir loads courses written to a temporary folder through coursefs.Dir,
// and checks their templates/ folder (CheckTemplates):
// fuzzed lesson, course and template text and file names, with links out
// of the course and within it, a FIFO, a link to an endless device and
// link loops. Loading must end quickly, never panic, never quote the file
// outside the course, and keep every message short.
func FuzzCourseDir(f *testing.F) {
	seeds := []string{
		goodLesson,
		lessonWith("See ![x](https://example.org/x.png)", exercisesOf(1)),
		"title: [a, b\nlevel: 1\n",
		"title: !!python/object:os.system ls\n",
		"title: caf\xe9\n\x00",
		"\ttitle: x\n",
		"title: \"open\nlevel: 1\n",
		strings.Repeat("k: v\n", 100),
	}
	if src, err := os.ReadFile("testdata/lesson.yaml"); err == nil {
		seeds = append(seeds, string(src))
	}
	for i, s := range seeds {
		f.Add(byte(i*37), "Intro_2", []byte(s))
	}
	f.Add(byte(0xff), "index", []byte(goodLesson))
	f.Fuzz(func(t *testing.T, layout byte, name string, text []byte) {
		if len(text) > 64<<10 {
			return
		}
		dir := filepath.Join(t.TempDir(), "course")
		writeFuzzCourse(t, dir, layout, name, text)
		done := make(chan error, 1)
		go func() {
			fsys, err := coursefs.Dir(dir)
			if err == nil {
				_, err = Load(fsys)
				_, errs, _ := CheckTemplates(fsys, fstest.MapFS{}) // as build's output checks read templates/
				if list, _ := err.(yamlpos.ErrorList); len(list)+len(errs) > 0 {
					err = append(list, errs...)
				}
				fsys.Close()
			}
			done <- err
		}()
		var err error
		select {
		case err = <-done:
		case <-time.After(20 * time.Second):
			var stacks strings.Builder
			pprof.Lookup("goroutine").WriteTo(&stacks, 1)
			t.Fatalf("Load did not finish within 20s:\n%s", stacks.String())
		}
		if err == nil {
			return
		}
		for _, e := range err.(yamlpos.ErrorList) {
			if strings.Contains(e.Msg, "FUZZ-SECRET") {
				t.Errorf("message quotes the file outside the course: %s", e)
			}
			if len(e.Msg) > yamlpos.MaxMessage+len("…") {
				t.Errorf("message of %d bytes, more than %d: %.200s", len(e.Msg), yamlpos.MaxMessage, e)
			}
			if e.Pos.File == "" {
				t.Errorf("message without a file: %s", e)
			}
		}
	})
}

// TestDirReadsOnlyInside checks coursefs.Dir directly: a link inside is followed, a
// link outside and .. are refused, a FIFO is refused unopened, and a file
// read through its limit fails past it.
func TestDirReadsOnlyInside(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "course")
	writeFuzzCourse(t, dir, layoutLinkOut|layoutFIFO|layoutLinkIn, "", []byte(goodLesson))
	if err := os.WriteFile(filepath.Join(dir, "templates/art.css"), make([]byte, coursefs.MaxStyleSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys, err := coursefs.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want error // nil for a file that reads
	}{
		{"lessons/01.yaml", nil},
		{"exercises/b.yaml", nil},
		{"lessons/02.yaml", errors.New("path escapes from parent")},
		{"../secret.yaml", fs.ErrInvalid},
		{"lessons/03.yaml", coursefs.ErrNotRegular},
		{"templates/art.css", coursefs.ErrTooLarge},
		{"lessons/04.yaml", fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := fs.ReadFile(fsys, tt.name)
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("ReadFile(%q) did not return within 10s", tt.name)
			}
			switch {
			case tt.want == nil && err != nil:
				t.Errorf("ReadFile(%q) = %v, want nil", tt.name, err)
			case tt.want != nil && (err == nil || !errors.Is(err, tt.want) && !strings.Contains(err.Error(), tt.want.Error())):
				t.Errorf("ReadFile(%q) = %v, want %v", tt.name, err, tt.want)
			}
		})
	}
	entries, err := fs.ReadDir(fsys, "lessons")
	if err != nil || len(entries) != 3 || entries[0].Name() != "01.yaml" {
		t.Errorf("ReadDir(lessons) = %v, %v, want 01.yaml, 02.yaml, 03.yaml", entries, err)
	}
}
