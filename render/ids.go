package render

import (
	"fmt"

	"nostromo-lessons/render/pageid"
)

// CheckIDs checks every lesson ID, that no two lessons share one, and that
// none is the name of another output file (pageid.Reserved, pageid.LessonOutputs).
func CheckIDs(c Course) error {
	taken := map[string]string{}
	for _, id := range pageid.Reserved() {
		taken[id] = "an output file"
	}
	for _, l := range c.Lessons {
		for _, name := range pageid.LessonOutputs(l.ID) {
			taken[name] = fmt.Sprintf("an output file of lesson %q", l.ID)
		}
	}
	seen := map[string]bool{}
	for _, l := range c.Lessons {
		if err := pageid.Check(l.ID); err != nil {
			return err
		}
		if seen[l.ID] {
			return fmt.Errorf("render: lesson id %q: used by two lessons", l.ID)
		}
		if by, ok := taken[l.ID]; ok {
			return fmt.Errorf("render: lesson id %q: the name of %s", l.ID, by)
		}
		seen[l.ID] = true
	}
	return nil
}
