package table

// A binary range coder, LZMA's: each bit is coded with an adaptive
// probability, 11 bits of precision, moved a 2^probShift-th of the way
// towards each bit seen. The win/draw/loss blocks are coded with it (see
// block.go), each outcome as two bits (decisive or a draw, then a win or
// a loss) in a context of the outcomes of its neighbours.

const (
	probBits  = 11
	probOne   = 1 << probBits
	probShift = 3
	topValue  = 1 << 24
)

// prob is an adaptive probability that the next bit is 0, in 1/probOne.
type prob uint16

const probHalf prob = probOne / 2

// rangeEncoder codes bits into out.
type rangeEncoder struct {
	low       uint64
	rng       uint32
	cache     byte
	cacheSize int
	out       []byte
}

func (e *rangeEncoder) reset(out []byte) {
	*e = rangeEncoder{rng: 0xffffffff, cacheSize: 1, out: out[:0]}
}

// bit codes b with probability p, which it adapts.
func (e *rangeEncoder) bit(p *prob, b int) {
	bound := (e.rng >> probBits) * uint32(*p)
	if b == 0 {
		e.rng = bound
		*p += (probOne - *p) >> probShift
	} else {
		e.low += uint64(bound)
		e.rng -= bound
		*p -= *p >> probShift
	}
	for e.rng < topValue {
		e.rng <<= 8
		e.shiftLow()
	}
}

func (e *rangeEncoder) shiftLow() {
	if uint32(e.low) < 0xff000000 || e.low>>32 != 0 {
		carry := byte(e.low >> 32)
		temp := e.cache
		for {
			e.out = append(e.out, temp+carry)
			temp = 0xff
			if e.cacheSize--; e.cacheSize == 0 {
				break
			}
		}
		e.cache = byte(e.low >> 24)
	}
	e.cacheSize++
	e.low = (e.low & 0x00ffffff) << 8
}

// flush writes the last bytes and returns the code.
func (e *rangeEncoder) flush() []byte {
	for range 5 {
		e.shiftLow()
	}
	return e.out
}

// rangeDecoder decodes bits from in. Past the end of in it reads zeros
// (and counts them in over): a damaged block decodes to wrong bits, which
// its hash has already refused.
type rangeDecoder struct {
	code, rng uint32
	in        []byte
	over      int
}

func (d *rangeDecoder) reset(in []byte) {
	*d = rangeDecoder{rng: 0xffffffff, in: in}
	for range 5 {
		d.code = d.code<<8 | uint32(d.next())
	}
}

func (d *rangeDecoder) next() byte {
	if len(d.in) == 0 {
		d.over++
		return 0
	}
	b := d.in[0]
	d.in = d.in[1:]
	return b
}

// bit decodes a bit coded with probability p, which it adapts.
func (d *rangeDecoder) bit(p *prob) int {
	bound := (d.rng >> probBits) * uint32(*p)
	b := 0
	if d.code < bound {
		d.rng = bound
		*p += (probOne - *p) >> probShift
	} else {
		d.code -= bound
		d.rng -= bound
		*p -= *p >> probShift
		b = 1
	}
	for d.rng < topValue {
		d.rng <<= 8
		d.code = d.code<<8 | uint32(d.next())
	}
	return b
}
