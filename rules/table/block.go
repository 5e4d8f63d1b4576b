package table

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// A block holds the states of one configuration in scan order (see
// scan): both sides to move, each by knight square (the pending flight
// last for Black), then by king square. States that cannot occur (a piece
// on a pawn, the king and the knight on one square, Black to move with
// the king attacked, a pending flight with f6 taken, White to move with
// the flight pending) are "don't care": they take the value of the state
// before them in scan order, which costs next to nothing compressed.
//
// Both kinds of block hold White to move only, the knight on the board:
// the first whiteStates states in scan order. A win/draw/loss block,
// before compression, is their outcomes for White, 0 a loss, 1 a draw,
// 2 a win, four to a byte from the low bits up. A distance block is one
// byte a state: the winner's number of moves of a state won or lost,
// don't care for a draw. Black's outcomes and distances come from a
// one-ply search over White's (see Table.blacks): Black's moves stay in
// the configuration but for the knight's takes, and all lead to White to
// move. Keeping White's alone halves both files: on a 4-pawn cone
// (bench/tables), 0.29 bits a position for win/draw/loss where both sides
// took 0.61, and on a 3-pawn cone 0.73 bits for distances where both
// sides took 1.56. Both kinds are compressed with DEFLATE at
// compressLevel.
const (
	nStates     = solver.StatesPerConfig
	whiteStates = 64 * 64
	wdlBytes    = whiteStates / 4
	dtmBytes    = whiteStates
	blackStart  = 65 * 64 // the first state with Black to move, in scan order
)

// compressLevel is the DEFLATE level of the blocks: on that 3-pawn cone,
// level 6 took 32 µs a configuration for win/draw/loss and 200 µs for the
// distances, level 9 106 and 720 µs for 2% and 2.2% less, level 1 13 and
// 48 µs for 7% and 27% more (a solve takes some 250 µs a configuration
// on one core).
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
	out    bytes.Buffer
	zw     *flate.Writer
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
// table of a configuration with these pawns, compressed. The slices are
// the coder's, valid until its next use.
func (c *coder) encode(pawns rules.Bitboard, t *solver.Table) (wdl, dtm []byte, err error) {
	c.setPawns(pawns)
	raw := c.raw[:wdlBytes]
	clear(raw)
	sym := byte(1)
	for i, s := range scan[:whiteStates] {
		if c.valid[i] {
			o, _ := t.At(int(s))
			sym = byte(o + 1)
		}
		raw[i/4] |= sym << (2 * (i % 4))
	}
	if wdl, err = c.compress(raw); err != nil {
		return nil, nil, err
	}
	wdl = bytes.Clone(wdl)
	raw = c.raw[:dtmBytes]
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
		zw, err := flate.NewWriter(&c.out, compressLevel)
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

// decodeWDL sets the outcome of every valid state of t with White to
// move, of a configuration with these pawns, from its win/draw/loss
// block, each win and loss in 0 moves (see decodeDTM), and every other
// state to a draw.
func (c *coder) decodeWDL(pawns rules.Bitboard, block []byte, t *solver.Table) error {
	raw, err := c.inflate(block, wdlBytes)
	if err != nil {
		return err
	}
	c.setPawns(pawns)
	*t = solver.Table{}
	for i, s := range scan[:whiteStates] {
		if !c.valid[i] {
			continue
		}
		sym := raw[i/4] >> (2 * (i % 4)) & 3
		if sym > 2 {
			return fmt.Errorf("outcome %d of state %d", sym, s)
		}
		t.Set(int(s), solver.Outcome(sym)-1, 0)
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
