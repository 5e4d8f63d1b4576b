package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/budget"
)

// runCmd runs the command line args and returns its output and exit code.
func runCmd(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = exitCode(run(args, &out, &errOut), &errOut)
	return out.String(), errOut.String(), code
}

func TestCheckSampleCourse(t *testing.T) {
	stdout, stderr, code := runCmd(t, "check")
	if code != exitOK || stderr != "" {
		t.Fatalf("check = exit %d, stderr %q", code, stderr)
	}
	want := regexp.MustCompile(fmt.Sprintf(`^ok: %d lessons, \d+ exercises verified in \d+\.\ds \(the sample course\)\n$`, sampleLessons(t)))
	if !want.MatchString(stdout) {
		t.Errorf("check printed %q, want a line like %q", stdout, want)
	}
}

// sampleLessons counts the lesson files of the embedded sample course, so
// that tests of its summary lines follow the course as it grows.
func sampleLessons(t *testing.T) int {
	t.Helper()
	files, err := fs.Glob(nostromo.Course(), "lessons/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("sample course lessons: %v (%d files)", err, len(files))
	}
	return len(files)
}

func TestNewThenCheck(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "course")
	stdout, stderr, code := runCmd(t, "new", dir)
	if code != exitOK || !strings.Contains(stdout, "wrote a starter course") {
		t.Fatalf("new %s = exit %d, stdout %q, stderr %q", dir, code, stdout, stderr)
	}
	for _, name := range []string{"course.yaml", "lessons/01-first-steps.yaml", "exercises/practice.yaml"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("new did not write %s: %v", name, err)
		}
	}
	stdout, stderr, code = runCmd(t, "check", dir)
	if code != exitOK || !strings.HasPrefix(stdout, "ok: 1 lesson, 6 exercises verified in ") {
		t.Fatalf("check %s = exit %d, stdout %q, stderr %q", dir, code, stdout, stderr)
	}

	// A wrong answer and a misspelled key: both reported, exit status 1.
	lesson := filepath.Join(dir, "lessons", "01-first-steps.yaml")
	src, err := os.ReadFile(lesson)
	if err != nil {
		t.Fatal(err)
	}
	src = bytes.Replace(src, []byte("answer: 8\n"), []byte("answer: 9\n"), 1)
	src = bytes.Replace(src, []byte("hint:"), []byte("hnit:"), 1)
	if err := os.WriteFile(lesson, src, 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code = runCmd(t, "check", dir)
	want := `lessons/01-first-steps.yaml:24:5: exercise "first-jumps" (knight-moves): unknown key "hnit" (did you mean "hint"?)
lessons/01-first-steps.yaml:28:13: exercise "first-count" (count-moves): answer 9, but White has 8 legal moves (Kd1, Kf1, b3, c3, d3, e3, f3, g3)
`
	if code != exitFailed || stdout != "" || stderr != want {
		t.Errorf("check of a wrong course = exit %d, stdout %q, stderr:\n%s\nwant exit 1 and stderr:\n%s", code, stdout, stderr, want)
	}

	// new refuses a folder that is not empty.
	if _, stderr, code := runCmd(t, "new", dir); code != exitBadInput || !strings.Contains(stderr, "is not empty") {
		t.Errorf("new into a full folder = exit %d, stderr %q", code, stderr)
	}
}

func TestCheckBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"check", "no/such/folder"}, `course "no/such/folder": no such file or directory`},
		{[]string{"check", "check_test.go"}, `course "check_test.go": not a folder`},
		{[]string{"check", "a", "b"}, "check: got 2 arguments, want 0 to 1"},
		{[]string{"new"}, "new: missing DIR, the folder to write the course into"},
		{[]string{"new", ""}, "new: the folder name is empty; name a new folder, such as my-course"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, stderr, code := runCmd(t, tt.args...)
			if code != exitBadInput || !strings.Contains(stderr, tt.want) {
				t.Errorf("%v = exit %d, stderr %q, want exit 2 and %q", tt.args, code, stderr, tt.want)
			}
		})
	}
}

// TestCheckCache checks that the proof cache never hides a wrong answer:
// after a build fills it, a wrong answer fails at its line, and --no-cache
// and a spoiled cache give the same verdicts as a cold run.
func TestCheckCache(t *testing.T) {
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	dir := starterCourse(t)
	if code, _, stderr := runCLI(t, "build", "--quiet", dir, "-o", filepath.Join(t.TempDir(), "out")); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, stderr)
	}
	entries, _ := filepath.Glob(filepath.Join(os.Getenv("NOSTROMO_CACHE"), "*", "*.json"))
	if len(entries) == 0 {
		t.Fatal("build left the proof cache empty")
	}
	lesson := filepath.Join(dir, "lessons", "01-first-steps.yaml")
	src, err := os.ReadFile(lesson)
	if err != nil {
		t.Fatal(err)
	}
	wrong := strings.Replace(string(src), "w 2 3\n    side: white\n    answer: 1", "w 2 3\n    side: white\n    answer: 2", 1)
	if wrong == string(src) {
		t.Fatal("the starter lesson no longer has the moves-to-win exercise this test changes")
	}
	if err := os.WriteFile(lesson, []byte(wrong), 0o644); err != nil {
		t.Fatal(err)
	}
	const want = "01-first-steps.yaml:46:13:"
	_, _, warm := runCLI(t, "check", dir)
	if !strings.Contains(warm, want) {
		t.Fatalf("check with a warm cache:\n%s\nwant an error at %s", warm, want)
	}
	_, _, cold := runCLI(t, "check", "--no-cache", dir)
	for _, e := range entries {
		if err := os.WriteFile(e, []byte("nostromo-lessons proof 1 0000\n{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, _, spoiled := runCLI(t, "check", dir)
	if warm != cold || spoiled != cold {
		t.Errorf("verdicts differ:\nwarm:\n%s\n--no-cache:\n%s\nspoiled cache:\n%s", warm, cold, spoiled)
	}
}

// TestCheckJSON checks check --json: a JSON list on standard output only,
// one entry per problem with its position, and the exit status of check.
func TestCheckJSON(t *testing.T) {
	dir := starterCourse(t)
	code, stdout, stderr := runCLI(t, "check", "--json", dir)
	if code != exitOK || strings.TrimSpace(stdout) != "[]" || stderr != "" {
		t.Fatalf("check --json of a good course: exit %d, stdout %q, stderr %q; want 0, [] and nothing", code, stdout, stderr)
	}
	lesson := filepath.Join(dir, "lessons", "01-first-steps.yaml")
	src, err := os.ReadFile(lesson)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(src), "    answer: 8\n", "    answer: 7\n", 1)
	broken = strings.Replace(broken, "title:", "colour: blue\ntitle:", 1)
	if err := os.WriteFile(lesson, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI(t, "check", "--json", dir)
	var got []problemJSON
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("stdout is not a JSON list: %v\n%s", err, stdout)
	}
	if code != exitFailed || stderr != "" || len(got) != 2 {
		t.Fatalf("check --json of a broken course: exit %d, %d problems, stderr %q; want %d, 2 problems, nothing\n%s", code, len(got), stderr, exitFailed, stdout)
	}
	first := got[0]
	if first.File != "lessons/01-first-steps.yaml" || first.Line != 3 || first.Column != 1 || first.Severity != "error" || !strings.Contains(first.Message, `unknown key "colour"`) {
		t.Errorf("first problem %+v, want the unknown key at lessons/01-first-steps.yaml:3:1", first)
	}
	if second := got[1]; second.Line < 3 || !strings.Contains(second.Message, "answer 7") {
		t.Errorf("second problem %+v, want the wrong answer 7", second)
	}
}

// capacity runs TestCapacity: a minute or two and 2-3 GB of memory.
var capacity = flag.Bool("capacity", false, "check bench/middlegame, positions of 3-5 pawns, cold (a minute or two, 2-3 GB)")

// TestCapacity checks the positions children play: bench/middlegame (three
// pawns with one on rank 2, a five-pawn middle game, twenty generated
// middle games of four pawns) passes check with no flag, and a wrong answer
// to either of its two hand-written positions is a positioned error.
func TestCapacity(t *testing.T) {
	if !*capacity {
		t.Skip("a minute or two of proving; run with -capacity")
	}
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	dir := filepath.Join(t.TempDir(), "middlegame")
	if err := os.CopyFS(dir, os.DirFS("../../bench/middlegame")); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runCLI(t, "check", dir); code != exitOK {
		t.Fatalf("check bench/middlegame: exit %d\n%s%s", code, stdout, stderr)
	}
	lesson := filepath.Join(dir, "lessons", "01-middle-games.yaml")
	src, err := os.ReadFile(lesson)
	if err != nil {
		t.Fatal(err)
	}
	wrong := strings.Replace(strings.Replace(string(src), "answer: 7", "answer: 6", 1), "answer: draw", "answer: white", 1)
	if err := os.WriteFile(lesson, []byte(wrong), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "check", dir)
	for _, want := range []string{"01-middle-games.yaml:12:13: ", "answer 6, but Black needs 7 moves", "01-middle-games.yaml:16:13: ", "answer white, but it is a draw"} {
		if code != exitFailed || !strings.Contains(stderr, want) {
			t.Errorf("check with wrong answers: exit %d, want %d and %q in\n%s", code, exitFailed, want, stderr)
		}
	}
}

// TestDefaultCourse checks the course that build, check and stats take
// without a folder: the current folder's own course (a course.yaml that is
// not the sample course's, or lessons without one), else the sample course.
func TestDefaultCourse(t *testing.T) {
	sample, err := fs.ReadFile(nostromo.Course(), "course.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const sampleTitle = "Ripley, the crew members and the alien: 15 lessons"
	tests := []struct {
		name    string
		course  []byte // the current folder's course.yaml, nil for none
		lessons bool   // whether the folder holds the starter's lessons
		code    int
		want    string // the start of what stats prints, to stdout and stderr
	}{
		{"own course", []byte("title: My course\n"), true, exitOK, "My course: 1 lesson"},
		{"own course.yaml without lessons", []byte("title: My course\n"), false, exitFailed, "lessons: cannot read the folder"},
		{"lessons without course.yaml", nil, true, exitOK, "The course: 1 lesson"},
		{"the sample course's folder", sample, true, exitOK, sampleTitle},
		{"no course", nil, false, exitOK, sampleTitle},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "course")
			if _, stderr, code := runCmd(t, "new", dir); code != exitOK {
				t.Fatalf("new %s: status %d, %s", dir, code, stderr)
			}
			name := filepath.Join(dir, "course.yaml")
			if err := os.Remove(name); err != nil {
				t.Fatal(err)
			}
			if tt.course != nil {
				if err := os.WriteFile(name, tt.course, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if !tt.lessons {
				if err := os.RemoveAll(filepath.Join(dir, "lessons")); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			stdout, stderr, code := runCmd(t, "stats")
			if code != tt.code || !strings.HasPrefix(stdout+stderr, tt.want) {
				t.Errorf("stats in a folder with course.yaml %q, lessons %v: status %d, stdout %q, stderr %q; want status %d, output starting %q", tt.course, tt.lessons, code, strings.SplitN(stdout, "\n", 2)[0], stderr, tt.code, tt.want)
			}
		})
	}
}

// TestCourseBudgetOverMemory checks that a budget: in course.yaml larger
// than the machine's memory is refused at its line and column, and that
// --budget overrides it.
func TestCourseBudgetOverMemory(t *testing.T) {
	if m := budget.Memory(); m == 0 || m >= 1e12 {
		t.Skipf("the machine's memory (%d bytes) is unknown or 1TB or more", m)
	}
	dir := starterCourse(t)
	name := filepath.Join(dir, "course.yaml")
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	line := bytes.Count(src, []byte("\n")) + 1
	if err := os.WriteFile(name, append(src, "budget: 1TB\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("course.yaml:%d:9: budget 1TB is more than this machine's memory", line)
	if _, stderr, code := runCmd(t, "check", dir); code != exitBadInput || !strings.Contains(stderr, want) {
		t.Errorf("check with budget: 1TB = exit %d, %q; want exit 2 and %q", code, stderr, want)
	}
	if _, stderr, code := runCmd(t, "check", "--budget", "2GB", dir); code != exitOK {
		t.Errorf("check --budget 2GB with budget: 1TB = exit %d, %q; want 0", code, stderr)
	}
}
