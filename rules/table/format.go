package table

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// A table is a folder of two files in the same container format: WDLFile,
// the win, draw or loss of every position with White to move, and
// DTMFile, the winner's number of moves of every one won or lost (as
// RULES.md counts them), which a probe reads only when it needs a
// distance. Positions with Black to move are answered by a one-ply search
// over White's (see block.go).
//
// A file, all integers little endian:
//
//	header, headerSize bytes:
//	  0  8  magic, "NOSTABLE"
//	  8  2  Version
//	 10  1  kind: 1 win/draw/loss, 2 distances
//	 11  1  0
//	 12  4  n, the number of blocks
//	 16 32  Source, the rules' and solver's source hash, as 32 bytes
//	 48  8  offset of the pages
//	 56  8  offset of the directory
//	 64  8  size of the file
//	 72 24  0
//	 96 32  SHA-256 of bytes 0 to 95 and of the directory
//	blocks, from offset headerSize, in the order they were built: one a
//	  configuration, its states coded on their own (range coded or
//	  raw DEFLATE, see block.go)
//	pages: the index, n entries sorted by key, pageEntries a page (the
//	  last may hold fewer), entrySize bytes each:
//	  0  8  key, the configuration (see keyOf)
//	  8  8  offset of its block
//	 16  4  length of its block
//	 20  8  the first 8 bytes of SHA-256(key, kind, block)
//	directory: for each page, its first key (8 bytes) and the first 8
//	  bytes of the page's SHA-256
//
// A probe reads the header and the directory once, when the file is
// opened (checking the header's hash), then for a configuration one page
// (checking its hash against the directory) and one block (checking its
// hash against the page): every byte it uses is checked, so a truncated,
// corrupt, foreign or stale file is an error naming the file, never a
// wrong value. The directory of the whole game's 11.9 million
// configurations is 0.7 MB.
const (
	WDLFile = "wdl.ntb"
	DTMFile = "dtm.ntb"
)

// Version is the version of the file format; a file of another version is
// refused.
const Version = 1

const (
	magic       = "NOSTABLE"
	headerSize  = 128
	pageEntries = 256
	entrySize   = 28
	dirEntry    = 16
	sumSize     = 8
)

// kind is what a file holds.
type kind uint8

const (
	kindWDL kind = 1 + iota
	kindDTM
)

func (k kind) String() string {
	if k == kindWDL {
		return "win/draw/loss"
	}
	return "distances"
}

// The errors a table reports, wrapped with the file and what was found:
// ErrNotHeld for a position whose configuration the table does not hold,
// ErrCorrupt for a file that is truncated, damaged or not a table file,
// ErrStale for one built by other rules or another solver.
var (
	ErrNotHeld = errors.New("table: position not in the table")
	ErrCorrupt = errors.New("table: corrupt")
	ErrStale   = errors.New("table: stale")
)

// keyOf returns the key of configuration c: its pawns, which stand on
// ranks 2 to 7, with saved in bits 0-1 and taken in bits 2-4 (rank 1's
// squares). Keys sort as configurations do in Config.Near's order but for
// the counters.
func keyOf(c solver.Config) uint64 {
	return uint64(c.Pawns) | uint64(c.Saved)&3 | uint64(c.Taken)&7<<2
}

// configOf returns the configuration of key k.
func configOf(k uint64) solver.Config {
	return solver.Config{Pawns: rules.Bitboard(k &^ 0xff), Saved: uint8(k & 3), Taken: uint8(k >> 2 & 7)}
}

// header is a file's header, decoded.
type header struct {
	kind              kind
	n                 int
	source            [32]byte
	pagesAt, dirAt    int64
	size              int64
	sum               [32]byte
	version           uint16
	magicOK, paddedOK bool
}

// pages returns the number of pages of n entries.
func pages(n int) int { return (n + pageEntries - 1) / pageEntries }

// marshal returns the first 96 bytes of the header, those its hash covers.
func (h *header) marshal() []byte {
	b := make([]byte, 96)
	copy(b, magic)
	binary.LittleEndian.PutUint16(b[8:], Version)
	b[10] = byte(h.kind)
	binary.LittleEndian.PutUint32(b[12:], uint32(h.n))
	copy(b[16:48], h.source[:])
	binary.LittleEndian.PutUint64(b[48:], uint64(h.pagesAt))
	binary.LittleEndian.PutUint64(b[56:], uint64(h.dirAt))
	binary.LittleEndian.PutUint64(b[64:], uint64(h.size))
	return b
}

// unmarshal decodes the header in b, of headerSize bytes.
func (h *header) unmarshal(b []byte) {
	h.magicOK = string(b[:8]) == magic
	h.version = binary.LittleEndian.Uint16(b[8:])
	h.kind = kind(b[10])
	h.n = int(binary.LittleEndian.Uint32(b[12:]))
	copy(h.source[:], b[16:48])
	h.pagesAt = int64(binary.LittleEndian.Uint64(b[48:]))
	h.dirAt = int64(binary.LittleEndian.Uint64(b[56:]))
	h.size = int64(binary.LittleEndian.Uint64(b[64:]))
	copy(h.sum[:], b[96:128])
	h.paddedOK = b[11] == 0
	for _, c := range b[72:96] {
		h.paddedOK = h.paddedOK && c == 0
	}
}

// headerSum returns the hash of the header's first 96 bytes and the
// directory.
func headerSum(head, dir []byte) [32]byte {
	h := sha256.New()
	h.Write(head)
	h.Write(dir)
	var s [32]byte
	h.Sum(s[:0])
	return s
}

// blockSum returns the hash an index entry keeps of a block.
func blockSum(key uint64, k kind, block []byte) [sumSize]byte {
	h := sha256.New()
	h.Write(binary.LittleEndian.AppendUint64(nil, key))
	h.Write([]byte{byte(k)})
	h.Write(block)
	var s [32]byte
	h.Sum(s[:0])
	return [sumSize]byte(s[:sumSize])
}

// pageSum returns the hash the directory keeps of a page.
func pageSum(page []byte) [sumSize]byte {
	s := sha256.Sum256(page)
	return [sumSize]byte(s[:sumSize])
}

// entry is an index entry: a configuration's block.
type entry struct {
	key    uint64
	offset int64
	length uint32
	valid  uint16 // the configuration's positions, while a build writes it (not in the file)
	sum    [sumSize]byte
}

func (e *entry) append(b []byte) []byte {
	b = binary.LittleEndian.AppendUint64(b, e.key)
	b = binary.LittleEndian.AppendUint64(b, uint64(e.offset))
	b = binary.LittleEndian.AppendUint32(b, e.length)
	return append(b, e.sum[:]...)
}

func (e *entry) unmarshal(b []byte) {
	e.key = binary.LittleEndian.Uint64(b)
	e.offset = int64(binary.LittleEndian.Uint64(b[8:]))
	e.length = binary.LittleEndian.Uint32(b[16:])
	e.sum = [sumSize]byte(b[20:28])
}
