package render

import (
	"fmt"
	"html/template"
	"io"
	"io/fs"
)

// teacherView is the data of teacher.html, the teacher's page in the
// folder teacher/ beside the answer keys and the workbook.
type teacherView struct {
	page
	Site, Workbook, RulesPDF, Certificates, Checklist, ScoreSheet, Guide string
	Levels                                                               []levelView
	Decisions                                                            []string                 // the rules the project decided
	Guides                                                               map[string]template.HTML // each lesson's guide by its ID; none without one
}

// GuideFile is the teacher's guide's PDF in the folder teacher/.
const GuideFile = "teacher-guide.pdf"

// WriteTeacher executes teacher.html, the teacher's page teacher/index.html:
// every lesson's guide, worksheet, answer key and play card, the teacher's
// guide as a PDF, the workbook, the rules sheet, the rules the project
// decided, the certificates, the checklist and the score sheet, how to print them and
// how the children use the site. The answer keys and the workbook (which
// holds them) are in its own folder, so that the site's folder can be put
// online alone.
func (k *Assets) WriteTeacher(w io.Writer, c Course) error {
	v := teacherView{page: coursePage(c, k.say.Say(teacherTitle)+" · "+c.Title), Site: siteDir + "index.html", Workbook: "workbook.pdf",
		RulesPDF: pdfDir + "rules.pdf", Certificates: pdfDir + "certificates.pdf", Checklist: pdfDir + "checklist.pdf",
		ScoreSheet: pdfDir + "scoresheet.pdf", Guide: GuideFile, Decisions: ProjectDecisions(c), Guides: map[string]template.HTML{}}
	v.Root = siteDir
	levels, err := byLevel(c)
	if err != nil {
		return err
	}
	v.Levels = levels
	for _, l := range c.Lessons {
		guide, err := k.markdownHTML(l.Teacher, nil)
		if err != nil {
			return fmt.Errorf("render: teacher's guide of lesson %s: %w", l.ID, err)
		}
		if guide != "" {
			v.Guides[l.ID] = guide
		}
	}
	return execute(w, k.teacher, "teacher.html", v)
}

// teacherTitle is the key of the teacher's page's title.
const teacherTitle = "teacher.title"

// Script writes the site's answer.js, the lesson pages' script, from
// Options.Templates if it has one, else the embedded one.
func Script(w io.Writer, opts Options) error {
	js, err := fs.ReadFile(opts.files(), ScriptName)
	if err != nil {
		return fmt.Errorf("render: script: %w", err)
	}
	_, err = w.Write(js)
	return err
}

// ScriptName is the pages' script, a template file copied to the site.
const ScriptName = "answer.js"
