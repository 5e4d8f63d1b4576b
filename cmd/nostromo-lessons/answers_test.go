package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
)

// blackWins is an outcome exercise that Black wins at once (the knight
// takes the fourth pawn), added to the starter lesson with its answer.
const blackWins = "  - id: caballo-gana\n    kind: outcome\n    position: 8/8/8/8/8/2n5/4P3/K7 b 2 3\n    answer: %s\ninclude:\n"

// TestSpanishAnswerWord: a Spanish starter lesson with "answer: negras"
// checks and builds, and everything it builds, its answer key first, is
// the build of "answer: black", whose key says "Victoria de las negras".
func TestSpanishAnswerWord(t *testing.T) {
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	dir := filepath.Join(t.TempDir(), "course")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"new", "--language", "es", dir}, &stdout, &stderr); err != nil {
		t.Fatalf("new --language es: %v\n%s", err, stderr.String())
	}
	lesson := filepath.Join(dir, "lessons", "01-primeros-pasos.yaml")
	src, err := os.ReadFile(lesson)
	if err != nil {
		t.Fatal(err)
	}
	builds, outs := map[string]map[string][]byte{}, map[string]string{}
	for _, answer := range []string{"negras", "black"} {
		text := strings.Replace(string(src), "include:\n", strings.Replace(blackWins, "%s", answer, 1), 1)
		if err := os.WriteFile(lesson, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := run([]string{"check", dir}, &stdout, &stderr); err != nil {
			t.Fatalf("check with answer: %s: %v\n%s", answer, err, stderr.String())
		}
		out := filepath.Join(t.TempDir(), "out")
		if err := run([]string{"build", "--quiet", dir, "-o", out}, &stdout, &stderr); err != nil {
			t.Fatalf("build with answer: %s: %v\n%s", answer, err, stderr.String())
		}
		builds[answer], outs[answer] = tree(t, out), out
	}
	const key = "teacher/01-primeros-pasos-answers.pdf"
	negras, black := builds["negras"], builds["black"]
	if len(negras[key]) == 0 {
		t.Fatalf("build wrote no %s", key)
	}
	sameTrees(t, negras, black, "the builds of answer: negras and answer: black")
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed: the key's text cannot be read")
	}
	text, err := exec.Command("pdftotext", "-enc", "UTF-8", filepath.Join(outs["negras"], key), "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", key, err)
	}
	want := catalog.New(style.Spanish, style.Classic).Say("q.wins.black")
	if !strings.Contains(string(text), want) {
		t.Errorf("%s does not say %q", key, want)
	}
}
