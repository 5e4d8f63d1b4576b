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
