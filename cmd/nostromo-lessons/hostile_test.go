package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// secret is the text of a file outside the course that a hostile course
// tries to read; no line of it may reach a message or the output.
const secret = "SECRET-LINE-1: root\nSECRET-LINE-2: x\n"

// runWithin runs the command line args, failing the test if it takes more
// than d (a FIFO used to hang check forever).
func runWithin(t *testing.T, d time.Duration, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	type result struct {
		stdout, stderr string
		code           int
	}
	done := make(chan result, 1)
	go func() {
		var out, errOut bytes.Buffer
		code := exitCode(run(args, &out, &errOut), &errOut)
		done <- result{out.String(), errOut.String(), code}
	}()
	select {
	case r := <-done:
		return r.stdout, r.stderr, r.code
	case <-time.After(d):
		t.Fatalf("%v did not finish within %v", args, d)
	}
	return "", "", 0
}

// mkfifo makes a FIFO at path, or skips the test where the system refuses.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("cannot make a FIFO here (%v); the test needs mkfifo", err)
	}
}

// mkzero makes a character device like /dev/zero at path, or skips the
// test where the system refuses (mknod needs root; CI runs as root).
func mkzero(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o644, 1<<8|5); err != nil {
		t.Skipf("cannot make a device node here (%v); the test needs mknod, as root", err)
	}
}

// hostileCourse writes the starter course into a folder with a secret file
// beside it, applies setup, and returns the course folder.
func hostileCourse(t *testing.T, setup func(t *testing.T, dir, outside string)) string {
	t.Helper()
	dir := starterCourse(t)
	outside := filepath.Join(filepath.Dir(dir), "outside")
	if err := os.MkdirAll(filepath.Join(outside, "folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"secret.yaml", "folder/01-secret.yaml", "folder/style.css"} {
		if err := os.WriteFile(filepath.Join(outside, name), []byte(secret), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	setup(t, dir, outside)
	return dir
}

func symlink(t *testing.T, target, name string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	os.Remove(name)
	if err := os.Symlink(target, name); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestHostileCourse checks that check and build read nothing outside the
// course, open nothing but regular files and stay within the size limits:
// each case is a positioned error, quickly, with no line of the secret.
func TestHostileCourse(t *testing.T) {
	const escapes = ":1:1: cannot read: path escapes from parent"
	tests := []struct {
		name  string
		setup func(t *testing.T, dir, outside string)
		want  string // a line of check's messages
	}{
		{"lesson linked outside", func(t *testing.T, dir, outside string) {
			symlink(t, filepath.Join(outside, "secret.yaml"), filepath.Join(dir, "lessons/02-leak.yaml"))
		}, "lessons/02-leak.yaml" + escapes},
		{"lesson linked outside by ..", func(t *testing.T, dir, outside string) {
			symlink(t, "../../outside/secret.yaml", filepath.Join(dir, "lessons/02-leak.yaml"))
		}, "lessons/02-leak.yaml" + escapes},
		{"bank linked outside", func(t *testing.T, dir, outside string) {
			symlink(t, filepath.Join(outside, "secret.yaml"), filepath.Join(dir, "exercises/leak.yaml"))
		}, "exercises/leak.yaml" + escapes},
		{"course file linked outside", func(t *testing.T, dir, outside string) {
			symlink(t, filepath.Join(outside, "secret.yaml"), filepath.Join(dir, "course.yaml"))
		}, "course.yaml" + escapes},
		{"lessons folder linked outside", func(t *testing.T, dir, outside string) {
			os.RemoveAll(filepath.Join(dir, "lessons"))
			symlink(t, filepath.Join(outside, "folder"), filepath.Join(dir, "lessons"))
		}, "lessons: cannot read the folder: path escapes from parent"},
		{"exercises folder linked outside", func(t *testing.T, dir, outside string) {
			os.RemoveAll(filepath.Join(dir, "exercises"))
			symlink(t, filepath.Join(outside, "folder"), filepath.Join(dir, "exercises"))
		}, "exercises: cannot read the folder: path escapes from parent"},
		{"lesson linked by an absolute path inside", func(t *testing.T, dir, outside string) {
			symlink(t, filepath.Join(dir, "lessons/01-first-steps.yaml"), filepath.Join(dir, "lessons/02-again.yaml"))
		}, "lessons/02-again.yaml" + escapes},
		{"template linked outside", func(t *testing.T, dir, outside string) {
			symlink(t, filepath.Join(outside, "folder/style.css"), filepath.Join(dir, "templates/style.css"))
		}, "templates/style.css" + escapes},
		{"templates folder linked outside", func(t *testing.T, dir, outside string) {
			symlink(t, filepath.Join(outside, "folder"), filepath.Join(dir, "templates"))
		}, "templates: cannot read the folder: path escapes from parent"},
		{"lesson is a FIFO", func(t *testing.T, dir, outside string) {
			mkfifo(t, filepath.Join(dir, "lessons/02-fifo.yaml"))
		}, "lessons/02-fifo.yaml:1:1: cannot read: not a regular file (a named pipe)"},
		{"bank is a FIFO", func(t *testing.T, dir, outside string) {
			mkfifo(t, filepath.Join(dir, "exercises/fifo.yaml"))
		}, "exercises/fifo.yaml:1:1: cannot read: not a regular file (a named pipe)"},
		{"course file is a FIFO", func(t *testing.T, dir, outside string) {
			os.Remove(filepath.Join(dir, "course.yaml"))
			mkfifo(t, filepath.Join(dir, "course.yaml"))
		}, "course.yaml:1:1: cannot read: not a regular file (a named pipe)"},
		{"template is a FIFO", func(t *testing.T, dir, outside string) {
			os.MkdirAll(filepath.Join(dir, "templates"), 0o755)
			mkfifo(t, filepath.Join(dir, "templates/style.css"))
		}, "templates/style.css:1:1: cannot read: not a regular file (a named pipe)"},
		{"template is an endless device", func(t *testing.T, dir, outside string) {
			os.MkdirAll(filepath.Join(dir, "templates"), 0o755)
			mkzero(t, filepath.Join(dir, "templates/style.css"))
		}, "templates/style.css:1:1: cannot read: not a regular file (a character device)"},
		{"lesson is an endless device", func(t *testing.T, dir, outside string) {
			mkzero(t, filepath.Join(dir, "lessons/02-zero.yaml"))
		}, "lessons/02-zero.yaml:1:1: cannot read: not a regular file (a character device)"},
		{"oversized template", func(t *testing.T, dir, outside string) {
			writeFile(t, filepath.Join(dir, "templates/style.css"), bytes.Repeat([]byte("a{}\n"), 100_000))
		}, "templates/style.css:1:1: file is more than 262144 bytes, the limit"},
		{"oversized art", func(t *testing.T, dir, outside string) {
			writeFile(t, filepath.Join(dir, "templates/art/classic/king.art"), bytes.Repeat([]byte("# comment\n"), 10_000))
		}, "templates/art/classic/king.art:1:1: file is more than 65536 bytes, the limit"},
		{"course file is a folder", func(t *testing.T, dir, outside string) {
			os.Remove(filepath.Join(dir, "course.yaml"))
			os.Mkdir(filepath.Join(dir, "course.yaml"), 0o755)
		}, "course.yaml:1:1: cannot read: is a folder, not a file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := hostileCourse(t, tt.setup)
			_, stderr, code := runWithin(t, 20*time.Second, "check", dir)
			if code != exitFailed || !strings.Contains(stderr, tt.want+"\n") {
				t.Errorf("check = exit %d, stderr:\n%s\nwant exit 1 and the line %q", code, stderr, tt.want)
			}
			out := filepath.Join(t.TempDir(), "out")
			_, berr, code := runWithin(t, 20*time.Second, "build", "--quiet", dir, "-o", out)
			if code != exitFailed || !strings.Contains(berr, tt.want+"\n") {
				t.Errorf("build = exit %d, stderr:\n%s\nwant exit 1 and the line %q", code, berr, tt.want)
			}
			if strings.Contains(stderr+berr, "SECRET") {
				t.Errorf("messages quote the file outside the course:\n%s%s", stderr, berr)
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("build wrote %s: %v", out, err)
			}
		})
	}
}

// TestLinksInsideCourse checks that a link that stays inside the course is
// followed: a course may share its course file or a bank by a link.
func TestLinksInsideCourse(t *testing.T) {
	dir := hostileCourse(t, func(t *testing.T, dir, outside string) {
		if err := os.Rename(filepath.Join(dir, "course.yaml"), filepath.Join(dir, "shared.yaml")); err != nil {
			t.Fatal(err)
		}
		symlink(t, "shared.yaml", filepath.Join(dir, "course.yaml"))
		symlink(t, "../exercises", filepath.Join(dir, "lessons/sub"))
		symlink(t, "../lessons", filepath.Join(dir, "templates/art"))
	})
	stdout, stderr, code := runWithin(t, 20*time.Second, "check", dir)
	if code != exitOK || !strings.HasPrefix(stdout, "ok: 1 lesson") {
		t.Errorf("check = exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
}

// TestBankAloneIsChecked checks that build --bank opens its file as a
// course file is opened: never a FIFO or a device, never past the limit.
func TestBankAloneIsChecked(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, path string)
		want  string
	}{
		{"FIFO", func(t *testing.T, path string) { mkfifo(t, path) }, "not a regular file (a named pipe)"},
		{"device", func(t *testing.T, path string) { mkzero(t, path) }, "not a regular file (a character device)"},
		{"oversized", func(t *testing.T, path string) {
			writeFile(t, path, bytes.Repeat([]byte("# x\n"), 300_000))
		}, "file is more than 1048576 bytes, the limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bank.yaml")
			tt.setup(t, path)
			_, stderr, code := runWithin(t, 20*time.Second, "build", "--quiet", "--bank", path, "-o", filepath.Join(t.TempDir(), "out"))
			if code != exitBadInput || !strings.Contains(stderr, tt.want) {
				t.Errorf("build --bank = exit %d, stderr %q, want exit 2 and %q", code, stderr, tt.want)
			}
		})
	}
}

// plainLesson is a lesson with no exercise ids, so that copies of it do not
// collide.
const plainLesson = `title: Plain
level: 1
summary: A lesson.
intro: Hello.
exercises:
  - kind: count-moves
    position: start
    answer: 8
`

// TestLessonFileNames checks that check refuses every lesson file name that
// build would refuse, with a position, and that build makes a page id of
// the others.
func TestLessonFileNames(t *testing.T) {
	tests := []struct {
		files []string
		want  string // a line of check's messages, or "" for a good course
		page  string // with want "", a page build writes
	}{
		{[]string{"Intro_2.yaml"}, "", "site/intro-2.html"},
		{[]string{"02-A.yaml"}, "", "site/02-a.html"},
		{[]string{"my lesson.yaml"}, "", "site/my-lesson.html"},
		{[]string{"index.yaml"}, `lessons/index.yaml:1:1: page id "index" is the name of an output file; rename the lesson file`, ""},
		{[]string{"workbook.yaml"}, `lessons/workbook.yaml:1:1: page id "workbook" is the name of an output file; rename the lesson file`, ""},
		{[]string{"checklist.yaml"}, `lessons/checklist.yaml:1:1: page id "checklist" is the name of an output file; rename the lesson file`, ""},
		{[]string{"certificates.yaml"}, `lessons/certificates.yaml:1:1: page id "certificates" is the name of an output file; rename the lesson file`, ""},
		{[]string{"scoresheet.yaml"}, `lessons/scoresheet.yaml:1:1: page id "scoresheet" is the name of an output file; rename the lesson file`, ""},
		{[]string{"02-x.yaml", "02-x-play.yaml"}, `lessons/02-x-play.yaml:1:1: page id "02-x-play" is the name of an output file of lessons/02-x.yaml; rename the lesson file`, ""},
		{[]string{"02-x.yaml", "02-x-answers.yaml"}, `lessons/02-x-answers.yaml:1:1: page id "02-x-answers" is the name of an output file of lessons/02-x.yaml; rename the lesson file`, ""},
		{[]string{"Intro_2.yaml", "intro-2.yaml"}, `lessons/intro-2.yaml:1:1: page id "intro-2" is the page id of lessons/Intro_2.yaml; rename the lesson file`, ""},
		{[]string{"\u00fcber.yaml"}, "", "site/uber.html"},
		{[]string{"u\u0308ber.yaml", "\u00fcber.yaml"}, "lessons/\u00fcber.yaml:1:1: page id \"uber\" is the page id of lessons/u\u0308ber.yaml; rename the lesson file", ""},
		{[]string{"uber.yaml", "\u00fcber.yaml"}, "lessons/\u00fcber.yaml:1:1: page id \"uber\" is the page id of lessons/uber.yaml; rename the lesson file", ""},
		{[]string{"___.yaml"}, `lessons/___.yaml:1:1: lesson file name "___" makes no page id: want at most 64 letters a-z, digits, - or _, like 02-flight`, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.files, ","), func(t *testing.T) {
			dir := t.TempDir()
			for _, name := range tt.files {
				writeFile(t, filepath.Join(dir, "lessons", name), []byte(plainLesson))
			}
			_, stderr, code := runWithin(t, 20*time.Second, "check", dir)
			if tt.want == "" && code != exitOK || tt.want != "" && (code != exitFailed || !strings.Contains(stderr, tt.want+"\n")) {
				t.Errorf("check = exit %d, stderr:\n%s\nwant the line %q", code, stderr, tt.want)
			}
			out := filepath.Join(t.TempDir(), "out")
			_, berr, code := runWithin(t, 60*time.Second, "build", "--quiet", dir, "-o", out)
			switch {
			case tt.want != "" && (code != exitFailed || !strings.Contains(berr, tt.want+"\n")):
				t.Errorf("build = exit %d, stderr:\n%s\nwant the line %q", code, berr, tt.want)
			case tt.want == "" && code != exitOK:
				t.Errorf("build = exit %d, stderr:\n%s", code, berr)
			case tt.want == "":
				if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(tt.page))); err != nil {
					t.Errorf("build did not write %s: %v", tt.page, err)
				}
			}
		})
	}
}

// TestCourseTemplates checks that check warns about scripts in a course's
// templates (exit 0), but not about the embedded templates' own, and that
// build --no-course-templates uses the embedded templates only, not
// reading the course's at all.
func TestCourseTemplates(t *testing.T) {
	dir := starterCourse(t)
	layout, err := os.ReadFile("../../templates/layout.html")
	if err != nil {
		t.Fatal(err)
	}
	layout = bytes.Replace(layout, []byte("</head>"), []byte("<script src=\"x.js\"></script>\n</head>"), 1)
	layout = bytes.Replace(layout, []byte("<body"), []byte("<body onload=\"track()\""), 1)
	writeFile(t, filepath.Join(dir, "templates/layout.html"), layout)
	writeFile(t, filepath.Join(dir, "templates/style.css"), []byte("body { color: red }\n"))
	writeFile(t, filepath.Join(dir, "templates/answer.js"), []byte("track();\n"))

	// The copy of layout.html keeps the embedded scripts (the words, the
	// answers' script): no warning for them, only for what the course adds.
	stdout, stderr, code := runWithin(t, 20*time.Second, "check", dir)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if code != exitOK || !strings.HasPrefix(stdout, "ok: ") || len(lines) != 3 ||
		!strings.Contains(lines[0], "templates/answer.js:1:1: warning: template is a script") ||
		!strings.Contains(lines[1], "templates/layout.html:") || !strings.Contains(lines[1], ": warning: template holds a <script> element") ||
		!strings.Contains(lines[2], `: warning: template holds an event handler attribute "onload"`) {
		t.Errorf("check = exit %d, stdout %q, stderr:\n%s\nwant exit 0 and three warnings", code, stdout, stderr)
	}

	out := filepath.Join(t.TempDir(), "out")
	if _, stderr, code := runWithin(t, 60*time.Second, "build", "--quiet", dir, "-o", out); code != exitOK {
		t.Fatalf("build = exit %d, stderr:\n%s", code, stderr)
	}
	if css, _ := os.ReadFile(filepath.Join(out, "site/style.css")); string(css) != "body { color: red }\n" {
		t.Errorf("build used the embedded style.css, want the course's")
	}
	if js, _ := os.ReadFile(filepath.Join(out, "site/answer.js")); string(js) != "track();\n" {
		t.Errorf("build used the embedded answer.js, want the course's")
	}

	// A FIFO among the templates does not matter when they are not read.
	mkfifo(t, filepath.Join(dir, "templates/index.html"))
	out = filepath.Join(t.TempDir(), "out")
	if _, stderr, code := runWithin(t, 60*time.Second, "build", "--quiet", "--no-course-templates", dir, "-o", out); code != exitOK || stderr != "" {
		t.Fatalf("build --no-course-templates = exit %d, stderr:\n%s", code, stderr)
	}
	embedded, err := os.ReadFile("../../templates/style.css")
	if err != nil {
		t.Fatal(err)
	}
	if css, _ := os.ReadFile(filepath.Join(out, "site/style.css")); !bytes.Equal(css, embedded) {
		t.Errorf("build --no-course-templates used the course's style.css, want the embedded one")
	}
	if js, _ := os.ReadFile(filepath.Join(out, "site/answer.js")); bytes.Contains(js, []byte("track()")) {
		t.Errorf("build --no-course-templates used the course's answer.js, want the embedded one")
	}
	if page, _ := os.ReadFile(filepath.Join(out, "site/index.html")); bytes.Contains(page, []byte("x.js")) || bytes.Contains(page, []byte("onload")) {
		t.Errorf("build --no-course-templates wrote a page with the course's script")
	}
	// check --no-course-templates checks what that build uses: no
	// warning of the scripts, and the FIFO is not opened.
	if stdout, stderr, code := runWithin(t, 20*time.Second, "check", "--no-course-templates", dir); code != exitOK || !strings.HasPrefix(stdout, "ok: ") || stderr != "" {
		t.Errorf("check --no-course-templates = exit %d, stdout %q, stderr:\n%s\nwant exit 0 and no warning", code, stdout, stderr)
	}
}

// TestBrokenCourseTemplates checks that check refuses, with a position,
// the templates and art that build could not parse.
func TestBrokenCourseTemplates(t *testing.T) {
	tests := []struct {
		name, text string
		want       string
	}{
		{"lesson.html", "{{define \"main\"}}\n<p>{{.Title</p>\n{{end}}\n", "templates/lesson.html:2:1: "},
		{"art/farm/king.art", "# a king\nwhite black 2: M 0 0 L 200 0 Z\n", `templates/art/farm/king.art:2:1: path command L: number "200": want -10 to 110`},
		{"art/alien/pawn.art", "# nothing\n", "templates/art/alien/pawn.art: no paths"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := starterCourse(t)
			writeFile(t, filepath.Join(dir, "templates", tt.name), []byte(tt.text))
			_, stderr, code := runWithin(t, 20*time.Second, "check", dir)
			if code != exitFailed || !strings.Contains(stderr, tt.want) {
				t.Errorf("check = exit %d, stderr:\n%s\nwant exit 1 and %q", code, stderr, tt.want)
			}
		})
	}
}

// TestBankRefused checks that build --bank refuses a symbolic link (to a
// bank or to anything else) and a file that is no bank, with exit status 2,
// without quoting a line of it and without writing anything.
func TestBankRefused(t *testing.T) {
	dir := t.TempDir()
	secretFile := filepath.Join(dir, "shadow")
	writeFile(t, secretFile, []byte("SECRET:*:20228:0:99999:7:::\n"))
	bank, err := os.ReadFile(filepath.Join("..", "..", "exercises", "drills.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "drills.yaml"), bank)
	symlink(t, secretFile, filepath.Join(dir, "leak.yaml"))
	symlink(t, "drills.yaml", filepath.Join(dir, "linked.yaml"))
	tests := []struct{ name, bank, want string }{
		{"link to a secret", "leak.yaml", "a symbolic link, which is not followed"},
		{"link to a bank", "linked.yaml", "a symbolic link, which is not followed"},
		{"not a bank", "shadow", "not an exercise bank"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			_, stderr, code := runWithin(t, 20*time.Second, "build", "--quiet", "--bank", filepath.Join(dir, tt.bank), "-o", out)
			if code != exitBadInput || !strings.Contains(stderr, tt.want) {
				t.Errorf("build --bank %s = exit %d, %q; want exit 2 and %q", tt.bank, code, stderr, tt.want)
			}
			if strings.Contains(stderr, "SECRET") {
				t.Errorf("build --bank %s quotes the file: %q", tt.bank, stderr)
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("build --bank %s wrote %s: %v", tt.bank, out, err)
			}
		})
	}
}

// TestAmplification runs the reproduction of N1 (reliability probe of
// 2026-12-07): a lesson of 239 KB whose twelve fields each use a 9,000-byte
// link reference 3,600 times rendered to 378 MB. check refuses it at each
// field, quickly, and build writes nothing.
func TestAmplification(t *testing.T) {
	dir := starterCourse(t)
	field := strconv.Quote("[a]: https://e.example/" + strings.Repeat("x", 9000) + "\n\n" + strings.Repeat("[a]", 3600) + "\n")
	var b strings.Builder
	fmt.Fprintf(&b, "title: X\nlevel: 1\nsummary: s.\nintro: %s\nexercises:\n", field)
	for i := range 11 {
		fmt.Fprintf(&b, "  - id: a%d\n    kind: count-moves\n    position: start\n    answer: 8\n    explain: %s\n", i, field)
	}
	writeFile(t, filepath.Join(dir, "lessons", "02-x.yaml"), []byte(b.String()))
	start := time.Now()
	_, stderr, code := runWithin(t, 20*time.Second, "check", dir)
	want := "lessons/02-x.yaml:4:8: intro: its 19826 bytes render to more than 198260 bytes of HTML, the limit"
	if code != exitFailed || !strings.Contains(stderr, want) || strings.Count(stderr, "render to more than") != 12 {
		t.Errorf("check = exit %d, stderr:\n%.2000s\nwant exit 1, %q and 12 fields over the limit", code, stderr, want)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("check took %v, want it quick", d)
	}
	out := filepath.Join(t.TempDir(), "out")
	if _, _, code := runWithin(t, 20*time.Second, "build", "--quiet", dir, "-o", out); code != exitFailed {
		t.Errorf("build = exit %d, want 1", code)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("build wrote %s: %v", out, err)
	}
}
