// Copyright ©2021 The go-pdf Authors. All rights reserved.
// Use of this source code is governed by a MIT-style
// license that can be found in the LICENSE file.

package fpdf

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"sync"
)

var xmem = xmempool{free: freeList[*membuffer]{new: func() *membuffer { return new(membuffer) }}}

// xmempool holds the buffers of compressed streams for reuse (patched: a
// free list instead of a sync.Pool, as zwriters; see PATCH.md).
type xmempool struct{ free freeList[*membuffer] }

// zwriters holds zlib writers at the level compress uses, reset for each
// use (patched: see PATCH.md).
var zwriters = freeList[*zlib.Writer]{new: func() *zlib.Writer {
	zw, err := zlib.NewWriterLevel(nil, zlib.BestSpeed)
	if err != nil {
		panic(fmt.Errorf("could not create zlib writer: %w", err))
	}
	return zw
}}

// freeList holds values for reuse, made by new when it has none (patched:
// see PATCH.md). Unlike a sync.Pool, which keeps a value put back in a slot
// of the processor that put it, a free list gives it to the next get on
// any processor: a document written on one goroutine made two zlib writers
// of about 1 MB each, the second most of the time for nothing.
type freeList[T any] struct {
	mu   sync.Mutex
	free []T
	new  func() T
}

// get returns a value of the list, or a new one.
func (l *freeList[T]) get() T {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(l.free)
	if n == 0 {
		return l.new()
	}
	x := l.free[n-1]
	l.free = l.free[:n-1]
	return x
}

// put gives x back to the list.
func (l *freeList[T]) put(x T) {
	l.mu.Lock()
	l.free = append(l.free, x)
	l.mu.Unlock()
}

func (pool *xmempool) compress(data []byte) *membuffer {
	return pool.compressFunc(len(data), func(zw *zlib.Writer) error {
		_, err := zw.Write(data)
		return err
	})
}

// compressFunc returns what write writes, compressed, in a buffer of at
// least size bytes (patched: so that a stream can be compressed a part at
// a time, and its buffer made at once; see PATCH.md).
func (pool *xmempool) compressFunc(size int, write func(zw *zlib.Writer) error) *membuffer {
	mem := pool.free.get()
	if mem.buf.Cap() < size {
		// patched: made, not grown (growing a bytes.Buffer clears and
		// copies what it adds), and of the data's size, which its
		// compression rarely exceeds; pages never written are never
		// touched (see PATCH.md)
		mem.buf = *bytes.NewBuffer(make([]byte, 0, size))
	}
	buf := &mem.buf

	zw := zwriters.get() // patched: a new writer allocates about 1 MB
	defer zwriters.put(zw)
	zw.Reset(buf)
	err := write(zw)
	if err != nil {
		panic(fmt.Errorf("could not zlib-compress slice: %w", err))
	}

	err = zw.Close()
	if err != nil {
		panic(fmt.Errorf("could not close zlib writer: %w", err))
	}
	return mem
}

func (pool *xmempool) uncompress(data []byte) (*membuffer, error) {
	zr, err := zlib.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}

	mem := pool.free.get()
	mem.buf.Reset()

	_, err = mem.buf.ReadFrom(zr)
	if err != nil {
		mem.release()
		return nil, err
	}

	return mem, nil
}

type membuffer struct {
	buf bytes.Buffer
}

func (mem *membuffer) bytes() []byte { return mem.buf.Bytes() }
func (mem *membuffer) release() {
	mem.buf.Reset()
	xmem.free.put(mem)
}

func (mem *membuffer) copy() []byte {
	src := mem.bytes()
	dst := make([]byte, len(src))
	copy(dst, src)
	return dst
}
