package stats

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"nostromo-lessons/internal/style"
)

// ListMax is how many items WriteText lists of a long list; the JSON has
// them all.
const ListMax = 10

// WriteText writes the report for an author to read: a summary, a line a
// figure, then a table of the lessons and the lists worth a look (the
// exercises without explanation, the labyrinths whose obstacles change
// nothing, the bank exercises no lesson shows, the long sentences).
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	line := func(label, text string) { fmt.Fprintf(&b, "%-13s %s\n", label, text) }
	hidden := 0
	for _, h := range r.Hidden {
		hidden += h.N
	}
	title := r.Title
	if title == "" {
		title = "The course"
	}
	fmt.Fprintf(&b, "%s: %s\n\n", title, plural(len(r.Lessons), "lesson"))
	line("Exercises", join(fmt.Sprintf("%d seen (%d site-only)", r.Seen, r.SiteOnly), fmt.Sprintf("%d hidden", hidden),
		fmt.Sprintf("%d generated (%s)", r.Generated, percent(r.Generated, r.Seen)),
		fmt.Sprintf("%d authored", r.Seen-r.Generated), fmt.Sprintf("%d without explanation", len(r.NoExplain))))
	three := r.Pawns[3] + r.Pawns[4] + r.Pawns[5] + r.Pawns[6]
	var pawns []string
	for n, c := range r.Pawns {
		pawns = append(pawns, fmt.Sprintf("%d:%d", n, c))
	}
	line("Positions", join(fmt.Sprintf("%d (%d distinct)", r.Positions, r.Distinct), "by pawns "+strings.Join(pawns, " "),
		fmt.Sprintf("3+ pawns %d (%s)", three, percent(three, r.Positions)), fmt.Sprintf("4-6 pawns %d", r.Pawns[4]+r.Pawns[5]+r.Pawns[6])))
	var ctrs []string
	for _, c := range r.Counters {
		ctrs = append(ctrs, fmt.Sprintf("%d/%d: %d", c.Saved, c.Taken, c.N))
	}
	line("Counters", "saved/taken "+strings.Join(ctrs, " · "))
	line("King", join(fmt.Sprintf("corner %d", r.King.Corner), fmt.Sprintf("edge %d", r.King.Edge), fmt.Sprintf("centre %d", r.King.Centre)))
	answers := 0
	for _, d := range r.Distances {
		answers += d.N
	}
	line("Distances", join(plural(answers, "answer"), counts(r.Distances, ":", " "), fmt.Sprintf("longest %d", r.LongestDistance())))
	lab := r.Labyrinths
	labs := "none"
	if lab.Total > 0 {
		labs = join(strconv.Itoa(lab.Total), fmt.Sprintf("obstacles change the moves in %d (%s)", lab.Matter, percent(lab.Matter, lab.Total)),
			fmt.Sprintf("only the paths in %d", lab.PathsOnly), fmt.Sprintf("nothing in %d", lab.Same))
	}
	line("Labyrinths", labs)
	line("Levels", join("lessons "+levels(r.LessonLevels), "exercises "+levels(r.ExerciseLevels)))
	concepts := fmt.Sprintf("%d without", r.NoConcept)
	if len(r.Concepts) > 0 {
		concepts = join(counts(r.Concepts, " ", " · "), concepts)
	}
	line("Concepts", concepts)
	rd := r.Reading
	formula := "Flesch-Kincaid"
	if rd.lang != style.English {
		formula += ", made for English text: a rough guide for a course in " + rd.lang.String()
	}
	line("Reading", join(fmt.Sprintf("grade %.1f (%s)", rd.Grade, formula), fmt.Sprintf("%d sentences, %d words", rd.Sentences, rd.Words),
		fmt.Sprintf("longest %d words", rd.Longest.Words), fmt.Sprintf("%d over %d words", len(rd.Long), LongSentence)))
	r.lessonTable(&b)
	list(&b, fmt.Sprintf("Without explanation (%d)", len(r.NoExplain)), r.NoExplain)
	list(&b, fmt.Sprintf("Labyrinths whose obstacles change nothing (%d)", len(lab.Empty)), lab.Empty)
	var banks []string
	for _, h := range r.Hidden {
		banks = append(banks, fmt.Sprintf("%4d  %s", h.N, h.Name))
	}
	list(&b, fmt.Sprintf("Hidden: %d bank exercises that no lesson includes", hidden), banks)
	var long []string
	for _, s := range rd.Long {
		long = append(long, fmt.Sprintf("%s (%d words): %s", s.Where, s.Words, clip(s.Text, 60)))
	}
	list(&b, fmt.Sprintf("Sentences over %d words (%d)", LongSentence, len(long)), long)
	_, err := io.WriteString(w, b.String())
	return err
}

// lessonTable writes a line a lesson: its figures, then its kinds.
func (r *Report) lessonTable(b *strings.Builder) {
	width := len("lesson")
	for _, l := range r.Lessons {
		width = max(width, len(l.ID))
	}
	fmt.Fprintf(b, "\n%-*s  level  exercises  blocks  mixed  no explain  grade  kinds\n", width, "lesson")
	for _, l := range r.Lessons {
		fmt.Fprintf(b, "%-*s  %5d  %9d  %6d  %5d  %10d  %5.1f  %s\n", width, l.ID, l.Level, l.Exercises, l.Blocks, l.Mixed, l.NoExplain, l.Grade,
			counts(l.Kinds, " ", " · "))
	}
}

// list writes a titled list of at most ListMax items, saying how many
// more there are.
func list(b *strings.Builder, title string, items []string) {
	if len(items) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%s\n", title)
	for i, it := range items {
		if i == ListMax {
			fmt.Fprintf(b, "  … and %d more (--json lists them all)\n", len(items)-ListMax)
			break
		}
		fmt.Fprintf(b, "  %s\n", it)
	}
}

// counts writes counts as "name<sep>n" joined by between.
func counts(cs []Count, sep, between string) string {
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.Name+sep+strconv.Itoa(c.N))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, between)
}

// levels writes counts of levels 1 to 5 as "1:n 2:n ...".
func levels(ns [5]int) string {
	var parts []string
	for i, n := range ns {
		parts = append(parts, fmt.Sprintf("%d:%d", i+1, n))
	}
	return strings.Join(parts, " ")
}

func join(parts ...string) string { return strings.Join(parts, " · ") }

// percent writes n of total as a whole percentage, "-" without a total.
func percent(n, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(total))
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// clip cuts s to at most n runes, ending it with … when cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
