package table

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
)

// writer writes one file of a table: blocks as they come, then, in
// finish, the index and the header.
type writer struct {
	name   string // the file's final name
	f      *os.File
	bw     *bufio.Writer
	kind   kind
	source [32]byte
	at     int64 // where the next block goes
	// entries indexes the blocks written since the last checkpoint of
	// the build's plan (see journal.checkpoint), which holds the others;
	// every block, once finish is called.
	entries []entry
}

// create starts the file name of kind k, written under a temporary name
// until finish renames it.
func create(name string, k kind, source [32]byte) (*writer, error) {
	f, err := os.Create(name + ".tmp")
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	w := &writer{name: name, f: f, bw: bufio.NewWriterSize(f, 1<<20), kind: k, source: source, at: headerSize}
	if _, err := w.bw.Write(make([]byte, headerSize)); err != nil {
		f.Close()
		return nil, fmt.Errorf("table: %s: %w", name, err)
	}
	return w, nil
}

// reopen opens again the file name of kind k, whose build stopped with
// entries written, to go on writing after them: it cuts what follows the
// last of their blocks. It reports ok == false when the file is missing
// or shorter than they say.
func reopen(name string, k kind, source [32]byte, entries []entry) (w *writer, ok bool, err error) {
	f, err := os.OpenFile(name+".tmp", os.O_RDWR, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	} else if err != nil {
		return nil, false, fmt.Errorf("table: %w", err)
	}
	end := int64(headerSize)
	for _, e := range entries {
		end = max(end, e.offset+int64(e.length))
	}
	fi, err := f.Stat()
	if err == nil && fi.Size() < end {
		f.Close()
		return nil, false, nil
	}
	if err == nil {
		err = f.Truncate(end)
	}
	if err == nil {
		_, err = f.Seek(end, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, false, fmt.Errorf("table: %s: %w", name, err)
	}
	w = &writer{name: name, f: f, bw: bufio.NewWriterSize(f, 1<<20), kind: k, source: source, at: end}
	return w, true, nil
}

// partial returns the blocks of entries in w's file, for reading while w
// writes more.
func (w *writer) partial(entries []entry) (*file, error) {
	f, err := os.Open(w.name + ".tmp")
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	mem := slices.Clone(entries)
	slices.SortFunc(mem, func(a, b entry) int { return cmp.Compare(a.key, b.key) })
	return &file{name: w.name + ".tmp", f: f, h: header{kind: w.kind, n: len(mem), pagesAt: w.at}, mem: mem}, nil
}

// add writes the block of the configuration of key, which has valid
// positions.
func (w *writer) add(key uint64, block []byte, valid int) error {
	if _, err := w.bw.Write(block); err != nil {
		return fmt.Errorf("table: %s: %w", w.name, err)
	}
	w.entries = append(w.entries, entry{key: key, offset: w.at, length: uint32(len(block)), sum: blockSum(key, w.kind, block), valid: uint16(valid)})
	w.at += int64(len(block))
	return nil
}

// finish writes the index and the header, and gives the file its name.
// A configuration written twice (a forgetting build of several roots may
// solve one again) is indexed once, its first block; the two must be the
// same.
func (w *writer) finish() error {
	slices.SortStableFunc(w.entries, func(a, b entry) int { return cmp.Compare(a.key, b.key) })
	w.entries = slices.CompactFunc(w.entries, func(a, b entry) bool { return a.key == b.key && a.sum == b.sum })
	for i := 1; i < len(w.entries); i++ {
		if w.entries[i].key == w.entries[i-1].key {
			w.f.Close()
			return fmt.Errorf("table: %s: configuration %v solved twice, with different values", w.name, configOf(w.entries[i].key))
		}
	}
	h := header{kind: w.kind, n: len(w.entries), source: w.source, pagesAt: w.at}
	var dir, page []byte
	for i := 0; i < len(w.entries); i += pageEntries {
		page = page[:0]
		for _, e := range w.entries[i:min(i+pageEntries, len(w.entries))] {
			page = e.append(page)
		}
		if _, err := w.bw.Write(page); err != nil {
			w.f.Close()
			return fmt.Errorf("table: %s: %w", w.name, err)
		}
		s := pageSum(page)
		dir = binary.LittleEndian.AppendUint64(dir, w.entries[i].key)
		dir = append(dir, s[:]...)
	}
	h.dirAt = h.pagesAt + int64(len(w.entries))*entrySize
	h.size = h.dirAt + int64(len(dir))
	if _, err := w.bw.Write(dir); err != nil {
		w.f.Close()
		return fmt.Errorf("table: %s: %w", w.name, err)
	}
	head := h.marshal()
	sum := headerSum(head, dir)
	head = append(head, make([]byte, headerSize-len(head))...)
	copy(head[96:], sum[:])
	err := w.bw.Flush()
	if err == nil {
		_, err = w.f.WriteAt(head, 0)
	}
	if err == nil {
		err = w.f.Sync()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(w.name+".tmp", w.name)
	}
	if err != nil {
		return fmt.Errorf("table: %s: %w", w.name, err)
	}
	return nil
}

// positions returns the number of positions of the configurations
// indexed, after finish.
func (w *writer) positions() int64 {
	n := int64(0)
	for _, e := range w.entries {
		n += int64(e.valid)
	}
	return n
}

// abort drops the file.
func (w *writer) abort() {
	w.f.Close()
	os.Remove(w.name + ".tmp")
}

// file is one file of a table, opened for probing. It is safe for
// concurrent use.
type file struct {
	name string
	f    *os.File
	h    header
	dir  []byte  // the directory
	mem  []entry // for a file being built, its index, sorted (see partial)
}

// corrupt returns the error of file name found corrupt, as format says.
func corrupt(name, format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", ErrCorrupt, name, fmt.Sprintf(format, args...))
}

// openFile opens the file name, which must be of kind k and built with
// source, and checks its header and directory.
func openFile(name string, k kind, source [32]byte) (*file, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	fl, err := checkFile(f, name, k, source)
	if err != nil {
		f.Close()
		return nil, err
	}
	return fl, nil
}

func checkFile(f *os.File, name string, k kind, source [32]byte) (*file, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: %s: not a regular file", ErrCorrupt, name)
	}
	size := fi.Size()
	b := make([]byte, headerSize)
	if size < headerSize {
		return nil, corrupt(name, "truncated: %d bytes, shorter than a header", size)
	}
	if _, err := f.ReadAt(b, 0); err != nil {
		return nil, fmt.Errorf("table: %s: %w", name, err)
	}
	var h header
	h.unmarshal(b)
	switch {
	case !h.magicOK:
		return nil, corrupt(name, "not a table file (it starts with %q, not %q)", b[:8], magic)
	case h.version != Version:
		return nil, fmt.Errorf("%w: %s: format version %d, this program reads version %d: build the table again", ErrStale, name, h.version, Version)
	case h.kind != k:
		return nil, corrupt(name, "holds %s, want %s", h.kind, k)
	case h.size != size && size < h.size:
		return nil, corrupt(name, "truncated: %d bytes, %d written", size, h.size)
	case h.size != size:
		return nil, corrupt(name, "%d bytes, %d written", size, h.size)
	case !h.paddedOK || h.pagesAt < headerSize || h.dirAt != h.pagesAt+int64(h.n)*entrySize ||
		h.size != h.dirAt+int64(pages(h.n))*dirEntry:
		return nil, corrupt(name, "header out of shape")
	}
	dir := make([]byte, h.size-h.dirAt)
	if _, err := f.ReadAt(dir, h.dirAt); err != nil {
		return nil, fmt.Errorf("table: %s: %w", name, err)
	}
	if headerSum(b[:96], dir) != h.sum {
		return nil, corrupt(name, "header or directory damaged (checksum mismatch)")
	}
	if h.source != source {
		return nil, fmt.Errorf("%w: %s: built with rules and solver %s, this program's are %s: build the table again",
			ErrStale, name, hex.EncodeToString(h.source[:6]), hex.EncodeToString(source[:6]))
	}
	return &file{name: name, f: f, h: h, dir: dir}, nil
}

// block returns the block of the configuration of key, checked against
// its index entry; found is false when the file does not hold it.
func (fl *file) block(key uint64) (block []byte, found bool, err error) {
	if fl.mem != nil {
		i, ok := slices.BinarySearchFunc(fl.mem, key, func(e entry, k uint64) int { return cmp.Compare(e.key, k) })
		if !ok {
			return nil, false, nil
		}
		return fl.read(key, &fl.mem[i])
	}
	np := pages(fl.h.n)
	// The last page whose first key is at most key.
	p := sort.Search(np, func(i int) bool { return binary.LittleEndian.Uint64(fl.dir[i*dirEntry:]) > key }) - 1
	if p < 0 {
		return nil, false, nil
	}
	count := min(pageEntries, fl.h.n-p*pageEntries)
	page := make([]byte, count*entrySize)
	if _, err := fl.f.ReadAt(page, fl.h.pagesAt+int64(p)*pageEntries*entrySize); err != nil {
		return nil, false, corrupt(fl.name, "reading page %d: %v", p, err)
	}
	if pageSum(page) != [sumSize]byte(fl.dir[p*dirEntry+8:p*dirEntry+dirEntry]) {
		return nil, false, corrupt(fl.name, "index page %d damaged (checksum mismatch)", p)
	}
	i := sort.Search(count, func(i int) bool { return binary.LittleEndian.Uint64(page[i*entrySize:]) >= key })
	if i == count || binary.LittleEndian.Uint64(page[i*entrySize:]) != key {
		return nil, false, nil
	}
	var e entry
	e.unmarshal(page[i*entrySize:])
	return fl.read(key, &e)
}

// read returns the block of the configuration of key, at entry e, checked.
func (fl *file) read(key uint64, e *entry) (block []byte, found bool, err error) {
	if e.offset < headerSize || e.offset+int64(e.length) > fl.h.pagesAt {
		return nil, false, corrupt(fl.name, "block of %v out of place", configOf(key))
	}
	block = make([]byte, e.length)
	if _, err := fl.f.ReadAt(block, e.offset); err != nil {
		return nil, false, corrupt(fl.name, "reading the block of %v: %v", configOf(key), err)
	}
	if blockSum(key, fl.h.kind, block) != e.sum {
		return nil, false, corrupt(fl.name, "block of %v damaged (checksum mismatch)", configOf(key))
	}
	return block, true, nil
}

// keys returns the keys of every configuration the file holds, sorted,
// reading and checking every page.
func (fl *file) keys() ([]uint64, error) {
	out := make([]uint64, 0, fl.h.n)
	for p := range pages(fl.h.n) {
		count := min(pageEntries, fl.h.n-p*pageEntries)
		page := make([]byte, count*entrySize)
		if _, err := fl.f.ReadAt(page, fl.h.pagesAt+int64(p)*pageEntries*entrySize); err != nil {
			return nil, corrupt(fl.name, "reading page %d: %v", p, err)
		}
		if pageSum(page) != [sumSize]byte(fl.dir[p*dirEntry+8:p*dirEntry+dirEntry]) {
			return nil, corrupt(fl.name, "index page %d damaged (checksum mismatch)", p)
		}
		for i := range count {
			out = append(out, binary.LittleEndian.Uint64(page[i*entrySize:]))
		}
	}
	return out, nil
}

func (fl *file) close() error { return fl.f.Close() }
