package yamlpos

import (
	"strings"
	"testing"
)

func TestScanSyntax(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		line, col int // 0 for nothing found
		what      string
	}{
		{"unclosed bracket", "title: [a, b\nlevel: 1\n", 1, 8, "the [ is never closed"},
		{"unclosed brace in a list", "a:\n  - {x: 1, y: [2]\n  - b\n", 2, 5, "the { is never closed"},
		{"wrong closer", "a: [1, 2}\n", 1, 9, "} closes the [ at line 1, column 4"},
		{"unclosed double quote", "a: \"x\nb: 1\n", 1, 4, "the quote \" is never closed"},
		{"unclosed single quote", "a: 'it''s\n", 1, 4, "the quote ' is never closed"},
		{"tab", "a:\n\tb: 1\n", 2, 1, "a tab in the indentation; indent with spaces"},
		{"closed", "a: [1, \"]\", '['] # [\nb: {c: d}\n", 0, 0, ""},
		{"apostrophe and bracket in plain text", "title: It's [fine\n", 0, 0, ""},
		{"brackets in a block", "intro: |\n  a [ b { c \"\n  ' d\nlevel: 1\n", 0, 0, ""},
		{"brackets in a folded block", "intro: >-\n  a [ b\n\n  c {\nlevel: [1\n", 5, 8, "the [ is never closed"},
		{"tab in a block", "intro: |\n  a\n  \tb\n", 0, 0, ""},
		{"comment", "# a [ b\na: 1 # ]\n", 0, 0, ""},
		{"escaped quote", "a: \"x\\\"y\n", 1, 4, "the quote \" is never closed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, col, what, ok := scanSyntax([]byte(tt.src))
			if line != tt.line || col != tt.col || what != tt.what || ok != (tt.line != 0) {
				t.Errorf("scanSyntax(%q) = %d, %d, %q, %v, want %d, %d, %q", tt.src, line, col, what, ok, tt.line, tt.col, tt.what)
			}
		})
	}
}

func TestQuote(t *testing.T) {
	long := ""
	for range 100 {
		long += "é"
	}
	tests := []struct{ in, want string }{
		{"flee-2", `"flee-2"`},
		{"a\nb", `"a\nb"`},
		{long, `"` + long[:2*MaxQuote] + `"…`},
		{"\xff", `"\xff"`},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestOffsetPos(t *testing.T) {
	src := []byte("ab\ncé\xffd\n")
	tests := []struct {
		off       int
		line, col int
	}{{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {6, 2, 3}, {7, 2, 4}, {9, 3, 1}}
	for _, tt := range tests {
		if p := OffsetPos("f", src, tt.off); p.Line != tt.line || p.Col != tt.col {
			t.Errorf("OffsetPos(%q, %d) = %d:%d, want %d:%d", src, tt.off, p.Line, p.Col, tt.line, tt.col)
		}
	}
}

func TestBrokenLine(t *testing.T) {
	tests := []struct {
		name string
		src  string
		line int // 0 for a text that parses
	}{
		{"parses", "a:\n  - b: 1\n    c: 2\n", 0},
		{"key one space short", "a:\n  - b: 1\n    c: 2\n   d: 3\ne: 4\n", 4},
		{"key one space deep", "a:\n  b: 1\n   c: 2\n", 3},
		{"after a bracket over lines", "a: [1,\n  2]\nb:\n  - c: 1\n   d: 2\n", 5},
		{"after a quote over lines", "a: \"x\n  y\"\nb: c: d\n", 3},
		{"after a block", "a: |\n  x: y: z\n   - w\nb: c: d\n", 4},
		{"no final newline", "a: 1\nb: c: d", 2},
		{"first line", "a: b: c\n", 1},
		{"too long to search", strings.Repeat("a: 1\n", maxBrokenLineSearch/5) + "b:\n  c: 1\n   d: 2\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			start, ok := brokenLine(src)
			line := 0
			if ok {
				line = OffsetPos("f", src, start).Line
			}
			if line != tt.line {
				t.Errorf("brokenLine(%q) is at line %d, want %d", tt.src, line, tt.line)
			}
		})
	}
}

func TestCulprit(t *testing.T) {
	tests := []struct {
		name, line, msg string
		at              int
		what            string
	}{
		{"colon in a value", "    hint: Careful: it jumps.\n", "mapping values are not allowed in this context", 17, "a colon and a space inside a value; put the whole value in quotes"},
		{"colon in a list item", "  - hint: a: b\r\n", "mapping values are not allowed in this context", 11, "a colon and a space inside a value; put the whole value in quotes"},
		{"key too deep", "      answer: 8\n", "mapping values are not allowed in this context", 6, "this line is not indented like the lines above it"},
		{"key too shallow", "   answer: draw\n", "did not find expected '-' indicator", 3, "this line is not indented like the lines above it"},
		{"missing key", "  b: 1\n", "did not find expected key", 2, "this line is not indented like the lines above it"},
		{"other", "  x\n", "did not find expected node content", 2, ""},
		{"bold at the start", "    hint: **Count** the jumps.\n", "did not find expected alphabetic or numeric character", 10,
			"YAML reads a value that starts with * as an alias, not as text (Markdown's **bold** too); put the whole value in quotes"},
		{"anchor at the start", "  - explain: &c\n", "did not find expected alphabetic or numeric character", 13,
			"YAML reads a value that starts with & as an anchor, not as text; put the whole value in quotes"},
		{"backtick at the start", "    hint: `Ne7` jumps.\n", "found character that cannot start any token", 10, "a YAML value cannot start with `; put the whole value in quotes"},
		{"list item at the start", "    hint: - count them\n", "block sequence entries are not allowed in this context", 10, `a value that starts with "- " is a list in YAML; put the whole value in quotes`},
		{"bracket then text", "    hint: [e7] is its square\n", "did not find expected key", 10,
			"a value that starts with [ is a list or a mapping in YAML, which ends at the ] and is followed by more text; put the whole value in quotes"},
		{"bracket then a comment", "    answer: [e7] # the only one\n", "did not find expected key", 4, "this line is not indented like the lines above it"},
		{"apostrophe in single quotes", "    hint: 'The knight's jumps.'\n", "did not find expected key", 21,
			"this ' ends the quoted value, and more text follows; write it twice ('') to keep it, or put the value in double quotes"},
		{"doubled apostrophe", "    hint: 'The knight''s jumps.'\n", "did not find expected key", 4, "this line is not indented like the lines above it"},
		{"quote in double quotes", `    hint: "The" knight` + "\n", "did not find expected key", 14,
			`this " ends the quoted value, and more text follows; write \" to keep it, or put the value in single quotes`},
		{"mapping indented too deep", "      position: {king: e4, knight: g2}\n", "mapping values are not allowed in this context", 6, "this line is not indented like the lines above it"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at, what := culprit([]byte(tt.line), tt.msg)
			if at != tt.at || what != tt.what {
				t.Errorf("culprit(%q, %q) = %d, %q, want %d, %q", tt.line, tt.msg, at, what, tt.at, tt.what)
			}
		})
	}
}
