package table

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"

	kflate "github.com/klauspost/compress/flate"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// A block holds the states of one configuration with White to move, the
// knight on the board: the first whiteStates states in scan order (see
// scan), by knight square, then by king square. Black's outcomes and
// distances come from a one-ply search over White's (see Table.blacks):
// Black's moves stay in the configuration but for the knight's takes, and
// all lead to White to move. Keeping White's alone halves both files: on
// a 4-pawn cone (bench/tables), 0.29 bits a position for win/draw/loss
// where both sides took 0.61, and on a 3-pawn cone 0.73 bits for
// distances where both sides took 1.56.
//
// A win/draw/loss block is the outcomes for White of the valid states,
// range coded (see rangecoder.go): a bit for a decisive outcome or a
// draw, then for a decisive one a bit for a win or a loss, each in the
// context of the outcomes of the states with the king one square to the
// left and one below (wdlContext); the states that cannot occur (a piece
// on a pawn, the king and the knight on one square) are not coded. On
// the 4-pawn cone that is 0.271 bits a position where DEFLATE of the
// outcomes packed four to a byte took 0.323, and on a 5-pawn cone 0.233
// where it took 0.278. It codes as fast (26.9 M positions a CPU second
// for the whole build, against 25.6) and decodes more slowly
// (BenchmarkValue: 61 µs a probe against 45, at a higher load).
//
// A distance block, before compression, is one byte a state: the
// winner's number of moves of a state won or lost; a draw and a state
// that cannot occur are "don't care", taking the value of the state
// before them, which costs next to nothing compressed. It is compressed
// with DEFLATE at compressLevel, by github.com/klauspost/compress/flate,
// and decompressed by the standard library's compress/flate: the stream
// is the same format.
const (
	nStates     = solver.StatesPerConfig
	whiteStates = 64 * 64
	dtmBytes    = whiteStates
)

// compressLevel is the DEFLATE level of the distance blocks. On 4,000
// random blocks of the whole game (5 and 6 pawns), the standard library's
// level 6 took 208 µs a block for 1,166 bytes, its level 1 50 µs for
// 1,292; klauspost's level 6 takes 50 µs for 1,204 bytes (its 7, 120 µs
// for 1,166). With the standard library's level 6, encoding the blocks
// took 41 to 50% of the whole-game build's CPU (its DEFLATE 28 to 36%),
// where solving the configurations took 19 to 24% (bench/README.md).
const compressLevel = 6

// scan lists the states' Table indexes in scan order.
var scan = func() [nStates]uint16 {
	var s [nStates]uint16
	i := 0
	for _, side := range []rules.Color{rules.White, rules.Black} {
		for knight := range rules.Square(65) {
			for king := range rules.Square(64) {
				s[i] = uint16(solver.StateIndex(side, king, knight))
				i++
			}
		}
	}
	return s
}()

// validStates returns, in scan order, which states of a configuration
// with these pawns can occur.
func validStates(pawns rules.Bitboard, dst *[nStates]bool) {
	i := 0
	for _, side := range []rules.Color{rules.White, rules.Black} {
		for knight := range rules.Square(65) {
			for king := range rules.Square(64) {
				ok := !pawns.Has(king) && king != knight
				switch {
				case knight == rules.NoSquare:
					ok = ok && side == rules.Black && king != rules.Lair && !pawns.Has(rules.Lair)
				default:
					ok = ok && !pawns.Has(knight) && (side == rules.White || !rules.KnightAttacks(knight).Has(king))
				}
				dst[i] = ok
				i++
			}
		}
	}
}

// coder encodes and decodes blocks, with buffers to reuse: one a
// goroutine at a time.
type coder struct {
	valid  [nStates]bool
	raw    []byte
	code   []byte // the last win/draw/loss block coded
	out    bytes.Buffer
	zw     *kflate.Writer
	zr     io.ReadCloser
	br     bytes.Reader
	pawns  rules.Bitboard
	hasSet bool
}

func newCoder() *coder { return &coder{raw: make([]byte, dtmBytes)} }

// setPawns computes the valid states of a configuration with these pawns.
func (c *coder) setPawns(pawns rules.Bitboard) {
	if c.hasSet && c.pawns == pawns {
		return
	}
	validStates(pawns, &c.valid)
	c.pawns, c.hasSet = pawns, true
}

// encode returns the win/draw/loss and the distance blocks of t, the
// table of a configuration with these pawns, coded. The slices are
// the coder's, valid until its next use.
func (c *coder) encode(pawns rules.Bitboard, t *solver.Table) (wdl, dtm []byte, err error) {
	c.setPawns(pawns)
	wdl = c.encodeWDL(t)
	raw := c.raw[:dtmBytes]
	d := byte(0)
	for i, s := range scan[:whiteStates] {
		if c.valid[i] {
			if o, m := t.At(int(s)); o != solver.Draw {
				d = byte(m)
			}
		}
		raw[i] = d
	}
	if dtm, err = c.compress(raw); err != nil {
		return nil, nil, err
	}
	return wdl, dtm, nil
}

// compress returns raw compressed, in the coder's buffer.
func (c *coder) compress(raw []byte) ([]byte, error) {
	c.out.Reset()
	if c.zw == nil {
		zw, err := kflate.NewWriter(&c.out, compressLevel)
		if err != nil {
			return nil, err
		}
		c.zw = zw
	}
	c.zw.Reset(&c.out)
	if _, err := c.zw.Write(raw); err != nil {
		return nil, err
	}
	if err := c.zw.Close(); err != nil {
		return nil, err
	}
	return c.out.Bytes(), nil
}

// inflate decompresses block into the coder's raw buffer, which must come
// out exactly n bytes long.
func (c *coder) inflate(block []byte, n int) ([]byte, error) {
	c.br.Reset(block)
	if c.zr == nil {
		c.zr = flate.NewReader(&c.br)
	} else if err := c.zr.(flate.Resetter).Reset(&c.br, nil); err != nil {
		return nil, err
	}
	raw := c.raw[:n]
	if _, err := io.ReadFull(c.zr, raw); err != nil {
		return nil, fmt.Errorf("decompressing: %w", err)
	}
	var one [1]byte
	if k, err := c.zr.Read(one[:]); k != 0 || err != io.EOF {
		return nil, fmt.Errorf("decompressing: more than %d bytes", n)
	}
	return raw, nil
}

// wdlContext returns the context in which the outcome of state i (in
// scan order, White to move) is coded: the outcomes already coded of the
// states with the king one square to the left and one square below (3
// where there is none or the state is not valid).
func wdlContext(syms *[whiteStates]byte, i int) int {
	left, below := byte(3), byte(3)
	if king := i % 64; king%8 != 0 {
		left = syms[i-1]
	}
	if i%64 >= 8 {
		below = syms[i-8]
	}
	return int(left)*4 + int(below)
}

// wdlModel is the probabilities of the outcomes' two bits, by context.
type wdlModel struct{ decisive, win [16]prob }

func (m *wdlModel) reset() {
	for i := range m.decisive {
		m.decisive[i], m.win[i] = probHalf, probHalf
	}
}

// encodeWDL returns the win/draw/loss block of t, whose valid states
// setPawns has computed, in the coder's buffer.
func (c *coder) encodeWDL(t *solver.Table) []byte {
	var m wdlModel
	m.reset()
	var syms [whiteStates]byte
	var e rangeEncoder
	e.reset(c.code)
	for i, s := range scan[:whiteStates] {
		if !c.valid[i] {
			syms[i] = 3
			continue
		}
		o, _ := t.At(int(s))
		ctx := wdlContext(&syms, i)
		syms[i] = byte(o + 1)
		if o == solver.Draw {
			e.bit(&m.decisive[ctx], 0)
			continue
		}
		e.bit(&m.decisive[ctx], 1)
		e.bit(&m.win[ctx], int(syms[i]/2))
	}
	c.code = e.flush()
	return c.code
}

// decodeWDL sets the outcome of every valid state of t with White to
// move, of a configuration with these pawns, from its win/draw/loss
// block, each win and loss in 0 moves (see decodeDTM), and every other
// state to a draw.
func (c *coder) decodeWDL(pawns rules.Bitboard, block []byte, t *solver.Table) error {
	c.setPawns(pawns)
	*t = solver.Table{}
	var m wdlModel
	m.reset()
	var syms [whiteStates]byte
	var d rangeDecoder
	d.reset(block)
	for i, s := range scan[:whiteStates] {
		if !c.valid[i] {
			syms[i] = 3
			continue
		}
		ctx := wdlContext(&syms, i)
		o := solver.Draw
		if d.bit(&m.decisive[ctx]) == 1 {
			o = solver.Loss
			if d.bit(&m.win[ctx]) == 1 {
				o = solver.Win
			}
		}
		syms[i] = byte(o + 1)
		t.Set(int(s), o, 0)
	}
	if d.over > 4 {
		return fmt.Errorf("the outcomes run %d bytes past the block's end", d.over)
	}
	return nil
}

// decodeDTM sets the distance of every state of t won or lost with White
// to move, of a configuration with these pawns, from its distance block.
func (c *coder) decodeDTM(pawns rules.Bitboard, block []byte, t *solver.Table) error {
	raw, err := c.inflate(block, dtmBytes)
	if err != nil {
		return err
	}
	c.setPawns(pawns)
	for i, s := range scan[:whiteStates] {
		if !c.valid[i] {
			continue
		}
		if o, _ := t.At(int(s)); o != solver.Draw && !t.Set(int(s), o, int(raw[i])) {
			return fmt.Errorf("distance %d of state %d", raw[i], s)
		}
	}
	return nil
}
