package course

import (
	"nostromo-lessons/internal/course/yamlpos"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFormerly checks a lesson's former names (formerly:): read as page
// ids from the old file names, with or without .yaml, and refused at their
// position when they are no file name, a lesson's name now, listed twice,
// or a former name of two lessons.
func TestFormerly(t *testing.T) {
	lesson := func(formerly string) string {
		return "title: T\nlevel: 1\nsummary: S.\nintro: Hi.\nformerly: " + formerly + "\nexercises:\n" + exercisesOf(1)
	}
	tests := []struct {
		name  string
		a, b  string   // lessons/01-a.yaml and lessons/02-b.yaml's formerly
		want  []string // the errors, as yamlpos.PrintError writes them
		wantA []string // 01-a's Formerly, when there is no error
	}{
		{"file names and page ids", "[00-A.yaml, a, 7-A B]", "[01-b]", nil, []string{"00-a", "a", "7-a-b"}},
		{"no list", "00-a", "[]", []string{`lessons/01-a.yaml:5:11: formerly: want a list of former file names, like [...], got "00-a"`}, nil},
		{"no file name", "[\"!!!\"]", "[]", []string{`lessons/01-a.yaml:5:12: formerly: "!!!" is no lesson file's name: want the old file name, like 05-the-flight`}, nil},
		{"own name", "[01-a]", "[]", []string{`lessons/01-a.yaml:5:12: formerly: "01-a" is this lesson's page id now; list only the names it had before`}, nil},
		{"another's name", "[02-b.yaml]", "[]", []string{`lessons/01-a.yaml:5:12: formerly: "02-b" is the page id of lessons/02-b.yaml now; a former name must be no lesson's name now`}, nil},
		{"twice", "[00-a, 00-A.yaml]", "[]", []string{`lessons/01-a.yaml:5:18: formerly: "00-a" is listed twice`}, nil},
		{"two lessons", "[00-x]", "[00-x]", []string{`lessons/02-b.yaml:5:12: formerly: "00-x" is a former name of lessons/01-a.yaml too; the stars kept under it can move to one lesson only`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load(course(map[string]string{"lessons/01-a.yaml": lesson(tt.a), "lessons/02-b.yaml": lesson(tt.b)}))
			var got []string
			if err != nil {
				var b strings.Builder
				yamlpos.PrintError(&b, err)
				got = strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Load errors mismatch (-want +got):\n%s", diff)
			}
			if err == nil && !slices.Equal(c.Lessons[0].Formerly, tt.wantA) {
				t.Errorf("lesson 01-a: Formerly = %q, want %q", c.Lessons[0].Formerly, tt.wantA)
			}
		})
	}
}
