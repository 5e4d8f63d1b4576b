package course

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// Exercise is one exercise of a lesson or a bank, with everything a page or
// a worksheet shows of it.
type Exercise struct {
	Pos       yamlpos.Pos // where the exercise starts in its file
	ID        string      // the author's id, or ""
	Number    int         // its place in its lesson (or bank), from 1
	Kind      question.Kind
	Question  question.Question // the question with the author's answer, typed
	Position  rules.Position    // what the diagram shows
	BoardOnly bool              // Position is pieces only (a labyrinth's board): no side to move, no counters; absent pieces are on rules.NoSquare
	Text      string            // the author's question, or the theme's default wording
	Hint      string
	Explain   string     // Markdown for the answer key
	Diagrams  []*Diagram // the board blocks of Explain, in order
	Answer    string     // the answer as the key shows it
	Space     question.Space
	Level     int // the lesson's level (or the bank's)
	Marks     []rules.Square
	MarkKinds []MarkKind // how each of Marks is marked
	Arrows    []Arrow
	Line      string         // the principal line in SAN, set by Verify for the solver kinds
	NoGroup   bool           // group: false: never share a diagram with the exercise before
	Concept   string         // what the exercise practises, a kebab-case name such as "fork-distance"; "" when not said
	SiteOnly  bool           // site_only: true: on the lesson's page, not on its worksheet
	Proof     question.Proof // what Verify learned: the line, the winner, the fastest and the slower moves

	boards      int                    // the board blocks of Explain
	explainSize textSize               // what Explain renders to
	label       string                 // `exercise "flee-2" (moves-to-win)`, for messages
	fields      map[string]yamlpos.Pos // where each key's value is
	written     map[string]string      // an answer word as the author wrote it, by key, where it is not the English word ("Remis")
	lang        style.Language         // the course's language, for messages
	theme       style.Theme            // the course's theme, for messages
	// sideUnsaid: the position is a piece list without to_move, so White
	// is to move by default, which a wrong answer's message recalls.
	sideUnsaid bool
}

// at returns the position of the value of key, or of the exercise.
func (e *Exercise) at(key string) yamlpos.Pos {
	if p, ok := e.fields[key]; ok {
		return p
	}
	return e.Pos
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// conceptPattern is the form of a concept's name: lower-case words of
// letters and digits joined by single hyphens, such as fork-distance.
var conceptPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ValidConcept reports whether name can name a concept: lower-case letters
// and digits in words joined by -, such as fork-distance.
func ValidConcept(name string) bool { return conceptPattern.MatchString(name) }

// exercise decodes the exercise n, the number-th of its list in f. It
// returns nil when the exercise is too broken to keep.
func (l *loader) exercise(f *file, n *yaml.Node, number, level int) *Exercise {
	e := &Exercise{Pos: f.Pos(n), Number: number, Level: level, label: fmt.Sprintf("exercise %d", number), fields: map[string]yamlpos.Pos{},
		written: map[string]string{}, lang: f.lang, theme: f.theme}
	if l.exercises++; l.exercises > MaxExercises {
		if l.exercises == MaxExercises+1 {
			f.Errorf(n, "%s: the course has more than %d exercises, the limit", e.label, MaxExercises)
		}
		return nil
	}
	// Name the exercise first, so that every message says which it is.
	ef := *f
	idNode, kindNode := yamlpos.Lookup(n, "id"), yamlpos.Lookup(n, "kind")
	if idNode != nil && idNode.Kind == yaml.ScalarNode && idPattern.MatchString(idNode.Value) {
		e.ID, e.label = idNode.Value, "exercise "+yamlpos.Quote(idNode.Value)
	}
	if kindNode != nil && kindNode.Kind == yaml.ScalarNode {
		if k, err := question.ParseKind(kindNode.Value); err == nil {
			e.Kind = k
			e.label += " (" + k.String() + ")"
		}
	}
	ef.Prefix = e.label + ": "
	m := ef.Mapping(n, "", exerciseNames())
	if m == nil {
		return nil
	}
	for k, v := range m.Values {
		e.fields[k] = f.Pos(v)
	}
	if v := m.Get("id"); v != nil && e.ID == "" {
		if s, ok := ef.Scalar(v, "id", "a short name"); ok {
			ef.Errorf(v, "id %s: want letters, digits, - and _ (at most 64), like flee-2", yamlpos.Quote(s))
		}
	}
	// An id is taken even by an exercise broken below, so that a second
	// use is reported at once, not after the first is mended.
	if e.ID != "" {
		if first, dup := l.ids[e.ID]; dup {
			ef.Errorf(m.Get("id"), "id %q is used twice (first at %s)", e.ID, first)
		} else {
			l.ids[e.ID] = f.Pos(m.Get("id"))
		}
	}
	if kindNode == nil {
		ef.Errorf(n, "missing key \"kind\" (one of %s)", question.KindNames())
		return nil
	}
	if e.Kind == 0 {
		if name, ok := ef.Scalar(kindNode, "kind", "a kind like knight-moves"); ok {
			hint := yamlpos.Suggest(name, strings.Split(question.KindNames(), ", "))
			if hint == "" {
				hint = " (want one of " + question.KindNames() + ")"
			}
			ef.Errorf(kindNode, "unknown kind %s%s", yamlpos.Quote(name), hint)
		}
		return nil
	}
	for k, key := range m.Keys {
		if !slices.Contains(commonNames, k) && !slices.Contains(kindKeys(e.Kind), k) {
			ef.Errorf(key, "key %s is not used by kind %s", yamlpos.Quote(k), e.Kind)
		}
	}
	d := exerciseDecoder{file: &ef, l: l, m: m, e: e, node: n}
	good := d.question()
	if v := m.Get("question"); v != nil {
		e.Text, _ = ef.prose(v, "question", MaxText)
	}
	if v := m.Get("group"); v != nil {
		group, _ := ef.Boolean(v, "group")
		e.NoGroup = !group
	}
	if v := m.Get("hint"); v != nil {
		e.Hint, _ = ef.prose(v, "hint", MaxText)
	}
	if v := m.Get("concept"); v != nil {
		e.Concept = ef.concept(v)
	}
	if v := m.Get("site_only"); v != nil {
		e.SiteOnly, _ = ef.Boolean(v, "site_only")
	}
	if v := m.Get("explain"); v != nil {
		if s, ok := ef.prose(v, "explain", MaxMarkdown); ok {
			e.Explain = s
			e.Diagrams = ef.diagrams(v, "explain", l.c.Start)
			e.boards = len(e.Diagrams)
			ef.links(v, "explain")
			e.explainSize = ef.size(v, "explain")
		}
	}
	if v := m.Get("marks"); v != nil {
		e.Marks, e.MarkKinds, _ = ef.marks(v, "marks")
	}
	if v := m.Get("arrows"); v != nil {
		e.Arrows, _ = ef.arrows(v, "arrows")
	}
	if !good {
		return nil
	}
	say := catalog.New(l.c.Language, l.c.Theme)
	if q, ok := e.Question.(*question.BestMove); ok && e.Text != "" {
		ef.markedWords(q, m.Get("question"), m, &l.c.Warnings)
	}
	if e.Text == "" {
		e.Text = e.Question.Wording(say)
	}
	e.Answer = e.Question.Key(say)
	e.Space = e.Question.Space(say)
	return e
}

// concept reads an exercise's concept: a kebab-case name.
func (f *file) concept(n *yaml.Node) string {
	s, ok := f.Text(n, "concept", MaxConcept)
	if !ok {
		return ""
	}
	if !conceptPattern.MatchString(s) {
		f.Errorf(n, "concept %s: want lower-case letters and digits in words joined by -, like fork-distance", yamlpos.Quote(s))
		return ""
	}
	return s
}

// exerciseDecoder decodes the kind-specific part of one exercise.
type exerciseDecoder struct {
	*file
	l    *loader
	m    *yamlpos.Fields
	e    *Exercise
	node *yaml.Node
}

// need returns the value of a key the kind requires, reporting its absence.
func (d *exerciseDecoder) need(key string) *yaml.Node {
	v := d.m.Get(key)
	if v == nil {
		d.Errorf(d.node, "missing key %q", key)
	}
	return v
}

// question decodes the kind's keys into e.Question, with the kind's
// registered Decode; it reports whether they were all good.
func (d *exerciseDecoder) question() bool {
	q, ok := d.e.Kind.Info().Decode(kindInput{d})
	d.e.Question = q
	return ok
}

// exerciseWord is answerWord for the exercise's key what, which it
// remembers as the author wrote it, for the messages of Verify.
func (d *exerciseDecoder) exerciseWord(n *yaml.Node, what string, choices ...string) (string, bool) {
	c, ok := d.answerWord(n, what, choices...)
	if ok {
		d.e.wrote(what, n.Value, c)
	}
	return c, ok
}

// wrote records that the author wrote word for the English answer word
// english at key, where they differ.
func (e *Exercise) wrote(key, word, english string) {
	if word != english {
		e.written[key] = word
	}
}

// problemText returns p's message as check prints it: where the author
// wrote the answer word in other words than the English one p quotes, it
// quotes the author's ("answer \"Remis\", but ..."), and in a course of
// another language it names the right answer word in the language's
// words first, as a refusal does ("the answer is weiß (or white)"). A
// wrong answer of a game question on a piece list without to_move recalls
// that White is to move there.
func (e *Exercise) problemText(p question.Problem) string {
	msg := e.problemWords(p)
	if e.sideUnsaid && p.Field == "answer" && e.Kind.NeedsSolver() && e.Kind != question.KindBestMove {
		msg += "; White is to move here, as in any position without to_move (to_move: black gives Black the move)"
	}
	return msg
}

// problemWords is problemText but for the side to move.
func (e *Exercise) problemWords(p question.Problem) string {
	msg := p.Msg
	if rest, ok := strings.CutPrefix(msg, "answer "+p.Said); ok && p.Said != "" && e.written[p.Field] != "" {
		msg = "answer " + yamlpos.Quote(e.written[p.Field]) + rest
	}
	if p.Right == "" || e.lang == style.English {
		return msg
	}
	right := "the answer is " + answerWant(e.lang, e.theme, []string{p.Right})
	if before, after, ok := strings.Cut(msg, "the answer is "+p.Right); ok {
		return before + right + after
	}
	return msg + "; " + right
}

// optSquares reads a list of squares where v may be missing (then the
// problem was reported).
func (d *exerciseDecoder) optSquares(v *yaml.Node, what string) (rules.Bitboard, []rules.Square, bool) {
	if v == nil {
		return 0, nil, false
	}
	return d.squares(v, what)
}

// moves reads the answer of moves-to-win and moves-to-goal: a number of
// moves or "never".
func (d *exerciseDecoder) moves(v *yaml.Node) (int, bool) {
	if v == nil {
		return 0, false
	}
	if v.Kind == yaml.ScalarNode && v.ShortTag() == "!!str" {
		if c, ok := d.answerChoice(v.Value, []string{"never"}); ok {
			d.e.wrote("answer", v.Value, c)
			return question.Never, true
		}
	}
	if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!int" {
		if v.Kind != yaml.AliasNode {
			d.Errorf(v, "answer: want a whole number of moves or %s, got %s", d.answerWant([]string{"never"}), yamlpos.Describe(v))
		}
		return 0, false
	}
	return d.Integer(v, "answer", 0, 999)
}

// goal reads a sub-goal such as save:1.
func (d *exerciseDecoder) goal(v *yaml.Node) (solver.Goal, bool) {
	if v == nil {
		return solver.Goal{}, false
	}
	s, ok := d.Scalar(v, "goal", "save:K or catch:K")
	if !ok {
		return solver.Goal{}, false
	}
	g, err := question.ParseGoal(s)
	if err != nil {
		d.Errorf(v, "%v", err)
		return solver.Goal{}, false
	}
	return g, true
}

// moveList reads the answer of best-move: distinct legal moves of p.
func (d *exerciseDecoder) moveList(v *yaml.Node, p rules.Position) ([]rules.Move, bool) {
	items, ok := d.list(v, "answer", "moves")
	if !ok {
		return nil, false
	}
	if len(items) == 0 {
		d.Errorf(v, "answer: list at least one move")
		return nil, false
	}
	var out []rules.Move
	for _, item := range items {
		s, good := d.Scalar(item, "answer", "a move like Kd3")
		if !good {
			ok = false
			continue
		}
		mv, err := rules.ParseMove(p, catalog.EnglishSAN(s)) // the letters of any language
		switch {
		case err != nil:
			d.Errorf(item, "answer: %s%s", moveError(err, s), question.OtherSide(p, catalog.EnglishSAN(s)))
			ok = false
		case slices.Contains(out, mv):
			d.Errorf(item, "answer: move %s is listed twice", p.SAN(mv))
			ok = false
		default:
			out = append(out, mv)
		}
	}
	return out, ok
}

// longMove matches a move written from square to square with a sign
// between them, as some chess books do: e2-e4, Ng1-f3, e5xf6.
var longMove = regexp.MustCompile(`^[A-Za-z]?([a-h][1-8])[-x:]([a-h][1-8])$`)

// moveError returns the message of err, the error of reading the move s,
// and for a move written from square to square with a sign between them
// (e7-e8), the coordinates to write instead (e7e8).
func moveError(err error, s string) string {
	msg := strings.TrimPrefix(err.Error(), "rules: ")
	if m := longMove.FindStringSubmatch(s); m != nil && errors.Is(err, rules.ErrBadMove) {
		msg += fmt.Sprintf("; for the move from %s to %s write %s%s", m[1], m[2], m[1], m[2])
	}
	return msg
}

// hasKey reports whether the mapping n has the key.
func hasKey(n *yaml.Node, key string) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return true
		}
	}
	return false
}
