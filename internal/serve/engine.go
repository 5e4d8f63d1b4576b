package serve

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"time"
)

// EnginePath is the URL path of the play page's engine: a POST of one
// engine request (JSON, as package internal/engine reads it) answered with
// the engine's JSON answer.
const EnginePath = "/_nostromo/engine"

// Limits of the engine's route: past PeerRate requests in a second from
// one peer it answers 429, past MaxEngine requests at once 503, and a
// body over MaxEngineBody bytes 413.
const (
	PeerRate      = 30
	MaxEngine     = 64
	MaxEngineBody = 256 << 10
)

// Engine answers the play page's engine requests: engine.Engine.
type Engine interface {
	Handle(req []byte) []byte
}

// engineRoute is what the Server keeps of the engine it serves.
type engineRoute struct {
	e     Engine
	table bool          // e answers from the whole-game table
	slots chan struct{} // one a request under way; MaxEngine of them
	now   func() time.Time
	// seen counts each peer's requests in the second that started at
	// second (see allow).
	second time.Time
	seen   map[netip.Addr]int
}

// SetEngine makes the server answer EnginePath with e, and the pages it
// serves say so (window.nostromoServe); table says whether e answers from
// the whole-game table. Without it, EnginePath is not found.
func (s *Server) SetEngine(e Engine, table bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.engine = &engineRoute{e: e, table: table, slots: make(chan struct{}, MaxEngine), now: time.Now, seen: map[netip.Addr]int{}}
}

// Play is what the pages are told of the engine's route, as
// window.nostromoServe: the play page asks Engine when it is set.
type Play struct {
	Engine string `json:"engine,omitempty"` // the route's path; "" without an engine
	Table  bool   `json:"table"`
}

// play returns what the pages are told of the engine's route.
func (s *Server) play() Play {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.engine == nil {
		return Play{}
	}
	return Play{Engine: EnginePath, Table: s.engine.table}
}

// answerEngine answers a request of the engine's route: a POST of one
// JSON request from a peer within its rate, while fewer than MaxEngine
// are under way.
func (s *Server) answerEngine(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	route := s.engine
	allowed := route != nil && route.allow(r)
	s.mu.Unlock()
	switch {
	case route == nil:
		http.NotFound(w, r)
		return
	case r.Method != http.MethodPost:
		w.Header().Set("Allow", "POST")
		http.Error(w, "method not allowed: the engine takes a POST of one JSON request", http.StatusMethodNotAllowed)
		return
	case !allowed:
		w.Header().Set("Retry-After", "1")
		http.Error(w, fmt.Sprintf("too many requests: at most %d a second", PeerRate), http.StatusTooManyRequests)
		return
	}
	select {
	case route.slots <- struct{}{}:
		defer func() { <-route.slots }()
	default:
		w.Header().Set("Retry-After", "1")
		http.Error(w, fmt.Sprintf("the engine is busy: %d requests under way", cap(route.slots)), http.StatusServiceUnavailable)
		return
	}
	req, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxEngineBody))
	if err != nil {
		if mb := (*http.MaxBytesError)(nil); errors.As(err, &mb) {
			http.Error(w, fmt.Sprintf("request too large: at most %d bytes", MaxEngineBody), http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "reading the request: "+err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(route.e.Handle(req))
}

// allow counts r against its peer's requests of the current second and
// reports whether it is within PeerRate. The caller holds s.mu.
func (route *engineRoute) allow(r *http.Request) bool {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	now := route.now().Truncate(time.Second)
	if !now.Equal(route.second) {
		route.second, route.seen = now, map[netip.Addr]int{}
	}
	peer := ap.Addr().Unmap()
	route.seen[peer]++
	return route.seen[peer] <= PeerRate
}
