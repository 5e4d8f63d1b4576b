package course

import (
	"strings"
	"testing"

	"nostromo-lessons/internal/style"
)

// TestLanguage: language: selects the catalog of the default questions and
// answer keys, and a move is read in the letters of any language and shown
// in the course's.
func TestLanguage(t *testing.T) {
	const lesson = "title: T\nlevel: 1\nsummary: S.\nintro: I.\nexercises:\n" +
		"  - kind: legal\n    position: 8/8/5n2/8/8/8/1PPPPPP1/4K3 b 0 0\n    move: %s\n    answer: yes\n"
	tests := []struct {
		lang, move string
		want       style.Language
		text       string
	}{
		{"", "Nd5", style.English, "Black to move. Is the move Nd5 allowed here?"},
		{"es", "Cd5", style.Spanish, "Turno de las negras. ¿Está permitida aquí la jugada Cd5?"},
		{"es", "Nd5", style.Spanish, "Turno de las negras. ¿Está permitida aquí la jugada Cd5?"},
		{"ru", "Кd5", style.Russian, "Ход чёрных. Можно ли здесь сделать ход Кd5?"},
		{"ru", "Nd5", style.Russian, "Ход чёрных. Можно ли здесь сделать ход Кd5?"},
		{"de", "Sd5", style.German, "Schwarz ist am Zug. Ist der Zug Sd5 hier erlaubt?"},
		{"de", "Nd5", style.German, "Schwarz ist am Zug. Ist der Zug Sd5 hier erlaubt?"},
		{"nl", "Pd5", style.Dutch, "Zwart is aan zet. Mag de zet Pd5 hier?"},
		{"nl", "Nd5", style.Dutch, "Zwart is aan zet. Mag de zet Pd5 hier?"},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.move, func(t *testing.T) {
			files := map[string]string{"lessons/l.yaml": fmtLesson(lesson, tt.move), "course.yaml": "theme: classic\n"}
			if tt.lang != "" {
				files["course.yaml"] += "language: " + tt.lang + "\n"
			}
			c, err := Load(course(files))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if c.Language != tt.want {
				t.Errorf("Language = %v, want %v", c.Language, tt.want)
			}
			e := c.Lessons[0].Exercises[0]
			if e.Text != tt.text || e.Answer != map[style.Language]string{style.English: "yes", style.Spanish: "sí", style.Russian: "да", style.German: "ja", style.Dutch: "ja"}[tt.want] {
				t.Errorf("exercise = %q, %q; want %q and yes in %v", e.Text, e.Answer, tt.text, tt.want)
			}
		})
	}
}

func fmtLesson(format, move string) string {
	return strings.Replace(format, "%s", move, 1)
}

// TestGeneratedBankLanguage: a generated bank in a course of another
// language (a bank without language: is English, as banks of earlier
// versions are) is a warning at its generated: key; a bank written by
// hand, or generated in the course's language, is not.
func TestGeneratedBankLanguage(t *testing.T) {
	const lesson = "title: T\nlevel: 1\nsummary: S.\nintro: I.\nexercises:\n" +
		"  - kind: count-moves\n    position: start\n    answer: 8\n"
	const generated = "title: $Knight jumps, level 1\ngenerated:\n  by: nostromo-lessons generate\n  seed: 1\n" +
		"  args: [knight-moves, --count, \"1\", --seed, \"1\", --level, \"1\", --theme, classic]\n  level: 1\n" +
		"exercises:\n  - kind: knight-moves\n    position: {king: a1, pawns: [b5], knight: h8, saved: 2, taken: 3}\n" +
		"    answer: [f7, g6]\n    explain: From h8, $knight jumps to f7 and g6.\n"
	german := strings.Replace(generated, "  level: 1\n", "  level: 1\n  language: de\n", 1)
	const byHand = "title: Sprünge\nexercises:\n  - kind: count-moves\n    position: start\n    answer: 8\n"
	tests := []struct {
		name, lang, bank string
		want             string // the warnings, one a line
	}{
		{"german, generated", "de", generated, "exercises/b.yaml:2:1: warning: generated: the bank's title and explanations are in en, and the course's language is de: run its command (in the comment above its title) again with --language de, or translate the title and the explanations (or remove the explanations), then delete this generated: section\n"},
		{"german, by hand (or translated, generated: deleted)", "de", byHand, ""},
		{"english, generated", "en", generated, ""},
		{"german, generated in german", "de", german, ""},
		{"english, generated in german", "en", german, "exercises/b.yaml:2:1: warning: generated: the bank's title and explanations are in de, and the course's language is en: run its command (in the comment above its title) again with --language en, or translate the title and the explanations (or remove the explanations), then delete this generated: section\n"},
		{"german, generated in german (any case)", "de", strings.Replace(german, "language: de", "language: DE", 1), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load(course(map[string]string{"lessons/l.yaml": lesson, "exercises/b.yaml": tt.bank, "course.yaml": "language: " + tt.lang + "\n"}))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			var got strings.Builder
			PrintError(&got, c.Warnings)
			if got.String() != tt.want {
				t.Errorf("warnings:\n%s\nwant:\n%s", got.String(), tt.want)
			}
		})
	}
}

// TestSettingsAnyCase: course.yaml's language, theme and paper are read in
// any case, as the command line's --language, --theme and --paper are
// ("paper: A4", as the paper's packet says); other words stay refused.
func TestSettingsAnyCase(t *testing.T) {
	const lesson = "title: T\nlevel: 1\nsummary: S.\nintro: I.\nexercises:\n  - kind: count-moves\n    position: start\n    answer: 8\n"
	tests := []struct {
		course string
		lang   style.Language
		theme  style.Theme
		paper  style.Paper
		err    string
	}{
		{"paper: A4\ntheme: Alien\nlanguage: DE\n", style.German, style.Alien, style.A4, ""},
		{"paper: Letter\ntheme: FARM\n", style.English, style.Farm, style.Letter, ""},
		{"paper: A3\n", style.English, style.Classic, style.A4, `course.yaml:1:8: paper: want a4 or letter, got "A3"`},
	}
	for _, tt := range tests {
		t.Run(tt.course, func(t *testing.T) {
			c, err := Load(course(map[string]string{"lessons/l.yaml": lesson, "course.yaml": tt.course}))
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Errorf("Load: %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if c.Language != tt.lang || c.Theme != tt.theme || c.Paper != tt.paper {
				t.Errorf("Load: language %v, theme %v, paper %v; want %v, %v, %v", c.Language, c.Theme, c.Paper, tt.lang, tt.theme, tt.paper)
			}
		})
	}
}
