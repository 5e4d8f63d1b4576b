package diagram

import (
	"fmt"
	"io/fs"
	"nostromo-lessons/internal/style"
	"path"
	"strconv"
	"strings"
	"unicode"
)

// The art format: one text file per theme and piece, art/THEME/PIECE.art,
// drawn on a 100 x 100 box whose y axis grows downwards. Blank lines and
// lines starting with # are comments. Every other line is one path:
//
//	FILL STROKE WIDTH: PATH
//
// FILL and STROKE are palette colours (see palette) or "none", WIDTH is the
// stroke width in box units, and PATH is SVG path data restricted to the
// absolute commands M, L, C, Q and Z. Paths are drawn in file order.

// cmd is one path command in absolute coordinates: 'M' and 'L' use p[0:2],
// 'C' uses p[0:6], 'Z' none. Quadratic curves are turned into cubic ones
// when art is read, so that SVG and PDF draw exactly the same curve.
type cmd struct {
	Op byte
	P  [6]float64
}

// artPath is one filled and stroked path of a piece.
type artPath struct {
	fill, stroke string
	width        float64
	Cmds         []cmd
}

// Art is a piece's drawing: its paths in drawing order.
type Art []artPath

// ParseArt reads a piece's art; name is used in error messages.
func ParseArt(name string, data []byte) (Art, error) {
	var a Art
	line := 0
	for text := range strings.Lines(string(data)) {
		line++
		text = strings.TrimSpace(text)
		if text == "" || text[0] == '#' {
			continue
		}
		p, err := parseArtLine(text)
		if err != nil {
			return nil, &FileError{Name: name, Line: line, Msg: err.Error()}
		}
		a = append(a, p)
	}
	if len(a) == 0 {
		return nil, &FileError{Name: name, Msg: "no paths"}
	}
	return a, nil
}

// parseArtLine reads "FILL STROKE WIDTH: PATH".
func parseArtLine(text string) (artPath, error) {
	head, data, ok := strings.Cut(text, ":")
	f := strings.Fields(head)
	if !ok || len(f) != 3 {
		return artPath{}, fmt.Errorf("want \"FILL STROKE WIDTH: PATH\"")
	}
	for _, c := range f[:2] {
		if _, ok := Palette[c]; !ok && c != "none" {
			return artPath{}, fmt.Errorf("colour %q: want none or one of white, black, dark, grey, light", c)
		}
	}
	w, err := strconv.ParseFloat(f[2], 64)
	if err != nil || w < 0 || w > 20 {
		return artPath{}, fmt.Errorf("stroke width %q: want a number from 0 to 20", f[2])
	}
	cmds, err := parsePathData(data)
	if err != nil {
		return artPath{}, err
	}
	return artPath{fill: none(f[0]), stroke: none(f[1]), width: w, Cmds: cmds}, nil
}

// none maps the colour "none" to the empty string.
func none(c string) string {
	if c == "none" {
		return ""
	}
	return c
}

// parsePathData reads path data with the commands M, L, C, Q and Z, each
// letter followed by its numbers, separated by spaces or commas.
func parsePathData(data string) ([]cmd, error) {
	tokens := strings.FieldsFunc(data, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	ops := 0 // the commands: letters among the numbers
	for _, t := range tokens {
		if t[0] >= 'A' {
			ops++
		}
	}
	cmds := make([]cmd, 0, ops)
	var cur, start [2]float64
	for i := 0; i < len(tokens); {
		op := tokens[i]
		n, ok := argCount[op[0]]
		if !ok || len(op) != 1 {
			return nil, fmt.Errorf("path command %q: want M, L, C, Q or Z", op)
		}
		if op != "M" && len(cmds) == 0 {
			return nil, fmt.Errorf("path must start with M")
		}
		if i+n >= len(tokens) {
			return nil, fmt.Errorf("path command %s: want %d numbers", op, n)
		}
		var v [6]float64
		for k := range n {
			x, err := strconv.ParseFloat(tokens[i+1+k], 64)
			if err != nil || x < -10 || x > 110 {
				return nil, fmt.Errorf("path command %s: number %q: want -10 to 110", op, tokens[i+1+k])
			}
			v[k] = x
		}
		i += 1 + n
		c := cmd{Op: op[0], P: v}
		switch op {
		case "M":
			start = [2]float64{v[0], v[1]}
		case "Q":
			c = cubic(cur, v)
		case "Z":
			cur = start
		}
		if op != "Z" {
			cur = [2]float64{c.P[lastX(c.Op)], c.P[lastX(c.Op)+1]}
		}
		cmds = append(cmds, c)
	}
	if len(cmds) == 0 {
		return nil, fmt.Errorf("empty path")
	}
	return cmds, nil
}

// argCount is the number of coordinates each path command takes.
var argCount = map[byte]int{'M': 2, 'L': 2, 'C': 6, 'Q': 4, 'Z': 0}

// lastX returns the index of the end point's x in a command's numbers.
func lastX(op byte) int {
	if op == 'C' {
		return 4
	}
	return 0
}

// cubic turns the quadratic curve from cur with control point (q[0], q[1])
// to (q[2], q[3]) into the equal cubic curve.
func cubic(cur [2]float64, q [6]float64) cmd {
	c := cmd{Op: 'C'}
	c.P[0] = cur[0] + 2.0/3*(q[0]-cur[0])
	c.P[1] = cur[1] + 2.0/3*(q[1]-cur[1])
	c.P[2] = q[2] + 2.0/3*(q[0]-q[2])
	c.P[3] = q[3] + 2.0/3*(q[1]-q[3])
	c.P[4], c.P[5] = q[2], q[3]
	return c
}

// PieceSet is a theme's art for the three pieces.
type PieceSet struct {
	King, Pawn, Knight Art
}

// LoadPieces reads a theme's art from fsys: art/THEME/king.art, pawn.art
// and knight.art, in the format ParseArt reads. Adding a theme is one
// constant with its name and words in package internal/style and its art
// in templates/art/NAME/; nothing in render or here changes. The files come
// from the templates package, or from a course's own templates folder.
func LoadPieces(fsys fs.FS, t style.Theme) (PieceSet, error) {
	var ps PieceSet
	for _, p := range []struct {
		name string
		dst  *Art
	}{{"king", &ps.King}, {"pawn", &ps.Pawn}, {"knight", &ps.Knight}} {
		name := path.Join("art", t.String(), p.name+".art")
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return ps, fmt.Errorf("render: piece art: %w", err)
		}
		if *p.dst, err = ParseArt(name, data); err != nil {
			return ps, err
		}
	}
	return ps, nil
}

// FileError is a problem of a template or art file, at a line (0 when
// unknown); Name is the file's path in the templates folder.
type FileError struct {
	Name string
	Line int
	Msg  string
}

func (e *FileError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("render: %s: %s", e.Name, e.Msg)
	}
	return fmt.Sprintf("render: %s:%d: %s", e.Name, e.Line, e.Msg)
}
