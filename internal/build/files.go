package build

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"

	"nostromo-lessons/render"
	"nostromo-lessons/render/pdf"
)

// files makes every output file of the course, the render step. It hands each output file to emit, by
// a slash path relative to the output root, with a function that writes the
// file's contents; emit creates the file and calls write (or, in a test,
// keeps the bytes). The files, in this order:
//
//	site/style.css, site/answer.js                    the site's style sheet and script
//	site/index.html, site/rules.html                  the site's front page and rules
//	site/<id>.html                                    the lessons' pages
//	site/play.html, site/play.js, site/engine.js      the play page, and its script and engine, which
//	                                                  the lessons' play-outs use too
//	teacher/md/<id>.md, teacher/md/<id>-<n>.svg       Markdown, with the answers, and its diagrams
//	pdf/<id>.pdf                                      worksheets
//	teacher/<id>-answers.pdf                          answer keys
//	pdf/<id>-play.pdf                                 play it out with a partner: the lesson's positions
//	pdf/rules.pdf                                     the rules sheet
//	pdf/certificates.pdf, pdf/checklist.pdf           a certificate per level, the class checklist
//	pdf/scoresheet.pdf                                a score sheet for a pair's two games on real boards
//	teacher/workbook.pdf                              rules, worksheets and keys in one book
//	teacher/teacher-guide.pdf                         the lessons' teacher's guides
//	teacher/index.html                                the teacher's page, with the guides
//
// No answer key is in site/ or pdf/, nor linked from them: the site (with
// pdf/ for its worksheets) can be put online without teacher/.
//
// The files are made in memory on up to GOMAXPROCS goroutines, a few
// ahead of the one being emitted, and emitted one at a time in this order
// from the goroutine that called files; each file's bytes depend only on
// the course, so the output is the same however the work is shared out.
//
// Lesson IDs are checked first (render.CheckIDs), so no path can
// leave the output root. The first error stops publishing: the files
// before it are emitted, none after it.
func files(c render.Course, opts render.Options, emit func(path string, write func(io.Writer) error) error) error {
	p, err := outputs(c, opts)
	if err != nil {
		return err
	}
	return p.run(runtime.GOMAXPROCS(0), emit)
}

// outputs checks the lesson IDs and returns the emitter with a job for
// every output file, in files' order.
func outputs(c render.Course, opts render.Options) (*emitter, error) {
	if err := render.CheckIDs(c); err != nil {
		return nil, err
	}
	k, err := render.NewAssets(c, opts)
	if err != nil {
		return nil, err
	}
	pdfs := pdf.New(k.Art())
	p := &emitter{k: k, c: c}
	p.file("site/style.css", func(w io.Writer) error { return render.Stylesheet(w, opts) })
	p.file("site/"+render.ScriptName, func(w io.Writer) error { return render.Script(w, opts) })
	p.file("site/index.html", func(w io.Writer) error { return k.WriteIndex(w, c) })
	p.file("site/rules.html", func(w io.Writer) error { return k.WriteRules(w, c) })
	for _, l := range c.Lessons {
		p.file("site/"+l.ID+".html", func(w io.Writer) error { return k.WriteLesson(w, c, l) })
	}
	p.file("site/"+render.GamePage, func(w io.Writer) error { return k.WriteGame(w, c) })
	p.file("site/"+render.PlayJS, k.PlayScript)
	p.file("site/engine.js", k.EngineScript)
	for _, l := range c.Lessons {
		p.markdown(l)
	}
	for _, l := range c.Lessons {
		p.file("pdf/"+l.ID+".pdf", func(w io.Writer) error { return pdfs.Worksheet(w, c, l) })
		p.file(render.TeacherDir+l.ID+"-answers.pdf", func(w io.Writer) error { return pdfs.AnswerKey(w, c, l) })
		p.file("pdf/"+l.ID+"-play.pdf", func(w io.Writer) error { return pdfs.PlayCard(w, c, l) })
	}
	p.file("pdf/rules.pdf", func(w io.Writer) error { return pdfs.Rules(w, c) })
	p.file("pdf/certificates.pdf", func(w io.Writer) error { return pdfs.Certificates(w, c) })
	p.file("pdf/checklist.pdf", func(w io.Writer) error { return pdfs.Checklist(w, c) })
	p.file("pdf/scoresheet.pdf", func(w io.Writer) error { return pdfs.ScoreSheet(w, c) })
	p.fileFirst(render.TeacherDir+"workbook.pdf", func(w io.Writer) error { return pdfs.Workbook(w, c) })
	p.file(render.TeacherDir+render.GuideFile, func(w io.Writer) error { return pdfs.TeacherGuide(w, c) })
	p.file(render.TeacherDir+"index.html", func(w io.Writer) error { return k.WriteTeacher(w, c) })
	return p, nil
}

// emitter makes the output files as jobs and emits them in order.
type emitter struct {
	k     *render.Assets
	c     render.Course
	jobs  []job
	first []int // jobs to start before the others: the longest
}

// job makes one or more output files, in the order they are emitted.
type job func() ([]output, error)

// safely runs j, its panic made its error: a bug met in one file fails the
// build with a message instead of ending the program from a goroutine that
// nobody can recover (serve goes on showing the last good build).
func safely(j job) (out []output, err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(error); ok {
				err = fmt.Errorf("render: internal error: %w (please report this with the course that makes it)", e)
			} else {
				err = fmt.Errorf("render: internal error: %v (please report this with the course that makes it)", r)
			}
		}
	}()
	return j()
}

// output is a file made in memory, waiting for its turn to be emitted.
// A file that failed keeps what was written before its error, and emitting
// it hands emit a write that fails with the error, as making it in place
// would have.
type output struct {
	path string
	data []byte
	err  error
}

// file adds a job that makes one file.
func (p *emitter) file(path string, write func(io.Writer) error) {
	p.jobs = append(p.jobs, func() ([]output, error) {
		var buf bytes.Buffer
		err := write(&buf)
		return []output{{path, buf.Bytes(), err}}, nil
	})
}

// fileFirst adds a job as file does, and has it started before the
// others, though it is emitted in its place: a long job (the workbook
// holds every worksheet and key) then runs beside the short ones instead
// of alone after them.
func (p *emitter) fileFirst(path string, write func(io.Writer) error) {
	p.first = append(p.first, len(p.jobs))
	p.file(path, write)
}

// markdown adds a job that makes a lesson's Markdown and then the diagram
// files it refers to.
func (p *emitter) markdown(l render.Lesson) {
	p.jobs = append(p.jobs, func() ([]output, error) {
		var buf bytes.Buffer
		boards, err := render.WriteMarkdown(&buf, p.c, l)
		if err != nil {
			return nil, err
		}
		out := []output{{render.MDDir + l.ID + ".md", buf.Bytes(), nil}}
		for i, b := range boards {
			svg, err := p.k.BoardSVG(b)
			out = append(out, output{fmt.Sprintf("%s%s-%d.svg", render.MDDir, l.ID, i+1), svg, err})
			if err != nil {
				break
			}
		}
		return out, nil
	})
}

// run makes the jobs' files on up to workers goroutines and hands them to
// emit in the jobs' order, each job's files in their order, until the first
// error: of emit, of a file (through emit), or of a job (returned after
// the files it made). At most 2*workers jobs, and those started first, are
// made ahead of the one being emitted, so the files held in memory stay few.
func (p *emitter) run(workers int, emit func(path string, write func(io.Writer) error) error) error {
	type result struct {
		out  []output
		err  error
		done chan struct{}
	}
	results := make([]result, len(p.jobs))
	for i := range results {
		results[i].done = make(chan struct{})
	}
	order := slices.Clone(p.first) // the order jobs start in
	for i := range p.jobs {
		if !slices.Contains(p.first, i) {
			order = append(order, i)
		}
	}
	todo := make(chan int)
	stop := make(chan struct{})
	slots := make(chan struct{}, 2*workers+len(p.first)) // a slot per job started and not yet emitted
	go func() {
		defer close(todo)
		for _, i := range order {
			select {
			case slots <- struct{}{}:
			case <-stop:
				return
			}
			select {
			case todo <- i:
			case <-stop:
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range todo {
				results[i].out, results[i].err = safely(p.jobs[i])
				close(results[i].done)
			}
		})
	}
	defer wg.Wait()
	defer close(stop)
	for i := range results {
		r := &results[i]
		<-r.done
		for _, o := range r.out {
			p.k.Progress(o.path)
			err := emit(o.path, func(w io.Writer) error {
				if _, err := w.Write(o.data); err != nil {
					return err
				}
				return o.err
			})
			if err != nil {
				return err
			}
		}
		if r.err != nil {
			return r.err
		}
		r.out = nil
		<-slots
	}
	return nil
}
