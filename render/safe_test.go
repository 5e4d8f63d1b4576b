package render

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/fstest"

	"nostromo-lessons/internal/style"
	"nostromo-lessons/render/pageid"
)

// lessonHTML renders a one-lesson course whose intro is md.
func lessonHTML(t *testing.T, md string) string {
	t.Helper()
	c := Course{Title: "T", Lessons: []Lesson{{ID: "x", Title: "X", Intro: md, Exercises: []Exercise{{Number: 1, Explain: md, Board: Board{FEN: "start"}}}}}}
	var buf bytes.Buffer
	if err := HTML(&buf, c, c.Lessons[0], Options{}); err != nil {
		t.Fatalf("HTML(%q): %v", md, err)
	}
	return buf.String()
}

// TestUnsafeMarkdown checks that script links and raw HTML in lesson
// Markdown never reach the page, while their text does.
func TestUnsafeMarkdown(t *testing.T) {
	tests := []struct{ name, md, keep string }{
		{"javascript link", "[click](javascript:alert(1))", "click"},
		{"upper case", "[click](JaVaScRiPt:alert(1))", "click"},
		{"entity", "[click](&#106;avascript:alert(1))", "click"},
		{"tab inside", "[click](<java\tscript:alert(1)>)", "click"},
		{"vbscript", "[click](vbscript:msgbox)", "click"},
		{"data", "[click](data:text/html;base64,PHNjcmlwdD4=)", "click"},
		{"data image", "![pic](data:image/png;base64,AAAA)", "pic"},
		{"reference", "[click][r]\n\n[r]: javascript:alert(1)", "click"},
		{"autolink", "<javascript:alert(1)>", "alert(1)"},
		{"script block", "<script>alert(1)</script>", ""},
		{"inline html", "a <img src=x onerror=alert(1)> b", "a"},
		{"iframe", "<iframe src=\"https://example.org\"></iframe>", ""},
	}
	// The page's own scripts (its words, data and answer.js) are there
	// for any Markdown; no Markdown may add one.
	own := strings.Count(strings.ToLower(lessonHTML(t, "plain text")), "<script")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := strings.ToLower(lessonHTML(t, tt.md))
			if n := strings.Count(page, "<script"); n != own {
				t.Errorf("page from %q has %d script elements, want the page's own %d", tt.md, n, own)
			}
			for _, bad := range []string{`="javascript:`, `="vbscript:`, `="data:`, "onerror=", "<iframe", "<img"} {
				if strings.Contains(page, bad) {
					t.Errorf("page from %q contains %q", tt.md, bad)
				}
			}
			if !strings.Contains(page, tt.keep) {
				t.Errorf("page from %q lost the text %q", tt.md, tt.keep)
			}
		})
	}
}

// TestSafeLinksKept checks that ordinary links survive.
func TestSafeLinksKept(t *testing.T) {
	for _, md := range []string{"[a](https://example.org/x)", "[a](http://example.org)", "[a](mailto:t@example.org)", "[a](other.html#x)", "[a](#top)"} {
		dest := md[strings.Index(md, "(")+1 : len(md)-1]
		if page := lessonHTML(t, md); !strings.Contains(page, `href="`+dest+`"`) {
			t.Errorf("page from %q has no link to %q", md, dest)
		}
	}
}

// TestPlainTextFields checks that titles and questions are escaped, not
// read as HTML.
func TestPlainTextFields(t *testing.T) {
	c := Course{Title: "<b>T</b>", Lessons: []Lesson{{ID: "x", Title: "<script>x</script>", Goals: []string{"<i>g</i>"},
		Exercises: []Exercise{{Number: 1, Question: "<img src=x>", Hint: "<u>", Answer: "</details>", Board: Board{FEN: "start"}}}}}}
	files := publish(t, c, Options{})
	for _, path := range []string{"site/index.html", "site/x.html"} {
		page := string(files[path])
		for _, bad := range []string{"<b>T", "<script>", "<i>g", "<img src=x>", "<u>", "</details></p>"} {
			if strings.Contains(page, bad) {
				t.Errorf("%s contains %q unescaped", path, bad)
			}
		}
	}
}

// TestBadIDs checks that an ID that could leave the output folder, or any
// other unsafe ID, is rejected by CheckIDs, which the build's render step
// runs before it makes any file (internal/build's TestRenderBadIDs).
func TestBadIDs(t *testing.T) {
	for _, id := range []string{"", "../x", "a/b", `a\b`, "Lesson", "x.html", "-x", "x y", "ü", ".", "..", "a\x00", strings.Repeat("a", 65)} {
		c := sampleCourse(style.Classic)
		c.Lessons[1].ID = id
		if err := pageid.Check(id); err == nil {
			t.Errorf("pageid.Check(%q) = nil, want an error", id)
		}
		if err := CheckIDs(c); err == nil {
			t.Errorf("CheckIDs with lesson id %q: no error", id)
		}
	}
	c := sampleCourse(style.Classic)
	c.Lessons[2].ID = c.Lessons[0].ID
	if err := CheckIDs(c); err == nil {
		t.Errorf("CheckIDs with two lessons %q: no error", c.Lessons[0].ID)
	}
	for _, id := range []string{"a", "flight-2", "03-lair"} {
		if err := pageid.Check(id); err != nil {
			t.Errorf("pageid.Check(%q) = %v, want nil", id, err)
		}
	}
}

// TestTemplatesOverride checks that a course's files replace the embedded
// stylesheet, templates and art, and that the rest still comes from the
// embedded files.
func TestTemplatesOverride(t *testing.T) {
	over := fstest.MapFS{
		"style.css":             {Data: []byte("body { color: green }\n")},
		"art/classic/pawn.art":  {Data: []byte("black none 0: M 0 0 L 100 0 L 100 100 Z\n")},
		"index.html":            {Data: []byte(`{{template "head" .}}<p>my own index</p>{{template "foot" .}}`)},
		"art/classic/extra.art": {Data: []byte("junk")},
	}
	files := publish(t, sampleCourse(style.Classic), Options{Templates: over})
	if got := string(files["site/style.css"]); got != "body { color: green }\n" {
		t.Errorf("style.css = %q, want the course's", got)
	}
	if !strings.Contains(string(files["site/index.html"]), "my own index") {
		t.Errorf("index.html does not come from the course's template")
	}
	if !strings.Contains(string(files["teacher/md/first-steps-1.svg"]), `d="M `) || !strings.Contains(string(files["site/first-steps.html"]), "Exercises") {
		t.Errorf("the embedded lesson template or art went missing")
	}
	bad := fstest.MapFS{"art/classic/king.art": {Data: []byte("white black 4: M 0 0 A 1 1\n")}}
	if err := SVG(io.Discard, Board{FEN: "start"}, en(style.Classic), Options{Templates: bad}); err == nil || !strings.Contains(err.Error(), "art/classic/king.art:1") {
		t.Errorf("SVG with broken king art: error %v, want one naming art/classic/king.art:1", err)
	}
}
