package build_test

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/render"
)

// renderOrder runs the render step on m and returns every file it
// emitted, by path, and the paths in the order they were emitted.
func renderOrder(t *testing.T, m render.Course, opts build.Options) (map[string][]byte, []string) {
	t.Helper()
	files := map[string][]byte{}
	var order []string
	err := build.Render(m, nil, opts, func(path string, write func(io.Writer) error) error {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			return err
		}
		files[path] = buf.Bytes()
		order = append(order, path)
		return nil
	})
	if err != nil {
		t.Fatalf("build.Render: %v", err)
	}
	return files, order
}

// TestRenderOrder checks that the render step emits the same files in the
// same order every time, and in the order its list gives: the site, the
// Markdown with its diagrams, each lesson's worksheet, answer key and play
// card, the course's PDFs and last the teacher's page.
func TestRenderOrder(t *testing.T) {
	m := build.Model(sampleCourse(t), build.Options{})
	_, first := renderOrder(t, m, build.Options{})
	_, second := renderOrder(t, m, build.Options{})
	if diff := cmp.Diff(first, second); diff != "" {
		t.Errorf("order differs between runs (-first +second):\n%s", diff)
	}
	want := []string{"site/style.css", "site/answer.js", "site/index.html", "site/rules.html"}
	for _, l := range m.Lessons {
		want = append(want, "site/"+l.ID+".html")
	}
	want = append(want, "site/play.html", "site/play.js", "site/engine.js")
	for _, l := range m.Lessons {
		want = append(want, "teacher/md/"+l.ID+".md")
		boards, err := render.WriteMarkdown(io.Discard, m, l)
		if err != nil {
			t.Fatal(err)
		}
		for n := range boards {
			want = append(want, fmt.Sprintf("teacher/md/%s-%d.svg", l.ID, n+1))
		}
	}
	for _, l := range m.Lessons {
		want = append(want, "pdf/"+l.ID+".pdf", "teacher/"+l.ID+"-answers.pdf", "pdf/"+l.ID+"-play.pdf")
	}
	want = append(want, "pdf/rules.pdf", "pdf/certificates.pdf", "pdf/checklist.pdf", "pdf/scoresheet.pdf", "teacher/workbook.pdf", "teacher/teacher-guide.pdf",
		"teacher/index.html")
	if diff := cmp.Diff(want, first); diff != "" {
		t.Errorf("render step's files (-want +got):\n%s", diff)
	}
}

// TestRenderProgress checks that Options.Progress hears of every PDF the
// render step emits, in order, and of nothing else.
func TestRenderProgress(t *testing.T) {
	m := build.Model(sampleCourse(t), build.Options{})
	var heard []string
	_, order := renderOrder(t, m, build.Options{Progress: func(msg string) { heard = append(heard, msg) }})
	var want []string
	for _, p := range order {
		if strings.HasPrefix(p, "pdf/") {
			want = append(want, "  writing "+p)
		}
	}
	if len(want) == 0 {
		t.Fatal("the sample course has no PDF in pdf/")
	}
	if diff := cmp.Diff(want, heard); diff != "" {
		t.Errorf("progress messages (-want +heard):\n%s", diff)
	}
}

// TestFilesDeterministic checks that files made on many goroutines are the
// same bytes, in the same order, as files made on one.
func TestFilesDeterministic(t *testing.T) {
	m := build.Model(sampleCourse(t), build.Options{})
	collect := func(workers int) (paths []string, data [][]byte) {
		err := build.FilesOn(m, build.Options{}, workers, func(path string, write func(io.Writer) error) error {
			var buf bytes.Buffer
			err := write(&buf)
			paths, data = append(paths, path), append(data, buf.Bytes())
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return paths, data
	}
	onePaths, oneData := collect(1)
	manyPaths, manyData := collect(8)
	if diff := cmp.Diff(onePaths, manyPaths); diff != "" {
		t.Fatalf("files (-one goroutine +eight):\n%s", diff)
	}
	for i := range oneData {
		if !bytes.Equal(oneData[i], manyData[i]) {
			t.Errorf("%s: made on eight goroutines, %d bytes differ from those made on one", onePaths[i], len(manyData[i]))
		}
	}
}

// TestRenderBadIDs checks that the render step refuses a lesson ID that
// could leave the output folder, or two lessons of one ID, before it
// emits any file.
func TestRenderBadIDs(t *testing.T) {
	for _, tt := range []struct {
		name string
		edit func(m *render.Course)
	}{
		{"leaves the folder", func(m *render.Course) { m.Lessons[1].ID = "../x" }},
		{"an output's name", func(m *render.Course) { m.Lessons[1].ID = "index" }},
		{"two alike", func(m *render.Course) { m.Lessons[2].ID = m.Lessons[0].ID }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := build.Model(sampleCourse(t), build.Options{})
			m.Lessons = slices.Clone(m.Lessons)
			tt.edit(&m)
			emitted := 0
			err := build.Render(m, nil, build.Options{}, func(string, func(io.Writer) error) error { emitted++; return nil })
			if err == nil || emitted > 0 {
				t.Errorf("render step: error %v after %d files, want an error before any file", err, emitted)
			}
		})
	}
}

// BenchmarkRender renders every file of the sample course, as a build
// does after proving.
func BenchmarkRender(b *testing.B) {
	m := build.Model(buildtest.Sample(b), build.Options{})
	b.ReportAllocs()
	for b.Loop() {
		if err := build.Render(m, nil, build.Options{}, func(path string, write func(io.Writer) error) error { return write(io.Discard) }); err != nil {
			b.Fatal(err)
		}
	}
}
