// Command bigcourse writes a course of many lessons for the build
// benchmarks (bench/README.md): the sample course's lessons again and
// again, each copy a lesson of its own ("Meet the crew (2)" in
// lessons/017-meet-the-pieces.yaml), with the sample's exercise banks.
package main

// Every
// answer is one the sample course proves, so a build with a warm proof
// cache measures rendering and publishing.
//
// 	go run ./bench/bigcourse -o /tmp/big100            # 100 lessons
// 	go run ./bench/bigcourse -o /tmp/big12 -lessons 12

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	nostromo "nostromo-lessons"
	"nostromo-lessons/internal/publish"
)

func main() {
	out := flag.String("o", "", "the folder to write the course into (new or empty)")
	n := flag.Int("lessons", 100, "how many lessons")
	flag.Parse()
	if err := write(*out, *n); err != nil {
		fmt.Fprintln(os.Stderr, "bigcourse:", err)
		os.Exit(1)
	}
}

// write writes a course of n lessons into the folder out.
func write(out string, n int) error {
	if out == "" {
		return errors.New("-o DIR is required")
	}
	if entries, err := os.ReadDir(out); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty", out)
	}
	src := nostromo.Course()
	lessons, err := fs.Glob(src, "lessons/*.yaml")
	if err != nil || len(lessons) == 0 {
		return fmt.Errorf("the sample course has no lessons: %v", err)
	}
	banks, err := fs.Glob(src, "exercises/*.yaml")
	if err != nil {
		return err
	}
	for _, name := range append([]string{"course.yaml"}, banks...) {
		if err := copyFile(src, name, filepath.Join(out, name)); err != nil {
			return err
		}
	}
	for i := range n {
		name := lessons[i%len(lessons)]
		data, err := fs.ReadFile(src, name)
		if err != nil {
			return err
		}
		copyNo := i/len(lessons) + 1
		if copyNo > 1 {
			data, err = retitle(data, copyNo)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		// 02-meet-the-pieces.yaml -> 017-meet-the-pieces.yaml (its second copy): lessons sort by
		// file name, so a copy follows the lesson before it in the sample.
		_, rest, _ := strings.Cut(path.Base(name), "-")
		dst := filepath.Join(out, "lessons", fmt.Sprintf("%03d-%s", i+1, rest))
		if err := writeFile(dst, data); err != nil {
			return err
		}
	}
	return nil
}

// retitle adds " (n)" to a lesson's title line and "-n" to the id of
// each exercise the lesson writes, since ids are unique in a course.
func retitle(data []byte, n int) ([]byte, error) {
	lines := bytes.SplitAfter(data, []byte("\n"))
	titled := false
	for i, line := range lines {
		if title, ok := bytes.CutPrefix(line, []byte("title: ")); ok && !titled {
			lines[i] = fmt.Appendf(nil, "title: %s (%d)\n", bytes.TrimSpace(title), n)
			titled = true
		}
		if indent, id, ok := bytes.Cut(line, []byte("- id: ")); ok && len(bytes.TrimSpace(indent)) == 0 {
			lines[i] = fmt.Appendf(nil, "%s- id: %s-%d\n", indent, bytes.TrimSpace(id), n)
		}
	}
	if !titled {
		return nil, errors.New("no title line")
	}
	return bytes.Join(lines, nil), nil
}

func copyFile(src fs.FS, name, dst string) error {
	data, err := fs.ReadFile(src, name)
	if err != nil {
		return err
	}
	return writeFile(dst, data)
}

func writeFile(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return publish.WriteFile(name, data)
}
