package course

import (
	"strings"
	"testing"
	"unicode/utf8"

	"nostromo-lessons/internal/style"
)

func TestExpand(t *testing.T) {
	tests := []struct {
		in    string
		theme style.Theme
		want  string
	}{
		{"$King moves.", style.Alien, "Ripley moves."},
		{"$King moves.", style.Farm, "The shepherd moves."},
		{"$White to move: $king.", style.Farm, "The farm to move: the shepherd."},
		{"$White to move: $king.", style.Classic, "White to move: the king."},
		{"$knight.acc jumps", style.Alien, "the alien jumps"},
		{"3 $pawns, 1 $pawn", style.Farm, "3 sheep, 1 sheep"},
		{"$save it; it is $saved", style.Alien, "bring to safety it; it is brought to safety"},
		{"$save.verb one $pawn$save.rest", style.Alien, "bring one crew member to safety"},
		{"$Save.verb two $pawns$save.rest.", style.Farm, "Bring two sheep home."},
		{"$save.verb a $pawn$save.rest", style.Classic, "save a pawn"},
		{"$Lair, $row8, $door", style.Classic, "The home square, the top row, the door square"},
		{"$black's move", style.Alien, "the alien's move"},
		{"$$5 and $$king", style.Alien, "$5 and $king"},
		{"$king$knight", style.Classic, "the kingthe knight"},
		{"no placeholder", style.Farm, "no placeholder"},
		{"Кр $king.", style.Classic, "Кр the king."},
	}
	for _, tt := range tests {
		t.Run(tt.theme.String()+"/"+tt.in, func(t *testing.T) {
			got, probs := expand(tt.in, tt.theme, style.English)
			if got != tt.want || len(probs) != 0 {
				t.Errorf("expand(%q, %v) = %q, %v; want %q", tt.in, tt.theme, got, probs, tt.want)
			}
		})
	}
}

func TestExpandProblems(t *testing.T) {
	tests := []struct {
		in   string
		offs []int  // the offsets of the problems
		msg  string // a part of the first message
	}{
		{"$kign", []int{0}, "did you mean $king?"},
		{"$Kign", []int{0}, "did you mean $King?"},
		{"a $ b", []int{2}, "a lone $"},
		{"end $", []int{4}, "a lone $"},
		{"$KING", []int{0}, "did you mean $King?"},
		{"$queen", []int{0}, "the theme words are $king"},
		{"$king.pl and $x", []int{0, 13}, "known forms: .nom"},
		{"$king.verb", []int{0}, "$save.verb ... $save.rest"},
		{"$save.pl", []int{0}, "unknown form \".pl\""},
		{"$9", []int{0}, "a lone $"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, probs := expand(tt.in, style.Alien, style.English)
			if got != tt.in {
				t.Errorf("expand(%q) = %q, want the text unchanged", tt.in, got)
			}
			var offs []int
			for _, p := range probs {
				offs = append(offs, p.off)
			}
			if len(offs) != len(tt.offs) || !strings.Contains(probs[0].msg, tt.msg) {
				t.Fatalf("expand(%q) problems %v, want at %v, the first saying %q", tt.in, probs, tt.offs, tt.msg)
			}
			for i := range offs {
				if offs[i] != tt.offs[i] {
					t.Errorf("expand(%q) problem %d at %d, want %d", tt.in, i, offs[i], tt.offs[i])
				}
			}
		})
	}
}

// TestLoadTheme loads one course in every theme: each text field expands
// in the theme asked for, WithTheme wins over course.yaml, and no word of
// another theme's story is left.
func TestLoadTheme(t *testing.T) {
	lesson := "title: $King and $pawns\nlevel: 1\nsummary: $White wins.\ngoals: [Catch $knight]\n" +
		"intro: |\n  $Knight in $lair.\n\n  ```board\n  fen: start\n  caption: $King on e1\n  ```\n" +
		"reminder: $Pawns reach $row8.\nteacher: $King guards $door.\n" +
		"exercises:\n  - kind: count-moves\n    position: start\n    answer: 8\n" +
		"    question: How many moves can $white make?\n    hint: $King, $pawns.\n    explain: \"$Save $pawns: $saved.\"\n"
	fsys := course(map[string]string{
		"course.yaml":     "title: $King and $knight\ntheme: alien\nlevels:\n  1: {name: $King's cadet, goals: [Know $lair]}\n",
		"lessons/01.yaml": lesson,
	})
	for _, th := range style.Themes() {
		t.Run(th.String(), func(t *testing.T) {
			c, err := Load(fsys, WithTheme(th))
			if err != nil {
				t.Fatal(err)
			}
			if c.Theme != th {
				t.Errorf("Load(WithTheme(%v)).Theme = %v", th, c.Theme)
			}
			king, _ := th.Placeholder("King")
			l := c.Lessons[0]
			e := l.Exercises[0]
			texts := []string{c.Title, c.Levels[0].Name, c.Levels[0].Goals[0], l.Title, l.Summary, l.Goals[0], l.Intro,
				l.Diagrams[0].Caption, l.Reminder, l.Teacher, e.Text, e.Hint, e.Explain}
			if want := king + " on e1"; l.Diagrams[0].Caption != want {
				t.Errorf("caption = %q, want %q", l.Diagrams[0].Caption, want)
			}
			if !strings.Contains(l.Intro, "caption: "+king+" on e1") {
				t.Errorf("intro = %q, want its board block's caption expanded", l.Intro)
			}
			for _, s := range texts {
				if strings.Contains(s, "$") {
					t.Errorf("text %q holds a placeholder", s)
				}
				for _, other := range style.Themes() {
					if other == th {
						continue
					}
					for _, w := range other.StoryWords() {
						if containsWord(s, w) {
							t.Errorf("text %q in theme %v holds %q of theme %v", s, th, w, other)
						}
					}
				}
			}
		})
	}
	c, err := Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if c.Theme != style.Alien || c.Title != "Ripley and the alien" {
		t.Errorf("Load without a theme: %v, %q; want course.yaml's theme alien, \"Ripley and the alien\"", c.Theme, c.Title)
	}
}

// containsWord reports whether s holds word as a whole word, in any letter
// case.
func containsWord(s, word string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
	}) {
		if w == word {
			return true
		}
	}
	return false
}

func FuzzExpand(f *testing.F) {
	for _, s := range []string{"$King and $kign", "$$5 $ 5", "$knight.acc $king.pl", "$", "$$$", "$row8.", "Кр $king"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, th := range style.Themes() {
			got, probs := expand(s, th, style.English)
			// A $ is left for each $$ and each placeholder not expanded.
			if want := strings.Count(s, "$$") + len(probs); strings.Count(got, "$") != want {
				t.Errorf("expand(%q, %v) = %q with %d problems: %d $, want %d", s, th, got, len(probs), strings.Count(got, "$"), want)
			}
			if utf8.ValidString(s) && !utf8.ValidString(got) {
				t.Errorf("expand(%q, %v) = %q, not UTF-8", s, th, got)
			}
			last := -1
			for _, p := range probs {
				if p.off <= last || p.off >= len(s) || s[p.off] != '$' {
					t.Fatalf("expand(%q, %v): problem at %d, not at a $ after %d", s, th, p.off, last)
				}
				last = p.off
			}
		}
	})
}

// TestExpandProblemsGerman: in a German course an unknown placeholder is
// quoted whole, umlauts included, and a close name (a German teacher's
// .akk for .acc) is suggested.
func TestExpandProblemsGerman(t *testing.T) {
	tests := []struct {
		in, msg string // msg: the first problem's message
	}{
		{"$König zieht.", `unknown placeholder "$König" in language de (the theme words are $king, $knight, $pawn, $pawns, $white, $black, $lair, $row8, $door, $save, $saved; their forms are in docs/glossary-de.md)`},
		{"$Knight.akk springt.", `unknown placeholder "$Knight.akk" in language de (did you mean $Knight.acc?)`},
		{"mit $pawns.dativ", `unknown placeholder "$pawns.dativ" in language de (did you mean $pawns.dat?)`},
		{"$kign", `unknown placeholder "$kign" in language de (did you mean $king?)`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, probs := expand(tt.in, style.Classic, style.German)
			if len(probs) == 0 || probs[0].msg != tt.msg {
				t.Errorf("expand(%q) problems %v, want first %q", tt.in, probs, tt.msg)
			}
		})
	}
}

// TestExpandArticles: an article before a theme word that carries its own
// is a problem in every language that has articles ("Der $king" would read
// "Der der König"); a plural or a form after an article is not.
func TestExpandArticles(t *testing.T) {
	tests := []struct {
		lang style.Language
		in   string
		msg  string // the first problem's message, "" for none
	}{
		{style.English, "The $king moves.", `"The $king": the theme word carries its own article ("Ripley", "the king"); write $King alone`},
		{style.German, "Der $king zieht.", `"Der $king": the theme word carries its own article ("der König", "Ripley"); write $King alone, or one of its forms (docs/glossary-de.md)`},
		{style.German, "mit einem\n$knight", `"einem $knight": the theme word carries its own article ("der König", "Ripley"); write $knight alone, or one of its forms (docs/glossary-de.md)`},
		{style.German, "Die Felder, auf die $knight springen kann.", ""},
		{style.German, "Der Bauer, den $knight fängt.", ""},
		{style.German, "die $pawns und $king.dat", ""},
		{style.German, "Der Bauer sieht $king.acc.", ""},
		{style.Spanish, "El $king se mueve.", `"El $king": the theme word carries its own article ("el rey", "Ripley"); write $King alone, or one of its forms (docs/glossary-es.md)`},
		{style.Spanish, "Un juego de $king y seis $pawns.", `"de $king" reads "de el rey" in the classic theme; write $king.gen ("del rey")`},
		{style.Spanish, "Mira a\n$knight.", `"a $knight" reads "a el caballo" in the classic theme; write $knight.acc ("al caballo")`},
		{style.Spanish, "Victoria de $white.", `"de $white" reads "de el rebaño" in the farm theme; write $white.gen ("del rebaño")`},
		{style.Spanish, "De $King salen dos flechas.", `"De $King" reads "De el rey" in the classic theme; write $King.gen ("Del rey")`},
		{style.Spanish, "El salto de $knight.gen y la casilla de $lair.", ""},
		{style.Spanish, "dos de $pawns", ""},
		{style.Dutch, "de $lair", `"de $lair": the theme word carries its own article ("de koning", "Ripley"); write $lair alone, or one of its forms (docs/glossary-nl.md)`},
		{style.Dutch, "de pion die $king beschermt", ""},
		{style.Russian, "и $king", ""},
	}
	for _, tt := range tests {
		t.Run(tt.lang.String()+"/"+tt.in, func(t *testing.T) {
			_, probs := expand(tt.in, style.Classic, tt.lang)
			got := ""
			if len(probs) > 0 {
				got = probs[0].msg
			}
			if got != tt.msg {
				t.Errorf("expand(%q) in %v: first problem %q, want %q", tt.in, tt.lang, got, tt.msg)
			}
		})
	}
}
