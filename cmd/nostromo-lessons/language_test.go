package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"nostromo-lessons/internal/catalog"
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
// exercise (a knight's move written in the language's letters); pdftotext
// finds no English interface word in the other languages' worksheets and
// answer keys, and finds each language's own words (the fonts cover the
// script: Cyrillic, umlauts, ß, é).
func TestStarterLanguages(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed: the PDFs' text cannot be read")
	}
	tests := []struct {
		lang style.Language
		want []string // words the worksheet and the key must show
	}{
		{style.English, []string{"Name", "Answer", "Black to move", "Nd5", "Page 1"}},
		{style.Spanish, []string{"Nombre", "Respuesta", "Turno de las negras", "Cd5", "Página 1"}},
		{style.Russian, []string{"Имя", "Ответ", "Ход чёрных", "Кd5", "Страница 1"}},
		{style.German, []string{"Name", "Antwort", "Schwarz ist am Zug", "Sd5", "Seite 1", "Weiß", "Lösungen"}},
		{style.Dutch, []string{"Naam", "Antwoord", "Zwart is aan zet", "Pd5", "Pagina 1", "één", "Antwoorden"}},
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
			pdfs, _ := filepath.Glob(filepath.Join(out, "pdf", "01-*.pdf"))
			keys, _ := filepath.Glob(filepath.Join(out, "teacher", "*-answers.pdf"))
			pdfs = append(pdfs, keys...)
			pdfs = append(pdfs, filepath.Join(out, "pdf", "rules.pdf"), filepath.Join(out, "pdf", "certificates.pdf"))
			if len(pdfs) < 5 {
				t.Fatalf("the build wrote %q, want a worksheet, a play card, a key, the rules and the certificates", pdfs)
			}
			english := englishOnly(tt.lang)
			var all strings.Builder
			for _, pdf := range pdfs {
				text, err := exec.Command("pdftotext", "-enc", "UTF-8", pdf, "-").Output()
				if err != nil {
					t.Fatalf("pdftotext %s: %v", pdf, err)
				}
				for _, w := range word.FindAllString(string(text), -1) {
					if english[strings.ToLower(w)] {
						t.Errorf("%s shows the English interface word %q", filepath.Base(pdf), w)
					}
				}
				all.Write(text)
			}
			for _, w := range tt.want {
				if !strings.Contains(all.String(), w) {
					t.Errorf("the PDFs do not show %q", w)
				}
			}
		})
	}
}
