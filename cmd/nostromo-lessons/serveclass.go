package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/class"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/serve"
)

// openClassroom opens the class name of the course in dir for serve
// --class: the course is loaded (not proven) for its title, language and
// exercise keys; a course with an exercise without an id is refused,
// naming each, since answers are stored under the ids.
func openClassroom(ctx context.Context, dir, name string, opts build.Options, stderr io.Writer) (*serve.Classroom, error) {
	if err := class.CheckClassName(name); err != nil {
		return nil, badInput(fmt.Errorf("serve: --class: %w", err))
	}
	c, err := loadCourse(dir, opts)
	if err != nil {
		return nil, badInput(fmt.Errorf("serve: --class: %s cannot be read, so its exercises cannot be known: %w", dir, err))
	}
	lessons, missing := classLessons(c)
	if len(missing) > 0 {
		return nil, badInput(fmt.Errorf("serve: --class: a class stores answers under each exercise's id, and %d exercises have none; give each an id (such as id: flee-2):\n  %s",
			len(missing), strings.Join(missing, "\n  ")))
	}
	path, err := class.Path(class.CourseFolder(c.Title), name)
	if err != nil {
		return nil, badInput(fmt.Errorf("serve: --class: %w", err))
	}
	store, err := class.Open(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("serve: --class: %w", err)
	}
	room := serve.NewClassroom(name, store, func(msg string) { fmt.Fprintln(stderr, msg) })
	room.SetLessons(lessons, c.Language)
	return room, nil
}

// loadCourse loads the course in dir without proving it.
func loadCourse(dir string, opts build.Options) (*course.Course, error) {
	src, err := courseDir(dir)
	if err != nil {
		return nil, err
	}
	defer closeFS(src)
	c, err := build.Load(src, opts)
	if err != nil {
		var errs interface{ Unwrap() []error }
		if errors.As(err, &errs) {
			return nil, errors.New(firstLine(err.Error()))
		}
		return nil, err
	}
	return c, nil
}

// firstLine returns the first line of s, with how many more follow.
func firstLine(s string) string {
	first, rest, ok := strings.Cut(s, "\n")
	if !ok {
		return first
	}
	return fmt.Sprintf("%s (and %d more problems)", first, strings.Count(rest, "\n")+1)
}

// classLessons returns the lessons of c with their exercise keys, and the
// exercises without an id, as "lessons/03-flight.yaml:42:5: exercise 3".
func classLessons(c *course.Course) (lessons []serve.ClassLesson, missing []string) {
	for _, l := range c.Lessons {
		cl := serve.ClassLesson{ID: l.ID, Title: l.Title, Exercises: []string{}}
		for _, e := range l.Exercises {
			if e.ID == "" {
				missing = append(missing, fmt.Sprintf("%s: exercise %d of lesson %q", e.Pos, e.Number, l.ID))
				continue
			}
			cl.Exercises = append(cl.Exercises, e.ID)
		}
		lessons = append(lessons, cl)
	}
	return lessons, missing
}

// updateClassroom gives the classroom the lessons of the course in dir as
// it is now, after a good build; exercises without an id are named on
// the terminal, and their answers refused.
func updateClassroom(room *serve.Classroom, dir string, opts build.Options, stderr io.Writer) {
	c, err := loadCourse(dir, opts)
	if err != nil {
		return // the build said why
	}
	lessons, missing := classLessons(c)
	for _, m := range missing {
		fmt.Fprintf(stderr, "nostromo-lessons: serve: --class: warning: %s has no id: its answers are not stored\n", m)
	}
	room.SetLessons(lessons, c.Language)
}
