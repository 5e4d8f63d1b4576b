package build

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"nostromo-lessons/render"
)

// TestRunOrder checks that the emitter emits the files of jobs made on
// several goroutines, in any order and at any speed, in the jobs' order,
// and that the first error stops it: the files before it are emitted,
// none after it, and a file's error reaches emit through its write. A
// job's panic is its error.
func TestRunOrder(t *testing.T) {
	errBoom := errors.New("boom")
	for _, tt := range []struct {
		name     string
		fail     int  // the job whose file fails; -1: none
		jobErr   bool // the job fails as a whole instead
		jobPanic bool // the job panics instead
		emitFail string
		want     []string
		wantErr  error
	}{
		{name: "all", fail: -1, want: names(0, 40)},
		{name: "file error", fail: 17, want: append(names(0, 17), "f17"), wantErr: errBoom},
		{name: "job error", fail: 17, jobErr: true, want: names(0, 17), wantErr: errBoom},
		{name: "job panic", fail: 17, jobPanic: true, want: names(0, 17), wantErr: errBoom},
		{name: "emit error", fail: -1, emitFail: "f5", want: names(0, 6), wantErr: errBoom},
	} {
		for _, workers := range []int{1, 2, 7} {
			t.Run(fmt.Sprintf("%s/%d", tt.name, workers), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(workers), 0))
				p := emitter{k: &render.Assets{}}
				var made atomic.Int32
				for i := range 40 {
					delay := time.Duration(rng.IntN(300)) * time.Microsecond
					p.jobs = append(p.jobs, func() ([]output, error) {
						made.Add(1)
						time.Sleep(delay)
						switch {
						case i == tt.fail && tt.jobErr:
							return nil, errBoom
						case i == tt.fail && tt.jobPanic:
							panic(errBoom)
						case i == tt.fail:
							return []output{{fmt.Sprintf("f%d", i), nil, errBoom}}, nil
						}
						return []output{{fmt.Sprintf("f%d", i), []byte{byte(i)}, nil}}, nil
					})
				}
				p.first = []int{39}
				var got []string
				err := p.run(workers, func(path string, write func(io.Writer) error) error {
					got = append(got, path)
					var buf bytes.Buffer
					if err := write(&buf); err != nil {
						return err
					}
					if want := fmt.Sprintf("f%d", buf.Bytes()[0]); path != want {
						t.Errorf("emit(%q) wrote the bytes of %q", path, want)
					}
					if path == tt.emitFail {
						return errBoom
					}
					return nil
				})
				if !errors.Is(err, tt.wantErr) {
					t.Errorf("run = %v, want %v", err, tt.wantErr)
				}
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("emitted files (-want +got):\n%s", diff)
				}
				if n := int(made.Load()); tt.wantErr != nil && n > len(tt.want)+2*workers+1 {
					t.Errorf("%d jobs made before stopping at %d with %d workers: too many ahead", n, len(tt.want), workers)
				}
			})
		}
	}
}

// names returns "f<from>" ... "f<to-1>".
func names(from, to int) []string {
	var out []string
	for i := from; i < to; i++ {
		out = append(out, fmt.Sprintf("f%d", i))
	}
	return out
}
