package course

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/coursefs"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/starter"
)

// course returns a course of the given files, with a good lesson unless
// files has lessons of its own.
func course(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	hasLesson := false
	for name, data := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(data)}
		hasLesson = hasLesson || strings.HasPrefix(name, "lessons/")
	}
	if !hasLesson {
		fsys["lessons/01-good.yaml"] = &fstest.MapFile{Data: []byte(goodLesson)}
	}
	return fsys
}

const goodLesson = `title: Good
level: 1
summary: Good.
intro: Hello.
exercises:
  - kind: count-moves
    position: start
    answer: 8
`

// lessonWith returns a lesson whose exercises list is body.
func lessonWith(intro, body string) string {
	return "title: T\nlevel: 1\nsummary: S.\nintro: " + intro + "\nexercises:\n" + body
}

func exercisesOf(n int) string {
	var b strings.Builder
	for range n {
		b.WriteString("  - kind: count-moves\n    position: start\n    answer: 8\n")
	}
	return b.String()
}

// boards returns a literal Markdown value of n board blocks, each line
// indented by indent and two spaces.
func boards(n int, indent string) string {
	return "|\n" + strings.Repeat(indent+"  ```board\n"+indent+"  fen: start\n"+indent+"  ```\n", n)
}

// explained returns n exercises, each explained with MaxDiagrams boards.
func explained(n int) string {
	var b strings.Builder
	for range n {
		b.WriteString("  - kind: count-moves\n    position: start\n    answer: 8\n    explain: " + boards(MaxDiagrams, "    "))
	}
	return b.String()
}

// amplified returns a Markdown value (in JSON quotes, which YAML reads)
// that uses a link reference definition uses times.
func amplified(uses int) string {
	return fmt.Sprintf("%q", "[a]: https://e.example/"+strings.Repeat("x", 600)+"\n\n"+strings.Repeat("[a]", uses))
}

// padded returns a Markdown value (in JSON quotes) of MaxMarkdown bytes
// that renders to a little less than MaxGrowth times its size, as HTML
// and as Markdown.
func padded() string {
	def := "[a]: https://e.example/" + strings.Repeat("x", MaxLink-20) + "\n\n"
	uses := strings.Repeat("[a] ", 85)
	return fmt.Sprintf("%q", def+uses+"\n\n"+strings.Repeat("y", MaxMarkdown-len(def)-len(uses)-2))
}

func TestLimits(t *testing.T) {
	laughs := "a: &a [x, x, x, x, x, x, x, x, x]\n"
	for i := 'b'; i <= 'j'; i++ {
		laughs += fmt.Sprintf("%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	bank := func(n int) string { return "exercises:\n" + exercisesOf(n) }
	tests := []struct {
		name  string
		files map[string]string
		want  string // a message that must be among the errors
	}{
		{"file size", map[string]string{"lessons/big.yaml": goodLesson + "# " + strings.Repeat("x", coursefs.MaxFileSize) + "\n"},
			"lessons/big.yaml:1:1: file is more than 1048576 bytes, the limit"},
		{"markdown", map[string]string{"lessons/long.yaml": lessonWith(strings.Repeat("x", MaxMarkdown+1), exercisesOf(1))},
			"lessons/long.yaml:4:8: intro is 20001 bytes long, more than the limit of 20000"},
		{"text", map[string]string{"lessons/long.yaml": strings.Replace(goodLesson, "title: Good", "title: "+strings.Repeat("x", MaxText+1), 1)},
			"lessons/long.yaml:1:8: title is 1001 bytes long, more than the limit of 1000"},
		{"exercises per lesson", map[string]string{"lessons/many.yaml": lessonWith("Hi.", exercisesOf(MaxExercisesPerLesson+1))},
			"lessons/many.yaml:6:3: exercises: 101 exercises, more than the limit of 100"},
		{"exercises per course", map[string]string{
			"exercises/a.yaml": bank(MaxBankExercises), "exercises/b.yaml": bank(MaxBankExercises), "exercises/c.yaml": bank(MaxBankExercises)},
			"lessons/01-good.yaml:6:5: exercise 1: the course has more than 3000 exercises, the limit"},
		{"list", map[string]string{"lessons/marks.yaml": lessonWith("Hi.", "  - kind: count-moves\n    position: start\n    answer: 8\n    marks: ["+strings.Repeat("a1, ", MaxList)+"a1]\n")},
			"lessons/marks.yaml:9:12: exercise 1 (count-moves): marks has 65 items, more than the limit of 64"},
		{"diagrams", map[string]string{"lessons/boards.yaml": lessonWith("|\n"+strings.Repeat("  ```board\n  fen: start\n  ```\n", MaxDiagrams+1), exercisesOf(1))},
			fmt.Sprintf("lessons/boards.yaml:4:8: intro has %d board blocks, more than the limit of %d", MaxDiagrams+1, MaxDiagrams)},
		{"diagrams per lesson", map[string]string{"lessons/boards.yaml": lessonWith(boards(MaxDiagrams, ""), explained(MaxLessonDiagrams/MaxDiagrams))},
			fmt.Sprintf("lessons/boards.yaml:1:1: lesson has %d board blocks (intro, explanations and teacher's guide), more than the limit of %d", MaxLessonDiagrams+MaxDiagrams, MaxLessonDiagrams)},
		{"diagrams per course", func() map[string]string {
			m := map[string]string{}
			per := MaxLessonDiagrams - MaxDiagrams // board blocks per lesson
			for i := range MaxCourseDiagrams/per + 1 {
				m[fmt.Sprintf("lessons/%03d.yaml", i)] = lessonWith(boards(MaxDiagrams, ""), explained(per/MaxDiagrams-1))
			}
			return m
		}(), fmt.Sprintf("lessons/%03d.yaml:1:1: the course has more than %d board blocks with this lesson, the limit", MaxCourseDiagrams/(MaxLessonDiagrams-MaxDiagrams), MaxCourseDiagrams)},
		{"link", map[string]string{"lessons/link.yaml": lessonWith("|\n  Read [this](https://e.example/"+strings.Repeat("x", MaxLink)+").", exercisesOf(1))},
			"lessons/link.yaml:5:3: intro: link \"https://e.example/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"… is 2066 bytes long, more than the limit of 2048; shorten it"},
		{"reference definition", map[string]string{"lessons/link.yaml": lessonWith("|\n  Read [a].\n\n  [a]: https://e.example/"+strings.Repeat("x", MaxLink), exercisesOf(1))},
			"lessons/link.yaml:7:3: intro: link \"https://e.example/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"… is 2066 bytes long, more than the limit of 2048; shorten it"},
		{"field output", map[string]string{"lessons/refs.yaml": lessonWith(amplified(200), exercisesOf(1))},
			"lessons/refs.yaml:4:8: intro: its 1225 bytes render to more than 12250 bytes of HTML, the limit (10 times the field, at least 1 KiB, at most 256 KiB); a link reference used many times writes its link out each time: use it fewer times, or shorten the link or the field"},
		{"page output", map[string]string{"lessons/page.yaml": lessonWith("Hi.", strings.Repeat("  - kind: count-moves\n    position: start\n    answer: 8\n    explain: "+padded()+"\n", 48))},
			"lessons/page.yaml:181:14: exercise 44 (count-moves): explain: with this field the page of lessons/page.yaml renders to more than 8 MiB of HTML or of Markdown, the limit for a lesson page; split the lesson into two, or shorten its explanations"},
		{"concept", map[string]string{"lessons/concept.yaml": lessonWith("Hi.", "  - kind: count-moves\n    position: start\n    answer: 8\n    concept: "+strings.Repeat("a", MaxConcept+1)+"\n")},
			"lessons/concept.yaml:9:14: exercise 1 (count-moves): concept is 101 bytes long, more than the limit of 100"},
		{"billion laughs", map[string]string{"lessons/laughs.yaml": laughs},
			"lessons/laughs.yaml:2:8: YAML aliases (*a and 80 more) are not allowed; write the values out"},
		{"deep nesting", map[string]string{"lessons/deep.yaml": "title: " + strings.Repeat("[", 20000)},
			"lessons/deep.yaml:1:8: YAML syntax: the [ is never closed (exceeded max depth of 10000)"},
		{"deep nesting closed", map[string]string{"lessons/deep.yaml": "title: " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000)},
			"lessons/deep.yaml:1:10008: YAML syntax: lists and mappings nest more than 10000 deep here (100000 at the deepest); write the text flatter (exceeded max depth of 10000)"},
		{"deep lists", map[string]string{"lessons/deep.yaml": "title: T\nintro:\n  " + strings.Repeat("- ", 20000) + "x\n" + strings.Repeat("#", 70000)},
			"lessons/deep.yaml:3:20003: YAML syntax: lists and mappings nest more than 10000 deep here (20000 at the deepest); write the text flatter (exceeded max depth of 10000)"},
		{"lessons", func() map[string]string {
			m := map[string]string{}
			for i := range MaxLessons + 1 {
				m[fmt.Sprintf("lessons/%03d.yaml", i)] = goodLesson
			}
			return m
		}(), fmt.Sprintf("lessons: %d lessons, more than the limit of %d", MaxLessons+1, MaxLessons)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Check(course(tt.files), nil)
			list, _ := err.(yamlpos.ErrorList)
			for _, e := range list {
				if e.Error() == tt.want {
					return
				}
			}
			t.Errorf("Check errors = %v, want among them %q", list, tt.want)
		})
	}
}

func TestStarter(t *testing.T) {
	c, err := Load(starter.FS())
	if err != nil {
		t.Fatalf("Load(starter.FS()) = %v", err)
	}
	if len(c.Lessons) != 1 || len(c.Banks) != 1 {
		t.Fatalf("Load(starter.FS()) has %d lessons and %d banks, want 1 and 1", len(c.Lessons), len(c.Banks))
	}
	l := c.Lessons[0]
	if l.ID != "01-first-steps" || l.File != "lessons/01-first-steps.yaml" || l.Level != 1 {
		t.Errorf("lesson = %q %q level %d, want 01-first-steps", l.ID, l.File, l.Level)
	}
	want := []*Diagram{{Pos: yamlpos.Pos{File: "lessons/01-first-steps.yaml", Line: 14, Col: 3}, Position: rules.Start, FEN: "start",
		Caption: "The start. The knight waits on f6, the home square.", Marks: []rules.Square{rules.F6}, Kinds: []MarkKind{PlainMark}}}
	if diff := cmp.Diff(want, l.Diagrams); diff != "" {
		t.Errorf("diagrams mismatch (-want +got):\n%s", diff)
	}
	last := l.Exercises[len(l.Exercises)-1]
	if last.ID != "practice-king" || last.Number != len(l.Exercises) || last.Level != 1 || last.Kind != question.KindKingMoves {
		t.Errorf("included exercise = %q #%d level %d %v", last.ID, last.Number, last.Level, last.Kind)
	}
	first := l.Exercises[0]
	if first.Text != "Which squares can the knight jump to?" || first.Answer != "d5, d7, e4, e8, g4, g8, h5, h7" ||
		first.Space.Kind != style.SquareLines || first.Hint == "" {
		t.Errorf("first exercise = %+v", first)
	}
}

// TestDiagramPositions checks where problems inside board blocks are
// reported: inside the block for a literal text (|), with the column of
// the line in the file (block quote and list prefixes included), and at
// the text otherwise.
func TestDiagramPositions(t *testing.T) {
	tests := []struct{ name, intro, want string }{
		{"literal", "|\n  Text.\n\n  ```board\n  fen: start\n  marks: [x1]\n  ```\n", "lessons/l.yaml:9:11: board block: marks: \"x1\" is not a square (want a file a-h and a rank 1-8, like e4)"},
		{"literal indented more", "|\n    ```board\n    fen: nonsense\n    ```\n", "lessons/l.yaml:6:10: board block: fen: malformed fen: 1 field, want 4 (placement side saved taken) or 2 (placement side)"},
		{"block quote", "|\n  > ```board\n  > fen: start\n  > marks: [x1]\n  > ```\n", "lessons/l.yaml:7:13: board block: marks: \"x1\" is not a square (want a file a-h and a rank 1-8, like e4)"},
		{"list item", "|\n  - ```board {.x}\n    fen: start\n    marks: [x1]\n    ```\n", "lessons/l.yaml:7:13: board block: marks: \"x1\" is not a square (want a file a-h and a rank 1-8, like e4)"},
		{"quoted", "\"```board\\nfen: start\\nmarks: [x1]\\n```\\n\"", "lessons/l.yaml:4:8: board block: marks: \"x1\" is not a square (want a file a-h and a rank 1-8, like e4)"},
		{"folded", ">\n  ```board\n\n  fen: start\n\n  marks: [x1]\n\n  ```\n", "lessons/l.yaml:4:8: board block: marks: \"x1\" is not a square (want a file a-h and a rank 1-8, like e4)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(course(map[string]string{"lessons/l.yaml": lessonWith(tt.intro, exercisesOf(1))}))
			if err == nil || err.Error() != tt.want {
				t.Errorf("Load = %v, want %s", err, tt.want)
			}
		})
	}
}

func TestNoLessons(t *testing.T) {
	_, err := Load(fstest.MapFS{"course.yaml": {Data: []byte("title: x\n")}})
	if err == nil || !strings.Contains(err.Error(), "lessons: cannot read the folder") {
		t.Errorf("Load of a course without lessons = %v", err)
	}
	_, err = Load(fstest.MapFS{"lessons/a.yml": {Data: []byte(goodLesson)}})
	if got, want := fmt.Sprint(err), "lessons: no lessons: write at least one lessons/NN-name.yaml (and 1 more errors)"; got != want {
		t.Errorf("Load of a course with a .yml lesson = %v, want %v", got, want)
	}
}

func FuzzLoad(f *testing.F) {
	// The sample course and the starter courses are in the module's root.
	for _, pattern := range []string{"testdata/bad/*.yaml", "testdata/*.yaml", "../../starter/*/*.yaml", "../../starter/*/*/*.yaml", "../../*.yaml", "../../lessons/*.yaml", "../../exercises/*.yaml"} {
		files, _ := filepath.Glob(pattern)
		if len(files) == 0 {
			f.Fatalf("no seed files %s", pattern)
		}
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// The input is at once a lesson, a bank and the course file.
		fsys := fstest.MapFS{
			"course.yaml":          {Data: data},
			"lessons/01-fuzz.yaml": {Data: data},
			"exercises/fuzz.yaml":  {Data: data},
		}
		c, err := Load(fsys)
		if c == nil {
			t.Fatalf("Load returned no course (err %v)", err)
		}
		_ = Verify(c, nil)
	})
}

func TestRemoteImages(t *testing.T) {
	lesson := lessonWith("See ![a board](https://example.org/board.png)", exercisesOf(1))
	tests := []struct {
		course string
		want   string // the message, or "" for none
	}{
		{"title: T\n", "lessons/01.yaml:4:8: intro: image \"https://example.org/board.png\" is on another site; a remote image tells that site who reads the page (pupils' pages show the course's own images; remote_images: true in course.yaml allows them)"},
		{"title: T\nremote_images: false\n", "lessons/01.yaml:4:8: intro: image \"https://example.org/board.png\" is on another site; a remote image tells that site who reads the page (pupils' pages show the course's own images; remote_images: true in course.yaml allows them)"},
		{"title: T\nremote_images: true\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.course, func(t *testing.T) {
			c, err := Load(course(map[string]string{"course.yaml": tt.course, "lessons/01.yaml": lesson}))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("Load = %q, want %q", got, tt.want)
			}
			if want := tt.want == ""; c.RemoteImages != want {
				t.Errorf("RemoteImages = %v, want %v", c.RemoteImages, want)
			}
		})
	}
}

// TestConceptSiteOnlyTeacher checks that the optional keys of issue 16 reach
// the course: an exercise's concept and site_only, a lesson's teacher's
// guide and its board blocks; a lesson without them loads as before.
func TestConceptSiteOnlyTeacher(t *testing.T) {
	lesson := "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\nteacher: |\n  Warm-up: name the squares.\n\n  ```board\n  fen: start\n  ```\n" +
		"exercises:\n" +
		"  - {kind: count-moves, position: start, answer: 8, concept: knight-parity, site_only: true}\n" +
		"  - {kind: count-moves, position: start, answer: 8, site_only: false}\n" +
		"  - {kind: count-moves, position: start, answer: 8}\n"
	c, err := Load(course(map[string]string{"lessons/01-t.yaml": lesson, "lessons/02-good.yaml": goodLesson}))
	if err != nil {
		t.Fatal(err)
	}
	l := c.Lessons[0]
	if l.Teacher != "Warm-up: name the squares.\n\n```board\nfen: start\n```\n" || len(l.TeacherDiagrams) != 1 {
		t.Errorf("Teacher = %q with %d board blocks, want the guide with 1", l.Teacher, len(l.TeacherDiagrams))
	}
	type got struct {
		Concept  string
		SiteOnly bool
	}
	var gots []got
	for _, e := range l.Exercises {
		gots = append(gots, got{e.Concept, e.SiteOnly})
	}
	if diff := cmp.Diff([]got{{"knight-parity", true}, {"", false}, {"", false}}, gots); diff != "" {
		t.Errorf("concepts and site_only mismatch (-want +got):\n%s", diff)
	}
	if old := c.Lessons[1]; old.Teacher != "" || old.TeacherDiagrams != nil || old.Exercises[0].Concept != "" || old.Exercises[0].SiteOnly {
		t.Errorf("a lesson without the new keys: %+v", old)
	}
}

// TestBankConceptIncludeSiteOnly checks a bank's concept and an include's
// site_only: an exercise without a concept takes its bank's, one with its
// own keeps it; an include with site_only: true keeps the exercises it
// takes off the worksheet in that lesson only, and one without leaves them
// as the bank has them.
func TestBankConceptIncludeSiteOnly(t *testing.T) {
	bank := "title: B\nconcept: knight-jumps\nexercises:\n" +
		"  - {id: b1, kind: count-moves, position: start, answer: 8}\n" +
		"  - {id: b2, kind: count-moves, position: start, answer: 8, concept: move-rules}\n" +
		"  - {id: b3, kind: count-moves, position: start, answer: 8, site_only: true}\n"
	head := "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\n"
	c, err := Load(course(map[string]string{
		"exercises/b.yaml":  bank,
		"lessons/01-a.yaml": head + "include:\n  - {file: exercises/b.yaml, ids: [b1], site_only: true}\n  - {file: exercises/b.yaml, ids: [b2, b3]}\n",
		"lessons/02-b.yaml": head + "include:\n  - {file: exercises/b.yaml, ids: [b1, b2], site_only: false}\n",
	}))
	if err != nil {
		t.Fatal(err)
	}
	type got struct {
		ID, Concept string
		SiteOnly    bool
	}
	var gots [][]got
	for _, l := range c.Lessons {
		var in []got
		for _, e := range l.Exercises {
			in = append(in, got{e.ID, e.Concept, e.SiteOnly})
		}
		gots = append(gots, in)
	}
	want := [][]got{
		{{"b1", "knight-jumps", true}, {"b2", "move-rules", false}, {"b3", "knight-jumps", true}},
		{{"b1", "knight-jumps", false}, {"b2", "move-rules", false}},
	}
	if diff := cmp.Diff(want, gots); diff != "" {
		t.Errorf("concepts and site_only of included exercises mismatch (-want +got):\n%s", diff)
	}
}

// TestIncludePathOfBank checks that an include path written as a teacher
// may write it, with the bank's file name alone or relative to the lesson
// (../exercises/x.yaml), is told the path from the course folder.
func TestIncludePathOfBank(t *testing.T) {
	head := "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\ninclude:\n  - "
	tests := []struct{ include, want string }{
		{"king-guard.yaml", `lessons/01-a.yaml:6:5: include: there is no file king-guard.yaml in the course (did you mean "exercises/king-guard.yaml"?)`},
		{"../exercises/king-guard.yaml", `lessons/01-a.yaml:6:5: include "../exercises/king-guard.yaml" leaves the course folder; paths are relative to it, like exercises/king-guard.yaml`},
		{"other.yaml", `lessons/01-a.yaml:6:5: include: there is no file other.yaml in the course`},
		{"../other.yaml", `lessons/01-a.yaml:6:5: include "../other.yaml" leaves the course folder; paths are relative to it, like exercises/drills.yaml`},
	}
	for _, tt := range tests {
		t.Run(tt.include, func(t *testing.T) {
			_, err := Load(course(map[string]string{
				"exercises/king-guard.yaml": "exercises:\n  - {id: b1, kind: count-moves, position: start, answer: 8}\n",
				"lessons/01-a.yaml":         head + tt.include + "\n",
			}))
			var got strings.Builder
			yamlpos.PrintError(&got, err)
			if got.String() != tt.want+"\n" {
				t.Errorf("Load with include %q:\n%s\nwant\n%s", tt.include, got.String(), tt.want)
			}
		})
	}
}

// TestMisnamedFiles checks that a lesson or bank saved under a name that
// does not end in .yaml, as editors and Windows make them (.yml, .YAML,
// .yaml.txt), is a problem that says the name to give it, beside a good
// lesson, while an editor's backup file is left alone.
func TestMisnamedFiles(t *testing.T) {
	tests := []struct{ name, want string }{
		{"lessons/02-king.yml", `lessons/02-king.yml: name ends in .yml; course files end in .yaml: rename it "02-king.yaml"`},
		{"lessons/02-king.YAML", `lessons/02-king.YAML: name ends in .YAML; course files end in .yaml: rename it "02-king.yaml"`},
		{"lessons/02-king.yaml.txt", `lessons/02-king.yaml.txt: name ends in .yaml.txt; course files end in .yaml: rename it "02-king.yaml" (a text editor added .txt, which Windows may hide)`},
		{"exercises/bank.Yml.TXT", `exercises/bank.Yml.TXT: name ends in .Yml.TXT; course files end in .yaml: rename it "bank.yaml" (a text editor added .txt, which Windows may hide)`},
		{"lessons/02-king.yaml~", ""},
		{"lessons/notes.txt", ""},
		{"lessons/.hidden.yaml", ""},
		{"lessons/._01-a.yaml", ""},
		{"exercises/.bank.yml", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(fstest.MapFS{
				"lessons/01-a.yaml": {Data: []byte(goodLesson)},
				tt.name:             {Data: []byte(goodLesson)},
			})
			var got strings.Builder
			if err != nil {
				yamlpos.PrintError(&got, err)
			}
			want := tt.want
			if want != "" {
				want += "\n"
			}
			if got.String() != want {
				t.Errorf("Load with %s:\n%s\nwant\n%s", tt.name, got.String(), want)
			}
		})
	}
}

// TestHiddenFiles checks that a hidden lesson or bank (a name that starts
// with .) is not read: a hidden .yaml file gets a warning that says so, and
// the ._ files macOS leaves on a USB stick (binary) nothing at all; a hidden
// bank that a lesson includes by name is read, without a warning.
func TestHiddenFiles(t *testing.T) {
	c, err := Load(fstest.MapFS{
		"lessons/01-a.yaml":      {Data: []byte(goodLesson)},
		"lessons/.hidden.yaml":   {Data: []byte(goodLesson)},
		"lessons/._01-a.yaml":    {Data: []byte("\x00\x05\x16\x07 Mac OS X")},
		"exercises/.old.yaml":    {Data: []byte("not: a bank")},
		"exercises/.notes.txt":   {Data: []byte("x")},
		"exercises/._drill.yaml": {Data: []byte("\x00")},
		"exercises/.kept.yaml":   {Data: []byte("exercises:\n  - {id: k1, kind: count-moves, position: start, answer: 8}\n")},
		"lessons/02-b.yaml":      {Data: []byte("title: B\nlevel: 1\nsummary: B.\nintro: Hi.\ninclude: [exercises/.kept.yaml]\n")},
	})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(c.Lessons) != 2 || c.Lessons[0].ID != "01-a" || len(c.Banks) != 1 || c.Banks[0].File != "exercises/.kept.yaml" {
		t.Errorf("Load read %d lessons and %d banks, want 01-a, 02-b and the bank 02-b includes", len(c.Lessons), len(c.Banks))
	}
	var got strings.Builder
	yamlpos.PrintError(&got, c.Warnings)
	want := "exercises/.old.yaml: warning: a hidden file (its name starts with .) is not read; rename it without the . to make it part of the course\n" +
		"lessons/.hidden.yaml: warning: a hidden file (its name starts with .) is not read; rename it without the . to make it part of the course\n"
	if got.String() != want {
		t.Errorf("warnings:\n%s\nwant\n%s", got.String(), want)
	}
}

// TestLayoutKeys checks that course.yaml's and a lesson's layout: reach the
// course as style's Layout, the one list of layouts, and that a lesson
// without one takes the course's (style.ByKind).
func TestLayoutKeys(t *testing.T) {
	tests := []struct {
		course, lesson string
		want, wantLess style.Layout
		err            string // part of the error, or "" for none
	}{
		{"title: T\n", "", style.ByKind, style.ByKind, ""},
		{"title: T\nlayout: roomy\n", "layout: drill\n", style.Roomy, style.Drill, ""},
		{"title: T\nlayout: compact\n", "layout: by-kind\n", style.Compact, style.ByKind, ""},
		{"title: T\nlayout: tiny\n", "", style.ByKind, style.ByKind, `course.yaml:2:9: layout: want by-kind or roomy or compact or drill, got "tiny"`},
	}
	for _, tt := range tests {
		t.Run(tt.course+tt.lesson, func(t *testing.T) {
			c, err := Load(course(map[string]string{"course.yaml": tt.course, "lessons/01.yaml": tt.lesson + lessonWith("Hi.", exercisesOf(1))}))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("Load = %v, want an error holding %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load = %v", err)
			}
			if c.Layout != tt.want || c.Lessons[0].Layout != tt.wantLess {
				t.Errorf("layouts = %v, %v; want %v, %v", c.Layout, c.Lessons[0].Layout, tt.want, tt.wantLess)
			}
		})
	}
}
