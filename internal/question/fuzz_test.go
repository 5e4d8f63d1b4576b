package question

import (
	"strconv"
	"strings"
	"testing"

	"nostromo-lessons/rules/solver"
)

// FuzzParseGoal checks that a goal read is written back as it was read (catch:K
// as take:K), and
// that a refused one is quoted in its error.
func FuzzParseGoal(f *testing.F) {
	for _, tt := range goalTests {
		f.Add(tt.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ParseGoal(text)
		if err != nil {
			if g != (solver.Goal{}) || !strings.Contains(err.Error(), strconv.Quote(text)) {
				t.Fatalf("ParseGoal(%q) = %v, %v, want no goal and an error quoting the input", text, g, err)
			}
			return
		}
		// catch:K is the later spelling of take:K, written back as take:K.
		if g.Kind == solver.Game || g.K < 1 || g.K > 4 || GoalString(g) != strings.Replace(text, "catch:", "take:", 1) {
			t.Fatalf("ParseGoal(%q) = %v, written back as %q", text, g, GoalString(g))
		}
	})
}

// FuzzParseKind checks that a kind read is written back as it was read, and
// that a refused name is quoted in its error.
func FuzzParseKind(f *testing.F) {
	for _, k := range Kinds() {
		f.Add(k.String())
	}
	f.Add("unknown")
	f.Add("Best-Move")
	f.Fuzz(func(t *testing.T, name string) {
		k, err := ParseKind(name)
		if err != nil {
			if !strings.Contains(err.Error(), strconv.Quote(name)) {
				t.Fatalf("ParseKind(%q) = %v, want an error quoting the input", name, err)
			}
			return
		}
		if k.String() != name {
			t.Fatalf("ParseKind(%q) = %v, written back as %q", name, k, k.String())
		}
	})
}
