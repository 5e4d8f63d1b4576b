package course

import (
	"io/fs"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/internal/question"
)

// Verify checks the answer of every exercise of c (those of its lessons and
// those of its banks, each once) with the rules engine or s, sets each
// exercise's Line and Proof, and returns a yamlpos.ErrorList of every wrong answer, sorted
// by position, or nil. Share one s between courses: its cache makes a
// position pay once.
func Verify(c *Course, s question.Solver) error {
	var errs yamlpos.ErrorList
	proofs := map[question.Question]question.Proof{}
	check := func(e *Exercise) {
		if proof, done := proofs[e.Question]; done {
			e.Line, e.Proof = proof.Line, proof
			return
		}
		var proof question.Proof
		var probs []question.Problem
		if s == nil && e.Kind.NeedsSolver() {
			probs = []question.Problem{{Field: "kind", Msg: "no solver to prove this kind with"}}
		} else {
			proof, probs = e.Question.Check(s)
		}
		proofs[e.Question], e.Line, e.Proof = proof, proof.Line, proof
		for _, p := range probs {
			errs.Add(e.at(p.Field), e.label+": "+e.problemText(p))
		}
	}
	for _, b := range c.Banks {
		for _, e := range b.Exercises {
			check(e)
		}
	}
	for _, l := range c.Lessons {
		for _, e := range l.Exercises {
			check(e)
		}
	}
	errs.Sort()
	return errs.Err()
}

// Check loads the course in fsys with opts and verifies it with s: the
// problems of both steps in one sorted yamlpos.ErrorList.
func Check(fsys fs.FS, s question.Solver, opts ...Option) (*Course, error) {
	return CheckWith(fsys, func(*Course) (question.Solver, error) { return s, nil }, opts...)
}

// CheckWith is Check with a solver chosen once the course is loaded, such
// as one with the budget course.yaml asks for. An error from choose stops
// the check and is returned as it is.
func CheckWith(fsys fs.FS, choose func(*Course) (question.Solver, error), opts ...Option) (*Course, error) {
	c, err := Load(fsys, opts...)
	var errs yamlpos.ErrorList
	if err != nil {
		errs = append(errs, err.(yamlpos.ErrorList)...)
	}
	s, err := choose(c)
	if err != nil {
		return c, err
	}
	if err := Verify(c, s); err != nil {
		errs = append(errs, err.(yamlpos.ErrorList)...)
	}
	errs.Sort()
	return c, errs.Err()
}
