package course

import (
	"fmt"
	"nostromo-lessons/internal/course/yamlpos"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// answerLesson returns a lesson of one exercise of kind with answer, and
// the keys the kind needs besides.
func answerLesson(kind, answer string) string {
	extra := map[string]string{"legal": "    move: Kd2\n", "moves-to-goal": "    goal: save:1\n"}[kind]
	return lessonWith("Hello.", fmt.Sprintf("  - kind: %s\n    position: start\n%s    answer: %s\n", kind, extra, answer))
}

// loadAnswer loads a course in language lang (a course.yaml value) with
// the lesson answerLesson(kind, answer).
func loadAnswer(lang, kind, answer string) (*Course, error) {
	return Load(course(map[string]string{
		"course.yaml":     "title: T\nlanguage: " + lang + "\n",
		"lessons/01.yaml": answerLesson(kind, answer),
	}))
}

// TestAnswerWords checks that a course in another language takes its
// language's words for the answers, in any case and without accents, as
// the English words, and that English words work in any case in every
// language.
func TestAnswerWords(t *testing.T) {
	tests := []struct {
		lang, kind, english string
		words               []string
	}{
		{"en", "outcome", "white", []string{"White", "WHITE"}},
		{"en", "outcome", "draw", []string{"Draw"}},
		{"en", "legal", "yes", []string{"Yes"}},
		{"en", "legal", "no", []string{"No"}},
		{"en", "moves-to-win", "never", []string{"Never"}},
		{"es", "outcome", "white", []string{"blancas", "Blancas", "white", "White"}},
		{"es", "outcome", "black", []string{"negras", "NEGRAS", "black"}},
		{"es", "outcome", "draw", []string{"tablas", "Tablas"}},
		{"es", "legal", "yes", []string{"sí", "si", "Sí", "yes"}},
		{"es", "legal", "no", []string{"no", "No"}},
		{"es", "moves-to-win", "never", []string{"nunca", "Nunca", "never"}},
		{"ru", "outcome", "white", []string{"белые", "Белые"}},
		{"ru", "outcome", "black", []string{"чёрные", "черные", "Чёрные"}},
		{"ru", "outcome", "draw", []string{"ничья", "Ничья", "draw"}},
		{"ru", "legal", "yes", []string{"да", "Да"}},
		{"ru", "legal", "no", []string{"нет"}},
		{"ru", "moves-to-goal", "never", []string{"никогда"}},
		{"de", "outcome", "white", []string{"weiß", "Weiß"}},
		{"de", "outcome", "black", []string{"schwarz", "Schwarz"}},
		{"de", "outcome", "draw", []string{"remis", "Remis"}},
		{"de", "legal", "yes", []string{"ja"}},
		{"de", "legal", "no", []string{"nein", "Nein"}},
		{"de", "moves-to-win", "never", []string{"nie"}},
		{"nl", "outcome", "white", []string{"wit", "Wit"}},
		{"nl", "outcome", "black", []string{"zwart"}},
		{"nl", "outcome", "draw", []string{"remise", "Remise"}},
		{"nl", "legal", "yes", []string{"ja"}},
		{"nl", "legal", "no", []string{"nee"}},
		{"nl", "moves-to-goal", "never", []string{"nooit"}},
		// The synonyms chess teachers write besides the catalogs' words.
		{"en", "outcome", "draw", []string{"drawn", "Drawn"}},
		{"es", "outcome", "draw", []string{"empate", "Empate", "drawn"}},
		{"es", "moves-to-win", "never", []string{"jamás", "jamas"}},
		{"de", "outcome", "draw", []string{"unentschieden", "Unentschieden", "UNENTSCHIEDEN", "drawn"}},
		{"de", "outcome", "white", []string{"weiss", "Weiss"}},
		{"de", "moves-to-goal", "never", []string{"niemals", "Niemals"}},
		{"nl", "outcome", "draw", []string{"gelijkspel", "Gelijkspel", "drawn"}},
		{"nl", "legal", "no", []string{"neen"}},
	}
	for _, tt := range tests {
		want, err := loadAnswer(tt.lang, tt.kind, tt.english)
		if err != nil {
			t.Fatalf("%s %s answer %q: %v", tt.lang, tt.kind, tt.english, err)
		}
		for _, w := range tt.words {
			t.Run(tt.lang+"/"+tt.kind+"/"+w, func(t *testing.T) {
				got, err := loadAnswer(tt.lang, tt.kind, w)
				if err != nil {
					t.Fatalf("Load with answer %q = %v", w, err)
				}
				if d := cmp.Diff(want.Lessons[0].Exercises[0].Question, got.Lessons[0].Exercises[0].Question); d != "" {
					t.Errorf("answer %q is not answer %q (-want +got):\n%s", w, tt.english, d)
				}
			})
		}
	}
}

// TestAnswerWordsRefused checks that a wrong answer word is refused with
// the words of the course's language, and that one language's words are
// not another's.
func TestAnswerWordsRefused(t *testing.T) {
	tests := []struct {
		lang, kind, answer, want string
	}{
		{"en", "outcome", "negras", `answer: want white or black or draw, got "negras"`},
		{"es", "outcome", "zwart", `answer: want blancas or negras or tablas (or white or black or draw), got "zwart"`},
		{"ru", "legal", "ja", `answer: want да or нет (or yes or no), got "ja"`},
		{"de", "outcome", "remise", `answer: want weiß or schwarz or remis (or white or black or draw), got "remise"`},
		{"nl", "moves-to-win", "nie", `answer: want a whole number of moves or nooit (or never), got "nie"`},
		{"es", "outcome", "blanca", `answer: want blancas or negras or tablas (or white or black or draw), got "blanca"`},
		{"en", "outcome", "remis", `answer: want white or black or draw, got "remis"`},
		{"nl", "outcome", "remis", `answer: want wit or zwart or remise (or white or black or draw), got "remis"`},
		{"es", "outcome", "remise", `answer: want blancas or negras or tablas (or white or black or draw), got "remise"`},
		{"ru", "moves-to-win", "niemals", `answer: want a whole number of moves or никогда (or never), got "niemals"`},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.answer, func(t *testing.T) {
			_, err := loadAnswer(tt.lang, tt.kind, tt.answer)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load with answer %q = %v, want %s", tt.answer, err, tt.want)
			}
		})
	}
}

// TestAnswerWordsInProblems checks that check's message about a wrong
// answer word quotes the word as the author wrote it, and in a course of
// another language names the right word in that language first.
func TestAnswerWordsInProblems(t *testing.T) {
	const (
		blackWins = "8/8/8/8/4P3/6n1/8/7K w 2 3"   // Black wins in 1 move (1. Kg2 Nxe4)
		whiteWins = "8/8/8/4P3/8/8/8/n6K w 2 3"    // White wins in 3 moves
		draw      = "8/4P3/5n2/8/8/8/8/K7 w 2 3"   // nobody can force a win
		blackLine = " (1. Kg2 Nxe4)"               // the line of blackWins
		whiteLine = " (1. e6 Nb3 2. e7 Nc5 3. e8)" // the line of whiteWins
	)
	tests := []struct {
		lang, kind, position, extra, answer, want string
	}{
		{"de", "outcome", blackWins, "", "Remis", `answer "Remis", but Black wins in 1 move with best play` + blackLine + `; the answer is schwarz (or black)`},
		{"de", "outcome", blackWins, "", "draw", `answer draw, but Black wins in 1 move with best play` + blackLine + `; the answer is schwarz (or black)`},
		{"en", "outcome", blackWins, "", "drawn", `answer "drawn", but Black wins in 1 move with best play` + blackLine + "\n"},
		{"en", "outcome", blackWins, "", "white", `answer white, but Black wins in 1 move with best play` + blackLine + "\n"},
		{"es", "outcome", blackWins, "", "Blancas", `answer "Blancas", but Black wins in 1 move with best play` + blackLine + `; the answer is negras (or black)`},
		{"nl", "outcome", whiteWins, "", "remise", `answer "remise", but White wins in 3 moves with best play` + whiteLine + `; the answer is wit (or white)`},
		{"ru", "moves-to-win", whiteWins, "", "никогда", `answer "никогда", but White wins in 3 moves` + whiteLine + "\n"},
		{"nl", "moves-to-win", draw, "", "2", `answer 2, but nobody can force a win, so the answer is nooit (or never): it is a draw`},
		{"de", "moves-to-goal", blackWins, "    goal: catch:1\n", "niemals", `answer "niemals", but Black can catch 1 pawn in 1 move` + blackLine + "\n"},
		{"es", "legal", "start", "    move: Ke2\n", "sí", `answer "sí", but Ke2 is not legal here (legal: Kd1, Kf1, b3, c3, d3, e3, f3, g3); the answer is no` + "\n"},
		{"ru", "legal", "start", "    move: e3\n", "нет", `answer "нет", but e3 is legal here; the answer is да (or yes)`},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.kind+"/"+tt.answer, func(t *testing.T) {
			lesson := lessonWith("Hello.", fmt.Sprintf("  - kind: %s\n    position: %s\n%s    answer: %s\n", tt.kind, tt.position, tt.extra, tt.answer))
			_, err := Check(course(map[string]string{
				"course.yaml":     "title: T\nlanguage: " + tt.lang + "\n",
				"lessons/01.yaml": lesson,
			}), testSolver())
			var got strings.Builder
			yamlpos.PrintError(&got, err)
			if !strings.Contains(got.String(), tt.want) {
				t.Errorf("Check with answer %q = %s, want %s", tt.answer, got.String(), tt.want)
			}
		})
	}
}
