package main

import (
	"html"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"nostromo-lessons/internal/style"
)

// TestThemeWords builds the sample course in the farm and classic themes
// and reads what children and teachers read: the site's text, the Markdown
// and the PDFs' text (with pdftotext, where it is installed). None of it
// may tell the alien story (Ripley, the crew, the alien, the lair, the
// shuttle...), and the theme's own words must be there.
func TestThemeWords(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the sample course twice, cold")
	}
	t.Setenv("NOSTROMO_CACHE", t.TempDir())
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Log("pdftotext is not installed: the PDFs are not read (install poppler-utils)")
	}
	for _, th := range []style.Theme{style.Farm, style.Classic} {
		t.Run(th.String(), func(t *testing.T) {
			out := t.TempDir()
			if _, stderr, code := runArgs("build", "-o", out, "--theme", th.String(), "--quiet"); code != exitOK {
				t.Fatalf("build --theme %v: status %d: %s", th, code, stderr)
			}
			own := map[string]bool{}
			err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				text := readText(t, path, pdftotext)
				words := lowerWords(text)
				for _, w := range style.Alien.StoryWords() {
					if slices.Contains(words, w) {
						rel, _ := filepath.Rel(out, path)
						t.Errorf("%s holds %q, a word of the alien story, in:\n%s", rel, w, around(text, w))
					}
				}
				for _, w := range th.StoryWords() {
					own[w] = own[w] || slices.Contains(words, w)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range th.StoryWords() {
				if !own[w] {
					t.Errorf("no page of the %v build says %q", th, w)
				}
			}
		})
	}
}

var (
	markup    = regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<[^>]*>`)
	wordSplit = regexp.MustCompile(`[^a-z]+`)
)

// readText returns the text a reader sees in the file path: an HTML page
// without its markup, scripts and styles; a PDF's text, or "" without
// pdftotext; a Markdown file as it is; "" for anything else.
func readText(t *testing.T, path, pdftotext string) string {
	t.Helper()
	switch filepath.Ext(path) {
	case ".html", ".md":
	case ".pdf":
		if pdftotext == "" {
			return ""
		}
		out, err := exec.Command(pdftotext, "-enc", "UTF-8", path, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s: %v", path, err)
		}
		return string(out)
	default:
		return ""
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Ext(path) == ".html" {
		return html.UnescapeString(markup.ReplaceAllString(string(data), " "))
	}
	return string(data)
}

// lowerWords returns the words of s in lower case.
func lowerWords(s string) []string { return wordSplit.Split(strings.ToLower(s), -1) }

// around returns the line of s that holds word.
func around(s, word string) string {
	for line := range strings.Lines(s) {
		if slices.Contains(lowerWords(line), word) {
			return strings.TrimSpace(line)
		}
	}
	return ""
}
