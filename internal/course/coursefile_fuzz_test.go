package course

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/rules"
)

// FuzzCourseFile gives course.yaml's settings any values: no panic, every
// problem at a line and column of a file of the course, and a course
// loaded without problems starts from a position in play with White to
// move.
func FuzzCourseFile(f *testing.F) {
	for _, s := range [][7]string{
		{"en", "classic", "A4", "start", "4GB", "compact", "false"},
		{"DE", "Farm", "letter", "8/8/5n2/8/8/8/2PPPP2/4K3 w 0 0", " 6 gb ", "drill", "true"},
		{"fr", "space", "A3", "8/8/5n2/8/8/8/2PPPP2/4K3 b 0 0", "+4GB", "tiny", "yes"},
		{"ru", "alien", "a4", "8/4P3/8/8/8/1n6/8/4K3 w 3 3", "1TB", "by-kind", "1"},
	} {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
	}
	f.Fuzz(func(t *testing.T, language, theme, paper, start, budget, layout, remote string) {
		values := [][2]string{{"title", "T"}, {"language", language}, {"theme", theme}, {"paper", paper}, {"start", start},
			{"budget", budget}, {"layout", layout}, {"remote_images", remote}}
		root := &yaml.Node{Kind: yaml.MappingNode}
		for _, kv := range values {
			if !utf8.ValidString(kv[1]) || len(kv[1]) > 500 {
				return
			}
			root.Content = append(root.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: kv[0]}, &yaml.Node{Kind: yaml.ScalarNode, Value: kv[1]})
		}
		src, err := yaml.Marshal(root)
		if err != nil {
			return
		}
		fsys := fstest.MapFS{"course.yaml": {Data: src}, "lessons/01-good.yaml": {Data: []byte(goodLesson)}}
		c, err := Load(fsys)
		if c == nil {
			t.Fatalf("Load returned no course (err %v)", err)
		}
		var list yamlpos.ErrorList
		if err != nil && !errors.As(err, &list) {
			t.Fatalf("course.yaml\n%s: %v, not an yamlpos.ErrorList", src, err)
		}
		for _, e := range list {
			file, ok := fsys[e.Pos.File]
			lines := strings.Split(string(file.Data), "\n")
			if !ok || e.Pos.Line < 1 || e.Pos.Line > len(lines) || e.Pos.Col > utf8.RuneCountInString(lines[e.Pos.Line-1])+1 {
				t.Errorf("course.yaml\n%s: %v, not at a place in the course", src, e)
			}
		}
		if err == nil && (c.Start.Side != rules.White || c.Start.Status().Over() || c.Start.Validate() != nil) {
			t.Errorf("course.yaml\n%s: loaded with start %v", src, c.Start)
		}
	})
}
