package serve

import (
	"context"
	"testing"
	"time"
)

// TestRebuilderStoppedBuildAgain: a build that Changed stops is made again
// at once, though nothing fired the trigger (serve stayed at "proving…"
// for good when it was not), and a build that ends on its own is not.
func TestRebuilderStoppedBuildAgain(t *testing.T) {
	builds := make(chan int, 10)
	underway := make(chan struct{})
	n := 0
	r := &Rebuilder{}
	r.Build = func(ctx, build context.Context) bool {
		n++
		builds <- n
		if n == 1 {
			close(underway)
			<-build.Done() // a long proof, until Changed stops it
			return ctx.Err() == nil
		}
		return false
	}
	ctx, cancel := context.WithCancel(context.Background())
	trigger := make(chan struct{}, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.Run(ctx, trigger)
	}()
	trigger <- struct{}{}
	<-underway
	r.Changed()
	for want := 1; want <= 2; want++ {
		select {
		case got := <-builds:
			if got != want {
				t.Fatalf("build %d started, want %d", got, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("build %d did not start after the stopped one", want)
		}
	}
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return once ctx was done")
	}
	if len(builds) != 0 {
		t.Errorf("%d builds more than the stopped one and its repeat", len(builds))
	}
}
