package render

import (
	"bytes"
	"html"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	gmhtml "github.com/yuin/goldmark/renderer/html"
)

// liveLinks renders Markdown with goldmark's own link filter off, as a
// renderer without one would, and returns the page lower-cased with its
// character references decoded: what a browser would follow.
func liveLinks(t *testing.T, md string) string {
	t.Helper()
	var buf bytes.Buffer
	if err := goldmark.New(goldmark.WithRendererOptions(gmhtml.WithUnsafe())).Convert([]byte(md), &buf); err != nil {
		t.Fatal(err)
	}
	return strings.ToLower(html.UnescapeString(buf.String()))
}

// TestLinksBothOutputs checks, in the site and in the Markdown output, that
// encoded script links are dropped, and that a field's link reference
// definitions reach its own links only: in out/md a lesson's fields are
// one document.
func TestLinksBothOutputs(t *testing.T) {
	for _, tt := range []struct {
		name, intro, explain string
		keep, drop           []string // in the Markdown output's links
	}{
		{"decimal entity", "[a](&#106;avascript:alert(1))", "", nil, nil},
		{"hex entity", "[a](&#x6A;avascript:alert(1))", "", nil, nil},
		{"named entity", "[a](javascript&colon;alert(1))", "", nil, nil},
		{"backslash", `[a](javascript\:alert(1))`, "", nil, nil},
		{"entity in an image", "![a](&#x64;ata:text/html,x)", "", nil, nil},
		{"entity in a definition", "[a][r]\n\n[r]: &#106;avascript:alert(1)", "", nil, nil},
		{"autolink", "<javascript:alert(1)>", "", nil, nil},
		{"definition in another field", "Intro.\n\n[x]: javascript:alert(1)", "[click][x] and [x]", nil, nil},
		{"safe definition in another field", "Intro.\n\n[x]: https://intro.example/", "[click][x]", nil, []string{"intro.example"}},
		{"own definition", "[rules][r]\n\n[r]: https://rules.example/ \"The rules\"", "[more][r]\n\n[r]: https://more.example/",
			[]string{`href="https://rules.example/" title="the rules">rules`, `href="https://more.example/">more`}, nil},
		{"collapsed and shortcut", "[r][] and [r]\n\n[r]: <https://x.example/a b>", "", []string{`href="https://x.example/a%20b">r</a> and <a href="https://x.example/a%20b">r`}, nil},
		{"safe inline", "[a](https://ok.example/)", "", []string{`href="https://ok.example/"`}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := Course{Title: "T", Lessons: []Lesson{{ID: "x", Title: "X", Intro: tt.intro,
				Exercises: []Exercise{{Number: 1, Explain: tt.explain, Board: Board{FEN: "start"}}}}}}
			var site, md bytes.Buffer
			if err := HTML(&site, c, c.Lessons[0], Options{}); err != nil {
				t.Fatal(err)
			}
			if err := Markdown(&md, c, c.Lessons[0], Options{}); err != nil {
				t.Fatal(err)
			}
			pages := map[string]string{
				"out/site": strings.ToLower(html.UnescapeString(site.String())),
				"out/md":   liveLinks(t, md.String()),
			}
			for where, page := range pages {
				for _, bad := range []string{`="javascript:`, `="data:`, `="vbscript:`} {
					if strings.Contains(page, bad) {
						t.Errorf("%s from %q / %q has a live %s link", where, tt.intro, tt.explain, bad)
					}
				}
			}
			for _, s := range tt.keep {
				if !strings.Contains(pages["out/md"], s) {
					t.Errorf("out/md from %q / %q lost %q:\n%s", tt.intro, tt.explain, s, md.String())
				}
			}
			for _, s := range tt.drop {
				if strings.Contains(pages["out/md"], s) {
					t.Errorf("out/md from %q / %q links to %q from another field:\n%s", tt.intro, tt.explain, s, md.String())
				}
			}
			if strings.Contains(md.String(), "]: ") {
				t.Errorf("out/md keeps a link reference definition:\n%s", md.String())
			}
		})
	}
}

// FuzzMarkdownLinks checks that no intro and explanation, whatever their
// links and definitions, give the Markdown output a live script, data or
// file link, read by a renderer without a link filter.
func FuzzMarkdownLinks(f *testing.F) {
	f.Add("[a](&#106;avascript:alert(1))", "[b][x]")
	f.Add("[x]: javascript:alert(1)", "[click][x]")
	f.Add("[r][] and [r]\n\n[r]: <https://x.example/a b> 'T'", "<javascript:x>")
	f.Add("> [q]: data:text/html,x\n> [q]", "![i][q]\n\n[q]: fil&#x65;:///etc/passwd")
	f.Fuzz(func(t *testing.T, intro, explain string) {
		c := Course{Title: "T", Lessons: []Lesson{{ID: "x", Title: "X", Intro: intro,
			Exercises: []Exercise{{Number: 1, Explain: explain, Board: Board{FEN: "start"}}}}}}
		var md bytes.Buffer
		if err := Markdown(&md, c, c.Lessons[0], Options{}); err != nil {
			return // a bad board block, reported by the loader
		}
		page := liveLinks(t, md.String())
		for _, bad := range []string{`="javascript:`, `="data:`, `="vbscript:`, `="file:`} {
			if strings.Contains(page, bad) {
				t.Errorf("Markdown from %q / %q has a live %s link:\n%s", intro, explain, bad, md.String())
			}
		}
	})
}
