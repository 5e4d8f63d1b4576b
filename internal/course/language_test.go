package course

import (
	"testing"
	"testing/fstest"

	"nostromo-lessons/internal/style"
)

func TestLanguage(t *testing.T) {
	for _, tt := range []struct {
		name   string
		course string // course.yaml; "" for none
		want   style.Language
	}{
		{"no course.yaml", "", style.English},
		{"no language", "title: Mine\n", style.English},
		{"spanish", "language: es\ntitle: Mío\n", style.Spanish},
		{"letter case", "language: RU\n", style.Russian},
		{"with a problem elsewhere", "language: de\ntitel: falsch\npaper: huge\n", style.German},
		{"unknown language", "language: xx\n", style.English},
		{"not YAML", "language: [nl\n", style.English},
		{"not a mapping", "- nl\n", style.English},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"lessons/01-a.yaml": {Data: []byte("not: [a lesson\n")}}
			if tt.course != "" {
				fsys["course.yaml"] = &fstest.MapFile{Data: []byte(tt.course)}
			}
			if got := Language(fsys); got != tt.want {
				t.Errorf("Language(%q) = %v, want %v", tt.course, got, tt.want)
			}
		})
	}
}
