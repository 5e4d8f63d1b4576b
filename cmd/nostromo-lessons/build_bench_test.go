package main

import (
	"io"
	"path/filepath"
	"testing"
)

// BenchmarkBuildSampleCourse measures a whole cold build of the sample
// course: loading, proving every answer with a fresh solver, rendering the
// site, Markdown and PDFs, and publishing them.
func BenchmarkBuildSampleCourse(b *testing.B) {
	b.ReportAllocs()
	dir := b.TempDir()
	for b.Loop() {
		out := filepath.Join(dir, "out")
		if err := run([]string{"build", "--quiet", "-o", out}, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
