package buildtest

import (
	"fmt"
	"strings"
	"testing"
)

// recorder is a testing.TB that records Fatal and Skip instead of ending
// the test.
type recorder struct {
	testing.TB
	fatal, skip string
}

func (r *recorder) Helper()           {}
func (r *recorder) Fatal(args ...any) { r.fatal = fmt.Sprint(args...) }
func (r *recorder) Skip(args ...any)  { r.skip = fmt.Sprint(args...) }

// TestChromiumMissing: without a Chromium on PATH a browser test skips,
// saying what to install, but fails under CI=true, where .ci/run installs
// one: a browser test never passes there by not running.
func TestChromiumMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	for _, tt := range []struct {
		ci    string
		fails bool
	}{
		{"", false},
		{"false", false},
		{"true", true},
	} {
		t.Run("CI="+tt.ci, func(t *testing.T) {
			t.Setenv("CI", tt.ci)
			r := &recorder{TB: t}
			if got := Chromium(r); got != "" {
				t.Fatalf("Chromium = %q with an empty PATH, want none", got)
			}
			if failed := r.fatal != ""; failed != tt.fails {
				t.Errorf("Chromium under CI=%q: failed %v (%q), want %v", tt.ci, failed, r.fatal, tt.fails)
			}
			if !tt.fails && !strings.Contains(r.skip, "apt-get install chromium") {
				t.Errorf("Chromium under CI=%q skipped with %q, want the package to install", tt.ci, r.skip)
			}
		})
	}
}
