package starter_test

import (
	"strings"
	"testing"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/internal/style/styletest"
	"nostromo-lessons/starter"
)

// TestSavedWords: each starter course says saving in its theme's words
// ($save, $saved): loaded in the farm theme, its texts hold the farm's
// word and none of the language's literal words for saving.
func TestSavedWords(t *testing.T) {
	for _, tt := range styletest.Saving {
		t.Run(tt.Lang.String(), func(t *testing.T) {
			c, err := course.Load(starter.For(tt.Lang), course.WithTheme(style.Farm))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			all := strings.ToLower(strings.Join(texts(c), "\n"))
			for _, w := range tt.Literal {
				if strings.Contains(all, w) {
					t.Errorf("the starter says %q literally, not the theme's word:\n%s", w, all)
				}
			}
			if !strings.Contains(all, tt.Farm) {
				t.Errorf("the starter never says the farm's word %q:\n%s", tt.Farm, all)
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
