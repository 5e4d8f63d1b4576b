package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// buildRun runs "build" with args, returning the exit status and output.
func buildRun(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := exitCode(run(append([]string{"build", "--quiet"}, args...), &stdout, &stderr), &stderr)
	return code, stdout.String(), stderr.String()
}

// tree reads every file below dir into a map from slash path to contents.
func tree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)], err = os.ReadFile(p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestBuildSampleCourseIsReproducible(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, out := range []string{a, b} {
		if code, _, stderr := buildRun(t, "-o", out); code != 0 {
			t.Fatalf("build -o %s: exit %d\n%s", out, code, stderr)
		}
	}
	ta, tb := tree(t, a), tree(t, b)
	for _, want := range []string{"site/index.html", "site/style.css", "site/answer.js", "teacher/index.html", "teacher/workbook.pdf"} {
		if len(ta[want]) == 0 {
			t.Errorf("build wrote no %s", want)
		}
	}
	sameTrees(t, ta, tb, "two builds of the same course")
}

// sameTrees fails the test unless the files of builds a and b, which what
// names, are byte for byte the same.
func sameTrees(t *testing.T, a, b map[string][]byte, what string) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("%s wrote %d and %d files", what, len(a), len(b))
	}
	for name, body := range a {
		if !bytes.Equal(body, b[name]) {
			t.Errorf("%s differs between %s", name, what)
		}
	}
}

// starterCourse writes the starter course into a new folder and returns it.
func starterCourse(t *testing.T) string {
	t.Helper()
	course := filepath.Join(t.TempDir(), "course")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"new", course}, &stdout, &stderr); err != nil {
		t.Fatalf("new: %v\n%s", err, stderr.String())
	}
	return course
}

// TestBuildFailedRestoresFirst is N9's reproduction: a build killed
// between the two renames of the swap (the only swap on macOS and
// Windows) leaves the old output in .out.old and no out; the next build,
// failing on the course's problems, puts it back before proving, so that
// "out was not changed" is true.
func TestBuildFailedRestoresFirst(t *testing.T) {
	course := starterCourse(t)
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	if code, _, stderr := buildRun(t, course, "-o", out); code != 0 {
		t.Fatalf("build of the starter course: exit %d\n%s", code, stderr)
	}
	before := tree(t, out)
	if err := os.Rename(out, filepath.Join(parent, ".out.old")); err != nil { // as the kill leaves it
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(course, "course.yaml"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("zzz: 1\n")
	f.Close()
	code, _, stderr := buildRun(t, course, "-o", out)
	if code != exitFailed || !strings.Contains(stderr, "was not changed") {
		t.Fatalf("build of a course with a problem: exit %d, stderr:\n%s\nwant exit 1 and \"was not changed\"", code, stderr)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatalf("the failed build says out was not changed, but: %v", err)
	}
	sameTrees(t, before, tree(t, out), "the output before the kill and after the failed build")
	if entries, _ := os.ReadDir(parent); len(entries) != 2 { // out and .out.lock
		t.Errorf("beside out: %v, want .out.lock only", entries)
	}
}

func TestBuildBrokenLessonLeavesOutputUntouched(t *testing.T) {
	course := starterCourse(t)
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := buildRun(t, course, "-o", out); code != 0 {
		t.Fatalf("build of the starter course: exit %d\n%s", code, stderr)
	}
	before := tree(t, out)

	lesson := filepath.Join(course, "lessons", "01-first-steps.yaml")
	src, err := os.ReadFile(lesson)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(src), "answer: 8\n", "answer: 9\n", 1)
	if broken == string(src) {
		t.Fatal("the starter lesson has no \"answer: 8\" to break")
	}
	os.WriteFile(lesson, []byte(broken), 0o644)
	code, _, stderr := buildRun(t, course, "-o", out)
	if code != exitFailed || !strings.Contains(stderr, "lessons/01-first-steps.yaml:") || !strings.Contains(stderr, "was not changed") {
		t.Errorf("build of a broken course: exit %d, stderr:\n%s\nwant exit 1 naming the lesson file", code, stderr)
	}
	after := tree(t, out)
	if len(after) != len(before) {
		t.Fatalf("a failed build changed the number of files in out/: %d, was %d", len(after), len(before))
	}
	for name, body := range before {
		if !bytes.Equal(body, after[name]) {
			t.Errorf("a failed build changed %s", name)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	for _, e := range entries {
		if e.Name() != "out" && e.Name() != ".out.lock" { // the lock file stays
			t.Errorf("a failed build left %s behind", e.Name())
		}
	}
}

func TestBuildBankAlone(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := buildRun(t, "--bank", filepath.Join("..", "..", "exercises", "drills.yaml"), "-o", out)
	if code != 0 {
		t.Fatalf("build --bank: exit %d\n%s", code, stderr)
	}
	files := tree(t, out)
	if len(files["pdf/drills.pdf"]) == 0 || len(files["teacher/drills-answers.pdf"]) == 0 {
		t.Errorf("build --bank wrote %d files, want pdf/drills.pdf and its answers in teacher/; stdout: %s", len(files), stdout)
	}
}

func TestBuildBadInput(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"bad theme", []string{"--theme", "space"}, "theme"},
		{"bad paper", []string{"--paper", "a5"}, "paper"},
		{"missing course", []string{"no/such/folder"}, "no/such/folder"},
		{"missing bank", []string{"--bank", "no-such-bank.yaml"}, "no-such-bank.yaml"},
		{"course and bank", []string{"x", "--bank", "y"}, "not both"},
		{"no children", []string{"--class-size", "0"}, "--class-size 0"},
		{"a school, not a class", []string{"--class-size", "1000"}, "--class-size 1000"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			code, _, stderr := buildRun(t, append(tt.args, "-o", out)...)
			if code != exitBadInput || !strings.Contains(stderr, tt.want) {
				t.Errorf("build %v: exit %d, stderr %q; want exit 2 mentioning %q", tt.args, code, stderr, tt.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("build %v wrote %s", tt.args, out)
			}
		})
	}
}

func TestSourceDateEpoch(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	if got, err := sourceDate(); got != "2023-11-14" || err != nil {
		t.Errorf("sourceDate() = %q, %v; want 2023-11-14", got, err)
	}
	for _, v := range []string{"yesterday", "-1", "99999999999999", "253402300800"} {
		t.Setenv("SOURCE_DATE_EPOCH", v)
		if _, err := sourceDate(); err == nil {
			t.Errorf("sourceDate() accepted SOURCE_DATE_EPOCH=%s", v)
		}
	}
	t.Setenv("SOURCE_DATE_EPOCH", "253402300799")
	if got, err := sourceDate(); got != "9999-12-31" || err != nil {
		t.Errorf("sourceDate() = %q, %v; want 9999-12-31", got, err)
	}
	// A date too far is bad input, refused before the build starts.
	t.Setenv("SOURCE_DATE_EPOCH", "99999999999999")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := buildRun(t, "--bank", filepath.Join("..", "..", "exercises", "drills.yaml"), "-o", out); code != exitBadInput || !strings.Contains(stderr, "SOURCE_DATE_EPOCH") {
		t.Errorf("build with SOURCE_DATE_EPOCH=99999999999999: exit %d, %q; want exit 2 naming SOURCE_DATE_EPOCH", code, stderr)
	}
}

// TestBuildOutputNames checks -o: a trailing slash works, an empty name or
// one with no folder of its own is refused up front with status 2.
func TestBuildOutputNames(t *testing.T) {
	bank := filepath.Join("..", "..", "exercises", "drills.yaml")
	dir := t.TempDir()
	for _, tt := range []struct {
		out  string
		code int
		want string
	}{
		{filepath.Join(dir, "out") + "/", exitOK, ""},
		{"", exitBadInput, "output folder name is empty"},
		{".", exitBadInput, "folder of its own"},
		{dir, exitBadInput, ""}, // not empty (out is in it), not made by a build
	} {
		t.Run(tt.out, func(t *testing.T) {
			code, _, stderr := buildRun(t, "--bank", bank, "-o", tt.out)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("build -o %q: exit %d, %q; want exit %d and %q", tt.out, code, stderr, tt.code, tt.want)
			}
			if tt.code != exitOK && strings.Contains(stderr, "checking") {
				t.Errorf("build -o %q started work before refusing: %q", tt.out, stderr)
			}
		})
	}
	if files := tree(t, filepath.Join(dir, "out")); len(files["pdf/drills.pdf"]) == 0 {
		t.Errorf("build -o out/ wrote no pdf/drills.pdf")
	}
}

// TestBuildInterrupted checks that Ctrl-C during rendering stops the build
// with status 130 and leaves the old output as it was.
func TestBuildInterrupted(t *testing.T) {
	bank := filepath.Join("..", "..", "exercises", "drills.yaml")
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := buildRun(t, "--bank", bank, "-o", out); code != exitOK {
		t.Fatalf("build: exit %d\n%s", code, stderr)
	}
	before := tree(t, out)
	saved := interruptContext
	defer func() { interruptContext = saved }()
	interruptContext = func() (context.Context, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return ctx, cancel
	}
	code, _, stderr := buildRun(t, "--bank", bank, "-o", out)
	if code != exitInterrupted || !strings.Contains(stderr, "interrupted") {
		t.Errorf("build stopped by Ctrl-C: exit %d, %q; want %d", code, stderr, exitInterrupted)
	}
	after := tree(t, out)
	if len(after) != len(before) {
		t.Errorf("an interrupted build changed out: %d files, want %d", len(after), len(before))
	}
}

// TestGenerateThenBuild goes from nothing to a printed practice sheet in
// two commands, as a teacher would: generate a bank, build it alone.
func TestGenerateThenBuild(t *testing.T) {
	dir := t.TempDir()
	bank, out := filepath.Join(dir, "mazes.yaml"), filepath.Join(dir, "out")
	var stdout, stderr bytes.Buffer
	args := []string{"generate", "labyrinth", "--count", "6", "--seed", "3", "--theme", "farm", "-o", bank}
	if code := exitCode(run(args, &stdout, &stderr), &stderr); code != 0 {
		t.Fatalf("%v: exit %d\n%s", args, code, stderr.String())
	}
	code, _, errs := buildRun(t, "--bank", bank, "-o", out)
	if code != 0 {
		t.Fatalf("build --bank %s: exit %d\n%s", bank, code, errs)
	}
	files := tree(t, out)
	page := string(files["site/mazes.html"])
	if len(files["pdf/mazes.pdf"]) == 0 || !strings.Contains(page, "wolf") {
		t.Errorf("the practice sheet has no pdf/mazes.pdf, or its page does not speak of the wolf (farm theme): %d files", len(files))
	}
}
