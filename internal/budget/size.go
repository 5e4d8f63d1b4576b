package budget

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// sizeUnits are the units Parse reads, in decimal as disks and memory
// sticks are sold: 1 GB is 10^9 bytes.
var sizeUnits = []struct {
	suffix string
	bytes  float64
}{
	{"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1},
}

// sizeNumber is the form of a size's number: decimal digits with a point
// and an exponent, as course.yaml's JSON Schema has it (internal/course's
// courseKeys), so that an editor accepts every size Parse does; not
// strconv.ParseFloat's "+4", "4.", "0x1p30" or "Inf".
var sizeNumber = regexp.MustCompile(`^[0-9]*\.?[0-9]+([eE][+-]?[0-9]+)?$`)

// sizeSpace is the white space a size may have around its number and
// unit: the JSON Schema's \s as Go reads it.
const sizeSpace = " \t\n\f\r"

// Parse reads a size such as "4GB", "512 MB", "1.5GB" or "3000000000"
// (bytes), in any letter case. It refuses sizes below 1 MB and above 1 TB.
func Parse(s string) (int64, error) {
	text := strings.ToUpper(strings.Trim(s, sizeSpace))
	scale := 1.0
	for _, u := range sizeUnits {
		if rest, ok := strings.CutSuffix(text, u.suffix); ok {
			text, scale = strings.TrimRight(rest, sizeSpace), u.bytes
			break
		}
	}
	n, err := strconv.ParseFloat(text, 64)
	bytes := n * scale
	if err != nil || !sizeNumber.MatchString(text) || math.IsNaN(bytes) || bytes < 1e6 || bytes > 1e12 {
		return 0, fmt.Errorf("size %q: want a size from 1MB to 1TB, like 4GB or 512MB", s)
	}
	return int64(bytes), nil
}

// Format writes n bytes the way Parse reads them, in TB, GB or MB (MB also
// below 1 MB, as a budget's advice for a tiny test budget says it), rounded
// to one decimal: "4GB", "1.5GB", "512MB", "0.4MB", "1TB".
func Format(n int64) string {
	unit, scale := "MB", 1e6
	switch {
	case n >= 1e12:
		unit, scale = "TB", 1e12
	case n >= 1e9:
		unit, scale = "GB", 1e9
	}
	return strconv.FormatFloat(math.Round(float64(n)/(scale/10))/10, 'f', -1, 64) + unit
}
