package publish

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// mkfifo makes a FIFO, or skips the test where the system refuses.
func mkfifo(t *testing.T, name string) {
	t.Helper()
	if err := syscall.Mkfifo(name, 0o666); err != nil {
		t.Skipf("cannot make a FIFO here (%v); CI runs as root and makes one", err)
	}
}

// mknodNull makes a character device like /dev/null (1, 3), or skips the
// test where the system refuses (not root, or a nodev mount).
func mknodNull(t *testing.T, name string) {
	t.Helper()
	if err := syscall.Mknod(name, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("cannot make a device node here (%v); CI runs as root and makes one", err)
	}
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("cannot open the device node made here (%v, a nodev mount?); CI makes one where it can", err)
	}
	f.Close()
}

// TestWriteFileTargets checks the rule per kind of target: a regular file
// is replaced, a symbolic link refused (unless to a device or FIFO), a
// device or FIFO written into and kept.
func TestWriteFileTargets(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.yaml")
	reset := func() { os.WriteFile(target, []byte("precious"), 0o644) }
	for _, tt := range []struct {
		name    string
		make    func(t *testing.T, name string)
		refused string // "" when the write should succeed
		after   string // the content of name after, for regular targets
	}{
		{"missing", func(*testing.T, string) {}, "", "new"},
		{"regular", func(t *testing.T, name string) { os.WriteFile(name, []byte("old"), 0o644) }, "", "new"},
		{"symlink to a file", func(t *testing.T, name string) { os.Symlink(target, name) }, "symbolic link", ""},
		{"dangling symlink", func(t *testing.T, name string) { os.Symlink(filepath.Join(dir, "nothing"), name) }, "link to nothing", ""},
		{"symlink to a folder", func(t *testing.T, name string) { os.Symlink(dir, name) }, "symbolic link", ""},
		{"folder", func(t *testing.T, name string) { os.Mkdir(name, 0o777) }, "folder", ""},
		{"empty name", nil, "empty", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			reset()
			name := ""
			if tt.make != nil {
				name = filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-"))
				tt.make(t, name)
			}
			err := WriteFile(name, []byte("new"))
			var refused *RefusedError
			if tt.refused != "" {
				if !errors.As(err, &refused) || !strings.Contains(err.Error(), tt.refused) {
					t.Errorf("WriteFile(%s) = %v, want a refusal naming %q", tt.name, err, tt.refused)
				}
				if data, _ := os.ReadFile(target); string(data) != "precious" {
					t.Errorf("the link's target holds %q, want it untouched", data)
				}
				if _, serr := os.Stat(filepath.Join(dir, "nothing")); serr == nil {
					t.Errorf("WriteFile created the target of a dangling link")
				}
				if tt.make != nil {
					if info, _ := os.Lstat(name); info == nil || info.Mode().IsRegular() {
						t.Errorf("%s was replaced by a regular file", tt.name)
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("WriteFile(%s) = %v", tt.name, err)
			}
			if data, _ := os.ReadFile(name); string(data) != tt.after {
				t.Errorf("%s holds %q, want %q", name, data, tt.after)
			}
		})
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 7 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("temporary files left: %v", names)
	}
}

// TestWriteFileDevice checks that a character device made in a temporary
// folder, and a link to it, are written into, never replaced.
func TestWriteFileDevice(t *testing.T) {
	dir := t.TempDir()
	dev := filepath.Join(dir, "null")
	mknodNull(t, dev)
	link := filepath.Join(dir, "stdout")
	os.Symlink(dev, link)
	for _, name := range []string{dev, link} {
		if err := WriteFile(name, []byte("new")); err != nil {
			t.Errorf("WriteFile(%s) = %v", name, err)
		}
	}
	info, err := os.Stat(dev)
	if err != nil || info.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("%s is no longer a character device: %v, %v", dev, info, err)
	}
	if info, _ := os.Lstat(link); info == nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer a link", link)
	}
}

// TestWriteFileFIFO checks that a FIFO is streamed into, and kept.
func TestWriteFileFIFO(t *testing.T) {
	name := filepath.Join(t.TempDir(), "pipe")
	mkfifo(t, name)
	// A reader opened without blocking: the write does not wait for one,
	// and the read never blocks, even if the FIFO was wrongly replaced.
	r, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := WriteFile(name, []byte("new")); err != nil {
		t.Fatalf("WriteFile(FIFO) = %v", err)
	}
	if data, _ := io.ReadAll(r); string(data) != "new" {
		t.Errorf("the reader got %q, want \"new\"", data)
	}
	if info, err := os.Lstat(name); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v, %v", info, err)
	}
}

// TestWriteFileFolder checks that a new file whose folder is missing, or is
// not a folder, is refused with a message that names the folder.
func TestWriteFileFolder(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, target string
		want         string // the refusal's message
	}{
		{"missing folder", filepath.Join(dir, "nofolder", "x.yaml"),
			fmt.Sprintf("will not write %q: the folder %q does not exist; make it first", filepath.Join(dir, "nofolder", "x.yaml"), filepath.Join(dir, "nofolder"))},
		{"file as folder", filepath.Join(file, "x.yaml"),
			fmt.Sprintf("will not write %q: %q is a regular file, not a folder", filepath.Join(file, "x.yaml"), file)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, f := range []func(string) error{CheckFile, func(n string) error { return WriteFile(n, []byte("new")) }} {
				err := f(tt.target)
				var refused *RefusedError
				if !errors.As(err, &refused) || err.Error() != tt.want {
					t.Errorf("CheckFile/WriteFile(%s) = %v, want the refusal %q", tt.target, err, tt.want)
				}
			}
		})
	}
}
