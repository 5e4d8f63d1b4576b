package course

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/rules"
)

var diagramKeys = []string{"fen", "caption", "marks", "arrows"}

// block is a fenced board block found in a Markdown text: its YAML text and
// the line of the text where that starts (counted from 0).
type block struct {
	line    int // the line of the opening fence
	content string
	closed  bool
}

// boardBlocks finds the ```board blocks of a Markdown text.
func boardBlocks(md string) []block {
	var out []block
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		fence, info, ok := openFence(lines[i])
		if !ok || info != "board" {
			if ok { // skip another fenced block whole
				for i++; i < len(lines) && !closesFence(lines[i], fence); i++ {
				}
			}
			continue
		}
		b := block{line: i}
		var body []string
		for i++; i < len(lines); i++ {
			if closesFence(lines[i], fence) {
				b.closed = true
				break
			}
			body = append(body, lines[i])
		}
		b.content = strings.Join(body, "\n")
		out = append(out, b)
	}
	return out
}

// openFence reports whether line opens a fenced code block (up to three
// spaces, then three or more backticks or tildes), with its fence and info
// string.
func openFence(line string) (fence, info string, ok bool) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return "", "", false
	}
	n := len(t) - len(strings.TrimLeft(t, t[:1]))
	if n < 3 {
		return "", "", false
	}
	return t[:n], strings.TrimSpace(t[n:]), true
}

func closesFence(line, fence string) bool {
	t := strings.TrimSpace(line)
	return len(t) >= len(fence) && strings.Trim(t, fence[:1]) == "" && t[0] == fence[0]
}

// diagrams checks the board blocks of the Markdown value n and returns
// them. Problems inside a block point into the YAML file when n is a
// literal block (|); otherwise they point at n.
func (f *file) diagrams(n *yaml.Node, what string, start rules.Position) []*Diagram {
	blocks := boardBlocks(n.Value)
	if len(blocks) > MaxDiagrams {
		f.errorf(n, "%s has %d board blocks, more than the limit of %d", what, len(blocks), MaxDiagrams)
		blocks = blocks[:MaxDiagrams]
	}
	var out []*Diagram
	for _, b := range blocks {
		at := f.textPos(n, b.line)
		if !b.closed {
			f.errs.Add(at, f.prefix+fmt.Sprintf("%s: the board block is not closed (end it with a line ```)", what))
			continue
		}
		if d := f.diagram(n, b, at, start); d != nil {
			out = append(out, d)
		}
	}
	return out
}

// textPos returns the position in the file of line i (from 0) of the
// scalar n: exact for a literal block, n's own position otherwise.
func (f *file) textPos(n *yaml.Node, i int) Pos {
	if n.Style&yaml.LiteralStyle == 0 {
		return f.pos(n)
	}
	line := n.Line + 1 + i
	return Pos{File: f.name, Line: line, Col: f.indent(n) + 1}
}

// indent returns the indentation of the literal block n: that of its first
// line that is not blank.
func (f *file) indent(n *yaml.Node) int {
	lines := strings.Split(string(f.src), "\n")
	for i := n.Line; i < len(lines); i++ {
		t := strings.TrimRight(lines[i], "\r")
		if strings.TrimSpace(t) != "" {
			return len(t) - len(strings.TrimLeft(t, " "))
		}
	}
	return 0
}

// diagram decodes one board block, whose fence is at the file position at.
func (f *file) diagram(n *yaml.Node, b block, at Pos, start rules.Position) *Diagram {
	var inner ErrorList
	sub := &file{name: f.name, src: []byte(b.content), errs: &inner, prefix: "board block: "}
	d := &Diagram{Pos: at}
	defer func() {
		// Move the block's problems to where they are in the file.
		for _, e := range inner {
			pos := at
			if n.Style&yaml.LiteralStyle != 0 && e.Pos.Line > 0 {
				pos.Line += e.Pos.Line
				if e.Pos.Col > 0 {
					pos.Col += e.Pos.Col - 1
				}
			}
			f.errs.Add(pos, f.prefix+e.Msg)
		}
	}()
	if strings.TrimSpace(b.content) == "" {
		sub.errorf(nil, "empty; want at least fen: ...")
		return nil
	}
	v := sub.parse()
	if v == nil {
		return nil
	}
	m := sub.mapping(v, "board block", diagramKeys)
	if m == nil {
		return nil
	}
	ok := true
	if fv := m.get("fen"); fv != nil {
		if s, good := sub.scalar(fv, "fen", "a FEN or start"); good {
			var err error
			if strings.TrimSpace(s) == "start" {
				d.Position = start
			} else if d.Position, err = rules.ParseFEN(strings.TrimSpace(s)); err != nil {
				sub.errorf(fv, "fen: %v", err)
				ok = false
			}
		} else {
			ok = false
		}
	} else {
		sub.errorf(v, "missing key \"fen\"")
		ok = false
	}
	if cv := m.get("caption"); cv != nil {
		d.Caption, _ = sub.text(cv, "caption", MaxText)
	}
	if mv := m.get("marks"); mv != nil {
		var good bool
		_, d.Marks, good = sub.squares(mv, "marks")
		ok = ok && good
	}
	if av := m.get("arrows"); av != nil {
		var good bool
		d.Arrows, good = sub.arrows(av, "arrows")
		ok = ok && good
	}
	if !ok {
		return nil
	}
	return d
}
