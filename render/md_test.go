package render

import (
	"bytes"
	"strings"
	"testing"
)

// TestMarkdownFieldEnds checks that a field of lesson Markdown ends its
// block in the lesson's Markdown whatever it ends with, so that the next
// exercise's heading and the closing rule start lines of their own: an
// explanation ending in raw HTML or a refused link once ran into them
// ("&lt;/script>---").
func TestMarkdownFieldEnds(t *testing.T) {
	tests := []struct{ name, explain string }{
		{"text", "Plain words."},
		{"raw html", "Keep away. <script>alert(1)</script>"},
		{"refused link", "See [this](javascript:alert(1))"},
		{"link", "See [the rules](https://example.org/rules)"},
		{"board", "Look:\n\n```board\nfen: start\n```"},
		{"trailing newlines", "Words.\n\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := Lesson{ID: "x", Title: "X", Exercises: []Exercise{
				{Number: 1, Question: "First?", Answer: "1", Explain: tt.explain, Board: Board{FEN: "start"}},
				{Number: 2, Question: "Second?", Answer: "2", Explain: tt.explain, Board: Board{FEN: "start"}},
			}}
			var buf bytes.Buffer
			if _, err := WriteMarkdown(&buf, Course{Title: "T"}, l); err != nil {
				t.Fatalf("WriteMarkdown: %v", err)
			}
			md := buf.String()
			for _, want := range []string{"\n\n### 2. Second?\n", "\n\n---\n\n"} {
				if !strings.Contains(md, want) {
					t.Errorf("Markdown with the explanation %q lacks %q on lines of its own:\n%s", tt.explain, want, md)
				}
			}
			if strings.Contains(md, "\n\n\n") {
				t.Errorf("Markdown with the explanation %q has two blank lines in a row:\n%s", tt.explain, md)
			}
		})
	}
}
