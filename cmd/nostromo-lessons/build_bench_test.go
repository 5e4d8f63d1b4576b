package main

import (
	"io"
	"path/filepath"
	"testing"
)

// BenchmarkBuildSampleCourse measures a whole cold build of the sample
// course: loading, proving every answer with a fresh solver and no proof
// cache, rendering the site, Markdown and PDFs, and publishing them.
func BenchmarkBuildSampleCourse(b *testing.B) {
	b.ReportAllocs()
	dir := b.TempDir()
	for b.Loop() {
		out := filepath.Join(dir, "out")
		if err := run([]string{"build", "--quiet", "--no-cache", "-o", out}, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildSampleCourseWarm measures a whole build of the sample
// course with the proof cache filled by a first build: loading, reading
// the proofs, rendering and publishing, what a teacher waits for after
// changing a lesson's text.
func BenchmarkBuildSampleCourseWarm(b *testing.B) {
	b.ReportAllocs()
	b.Setenv("NOSTROMO_CACHE", b.TempDir())
	out := filepath.Join(b.TempDir(), "out")
	if err := run([]string{"build", "--quiet", "-o", out}, io.Discard, io.Discard); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := run([]string{"build", "--quiet", "-o", out}, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheck measures check, cold (no proof cache) and warm (the cache
// filled by a first run), of the sample course and of bench/middlegame,
// twenty-two questions about positions of three to five pawns. One op is
// one whole check.
func BenchmarkCheck(b *testing.B) {
	for _, c := range []struct{ name, dir string }{
		{"sample", "../.."},
		{"middlegame", "../../bench/middlegame"},
	} {
		b.Run(c.name+"/cold", func(b *testing.B) {
			for b.Loop() {
				if err := run([]string{"check", "--no-cache", c.dir}, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/warm", func(b *testing.B) {
			b.Setenv("NOSTROMO_CACHE", b.TempDir())
			if err := run([]string{"check", c.dir}, io.Discard, io.Discard); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := run([]string{"check", c.dir}, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
