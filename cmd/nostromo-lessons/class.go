package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/class"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/publish"
	"nostromo-lessons/render"
	"nostromo-lessons/render/pdf"
)

// confirmInput is where class forget reads its confirmation (the tests
// change it).
var confirmInput io.Reader = os.Stdin

// classActions are class's actions, as usage lists them.
const classActions = "list, export, rename, forget or report"

// runClass lists, exports, renames a child of, or forgets the classes
// that serve --class keeps on this computer.
func runClass(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fs := newFlags("class", stderr)
		fs.Usage()
		fmt.Fprintln(stderr, classHelp)
		if len(args) == 0 {
			return badInput(fmt.Errorf("class: want %s", classActions))
		}
		return errHelp
	}
	action, rest := args[0], args[1:]
	switch action {
	case "list":
		return classList(rest, stdout, stderr)
	case "export":
		return classExport(rest, stdout, stderr)
	case "rename":
		return classRename(rest, stdout, stderr)
	case "forget":
		return classForget(rest, stdout, stderr)
	case "report":
		return classReport(rest, stdout, stderr)
	}
	return badInput(fmt.Errorf("class: unknown action %q: want %s", action, classActions))
}

// classHelp explains the actions.
const classHelp = `
Actions:
  class list                      every class on this computer: its children, answers, games and file
  class export CLASS [-o FILE]    every answer as CSV (with --games, every game)
  class rename CLASS OLD NEW      rename a child
  class forget CLASS [CHILD]      delete a child's answers and games, or the whole class, after a confirmation (--yes: without)
  class report CLASS [DIR]        the class report as PDF (-o FILE): a page per lesson of the course in DIR, children by exercises

CLASS is a class's name, such as 4b, or COURSE/NAME where two courses have a
class of that name. The classes are kept in ` + "`nostromo-lessons class list`" + `'s folder
(the user's data folder, or $NOSTROMO_DATA); nothing leaves this computer.`

// classFlags parses the flags of "class ACTION" and its operands, between
// min and max.
func classFlags(action string, args []string, stderr io.Writer, min, max int, more func(*flag.FlagSet)) ([]string, error) {
	fs := newFlags("class", stderr)
	fs.Init("class "+action, fs.ErrorHandling())
	if more != nil {
		more(fs)
	}
	pos, err := parse(fs, args, 0, max)
	if err != nil {
		return nil, err
	}
	if len(pos) < min {
		return nil, badInput(fmt.Errorf("class %s: got %d arguments, want %d (run nostromo-lessons help class)", action, len(pos), min))
	}
	return pos, nil
}

// classFile is a class kept on this computer.
type classFile struct {
	course, name, path string
}

func (c classFile) String() string { return c.course + "/" + c.name }

// classFiles returns every class kept, by course and name.
func classFiles() ([]classFile, error) {
	dir, err := class.ClassesDir()
	if err != nil {
		return nil, err
	}
	found, err := filepath.Glob(filepath.Join(dir, "*", "*.db"))
	if err != nil {
		return nil, err
	}
	var out []classFile
	for _, p := range found {
		out = append(out, classFile{filepath.Base(filepath.Dir(p)), strings.TrimSuffix(filepath.Base(p), ".db"), p})
	}
	slices.SortFunc(out, func(a, b classFile) int { return strings.Compare(a.String(), b.String()) })
	return out, nil
}

// findClass returns the class named by arg: NAME or COURSE/NAME.
func findClass(action, arg string) (classFile, error) {
	all, err := classFiles()
	if err != nil {
		return classFile{}, fmt.Errorf("class %s: %w", action, err)
	}
	var match []classFile
	for _, c := range all {
		if c.name == arg || c.String() == arg {
			match = append(match, c)
		}
	}
	switch len(match) {
	case 1:
		return match[0], nil
	case 0:
		names := make([]string, len(all))
		for i, c := range all {
			names[i] = c.String()
		}
		if len(names) == 0 {
			return classFile{}, badInput(fmt.Errorf("class %s: no class %q: there is none yet (serve --class NAME makes one)", action, arg))
		}
		return classFile{}, badInput(fmt.Errorf("class %s: no class %q; the classes are %s", action, arg, strings.Join(names, ", ")))
	}
	names := make([]string, len(match))
	for i, c := range match {
		names[i] = c.String()
	}
	return classFile{}, badInput(fmt.Errorf("class %s: %q is a class of %d courses: say which, as %s", action, arg, len(match), strings.Join(names, " or ")))
}

// openClass opens the class named by arg.
func openClass(action, arg string) (*class.Store, classFile, error) {
	c, err := findClass(action, arg)
	if err != nil {
		return nil, c, err
	}
	s, err := class.OpenExisting(context.Background(), c.path)
	if err != nil {
		return nil, c, fmt.Errorf("class %s: %w", action, err)
	}
	return s, c, nil
}

func classList(args []string, stdout, stderr io.Writer) error {
	if _, err := classFlags("list", args, stderr, 0, 0, nil); err != nil {
		return err
	}
	all, err := classFiles()
	if err != nil {
		return fmt.Errorf("class list: %w", err)
	}
	dir, _ := class.ClassesDir()
	if len(all) == 0 {
		_, err := fmt.Fprintf(stdout, "no class yet in %s (serve --lan --class NAME makes one)\n", dir)
		return err
	}
	fmt.Fprintf(stdout, "classes in %s:\n", dir)
	for _, c := range all {
		s, err := class.OpenExisting(context.Background(), c.path)
		if err != nil {
			fmt.Fprintf(stdout, "  %s: cannot be read: %v\n", c, err)
			continue
		}
		children, err := s.Children(context.Background())
		s.Close()
		if err != nil {
			fmt.Fprintf(stdout, "  %s: cannot be read: %v\n", c, err)
			continue
		}
		var answers, games, pending int
		for _, ch := range children {
			answers += ch.Answers
			games += ch.Games
			if ch.Pending {
				pending++
			}
		}
		fmt.Fprintf(stdout, "  %s: %d children (%d names waiting to be accepted), %d answers, %d games\n", c, len(children), pending, answers, games)
	}
	return nil
}

// csvCell keeps a cell from being read as a formula by a spreadsheet.
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func classExport(args []string, stdout, stderr io.Writer) error {
	var out *string
	var games *bool
	pos, err := classFlags("export", args, stderr, 1, 1, func(fs *flag.FlagSet) {
		out = fs.String("o", "", "write the CSV to this `file` (default: standard output)")
		games = fs.Bool("games", false, "export the games, not the answers")
	})
	if err != nil {
		return err
	}
	s, _, err := openClass("export", pos[0])
	if err != nil {
		return err
	}
	defer s.Close()
	var rows [][]string
	ctx := context.Background()
	if *games {
		gs, err := s.Games(ctx, "")
		if err != nil {
			return fmt.Errorf("class export: %w", err)
		}
		rows = append(rows, []string{"child", "date", "level", "side", "result", "end", "moves", "start", "tablet", "id", "stored"})
		for _, g := range gs {
			rows = append(rows, []string{csvCell(g.Child), g.Date, strconv.Itoa(g.Level), g.Side, g.Result, g.End, strings.Join(g.Moves, " "), g.Start, g.Tablet, g.ID, g.At})
		}
	} else {
		as, err := s.Answers(ctx, "")
		if err != nil {
			return fmt.Errorf("class export: %w", err)
		}
		rows = append(rows, []string{"child", "lesson", "exercise", "right", "tries", "stars", "stored", "tablet", "id"})
		for _, a := range as {
			rows = append(rows, []string{csvCell(a.Child), a.Lesson, csvCell(a.Exercise), strconv.FormatBool(a.Right), strconv.Itoa(a.Tries), strconv.Itoa(a.Stars), a.At, a.Tablet, a.ID})
		}
	}
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.WriteAll(rows)
	if err := w.Error(); err != nil {
		return fmt.Errorf("class export: %w", err)
	}
	if *out == "" {
		_, err := io.WriteString(rawWriter(stdout), b.String())
		return err
	}
	if err := publish.WriteFile(*out, []byte(b.String())); err != nil {
		return fmt.Errorf("class export: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "wrote %d rows to %s\n", len(rows)-1, *out)
	return err
}

func classRename(args []string, stdout, stderr io.Writer) error {
	pos, err := classFlags("rename", args, stderr, 3, 3, nil)
	if err != nil {
		return err
	}
	s, c, err := openClass("rename", pos[0])
	if err != nil {
		return err
	}
	defer s.Close()
	if err := s.Rename(context.Background(), pos[1], pos[2]); err != nil {
		if errors.Is(err, class.ErrNoChild) || errors.Is(err, class.ErrName) {
			return badInput(fmt.Errorf("class rename: %w", err))
		}
		return fmt.Errorf("class rename: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "class %s: %q is now %q\n", c, pos[1], strings.Join(strings.Fields(pos[2]), " "))
	return err
}

// confirm asks the user to type want, and reports whether they did.
func confirm(stdout io.Writer, question, want string) bool {
	fmt.Fprintf(stdout, "%s\ntype %q to confirm: ", question, want)
	line, _ := bufio.NewReader(confirmInput).ReadString('\n')
	return strings.TrimSpace(line) == want
}

func classForget(args []string, stdout, stderr io.Writer) error {
	var yes *bool
	pos, err := classFlags("forget", args, stderr, 1, 2, func(fs *flag.FlagSet) {
		yes = fs.Bool("yes", false, "do not ask for a confirmation")
	})
	if err != nil {
		return err
	}
	s, c, err := openClass("forget", pos[0])
	if err != nil {
		return err
	}
	if len(pos) == 2 {
		defer s.Close()
		child := pos[1]
		if !*yes && !confirm(stdout, fmt.Sprintf("forget %q of class %s: every answer and game of %q is deleted for good", child, c, child), child) {
			return badInput(errors.New("class forget: not confirmed; nothing was deleted"))
		}
		if err := s.Forget(context.Background(), child); err != nil {
			if errors.Is(err, class.ErrNoChild) {
				return badInput(fmt.Errorf("class forget: %w", err))
			}
			return fmt.Errorf("class forget: %w", err)
		}
		_, err = fmt.Fprintf(stdout, "class %s: forgot %q\n", c, child)
		return err
	}
	s.Close()
	if !*yes && !confirm(stdout, fmt.Sprintf("forget class %s: its file %s, with every name, answer and game, is deleted for good", c, c.path), c.name) {
		return badInput(errors.New("class forget: not confirmed; nothing was deleted"))
	}
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(c.path + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("class forget: %w", err)
		}
	}
	os.Remove(filepath.Dir(c.path)) // the course's folder, once it holds no class
	_, err = fmt.Fprintf(stdout, "forgot class %s\n", c)
	return err
}

func classReport(args []string, stdout, stderr io.Writer) error {
	var out *string
	pos, err := classFlags("report", args, stderr, 1, 2, func(fs *flag.FlagSet) {
		out = fs.String("o", "", "the PDF `file` to write (default: class-NAME.pdf in the current folder)")
	})
	if err != nil {
		return err
	}
	s, cf, err := openClass("report", pos[0])
	if err != nil {
		return err
	}
	defer s.Close()
	src, name, err := courseOrSample(pos[1:])
	if err != nil {
		return err
	}
	defer closeFS(src)
	c, err := build.Load(src, build.Options{})
	if err != nil {
		return badInput(fmt.Errorf("class report: %s: %s", name, firstLine(err.Error())))
	}
	if got := class.CourseFolder(c.Title); got != cf.course {
		return badInput(fmt.Errorf("class report: class %s is of course %q, and %s is %q: give the class's course folder", cf, cf.course, name, got))
	}
	ctx := context.Background()
	answers, err := s.Answers(ctx, "")
	if err != nil {
		return fmt.Errorf("class report: %w", err)
	}
	children, err := s.Children(ctx)
	if err != nil {
		return fmt.Errorf("class report: %w", err)
	}
	report := classReportData(cf.name, c, children, class.Cells(answers))
	var b bytes.Buffer
	rc := render.Course{Title: c.Title, Author: c.Author, Language: c.Language, Theme: c.Theme, Paper: c.Paper}
	if err := pdf.ClassReport(&b, rc, report, render.Options{}); err != nil {
		return fmt.Errorf("class report: %w", err)
	}
	file := *out
	if file == "" {
		file = "class-" + cf.name + ".pdf"
	}
	if err := publish.WriteFile(file, b.Bytes()); err != nil {
		return fmt.Errorf("class report: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "wrote the report of class %s (%d lessons, %d children) to %s\n", cf, len(report.Lessons), len(children), file)
	return err
}

// classReportData lays out the report of the class name of course c: a
// lesson a page, the roster's children and the pending names that
// answered it, by its exercises.
func classReportData(name string, c *course.Course, children []class.Child, cells map[string]map[string]map[string]class.Cell) render.ClassReport {
	r := render.ClassReport{Class: name}
	for i, l := range c.Lessons {
		rl := render.ClassReportLesson{Number: i + 1, Title: l.Title}
		for _, e := range l.Exercises {
			rl.Exercises = append(rl.Exercises, strconv.Itoa(e.Number))
		}
		for _, ch := range children {
			if ch.Pending && cells[ch.Name][l.ID] == nil {
				continue
			}
			row := render.ClassReportRow{Child: ch.Name}
			for _, e := range l.Exercises {
				cell := cells[ch.Name][l.ID][e.ID]
				row.Cells = append(row.Cells, render.ClassCell{Stars: cell.Stars, Wrong: cell.Wrong})
			}
			rl.Rows = append(rl.Rows, row)
		}
		r.Lessons = append(r.Lessons, rl)
	}
	return r
}
