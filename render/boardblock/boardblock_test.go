package boardblock

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// found is what a test expects of one Block: its fence, body, closure and
// where its body's first line and the third character of its last line are.
type found struct {
	Line, Col int
	Body      string
	Closed    bool
	First     [2]int
	LastThird [2]int
}

// summary returns what Find finds in md, in the form of found.
func summary(md string) []found {
	var out []found
	for _, b := range Find([]byte(md)) {
		f := found{Line: b.Line, Col: b.Col, Body: string(b.Body), Closed: b.Closed}
		n := strings.Count(string(b.Body), "\n")
		f.First[0], f.First[1] = b.Pos(1, 1)
		f.LastThird[0], f.LastThird[1] = b.Pos(n, 3)
		out = append(out, f)
	}
	return out
}

var findTests = []struct {
	name, md string
	want     []found
}{
	{"top level", "Text.\n\n```board\nfen: start\nmarks: [f6]\n```\n",
		[]found{{3, 1, "fen: start\nmarks: [f6]\n", true, [2]int{4, 1}, [2]int{5, 3}}}},
	{"quote", "> ```board\n> fen: this is not a fen\n> ```\n",
		[]found{{1, 3, "fen: this is not a fen\n", true, [2]int{2, 3}, [2]int{2, 5}}}},
	{"attributes", "```board {.x}\nfen: start\n```\n",
		[]found{{1, 1, "fen: start\n", true, [2]int{2, 1}, [2]int{2, 3}}}},
	{"list item", "- Look:\n\n  ```board\n  fen: start\n  ```\n- Next.\n",
		[]found{{3, 3, "fen: start\n", true, [2]int{4, 3}, [2]int{4, 5}}}},
	{"quote in list", "1. See\n\n   > ~~~~ board\n   > fen: start\n   > caption: Hi\n   > ~~~~\n",
		[]found{{3, 6, "fen: start\ncaption: Hi\n", true, [2]int{4, 6}, [2]int{5, 8}}}},
	{"list in quote", "> - ```board\n>   fen: start\n>   ```\n",
		[]found{{1, 5, "fen: start\n", true, [2]int{2, 5}, [2]int{2, 7}}}},
	{"indented fence", "  ```board\n  fen: start\n fen: x\n```\n",
		[]found{{1, 3, "fen: start\nfen: x\n", true, [2]int{2, 3}, [2]int{3, 4}}}},
	{"not closed", "```board\nfen: start\n",
		[]found{{1, 1, "fen: start\n", false, [2]int{2, 1}, [2]int{2, 3}}}},
	{"quote ends the block", "> ```board\n> fen: start\n\nAfter.\n",
		[]found{{1, 3, "fen: start\n", false, [2]int{2, 3}, [2]int{2, 5}}}},
	{"empty", "```board\n```\n",
		[]found{{1, 1, "", true, [2]int{2, 1}, [2]int{1, 1}}}},
	{"wide characters", "é ```board\n\nnot a block\n\n> ```board\n> caption: é\n> ```\n",
		[]found{{5, 3, "caption: é\n", true, [2]int{6, 3}, [2]int{6, 5}}}},
	{"two and others", "```go\n```board\n```\n```board\nfen: a\n```\n~~~board extra words\nfen: b\n~~~\n```boards\n```\n",
		[]found{{4, 1, "fen: a\n", true, [2]int{5, 1}, [2]int{5, 3}}, {7, 1, "fen: b\n", true, [2]int{8, 1}, [2]int{8, 3}}}},
	{"indented code", "    ```board\n    fen: start\n    ```\n", nil},
}

func TestFind(t *testing.T) {
	for _, tt := range findTests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, summary(tt.md)); diff != "" {
				t.Errorf("Find(%q) mismatch (-want +got):\n%s", tt.md, diff)
			}
		})
	}
}

func TestKeys(t *testing.T) {
	want := []string{"fen", "caption", "marks", "arrows", "pieces", "nostate", "play"}
	if !slices.Equal(Keys, want) {
		t.Errorf("Keys = %q, want %q", Keys, want)
	}
}

// FuzzFind checks that Find never panics, that each fence is where Line
// and Col say, and that each line of each body is the rest of the text's
// line from where Pos says.
func FuzzFind(f *testing.F) {
	for _, tt := range findTests {
		f.Add(tt.md)
	}
	f.Fuzz(func(t *testing.T, md string) {
		lines := strings.Split(md, "\n")
		for _, b := range Find([]byte(md)) {
			if b.Line < 1 || b.Line > len(lines) || b.Col < 1 {
				t.Fatalf("Find(%q): fence at %d:%d, outside the text", md, b.Line, b.Col)
			}
			if fence := lines[b.Line-1][offset(lines[b.Line-1], b.Col):]; !strings.HasPrefix(fence, "```") && !strings.HasPrefix(fence, "~~~") {
				t.Fatalf("Find(%q): no fence at %d:%d", md, b.Line, b.Col)
			}
			body := strings.Split(strings.TrimSuffix(string(b.Body), "\n"), "\n")
			if len(b.Body) == 0 {
				body = nil
			}
			for i, got := range body {
				line, col := b.Pos(i+1, 1)
				if line <= b.Line || line > len(lines) || col < 1 {
					t.Fatalf("Find(%q): body line %d at %d:%d, outside the text", md, i+1, line, col)
				}
				if col-1 > utf8.RuneCountInString(lines[line-1]) {
					t.Fatalf("Find(%q): body line %d at %d:%d, past the line's end", md, i+1, line, col)
				}
				// The body line is the rest of the text's line, after any spaces
				// that stand for part of a tab.
				rest := lines[line-1][offset(lines[line-1], col):]
				if !strings.HasSuffix(got, rest) || strings.Trim(got[:len(got)-len(rest)], " ") != "" {
					t.Fatalf("Find(%q): body line %d %q is not at %d:%d (%q)", md, i+1, got, line, col, rest)
				}
			}
		}
	})
}

// offset returns the byte offset of character col (from 1) of s, counting
// each byte that is not UTF-8 as a character, as Find does.
func offset(s string, col int) int {
	i := 0
	for range col - 1 {
		if i >= len(s) {
			break
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
	}
	return i
}
