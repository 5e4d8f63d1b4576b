package course

import (
	"fmt"
	"nostromo-lessons/internal/course/yamlpos"
	"slices"

	"go.yaml.in/yaml/v3"
)

// Level is what course.yaml's optional levels: says of one level, for its
// certificate:
//
//	levels:
//	  1:
//	    name: Shuttle pilot
//	    goals: [name the pieces, move the crew]
//	  2: {name: Navigator}
//
// A level without a name is "Level N"; a level without goals takes the
// union of its lessons' goals, in course order.
type Level struct {
	Number int    // 1 to 5
	Name   string // "" for "Level N"
	Goals  []string
	Pos    yamlpos.Pos // where the level's number is written
}

// decodeLevels reads course.yaml's levels: a mapping from a level number
// (1-5) to a mapping of name and goals. It returns the levels in ascending
// order.
func (f *file) decodeLevels(n *yaml.Node) []Level {
	if n.Kind != yaml.MappingNode {
		if n.Kind != yaml.AliasNode {
			f.Errorf(n, "levels: want a mapping from a level number to its name and goals, like 1: {name: Cadet}, got %s", yamlpos.Describe(n))
		}
		return nil
	}
	var out []Level
	seen := map[int]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		num, ok := f.Integer(k, "levels: a level", 1, 5)
		if !ok {
			continue
		}
		if first := seen[num]; first != nil {
			f.Errorf(k, "levels: level %d appears twice (first at line %d)", num, first.Line)
			continue
		}
		seen[num] = k
		lv := Level{Number: num, Pos: f.Pos(k)}
		what := fmt.Sprintf("levels: level %d", num)
		if m := f.Mapping(v, what, levelNames); m != nil {
			if v := m.Get("name"); v != nil {
				lv.Name, _ = f.prose(v, what+": name", MaxText)
			}
			if v := m.Get("goals"); v != nil {
				if items, ok := f.list(v, what+": goals", "texts"); ok {
					for _, item := range items {
						if s, ok := f.prose(item, what+": goal", MaxText); ok {
							lv.Goals = append(lv.Goals, s)
						}
					}
				}
			}
		}
		out = append(out, lv)
	}
	slices.SortFunc(out, func(a, b Level) int { return a.Number - b.Number })
	return out
}

// unusedLevels warns of each level that levels: describes but no lesson
// has: it gets no certificate.
func (l *loader) unusedLevels() {
	used := map[int]bool{}
	for _, lesson := range l.c.Lessons {
		used[lesson.Level] = true
	}
	for _, lv := range l.c.Levels {
		if !used[lv.Number] {
			l.c.Warnings.Add(lv.Pos, fmt.Sprintf("warning: levels: level %d: no lesson has level %d, so it gets no certificate", lv.Number, lv.Number))
		}
	}
}

// LevelGoals returns the goals of a level's certificate: those levels:
// gives it, else the union of its lessons' goals in course order.
func (c *Course) LevelGoals(level int) []string {
	for _, lv := range c.Levels {
		if lv.Number == level && len(lv.Goals) > 0 {
			return lv.Goals
		}
	}
	var goals []string
	for _, l := range c.Lessons {
		if l.Level != level {
			continue
		}
		for _, g := range l.Goals {
			if !slices.Contains(goals, g) {
				goals = append(goals, g)
			}
		}
	}
	return goals
}

// LevelName returns the name levels: gives a level, or "".
func (c *Course) LevelName(level int) string {
	for _, lv := range c.Levels {
		if lv.Number == level {
			return lv.Name
		}
	}
	return ""
}
