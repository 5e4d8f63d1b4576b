package class

import "sort"

// HandAfter is how many wrong answers to one exercise, with no right one
// after them, raise a child's hand in the class view.
const HandAfter = 3

// Progress is what a child did in one lesson.
type Progress struct {
	Stars  int `json:"stars"`  // the best stars of each exercise, summed
	Tried  int `json:"tried"`  // the exercises answered at least once
	Solved int `json:"solved"` // the exercises answered right at least once
	Wrong  int `json:"wrong"`  // the wrong answers
}

// Hand is an exercise a child answered wrong HandAfter times or more since
// the last right answer.
type Hand struct {
	Child    string `json:"child"`
	Lesson   string `json:"lesson"`
	Exercise string `json:"exercise"`
	Wrong    int    `json:"wrong"`
}

// Summary is the class view's table: each child's progress by lesson, and
// the hands raised.
type Summary struct {
	Progress map[string]map[string]Progress `json:"progress"` // child, lesson
	Hands    []Hand                         `json:"hands"`    // by child, lesson, exercise
}

// Summarize makes the class view's table of answers, in the order they
// were stored.
func Summarize(answers []Answer) Summary {
	type exKey struct{ child, lesson, exercise string }
	best := map[exKey]int{}
	tried := map[exKey]bool{}
	solved := map[exKey]bool{}
	streak := map[exKey]int{} // wrong answers since the last right one
	s := Summary{Progress: map[string]map[string]Progress{}}
	for _, a := range answers {
		k := exKey{a.Child, a.Lesson, a.Exercise}
		if s.Progress[a.Child] == nil {
			s.Progress[a.Child] = map[string]Progress{}
		}
		p := s.Progress[a.Child][a.Lesson]
		if !tried[k] {
			tried[k] = true
			p.Tried++
		}
		if a.Right {
			if !solved[k] {
				solved[k] = true
				p.Solved++
			}
			if a.Stars > best[k] {
				p.Stars += a.Stars - best[k]
				best[k] = a.Stars
			}
			streak[k] = 0
		} else {
			p.Wrong++
			streak[k]++
		}
		s.Progress[a.Child][a.Lesson] = p
	}
	for k, n := range streak {
		if n >= HandAfter {
			s.Hands = append(s.Hands, Hand{k.child, k.lesson, k.exercise, n})
		}
	}
	sort.Slice(s.Hands, func(i, j int) bool {
		a, b := s.Hands[i], s.Hands[j]
		if a.Child != b.Child {
			return a.Child < b.Child
		}
		if a.Lesson != b.Lesson {
			return a.Lesson < b.Lesson
		}
		return a.Exercise < b.Exercise
	})
	return s
}

// Cell is what a child did with one exercise: the best stars of a right
// answer (0 when none), and the wrong answers.
type Cell struct {
	Stars int
	Wrong int
}

// Cells returns each child's cell of each exercise answered, by child,
// lesson and exercise key.
func Cells(answers []Answer) map[string]map[string]map[string]Cell {
	out := map[string]map[string]map[string]Cell{}
	for _, a := range answers {
		if out[a.Child] == nil {
			out[a.Child] = map[string]map[string]Cell{}
		}
		if out[a.Child][a.Lesson] == nil {
			out[a.Child][a.Lesson] = map[string]Cell{}
		}
		c := out[a.Child][a.Lesson][a.Exercise]
		if a.Right {
			c.Stars = max(c.Stars, a.Stars)
		} else {
			c.Wrong++
		}
		out[a.Child][a.Lesson][a.Exercise] = c
	}
	return out
}
