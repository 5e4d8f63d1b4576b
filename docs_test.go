package nostromo

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestRulesCiteTests checks that every test docs/RULES.md names exists, so
// that the rules cannot drift from the tests that pin them: a cited
// `TestName` must be a test, example, fuzz target or benchmark of some
// _test.go file, and a cited `TestName/case` must have that case as a
// string literal in the file of TestName. It also checks that the perft
// figures of the start position that the page lists are the ones
// rules/testdata/perft-start.tsv and TestPerftStartDepth8 hold.
func TestRulesCiteTests(t *testing.T) {
	doc, err := os.ReadFile("docs/RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	tests := testFiles(t)
	cites := citedTests(string(doc))
	if len(cites) < 50 {
		t.Fatalf("docs/RULES.md cites %d tests, want the test of every rule (at least 50)", len(cites))
	}
	for _, problem := range missingTests(cites, tests) {
		t.Errorf("docs/RULES.md: %s", problem)
	}

	// The checker itself: a page citing what is not there is refused.
	bad := citedTests("`TestLegalMoves/no such case` and `TestNoSuchTest`, but not `go test`.")
	if got := missingTests(bad, tests); len(got) != 2 {
		t.Errorf("missingTests(%q) = %q, want both cites refused", bad, got)
	}

	vectors, err := os.ReadFile("rules/testdata/perft-start.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, line := range strings.Split(strings.TrimSpace(string(vectors)), "\n") {
		if fields := strings.Split(line, "\t"); len(fields) == 3 {
			rows = append(rows, perftRow(t, fields[1], fields[2]))
		}
	}
	depth8 := regexp.MustCompile(`func TestPerftStartDepth8[\s\S]*?const want = (\d+)`).FindStringSubmatch(tests["rules/perft_test.go"])
	if depth8 == nil || len(rows) < 7 {
		t.Fatalf("found %d perft vectors and depth 8 %q, want depths 1 to 8", len(rows), depth8)
	}
	rows = append(rows, perftRow(t, "8", depth8[1]))
	for _, row := range rows {
		if !strings.Contains(string(doc), row) {
			t.Errorf("docs/RULES.md lacks the perft row %q", row)
		}
	}
}

// perftRow returns the table row RULES.md writes for a perft figure, the
// count with commas between thousands: "| 4 | 2,781 |".
func perftRow(t *testing.T, depth, count string) string {
	t.Helper()
	if _, err := strconv.ParseUint(count, 10, 64); err != nil {
		t.Fatalf("perft count %q: %v", count, err)
	}
	for i := len(count) - 3; i > 0; i -= 3 {
		count = count[:i] + "," + count[i:]
	}
	return fmt.Sprintf("| %s | %s |", depth, count)
}

// testFiles returns the text of every _test.go file of the module, by
// slash-separated path.
func testFiles(t *testing.T) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := fs.WalkDir(os.DirFS("."), ".", func(name string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && name != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || name == "out"):
			return fs.SkipDir
		case !d.IsDir() && strings.HasSuffix(name, "_test.go"):
			b, err := os.ReadFile(name)
			files[name] = string(b)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

var (
	codeSpan = regexp.MustCompile("`([^`]+)`")
	testCite = regexp.MustCompile(`^(Test|Example|Fuzz|Benchmark)[A-Za-z0-9_]*(/.+)?$`)
	space    = regexp.MustCompile(`\s+`)
)

// citedTests returns the code spans of doc that name a test, with the
// spaces of a span broken over lines made one.
func citedTests(doc string) []string {
	var cites []string
	for _, m := range codeSpan.FindAllStringSubmatch(doc, -1) {
		if cite := space.ReplaceAllString(m[1], " "); testCite.MatchString(cite) {
			cites = append(cites, cite)
		}
	}
	return cites
}

// missingTests returns a problem for each cite that names no test of
// files, or a case that the test's file does not write.
func missingTests(cites []string, files map[string]string) []string {
	var problems []string
	for _, cite := range cites {
		name, sub, _ := strings.Cut(cite, "/")
		decl := regexp.MustCompile(`(?m)^func ` + name + `\(`)
		found, hasCase := false, sub == ""
		for _, text := range files {
			if decl.MatchString(text) {
				found = true
				hasCase = hasCase || strings.Contains(text, strconv.Quote(sub))
			}
		}
		switch {
		case !found:
			problems = append(problems, fmt.Sprintf("cites %s, but no _test.go file declares func %s", cite, name))
		case !hasCase:
			problems = append(problems, fmt.Sprintf("cites %s, but the file of %s has no case %q", cite, name, sub))
		}
	}
	return problems
}

// TestDocLinks checks that every relative link of README.md and of the
// Markdown files in docs/ leads to a file or folder of the repository and,
// when it names an #anchor, to a heading of that file, as GitHub makes
// anchors from headings.
func TestDocLinks(t *testing.T) {
	pages := []string{"README.md"}
	docs, err := fs.Glob(os.DirFS("."), "docs/*.md")
	if err != nil || len(docs) == 0 {
		t.Fatalf("docs/*.md: %v, %d files", err, len(docs))
	}
	pages = append(pages, docs...)
	checked := 0
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, link := range markdownLinks(string(text)) {
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			checked++
			file, anchor, _ := strings.Cut(link, "#")
			target := page
			if file != "" {
				target = path.Clean(path.Join(path.Dir(page), file))
			}
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s: link %q: %v", page, link, err)
				continue
			}
			if anchor == "" {
				continue
			}
			body, err := os.ReadFile(target)
			if err != nil {
				t.Errorf("%s: link %q: %v", page, link, err)
				continue
			}
			if !anchors(string(body))[anchor] {
				t.Errorf("%s: link %q: %s has no heading with the anchor #%s", page, link, target, anchor)
			}
		}
	}
	if checked < 20 {
		t.Errorf("checked %d relative links, want the README's and docs' links (at least 20)", checked)
	}
	if a := anchors("# Trust model: reading a `course`\n## Start position (project decision)\n## Start position (project decision)\n"); !a["trust-model-reading-a-course"] || !a["start-position-project-decision-1"] {
		t.Errorf("anchors = %v, want GitHub's anchors", a)
	}
}

var (
	fence    = regexp.MustCompile("(?ms)^```.*?^```")
	linkDest = regexp.MustCompile(`\]\(([^)\s]+)\)`)
)

// markdownLinks returns the destinations of the links and images of a
// Markdown text, outside code blocks and code spans.
func markdownLinks(text string) []string {
	text = fence.ReplaceAllString(text, "")
	text = codeSpan.ReplaceAllString(text, "code")
	var links []string
	for _, m := range linkDest.FindAllStringSubmatch(text, -1) {
		links = append(links, m[1])
	}
	return links
}

// anchors returns the anchors GitHub gives the headings of a Markdown
// text: lower case, punctuation dropped, spaces made hyphens, and -1, -2
// after a repeated one.
func anchors(text string) map[string]bool {
	text = fence.ReplaceAllString(text, "")
	out := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		title, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if !ok || !strings.HasPrefix(line, "#") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(title)) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		for i := 1; out[a]; i++ {
			a = fmt.Sprintf("%s-%d", b.String(), i)
		}
		out[a] = true
	}
	return out
}
