package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/starter"
)

// The tests that check the schemas with a real JSON Schema validator (the
// sample and starter courses, the loader's bad test data, the schema
// against the loader on required keys, answer words and settings) are in
// e2e/schema_test.go, a module of its own, so that the validator stays out
// of the product's go.mod.

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

// TestStarterModelines checks that every file of the starter course opens
// with the modeline that names its schema, relative to its folder.
func TestStarterModelines(t *testing.T) {
	fsys := starter.FS()
	for _, name := range courseFiles(t, fsys) {
		src, _ := fs.ReadFile(fsys, name)
		first, _, _ := strings.Cut(string(src), "\n")
		if want := Modeline(name); first != want {
			t.Errorf("%s starts with %q, want %q", name, first, want)
		}
	}
}

func TestModeline(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"course.yaml", "# yaml-language-server: $schema=.nostromo/course.schema.json"},
		{"lessons/01-first.yaml", "# yaml-language-server: $schema=../.nostromo/lesson.schema.json"},
		{"exercises/drills.yaml", "# yaml-language-server: $schema=../.nostromo/bank.schema.json"},
		{"banks/more/x.yaml", "# yaml-language-server: $schema=../../.nostromo/bank.schema.json"},
	} {
		if got := Modeline(tt.name); got != tt.want {
			t.Errorf("Modeline(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// props returns the properties of the object schema at ptr, a JSON
// pointer into the schema file name.
func props(t *testing.T, name, ptr string) map[string]any {
	t.Helper()
	var v any
	for _, f := range Files() {
		if f.Name == name {
			if err := json.Unmarshal(f.Data, &v); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, part := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		switch x := v.(type) {
		case map[string]any:
			if part != "" {
				v = x[part]
			}
		case []any:
			var i int
			fmt.Sscan(part, &i)
			v = x[i]
		}
	}
	obj, _ := v.(map[string]any)
	p, _ := obj["properties"].(map[string]any)
	if p == nil {
		t.Fatalf("%s%s has no properties", name, ptr)
	}
	return p
}

// properties returns the keys the object schema at ptr allows: those of
// its properties not set to false.
func properties(t *testing.T, name, ptr string) []string {
	t.Helper()
	var keys []string
	for k, s := range props(t, name, ptr) {
		if s != false {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// TestKeysMatchLoader asks the loader itself, key by key, which keys it
// accepts in each place of each file, and compares them with the keys the
// schema allows there: the same, both ways. It does not read the loader's
// tables, only its messages.
func TestKeysMatchLoader(t *testing.T) {
	const bank = "exercises:\n  - kind: count-moves\n    position: start\n    answer: 8\n"
	const lesson = "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\nexercises:\n  - kind: count-moves\n    position: start\n    answer: 8\n"
	places := []struct {
		name   string
		schema string // the schema file
		ptr    string // where the object's schema is in it
		files  func(key string) map[string]string
	}{
		{"course.yaml", CourseFile, "", func(k string) map[string]string {
			return map[string]string{"course.yaml": k + ": x\n", "lessons/a.yaml": lesson}
		}},
		{"lesson", LessonFile, "", func(k string) map[string]string {
			return map[string]string{"lessons/a.yaml": lesson + k + ": x\n"}
		}},
		{"bank", BankFile, "", func(k string) map[string]string {
			return map[string]string{"lessons/a.yaml": lesson, "exercises/b.yaml": bank + k + ": x\n"}
		}},
		{"generated", BankFile, "/properties/generated", func(k string) map[string]string {
			return map[string]string{"lessons/a.yaml": lesson, "exercises/b.yaml": bank + "generated:\n  " + k + ": x\n"}
		}},
		{"include", LessonFile, "/properties/include/items/anyOf/1", func(k string) map[string]string {
			return map[string]string{"lessons/a.yaml": lesson + "include:\n  - {file: exercises/b.yaml, " + k + ": x}\n", "exercises/b.yaml": bank}
		}},
		{"position", LessonFile, "/$defs/position/anyOf/1", func(k string) map[string]string {
			return map[string]string{"lessons/a.yaml": strings.Replace(lesson, "position: start", "position: {king: e1, "+k+": x}", 1)}
		}},
		{"board", LessonFile, "/$defs/board", func(k string) map[string]string {
			return map[string]string{"lessons/a.yaml": strings.Replace(lesson, "kind: count-moves\n    position: start", "kind: labyrinth\n    board: {"+k+": x}", 1)}
		}},
		{"board block", LessonFile, "/$defs/board-block", func(k string) map[string]string {
			return map[string]string{"lessons/a.yaml": strings.Replace(lesson, "intro: Hi.", "intro: |\n  ```board\n  "+k+": x\n  ```", 1)}
		}},
	}
	exercise := properties(t, LessonFile, "/$defs/exercise")
	for i, kind := range course.Kinds() {
		places = append(places, struct {
			name   string
			schema string
			ptr    string
			files  func(key string) map[string]string
		}{"exercise " + kind.Kind.String(), LessonFile, fmt.Sprintf("/$defs/exercise/allOf/%d/then", i), func(k string) map[string]string {
			return map[string]string{"lessons/a.yaml": strings.Replace(lesson, "kind: count-moves", "kind: "+kind.Kind.String()+"\n    "+k+": x", 1)}
		}})
	}

	// The candidates: every key the schemas name anywhere, and some no
	// file knows.
	candidates := []string{"colour", "titel", "answers", "fen2"}
	for _, p := range places {
		candidates = append(candidates, properties(t, p.schema, p.ptr)...)
	}
	candidates = append(candidates, exercise...)
	slices.Sort(candidates)
	candidates = slices.Compact(candidates)

	for _, p := range places {
		t.Run(p.name, func(t *testing.T) {
			want := properties(t, p.schema, p.ptr)
			if strings.HasPrefix(p.name, "exercise ") {
				// The kind's own keys are in its then; those of every
				// exercise in the exercise's properties.
				for _, k := range exercise {
					if !slices.Contains(properties(t, p.schema, p.ptr), k) && props(t, p.schema, p.ptr)[k] != false {
						want = append(want, k)
					}
				}
				slices.Sort(want)
			}
			var got []string
			for _, key := range candidates {
				fsys := fstest.MapFS{}
				for name, data := range p.files(key) {
					fsys[name] = &fstest.MapFile{Data: []byte(data)}
				}
				_, err := course.Load(fsys)
				var all strings.Builder
				yamlpos.PrintError(&all, err)
				msg := all.String()
				if !strings.Contains(msg, `unknown key "`+key+`"`) && !strings.Contains(msg, `key "`+key+`" is not used by kind`) {
					got = append(got, key)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("the loader accepts %q, the schema %q", got, want)
			}
		})
	}
}

// TestFilesStable checks that the schemas come out the same every time.
func TestFilesStable(t *testing.T) {
	a, b := Files(), Files()
	for i := range a {
		if !bytes.Equal(a[i].Data, b[i].Data) {
			t.Errorf("%s differs between two calls", a[i].Name)
		}
		if path.Ext(a[i].Name) != ".json" || !json.Valid(a[i].Data) {
			t.Errorf("%s is not JSON", a[i].Name)
		}
	}
}
