package stats

import (
	"cmp"
	"maps"
	"slices"
	"strconv"

	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/render"
	"nostromo-lessons/render/pdf"
	"nostromo-lessons/rules"
)

// Report holds the figures of a course. "Seen" exercises are those of the
// lessons (on the pages, and on the worksheets unless site-only); "hidden"
// ones are bank exercises that no lesson includes. Every figure but Hidden
// is of the seen exercises.
type Report struct {
	Title     string   `json:"title"`
	Lessons   []Lesson `json:"lessons"`
	Seen      int      `json:"seen"`
	SiteOnly  int      `json:"site_only"`
	Hidden    []Count  `json:"hidden"`     // by bank file
	Generated int      `json:"generated"`  // from banks that generate made
	NoExplain []string `json:"no_explain"` // each exercise once, however many lessons include it
	NoConcept int      `json:"no_concept"`
	Concepts  []Count  `json:"concepts"` // by name

	// Positions counts the exercises that show a game position (every
	// kind but a labyrinth on a board of pieces without a game), each
	// once, even when exercises share a diagram; Pawns, Counters and King
	// count the same. Distinct counts their different positions (FENs).
	Positions int       `json:"positions"`
	Distinct  int       `json:"distinct"`
	Pawns     [7]int    `json:"pawns"`    // positions by pawns on the board, 0 to 6
	Counters  []Counter `json:"counters"` // positions by their counters, most first
	King      Placement `json:"king"`     // positions by the king's square

	// Distances counts the answers of moves-to-win and moves-to-goal, by
	// value ("never" last).
	Distances  []Count    `json:"distances"`
	Labyrinths Labyrinths `json:"labyrinths"`

	LessonLevels   [5]int `json:"lesson_levels"`   // lessons of level 1 to 5
	ExerciseLevels [5]int `json:"exercise_levels"` // exercises of level 1 to 5

	Reading Readability `json:"reading"`
}

// Count is a number of things of one name.
type Count struct {
	Name string `json:"name"`
	N    int    `json:"n"`
}

// Counter counts the positions with the counters Saved and Taken.
type Counter struct {
	Saved int `json:"saved"`
	Taken int `json:"taken"`
	N     int `json:"n"`
}

// Placement counts squares: the four corners, the other squares of the
// edge, and the centre (the 36 others).
type Placement struct {
	Corner int `json:"corner"`
	Edge   int `json:"edge"`
	Centre int `json:"centre"`
}

// Labyrinths counts the labyrinths by what their obstacles (the other
// pieces, the guarded and the avoided squares) change: each is solved
// again with its piece alone on the board. The obstacles matter when the
// fewest moves change; PathsOnly counts those where only the shortest
// paths do (fewer of the same length); Same those where nothing changes,
// listed in Empty.
type Labyrinths struct {
	Total     int      `json:"total"`
	Matter    int      `json:"matter"`
	PathsOnly int      `json:"paths_only"`
	Same      int      `json:"same"`
	Empty     []string `json:"empty"` // where each of Same is
}

// Lesson holds the figures of one lesson.
type Lesson struct {
	ID        string  `json:"id"`
	Level     int     `json:"level"`
	Exercises int     `json:"exercises"`
	Kinds     []Count `json:"kinds"` // in the order they first come
	// Blocks counts the lesson's blocks: a block is a run of exercises of
	// one kind, or one diagram that several exercises share (as the
	// worksheets group them); Mixed counts the shared diagrams that ask
	// more than one kind.
	Blocks    int     `json:"blocks"`
	Mixed     int     `json:"mixed"`
	NoExplain int     `json:"no_explain"`
	Grade     float64 `json:"grade"`
}

// Compute returns the figures of c, a loaded course (Compute proves
// nothing: the answers are the author's, which check proves).
func Compute(c *course.Course) *Report {
	r := &Report{Title: c.Title, Lessons: []Lesson{}, Hidden: []Count{}, NoExplain: []string{},
		Labyrinths: Labyrinths{Empty: []string{}}, Reading: Readability{Long: []Sentence{}, lang: c.Language}}
	generated := map[string]bool{}
	for _, b := range c.Banks {
		generated[b.File] = b.Generated != nil
	}
	seen := map[yamlpos.Pos]bool{}
	positions := map[string]bool{}
	counters := map[[2]int]int{}
	distances := map[string]int{}
	concepts := map[string]int{}
	m := model.Model(c, model.Settings{})
	for i, l := range c.Lessons {
		ls := Lesson{ID: l.ID, Level: l.Level, Exercises: len(l.Exercises)}
		ls.Blocks, ls.Mixed = blocks(m.Lessons[i].Exercises)
		r.LessonLevels[l.Level-1]++
		read := Readability{lang: c.Language}
		read.add(l.File+" intro", l.Intro)
		read.add(l.File+" reminder", l.Reminder)
		for _, e := range l.Exercises {
			again := seen[e.Pos] // a bank exercise that another lesson includes too
			seen[e.Pos] = true
			r.Seen++
			ls.Kinds = addCount(ls.Kinds, e.Kind.String())
			if e.SiteOnly {
				r.SiteOnly++
			}
			if generated[e.Pos.File] {
				r.Generated++
			}
			if e.Explain == "" {
				ls.NoExplain++
				if !again {
					r.NoExplain = append(r.NoExplain, where(e))
				}
			}
			if e.Concept == "" {
				r.NoConcept++
			} else {
				concepts[e.Concept]++
			}
			if e.Level >= 1 && e.Level <= 5 {
				r.ExerciseLevels[e.Level-1]++
			}
			if !e.BoardOnly {
				positions[e.Position.String()] = true
				r.addPosition(e.Position, counters)
			}
			if d, ok := distance(e.Question); ok {
				distances[d]++
			}
			if q, ok := e.Question.(*question.Labyrinth); ok {
				r.Labyrinths.add(q, where(e))
			}
			at := where(e)
			read.add(at+" question", e.Text)
			read.add(at+" hint", e.Hint)
			read.add(at+" explain", e.Explain)
		}
		ls.Grade = read.Grade
		r.Reading.merge(read)
		r.Lessons = append(r.Lessons, ls)
	}
	for _, b := range c.Banks {
		n := 0
		for _, e := range b.Exercises {
			if !seen[e.Pos] {
				n++
			}
		}
		if n > 0 {
			r.Hidden = append(r.Hidden, Count{b.File, n})
		}
	}
	r.Distinct = len(positions)
	r.Counters = []Counter{}
	for k, n := range counters {
		r.Counters = append(r.Counters, Counter{k[0], k[1], n})
	}
	slices.SortFunc(r.Counters, func(a, b Counter) int {
		return cmp.Or(b.N-a.N, a.Saved-b.Saved, a.Taken-b.Taken)
	})
	r.Distances = sortedCounts(distances, byDistance)
	r.Concepts = sortedCounts(concepts, func(a, b Count) int { return cmp.Compare(a.Name, b.Name) })
	return r
}

// where names an exercise for a reader: its place in its file
// (file:line:col, as editors follow it) and its id.
func where(e *course.Exercise) string {
	if e.ID != "" {
		return e.Pos.String() + " " + e.ID
	}
	return e.Pos.String()
}

// addPosition counts a position: its pawns, counters and king.
func (r *Report) addPosition(p rules.Position, counters map[[2]int]int) {
	r.Positions++
	r.Pawns[p.Pawns.Count()]++
	counters[[2]int{int(p.Saved), int(p.Taken)}]++
	f, rank := p.King.File(), p.King.Rank()
	edgeF, edgeR := f == 0 || f == 7, rank == 0 || rank == 7
	switch {
	case edgeF && edgeR:
		r.King.Corner++
	case edgeF || edgeR:
		r.King.Edge++
	default:
		r.King.Centre++
	}
}

// distance returns the answer of a counting question as text: a number of
// moves or "never".
func distance(q question.Question) (string, bool) {
	var n int
	switch q := q.(type) {
	case *question.MovesToWin:
		n = q.Answer
	case *question.MovesToGoal:
		n = q.Answer
	default:
		return "", false
	}
	if n == question.Never {
		return "never", true
	}
	return strconv.Itoa(n), true
}

// byDistance orders distances by number, "never" last.
func byDistance(a, b Count) int {
	x, errA := strconv.Atoi(a.Name)
	y, errB := strconv.Atoi(b.Name)
	switch {
	case errA != nil && errB != nil:
		return cmp.Compare(a.Name, b.Name)
	case errA != nil: // never (not a number) last
		return 1
	case errB != nil:
		return -1
	}
	return cmp.Compare(x, y)
}

// add sorts a labyrinth by what its obstacles change.
func (l *Labyrinths) add(q *question.Labyrinth, at string) {
	l.Total++
	dist, paths, _ := q.Solve()
	bare := question.Labyrinth{Board: question.Board{King: rules.NoSquare, Knight: rules.NoSquare}, Piece: q.Piece, From: q.From, To: q.To}
	freeDist, freePaths, _ := bare.Solve()
	switch {
	case dist != freeDist:
		l.Matter++
	case paths != freePaths:
		l.PathsOnly++
	default:
		l.Same++
		l.Empty = append(l.Empty, at)
	}
}

// blocks counts the blocks of a lesson's exercises, and the shared
// diagrams that ask more than one kind.
func blocks(exs []render.Exercise) (n, mixed int) {
	var groups [][]render.Exercise
	for i, e := range exs {
		if i > 0 && pdf.SharesDiagram(exs[i-1], e) {
			groups[len(groups)-1] = append(groups[len(groups)-1], e)
			continue
		}
		groups = append(groups, []render.Exercise{e})
	}
	prevKind := ""
	for _, g := range groups {
		kind := g[0].Kind
		for _, e := range g[1:] {
			if e.Kind != kind {
				kind = ""
			}
		}
		if kind == "" {
			mixed++
		}
		if kind == "" || kind != prevKind {
			n++
		}
		prevKind = kind
	}
	return n, mixed
}

// addCount adds one to the count of name, appending it when new.
func addCount(counts []Count, name string) []Count {
	for i := range counts {
		if counts[i].Name == name {
			counts[i].N++
			return counts
		}
	}
	return append(counts, Count{name, 1})
}

// sortedCounts returns the counts of m in the order of less.
func sortedCounts(m map[string]int, order func(a, b Count) int) []Count {
	out := []Count{}
	for _, name := range slices.Sorted(maps.Keys(m)) {
		out = append(out, Count{name, m[name]})
	}
	slices.SortStableFunc(out, order)
	return out
}

// merge adds the sentences of o to r.
func (r *Readability) merge(o Readability) {
	r.Sentences += o.Sentences
	r.Words += o.Words
	r.Syllables += o.Syllables
	if o.Longest.Words > r.Longest.Words {
		r.Longest = o.Longest
	}
	r.Long = append(r.Long, o.Long...)
	r.Grade = grade(r.Words, r.Sentences, r.Syllables)
}
