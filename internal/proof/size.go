package proof

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// sizeUnits are the units ParseSize reads, in decimal as disks and memory
// sticks are sold: 1 GB is 10^9 bytes.
var sizeUnits = []struct {
	suffix string
	bytes  float64
}{
	{"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1},
}

// ParseSize reads a size such as "4GB", "512 MB", "1.5GB" or "3000000000"
// (bytes), in any letter case. It refuses sizes below 1 MB and above 1 TB.
func ParseSize(s string) (int64, error) {
	text := strings.ToUpper(strings.TrimSpace(s))
	scale := 1.0
	for _, u := range sizeUnits {
		if rest, ok := strings.CutSuffix(text, u.suffix); ok {
			text, scale = strings.TrimSpace(rest), u.bytes
			break
		}
	}
	n, err := strconv.ParseFloat(text, 64)
	bytes := n * scale
	if err != nil || math.IsNaN(bytes) || bytes < 1e6 || bytes > 1e12 {
		return 0, fmt.Errorf("size %q: want a size from 1MB to 1TB, like 4GB or 512MB", s)
	}
	return int64(bytes), nil
}

// FormatSize writes n bytes the way ParseSize reads them, rounded to one
// decimal: "4GB", "1.5GB", "512MB".
func FormatSize(n int64) string {
	for _, u := range sizeUnits {
		if float64(n) >= u.bytes {
			return strconv.FormatFloat(math.Round(float64(n)/u.bytes*10)/10, 'f', -1, 64) + u.suffix
		}
	}
	return strconv.FormatInt(n, 10) + "B"
}
