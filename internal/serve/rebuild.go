package serve

import (
	"context"
	"sync"
)

// Rebuilder makes serve's builds: one each time its trigger fires, and
// the build under way stopped by Changed, inside a proof too, and made
// again at once, so that a save during a long proof does not wait for the
// proofs of the old text.
type Rebuilder struct {
	// Build makes one build. Its ctx is done when serve stops; build is
	// done besides when a file of the course changed. It reports whether
	// a change stopped it, so that it must be made again.
	Build func(ctx, build context.Context) (stopped bool)

	mu   sync.Mutex
	stop context.CancelFunc // stops the build under way; nil between builds
}

// Changed is told that a file of the course changed: the build under way,
// if any, stops (Run starts the next one).
func (r *Rebuilder) Changed() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stop != nil {
		r.stop()
	}
}

// setStop records the function that stops the build under way.
func (r *Rebuilder) setStop(stop context.CancelFunc) {
	r.mu.Lock()
	r.stop = stop
	r.mu.Unlock()
}

// Run builds the course each time trigger fires, until ctx is done. A
// change during a build fires trigger again, so one more build follows;
// a build that a change stopped is made again at once, whether or not its
// change could fire trigger (it could not while the trigger of the build
// it stopped was still due: that build had not started).
func (r *Rebuilder) Run(ctx context.Context, trigger <-chan struct{}) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-trigger:
			for ctx.Err() == nil && r.build(ctx) {
				select {
				case <-trigger: // the change that stopped it: built next
				default:
				}
			}
		}
	}
}

// build makes one build that Changed can stop, and reports whether it did.
func (r *Rebuilder) build(ctx context.Context) (stopped bool) {
	bctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.setStop(cancel)
	defer r.setStop(nil)
	return r.Build(ctx, bctx)
}
