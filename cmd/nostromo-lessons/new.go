package main

import (
	"fmt"
	"io"

	"nostromo-lessons/internal/publish"
	"nostromo-lessons/internal/schema"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/starter"
)

// runNew writes a small starter course into DIR, which must be empty or not
// exist yet, in the language --language names (default English), with the
// schemas its files name for editors (.nostromo/).
func runNew(args []string, stdout, stderr io.Writer) error {
	flags := newFlags("new", stderr)
	lang := flags.String("language", "en", "the starter course's language: "+style.LanguageNames())
	pos, err := parse(flags, args, 1, 1)
	if err != nil {
		return err
	}
	l, err := style.ParseLanguage(*lang)
	if err != nil {
		return badInput(fmt.Errorf("new: --language %q: want one of %s", *lang, style.LanguageNames()))
	}
	dir := pos[0]
	files, err := publish.CopyFS(dir, starter.For(l))
	if err != nil {
		return badInput(fmt.Errorf("new: %w", err))
	}
	// The starter files name these schemas in their first line, so that
	// an editor completes and checks them.
	if err := writeSchemas(dir); err != nil {
		return fmt.Errorf("new: %w", err)
	}
	for _, f := range schema.Files() {
		files = append(files, schema.Dir+"/"+f.Name)
	}
	_, err = fmt.Fprintf(stdout, "wrote a starter course to %s (%d files); check it with: nostromo-lessons check %s\n", dir, len(files), dir)
	return err
}
