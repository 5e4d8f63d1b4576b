package stats

import "fmt"

// Thresholds are what a course must reach. A zero field asks nothing.
type Thresholds struct {
	Lessons          int     // lessons, at least
	Seen             int     // exercises children see, at least
	ConceptMin       int     // exercises of every concept, at least
	EveryConcept     bool    // every exercise names its concept
	EveryExplained   bool    // every exercise has an explanation
	OneKindBlocks    bool    // no shared diagram asks more than one kind
	ExerciseLevels   int     // levels (1-5) that exercises use, at least
	ThreePawnShare   float64 // the share of positions with 3 pawns or more, at least
	FourToSix        int     // positions with 4 to 6 pawns, at least
	LongestDistance  int     // the largest moves-to-win or moves-to-goal answer, at least
	LabyrinthsMatter float64 // the share of labyrinths whose obstacles change the fewest moves, at least
	MaxGenerated     float64 // the share of exercises from generated banks, at most
	MaxGrade         float64 // the reading grade, at most
	MaxSentenceWords int     // the words of the longest sentence, at most
}

// Issue16 are the thresholds of issue 16 for the sample course: at least
// 14 lessons and 400 exercises children see, every concept practised at
// least 10 times, one kind per block, all five levels, 40% of positions
// with 3+ pawns and 60 with 4-6, counts up to 10 moves and more, 80% of
// labyrinths whose obstacles matter, at most 40% generated, every
// exercise explained, reading grade 3 and sentences of 20 words at most.
var Issue16 = Thresholds{
	Lessons: 14, Seen: 400, ConceptMin: 10, EveryConcept: true, EveryExplained: true, OneKindBlocks: true,
	ExerciseLevels: 5, ThreePawnShare: 0.4, FourToSix: 60, LongestDistance: 10, LabyrinthsMatter: 0.8,
	MaxGenerated: 0.4, MaxGrade: 3, MaxSentenceWords: LongSentence,
}

// Check returns what r misses of t, one sentence each, in the order of
// Thresholds' fields; nil when it reaches them all.
func (r *Report) Check(t Thresholds) []string {
	var out []string
	fail := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if len(r.Lessons) < t.Lessons {
		fail("%d lessons, want at least %d", len(r.Lessons), t.Lessons)
	}
	if r.Seen < t.Seen {
		fail("%d exercises seen, want at least %d", r.Seen, t.Seen)
	}
	for _, c := range r.Concepts {
		if c.N < t.ConceptMin {
			fail("concept %s: %d exercises, want at least %d", c.Name, c.N, t.ConceptMin)
		}
	}
	if t.EveryConcept && r.NoConcept > 0 {
		fail("%d exercises name no concept, want none", r.NoConcept)
	}
	if t.EveryExplained && len(r.NoExplain) > 0 {
		fail("%d exercises have no explanation, want none", len(r.NoExplain))
	}
	if t.OneKindBlocks {
		for _, l := range r.Lessons {
			if l.Mixed > 0 {
				fail("lesson %s: %d shared diagrams ask more than one kind, want one kind a block", l.ID, l.Mixed)
			}
		}
	}
	if used := nonZero(r.ExerciseLevels[:]); used < t.ExerciseLevels {
		fail("exercises use %d levels, want at least %d", used, t.ExerciseLevels)
	}
	if share := r.share(r.Pawns[3] + r.Pawns[4] + r.Pawns[5] + r.Pawns[6]); share < t.ThreePawnShare {
		fail("%.0f%% of positions have 3 pawns or more, want at least %.0f%%", 100*share, 100*t.ThreePawnShare)
	}
	if n := r.Pawns[4] + r.Pawns[5] + r.Pawns[6]; n < t.FourToSix {
		fail("%d positions have 4 to 6 pawns, want at least %d", n, t.FourToSix)
	}
	if d := r.LongestDistance(); d < t.LongestDistance {
		fail("the longest count is %d moves, want at least %d", d, t.LongestDistance)
	}
	if t.LabyrinthsMatter > 0 && r.Labyrinths.Total > 0 {
		if share := float64(r.Labyrinths.Matter) / float64(r.Labyrinths.Total); share < t.LabyrinthsMatter {
			fail("the obstacles matter in %d of %d labyrinths (%.0f%%), want at least %.0f%%",
				r.Labyrinths.Matter, r.Labyrinths.Total, 100*share, 100*t.LabyrinthsMatter)
		}
	}
	if t.MaxGenerated > 0 && r.Seen > 0 {
		if share := float64(r.Generated) / float64(r.Seen); share > t.MaxGenerated {
			fail("%.0f%% of the exercises are generated, want at most %.0f%%", 100*share, 100*t.MaxGenerated)
		}
	}
	if t.MaxGrade > 0 && r.Reading.Grade > t.MaxGrade {
		fail("reading grade %.1f, want at most %.1f", r.Reading.Grade, t.MaxGrade)
	}
	if t.MaxSentenceWords > 0 && r.Reading.Longest.Words > t.MaxSentenceWords {
		fail("the longest sentence has %d words (%s), want at most %d", r.Reading.Longest.Words, r.Reading.Longest.Where, t.MaxSentenceWords)
	}
	return out
}

// share returns n as a share of the positions, 0 without positions.
func (r *Report) share(n int) float64 {
	if r.Positions == 0 {
		return 0
	}
	return float64(n) / float64(r.Positions)
}

// LongestDistance returns the largest moves-to-win or moves-to-goal
// answer in moves ("never" is none), 0 without one.
func (r *Report) LongestDistance() int {
	longest := 0
	for _, d := range r.Distances {
		var n int
		if _, err := fmt.Sscanf(d.Name, "%d", &n); err == nil {
			longest = max(longest, n)
		}
	}
	return longest
}

// nonZero counts the non-zero numbers of ns.
func nonZero(ns []int) int {
	n := 0
	for _, x := range ns {
		if x > 0 {
			n++
		}
	}
	return n
}
