package render

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"nostromo-lessons/render/mdtext"
)

// TestTextSize checks mdtext.Size against what the site and out/md write for
// one field without board blocks: the same number of bytes.
func TestTextSize(t *testing.T) {
	long := "https://e.example/" + strings.Repeat("x", 500)
	tests := []struct{ name, src string }{
		{"plain", "Hello, *world*."},
		{"references", "[a]: " + long + "\n\n" + strings.Repeat("[a] ", 50)},
		{"reference with title", "[a]: " + long + " \"T\"\n\n" + strings.Repeat("![a] ", 20)},
		{"unsafe", "[x](javascript:alert(1)) <https://e.example/> [b]\n\n[b]: data:text/html,x"},
		{"raw HTML", "<b>bold</b> and <i>it</i>\n\n<div>\n<p>x</p>\n</div>"},
		{"entities and quotes", strings.Repeat("\"&<> ", 100)},
		{"nesting", strings.Repeat(">", 200) + " x"},
		{"heading and list", "# H\n\n- a\n- b\n\n1. c"},
	}
	c := Course{Title: "T"}
	k, err := NewAssets(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html, err := k.markdownHTML(tt.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			var md bytes.Buffer
			m := &mdWriter{Writer: bufio.NewWriter(&md), c: c, say: c.Printer(), id: "x"}
			if err := m.text(tt.src); err != nil {
				t.Fatal(err)
			}
			m.Flush()
			gotHTML, gotMD := mdtext.Size(tt.src, 1<<20)
			if gotHTML != len(html) {
				t.Errorf("mdtext.Size(%q) html = %d, want %d (the site's)", tt.src, gotHTML, len(html))
			}
			if gotMD < md.Len() || gotMD > md.Len()+2 {
				t.Errorf("mdtext.Size(%q) md = %d, want %d (out/md's) or 2 more", tt.src, gotMD, md.Len())
			}
		})
	}
}
