package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
)

// word finds a word of Latin letters, four or more.
var word = regexp.MustCompile(`[A-Za-z]{4,}`)

// englishOnly returns the words of the English catalog (in the classic
// theme) that language l's catalog does not use, in lower case: the words
// that would betray an untranslated interface text.
func englishOnly(l style.Language) map[string]bool {
	own := map[string]bool{}
	for _, s := range catalog.Texts(l, style.Classic) {
		for _, w := range word.FindAllString(s, -1) {
			own[strings.ToLower(w)] = true
		}
	}
	out := map[string]bool{}
	for _, s := range catalog.Texts(style.English, style.Classic) {
		for _, w := range word.FindAllString(s, -1) {
			if w := strings.ToLower(w); !own[w] {
				out[w] = true
			}
		}
	}
	return out
}

// TestStarterLanguages: new --language writes a starter course in English,
// Spanish, Russian, German and Dutch that builds, each with its notation
// exercise (a knight's move written in the language's letters). The other
// languages' Markdown and teacher page show no English interface word;
// nor do their worksheets, answer keys, teacher's guide and workbook, read
// with pdftotext (their text and title), which find each language's own
// words (the fonts cover the script: Cyrillic, umlauts, ß, é). Without
// pdftotext, the PDFs are skipped.
func TestStarterLanguages(t *testing.T) {
	tests := []struct {
		lang style.Language
		want []string // words the worksheet, the key and the guide must show
		// english is how the language says "in English": the teacher page
		// must not say so of the guide, which holds the course's own text.
		english string
	}{
		{style.English, []string{"Name", "Answer", "Black to move", "Nd5", "Page 1", "The teacher's guide", "Level 1 · 6 exercises"}, "in English"},
		{style.Spanish, []string{"Nombre", "Respuesta", "Turno de las negras", "Cd5", "Página 1", "La guía del profesor", "Nivel 1 · 6 ejercicios"}, "en inglés"},
		{style.Russian, []string{"Имя", "Ответ", "Ход чёрных", "Кd5", "Страница 1", "Методичка для учителя", "Уровень 1 · 6 заданий"}, "на английском"},
		{style.German, []string{"Name", "Antwort", "Schwarz ist am Zug", "Sd5", "Seite 1", "Weiß", "Lösungen", "Das Handbuch für die Lehrkraft", "Stufe 1 · 6 Aufgaben"}, "auf Englisch"},
		{style.Dutch, []string{"Naam", "Antwoord", "Zwart is aan zet", "Pd5", "Pagina 1", "één", "Antwoorden", "De handleiding voor de leerkracht", "Niveau 1 · 6 opdrachten"}, "in het Engels"},
	}
	for _, tt := range tests {
		t.Run(tt.lang.String(), func(t *testing.T) {
			t.Setenv("NOSTROMO_CACHE", t.TempDir())
			dir := filepath.Join(t.TempDir(), "course")
			out := filepath.Join(t.TempDir(), "out")
			var stdout, stderr bytes.Buffer
			if err := run([]string{"new", "--language", tt.lang.String(), dir}, &stdout, &stderr); err != nil {
				t.Fatalf("new --language %s: %v\n%s", tt.lang, err, stderr.String())
			}
			if err := run([]string{"build", dir, "-o", out}, &stdout, &stderr); err != nil {
				t.Fatalf("build: %v\n%s", err, stderr.String())
			}
			english := englishOnly(tt.lang)
			checkMarkdownWords(t, out, english)
			checkTeacherPage(t, out, english, tt.english)
			if _, err := exec.LookPath("pdftotext"); err != nil {
				t.Skip("pdftotext (poppler-utils) is not installed: the PDFs' text cannot be read (the Markdown was checked)")
			}
			checkPDFWords(t, out, english, tt.want)
		})
	}
}

// linkTarget finds a Markdown link's or image's target, "](../pdf/a.pdf)",
// whose file names are not interface words.
var linkTarget = regexp.MustCompile(`\]\([^)]*\)`)

// checkMarkdownWords fails when a lesson's Markdown in out/teacher/md shows a word
// of english.
func checkMarkdownWords(t *testing.T, out string, english map[string]bool) {
	t.Helper()
	mds, _ := filepath.Glob(filepath.Join(out, "teacher", "md", "*.md"))
	if len(mds) == 0 {
		t.Fatalf("the build wrote no Markdown into %s", filepath.Join(out, "teacher", "md"))
	}
	for _, md := range mds {
		text, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range word.FindAllString(linkTarget.ReplaceAllString(string(text), "]"), -1) {
			if english[strings.ToLower(w)] {
				t.Errorf("%s shows the English interface word %q", filepath.Base(md), w)
			}
		}
	}
}

// checkPDFWords fails when a worksheet, play card, answer key, the rules,
// the certificates, the teacher's guide or the workbook in out show a word
// of english in their text or title, or do not show every word of want.
func checkPDFWords(t *testing.T, out string, english map[string]bool, want []string) {
	t.Helper()
	pdfs, _ := filepath.Glob(filepath.Join(out, "pdf", "01-*.pdf"))
	keys, _ := filepath.Glob(filepath.Join(out, "teacher", "*-answers.pdf"))
	pdfs = append(pdfs, keys...)
	pdfs = append(pdfs, filepath.Join(out, "pdf", "rules.pdf"), filepath.Join(out, "pdf", "certificates.pdf"),
		filepath.Join(out, "teacher", "teacher-guide.pdf"), filepath.Join(out, "teacher", "workbook.pdf"))
	if len(pdfs) < 7 {
		t.Fatalf("the build wrote %q, want a worksheet, a play card, a key, the rules, the certificates, the guide and the workbook", pdfs)
	}
	var all strings.Builder
	for _, pdf := range pdfs {
		text, err := exec.Command("pdftotext", "-enc", "UTF-8", pdf, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s: %v", pdf, err)
		}
		info, err := exec.Command("pdfinfo", "-enc", "UTF-8", pdf).Output()
		if err != nil {
			t.Fatalf("pdfinfo %s: %v", pdf, err)
		}
		title, _, _ := strings.Cut(string(info), "\n") // Title: the first line
		text = append(text, title...)
		for _, w := range word.FindAllString(string(text), -1) {
			if english[strings.ToLower(w)] {
				t.Errorf("%s shows the English interface word %q", filepath.Base(pdf), w)
			}
		}
		all.Write(text)
	}
	for _, w := range want {
		if !strings.Contains(all.String(), w) {
			t.Errorf("the PDFs do not show %q", w)
		}
	}
}

// checkTeacherPage fails when the teacher page, out/teacher/index.html,
// shows a word of english or says inEnglish, outside its markup (its
// scripts hold the site's messages by key).
func checkTeacherPage(t *testing.T, out string, english map[string]bool, inEnglish string) {
	t.Helper()
	page, err := os.ReadFile(filepath.Join(out, "teacher", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	shown := markup.ReplaceAllString(string(page), " ")
	if strings.Contains(shown, inEnglish) {
		t.Errorf("teacher/index.html says %q, but the guide holds the course's own text", inEnglish)
	}
	for _, w := range word.FindAllString(shown, -1) {
		if english[strings.ToLower(w)] {
			t.Errorf("teacher/index.html shows the English interface word %q", w)
		}
	}
}

// englishLeftovers are pieces of the English sentences generate wrote
// before it spoke other languages ("From g4, der Springer jumps to e3").
var englishLeftovers = []string{"From ", " jumps ", " wins ", "steps to", " catch", "Best:", "Careful", " moves", "For example", "Labyrinths", "Count the", "Who wins", "level ", "Allowed", " and "}

// TestGenerateLanguages: generate --language writes a bank of every kind
// in each language it knows, without an English sentence left; included
// in a starter course of that language (new --language), every
// placeholder of it expands, the build warns of nothing, and its pages
// show no English interface word.
func TestGenerateLanguages(t *testing.T) {
	kinds := strings.Split(question.KindNames(), ", ")
	for _, l := range style.Languages() {
		t.Run(l.String(), func(t *testing.T) {
			t.Setenv("NOSTROMO_CACHE", t.TempDir())
			var stdout, stderr bytes.Buffer
			dir := filepath.Join(t.TempDir(), "course")
			if err := run([]string{"new", "--language", l.String(), dir}, &stdout, &stderr); err != nil {
				t.Fatalf("new --language %s: %v\n%s", l, err, stderr.String())
			}
			lesson := "title: T\nlevel: 2\nsummary: S.\nintro: I.\ninclude:\n"
			for _, k := range kinds {
				bank := filepath.Join(dir, "exercises", "gen-"+k+".yaml")
				args := []string{"generate", k, "--language", l.String(), "--count", "2", "--level", "2", "-o", bank}
				if err := run(args, &stdout, &stderr); err != nil {
					t.Fatalf("%v: %v\n%s", args, err, stderr.String())
				}
				checkBankWords(t, bank, l)
				lesson += "  - exercises/gen-" + k + ".yaml\n"
			}
			if err := os.WriteFile(filepath.Join(dir, "lessons", "99-gen.yaml"), []byte(lesson), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "out")
			stderr.Reset()
			if err := run([]string{"build", "--quiet", dir, "-o", out}, &stdout, &stderr); err != nil {
				t.Fatalf("build: %v\n%s", err, stderr.String())
			}
			if strings.Contains(stderr.String(), "warning") {
				t.Errorf("build warns:\n%s", stderr.String())
			}
			if l != style.English {
				checkMarkdownWords(t, out, englishOnly(l))
			}
		})
	}
}

// checkBankWords fails when the bank's title, questions or explanations
// hold a piece of an English sentence, in a bank of another language.
func checkBankWords(t *testing.T, bank string, l style.Language) {
	t.Helper()
	text, err := os.ReadFile(bank)
	if err != nil {
		t.Fatal(err)
	}
	if l == style.English {
		return
	}
	for _, line := range strings.Split(string(text), "\n") {
		key, _, _ := strings.Cut(strings.TrimSpace(line), ":")
		if key != "title" && key != "question" && key != "explain" {
			continue
		}
		for _, w := range englishLeftovers {
			if strings.Contains(line, w) {
				t.Errorf("%s: %q holds the English %q", filepath.Base(bank), line, w)
			}
		}
	}
}
