package course

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"nostromo-lessons/internal/course/yamlpos"
	"nostromo-lessons/render/mdtext"
)

// textSize is what one Markdown field renders to: bytes of HTML in the
// site and of Markdown in out/md, as mdtext.Size measures them.
type textSize struct {
	html, md int
	at       yamlpos.Pos // where the field is
	what     string      // the field's name, for messages
}

// fieldOutput returns how many bytes of HTML, and of Markdown, a Markdown
// field of n bytes may render to: MaxGrowth times its size, at least
// MinFieldOutput, at most MaxFieldOutput.
func fieldOutput(n int) int {
	return min(MaxFieldOutput, max(MaxGrowth*n, MinFieldOutput))
}

// size measures what the Markdown value n renders to, and reports a field
// that grows past fieldOutput: a link reference used many times writes its
// destination each time, so that a short field could fill a disk.
func (f *file) size(n *yaml.Node, what string) textSize {
	limit := fieldOutput(len(n.Value))
	s := textSize{at: f.Pos(n), what: f.Prefix + what}
	s.html, s.md = mdtext.Size(n.Value, limit)
	var as string
	switch {
	case s.html > limit:
		as = "HTML"
	case s.md > limit:
		as = "Markdown"
	default:
		return s
	}
	f.Errorf(n, "%s: its %d bytes render to more than %d bytes of %s, the limit (%d times the field, at least %s, at most %s); a link reference used many times writes its link out each time: use it fewer times, or shorten the link or the field",
		what, len(n.Value), limit, as, MaxGrowth, kib(MinFieldOutput), kib(MaxFieldOutput))
	s.html, s.md = min(s.html, limit), min(s.md, limit)
	return s
}

// kib writes a size in bytes that is a whole number of KiB or MiB.
func kib(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d KiB", n>>10)
}

// outputs checks what each lesson page's Markdown (its intro and the
// explanations of its exercises, included ones too) renders to against
// MaxPageOutput, as HTML and as Markdown. The problem is reported at the
// field with which the page crosses the limit.
func (l *loader) outputs(lessons []*Lesson) {
	for _, lesson := range lessons {
		fields := []textSize{lesson.introSize}
		for _, e := range lesson.Exercises {
			fields = append(fields, e.explainSize)
		}
		html, md := 0, 0
		for _, s := range fields {
			html += s.html
			md += s.md
			if html > MaxPageOutput || md > MaxPageOutput {
				l.errs.Add(s.at, fmt.Sprintf("%s: with this field the page of %s renders to more than %s of HTML or of Markdown, the limit for a lesson page; split the lesson into two, or shorten its explanations",
					s.what, lesson.File, kib(MaxPageOutput)))
				break
			}
		}
	}
}
