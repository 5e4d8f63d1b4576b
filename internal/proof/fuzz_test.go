package proof

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// fuzzKey signs the entries of FuzzCacheEntry.
var fuzzKey = bytes.Repeat([]byte{7}, KeySize)

// FuzzCacheEntry reads any body of a proof cache entry, under a header
// whose signature fits it (as a file written with the key by another
// version of the program would be): an entry read is written back the same, and turning it into a
// solution either fails or gives moves legal where they are played.
func FuzzCacheEntry(f *testing.F) {
	p := rules.Start
	key := entryKey("solve", p, solver.Goal{Kind: solver.Game})
	for _, e := range []entry{
		{Key: key, Result: "draw", Distance: -1, Best: []string{"b2b3", "c2c3"}},
		{Key: key, Result: "white", Distance: 2, Best: []string{"e2e3"}, Line: []string{"e2e3", "f6e4", "e3e4"}},
		{Key: key, Result: "black", Best: []string{"Kd1"}, Winning: []string{"N@f6"}},
		{Key: key, Result: "nobody"},
		{Key: "other"},
	} {
		f.Add(bytes.TrimSuffix(bytes.SplitN(encode(e, fuzzKey), []byte("\n"), 2)[1], []byte("\n")))
	}
	f.Add([]byte(`{"key":` + strconv.Quote(key) + `,"line":["e2e3",null,"x"]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		data := fmt.Appendf(nil, "%s %s\n%s\n", formatVersion, hex.EncodeToString(sign(body, fuzzKey)), body)
		e, ok := decode(data, key, fuzzKey)
		if !ok {
			return
		}
		back, ok := decode(encode(e, fuzzKey), key, fuzzKey)
		if diff := cmp.Diff(e, back, cmp.AllowUnexported(entry{}), cmpopts.EquateEmpty()); !ok || diff != "" {
			t.Fatalf("entry %s read as %+v, written and read back: %v (-read +back):\n%s", body, e, ok, diff)
		}
		sol, err := e.solution(p, solver.Goal{Kind: solver.Game})
		if err != nil {
			return
		}
		for _, m := range sol.Best {
			if !p.IsLegal(m) {
				t.Fatalf("entry %s: best move %v is not legal", body, m)
			}
		}
		q := p
		for _, m := range sol.Line {
			if !q.IsLegal(m) {
				t.Fatalf("entry %s: line move %v is not legal in %v", body, m, q)
			}
			q = q.Apply(m)
		}
	})
}
