package course

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"path"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/coursefs"
	"nostromo-lessons/internal/style"
)

// Bank is a file of exercises that lessons draw from with include. A bank
// made by a program says so under generated.
type Bank struct {
	File      string // its path in the course, such as "exercises/drills.yaml"
	Title     string
	Concept   string     // what its exercises practise, for those that name none
	Generated *Generated // nil for a bank written by hand
	Exercises []*Exercise

	byID   map[string]*Exercise
	broken map[string]bool // ids of exercises too broken to load
}

// Generated records how a bank was made, so that it can be made again.
type Generated struct {
	By    string   // the program, such as "nostromo-lessons generate"
	Seed  int64    // the seed of its random source
	Args  []string // its arguments
	Level int      // the level of its exercises (1-5), or 0 for the including lesson's
	// Language is the language generate wrote its title, questions and
	// explanations in: English for a bank without language:.
	Language style.Language
}

// bank reads the bank file name once; it returns nil (and remembers it)
// when the file cannot be used.
func (l *loader) bank(name string) *Bank {
	if b, ok := l.banks[name]; ok {
		return b
	}
	l.banks[name] = nil
	f, n, m := l.open(name, "bank", bankNames)
	if m == nil {
		return nil
	}
	b := &Bank{File: name, byID: map[string]*Exercise{}, broken: map[string]bool{}}
	if v := m.Get("title"); v != nil {
		b.Title, _ = f.prose(v, "title", MaxText)
	}
	if v := m.Get("concept"); v != nil {
		b.Concept = f.concept(v)
	}
	if v := m.Get("generated"); v != nil {
		b.Generated = f.generated(v)
		if g := b.Generated; g != nil && g.Language != f.lang {
			l.c.Warnings.Add(f.Pos(m.Keys["generated"]), languageWarning(g.Language, f.lang))
		}
	}
	level := 0
	if b.Generated != nil {
		level = b.Generated.Level
	}
	v := m.Get("exercises")
	if v == nil {
		f.Errorf(n, "missing key \"exercises\"")
	} else {
		for i, item := range f.exerciseList(v, MaxBankExercises) {
			e := l.exercise(f, item, i+1, level)
			if e == nil {
				if id := yamlpos.Lookup(item, "id"); id != nil {
					b.broken[id.Value] = true
				}
				continue
			}
			if e.Concept == "" {
				e.Concept = b.Concept
			}
			b.Exercises = append(b.Exercises, e)
			if e.ID != "" && b.byID[e.ID] == nil {
				b.byID[e.ID] = e
			}
		}
	}
	l.banks[name] = b
	return b
}

func (f *file) generated(n *yaml.Node) *Generated {
	m := f.Mapping(n, "generated", generatedNames)
	if m == nil {
		return nil
	}
	g := &Generated{}
	if v := m.Get("by"); v != nil {
		g.By, _ = f.Text(v, "by", MaxText)
	}
	if v := m.Get("seed"); v != nil {
		seed, _ := f.Integer(v, "seed", 0, math.MaxInt)
		g.Seed = int64(seed)
	}
	if v := m.Get("args"); v != nil {
		if items, ok := f.list(v, "args", "texts"); ok {
			for _, item := range items {
				if s, ok := f.Text(item, "args", MaxText); ok {
					g.Args = append(g.Args, s)
				}
			}
		}
	}
	if v := m.Get("level"); v != nil {
		g.Level, _ = f.Integer(v, "level", 1, 5)
	}
	if v := m.Get("language"); v != nil {
		if s, ok := f.WordAnyCase(v, "language", languageWords()...); ok {
			g.Language, _ = style.ParseLanguage(s)
		}
	}
	return g
}

// languageWarning is the warning on a generated bank in language bank in
// a course of language course: it says how to make it again in the
// course's language.
func languageWarning(bank, course style.Language) string {
	return fmt.Sprintf("warning: generated: the bank's title and explanations are in %s, and the course's language is %s: run its command (in the comment above its title) again with --language %s, or translate the title and the explanations (or remove the explanations), then delete this generated: section", bank, course, course)
}

// includes reads a lesson's include list and appends the exercises it names.
// An item is a bank's path (every exercise of it) or {file: PATH, ids: [...]},
// whose site_only: true keeps the exercises it takes off the worksheet.
// Paths are relative to the course folder and may not leave it.
func (l *loader) includes(f *file, n *yaml.Node, lesson *Lesson) {
	items, ok := f.list(n, "include", "banks")
	if !ok {
		return
	}
	seen := map[*Exercise]bool{}
	for _, item := range items {
		pathNode, idsNode, siteOnly := item, (*yaml.Node)(nil), false
		if item.Kind == yaml.MappingNode {
			m := f.Mapping(item, "include", includeNames)
			if m.Unknown {
				continue
			}
			if pathNode = m.Get("file"); pathNode == nil {
				f.Errorf(item, "include: missing key \"file\"")
				continue
			}
			idsNode = m.Get("ids")
			if v := m.Get("site_only"); v != nil {
				siteOnly, _ = f.Boolean(v, "site_only")
			}
		}
		name, ok := f.Scalar(pathNode, "include", "a bank's path like exercises/drills.yaml")
		if !ok {
			continue
		}
		clean, ok := f.includePath(pathNode, name, l.bankNamed)
		if !ok {
			continue
		}
		if _, err := fs.Stat(l.fsys, clean); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				f.Errorf(pathNode, "include: there is no file %s in the course%s", clean, l.similarFile(clean))
			} else {
				f.Errorf(pathNode, "include: cannot read %s: %v", clean, coursefs.UnwrapPath(err))
			}
			continue
		}
		if _, loaded := l.banks[clean]; !loaded && len(l.banks) >= MaxBanks {
			f.Errorf(pathNode, "include: more than %d exercise banks, the limit", MaxBanks)
			continue
		}
		b := l.bank(clean)
		if b == nil {
			continue // its problems are reported in its own file
		}
		picked := b.Exercises
		if idsNode != nil {
			picked = nil
			ids, _ := f.list(idsNode, "ids", "exercise ids")
			for _, idNode := range ids {
				id, ok := f.Scalar(idNode, "ids", "an exercise id")
				if !ok {
					continue
				}
				e := b.byID[id]
				if e == nil && b.broken[id] {
					continue // its problems are reported in the bank
				}
				if e == nil {
					f.Errorf(idNode, "include: there is no exercise %s in %s%s", yamlpos.Quote(id), clean, yamlpos.Suggest(id, sortedKeys(b.byID)))
					continue
				}
				if seen[e] || slices.Contains(picked, e) {
					f.Errorf(idNode, "include: exercise %s is already in this lesson", yamlpos.Quote(id))
					continue
				}
				picked = append(picked, e)
			}
		}
		for _, e := range picked {
			if seen[e] && idsNode == nil {
				f.Errorf(pathNode, "include: %s includes %s again", clean, e.label)
				continue
			}
			seen[e] = true
			c := *e
			c.SiteOnly = c.SiteOnly || siteOnly
			c.Number = len(lesson.Exercises) + 1
			if c.Level == 0 {
				c.Level = lesson.Level
			}
			lesson.Exercises = append(lesson.Exercises, &c)
		}
	}
}

// includePath checks an include path: relative to the course folder,
// written with /, inside the course, a .yaml file outside lessons/. A path
// that leaves the course is told the bank of exercises/ that bankNamed finds
// by its file name, as an example of a path, when there is one.
func (f *file) includePath(n *yaml.Node, name string, bankNamed func(base string) string) (string, bool) {
	clean := path.Clean(name)
	switch {
	case strings.Contains(name, `\`):
		f.Errorf(n, "include %s: write paths with /, not \\", yamlpos.Quote(name))
	case path.IsAbs(name) || clean == ".." || strings.HasPrefix(clean, "../") || !fs.ValidPath(clean):
		example := "exercises/drills.yaml"
		if bank := bankNamed(path.Base(clean)); bank != "" && !path.IsAbs(name) {
			example = bank
		}
		f.Errorf(n, "include %s leaves the course folder; paths are relative to it, like %s", yamlpos.Quote(name), example)
	case !strings.HasSuffix(clean, ".yaml"):
		f.Errorf(n, "include %s: want a .yaml file", yamlpos.Quote(name))
	case path.Dir(clean) == lessonsDir:
		f.Errorf(n, "include %s is a lesson; include exercise banks (exercises/*.yaml)", yamlpos.Quote(name))
	case clean == courseFile:
		f.Errorf(n, "include %s is the course file; include exercise banks (exercises/*.yaml)", yamlpos.Quote(name))
	default:
		return clean, true
	}
	return "", false
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// similarFile suggests a file beside the missing file name whose name is
// close to it (exercises/sprünge.yaml for exercises/spruenge.yaml), as
// suggest words it, or else the bank of exercises/ with its file name
// (exercises/drills.yaml for drills.yaml), or "".
func (l *loader) similarFile(name string) string {
	dir := path.Dir(name)
	entries, err := fs.ReadDir(l.fsys, dir)
	if err == nil {
		var names []string
		for _, e := range entries {
			names = append(names, path.Join(dir, e.Name()))
		}
		if s := yamlpos.Suggest(name, names); s != "" {
			return s
		}
	}
	if bank := l.bankNamed(path.Base(name)); bank != "" && bank != name {
		return fmt.Sprintf(" (did you mean %q?)", bank)
	}
	return ""
}

// bankNamed returns exercises/BASE when the course has that bank, else "".
func (l *loader) bankNamed(base string) string {
	bank := path.Join(exercisesDir, base)
	if info, err := fs.Stat(l.fsys, bank); err != nil || !info.Mode().IsRegular() {
		return ""
	}
	return bank
}
