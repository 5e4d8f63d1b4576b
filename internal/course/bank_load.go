package course

import (
	"fmt"
	"io/fs"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/question"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
)

// LoadBank reads the exercise bank name (a path in fsys, such as
// "bank.yaml") on its own, outside any course: positions written "start"
// are the default start, and the default wording of the questions is in the
// classic theme, or for a generated bank in the theme its arguments name
// (--theme T). Each exercise's Level is the bank's generated level, else the
// level that "nostromo-lessons generate" writes in the comment above it
// (see generate.LevelComment), else 0.
//
// It returns the bank with every exercise that could be read, and a
// yamlpos.ErrorList of the problems found, sorted by position (nil if none). It does
// not check the answers; VerifyBank does.
func LoadBank(fsys fs.FS, name string) (*Bank, error) {
	b, src, err := loadBank(fsys, name, style.Classic)
	if b == nil {
		return nil, err
	}
	if t := bankTheme(b); t != style.Classic {
		b, src, err = loadBank(fsys, name, t)
	}
	levels := commentLevels(src)
	for _, e := range b.Exercises {
		if e.Level == 0 {
			e.Level = levels[e.Pos.Line]
		}
	}
	return b, err
}

// VerifyBank checks the answer of every exercise of b, as Verify does for a
// course.
func VerifyBank(b *Bank, s question.Solver) error {
	return Verify(&Course{Banks: []*Bank{b}}, s)
}

func loadBank(fsys fs.FS, name string, theme style.Theme) (*Bank, []byte, error) {
	l := &loader{fsys: fsys, banks: map[string]*Bank{}, ids: map[string]yamlpos.Pos{}}
	l.c = &Course{Start: rules.Start, Theme: theme}
	b := l.bank(name)
	l.errs.Sort()
	if b == nil {
		return nil, nil, l.errs.Err()
	}
	src, _ := fs.ReadFile(fsys, name)
	return b, src, l.errs.Err()
}

// bankTheme returns the theme a generated bank's arguments name.
func bankTheme(b *Bank) style.Theme {
	if b.Generated == nil {
		return style.Classic
	}
	args := b.Generated.Args
	for i, a := range args {
		name, ok := strings.CutPrefix(a, "--theme=")
		if !ok && (a == "--theme" || a == "-theme") && i+1 < len(args) {
			name, ok = args[i+1], true
		}
		if t, err := style.ParseTheme(name); ok && err == nil {
			return t
		}
	}
	return style.Classic
}

// commentLevels returns the levels written in the comments above the items
// of a bank's exercises list, by the line of the item.
func commentLevels(src []byte) map[int]int {
	levels := map[int]int{}
	var doc yaml.Node
	if yaml.Unmarshal(src, &doc) != nil || len(doc.Content) != 1 {
		return levels
	}
	list := yamlpos.Lookup(doc.Content[0], "exercises")
	if list == nil || list.Kind != yaml.SequenceNode {
		return levels
	}
	for _, item := range list.Content {
		var level, score int
		text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(item.HeadComment), "#"))
		if _, err := fmt.Sscanf(text, "level %d, measure %d:", &level, &score); err == nil && level >= 1 && level <= 5 {
			levels[item.Line] = level
		}
	}
	return levels
}
