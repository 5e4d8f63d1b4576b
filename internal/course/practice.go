package course

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing/fstest"
	"unicode"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/coursefs"
	"nostromo-lessons/internal/style"
)

// PracticeCourse returns a course of one lesson, a practice sheet, made of
// every exercise of the bank file at path (such as one that "generate"
// wrote), so that a bank alone can be checked and built. The course takes
// the theme and level of a generated bank.
func PracticeCourse(path string) (fs.FS, error) {
	src, err := coursefs.ReadFile(path, coursefs.MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("course: bank %q: %w", path, err)
	}
	if !looksLikeBank(src) {
		return nil, fmt.Errorf("course: bank %q: not an exercise bank (no exercises: list at its top level); give a bank file, such as one generate wrote", path)
	}
	base := filepath.Base(path)
	id := slug(strings.TrimSuffix(base, filepath.Ext(base)))
	bank := "exercises/" + id + ".yaml"
	theme, level := style.Classic, 1
	if b, _ := LoadBank(fstest.MapFS{bank: {Data: src}}, bank); b != nil {
		theme = bankTheme(b)
		if b.Generated != nil && b.Generated.Level > 0 {
			level = b.Generated.Level
		}
	}
	lesson := fmt.Sprintf(`title: %q
level: %d
summary: Practice exercises from %s.
intro: |
  Practice sheet: every exercise of %s, each one proven.
include: [%s]
`, "Practice: "+id, level, yamlText(base), yamlText(base), bank)
	return fstest.MapFS{
		"course.yaml":             {Data: []byte(fmt.Sprintf("title: %q\ntheme: %s\n", "Practice: "+id, theme))},
		"lessons/" + id + ".yaml": {Data: []byte(lesson)},
		bank:                      {Data: src},
	}, nil
}

// looksLikeBank reports whether src may be an exercise bank: YAML whose top
// level is a mapping with an exercises key, or YAML that does not parse
// (the loader says where). Any other file (a password file, say) is
// refused without a message that quotes a line of it, as the loader's
// "unknown key" would.
func looksLikeBank(src []byte) bool {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return true
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return false
	}
	m := doc.Content[0]
	for i := 0; i < len(m.Content); i += 2 {
		if m.Content[i].Kind == yaml.ScalarNode && m.Content[i].Value == "exercises" {
			return true
		}
	}
	return false
}

// slug turns a file name into a lesson id: lower-case letters, digits and
// dashes.
func slug(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	if s := strings.Trim(b.String(), "-"); s != "" {
		return s
	}
	return "practice"
}

// yamlText makes a file name safe to put into a plain YAML scalar of a
// lesson's text: YAML's indicators, line breaks and other control
// characters become _, and a $ is written $$, so that no placeholder
// expands.
func yamlText(s string) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(":#{}[],&*!|>'\"%@`", r) || unicode.IsControl(r) || !yamlpos.Printable(r) || unicode.In(r, unicode.Zl, unicode.Zp) {
			return '_'
		}
		return r
	}, s)
	return strings.ReplaceAll(s, "$", "$$")
}
