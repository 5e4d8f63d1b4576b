//go:build unix

package regular

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestRead checks what Read accepts: a regular file within its limit, and
// nothing else, without blocking on a FIFO or reading a device.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, size int) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		path string
		want error // nil: the file is read whole
		size int
	}{
		{"at the limit", write("ten", 10), nil, 10},
		{"empty", write("empty", 0), nil, 0},
		{"over the limit", write("eleven", 11), ErrTooLarge, 0},
		{"fifo", fifo, ErrNotRegular, 0},
		{"link to /dev/zero", zero, ErrNotRegular, 0},
		{"folder", dir, ErrNotRegular, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := os.OpenFile(tt.path, Flags, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			data, err := Read(f, 10)
			if !errors.Is(err, tt.want) || len(data) != tt.size {
				t.Errorf("Read(%s) = %d bytes, %v; want %d, %v", tt.name, len(data), err, tt.size, tt.want)
			}
		})
	}
}
