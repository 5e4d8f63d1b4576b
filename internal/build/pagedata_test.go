package build_test

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/rules"
)

// pageData is the part of a lesson page's nl-data this test reads.
type pageData struct {
	Course    string `json:"course"`
	Lesson    string `json:"lesson"`
	Exercises []struct {
		N      int           `json:"n"`
		ID     string        `json:"id"`
		Kind   string        `json:"kind"`
		Accept render.Accept `json:"accept"`
	} `json:"exercises"`
}

var nlData = regexp.MustCompile(`(?s)<script type="application/json" id="nl-data">(.*?)</script>`)

// TestPageDataIsTheLoadersAnswers builds the sample course's site and
// compares what each lesson page accepts (its nl-data) with the answers
// the loader read and the checker proved: the same squares, choice,
// number, fastest and slower moves (each a legal move from its squares),
// and for a labyrinth as many shortest paths as the checker counts, the
// author's path among them.
func TestPageDataIsTheLoadersAnswers(t *testing.T) {
	c := sampleCourse(t)
	pages := map[string][]byte{}
	for path, data := range buildtest.Files(t, c, build.Options{}) {
		if strings.HasPrefix(path, "site/") && strings.HasSuffix(path, ".html") {
			pages[strings.TrimSuffix(strings.TrimPrefix(path, "site/"), ".html")] = data
		}
	}
	kinds := map[string]bool{}
	for _, l := range c.Lessons {
		match := nlData.FindSubmatch(pages[l.ID])
		if match == nil {
			t.Fatalf("%s.html has no nl-data", l.ID)
		}
		var d pageData
		if err := json.Unmarshal(match[1], &d); err != nil {
			t.Fatalf("%s.html: nl-data: %v", l.ID, err)
		}
		if d.Lesson != l.ID || len(d.Exercises) != len(l.Exercises) {
			t.Fatalf("%s.html: nl-data is of lesson %q with %d exercises, want %q with %d", l.ID, d.Lesson, len(d.Exercises), l.ID, len(l.Exercises))
		}
		for i, e := range l.Exercises {
			got := d.Exercises[i]
			kinds[got.Kind] = true
			t.Run(l.ID+"/"+got.ID, func(t *testing.T) {
				if got.N != i+1 || got.Kind != e.Kind.String() {
					t.Fatalf("exercise %d, %s on the page; want %d, %s", got.N, got.Kind, i+1, e.Kind)
				}
				compareAccept(t, e, got.Accept, c.Theme)
			})
		}
	}
	if len(kinds) != len(question.Kinds()) {
		t.Errorf("the sample course's pages hold %d kinds, want all %d", len(kinds), len(question.Kinds()))
	}
}

// compareAccept compares what a page accepts with the loader's exercise.
func compareAccept(t *testing.T, e *course.Exercise, a render.Accept, th style.Theme) {
	t.Helper()
	switch q := e.Question.(type) {
	case *question.KnightMoves:
		wantSquares(t, a.Squares, q.Squares)
	case *question.KingMoves:
		wantSquares(t, a.Squares, q.Squares)
	case *question.Legal, *question.Outcome:
		say := catalog.New(style.English, th)
		choices := q.Space(say).Choices
		if a.Choice < 0 || a.Choice >= len(choices) || choices[a.Choice] != q.Key(say) {
			t.Errorf("the page accepts choice %d of %q, want %q", a.Choice, choices, q.Key(say))
		}
	case *question.CountMoves:
		wantNumber(t, a.Number, q.Answer)
	case *question.MovesToWin:
		wantNumber(t, a.Number, q.Answer)
		wantWinner(t, a.Winner, q, e.Proof)
	case *question.MovesToGoal:
		wantNumber(t, a.Number, q.Answer)
	case *question.BestMove:
		wantMoves(t, a.Moves, q, e.Proof)
	case *question.Labyrinth:
		wantPaths(t, a.Path, q)
	default:
		t.Fatalf("kind %T is not compared", q)
	}
}

// wantWinner checks the winner a page accepts for moves-to-win: the
// side the proof found when the question asks who wins, else none.
func wantWinner(t *testing.T, got string, q *question.MovesToWin, p question.Proof) {
	t.Helper()
	want := ""
	switch {
	case q.Side == nil && p.Decided && p.Winner == rules.White:
		want = "white"
	case q.Side == nil && p.Decided:
		want = "black"
	}
	if got != want {
		t.Errorf("the page accepts the winner %q, want %q (side %v, decided %v)", got, want, q.Side, p.Decided)
	}
}

func wantSquares(t *testing.T, got []string, want rules.Bitboard) {
	t.Helper()
	var names []string
	for _, s := range question.SortedSquares(want) {
		names = append(names, s.String())
	}
	if !slices.Equal(got, names) {
		t.Errorf("the page accepts the squares %q, the author's answer is %q", got, names)
	}
}

func wantNumber(t *testing.T, got *int, want int) {
	t.Helper()
	if got == nil || *got != want {
		t.Errorf("the page accepts the number %v, the author's answer is %d", got, want)
	}
}

// wantMoves checks best-move: the fastest moves are the author's answer
// (with accept: winning, every accepted move is), the slower ones are the
// checker's, and each is the legal move of its squares with its SAN.
func wantMoves(t *testing.T, got []render.AcceptMove, q *question.BestMove, p question.Proof) {
	t.Helper()
	var fast, slow, author []string
	for _, m := range got {
		if m.Slower {
			slow = append(slow, m.SAN)
		} else {
			fast = append(fast, m.SAN)
		}
		found := false
		for _, lm := range q.Position.LegalMoves() {
			from := ""
			if !lm.IsFlight() {
				from = lm.From.String()
			}
			if from == m.From && lm.To.String() == m.To {
				found = q.Position.SAN(lm) == m.SAN
			}
		}
		if !found {
			t.Errorf("the page's move %s-%s is not the legal move %s", m.From, m.To, m.SAN)
		}
	}
	for _, m := range q.Moves {
		author = append(author, q.Position.SAN(m))
	}
	slices.Sort(fast)
	slices.Sort(author)
	if !slices.Equal(fast, author) {
		t.Errorf("the page accepts as fastest %q, the author's answer is %q", fast, author)
	}
	wantSlow := p.AlsoWin
	if q.Winning {
		wantSlow = nil
	}
	if !slices.Equal(slow, wantSlow) && !(len(slow) == 0 && len(wantSlow) == 0) {
		t.Errorf("the page accepts as slower %q, the checker's are %q", slow, wantSlow)
	}
}

// wantPaths checks a labyrinth: the length is the author's answer, the
// graph holds as many paths as the checker counts, and the author's path.
func wantPaths(t *testing.T, got *render.AcceptPath, q *question.Labyrinth) {
	t.Helper()
	if got == nil || got.From != q.From.String() || got.To != q.To.String() || got.Moves != q.Answer {
		t.Fatalf("the page's labyrinth is %+v, want from %s to %s in %d", got, q.From, q.To, q.Answer)
	}
	var count func(s string, depth int) int
	count = func(s string, depth int) int {
		if s == got.To {
			if depth != got.Moves {
				t.Errorf("a path of the page reaches %s in %d moves, want %d", s, depth, got.Moves)
			}
			return 1
		}
		n := 0
		for _, next := range got.Next[s] {
			n += count(next, depth+1)
		}
		return n
	}
	_, paths, _ := q.Solve()
	if paths < question.MaxPaths {
		if n := count(got.From, 0); n != paths {
			t.Errorf("the page's graph holds %d shortest paths, the checker counts %d", n, paths)
		}
	}
	at := got.From
	for _, s := range q.Path {
		if !slices.Contains(got.Next[at], s.String()) {
			t.Errorf("the author's path %v leaves the page's paths at %s-%s", q.Path, at, s)
			break
		}
		at = s.String()
	}
}
