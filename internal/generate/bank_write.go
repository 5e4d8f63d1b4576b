package generate

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// BankHeader says what a generated bank holds and how it was made.
type BankHeader struct {
	Title   string
	Concept string   // what the exercises practise, or "" for none
	By      string   // the program, such as "nostromo-lessons generate"
	Seed    uint64   // the seed of its random source
	Args    []string // the arguments that made it, the seed among them
	Level   int      // the level of every exercise, or 0 when they differ
	// Language is the language of the title, questions and explanations,
	// written into the generated section unless it is English (a bank
	// without it is English, as banks of earlier versions are).
	Language style.Language
	// Note, if not "", is a paragraph more in the comment at the top, such
	// as what checking the bank needs.
	Note string
}

// LevelComment is how WriteBank writes an exercise's level and measure, as
// a comment on the line above it: "level 3, measure 7: 5 moves, 1 tempting
// wrong move". The bank format has no key for them; package lessons'
// LoadBank reads the level back.
const LevelComment = "level %d, measure %d: %s"

// WriteBank writes a bank of generated exercises in the lessons' exercise
// format (see lessons.Bank): a comment with the command that makes it again,
// the title, the concept (when there is one), the generated section (by, seed, args, level) and the
// exercises, each under a comment with its level and measure. The output
// depends only on its input: the same exercises give the same bytes.
func WriteBank(w io.Writer, h BankHeader, list []Generated) error {
	if h.Seed > math.MaxInt64 {
		return fmt.Errorf("generate: write bank: seed %d: a bank holds seeds up to %d", h.Seed, int64(math.MaxInt64))
	}
	gen := mapping(false,
		"by", scalar(h.By),
		"seed", number(int(h.Seed)),
		"args", flowList(h.Args...))
	if h.Level > 0 {
		gen.Content = append(gen.Content, scalar("level"), number(h.Level))
	}
	if h.Language != style.English {
		gen.Content = append(gen.Content, scalar("language"), scalar(h.Language.String()))
	}
	items := &yaml.Node{Kind: yaml.SequenceNode}
	for _, e := range list {
		n, err := exerciseNode(e)
		if err != nil {
			return err
		}
		n.HeadComment = fmt.Sprintf(LevelComment, e.Level, e.Measure.Score, e.Measure.Text)
		items.Content = append(items.Content, n)
	}
	root := mapping(false, "title", scalar(h.Title))
	if h.Concept != "" {
		root.Content = append(root.Content, scalar("concept"), scalar(h.Concept))
	}
	root.Content = append(root.Content, scalar("generated"), gen, scalar("exercises"), items)
	root.HeadComment = fmt.Sprintf("%s, every answer proven. Made by:\n  %s\nThe same command makes the same file. The comment above each exercise\ngives its level (1-5) and its measure.",
		question.Plural(len(list), "exercise"), commandLine(h.By, h.Args))
	if h.Note != "" {
		root.HeadComment += "\n" + h.Note
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}}); err != nil {
		return fmt.Errorf("generate: write bank: %w", err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("generate: write bank: %w", err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// commandLine writes a command and its arguments as a shell would read
// them, quoting an argument only when it needs it.
func commandLine(by string, args []string) string {
	parts := []string{by}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`*?[]{}()<>|&;#~!") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// exerciseNode returns the YAML of one exercise, its keys in the order a
// hand-written bank uses.
func exerciseNode(e Generated) (*yaml.Node, error) {
	n := mapping(false, "id", scalar(e.ID), "kind", scalar(e.Question.Kind().String()))
	add := func(key string, v *yaml.Node) { n.Content = append(n.Content, scalar(key), v) }
	info := e.Question.Kind().Info()
	if info == nil {
		return nil, fmt.Errorf("generate: write bank: no YAML for kind %s", e.Question.Kind())
	}
	info.Encode(e.Question, yamlOutput(add))
	if e.Text != "" {
		add("question", scalar(e.Text))
	}
	if e.Explain != "" {
		add("explain", scalar(e.Explain))
	}
	return n, nil
}

// yamlOutput is the question.Output a kind's Encode writes a generated
// exercise's keys to: add appends a key and its YAML value.
type yamlOutput func(key string, v *yaml.Node)

func (add yamlOutput) Position(key string, p rules.Position) { add(key, positionNode(p)) }

func (add yamlOutput) Pieces(key string, b question.Board) {
	add(key, piecesNode(b.King, b.Pawns, b.Knight))
}

func (add yamlOutput) Word(key, word string) { add(key, scalar(word)) }

func (add yamlOutput) Number(key string, n int) { add(key, number(n)) }

func (add yamlOutput) Moves(key string, n int) { add(key, movesNode(n)) }

func (add yamlOutput) Squares(key string, b rules.Bitboard) { add(key, squaresNode(b)) }

func (add yamlOutput) Boolean(key string, b bool) {
	add(key, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(b)})
}

func (add yamlOutput) List(key string, words ...string) { add(key, flowList(words...)) }

// positionNode writes a position as a piece list, as hand-written lessons
// do: {king: e4, pawns: [d4, e5], knight: f5, to_move: black, saved: 1,
// taken: 3}. Saved and taken are always written.
func positionNode(p rules.Position) *yaml.Node {
	n := piecesNode(p.King, p.Pawns, p.Knight)
	if p.Side == rules.Black {
		n.Content = append(n.Content, scalar("to_move"), scalar("black"))
	}
	n.Content = append(n.Content, scalar("saved"), number(int(p.Saved)), scalar("taken"), number(int(p.Taken)))
	return n
}

// piecesNode writes the pieces present as a flow mapping.
func piecesNode(king rules.Square, pawns rules.Bitboard, knight rules.Square) *yaml.Node {
	n := mapping(true)
	if king.Valid() {
		n.Content = append(n.Content, scalar("king"), scalar(king.String()))
	}
	if pawns != 0 {
		n.Content = append(n.Content, scalar("pawns"), squaresNode(pawns))
	}
	if knight.Valid() {
		n.Content = append(n.Content, scalar("knight"), scalar(knight.String()))
	}
	return n
}

// squaresNode writes squares in the order a teacher reads them.
func squaresNode(b rules.Bitboard) *yaml.Node {
	var names []string
	for _, s := range question.SortedSquares(b) {
		names = append(names, s.String())
	}
	return flowList(names...)
}

// movesNode writes a number of moves, or never.
func movesNode(n int) *yaml.Node {
	if n == question.Never {
		return scalar("never")
	}
	return number(n)
}

func scalar(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

func number(n int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(n)}
}

func flowList(items ...string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, s := range items {
		n.Content = append(n.Content, scalar(s))
	}
	return n
}

// mapping returns a mapping of alternating keys (strings) and values.
func mapping(flow bool, kv ...any) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode}
	if flow {
		n.Style = yaml.FlowStyle
	}
	for i := 0; i+1 < len(kv); i += 2 {
		n.Content = append(n.Content, scalar(kv[i].(string)), kv[i+1].(*yaml.Node))
	}
	return n
}

// DefaultTitle returns the title of a bank generated with opts, in
// opts.Language: "Labyrinths for $knight, level 3".
func DefaultTitle(k question.Kind, opts Options) string {
	w := catalog.Bank(opts.Language)
	key := "gen.title." + k.String()
	if k == question.KindLabyrinth && opts.Piece != rules.NoPiece {
		key += "." + opts.Piece.String()
	}
	t := w.Say(key)
	if opts.Games != nil {
		t = w.Say("gen.title.games", t)
	}
	if opts.Level > 0 {
		t = w.Say("gen.title.level", t, opts.Level)
	}
	return t
}
