package course

import (
	"nostromo-lessons/internal/course/yamlpos"
	"strings"
	"testing"
	"testing/fstest"
)

// TestWarnUnprintable checks the warning about characters the PDFs cannot
// print: one a file, at the first such character, naming each once, and
// none for Latin, Greek and Cyrillic text or for comments.
func TestWarnUnprintable(t *testing.T) {
	const chars = `the PDFs cannot print `
	const rest = `: their fonts have the Latin, Greek and Cyrillic letters of European languages, and the rest print as empty boxes (an emoji as ` + "\uFFFD" + `); the site shows them`
	tests := []struct {
		name, title, intro, course, want string
	}{
		{"latin, greek, cyrillic", "Łódź, Ωmega, Ёжик", "Straße — «ok» · 1…", "title: T\n", ""},
		{"comment", "T # 第一步 😀", "Hello.", "# ☺\ntitle: T\n", ""},
		{"emoji", "Jumps 😀", "Hello 😀 again 🙂.", "title: T\n",
			`lessons/01.yaml:1:14: warning: ` + chars + `"😀" (U+1F600), "🙂" (U+1F642)` + rest},
		{"escaped", `"Jumps \U0001F600"`, "Hello.", "title: T\n",
			`lessons/01.yaml:1:8: warning: ` + chars + `"😀" (U+1F600)` + rest},
		{"many", "第一步 שלום עולם 漢", "Hello.", "title: T\n",
			`lessons/01.yaml:1:8: warning: ` + chars + `"第" (U+7B2C), "一" (U+4E00), "步" (U+6B65), "ש" (U+05E9), "ל" (U+05DC), "ו" (U+05D5), "ם" (U+05DD), "ע" (U+05E2) and 1 more` + rest},
		{"course.yaml", "T", "Hello.", "title: Курс ☺ 漢\n",
			`course.yaml:1:15: warning: ` + chars + `"漢" (U+6F22)` + rest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"course.yaml": &fstest.MapFile{Data: []byte(tt.course)},
				"lessons/01.yaml": &fstest.MapFile{Data: []byte("title: " + tt.title + "\nlevel: 1\nsummary: S.\ngoals: [g]\nintro: " + tt.intro +
					"\nexercises:\n  - kind: count-moves\n    position: start\n    answer: 8\n")},
			}
			c, err := Load(fsys)
			if err != nil {
				t.Fatalf("Load = %v", err)
			}
			var got strings.Builder
			yamlpos.PrintError(&got, c.Warnings)
			if want := tt.want + "\n"; tt.want == "" {
				want = ""
				if got.String() != want {
					t.Errorf("warnings:\n%s\nwant none", got.String())
				}
			} else if got.String() != want {
				t.Errorf("warnings:\n%s\nwant:\n%s", got.String(), want)
			}
		})
	}
}
