package generate_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/generate"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// generateSolver is the solver generation works with in the tests: one for
// the whole run, so that its cache serves every test, as in a long command.
var generateSolver = solver.New(solver.Options{Budget: 32_000_000})

// generate makes count exercises of kind k with seed and level, failing
// the test on any error.
func generateSet(t testing.TB, k question.Kind, seed uint64, level, count int) ([]generate.Generated, generate.Options) {
	t.Helper()
	opts := options(k, seed, level, count)
	list, err := generate.Exercises(context.Background(), k, opts)
	if err != nil {
		t.Fatalf("Exercises(%s, seed %d, level %d, count %d): %v", k, seed, level, count, err)
	}
	return list, opts
}

// testBudget keeps the middle games of levels 4 and 5 small in the tests:
// 1000 tables a configuration instead of the 4000 generate allows, so
// that the tests run in seconds. The big ones are made by hand (see
// docs/authoring.md, Generating exercises) and checked behind -banks.heavy.
const testBudget = 1000 * solver.StatesPerConfig

func options(k question.Kind, seed uint64, level, count int) generate.Options {
	return generate.Options{
		Count:  count,
		Seed:   seed,
		Level:  level,
		Solver: generateSolver,
		Budget: testBudget,
		Unique: generate.DefaultUnique(k),
	}
}

// bankBytes writes list as a bank.
func bankBytes(t testing.TB, k question.Kind, opts generate.Options, list []generate.Generated) []byte {
	t.Helper()
	var buf bytes.Buffer
	h := generate.BankHeader{
		Title: generate.DefaultTitle(k, opts),
		By:    "nostromo-lessons generate",
		Seed:  opts.Seed,
		Args:  []string{k.String(), "--seed", fmt.Sprint(opts.Seed)},
		Level: opts.Level,
	}
	if err := generate.WriteBank(&buf, h, list); err != nil {
		t.Fatalf("WriteBank: %v", err)
	}
	return buf.Bytes()
}

var placeholder = regexp.MustCompile(`\$[A-Za-z0-9]+`)

// storyWords checks that a generated bank names the pieces and the sides
// by placeholders only (no theme's story word is in it, nor "row 8"), in a
// child's words (none of adultWords) and with the verb of a capture the
// rules sheet uses (none of takeWords).
func storyWords(t *testing.T, data []byte) {
	t.Helper()
	var text []string // the texts people read, without their placeholders
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		for _, key := range []string{"title: ", "question: ", "explain: "} {
			if v, ok := strings.CutPrefix(line, key); ok {
				text = append(text, placeholder.ReplaceAllString(v, ""))
			}
		}
	}
	all := strings.ToLower(strings.Join(text, " "))
	for _, adult := range adultWords {
		if strings.Contains(all, adult) {
			t.Errorf("the bank holds %q, an adult's words, not a child's:\n%s", adult, data)
		}
	}
	if strings.Contains(all, "row 8") {
		t.Errorf("the bank says \"row 8\", not $row8, the theme's goal row:\n%s", data)
	}
	words := strings.FieldsFunc(all, func(r rune) bool { return r < 'a' || r > 'z' })
	for _, w := range takeWords {
		if slices.Contains(words, w) {
			t.Errorf("the bank holds %q; a capture is a catch in every child's text:\n%s", w, data)
		}
	}
	for _, th := range style.Themes() {
		for _, w := range th.StoryWords() {
			if slices.Contains(words, w) {
				t.Errorf("the bank holds %q, a word of theme %v:\n%s", w, th, data)
			}
		}
	}
}

// adultWords are phrases of the solver's texts for authors that a child
// reading an answer key would not understand (the teacher review's
// "adult jargon").
var adultWords = []string{"best defence", "tempting", "against the best"}

// takeWords are the forms of "take", the verb of a capture that the texts
// for children leave to chess: they say "catch", as the rules sheet does.
var takeWords = []string{"take", "takes", "taken", "taking", "took"}

// TestGenerate generates a few exercises of every kind with several seeds
// and checks everything the issue asks of them: the bank loads with the
// lessons' loader, every exercise passes its own Check with a solver of
// check's budget, its level is its measure's, its position is plausible,
// and the loaded exercise is the one generated.
func TestGenerate(t *testing.T) {
	for _, k := range question.Kinds() {
		for _, seed := range []uint64{1, 2, 3} {
			t.Run(fmt.Sprintf("%s/seed=%d", k, seed), func(t *testing.T) {
				list, opts := generateSet(t, k, seed, 0, 5)
				if len(list) != 5 {
					t.Fatalf("got %d exercises, want 5", len(list))
				}
				data := bankBytes(t, k, opts, list)
				storyWords(t, data)
				b, err := course.LoadBank(fstest.MapFS{"bank.yaml": {Data: data}}, "bank.yaml")
				if err != nil {
					t.Fatalf("LoadBank: %v\n%s", err, data)
				}
				if len(b.Exercises) != len(list) {
					t.Fatalf("LoadBank: %d exercises, want %d", len(b.Exercises), len(list))
				}
				check := solver.New(solver.Options{Budget: generate.CandidateBudget})
				if err := course.VerifyBank(b, check); err != nil {
					t.Fatalf("VerifyBank: %v\n%s", err, data)
				}
				for i, g := range list {
					e := b.Exercises[i]
					if _, probs := g.Question.Check(check); len(probs) > 0 {
						t.Errorf("%s: Check: %v", g.ID, probs)
					}
					if g.Level != generate.Level(k, g.Measure.Score) || g.Level < 1 || g.Level > 5 {
						t.Errorf("%s: level %d, but Level(%s, %d) = %d", g.ID, g.Level, k, g.Measure.Score, generate.Level(k, g.Measure.Score))
					}
					if e.ID != g.ID || e.Kind != k || e.Level != g.Level {
						t.Errorf("loaded %s (%s, level %d), want %s (%s, level %d)", e.ID, e.Kind, e.Level, g.ID, k, g.Level)
					}
					if got, want := e.Answer, g.Question.Key(catalog.New(style.English, style.Classic)); got != want {
						t.Errorf("%s: loaded answer %q, want %q", g.ID, got, want)
					}
					if got := generate.DuplicateKey(e.Question); got != g.Key {
						t.Errorf("%s: loaded key %q, want %q", g.ID, got, g.Key)
					}
					if g.Explain == "" || strings.Contains(e.Explain, "$") || strings.Contains(e.Text, "$") {
						t.Errorf("%s: explanation %q, loaded as %q; want one, with every placeholder expanded", g.ID, g.Explain, e.Explain)
					}
					if o, ok := g.Question.(*question.Outcome); ok {
						// The explanation says the result the answer gives.
						want := map[rules.Result]string{rules.WhiteWins: "White wins", rules.BlackWins: "Black wins", rules.Draw: "Neither side"}[o.Answer]
						if !strings.HasPrefix(e.Explain, want) {
							t.Errorf("%s: answer %s, explanation %q; want it to start %q", g.ID, o.Answer, e.Explain, want)
						}
					}
					if k != question.KindLabyrinth {
						if err := generate.Plausible(e.Position); err != nil {
							t.Errorf("%s: Plausible(%q): %v", g.ID, e.Position, err)
						}
					}
				}
			})
		}
	}
}

// TestGenerateDeterministic: the same options give the same bytes, another
// seed another file.
func TestGenerateDeterministic(t *testing.T) {
	for _, k := range question.Kinds() {
		t.Run(k.String(), func(t *testing.T) {
			list, opts := generateSet(t, k, 7, 0, 6)
			first := bankBytes(t, k, opts, list)
			// A fresh solver: the result may not depend on the cache.
			opts.Solver = solver.New(solver.Options{Budget: 32_000_000})
			again, err := generate.Exercises(context.Background(), k, opts)
			if err != nil {
				t.Fatal(err)
			}
			if second := bankBytes(t, k, opts, again); !bytes.Equal(first, second) {
				t.Errorf("two runs with seed 7 differ:\n%s\n---\n%s", first, second)
			}
			other, opts8 := generateSet(t, k, 8, 0, 6)
			if bytes.Equal(bankBytes(t, k, opts, list), bankBytes(t, k, opts8, other)) {
				t.Errorf("seeds 7 and 8 give the same exercises")
			}
		})
	}
}

// TestGenerateUnique: no two exercises of a set share a key, in a set large
// enough to meet duplicates often.
func TestGenerateUnique(t *testing.T) {
	for _, k := range question.Kinds() {
		t.Run(k.String(), func(t *testing.T) {
			count := 60
			if k.NeedsSolver() && testing.Short() {
				count = 20
			}
			list, _ := generateSet(t, k, 11, 0, count)
			seen := map[string]string{}
			for _, g := range list {
				if g.Key != generate.DuplicateKey(g.Question) {
					t.Errorf("%s: key %q, but DuplicateKey says %q", g.ID, g.Key, generate.DuplicateKey(g.Question))
				}
				if first, dup := seen[g.Key]; dup {
					t.Errorf("%s and %s are the same exercise (key %q)", first, g.ID, g.Key)
				}
				seen[g.Key] = g.ID
			}
		})
	}
}

// TestGenerateLevel: with a level asked for, every exercise has that level
// and its measure maps to it; without, a set spreads over the levels.
func TestGenerateLevel(t *testing.T) {
	levels := []int{1, 2, 3, 4, 5}
	for _, k := range question.Kinds() {
		for _, level := range levels {
			if testing.Short() && k.NeedsSolver() && level != 3 {
				continue
			}
			t.Run(fmt.Sprintf("%s/level=%d", k, level), func(t *testing.T) {
				list, err := generate.Exercises(context.Background(), k, options(k, 5, level, 3))
				if err != nil {
					t.Fatalf("Generate: %v", err)
				}
				for _, g := range list {
					if g.Level != level || generate.Level(k, g.Measure.Score) != level {
						t.Errorf("%s: level %d, measure %v (level %d), want level %d", g.ID, g.Level, g.Measure, generate.Level(k, g.Measure.Score), level)
					}
				}
			})
		}
		t.Run(k.String()+"/mixed", func(t *testing.T) {
			list, _ := generateSet(t, k, 5, 0, 10)
			count := map[int]int{}
			for _, g := range list {
				count[g.Level]++
			}
			for level, n := range count {
				if n > 2 {
					t.Errorf("level %d holds %d of 10 exercises, want at most 2 (levels %v)", level, n, count)
				}
			}
		})
	}
}

// TestLevel pins the thresholds of a few kinds.
func TestLevel(t *testing.T) {
	tests := []struct {
		kind  question.Kind
		score int
		want  int
	}{
		{question.KindLabyrinth, 4, 1},
		{question.KindLabyrinth, 6, 2},
		{question.KindLabyrinth, 11, 5},
		{question.KindLegal, 5, 5},
		{question.KindBestMove, 0, 1},
		{question.KindBestMove, 6, 3},
		{question.KindBestMove, 40, 5},
	}
	for _, tt := range tests {
		if got := generate.Level(tt.kind, tt.score); got != tt.want {
			t.Errorf("Level(%s, %d) = %d, want %d", tt.kind, tt.score, got, tt.want)
		}
		lo, hi := generate.LevelRange(tt.kind, tt.want)
		if tt.score < lo && tt.score > 0 || hi >= 0 && tt.score > hi {
			t.Errorf("LevelRange(%s, %d) = %d, %d, which leaves out %d", tt.kind, tt.want, lo, hi, tt.score)
		}
	}
}

// TestGenerateBestMoveUnique: best-move has exactly one optimal move unless
// asked otherwise.
func TestGenerateBestMoveUnique(t *testing.T) {
	check := solver.New(solver.Options{Budget: generate.CandidateBudget})
	for _, unique := range []bool{true, false} {
		t.Run(fmt.Sprintf("unique=%v", unique), func(t *testing.T) {
			opts := options(question.KindBestMove, 3, 0, 12)
			opts.Unique = unique
			list, err := generate.Exercises(context.Background(), question.KindBestMove, opts)
			if err != nil {
				t.Fatal(err)
			}
			several := 0
			for _, g := range list {
				q := g.Question.(*question.BestMove)
				sol, err := check.Solve(q.Position, q.Goal)
				if err != nil {
					t.Fatal(err)
				}
				if len(sol.Best) > 1 {
					several++
				}
				if unique && (len(q.Moves) != 1 || len(sol.Best) != 1) {
					t.Errorf("%s: %d best moves (solver: %d), want 1", g.ID, len(q.Moves), len(sol.Best))
				}
			}
			if !unique && several == 0 {
				t.Errorf("with unique=false, no exercise of 12 has several best moves")
			}
		})
	}
}

// TestGenerateLabyrinthUnique: asked for, every labyrinth has a single
// shortest path, says so and gives it.
func TestGenerateLabyrinthUnique(t *testing.T) {
	for _, piece := range []rules.Piece{rules.Knight, rules.King, rules.NoPiece} {
		t.Run(piece.String(), func(t *testing.T) {
			opts := options(question.KindLabyrinth, 4, 0, 20)
			opts.Unique, opts.Piece = true, piece
			list, err := generate.Exercises(context.Background(), question.KindLabyrinth, opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range list {
				q := g.Question.(*question.Labyrinth)
				dist, paths, _ := q.Solve()
				if !q.Unique || paths != 1 || len(q.Path) != dist || dist != q.Answer {
					t.Errorf("%s: unique %v, %d shortest paths, path %v, answer %d (distance %d)", g.ID, q.Unique, paths, q.Path, q.Answer, dist)
				}
				if piece != rules.NoPiece && q.Piece != piece {
					t.Errorf("%s: piece %s, want %s", g.ID, q.Piece, piece)
				}
			}
		})
	}
}

// TestGenerateLabyrinthObstaclesMatter: every labyrinth needs more moves
// than the same piece on the empty board would, whatever the piece, the
// level and whether one shortest path is asked for (any level, 0, and the
// easiest level each piece has: a knight's detour is 2 moves at least).
func TestGenerateLabyrinthObstaclesMatter(t *testing.T) {
	levels := map[rules.Piece][]int{rules.Knight: {0, 2, 4}, rules.King: {0, 1, 3}}
	for _, piece := range []rules.Piece{rules.Knight, rules.King} {
		for _, level := range levels[piece] {
			for _, unique := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/level%d/unique=%v", piece, level, unique), func(t *testing.T) {
					opts := options(question.KindLabyrinth, 7, level, 12)
					opts.Unique, opts.Piece = unique, piece
					list, err := generate.Exercises(context.Background(), question.KindLabyrinth, opts)
					var short *generate.ShortError
					if err != nil && !errors.As(err, &short) {
						t.Fatal(err)
					}
					if len(list) == 0 {
						t.Fatal("no labyrinth made")
					}
					for _, g := range list {
						q := g.Question.(*question.Labyrinth)
						dist, _, _ := q.Solve()
						bare := question.Labyrinth{Board: question.Board{King: rules.NoSquare, Knight: rules.NoSquare}, Piece: q.Piece, From: q.From, To: q.To}
						free, _, _ := bare.Solve()
						if dist <= free {
							t.Errorf("%s: %d moves with the obstacles, %d on the empty board, want more with them", g.ID, dist, free)
						}
					}
				})
			}
		}
	}
}

// TestGenerateShort: a level with fewer exercises than asked for gives
// what there is and a *ShortError. Knight-moves of level 1 (a knight in a
// corner or on an edge with nothing on its jump squares) are only six.
func TestGenerateShort(t *testing.T) {
	list, err := generate.Exercises(context.Background(), question.KindKnightMoves, options(question.KindKnightMoves, 1, 1, 20))
	var short *generate.ShortError
	if !errors.As(err, &short) {
		t.Fatalf("Generate: error %v, want a *ShortError", err)
	}
	if short.Found != len(list) || short.Wanted != 20 || len(list) != 6 {
		t.Errorf("found %d (error says %d of %d), want 6 of 20", len(list), short.Found, short.Wanted)
	}
}

// TestGenerateCancel: a cancelled context stops Generate with its error.
func TestGenerateCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	opts := options(question.KindOutcome, 1, 0, 50)
	opts.Progress = func(done, total int) {
		if done == 2 {
			cancel()
		}
	}
	list, err := generate.Exercises(ctx, question.KindOutcome, opts)
	if !errors.Is(err, context.Canceled) || list != nil {
		t.Errorf("Generate after cancel = %d exercises, %v; want none, context.Canceled", len(list), err)
	}
}

// TestGenerateBadOptions: bad options are errors, not panics, and each
// names its origin, the package (not the old "exercises: generate:").
func TestGenerateBadOptions(t *testing.T) {
	tests := []struct {
		name string
		kind question.Kind
		opts generate.Options
		want string
	}{
		{"count 0", question.KindLegal, generate.Options{}, "generate: count 0, want 1 to "},
		{"count too big", question.KindLegal, generate.Options{Count: generate.MaxCount + 1}, fmt.Sprintf("generate: count %d, want 1 to ", generate.MaxCount+1)},
		{"level 6", question.KindLegal, generate.Options{Count: 1, Level: 6}, "generate: level 6, want 1 to 5"},
		{"no kind", 0, generate.Options{Count: 1}, "generate: kind "},
		{"no solver", question.KindOutcome, generate.Options{Count: 1}, "generate: this kind needs a solver"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := generate.Exercises(context.Background(), tt.kind, tt.opts); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("Exercises(%s, %+v) = %v, want an error starting %q", tt.kind, tt.opts, err, tt.want)
			}
		})
	}
}

// TestTablesNeeded compares the count of tables with the solver's own, so
// that a position TablesNeeded admits is provable within check's budget.
func TestTablesNeeded(t *testing.T) {
	tests := []struct {
		fen  string
		goal solver.Goal
	}{
		{"8/8/5n2/3P4/8/8/8/4K3 w 2 3", solver.Goal{}},
		{"8/8/5n2/3P4/2P5/8/8/4K3 w 1 3", solver.Goal{}},
		{"8/8/5n2/3P4/2P5/8/8/4K3 w 1 3", solver.Goal{Kind: solver.SaveMore, K: 1}},
		{"8/8/5n2/3P4/2P5/8/8/4K3 w 1 3", solver.Goal{Kind: solver.TakeMore, K: 1}},
		{"8/2P5/5n2/3P1P2/8/8/8/4K3 w 1 2", solver.Goal{}},
		{"8/2P5/5n2/3P1P2/8/8/8/4K3 w 1 2", solver.Goal{Kind: solver.SaveMore, K: 2}},
		{"8/2P5/5n2/3P4/8/5P2/8/4K3 b 0 3", solver.Goal{}},
	}
	for _, tt := range tests {
		t.Run(tt.fen+"/"+question.GoalString(tt.goal), func(t *testing.T) {
			p, err := rules.ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			s := solver.New(solver.Options{Budget: 1 << 40})
			if _, err := s.Solve(p, tt.goal); err != nil {
				t.Fatal(err)
			}
			if got, want := generate.TablesNeeded(p, tt.goal, 1<<20), int(s.Stats().Configs); got != want {
				t.Errorf("TablesNeeded = %d, solver built %d tables", got, want)
			}
		})
	}
}

// TestPlausible: positions a real game reaches pass, made-up ones do not.
func TestPlausible(t *testing.T) {
	tests := []struct {
		fen  string
		want bool
	}{
		{rules.StartFEN, true},
		{"8/8/5n2/8/8/3P4/1P3PP1/4K3 w 0 2", true},        // pawns on their files
		{"8/8/5n2/8/P7/8/8/4K3 w 2 3", true},              // a-pawn from b after a capture
		{"8/8/5n2/8/8/8/P7/4K3 w 2 3", false},             // on rank 2 it never moved: no a-pawn
		{"8/8/5n2/8/3P4/3P4/8/4K3 w 2 2", true},           // doubled after one capture
		{"8/8/5n2/8/8/2PPPP2/8/4K3 w 2 0", true},          // all on their files
		{"8/8/5n2/P6P/8/8/8/4K3 w 1 3", true},             // b-pawn and g-pawn each took once
		{"8/8/5n2/PP5P/8/8/8/4K3 w 0 3", false},           // three captures
		{"8/8/8/8/8/8/1PPPPPP1/4K3 w 0 0", false},         // no knight, White to move: invalid
		{"8/8/5n2/8/8/8/3P4/3PK3 w 2 2", false},           // pawn on rank 1: invalid
		{"8/8/8/8/8/2n5/3P4/1K6 w 2 3", true},             // in check, moves left
		{"8/8/5n2/8/8/8/8/4K3 w 2 3", false},              // 0 pawns: invalid counts
		{"8/1P6/5n2/8/8/8/8/4K3 b 2 3", true},             // Black to move
		{"8/8/5n2/8/8/8/PPPPPPP1/4K3 w 0 0", false},       // seven pawns
		{"8/8/5n2/8/8/8/1PPPPP1P/4K3 w 0 0", false},       // h-pawn on rank 2
		{"8/8/5n2/8/8/7P/1PPPPP2/4K3 w 0 0", true},        // g-pawn took on h3
		{"8/8/5n2/8/8/8/1PPPPPP1/4K3 b 0 0", true},        // start, Black to move
		{"2K5/8/5n2/8/8/8/1PPPPPP1/8 w 0 0", true},        // the king walked
		{"8/8/5n2/1P6/8/8/8/4K3 w 2 3", true},             // b-pawn walked up
		{"8/8/5n2/8/8/8/8/4K2P w 2 3", false},             // pawn on rank 1
		{"8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0 extra", false}, // not a FEN
	}
	for _, tt := range tests {
		t.Run(tt.fen, func(t *testing.T) {
			p, err := rules.ParseFEN(tt.fen)
			if err != nil {
				if tt.want {
					t.Fatalf("ParseFEN(%q): %v", tt.fen, err)
				}
				return
			}
			if err := generate.Plausible(p); (err == nil) != tt.want {
				t.Errorf("Plausible(%q) = %v, want plausible %v", tt.fen, err, tt.want)
			}
		})
	}
}

// BenchmarkGenerate makes 100 exercises of level 3 of each kind with a
// fresh solver, the cost of one "generate KIND --count 100 --level 3".
func BenchmarkGenerate(b *testing.B) {
	for _, k := range question.Kinds() {
		b.Run(k.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				opts := options(k, 1, 3, 100)
				opts.Solver = solver.New(solver.Options{Budget: 32_000_000})
				if _, err := generate.Exercises(context.Background(), k, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
