package table

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"time"

	"nostromo-lessons/rules/solver"
)

// While a build is under way, its folder holds the two files under
// temporary names (WDLFile and DTMFile with ".tmp"), their blocks
// appended as the solver solves configurations, and PlanFile, the build's
// plan and journal:
//
//	header:
//	  0  8  magic, "NOSTPLAN"
//	  8  2  Version
//	 10  6  0
//	 16 32  Source, as 32 bytes
//	 48  4  r, the number of roots
//	 52 8r  the roots' keys
//	    32  SHA-256 of the bytes before
//	records, one a configuration written, recordSize bytes each:
//	  0  8  key
//	  8  8  offset of its win/draw/loss block
//	 16  4  its length
//	 20  8  its hash (as in the index)
//	 28  8  offset of its distance block
//	 36  4  its length
//	 40  8  its hash
//	 48  2  the configuration's positions
//	 50  4  CRC-32C of bytes 0 to 49
//
// Every checkpointEvery, the builder flushes both files and syncs them to
// the disk, then appends the records of the blocks written since and
// syncs the plan: a record names only blocks on the disk. A build
// stopped (Options.Solver.Stop, an error) checkpoints too; one killed, or
// cut by a power failure, loses what it wrote since the last checkpoint.
// Build, given a folder with a plan of the same roots and Source, resumes:
// it keeps the records whole (a torn last one is dropped), cuts the files
// after the last block they name, and its Solver takes the tables of
// those configurations from the files (solver.Options.Load) instead of
// solving them again. A complete build removes the plan.
const PlanFile = "build.plan"

const (
	planMagic  = "NOSTPLAN"
	recordSize = 54
)

// checkpointEvery is the time between two checkpoints of a build.
var checkpointEvery = 30 * time.Second

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// planHeader returns the plan's header for these roots.
func planHeader(roots []solver.Config, src [32]byte) []byte {
	b := make([]byte, 16, 84+8*len(roots))
	copy(b, planMagic)
	binary.LittleEndian.PutUint16(b[8:], Version)
	b = append(b, src[:]...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(roots)))
	for _, c := range roots {
		b = binary.LittleEndian.AppendUint64(b, keyOf(c))
	}
	sum := sha256.Sum256(b)
	return append(b, sum[:]...)
}

// record returns the record of the i-th blocks of w and d.
func record(w, d *entry) []byte {
	b := make([]byte, 0, recordSize)
	b = binary.LittleEndian.AppendUint64(b, w.key)
	b = binary.LittleEndian.AppendUint64(b, uint64(w.offset))
	b = binary.LittleEndian.AppendUint32(b, w.length)
	b = append(b, w.sum[:]...)
	b = binary.LittleEndian.AppendUint64(b, uint64(d.offset))
	b = binary.LittleEndian.AppendUint32(b, d.length)
	b = append(b, d.sum[:]...)
	b = binary.LittleEndian.AppendUint16(b, w.valid)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// readPlan reads the plan in name, of a build of roots with src: the
// entries of the blocks its whole records name, in both files. It
// reports found == false when there is no plan, and an error when the
// plan is of another build.
func readPlan(name string, roots []solver.Config, src [32]byte) (wdl, dtm []entry, found bool, err error) {
	f, err := os.Open(name)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, nil, false, nil
	case err != nil:
		return nil, nil, false, fmt.Errorf("table: %w", err)
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	head := planHeader(roots, src)
	got := make([]byte, len(head))
	if _, err := io.ReadFull(br, got); err != nil || !bytes.Equal(got, head) {
		return nil, nil, false, fmt.Errorf("table: %s: the plan of another build (other roots, or another version of the rules or solver): remove the folder to build afresh", name)
	}
	r := make([]byte, recordSize)
	for {
		if _, err := io.ReadFull(br, r); err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		} else if err != nil {
			return nil, nil, false, fmt.Errorf("table: %s: %w", name, err)
		}
		if crc32.Checksum(r[:50], castagnoli) != binary.LittleEndian.Uint32(r[50:]) {
			break // a record torn by a crash: what follows is not on the disk for sure
		}
		key := binary.LittleEndian.Uint64(r)
		valid := binary.LittleEndian.Uint16(r[48:])
		wdl = append(wdl, entry{key: key, offset: int64(binary.LittleEndian.Uint64(r[8:])), length: binary.LittleEndian.Uint32(r[16:]),
			sum: [sumSize]byte(r[20:28]), valid: valid})
		dtm = append(dtm, entry{key: key, offset: int64(binary.LittleEndian.Uint64(r[28:])), length: binary.LittleEndian.Uint32(r[36:]),
			sum: [sumSize]byte(r[40:48]), valid: valid})
	}
	return wdl, dtm, true, nil
}

// journal is the plan of a build under way, open for appending records.
type journal struct {
	f    *os.File
	done int // blocks recorded, whose entries the writers no longer hold
	last time.Time
}

// openJournal opens the plan name for appending, after its header and the
// records of done entries, creating it with its header when new.
func openJournal(name string, roots []solver.Config, src [32]byte, done int, resumed bool) (*journal, error) {
	flag := os.O_RDWR | os.O_CREATE | os.O_TRUNC
	if resumed {
		flag = os.O_RDWR
	}
	f, err := os.OpenFile(name, flag, 0o666)
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	end := int64(len(planHeader(roots, src))) + int64(done)*recordSize
	if !resumed {
		_, err = f.Write(planHeader(roots, src))
	}
	if err == nil {
		err = f.Truncate(end) // a torn record away
	}
	if err == nil {
		_, err = f.Seek(end, io.SeekStart)
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("table: %s: %w", name, err)
	}
	return &journal{f: f, done: done, last: time.Now()}, nil
}

// checkpoint puts the blocks written so far on the disk, then records
// them in the plan.
func (j *journal) checkpoint(wdl, dtm *writer) error {
	for _, w := range []*writer{wdl, dtm} {
		if err := w.bw.Flush(); err != nil {
			return fmt.Errorf("table: %s: %w", w.name, err)
		}
		if err := w.f.Sync(); err != nil {
			return fmt.Errorf("table: %s: %w", w.name, err)
		}
	}
	var b []byte
	for i := range wdl.entries {
		b = append(b, record(&wdl.entries[i], &dtm.entries[i])...)
	}
	if _, err := j.f.Write(b); err != nil {
		return fmt.Errorf("table: %s: %w", j.f.Name(), err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("table: %s: %w", j.f.Name(), err)
	}
	j.done, j.last = j.done+len(wdl.entries), time.Now()
	// The plan holds them now: finish reads them back.
	wdl.entries, dtm.entries = wdl.entries[:0], dtm.entries[:0]
	return nil
}
