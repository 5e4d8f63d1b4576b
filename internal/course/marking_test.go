package course

import (
	"nostromo-lessons/internal/course/yamlpos"
	"strings"
	"testing"
)

// TestMarkedWords: a best-move question that says "at once" without
// fastest:, or "every" or "all" without find:, in the course's language,
// is a warning at the word; a key the author wrote, either way, silences
// it, and so do the words in another kind of question or another language.
func TestMarkedWords(t *testing.T) {
	const atOnce = `warning: exercise 1 (best-move): question says %s, but without fastest: true the page calls a slower win right (with a star less) and the answer key lists the slower moves; add fastest: true (or fastest: false, if a slower win is right)`
	const every = `warning: exercise 1 (best-move): question says %s, but without find: every the page calls one right move enough and closes the exercise; add find: every (or find: one, if one move is the answer)`
	ex := func(kind, keys, question string) string {
		return "  - kind: " + kind + "\n    position: 8/3P4/8/8/8/8/8/n6K w 2 3\n    answer: [d8]\n" + keys + "    question: " + question + "\n"
	}
	tests := []struct {
		name, lang, body string
		want             []string
	}{
		{"at once", "en", ex("best-move", "", "Find the move that wins at once."),
			[]string{"lessons/l.yaml:9:39: " + strings.Replace(atOnce, "%s", `"at once"`, 1)}},
		{"at once, accept: winning", "en", ex("best-move", "    accept: winning\n", "Find a move that wins at once."),
			[]string{"lessons/l.yaml:10:37: warning: exercise 1 (best-move): question says \"at once\", but accept: winning makes every winning move right, the slower ones too; write fastest: true instead (or fastest: false, if a slower win is right)"}},
		{"at once, fastest", "en", ex("best-move", "    fastest: true\n", "Find the move that wins at once."), nil},
		{"at once, fastest: false", "en", ex("best-move", "    fastest: false\n", "Find the move that wins at once."), nil},
		{"every and at once, quoted", "en", ex("best-move", "", `"Find EVERY move that wins at once."`),
			[]string{"lessons/l.yaml:9:21: " + strings.Replace(every, "%s", `"EVERY"`, 1), "lessons/l.yaml:9:42: " + strings.Replace(atOnce, "%s", `"at once"`, 1)}},
		{"all, find every", "en", ex("best-move", "    fastest: true\n    find: every\n", "Find all the moves that win at once."), nil},
		{"all, find one", "en", ex("best-move", "    find: one\n", "All three $pawns must go. Which one first?"), nil},
		{"block scalar", "en", ex("best-move", "", "|\n      Two $pawns are $saved.\n      Find all the winning moves."),
			[]string{"lessons/l.yaml:11:12: " + strings.Replace(every, "%s", `"all"`, 1)}},
		{"other kind", "en", "  - kind: count-moves\n    position: start\n    answer: 8\n    question: Count all the moves at once.\n", nil},
		{"German", "de", ex("best-move", "", "Finde den Zug, der sofort gewinnt."),
			[]string{"lessons/l.yaml:9:34: " + strings.Replace(atOnce, "%s", `"sofort"`, 1)}},
		{"English words in German", "de", ex("best-move", "", "Find every move at once."), nil},
		{"Spanish", "es", ex("best-move", "", "Encuentra todas las jugadas que ganan."),
			[]string{"lessons/l.yaml:9:25: " + strings.Replace(every, "%s", `"todas"`, 1)}},
		{"Dutch", "nl", ex("best-move", "", "Vind elke zet die meteen wint."),
			[]string{"lessons/l.yaml:9:20: " + strings.Replace(every, "%s", `"elke"`, 1), "lessons/l.yaml:9:33: " + strings.Replace(atOnce, "%s", `"meteen"`, 1)}},
		{"Russian", "ru", ex("best-move", "", "Найди ход, который сразу выигрывает."),
			[]string{"lessons/l.yaml:9:34: " + strings.Replace(atOnce, "%s", `"сразу"`, 1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load(course(map[string]string{
				"course.yaml":    "title: C\nlanguage: " + tt.lang + "\n",
				"lessons/l.yaml": lessonWith("Hi.", tt.body),
			}))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			var got strings.Builder
			yamlpos.PrintError(&got, c.Warnings)
			if want := strings.Join(tt.want, "\n"); strings.TrimSpace(got.String()) != want {
				t.Errorf("warnings:\n%s\nwant:\n%s", got.String(), want)
			}
		})
	}
}
