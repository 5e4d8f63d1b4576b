package class

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// answer returns a right or wrong answer of child to exercise ex of
// lesson 01-board, with the id id.
func answer(id, child, ex string, right bool) Answer {
	a := Answer{ID: id, Tablet: "tablet-0001", Child: child, Lesson: "01-board", Exercise: ex, Right: right, Tries: 1}
	if right {
		a.Stars = 3
	}
	return a
}

func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "c", "4b.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestOpenSettings(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	for pragma, want := range map[string]string{"journal_mode": "wal", "synchronous": "2", "foreign_keys": "1", "user_version": fmt.Sprint(Version)} {
		var got string
		if err := s.db.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("PRAGMA %s = %q, want %q", pragma, got, want)
		}
	}
}

// TestMigrateFromVersion1 makes a class file of the first schema, with
// an answer, and checks that Open brings it to the current one with the
// answer kept, and that a newer file is refused.
func TestMigrateFromVersion1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if err := step(ctx, db, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO children(name) VALUES ('Ada');
		INSERT INTO answers(id, tablet, child, lesson, exercise, right, tries, stars, at)
		VALUES ('answer-01', 'tablet-0001', 1, '01-board', 'e1', 1, 1, 3, '2026-01-01T00:00:00Z')`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Answers(ctx, "Ada")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID != "answer-01" {
		t.Errorf("after migrating, Answers = %+v, want answer-01", got)
	}
	if err := s.SetMark(ctx, "01-board", Today); err != nil {
		t.Errorf("SetMark after migrating: %v", err)
	}
	if _, err := s.db.Exec(fmt.Sprintf("PRAGMA user_version = %d", Version+1)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(ctx, path); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("Open of a newer schema: %v, want an error saying it is newer", err)
	}
}

func TestResendStoredOnce(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	a := answer("answer-01", "Ada", "e1", true)
	for i, want := range []bool{true, false, false} {
		added, err := s.AddAnswer(ctx, a)
		if err != nil || added != want {
			t.Errorf("AddAnswer #%d = %v, %v, want %v", i+1, added, err, want)
		}
	}
	g := Game{ID: "game-0001", Tablet: "tablet-0001", Child: "Ada", Start: "start", Moves: []string{"e3", "Nd5"}, Side: "w", Level: 2, Result: "white", End: "saved", Date: "2026-01-01", Text: "1. e3 Nd5"}
	for i, want := range []bool{true, false} {
		added, err := s.AddGame(ctx, g)
		if err != nil || added != want {
			t.Errorf("AddGame #%d = %v, %v, want %v", i+1, added, err, want)
		}
	}
	as, _ := s.Answers(ctx, "")
	gs, _ := s.Games(ctx, "")
	if len(as) != 1 || len(gs) != 1 {
		t.Errorf("stored %d answers and %d games, want 1 and 1", len(as), len(gs))
	}
	if len(gs) == 1 && !cmp.Equal(gs[0].Moves, g.Moves) {
		t.Errorf("game's moves = %q, want %q", gs[0].Moves, g.Moves)
	}
}

// TestConcurrent sends answers from many goroutines through two Stores of
// one file (as serve and the class command), every answer twice: each is
// stored once, none is lost.
func TestConcurrent(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	s1, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s1.Close()
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	const tablets, each = 8, 25
	var wg sync.WaitGroup
	var mu sync.Mutex
	added := 0
	for i := range tablets {
		wg.Go(func() {
			for j := range each {
				for _, s := range []*Store{s1, s2} {
					ok, err := s.AddAnswer(ctx, answer(fmt.Sprintf("answer-%02d-%03d", i, j), fmt.Sprintf("Child %d", i), fmt.Sprint("e", j), j%2 == 0))
					if err != nil {
						t.Error(err)
						return
					}
					if ok {
						mu.Lock()
						added++
						mu.Unlock()
					}
				}
			}
		})
	}
	wg.Wait()
	as, err := s1.Answers(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if added != tablets*each || len(as) != tablets*each {
		t.Errorf("added %d, stored %d, want %d each", added, len(as), tablets*each)
	}
}

func TestCheckName(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"  Ada  Lovelace ", "Ada Lovelace", ""},
		{"Зоя", "Зоя", ""},
		{"", "", "empty"},
		{strings.Repeat("a", 41), "", "41 characters"},
		{strings.Repeat("a", 10000), "", "10000 characters"},
		{"<script>alert(1)</script>", "", "holds '<'"},
		{"Ada\x00", "", "holds"},
		{"Ada\u202e", "", "holds"},
		{"O'Neil", "", "holds"},
	} {
		t.Run(tc.in[:min(len(tc.in), 20)], func(t *testing.T) {
			got, err := CheckName(tc.in)
			if tc.err == "" && (err != nil || got != tc.want) {
				t.Errorf("CheckName(%q) = %q, %v, want %q", tc.in, got, err, tc.want)
			}
			if tc.err != "" && (err == nil || !errors.Is(err, ErrName) || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("CheckName(%q) error %v, want one saying %q", tc.in, err, tc.err)
			}
		})
	}
}

func TestAnswerCheck(t *testing.T) {
	for name, change := range map[string]func(*Answer){
		"short id":        func(a *Answer) { a.ID = "x" },
		"id with a slash": func(a *Answer) { a.ID = "answer/0001" },
		"no tablet":       func(a *Answer) { a.Tablet = "" },
		"no lesson":       func(a *Answer) { a.Lesson = "" },
		"long exercise":   func(a *Answer) { a.Exercise = strings.Repeat("e", MaxKey+1) },
		"no tries":        func(a *Answer) { a.Tries = 0 },
		"many tries":      func(a *Answer) { a.Tries = MaxTries + 1 },
		"four stars":      func(a *Answer) { a.Stars = 4 },
		"right no stars":  func(a *Answer) { a.Stars = 0 },
		"wrong stars":     func(a *Answer) { a.Right = false },
		"script name":     func(a *Answer) { a.Child = "<b>x</b>" },
	} {
		t.Run(name, func(t *testing.T) {
			a := answer("answer-01", "Ada", "e1", true)
			if err := a.Check(); err != nil {
				t.Fatalf("the good answer: %v", err)
			}
			change(&a)
			s := openTemp(t)
			if _, err := s.AddAnswer(context.Background(), a); err == nil {
				t.Errorf("AddAnswer(%+v) = nil error, want one", a)
			}
			if as, _ := s.Answers(context.Background(), ""); len(as) != 0 {
				t.Errorf("stored %d answers, want none", len(as))
			}
		})
	}
}

func TestRoster(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	if n, err := s.AddRoster(ctx, "Ada\nBen, Cleo;\n\n"); err != nil || n != 3 {
		t.Fatalf("AddRoster = %d, %v, want 3", n, err)
	}
	if n, err := s.AddRoster(ctx, "Ada\nDan<"); err == nil || n != 0 {
		t.Errorf("AddRoster with a bad name = %d, %v, want 0 and an error", n, err)
	}
	if on, err := s.AddName(ctx, "Ben"); err != nil || !on {
		t.Errorf("AddName(Ben) = %v, %v, want on the roster", on, err)
	}
	if on, err := s.AddName(ctx, "Benny"); err != nil || on {
		t.Errorf("AddName(Benny) = %v, %v, want pending", on, err)
	}
	if _, err := s.AddAnswer(ctx, answer("answer-01", "Benny", "e1", false)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddAnswer(ctx, answer("answer-02", "Zed", "e1", false)); err != nil {
		t.Fatal(err)
	}
	if err := s.Merge(ctx, "Benny", "Ben"); err != nil {
		t.Fatal(err)
	}
	if err := s.Accept(ctx, "Zed"); err != nil {
		t.Fatal(err)
	}
	if err := s.Rename(ctx, "Cleo", "Ada"); err == nil {
		t.Error("Rename onto a name taken: nil error")
	}
	if err := s.Rename(ctx, "Cleo", "Clea"); err != nil {
		t.Error(err)
	}
	if err := s.Forget(ctx, "Ada"); err != nil {
		t.Error(err)
	}
	if err := s.Forget(ctx, "Nobody"); !errors.Is(err, ErrNoChild) {
		t.Errorf("Forget(Nobody) = %v, want ErrNoChild", err)
	}
	got, err := s.Children(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []Child{{Name: "Ben", Answers: 1}, {Name: "Clea"}, {Name: "Zed", Answers: 1}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Children (-want +got):\n%s", d)
	}
}

func TestPlan(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	for l, m := range map[string]Mark{"01-board": Today, "02-flight": NextTime, "03-x": Today} {
		if err := s.SetMark(ctx, l, m); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetMark(ctx, "03-x", NoMark); err != nil {
		t.Fatal(err)
	}
	if err := s.SetMark(ctx, "03-x", Mark(7)); err == nil {
		t.Error("SetMark(Mark(7)): nil error")
	}
	got, _ := s.Plan(ctx)
	if d := cmp.Diff(map[string]Mark{"01-board": Today, "02-flight": NextTime}, got); d != "" {
		t.Errorf("Plan (-want +got):\n%s", d)
	}
}

func TestSummarize(t *testing.T) {
	as := []Answer{
		answer("a1", "Ada", "e1", false), answer("a2", "Ada", "e1", false), answer("a3", "Ada", "e1", false),
		answer("a4", "Ada", "e2", false), answer("a5", "Ada", "e2", false), answer("a6", "Ada", "e2", false),
		answer("a7", "Ada", "e2", true),
		answer("a8", "Ben", "e1", true),
	}
	as[7].Stars = 2
	got := Summarize(as)
	want := Summary{
		Progress: map[string]map[string]Progress{
			"Ada": {"01-board": {Stars: 3, Tried: 2, Solved: 1, Wrong: 6}},
			"Ben": {"01-board": {Stars: 2, Tried: 1, Solved: 1}},
		},
		Hands: []Hand{{"Ada", "01-board", "e1", 3}},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Summarize (-want +got):\n%s", d)
	}
}

func TestPathsAndNames(t *testing.T) {
	t.Setenv(DataEnv, "/data")
	got, err := Path("nostromo", "4b")
	if want := filepath.Join("/data", "classes", "nostromo", "4b.db"); err != nil || got != want {
		t.Errorf("Path = %q, %v, want %q", got, err, want)
	}
	for _, bad := range []string{"", "../x", "a b", strings.Repeat("x", 41)} {
		if _, err := Path("c", bad); err == nil {
			t.Errorf("Path(c, %q): nil error", bad)
		}
	}
	for title, want := range map[string]string{"The Nostromo: first steps!": "the-nostromo-first-steps", "¿?": "course", "Шахматы": "шахматы"} {
		if got := CourseFolder(title); got != want {
			t.Errorf("CourseFolder(%q) = %q, want %q", title, got, want)
		}
	}
}

// TestDiskFull fills the file to its largest size (max_page_count, as a
// full disk would): the answer that does not fit is an ErrFull, and those
// before it are kept.
func TestDiskFull(t *testing.T) {
	s := openTemp(t)
	ctx := context.Background()
	var pages int
	if err := s.db.QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.ExecContext(ctx, fmt.Sprintf("PRAGMA max_page_count = %d", pages+2)); err != nil {
		t.Fatal(err)
	}
	var err error
	stored := 0
	for i := 0; i < 10000 && err == nil; i++ {
		a := answer(fmt.Sprintf("answer-%05d", i), "Ada", "e1", false)
		a.Exercise = strings.Repeat("e", MaxKey)
		if _, err = s.AddAnswer(ctx, a); err == nil {
			stored++
		}
	}
	if !errors.Is(err, ErrFull) {
		t.Fatalf("AddAnswer on a full file: %v, want ErrFull", err)
	}
	as, _ := s.Answers(ctx, "")
	if len(as) != stored {
		t.Errorf("after the disk filled, %d answers kept, want the %d acknowledged", len(as), stored)
	}
}
