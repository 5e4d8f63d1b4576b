package mdtext

import (
	"errors"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"
)

// Size returns how many bytes the lesson Markdown src becomes in a page
// of the site (htmlSize) and in out/md (mdSize), as the renderers write it:
// links made safe, each reference link written out with its destination,
// raw HTML escaped. A board block counts as its own text (its diagram has
// limits of its own). Counting stops a little past limit bytes, so that a
// field that would grow without bound is measured quickly: a size over
// limit means "more than limit".
func Size(src string, limit int) (htmlSize, mdSize int) {
	if strings.TrimSpace(src) == "" {
		return 0, 0
	}
	return htmlTextSize(src, limit), mdTextSize(src, limit)
}

// errFull stops a conversion whose output has passed its limit.
var errFull = errors.New("mdtext: limit reached")

// countWriter counts what is written to it, and fails once the count is
// over limit, which ends goldmark's rendering.
type countWriter struct{ n, limit int }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	if w.n > w.limit {
		return len(p), errFull
	}
	return len(p), nil
}

// htmlTextSize is the size of src converted as the site converts lesson
// Markdown (render's newMarkdown), but with board blocks left as code
// blocks.
func htmlTextSize(src string, limit int) int {
	md := goldmark.New(goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(SafeLinks{}, 200))))
	w := &countWriter{limit: limit}
	md.Convert([]byte(src), w) // an error is errFull: w.n is over limit
	return w.n
}

// mdTextSize is the size of src as render's mdWriter.text writes it, but
// with board blocks left as they are.
func mdTextSize(src string, limit int) int {
	source := []byte(src)
	doc, spans := Parse(source)
	eds := RawHTMLEdits(doc)
	eds = append(eds, LinkEdits(doc, source, spans)...)
	slices.SortStableFunc(eds, func(a, b Edit) int { return a.Start - b.Start })
	n, last := len(source)+2, 0
	for _, e := range eds {
		if e.Start < last {
			continue
		}
		if e.Replace {
			n += len(e.Text) - (e.End - e.Start)
		} else {
			n += 3 * strings.Count(src[e.Start:e.End], "<") // "<" becomes "&lt;"
		}
		last = e.End
		if n > limit {
			break
		}
	}
	return n
}
