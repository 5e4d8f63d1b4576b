package e2e

// The editor schemas of internal/schema checked by a real JSON Schema
// validator (santhosh-tekuri/jsonschema), here so that the validator stays
// out of the product's go.mod: the sample and starter courses pass, the
// loader's bad test data fails where it is wrong, and the schema accepts
// what the loader accepts. The schema tests that need no validator (the
// keys against the loader's, the modelines, stable output) stay in
// internal/schema.

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/schema"
	"nostromo-lessons/render/boardblock"
	"nostromo-lessons/starter"
)

// compiled returns the three schemas compiled by a real validator (which
// first checks each against the draft 2020-12 meta-schema), by file name,
// and the board block's schema under "board-block".
func compiled(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	for _, f := range schema.Files() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(f.Data))
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if err := c.AddResource("file:///course/.nostromo/"+f.Name, doc); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
	}
	out := map[string]*jsonschema.Schema{}
	for _, f := range schema.Files() {
		s, err := c.Compile("file:///course/.nostromo/" + f.Name)
		if err != nil {
			t.Fatalf("compile %s: %v", f.Name, err)
		}
		out[f.Name] = s
	}
	s, err := c.Compile("file:///course/.nostromo/" + schema.LessonFile + "#/$defs/board-block")
	if err != nil {
		t.Fatalf("compile the board block: %v", err)
	}
	out["board-block"] = s
	return out
}

// decode reads YAML text as the language server would see it: plain
// values, maps with string keys.
func decode(t *testing.T, name string, src []byte) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(src, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return stringKeys(v)
}

// stringKeys turns the maps of v whose keys are not all strings (levels:
// writes 1: {...}) into maps with string keys, as JSON has them.
func stringKeys(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = stringKeys(e)
		}
	case map[any]any:
		m := map[string]any{}
		for k, e := range x {
			m[fmt.Sprint(k)] = stringKeys(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = stringKeys(e)
		}
	}
	return v
}

// problems returns the instance locations (JSON pointers such as
// /exercises/2/answer) that the schema finds wrong in v, sorted, and the
// validator's message; none when v is valid.
func problems(s *jsonschema.Schema, v any) ([]string, string) {
	err := s.Validate(v)
	if err == nil {
		return nil, ""
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return []string{"?"}, err.Error()
	}
	seen := map[string]bool{}
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		loc := ""
		for _, part := range e.InstanceLocation {
			loc += "/" + part
		}
		seen[loc] = true
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	var locs []string
	for l := range seen {
		locs = append(locs, l)
	}
	sort.Strings(locs)
	return locs, err.Error()
}

// courseFiles returns the YAML files of a course that the loader reads.
func courseFiles(t *testing.T, fsys fs.FS) []string {
	t.Helper()
	var names []string
	for _, pattern := range []string{"course.yaml", "lessons/*.yaml", "exercises/*.yaml"} {
		m, err := fs.Glob(fsys, pattern)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, m...)
	}
	if len(names) < 3 {
		t.Fatalf("only %d course files: %q", len(names), names)
	}
	return names
}

// TestCourses validates every file of the sample course and of the
// starter course against its schema: all pass.
func TestCourses(t *testing.T) {
	schemas := compiled(t)
	for _, c := range []struct {
		name string
		fsys fs.FS
	}{{"sample", nostromo.Course()}, {"starter", starter.FS()}} {
		for _, name := range courseFiles(t, c.fsys) {
			t.Run(c.name+"/"+name, func(t *testing.T) {
				src, err := fs.ReadFile(c.fsys, name)
				if err != nil {
					t.Fatal(err)
				}
				if locs, msg := problems(schemas[schema.For(name)], decode(t, name, src)); locs != nil {
					t.Errorf("%s does not pass %s at %q:\n%s", name, schema.For(name), locs, msg)
				}
			})
		}
	}
}

// TestSettingsAnyCase: course.yaml's language, theme and paper are
// words in any case, "paper: A4" as "paper: a4"; the schema accepts what
// the loader accepts and flags what it rejects, at the setting.
func TestSettingsAnyCase(t *testing.T) {
	const lesson = "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\nexercises:\n  - kind: count-moves\n    position: start\n    answer: 8\n"
	sch := compiled(t)[schema.CourseFile]
	tests := []struct {
		setting string
		ok      bool
	}{
		{"paper: a4", true},
		{"paper: A4", true},
		{"paper: Letter", true},
		{"paper: LETTER", true},
		{"paper: A5", false},
		{"paper: A 4", false},
		{"paper: A4 letter", false},
		{"language: DE", true},
		{"language: Nl", true},
		{"language: fr", false},
		{"language: deu", false},
		{"theme: Alien", true},
		{"theme: FARM", true},
		{"theme: space", false},
	}
	for _, tt := range tests {
		t.Run(tt.setting, func(t *testing.T) {
			src := "title: T\n" + tt.setting + "\n"
			_, err := course.Load(fstest.MapFS{
				"course.yaml":    &fstest.MapFile{Data: []byte(src)},
				"lessons/a.yaml": &fstest.MapFile{Data: []byte(lesson)},
			})
			if loaded := err == nil; loaded != tt.ok {
				t.Errorf("the loader accepts %q: %v, want %v (%v)", tt.setting, loaded, tt.ok, err)
			}
			key, _, _ := strings.Cut(tt.setting, ":")
			locs, msg := problems(sch, decode(t, "course.yaml", []byte(src)))
			if want := []string{"", "/" + key}; tt.ok && locs != nil || !tt.ok && !slices.Equal(locs, want) {
				t.Errorf("the schema flags %q in %q; want it flagged: %v\n%s", locs, tt.setting, !tt.ok, msg)
			}
		})
	}
}

// The files of the loader's bad test data (internal/course/testdata/bad)
// whose defects are structural, with the places the schema must flag.
// Every place listed is also a problem for the loader (its .err file).
var structural = map[string][]string{
	"bank-bad":           {"/generated", "/generated/level", "/generated/seed"},
	"course-bad":         {"", "/budget", "/language", "/paper", "/theme"},
	"course-theme-word":  {"/theme"},
	"course-levels-list": {"", "/levels"},
	"duplicate-ids":      {"/exercises/3/id"},
	"include-twice":      {"/include/0/ids"},
	"includes":           {"/include/6"},
	"long-text":          {"/exercises/0/hint", "/intro"},
	"long-values":        {"", "/exercises/0/id", "/exercises/0/marks/0"},
	"many-exercises":     {"/exercises"},
	"marking":            {"/exercises/1/find"},
	"missing":            {"", "/exercises/0", "/exercises/1", "/exercises/2", "/exercises/2/piece", "/level"},
	"moves":              {"/exercises/1/answer", "/exercises/2/answer", "/exercises/3/answer"},
	"positions":          {"/exercises/2/position", "/exercises/8/position/king"},
	"teacher-concepts":   {"/exercises/0/concept", "/exercises/1/concept", "/exercises/2/concept", "/exercises/3/site_only"},
	"types": {"/exercises/0/answer", "/exercises/1/answer", "/exercises/2/answer", "/exercises/3/answer",
		"/exercises/4/answer", "/exercises/5/board", "/exercises/5/unique", "/exercises/6", "/goals", "/level"},
	"unknown-keys": {"", "/exercises/0", "/exercises/1/kind", "/exercises/2/position", "/exercises/3/move", "/exercises/4"},
}

// The bad files whose board blocks (text inside Markdown, which the schema
// of a lesson cannot see) break the board block's schema: the lines of
// the blocks it must reject.
var boardBlocks = map[string][]int{
	"board-blocks":     {16, 23, 36, 43},
	"board-containers": {7, 13, 21, 28, 34},
	"board-pieces":     {20, 24, 29, 33},
	"board-play":       {14},
}

// The bad files that no schema can flag, and why.
var semantic = map[string]string{
	"course-levels":        "a level given twice, which the editor's YAML parser flags, beside structural defects",
	"budget":               "a position too big to prove",
	"labyrinth":            "answers the rules disprove",
	"links":                "links in Markdown text",
	"placeholders":         "theme words ($king) in text, which the loader expands",
	"course-placeholders":  "theme words ($king) in text, which the loader expands",
	"bank-placeholders":    "theme words ($king) in text, which the loader expands",
	"placeholder-articles": "an article before a theme word that carries its own (\"the $king\"), which the loader finds in text",
	"remote-images":        "images in Markdown text",
	"solver-answers":       "answers the solver disproves",
	"wrong-answers":        "answers the rules disprove",
	"limits":               "YAML aliases: a matter of the YAML text, not of its values",
	"tags":                 "YAML tags: a matter of the YAML text, not of its values",
	"nul":                  "not YAML text at all (the editor's YAML parser flags it)",
	"utf8":                 "not YAML text at all (the editor's YAML parser flags it)",
	"syntax":               "a YAML syntax error (the editor's YAML parser flags it)",
	"tab":                  "a YAML syntax error (the editor's YAML parser flags it)",
	"unclosed-bracket":     "a YAML syntax error (the editor's YAML parser flags it)",
	"unclosed-quote":       "a YAML syntax error (the editor's YAML parser flags it)",
	"indent":               "a YAML syntax error (the editor's YAML parser flags it)",
	"markdown-start":       "a YAML syntax error (the editor's YAML parser flags it)",
	"missing-dash":         "a key given twice in one mapping (the editor's YAML parser flags it)",
	"deeper":               "a YAML syntax error (the editor's YAML parser flags it)",
	"colon":                "a YAML syntax error (the editor's YAML parser flags it)",
}

// TestBadData shows that the schemas reject the structural defects of the
// loader's bad test data, each where it is, and lists the files whose
// defects only the loader can find. A new bad file must be put in one of
// the lists.
func TestBadData(t *testing.T) {
	schemas := compiled(t)
	files, err := filepath.Glob("../internal/course/testdata/bad/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no bad test data: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".yaml")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			inCourse := "lessons/" + name + ".yaml"
			switch {
			case strings.HasPrefix(name, "course-"):
				inCourse = "course.yaml"
			case strings.HasPrefix(name, "bank-"):
				inCourse = "exercises/" + name + ".yaml"
			}
			want, isStructural := structural[name]
			lines, isBoard := boardBlocks[name]
			_, isSemantic := semantic[name]
			switch {
			case isStructural:
				got, msg := problems(schemas[schema.For(inCourse)], decode(t, name, src))
				for _, loc := range want {
					if !slices.Contains(got, loc) {
						t.Errorf("%s: the schema does not flag %q; it flags %q:\n%s", name, loc, got, msg)
					}
				}
			case isBoard:
				var got []int
				for _, b := range blocks(t, src) {
					var v any
					if yaml.Unmarshal(b.body, &v) != nil {
						got = append(got, b.line) // the YAML parser flags it
					} else if locs, _ := problems(schemas["board-block"], v); locs != nil {
						got = append(got, b.line)
					}
				}
				if !slices.Equal(got, lines) {
					t.Errorf("%s: the board block's schema rejects the blocks at lines %v, want %v", name, got, lines)
				}
			case isSemantic:
				t.Logf("%s: only the loader finds it: %s", name, semantic[name])
			default:
				t.Errorf("%s is in none of the lists structural, boardBlocks and semantic", name)
			}
		})
	}
}

type block struct {
	line int // the line of the block's opening fence in the YAML file
	body []byte
}

// blocks returns the board blocks of every literal Markdown text of a
// YAML file, with the file line of each block's fence.
func blocks(t *testing.T, src []byte) []block {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	var out []block
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n.Kind == yaml.ScalarNode && n.Style&yaml.LiteralStyle != 0 {
			for _, b := range boardblock.Find([]byte(n.Value)) {
				out = append(out, block{line: n.Line + b.Line, body: b.Body})
			}
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(&doc)
	return out
}

// TestRequiredMatchLoader leaves out each key of good files in turn and
// asks both the loader and the schema: the loader says a key is missing
// exactly when the schema refuses the file.
func TestRequiredMatchLoader(t *testing.T) {
	schemas := compiled(t)
	const bank = "title: B\nexercises:\n  - {id: b1, kind: count-moves, position: start, answer: 8}\n"
	exercise := func(body string) string {
		return "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\nexercises:\n  - " + body + "\n"
	}
	tests := []struct {
		name  string // the file in the course
		items []string
		wrap  func(items []string) string
	}{
		{"lessons/a.yaml", []string{"title: T", "level: 1", "summary: S.", "intro: Hi.", "goals: [G]", "exercises: [{kind: count-moves, position: start, answer: 8}]",
			"include: [exercises/b.yaml]", "reminder: R", "layout: roomy"}, lines},
		{"exercises/b.yaml", []string{"title: B", "generated: {by: hand, seed: 1, args: [x], level: 1}", "exercises: [{kind: count-moves, position: start, answer: 8}]"}, lines},
		{"course.yaml", []string{"title: C", "author: A", "language: en", "theme: farm", "paper: a4", "start: start", "budget: 4GB", "remote_images: false", "layout: drill"}, lines},
		{"lessons/a.yaml", []string{"file: exercises/b.yaml", "ids: [b1]"}, func(items []string) string {
			return "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\ninclude:\n  - {" + strings.Join(items, ", ") + "}\n"
		}},
		{"lessons/a.yaml", []string{"king: e1", "pawns: [b2, c2, d2, e2, f2, g2]", "knight: f6", "to_move: white", "saved: 0", "taken: 0"}, func(items []string) string {
			return exercise("{kind: count-moves, answer: 8, position: {" + strings.Join(items, ", ") + "}}")
		}},
		{"lessons/a.yaml", []string{"kind: knight-moves", "position: start", "answer: [d5, d7, e4, e8, g4, g8, h5, h7]", "id: x", "question: Q", "hint: H", "explain: E", "marks: [e4]", "arrows: [f6-e4]", "group: false"}, obj(exercise)},
		{"lessons/a.yaml", []string{"kind: legal", "position: start", "move: e3", "answer: yes"}, obj(exercise)},
		{"lessons/a.yaml", []string{"kind: moves-to-win", "position: 8/4P3/8/8/8/8/8/n6K w 2 3", "side: white", "answer: 1"}, obj(exercise)},
		{"lessons/a.yaml", []string{"kind: moves-to-goal", "position: 8/4P3/8/8/8/8/8/n6K w 2 3", "goal: save:1", "answer: 1"}, obj(exercise)},
		{"lessons/a.yaml", []string{"kind: best-move", "position: 8/4P3/8/8/8/8/8/n6K w 2 3", "goal: save:1", "accept: winning", "answer: [e8]"}, obj(exercise)},
		{"lessons/a.yaml", []string{"kind: best-move", "position: 3n4/4P3/8/8/8/8/8/7K w 2 3", "fastest: true", "find: every", "answer: [e8, exd8]"}, obj(exercise)},
		// from is needed only when the board has no such piece: the loader's to say.
		{"lessons/a.yaml", []string{"kind: labyrinth", "board: {king: e1, knight: b1}", "piece: knight", "from: b1", "to: c3", "avoid: guarded", "unique: true", "path: [b1, c3]", "answer: 1"}, obj(exercise)},
		{"lessons/a.yaml", []string{"kind: labyrinth", "position: start", "piece: king", "to: d1", "answer: 1"}, obj(exercise)},
	}
	for _, tt := range tests {
		for i := -1; i < len(tt.items); i++ {
			items := slices.Clone(tt.items)
			left := "nothing"
			if i >= 0 {
				left = strings.SplitN(items[i], ":", 2)[0]
				items = slices.Delete(items, i, i+1)
			}
			src := tt.wrap(items)
			fsys := fstest.MapFS{tt.name: {Data: []byte(src)}}
			if _, ok := fsys["exercises/b.yaml"]; !ok {
				fsys["exercises/b.yaml"] = &fstest.MapFile{Data: []byte(bank)}
			}
			if _, ok := fsys["lessons/a.yaml"]; !ok {
				fsys["lessons/a.yaml"] = &fstest.MapFile{Data: []byte(exercise("{kind: count-moves, position: start, answer: 8}"))}
			}
			_, err := course.Load(fsys)
			var all strings.Builder
			yamlpos.PrintError(&all, err)
			loader := strings.Contains(all.String(), "missing key") || strings.Contains(all.String(), "no exercises")
			locs, msg := problems(schemas[schema.For(tt.name)], decode(t, tt.name, []byte(src)))
			if loader != (locs != nil) {
				t.Errorf("%s without %s: the loader finds a key missing: %v, the schema refuses it: %v\n%s\n%s%s", tt.name, left, loader, locs != nil, src, all.String(), msg)
			}
		}
	}
}

// lines writes items one a line.
func lines(items []string) string { return strings.Join(items, "\n") + "\n" }

// obj writes items as a flow mapping and hands it to wrap.
func obj(wrap func(string) string) func([]string) string {
	return func(items []string) string { return wrap("{" + strings.Join(items, ", ") + "}") }
}

// TestAnswerWordsOfLanguages: the schema takes an answer word of another
// language (negras, si for sí, черные), in any case, as the loader does
// in a course of that language, and the English words in any case in
// every language, and flags a word of none, at the answer.
func TestAnswerWordsOfLanguages(t *testing.T) {
	sch := compiled(t)[schema.LessonFile]
	tests := []struct {
		lang, kind, answer string
		ok                 bool
	}{
		{"es", "outcome", "negras", true},
		{"es", "outcome", "Tablas", true},
		{"es", "legal", "si", true},
		{"ru", "outcome", "черные", true},
		{"de", "outcome", "Weiß", true},
		{"nl", "moves-to-win", "nooit", true},
		{"en", "outcome", "black", true},
		{"de", "outcome", "Remis", true},
		{"de", "outcome", "weiss", true},
		{"de", "moves-to-win", "niemals", true},
		{"nl", "outcome", "remise", true},
		{"nl", "legal", "neen", true},
		{"es", "outcome", "empate", true},
		{"es", "moves-to-win", "jamas", true},
		{"en", "outcome", "drawn", true},
		{"ru", "outcome", "ничья", true},
		{"de", "outcome", "remi", false},
		{"en", "outcome", "White", true},
		{"en", "legal", "Yes", true},
		{"de", "moves-to-win", "Never", true},
		{"es", "outcome", "rojas", false},
		{"de", "legal", "vielleicht", false},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.answer, func(t *testing.T) {
			extra := map[string]string{"legal": "    move: Kd2\n"}[tt.kind]
			lesson := "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\nexercises:\n  - kind: " + tt.kind + "\n    position: start\n" + extra + "    answer: " + tt.answer + "\n"
			_, err := course.Load(fstest.MapFS{
				"course.yaml":    &fstest.MapFile{Data: []byte("title: T\nlanguage: " + tt.lang + "\n")},
				"lessons/a.yaml": &fstest.MapFile{Data: []byte(lesson)},
			})
			if loaded := err == nil; loaded != tt.ok {
				t.Errorf("the loader accepts %q in %s: %v, want %v (%v)", tt.answer, tt.lang, loaded, tt.ok, err)
			}
			locs, msg := problems(sch, decode(t, "lessons/a.yaml", []byte(lesson)))
			if flagged := locs != nil; flagged == tt.ok || flagged && !slices.Contains(locs, "/exercises/0/answer") {
				t.Errorf("the schema flags %q for answer: %s; want it flagged: %v\n%s", locs, tt.answer, !tt.ok, msg)
			}
		})
	}
}

// TestToMoveAnyCase: a piece list's to_move is white or black in any case,
// as a teacher may capitalise it; the schema accepts what the loader
// accepts and flags what it rejects, at to_move.
func TestToMoveAnyCase(t *testing.T) {
	sch := compiled(t)[schema.LessonFile]
	tests := []struct {
		toMove string
		ok     bool
	}{
		{"black", true},
		{"Black", true},
		{"WHITE", true},
		{"b", false},
		{"negras", false},
	}
	for _, tt := range tests {
		t.Run(tt.toMove, func(t *testing.T) {
			lesson := "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\nexercises:\n  - kind: count-moves\n" +
				"    position: {king: e1, pawns: [b2, c2, d2, e2, f2, g2], knight: f6, to_move: " + tt.toMove + "}\n    answer: 8\n"
			_, err := course.Load(fstest.MapFS{"lessons/a.yaml": &fstest.MapFile{Data: []byte(lesson)}})
			if loaded := err == nil; loaded != tt.ok {
				t.Errorf("the loader accepts to_move: %s: %v, want %v (%v)", tt.toMove, loaded, tt.ok, err)
			}
			locs, msg := problems(sch, decode(t, "lessons/a.yaml", []byte(lesson)))
			if flagged := locs != nil; flagged == tt.ok || flagged && !slices.Contains(locs, "/exercises/0/position/to_move") {
				t.Errorf("the schema flags %q for to_move: %s; want it flagged: %v\n%s", locs, tt.toMove, !tt.ok, msg)
			}
		})
	}
}

// TestMarkingKeys: the schema knows best-move's fastest: and find: as the
// loader reads them (issue 28): true or false, one or every; anything
// else, or either key on another kind, is refused by both.
func TestMarkingKeys(t *testing.T) {
	schemas := compiled(t)
	tests := []struct {
		keys string
		ok   bool
	}{
		{"kind: best-move, position: 3n4/4P3/8/8/8/8/8/7K w 2 3, answer: [e8, exd8], fastest: true, find: every", true},
		{"kind: best-move, position: 3n4/4P3/8/8/8/8/8/7K w 2 3, answer: [e8], fastest: false, find: one", true},
		{"kind: best-move, position: 3n4/4P3/8/8/8/8/8/7K w 2 3, answer: [e8], find: all", false},
		{"kind: best-move, position: 3n4/4P3/8/8/8/8/8/7K w 2 3, answer: [e8], fastest: soon", false},
		{"kind: outcome, position: 3n4/4P3/8/8/8/8/8/7K w 2 3, answer: white, fastest: true", false},
	}
	for _, tt := range tests {
		t.Run(tt.keys, func(t *testing.T) {
			src := "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\nexercises:\n  - {" + tt.keys + "}\n"
			_, err := course.Load(fstest.MapFS{"lessons/a.yaml": {Data: []byte(src)}})
			locs, msg := problems(schemas[schema.For("lessons/a.yaml")], decode(t, "lessons/a.yaml", []byte(src)))
			if (err == nil) != tt.ok || (locs == nil) != tt.ok {
				t.Errorf("the loader: %v; the schema refuses it: %v (%s); want accepted: %v", err, locs != nil, msg, tt.ok)
			}
		})
	}
}
