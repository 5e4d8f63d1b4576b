package question

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

func mustFEN(t *testing.T, fen string) rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func squares(t *testing.T, names ...string) rules.Bitboard {
	t.Helper()
	var b rules.Bitboard
	for _, n := range names {
		s, err := rules.ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		b |= s.Bit()
	}
	return b
}

func moves(t *testing.T, p rules.Position, texts ...string) []rules.Move {
	t.Helper()
	var out []rules.Move
	for _, text := range texts {
		m, err := rules.ParseMove(p, text)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
		p = p.Apply(m)
	}
	return out
}

// fakeSolver answers from a table of solutions by FEN and goal; a missing
// entry is over budget. The entry key+" winning" holds the winning moves.
type fakeSolver map[string]solver.Solution

func key(p rules.Position, g solver.Goal) string { return p.String() + " " + GoalString(g) }

func (f fakeSolver) Solve(p rules.Position, g solver.Goal) (solver.Solution, error) {
	if sol, ok := f[key(p, g)]; ok {
		return sol, nil
	}
	return solver.Solution{}, &solver.BudgetError{What: "states", Limit: 4e9, Needed: 5e9, Configs: 700_000, Counted: true, Time: 3 * time.Minute}
}

func (f fakeSolver) WinningMoves(p rules.Position, g solver.Goal) ([]rules.Move, error) {
	if _, err := f.Solve(p, g); err != nil {
		return nil, err
	}
	return f[key(p, g)+" winning"].Best, nil
}

// problems runs q.Check and returns its problems as "field: message",
// followed by " [said WORD]" and " [right WORD]" for an answer word.
func problems(q Question, s Solver) []string {
	_, probs := q.Check(s)
	var out []string
	for _, p := range probs {
		text := p.Field + ": " + p.Msg
		if p.Said != "" {
			text += " [said " + p.Said + "]"
		}
		if p.Right != "" {
			text += " [right " + p.Right + "]"
		}
		out = append(out, text)
	}
	return out
}

func TestEngineKinds(t *testing.T) {
	corner := mustFEN(t, "7K/8/8/8/3PP3/8/8/n7 w 1 3")
	check := mustFEN(t, "8/8/8/8/7P/1K6/8/n7 w 2 3")
	king := mustFEN(t, "8/8/8/4P1n1/4K3/8/8/8 w 2 3")
	lair := mustFEN(t, "8/8/5n2/4K3/8/8/P7/8 w 2 3")
	flight := mustFEN(t, "8/8/8/8/8/8/1PPPPPP1/4K3 b 0 0")
	tests := []struct {
		name string
		q    Question
		want []string
	}{
		{"knight right", &KnightMoves{Position: corner, Squares: squares(t, "b3", "c2")}, nil},
		{"knight missing", &KnightMoves{Position: corner, Squares: squares(t, "b3")},
			[]string{"answer: answer b3, but the knight can jump to b3, c2 (missing c2)"}},
		{"knight extra", &KnightMoves{Position: corner, Squares: squares(t, "b3", "c2", "c3")},
			[]string{"answer: answer b3, c2, c3, but the knight can jump to b3, c2 (not c3)"}},
		{"knight not onto the king", &KnightMoves{Position: check, Squares: squares(t, "c2")}, nil},
		{"knight in flight", &KnightMoves{Position: flight},
			[]string{"position: there is no knight on the board (its flight to f6 is pending)"}},
		{"king right", &KingMoves{Position: king, Squares: squares(t, "d3", "d4", "d5", "e3", "f4", "f5")}, nil},
		{"king into attack", &KingMoves{Position: king, Squares: squares(t, "d3", "d4", "d5", "e3", "f3", "f4", "f5")},
			[]string{"answer: answer d3, d4, d5, e3, f3, f4, f5, but the king may step to d3, d4, d5, e3, f4, f5 (not f3)"}},
		{"king and the lair", &KingMoves{Position: lair, Squares: squares(t, "d4", "d6", "e6", "f4", "f5", "f6")},
			[]string{"answer: answer d4, d6, e6, f4, f5, f6, but the king may step to d4, d6, e6, f4, f5 (not f6)"}},
		{"legal yes", &Legal{Position: rules.Start, Move: "e3", Answer: true}, nil},
		{"legal no", &Legal{Position: rules.Start, Move: "Ke2", Answer: false}, nil},
		{"legal wrong yes", &Legal{Position: rules.Start, Move: "N@f6", Answer: true},
			[]string{"answer: answer yes, but N@f6 is not legal here (legal: Kd1, Kf1, b3, c3, d3, e3, f3, g3) [said yes] [right no]"}},
		{"legal, a move of Black with White to move", &Legal{Position: rules.Start, Move: "Nd5", Answer: true},
			[]string{"answer: answer yes, but Nd5 is not legal here (legal: Kd1, Kf1, b3, c3, d3, e3, f3, g3); Nd5 is a move of Black, and White is to move here: for Black to move, write to_move: black (or b in a FEN) [said yes] [right no]"}},
		{"legal, a move of White with Black to move", &Legal{Position: flight, Move: "e3", Answer: true},
			[]string{"answer: answer yes, but e3 is not legal here (legal: N@f6) [said yes] [right no]"}},
		{"legal, Black to move would be invalid", &Legal{Position: check, Move: "Nb3", Answer: true},
			[]string{"answer: answer yes, but Nb3 is not legal here (legal: Ka2, Kb2, Ka3, Kc3, Ka4, Kb4, Kc4) [said yes] [right no]"}},
		{"legal wrong no", &Legal{Position: lair, Move: "e5d4", Answer: false}, []string{"answer: answer no, but e5d4 is legal here [said no] [right yes]"}},
		{"legal not a move", &Legal{Position: lair, Move: "Kz9"},
			[]string{`move: rules: move "Kz9": not a move: want SAN like "Kd2", "exf5", "N@f6" or coordinates like "e2e3"`}},
		{"count", &CountMoves{Position: rules.Start, Answer: 8}, nil},
		{"count flight", &CountMoves{Position: flight, Answer: 0}, []string{"answer: answer 0, but Black has 1 legal move (N@f6)"}},
		{"labyrinth", &Labyrinth{Board: Board{Knight: rules.NoSquare, King: rules.NoSquare}, Piece: rules.Knight, From: sq(t, "a1"), To: sq(t, "h8"), Answer: 6}, nil},
		{"labyrinth unique", &Labyrinth{Board: Board{Knight: rules.NoSquare, King: rules.NoSquare}, Piece: rules.Knight, From: sq(t, "b1"), To: sq(t, "c3"), Unique: true, Answer: 1}, nil},
		{"labyrinth avoid", &Labyrinth{Board: Board{Knight: rules.NoSquare, King: sq(t, "a1")}, Piece: rules.King, From: sq(t, "a1"), To: sq(t, "c3"),
			Avoid: squares(t, "b2"), Path: []rules.Square{sq(t, "b1"), sq(t, "c2"), sq(t, "c3")}, Answer: 2},
			[]string{"answer: answer 2, but the king needs 3 moves (a1-b1-c2-c3)"}},
		{"labyrinth guarded", &Labyrinth{Board: Board{Knight: sq(t, "a1"), King: sq(t, "e4")}, Piece: rules.Knight, From: sq(t, "a1"), To: sq(t, "h8"),
			Guarded: true, Answer: 5, Unique: true},
			[]string{"answer: answer 5, but the knight needs 6 moves (a1-c2-e1-g2-h4-g6-h8)",
				"unique: unique: true, but there are 17 shortest paths, such as a1-c2-e1-g2-h4-g6-h8 and a1-c2-b4-c6-e7-g6-h8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, problems(tt.q, nil)); diff != "" {
				t.Errorf("Check mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func sq(t *testing.T, name string) rules.Square {
	t.Helper()
	s, err := rules.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSolverKinds(t *testing.T) {
	p := mustFEN(t, "8/4P3/8/8/8/8/8/n6K w 2 3")
	game := solver.Goal{Kind: solver.Game}
	save1 := solver.Goal{Kind: solver.SaveMore, K: 1}
	e8 := moves(t, p, "e8")
	kg1 := moves(t, p, "Kg1")[0]
	afterKg1 := p.Apply(kg1)
	draw := mustFEN(t, "8/8/8/8/8/8/7P/n6K w 2 3")
	s := fakeSolver{
		key(p, game):              {Result: rules.WhiteWins, Moves: 1, Best: e8, Line: e8},
		key(p, game) + " winning": {Best: append(moves(t, p, "e8"), kg1)},
		key(afterKg1, game):       {Result: rules.WhiteWins, Moves: 1, Line: moves(t, afterKg1, "Nb3", "e8")},
		key(p, save1):             {Result: rules.WhiteWins, Moves: 1, Best: e8, Line: e8},
		key(draw, game):           {Result: rules.Draw, Moves: -1, Line: moves(t, draw, "Kg1", "Nb3")},
		key(draw, solver.Goal{Kind: solver.TakeMore, K: 1}): {Result: rules.Draw, Moves: -1},
	}
	white, black := rules.White, rules.Black
	tests := []struct {
		name string
		q    Question
		want []string
	}{
		{"outcome right", &Outcome{Position: p, Answer: rules.WhiteWins}, nil},
		{"outcome wrong", &Outcome{Position: p, Answer: rules.Draw}, []string{"answer: answer draw, but White wins in 1 move with best play (1. e8) [said draw] [right white]"}},
		{"outcome draw", &Outcome{Position: draw, Answer: rules.BlackWins}, []string{"answer: answer black, but it is a draw with best play (1. Kg1 Nb3) [said black] [right draw]"}},
		{"over budget", &Outcome{Position: rules.Start, Answer: rules.Draw},
			[]string{"position: this position is too big to prove within the budget of 4GB: it needs 5GB of tables (700,000 pawn configurations, about 3m0s to prove); allow it with --budget 6GB or budget: 6GB in course.yaml, or choose a position with fewer pawns or pawns further up"}},
		{"moves-to-win right", &MovesToWin{Position: p, Answer: 1}, nil},
		{"moves-to-win side right", &MovesToWin{Position: p, Side: &white, Answer: 1}, nil},
		{"moves-to-win loser right", &MovesToWin{Position: p, Side: &black, Answer: Never}, nil},
		{"moves-to-win off by one", &MovesToWin{Position: p, Answer: 2}, []string{"answer: answer 2, but White needs 1 move (1. e8)"}},
		{"moves-to-win never", &MovesToWin{Position: p, Answer: Never}, []string{"answer: answer never, but White wins in 1 move (1. e8) [said never]"}},
		{"moves-to-win loser", &MovesToWin{Position: p, Side: &black, Answer: 3}, []string{"answer: answer 3, but Black cannot win, so the answer is never: White wins in 1 move (1. e8) [right never]"}},
		{"moves-to-win draw", &MovesToWin{Position: draw, Answer: 3}, []string{"answer: answer 3, but nobody can force a win, so the answer is never: it is a draw (1. Kg1 Nb3) [right never]"}},
		{"moves-to-win draw side", &MovesToWin{Position: draw, Side: &white, Answer: 3}, []string{"answer: answer 3, but White cannot force a win, so the answer is never: it is a draw (1. Kg1 Nb3) [right never]"}},
		{"moves-to-goal right", &MovesToGoal{Position: p, Goal: save1, Answer: 1}, nil},
		{"moves-to-goal wrong", &MovesToGoal{Position: p, Goal: save1, Answer: 2}, []string{"answer: answer 2, but White needs 1 move to save 1 more pawn (1. e8)"}},
		{"moves-to-goal never", &MovesToGoal{Position: draw, Goal: solver.Goal{Kind: solver.TakeMore, K: 1}, Answer: 2},
			[]string{"answer: answer 2, but Black cannot catch 1 pawn against the best defence, so the answer is never [right never]"}},
		{"moves-to-goal too many", &MovesToGoal{Position: p, Goal: solver.Goal{Kind: solver.SaveMore, K: 2}, Answer: 2},
			[]string{"goal: goal save:2, but White wins as soon as 1 more pawn is saved; ask for at most save:1"}},
		{"best right", &BestMove{Position: p, Moves: e8}, nil},
		{"best extra", &BestMove{Position: p, Moves: []rules.Move{e8[0], kg1}},
			[]string{"answer: answer e8, Kg1, but the best move is e8 (Kg1 is not a best move: with Kg1, White needs 2 moves, not 1)"}},
		{"best wrong", &BestMove{Position: p, Moves: []rules.Move{kg1}},
			[]string{"answer: answer Kg1, but the best move is e8 (missing e8; Kg1 is not a best move: with Kg1, White needs 2 moves, not 1)"}},
		{"winning right", &BestMove{Position: p, Winning: true, Moves: []rules.Move{e8[0], kg1}}, nil},
		{"winning cook", &BestMove{Position: p, Winning: true, Moves: e8},
			[]string{"answer: answer e8, but the winning moves are e8, Kg1 (missing Kg1, which also wins: a second solution (a cook), which the answer must list too)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, problems(tt.q, s)); diff != "" {
				t.Errorf("Check mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestProofWinner checks that the kinds that prove the whole game say who
// wins in their Proof (generate's explanations read it): Decided and
// Winner for a won position, Decided false for a draw.
func TestProofWinner(t *testing.T) {
	won := mustFEN(t, "8/4P3/8/8/8/8/8/n6K w 2 3")
	draw := mustFEN(t, "8/8/8/8/8/8/7P/n6K w 2 3")
	game := solver.Goal{Kind: solver.Game}
	s := fakeSolver{
		key(won, game):  {Result: rules.WhiteWins, Moves: 1, Line: moves(t, won, "e8")},
		key(draw, game): {Result: rules.Draw, Moves: -1, Line: moves(t, draw, "Kg1", "Nb3")},
	}
	tests := []struct {
		name    string
		q       Question
		decided bool
		winner  rules.Color
	}{
		{"outcome won", &Outcome{Position: won, Answer: rules.WhiteWins}, true, rules.White},
		{"outcome won, wrong answer", &Outcome{Position: won, Answer: rules.Draw}, true, rules.White},
		{"outcome draw", &Outcome{Position: draw, Answer: rules.Draw}, false, rules.White},
		{"moves-to-win won", &MovesToWin{Position: won, Answer: 1}, true, rules.White},
		{"moves-to-win draw", &MovesToWin{Position: draw, Answer: Never}, false, rules.White},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proof, _ := tt.q.Check(s)
			if proof.Decided != tt.decided || tt.decided && proof.Winner != tt.winner {
				t.Errorf("Check(%s).Proof: Decided %v, Winner %v; want Decided %v, Winner %v",
					tt.name, proof.Decided, proof.Winner, tt.decided, tt.winner)
			}
		})
	}
}

func TestShortLine(t *testing.T) {
	long := moves(t, rules.Start, "e3", "Nd5", "Kd1", "Nf6", "Ke1", "Nd5", "Kd1")
	if got, want := shortLine(rules.Start, long), " (1. e3 Nd5 2. Kd1 Nf6 3. Ke1 Nd5 4. ...)"; got != want {
		t.Errorf("shortLine = %q, want %q", got, want)
	}
}

// goalTests are goals as lesson files write them, good and bad; FuzzParseGoal
// starts from them.
var goalTests = []struct {
	text string
	want solver.Goal
	ok   bool
}{
	{"save:1", solver.Goal{Kind: solver.SaveMore, K: 1}, true},
	{"take:4", solver.Goal{Kind: solver.TakeMore, K: 4}, true},
	{"catch:2", solver.Goal{Kind: solver.TakeMore, K: 2}, true},
	{"catch:5", solver.Goal{}, false},
	{"take:5", solver.Goal{}, false},
	{"save:0", solver.Goal{}, false},
	{"save", solver.Goal{}, false},
	{"win:1", solver.Goal{}, false},
	{"save:01", solver.Goal{}, false},
}

func TestParseGoal(t *testing.T) {
	for _, tt := range goalTests {
		got, err := ParseGoal(tt.text)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseGoal(%q) = %v, %v, want %v, ok %v", tt.text, got, err, tt.want, tt.ok)
		}
		if tt.ok && GoalString(got) != tt.text && GoalText(got) != tt.text {
			t.Errorf("GoalString(%v) = %q and goalText = %q, want %q", got, GoalString(got), GoalText(got), tt.text)
		}
	}
}

func TestWording(t *testing.T) {
	p := mustFEN(t, "8/4P3/8/8/8/8/8/n6K w 2 3")
	white := rules.White
	en, es, ru, de, nl := style.English, style.Spanish, style.Russian, style.German, style.Dutch
	tests := []struct {
		q     Question
		lang  style.Language
		theme style.Theme
		want  string
	}{
		{&KnightMoves{Position: p}, en, style.Classic, "Which squares can the knight jump to?"},
		{&KnightMoves{Position: p}, en, style.Alien, "Which squares can the alien jump to?"},
		{&KingMoves{Position: p}, en, style.Farm, "Which squares can the shepherd step to?"},
		{&MovesToWin{Position: p, Side: &white}, en, style.Alien, "The crew to move. How many moves does the crew need to win? (If it cannot win, write \"never\".)"},
		{&MovesToGoal{Position: p, Goal: solver.Goal{Kind: solver.SaveMore, K: 1}}, en, style.Farm, "The farm to move. How many moves does the farm need to bring 1 more sheep home? (If it cannot, write \"never\".)"},
		{&MovesToGoal{Position: p, Goal: solver.Goal{Kind: solver.TakeMore, K: 2}}, en, style.Alien, "The crew to move. How many moves does the alien need to catch 2 crew members? (If it cannot, write \"never\".)"},
		{&BestMove{Position: p}, en, style.Classic, "White to move. Find the best move for White."},
		{&Outcome{Position: p}, en, style.Alien, "The crew to move. Who wins if both sides play their best: the crew, the alien, or nobody (a draw)?"},
		{&Labyrinth{Piece: rules.Knight, From: sq(t, "b1"), To: sq(t, "f6"), Guarded: true}, en, style.Classic, "The knight wants to go from b1 to f6. It must not land on a guarded square or on another piece. How many jumps does it need?"},
		{&CountMoves{Position: p}, en, style.Classic, "How many moves can the king and the pawns make?"},
		{&CountMoves{Position: p}, ru, style.Classic, "Сколько всего разных ходов у короля и пешек?"},
		{&CountMoves{Position: p}, es, style.Farm, "¿Cuántas jugadas distintas tienen en total el pastor y sus ovejas?"},
		{&Outcome{Position: p}, es, style.Alien, "Turno de la tripulación. ¿Quién gana si los dos bandos juegan lo mejor posible: la tripulación, el alien o nadie (tablas)?"},
		{&MovesToGoal{Position: p, Goal: solver.Goal{Kind: solver.SaveMore, K: 1}}, ru, style.Farm, "Ход стада. Сколько ходов нужно стаду, чтобы вернуть домой ещё 1 овцу? (Если это невозможно, напиши «никогда».)"},
		{&MovesToGoal{Position: p, Goal: solver.Goal{Kind: solver.TakeMore, K: 2}}, ru, style.Alien, "Ход экипажа. Сколько ходов нужно чужому, чтобы поймать 2 члена экипажа? (Если это невозможно, напиши «никогда».)"},
		{&KingMoves{Position: p}, ru, style.Farm, "На какие поля может пойти пастух?"},
		{&MovesToGoal{Position: p, Goal: solver.Goal{Kind: solver.SaveMore, K: 1}}, de, style.Classic, "Weiß ist am Zug. Wie viele Züge braucht Weiß, um noch 1 Bauern zu retten? (Wenn das nicht geht, schreibe „nie“.)"},
		{&MovesToGoal{Position: p, Goal: solver.Goal{Kind: solver.TakeMore, K: 2}}, de, style.Alien, "Die Crew ist am Zug. Wie viele Züge braucht das Alien, um 2 Crewmitglieder zu fangen? (Wenn das nicht geht, schreibe „nie“.)"},
		{&BestMove{Position: p}, de, style.Farm, "Die Herde ist am Zug. Finde den besten Zug für die Herde."},
		{&CountMoves{Position: p}, de, style.Alien, "Wie viele Züge können Ripley und die Crewmitglieder zusammen machen?"},
		{&MovesToGoal{Position: p, Goal: solver.Goal{Kind: solver.SaveMore, K: 1}}, nl, style.Farm, "De kudde is aan zet. Hoeveel zetten heeft de kudde nodig om nog 1 schaap naar huis te brengen? (Als dat niet kan, schrijf dan “nooit”.)"},
		{&BestMove{Position: p}, nl, style.Classic, "Wit is aan zet. Vind de beste zet voor Wit."},
	}
	for _, tt := range tests {
		if got := tt.q.Wording(catalog.New(tt.lang, tt.theme)); got != tt.want {
			t.Errorf("%T.Wording(%v, %v) = %q, want %q", tt.q, tt.lang, tt.theme, got, tt.want)
		}
	}
	keys := []struct {
		q    Question
		lang style.Language
		want string
	}{
		{&Outcome{Answer: rules.BlackWins}, en, "The wolf wins"},
		{&Outcome{Answer: rules.BlackWins}, ru, "Победа волка"},
		{&MovesToWin{Answer: 21}, ru, "21 ход"},
		{&MovesToWin{Answer: 3}, ru, "3 хода"},
		{&MovesToWin{Answer: 5}, ru, "5 ходов"},
		{&MovesToWin{Answer: Never}, es, "nunca"},
		{&MovesToWin{Answer: 1}, es, "1 jugada"},
		{&Outcome{Answer: rules.BlackWins}, de, "Der Wolf gewinnt"},
		{&MovesToWin{Answer: 1}, de, "1 Zug"},
		{&MovesToWin{Answer: 4}, de, "4 Züge"},
		{&Outcome{Answer: rules.BlackWins}, nl, "De wolf wint"},
		{&MovesToWin{Answer: 1}, nl, "1 zet"},
		// A labyrinth answers in the word its question asks with.
		{&Labyrinth{Piece: rules.King, From: sq(t, "e1"), Path: []rules.Square{sq(t, "e2"), sq(t, "e3")}, Answer: 2}, en, "2 steps: e1-e2-e3"},
		{&Labyrinth{Piece: rules.Knight, From: sq(t, "b1"), Path: []rules.Square{sq(t, "c3")}, Answer: 1}, en, "1 jump: b1-c3"},
		{&Labyrinth{Piece: rules.King, From: sq(t, "e1"), Path: []rules.Square{sq(t, "e2"), sq(t, "e3"), sq(t, "e4"), sq(t, "e5"), sq(t, "e6")}, Answer: 5}, ru, "5 шагов: e1-e2-e3-e4-e5-e6"},
		{&Labyrinth{Piece: rules.Knight, From: sq(t, "b1"), Path: []rules.Square{sq(t, "c3"), sq(t, "e4")}, Answer: 2}, es, "2 saltos: b1-c3-e4"},
		{&Labyrinth{Piece: rules.Knight, From: sq(t, "b1"), Path: []rules.Square{sq(t, "c3"), sq(t, "e4")}, Answer: 2}, de, "2 Sprünge: b1-c3-e4"},
		{&Labyrinth{Piece: rules.King, From: sq(t, "e1"), Path: []rules.Square{sq(t, "e2")}, Answer: 1}, nl, "1 stap: e1-e2"},
	}
	for _, tt := range keys {
		if got := tt.q.Key(catalog.New(tt.lang, style.Farm)); got != tt.want {
			t.Errorf("%T.Key(%v, farm) = %q, want %q", tt.q, tt.lang, got, tt.want)
		}
	}
}

// TestBestMoveAlso checks what a best move's proof lists apart from the
// best moves: the slower winning moves when the side to move wins, and
// nothing in a draw, where every move that keeps it is best and none is
// the fastest (the key said "Fastest: b3, c3, d3, f3, g3.  Moves that also
// keep the draw: none.").
func TestBestMoveAlso(t *testing.T) {
	s := solver.New(solver.Options{Budget: 1e9})
	won := mustFEN(t, "8/3P4/8/8/8/8/8/n6K w 2 3")
	draw := mustFEN(t, "8/8/8/8/8/8/7P/n6K w 2 3")
	tests := []struct {
		name             string
		q                *BestMove
		best, also, what string
	}{
		{"won", &BestMove{Position: won, Moves: alternatives(t, won, "d8")}, "[d8]", "[Kg1 Kg2 Kh2]", "also win, slower"},
		{"draw", &BestMove{Position: draw, Moves: alternatives(t, draw, "Kg1", "Kg2", "h3")}, "[Kg1 Kg2 h3]", "[]", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			proof, probs := tt.q.Check(s)
			if probs != nil {
				t.Fatalf("Check: %v", probs)
			}
			if fmt.Sprint(proof.Best) != tt.best || fmt.Sprint(proof.AlsoWin) != tt.also || proof.Also != tt.what {
				t.Errorf("Check(%s).Proof: Best %v, AlsoWin %v, Also %q; want %s, %s, %q", tt.q.Position, proof.Best, proof.AlsoWin, proof.Also, tt.best, tt.also, tt.what)
			}
		})
	}
}

// alternatives parses moves, each a move of p.
func alternatives(t *testing.T, p rules.Position, sans ...string) []rules.Move {
	t.Helper()
	var out []rules.Move
	for _, san := range sans {
		m, err := rules.ParseMove(p, san)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}
