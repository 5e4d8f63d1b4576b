package stats

import (
	"strings"
	"testing"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/course"
)

// TestSampleCourse holds the sample course to issue 16's thresholds
// (Issue16): each one missed is an error. It prints the course's figures
// in the test log (go test ./internal/stats -run TestSampleCourse -v). It
// loads the course without proving it (the figures read the answers
// written in the files, which check proves), so it takes well under a
// second.
func TestSampleCourse(t *testing.T) {
	c, err := course.Load(nostromo.Course())
	if err != nil {
		t.Fatalf("Load(sample course): %v", err)
	}
	r := Compute(c)
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	t.Logf("the sample course:\n%s", b.String())
	for _, m := range r.Check(Issue16) {
		t.Errorf("issue 16: %s", m)
	}
}
