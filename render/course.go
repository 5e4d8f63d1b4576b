package render

import (
	"fmt"
	"regexp"
)

// idPattern is what a lesson ID may look like: it names output files, so
// it must not be able to leave the output folder or hide a file.
var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// CheckID reports whether id is a safe lesson ID: lower-case letters a-z,
// digits and hyphens, not starting with a hyphen, at most 64 characters.
func CheckID(id string) error {
	if len(id) > 64 || !idPattern.MatchString(id) {
		return fmt.Errorf("render: lesson id %q: want lower-case letters a-z, digits and hyphens, like \"flight-2\"", id)
	}
	return nil
}
