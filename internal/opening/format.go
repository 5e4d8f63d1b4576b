package opening

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// The book's file is the magic "NOSOPEN1" followed by one raw DEFLATE
// stream (compress/flate, best compression) of:
//
//	n               uvarint, the number of configurations
//	n x 10 bytes    each configuration: pawns (uint64, little endian), saved, taken
//	n x 8320 bytes  each configuration's solver.Table, in the same order,
//	                transposed: byte i of every table, then byte i+1, ...
//
// Configurations are sorted as solver.Config.Near sorts them, so the same
// tables always make the same file (for one Go version's compress/flate).
// Tables side by side compress better than one after the other: a state
// has much the same value in neighbouring configurations.
const magic = "NOSOPEN1"

// Encode writes the book of the given configurations, whose tables are
// tables[i], to w.
func Encode(w io.Writer, configs []solver.Config, tables []*solver.Table) error {
	if len(configs) != len(tables) {
		return fmt.Errorf("opening: %d configurations, %d tables", len(configs), len(tables))
	}
	order := make([]int, len(configs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return compareConfigs(configs[a], configs[b]) })
	bw := bufio.NewWriter(w)
	bw.WriteString(magic)
	zw, err := flate.NewWriter(bw, flate.BestCompression)
	if err != nil {
		return err
	}
	zw.Write(binary.AppendUvarint(nil, uint64(len(configs))))
	for _, i := range order {
		c := configs[i]
		zw.Write(append(binary.LittleEndian.AppendUint64(nil, uint64(c.Pawns)), c.Saved, c.Taken))
	}
	column := make([]byte, len(configs))
	for s := range solver.StatesPerConfig {
		for j, i := range order {
			column[j] = tables[i][s]
		}
		zw.Write(column)
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return bw.Flush()
}

// compareConfigs orders configurations as solver.Config.Near does.
func compareConfigs(a, b solver.Config) int {
	return cmp.Or(cmp.Compare(a.Pawns, b.Pawns), cmp.Compare(a.Saved, b.Saved), cmp.Compare(a.Taken, b.Taken))
}

// errFormat reports a book that is not in the format Encode writes.
var errFormat = errors.New("opening: not a book (bad magic)")

// Decode reads a book written by Encode.
func Decode(data []byte) (map[solver.Config]*solver.Table, error) {
	if !bytes.HasPrefix(data, []byte(magic)) {
		return nil, errFormat
	}
	zr := bufio.NewReader(flate.NewReader(bytes.NewReader(data[len(magic):])))
	n, err := binary.ReadUvarint(zr)
	if err != nil {
		return nil, fmt.Errorf("opening: book: %w", err)
	}
	if n > 1<<20 {
		return nil, fmt.Errorf("opening: book of %d configurations: too many", n)
	}
	configs := make([]solver.Config, n)
	var rec [10]byte
	for i := range configs {
		if _, err := io.ReadFull(zr, rec[:]); err != nil {
			return nil, fmt.Errorf("opening: book: %w", err)
		}
		configs[i] = solver.Config{Pawns: rules.Bitboard(binary.LittleEndian.Uint64(rec[:8])), Saved: rec[8], Taken: rec[9]}
	}
	// The columns are read a tile at a time and written to each table
	// as a run of bytes: column by column, each byte would land in
	// another table, a cache miss each (3 times slower in a browser).
	tables := make([]solver.Table, n)
	const tile = 64
	columns := make([]byte, tile*int(n))
	for s0 := 0; s0 < solver.StatesPerConfig; s0 += tile {
		k := min(tile, solver.StatesPerConfig-s0)
		if _, err := io.ReadFull(zr, columns[:k*int(n)]); err != nil {
			return nil, fmt.Errorf("opening: book: %w", err)
		}
		for j := range tables {
			t := tables[j][s0 : s0+k]
			for c := range t {
				t[c] = columns[c*int(n)+j]
			}
		}
	}
	if _, err := zr.ReadByte(); err != io.EOF {
		return nil, errors.New("opening: book: data after the tables")
	}
	m := make(map[solver.Config]*solver.Table, n)
	for i, c := range configs {
		m[c] = &tables[i]
	}
	return m, nil
}
