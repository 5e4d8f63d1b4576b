package pageid

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// idPattern is what a lesson ID may look like: it names output files, so
// it must not be able to leave the output folder or hide a file.
var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// Check reports whether id is a safe lesson ID: lower-case letters a-z,
// digits and hyphens, not starting with a hyphen, at most 64 characters.
func Check(id string) error {
	if len(id) > 64 || !idPattern.MatchString(id) {
		return fmt.Errorf("render: lesson id %q: want lower-case letters a-z, digits and hyphens, like \"flight-2\"", id)
	}
	return nil
}

// Reserved returns the names of the output files that are not a lesson's
// own (index.html, style.css, workbook.pdf, ...): no lesson may take one
// as its page id. Every output file the renderer adds beside the lessons'
// pages must be named here (and in LessonOutputs for a file of each
// lesson), so that check refuses a colliding lesson before build.
func Reserved() []string {
	return []string{"index", "style", "answer", "workbook", "rules", "certificates", "checklist", "scoresheet", "teacher", "engine", "play"}
}

// LessonOutputs returns the names, beside its id, that a lesson's output
// files take: "<id>-answers" for its answer key and "<id>-play" for its
// play card. Another lesson may not take one as its page id.
func LessonOutputs(id string) []string {
	return []string{id + "-answers", id + "-play"}
}

// FromName returns the page id of a lesson file name (without .yaml): the
// name itself when it is already an id (Check), else the name in lower
// case with its letters' accents dropped and every other character than
// a-z, 0-9 and - made a -, and no - at the start ("Intro_2" is "intro-2",
// "Über" is "uber"). A name's id is the same whichever way its file system
// writes an accented letter (one character, or a letter and a combining
// accent, as macOS does), so a lesson keeps its page and its stars when
// its folder moves. It fails when nothing is left or the id is too long.
func FromName(name string) (string, error) {
	if Check(name) == nil {
		return name, nil
	}
	id := strings.TrimLeft(strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
			return r
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		case unicode.Is(unicode.Mn, r):
			return -1 // an accent, apart from its letter
		}
		return '-'
	}, norm.NFKD.String(name)), "-")
	if err := Check(id); err != nil {
		return "", fmt.Errorf("render: lesson file name %q makes no page id: want at most 64 letters a-z, digits, - or _, like 02-flight", name)
	}
	return id, nil
}
