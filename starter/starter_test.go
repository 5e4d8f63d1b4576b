package starter_test

import (
	"strings"
	"testing"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/starter"
)

// TestSavedWords: each starter course says saving in its theme's words
// ($save, $saved): loaded in the farm theme, its texts hold the farm's
// word and none of the language's literal words for saving.
func TestSavedWords(t *testing.T) {
	tests := []struct {
		lang    style.Language
		literal []string // the language's words for saving, as stems in lower case
		farm    string   // a stem of the farm theme's $save and $saved words
	}{
		{style.English, []string{"save", "safety"}, "home"},
		{style.Spanish, []string{"salv"}, "casa"},
		{style.Russian, []string{"спас", "безопасн"}, "дом"},
		{style.German, []string{"gerett", "retten", "rettung", "sicherheit"}, "hause"},
		{style.Dutch, []string{"gered", "redd", "veilig"}, "huis"},
	}
	for _, tt := range tests {
		t.Run(tt.lang.String(), func(t *testing.T) {
			c, err := course.Load(starter.For(tt.lang), course.WithTheme(style.Farm))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			all := strings.ToLower(strings.Join(texts(c), "\n"))
			for _, w := range tt.literal {
				if strings.Contains(all, w) {
					t.Errorf("the starter says %q literally, not the theme's word:\n%s", w, all)
				}
			}
			if !strings.Contains(all, tt.farm) {
				t.Errorf("the starter never says the farm's word %q:\n%s", tt.farm, all)
			}
		})
	}
}

// texts returns what a course's lessons say in words: titles, summaries,
// goals, intros, teacher's guides, and each exercise's question, hint and
// explanation.
func texts(c *course.Course) []string {
	var out []string
	for _, l := range c.Lessons {
		out = append(out, l.Title, l.Summary, l.Intro, l.Reminder, l.Teacher)
		out = append(out, l.Goals...)
		for _, e := range l.Exercises {
			out = append(out, e.Text, e.Hint, e.Explain)
		}
	}
	return out
}

// TestNoPlaceholderAuthor: a starter course names no author, so that a
// course built before its author is written never shows the starter's
// "Your name" to the children and their parents on the site.
func TestNoPlaceholderAuthor(t *testing.T) {
	for _, l := range style.Languages() {
		t.Run(l.String(), func(t *testing.T) {
			c, err := course.Load(starter.For(l))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if c.Author != "" {
				t.Errorf("the starter's author is %q, want none", c.Author)
			}
		})
	}
}
