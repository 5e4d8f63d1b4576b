package course

import "testing"

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
		if got := quote(tt.in); got != tt.want {
			t.Errorf("quote(%q) = %s, want %s", tt.in, got, tt.want)
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
		if p := offsetPos("f", src, tt.off); p.Line != tt.line || p.Col != tt.col {
			t.Errorf("offsetPos(%q, %d) = %d:%d, want %d:%d", src, tt.off, p.Line, p.Col, tt.line, tt.col)
		}
	}
}
