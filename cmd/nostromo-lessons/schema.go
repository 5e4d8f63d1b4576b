package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"nostromo-lessons/internal/publish"
	"nostromo-lessons/internal/schema"
)

// runSchema prints the JSON Schema of one kind of course file, or writes
// all three into a course folder's .nostromo/, where the modelines of its
// files point.
func runSchema(args []string, stdout, stderr io.Writer) error {
	flags := newFlags("schema", stderr)
	which := flags.String("file", "", "print the schema of this kind of file: course, lesson or bank (default lesson; without DIR only)")
	pos, err := parse(flags, args, 0, 1)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		name := map[string]string{"": schema.LessonFile, "course": schema.CourseFile, "lesson": schema.LessonFile, "bank": schema.BankFile}[*which]
		if name == "" {
			return badInput(fmt.Errorf("schema: --file %q: want course, lesson or bank", *which))
		}
		i := slices.IndexFunc(schema.Files(), func(f schema.File) bool { return f.Name == name })
		_, err := rawWriter(stdout).Write(schema.Files()[i].Data)
		return err
	}
	if *which != "" {
		return badInput(errors.New("schema: --file prints one schema; with DIR all three are written"))
	}
	dir := pos[0]
	if err := isCourse(dir); err != nil {
		return badInput(fmt.Errorf("schema: %w", err))
	}
	if err := writeSchemas(dir); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d schemas to %s\n", len(schema.Files()), filepath.Join(dir, schema.Dir))
	// Files without a modeline get no help from the editor: say what to
	// add, once for each folder.
	fsys := os.DirFS(dir)
	for _, pattern := range []string{"course.yaml", "lessons/*.yaml", "exercises/*.yaml"} {
		names, _ := fs.Glob(fsys, pattern)
		var missing []string
		for _, name := range names {
			src, err := fs.ReadFile(fsys, name)
			if err == nil && !schema.HasModeline(src) {
				missing = append(missing, name)
			}
		}
		switch {
		case len(missing) == 1:
			fmt.Fprintf(stdout, "%s has no modeline; for completion in an editor, start it with:\n  %s\n", missing[0], schema.Modeline(missing[0]))
		case len(missing) > 1:
			fmt.Fprintf(stdout, "%d files %s have no modeline; for completion in an editor, start each with:\n  %s\n", len(missing), pattern, schema.Modeline(missing[0]))
		}
	}
	return nil
}

// isCourse reports why dir is not a course folder: it must hold
// course.yaml or lessons/.
func isCourse(dir string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("course %q: %w", dir, errors.Unwrap(err))
	}
	if !info.IsDir() {
		return fmt.Errorf("course %q: not a folder", dir)
	}
	for _, name := range []string{"course.yaml", "lessons"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return nil
		}
	}
	return fmt.Errorf("%s is not a course folder (it has no course.yaml and no lessons/)", dir)
}

// writeSchemas writes the three schemas into dir/.nostromo/, each file
// whole or not at all. A .nostromo that is a link or a file is refused: the
// schemas go into the course, nowhere else.
func writeSchemas(dir string) error {
	out := filepath.Join(dir, schema.Dir)
	if info, err := os.Lstat(out); err == nil && !info.IsDir() {
		return badInput(fmt.Errorf("schema: %s is not a folder (a link or a file); remove it and run schema again", out))
	}
	if err := os.Mkdir(out, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("schema: %w", err)
	}
	for _, f := range schema.Files() {
		if err := publish.WriteFile(filepath.Join(out, f.Name), f.Data); err != nil {
			return fmt.Errorf("schema: %w", err)
		}
	}
	return nil
}
