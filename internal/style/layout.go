package style

import (
	"fmt"
	"slices"
	"strings"
)

// Layout is how densely a worksheet sets its exercises, as course.yaml's
// and a lesson's layout: names it.
type Layout uint8

// The layouts. The zero value leaves the choice to the course, and a
// course's zero value picks by kind (as Drill does).
const (
	ByKind  Layout = iota // the course's layout; for a course: drill cells for runs of the drill kinds, compact cells for the rest
	Roomy                 // one exercise a row: a large diagram, the question above, the answer space beside it
	Compact               // two diagrams a row, squares of 9 mm, the questions beside them: six exercises a page
	Drill                 // three small diagrams a row (squares of 6 mm) for runs of the drill kinds, compact cells for the rest
)

var layoutNames = [...]string{ByKind: "by-kind", Roomy: "roomy", Compact: "compact", Drill: "drill"}

// LayoutNames returns the layouts' names as course files write them, in
// the order of their constants: the words the loader and the schema accept.
func LayoutNames() []string { return slices.Clone(layoutNames[:]) }

// String returns the layout's name as course files write it.
func (l Layout) String() string {
	if int(l) < len(layoutNames) {
		return layoutNames[l]
	}
	return fmt.Sprintf("Layout(%d)", l)
}

// ParseLayout reads a layout's name as String writes it.
func ParseLayout(s string) (Layout, error) {
	for i, name := range layoutNames {
		if s == name {
			return Layout(i), nil
		}
	}
	return ByKind, fmt.Errorf("style: layout %q: want one of %s", s, strings.Join(layoutNames[:], ", "))
}
