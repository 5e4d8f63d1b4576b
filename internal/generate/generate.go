package generate

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"nostromo-lessons/internal/catalog"
	"slices"
	"strconv"
	"strings"

	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// CandidateBudget is the most states (solver.StatesPerConfig = 8320 a pawn
// configuration) the proof of a generated exercise may need: about 4800
// configurations, 40 MB of tables. Levels 1 to 3 stay far below it (see
// levelTables), so that their banks check in a moment.
const CandidateBudget = 40_000_000

// Options says what Exercises makes.
type Options struct {
	Count int         // how many exercises, at least 1
	Seed  uint64      // the seed of the only random source
	Level int         // keep only exercises of this level (1-5); 0 keeps every level
	Theme style.Theme // recorded in the bank: the theme it is worded in when built alone (its text holds placeholders such as $king)
	// Language is the language of the bank's titles, questions and
	// explanations.
	Language style.Language
	Solver   question.Solver // proves the solver kinds; required for them
	// Unique asks best-move for exactly one optimal move and labyrinth for a
	// single shortest path (written as unique: true). DefaultUnique gives
	// the default of each kind.
	Unique bool
	// Piece is the moving piece of labyrinths: rules.Knight, rules.King, or
	// rules.NoPiece for both.
	Piece rules.Piece
	// IDPrefix starts every exercise id; "" means DefaultIDPrefix.
	IDPrefix string
	// Budget is the solver budget, in states, that every exercise must be
	// provable within (CandidateBudget for the sample course's banks); 0
	// leaves it to the solver.
	Budget int64
	// Attempts bounds the candidates tried; 0 means DefaultAttempts.
	Attempts int
	// Progress, if set, is called after each exercise found.
	Progress func(done, total int)
	// Games, when set, draws the positions from random games (see Games).
	Games *Games
}

// Games says where the positions of a bank drawn from games come from:
// random games played from Start (GamePosition), each position with
// Start's pawns or one fewer on the board (5 and 6 pawns from the default
// start), of level 4 or 5, asked about the whole game. Only the kinds of
// GameKinds are drawn so; their answers are proven by Options.Solver,
// which must answer such positions: the whole-game table.
type Games struct {
	Start rules.Position
}

// GameKinds reports whether positions of kind k can be drawn from games:
// outcome, moves-to-win and best-move, the kinds that ask about the whole
// game, which the whole-game table answers.
func GameKinds(k question.Kind) bool {
	return k == question.KindOutcome || k == question.KindMovesToWin || k == question.KindBestMove
}

// minLevel returns the lowest level Exercises makes: 4 from games, else 1.
func (o Options) minLevel() int {
	if o.Games != nil {
		return 4
	}
	return 1
}

// Generated is one generated exercise, proven.
type Generated struct {
	ID       string
	Question question.Question
	Level    int            // Level(kind, Measure.Score)
	Measure  Measure        // how hard it is, and why
	Key      string         // the canonical key: two exercises with one key are duplicates
	Text     string         // the question in placeholders ($king), or "" for the kind's default wording
	Explain  string         // Markdown for the answer key, in placeholders
	Proof    question.Proof // what Check proved
}

// ShortError reports that Generate found fewer exercises than asked for
// within its attempts; Generate returns it with what it found.
type ShortError struct {
	Kind     question.Kind
	Level    int // 0 for any level
	Found    int
	Wanted   int
	Attempts int
}

func (e *ShortError) Error() string {
	what := e.Kind.String()
	if e.Level > 0 {
		what += " exercises of level " + strconv.Itoa(e.Level)
	} else {
		what += " exercises"
	}
	return fmt.Sprintf("found only %d of %d %s in %d attempts", e.Found, e.Wanted, what, e.Attempts)
}

// MaxCount is the most exercises Generate makes at once: the most a bank
// may hold.
const MaxCount = 1000

// DefaultAttempts returns the candidates Generate tries for count exercises
// before it gives up: enough that every level of every kind fills up with
// room to spare, few enough that an impossible request ends in seconds.
func DefaultAttempts(count int) int { return 500*count + 5000 }

// DefaultUnique returns the default of Options.Unique for kind k:
// true for best-move (one optimal move), false for the others.
func DefaultUnique(k question.Kind) bool { return k == question.KindBestMove }

// DefaultIDPrefix returns the ids' prefix of a generated bank: the kind,
// the labyrinth piece if one was chosen, the seed and the level, as in
// "labyrinth-knight-s7-l3", so that banks made with other arguments can
// share a course.
func DefaultIDPrefix(k question.Kind, opts Options) string {
	s := k.String()
	if k == question.KindLabyrinth && opts.Piece != rules.NoPiece {
		s += "-" + opts.Piece.String()
	}
	if opts.Games != nil {
		s += "-games"
	}
	s += "-s" + strconv.FormatUint(opts.Seed, 10)
	if opts.Level > 0 {
		s += "-l" + strconv.Itoa(opts.Level)
	}
	return s
}

// ErrNoSolver is returned by Generate for a kind that needs the solver when
// Options.Solver is nil.
var ErrNoSolver = errors.New("generate: this kind needs a solver")

// Exercises makes opts.Count new exercises of kind k, every one proven by
// its own Check, none a duplicate of another (see Generated.Key), of level
// opts.Level if set. The result depends only on k and opts (not on time or
// scheduling): the same options give the same exercises in the same order,
// sorted by level, then by score, then in the order they were found.
//
// It stops when ctx is done, returning ctx's error. When it finds fewer
// exercises than asked within opts.Attempts candidates, it returns those it
// found and a *ShortError.
func Exercises(ctx context.Context, k question.Kind, opts Options) ([]Generated, error) {
	switch {
	case opts.Count < 1 || opts.Count > MaxCount:
		return nil, fmt.Errorf("generate: count %d, want 1 to %d", opts.Count, MaxCount)
	case opts.Level < 0 || opts.Level > 5:
		return nil, fmt.Errorf("generate: level %d, want 1 to 5 (or 0 for any)", opts.Level)
	case makerOf(k) == nil:
		return nil, fmt.Errorf("generate: kind %q, want one of %s", k, question.KindNames())
	case k.NeedsSolver() && opts.Solver == nil:
		return nil, ErrNoSolver
	case opts.Games != nil && !GameKinds(k):
		return nil, fmt.Errorf("generate: kind %q is not drawn from games: want outcome, moves-to-win or best-move", k)
	case opts.Games != nil && opts.Level > 0 && opts.Level < 4:
		return nil, fmt.Errorf("generate: level %d from games: want 4 or 5 (or 0 for both)", opts.Level)
	}
	if opts.Attempts <= 0 {
		opts.Attempts = DefaultAttempts(opts.Count)
	}
	if opts.IDPrefix == "" {
		opts.IDPrefix = DefaultIDPrefix(k, opts)
	}
	g := &generator{
		kind:    k,
		opts:    opts,
		words:   catalog.Bank(opts.Language),
		rng:     rand.New(rand.NewPCG(opts.Seed, 0)),
		seen:    map[string]bool{},
		classes: map[string]int{},
	}
	next := makerOf(k)
	var out []Generated
	attempts := 0
	for ; len(out) < opts.Count && attempts < opts.Attempts; attempts++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		target := opts.Level
		if target == 0 {
			target = g.openLevel(attempts)
		}
		c := next(g, target)
		if c == nil {
			continue
		}
		c.Level = Level(k, c.Measure.Score)
		if opts.Level == 0 {
			c.classes = append(c.classes, "level "+strconv.Itoa(c.Level))
		}
		if opts.Level > 0 && c.Level != opts.Level || c.Level < opts.minLevel() || g.seen[c.Key] || !g.varied(c, attempts) {
			continue
		}
		proof, probs := c.Question.Check(opts.Solver)
		if len(probs) > 0 {
			continue // over the solver's budget: too big to prove
		}
		c.Proof = proof
		if c.Explain == "" {
			c.Explain = explain(g.words, c.Generated)
		}
		g.seen[c.Key] = true
		for _, class := range c.classes {
			g.classes[class]++
		}
		out = append(out, c.Generated)
		if opts.Progress != nil {
			opts.Progress(len(out), opts.Count)
		}
	}
	slices.SortStableFunc(out, func(a, b Generated) int {
		return cmp.Or(cmp.Compare(a.Level, b.Level), cmp.Compare(a.Measure.Score, b.Measure.Score))
	})
	width := len(strconv.Itoa(len(out)))
	for i := range out {
		out[i].ID = fmt.Sprintf("%s-%0*d", opts.IDPrefix, max(3, width), i+1)
	}
	if len(out) < opts.Count {
		return out, &ShortError{Kind: k, Level: opts.Level, Found: len(out), Wanted: opts.Count, Attempts: attempts}
	}
	return out, nil
}

// maker makes one candidate exercise of a kind, aiming at level target
// (the level it gets is read from its measure afterwards), or returns nil
// when the random draw gave nothing usable. It leaves Check to Generate.
type maker func(g *generator, target int) *candidate

var makers map[question.Kind]maker

func init() {
	makers = map[question.Kind]maker{
		question.KindKnightMoves: (*generator).knightMoves,
		question.KindKingMoves:   (*generator).kingMoves,
		question.KindLegal:       (*generator).legal,
		question.KindCountMoves:  (*generator).countMoves,
		question.KindOutcome:     (*generator).outcome,
		question.KindMovesToWin:  (*generator).movesToWin,
		question.KindMovesToGoal: (*generator).movesToGoal,
		question.KindBestMove:    (*generator).bestMove,
		question.KindLabyrinth:   (*generator).labyrinth,
	}
}

// makerOf returns the maker of kind k: the generator's own, or one around
// the kind's registered Generate (question.KindInfo); nil for a kind it
// cannot make.
func makerOf(k question.Kind) maker {
	if m := makers[k]; m != nil {
		return m
	}
	info := k.Info()
	if info == nil || info.Generate == nil {
		return nil
	}
	return func(g *generator, target int) *candidate {
		m, ok := info.Generate(g.rng, target)
		if !ok || !g.fresh(m.Key) {
			return nil
		}
		return &candidate{Generated: Generated{Question: m.Question, Key: m.Key, Measure: Measure{m.Score, m.Why}}}
	}
}

// candidate is a generated exercise before it is accepted, with its
// variety classes: a set keeps few exercises of any one class.
type candidate struct {
	Generated
	classes []string
}

// generator is the state of one Generate.
type generator struct {
	kind    question.Kind
	opts    Options
	rng     *rand.Rand
	seen    map[string]bool  // keys of the exercises taken
	classes map[string]int   // exercises taken per variety class
	pool    *pool            // the configuration the solver kinds draw from
	words   *catalog.Printer // the bank's words, in opts.Language
}

// fresh reports whether no exercise with key was taken yet; makers call it
// before any costly work.
func (g *generator) fresh(key string) bool { return !g.seen[key] }

// varied reports whether c keeps the set varied: no class (such as "the
// answer is yes") may hold more than half of the set; without a level
// asked for, no level more than a fifth; no pawn structure (of the solver
// kinds) more than 2 exercises, or 1 in 25 of a large set. In the second half of
// the attempts the rule is dropped, so that a level with little choice can
// still fill up.
func (g *generator) varied(c *candidate, attempts int) bool {
	if attempts > g.opts.Attempts/2 {
		return true
	}
	limit := max(2, (g.opts.Count+1)/2)
	for _, class := range c.classes {
		n := limit
		switch {
		case strings.HasPrefix(class, "level "):
			n = g.levelShare() // every level its fifth (its half from games)
		case strings.HasPrefix(class, "structure "):
			n = max(2, g.opts.Count/25) // a pawn structure, at most 2 in 50
		}
		if g.classes[class] >= n {
			return false
		}
	}
	return true
}

// levelShare is the most exercises of one level in a set of any level:
// a fifth, or a half of a set from games, which has levels 4 and 5 only.
func (g *generator) levelShare() int {
	levels := 5 - g.opts.minLevel() + 1
	return (g.opts.Count + levels - 1) / levels
}

// openLevel draws the level to aim at when any level will do: each level
// may fill its share of the set (levelShare), and the fewer it has so far
// the likelier it is drawn. In the second half of the attempts every level
// is as likely.
func (g *generator) openLevel(attempts int) int {
	limit := g.levelShare()
	var weights [5]int
	total := 0
	for i := range weights {
		switch {
		case i+1 < g.opts.minLevel():
			continue
		case attempts <= g.opts.Attempts/2:
			weights[i] = max(0, limit-g.classes["level "+strconv.Itoa(i+1)])
		default:
			weights[i] = 1
		}
		total += weights[i]
	}
	if total == 0 {
		lo := g.opts.minLevel()
		return lo + g.rng.IntN(5-lo+1)
	}
	n := g.rng.IntN(total)
	for i, w := range weights {
		if n < w {
			return i + 1
		}
		n -= w
	}
	return 5
}

// chance returns true with probability num/den.
func (g *generator) chance(num, den int) bool { return g.rng.IntN(den) < num }

// square returns a random square outside taken, or NoSquare when all are
// taken.
func (g *generator) square(taken rules.Bitboard) rules.Square {
	free := ^taken
	n := free.Count()
	if n == 0 {
		return rules.NoSquare
	}
	i := g.rng.IntN(n)
	for ; i > 0; i-- {
		free &= free - 1
	}
	return free.First()
}

// positionSpec says what kind of position randomPosition draws.
type positionSpec struct {
	minPawns, maxPawns int // pawns on the board
	minRank, maxRank   int // ranks of the pawns, counted from 0 (1 is rank 2)
	blackToMove        int // chance in 100 that Black is to move
}

// randomPosition draws a position that passes Plausible: pawns from
// distinct start files, each at most its rank-2 files aside with at most
// MaxPawnCaptures files aside in all, counters that add up, the game in
// play. It returns false when the draw failed.
func (g *generator) randomPosition(spec positionSpec) (rules.Position, bool) {
	n := spec.minPawns + g.rng.IntN(spec.maxPawns-spec.minPawns+1)
	p := rules.Position{King: rules.NoSquare, Knight: rules.NoSquare}
	// saved + taken = 6 - n with saved <= 2 and taken <= 3.
	lo, hi := max(0, rules.PawnCount-n-(rules.TakesToWin-1)), min(rules.SavesToWin-1, rules.PawnCount-n)
	if lo > hi {
		return p, false
	}
	p.Saved = uint8(lo + g.rng.IntN(hi-lo+1))
	p.Taken = uint8(rules.PawnCount - n - int(p.Saved))
	files := g.rng.Perm(6)
	budget := MaxPawnCaptures
	for _, f := range files[:n] {
		start := f + 1 // b to g
		r := spec.minRank + g.rng.IntN(spec.maxRank-spec.minRank+1)
		file := start
		if reach := min(r-1, budget); reach > 0 && g.chance(1, 4) {
			d := 1 + g.rng.IntN(reach)
			if g.chance(1, 2) {
				d = -d
			}
			if file+d >= 0 && file+d < 8 {
				file += d
				budget -= abs(d)
			}
		}
		s := rules.NewSquare(file, r)
		if p.Pawns.Has(s) {
			return p, false
		}
		p.Pawns |= s.Bit()
	}
	p.King = g.square(p.Pawns)
	p.Knight = g.square(p.Pawns | p.King.Bit())
	if g.rng.IntN(100) < spec.blackToMove {
		p.Side = rules.Black
	}
	if Plausible(p) != nil {
		return p, false
	}
	return p, true
}
