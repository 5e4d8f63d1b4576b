package build_test

import (
	"io/fs"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/coursefs"
	"nostromo-lessons/templates"
)

// oneLesson is a good lesson, for a course whose templates a test checks.
const oneLesson = `title: Good
level: 1
summary: Good.
intro: Hello.
exercises:
  - kind: count-moves
    position: start
    answer: 8
`

// TestTemplateCopies checks that a course holding copies of the embedded
// templates, as the sample course's folder does, loads without a warning:
// a script identical to the embedded one is not the course's code, and
// the engine's folder, which build never takes from a course, is not read
// (its file is over any template's size limit).
func TestTemplateCopies(t *testing.T) {
	fsys := fstest.MapFS{"lessons/01-a.yaml": {Data: []byte(oneLesson)}}
	for _, name := range []string{"play.js", "answer.js", "engine/wasm_exec.js", "engine/nostromo.wasm"} {
		src, err := fs.ReadFile(templates.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		fsys["templates/"+name] = &fstest.MapFile{Data: src}
	}
	c, err := build.Load(fsys, build.Options{})
	if err != nil {
		t.Fatalf("build.Load of a course with copies of the embedded templates: %v", err)
	}
	if len(c.Warnings) > 0 {
		t.Errorf("warnings for copies of the embedded templates: %v", c.Warnings)
	}
	fsys["templates/play.js"] = &fstest.MapFile{Data: []byte("track();\n")}
	if c, _ = build.Load(fsys, build.Options{}); len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0].Error(), "templates/play.js:1:1: warning: template is a script") {
		t.Errorf("warnings for a course's own play.js: %v, want one", c.Warnings)
	}
}

// TestTemplateWarnings checks that check warns, at its line and column,
// about what in a course template runs code or tells another site who
// reads the page, and not about the embedded templates.
func TestTemplateWarnings(t *testing.T) {
	tests := []struct {
		name, file, src string
		want            []string // the warnings, in order; none for nil
	}{
		{"javascript link", "templates/lesson.html", "<p>\n  <a href=\"JavaScript:alert(1)\">x</a>",
			[]string{`templates/lesson.html:2:12: warning: template holds a "javascript:" URL`}},
		{"srcdoc", "templates/lesson.html", `<iframe srcdoc="&lt;script&gt;x()&lt;/script&gt;"></iframe>`,
			[]string{`templates/lesson.html:1:9: warning: template holds a srcdoc attribute`}},
		{"remote image", "templates/layout.html", "<body>\n<img alt=\"\" src=\"https://t.example/p.gif\">",
			[]string{`templates/layout.html:2:13: warning: template loads "src=\"https://t.example/p.gif\"" from another site`}},
		{"remote script", "templates/layout.html", `<script src="//t.example/t.js"></script>`,
			[]string{`templates/layout.html:1:1: warning: template holds a <script> element`, `templates/layout.html:1:9: warning: template loads "src=\"//t.example/t.js\"" from another site`}},
		{"remote style sheet and frame", "templates/index.html", "<link rel=stylesheet href=https://t.example/s.css>\n<iframe src='http://t.example/'></iframe>",
			[]string{`templates/index.html:1:22: warning: template loads "href=https://t.example/s.css" from another site`, `templates/index.html:2:9: warning: template loads "src='http://t.example/'" from another site`}},
		{"style in a page", "templates/index.html", `<div style="background: url('https://t.example/p.png')">`,
			[]string{`templates/index.html:1:25: warning: template loads "url('https://t.example/p.png')" from another site`}},
		{"url in style.css", "templates/style.css", "body {\n  background: url(https://t.example/p.png);\n}",
			[]string{`templates/style.css:2:15: warning: template loads "url(https://t.example/p.png)" from another site`}},
		{"@import in style.css", "templates/style.css", "@import \"https://t.example/s.css\";\nbody {}",
			[]string{`templates/style.css:1:1: warning: template loads "@import \"https://t.example/s.css\"" from another site`}},
		{"local loads and remote links", "templates/lesson.html", `<img src="art/k.svg"><a href="https://e.example/">e</a><link href="style.css">`, nil},
		{"local style", "templates/style.css", `@import "print.css"; body { background: url(art/b.png); }`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"lessons/01-a.yaml": {Data: []byte(oneLesson)}, tt.file: {Data: []byte(tt.src)}}
			c, err := build.Load(fsys, build.Options{})
			if err != nil {
				t.Fatalf("build.Load: %v", err)
			}
			if len(c.Warnings) != len(tt.want) {
				t.Fatalf("warnings %v, want %d: %q", c.Warnings, len(tt.want), tt.want)
			}
			for i, w := range c.Warnings {
				if !strings.HasPrefix(w.Error(), tt.want[i]) {
					t.Errorf("warning %d = %q, want it to start %q", i, w.Error(), tt.want[i])
				}
			}
		})
	}
	t.Run("embedded templates", func(t *testing.T) {
		fsys := fstest.MapFS{"lessons/01-a.yaml": {Data: []byte(oneLesson)}}
		names, _ := fs.Glob(templates.FS(), "*.*")
		for _, name := range names {
			if path.Ext(name) == ".go" {
				continue
			}
			src, err := fs.ReadFile(templates.FS(), name)
			if err != nil {
				t.Fatal(err)
			}
			fsys["templates/"+name] = &fstest.MapFile{Data: src}
		}
		c, err := build.Load(fsys, build.Options{})
		if err != nil {
			t.Fatalf("build.Load of copies of the embedded templates %v: %v", names, err)
		}
		if len(c.Warnings) > 0 {
			t.Errorf("warnings for copies of the embedded templates: %v", c.Warnings)
		}
	})
}

// TestLoadChecksTemplates checks that Load, the load and output-check steps
// that stats runs without proving, reports a course template that does not
// parse at its file and line, and a template that reads too large, and
// that with NoCourseTemplates it reads neither.
func TestLoadChecksTemplates(t *testing.T) {
	tests := []struct {
		name, file, src string
		want            string
	}{
		{"page", "templates/lesson.html", "{{define \"main\"}}\n<p>{{.Title</p>\n{{end}}\n", "templates/lesson.html:2:1: "},
		{"art", "templates/art/farm/king.art", "# a king\nwhite black 2: M 0 0 L 200 0 Z\n", `templates/art/farm/king.art:2:1: path command L: number "200": want -10 to 110`},
		{"too large", "templates/style.css", strings.Repeat("x", int(coursefs.FileLimit("templates/style.css"))+1), "templates/style.css:1:1: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"lessons/01-a.yaml": {Data: []byte(oneLesson)}, tt.file: {Data: []byte(tt.src)}}
			_, err := build.Load(fsys, build.Options{})
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("build.Load = %v, want a problem starting %q", err, tt.want)
			}
			if _, err := build.Load(fsys, build.Options{NoCourseTemplates: true}); err != nil {
				t.Errorf("build.Load with NoCourseTemplates = %v, want nil", err)
			}
		})
	}
}
