package course

import (
	"errors"
	"nostromo-lessons/internal/course/yamlpos"
	"os"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// FuzzInclude gives a lesson's include list any bank path, by itself and
// in a mapping with any ids and site_only: no panic, every problem at a
// line and column of a file of the course, and no exercise twice in the
// lesson.
func FuzzInclude(f *testing.F) {
	bank, err := os.ReadFile("testdata/bank.yaml")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range [][4]string{
		{"exercises/bank.yaml", "exercises/bank.yaml", "bank-jumps", "true"},
		{"exercises/other.yaml", "exercises/bank.yaml", "bank-count, bank-jumps, bank-count", "false"},
		{"../bank.yaml", "exercises\\bank.yaml", "bank-jump", "yes"},
		{"lessons/01-a.yaml", "course.yaml", "", ""},
		{"/etc/passwd", "exercises/missing.yaml", "x", "maybe"},
		{"exercises/./bank.yaml", "exercises//bank.yaml", ",,", "true"},
	} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	f.Fuzz(func(t *testing.T, path1, path2, ids, siteOnly string) {
		for _, s := range []string{path1, path2, ids, siteOnly} {
			if !utf8.ValidString(s) || len(s) > 500 {
				return
			}
		}
		scalar := func(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: s} }
		idList := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for id := range strings.SplitSeq(ids, ",") {
			idList.Content = append(idList.Content, scalar(strings.TrimSpace(id)))
		}
		item := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{scalar("file"), scalar(path2), scalar("ids"), idList}}
		if siteOnly != "" {
			item.Content = append(item.Content, scalar("site_only"), scalar(siteOnly))
		}
		include := &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{scalar(path1), item}}
		head, err := yaml.Marshal(&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{scalar("include"), include}})
		if err != nil {
			return
		}
		lesson := "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\n" + string(head)
		fsys := fstest.MapFS{
			"lessons/01-a.yaml":    {Data: []byte(lesson)},
			"exercises/bank.yaml":  {Data: bank},
			"exercises/other.yaml": {Data: []byte("exercises:\n  - {id: other-count, kind: count-moves, position: start, answer: 8}\n")},
		}
		c, err := Load(fsys)
		if c == nil {
			t.Fatalf("Load returned no course (err %v)", err)
		}
		var list yamlpos.ErrorList
		if err != nil && !errors.As(err, &list) {
			t.Fatalf("lesson\n%s: %v, not an yamlpos.ErrorList", lesson, err)
		}
		for _, e := range list {
			file, ok := fsys[e.Pos.File]
			lines := strings.Split(string(file.Data), "\n")
			if !ok || e.Pos.Line < 1 || e.Pos.Line > len(lines) || e.Pos.Col > utf8.RuneCountInString(lines[e.Pos.Line-1])+1 {
				t.Errorf("lesson\n%s: %v, not at a place in the course", lesson, e)
			}
		}
		for _, l := range c.Lessons {
			seen := map[string]bool{}
			for _, e := range l.Exercises {
				if seen[e.ID] {
					t.Errorf("lesson\n%s: exercise %q twice", lesson, e.ID)
				}
				seen[e.ID] = true
			}
		}
	})
}
