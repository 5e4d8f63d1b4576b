package serve

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"nostromo-lessons/internal/engine"
	"nostromo-lessons/internal/proof"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
	"nostromo-lessons/rules/table"
)

// echo is an Engine that answers every request with itself.
type echo struct{}

func (echo) Handle(req []byte) []byte { return append([]byte(`{"echo":`), append(req, '}')...) }

// post returns the answer to a POST of body to the engine's route from
// peer, with Host host.
func post(s *Server, peer, host, method, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, EnginePath, strings.NewReader(body))
	r.RemoteAddr, r.Host = peer, host
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

// TestEngineRoute checks who the engine's route answers, and how it
// refuses the others, with the Host and peer checks of the event stream.
func TestEngineRoute(t *testing.T) {
	own := func() ([]net.Addr, error) {
		return []net.Addr{&net.IPNet{IP: net.ParseIP("192.168.1.5"), Mask: net.CIDRMask(24, 32)}}, nil
	}
	for _, tt := range []struct {
		name, peer, host, method, body string
		lan, noEngine                  bool
		code                           int
	}{
		{"this computer", "127.0.0.1:5000", "localhost:8080", http.MethodPost, `{"op":"moves"}`, false, false, http.StatusOK},
		{"a tablet with --lan", "192.168.1.7:5000", "192.168.1.5:8080", http.MethodPost, `{"op":"moves"}`, true, false, http.StatusOK},
		{"a tablet without --lan", "192.168.1.7:5000", "192.168.1.5:8080", http.MethodPost, `{}`, false, false, http.StatusForbidden},
		{"the Internet", "203.0.113.9:5000", "192.168.1.5:8080", http.MethodPost, `{}`, true, false, http.StatusForbidden},
		{"another host name", "127.0.0.1:5000", "evil.example", http.MethodPost, `{}`, false, false, http.StatusMisdirectedRequest},
		{"GET", "127.0.0.1:5000", "localhost", http.MethodGet, "", false, false, http.StatusMethodNotAllowed},
		{"too large", "127.0.0.1:5000", "localhost", http.MethodPost, strings.Repeat(" ", MaxEngineBody+1), false, false, http.StatusRequestEntityTooLarge},
		{"no engine", "127.0.0.1:5000", "localhost", http.MethodPost, `{}`, false, true, http.StatusNotFound},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := New()
			s.ownAddrs = own
			if tt.lan {
				s.AllowLAN()
			}
			if !tt.noEngine {
				s.SetEngine(echo{}, false)
			}
			w := post(s, tt.peer, tt.host, tt.method, tt.body)
			if w.Code != tt.code {
				t.Fatalf("%s %s from %s (Host %q) = %d %q, want %d", tt.method, EnginePath, tt.peer, tt.host, w.Code, w.Body, tt.code)
			}
			if tt.code == http.StatusOK {
				if want := `{"echo":` + tt.body + `}`; w.Body.String() != want || w.Header().Get("Content-Type") != "application/json" {
					t.Errorf("POST %s = %q (%s), want %q, JSON", EnginePath, w.Body, w.Header().Get("Content-Type"), want)
				}
			}
		})
	}
}

// TestEngineRate checks the refusal (429) past PeerRate requests in a
// second from one peer, while another peer and the next second are
// answered.
func TestEngineRate(t *testing.T) {
	s := New()
	s.AllowLAN()
	s.SetEngine(echo{}, false)
	now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	s.engine.now = func() time.Time { return now }
	for i := 1; i <= PeerRate+1; i++ {
		w := post(s, "127.0.0.1:5000", "localhost", http.MethodPost, `{}`)
		if want := map[bool]int{true: http.StatusOK, false: http.StatusTooManyRequests}[i <= PeerRate]; w.Code != want {
			t.Fatalf("request %d in one second: %d, want %d", i, w.Code, want)
		}
	}
	if w := post(s, "[::ffff:192.168.1.7]:5000", "localhost", http.MethodPost, `{}`); w.Code != http.StatusOK {
		t.Errorf("another peer's request: %d, want 200", w.Code)
	}
	now = now.Add(time.Second)
	if w := post(s, "127.0.0.1:5000", "localhost", http.MethodPost, `{}`); w.Code != http.StatusOK {
		t.Errorf("the next second's request: %d, want 200", w.Code)
	}
}

// blocking is an Engine whose answers wait for release.
type blocking struct {
	started chan struct{}
	release chan struct{}
}

func (b blocking) Handle(req []byte) []byte {
	b.started <- struct{}{}
	<-b.release
	return []byte(`{}`)
}

// TestEngineBusy checks the refusal (503) past MaxEngine requests at
// once, whatever their peers.
func TestEngineBusy(t *testing.T) {
	s := New()
	s.AllowLAN()
	b := blocking{make(chan struct{}), make(chan struct{})}
	s.SetEngine(b, false)
	var wg sync.WaitGroup
	for i := range MaxEngine {
		wg.Add(1)
		go func() {
			defer wg.Done()
			post(s, "192.168.1."+string(rune('0'+i%8))+":5000", "localhost", http.MethodPost, `{}`)
		}()
		<-b.started
	}
	w := post(s, "127.0.0.1:5000", "localhost", http.MethodPost, `{}`)
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
		t.Errorf("request %d at once: %d (Retry-After %q), want 503 with Retry-After", MaxEngine+1, w.Code, w.Header().Get("Retry-After"))
	}
	close(b.release)
	wg.Wait()
	go func() { <-b.started }()
	if w := post(s, "127.0.0.1:5000", "localhost", http.MethodPost, `{}`); w.Code != http.StatusOK {
		t.Errorf("a request once they are answered: %d, want 200", w.Code)
	}
}

// TestEngineInjected checks what the served pages are told of the
// engine: window.nostromoServe, with the route and the table, or no
// route without an engine.
func TestEngineInjected(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "site"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "site", "play.html"), []byte("<body><p>play</p></body>"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		set    func(*Server)
		script string
	}{
		{"none", func(*Server) {}, `window.nostromoServe = {"table":false};`},
		{"engine", func(s *Server) { s.SetEngine(echo{}, false) }, `window.nostromoServe = {"engine":"/_nostromo/engine","table":false};`},
		{"table", func(s *Server) { s.SetEngine(echo{}, true) }, `window.nostromoServe = {"engine":"/_nostromo/engine","table":true};`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := New()
			tt.set(s)
			s.Publish(root)
			r := httptest.NewRequest(http.MethodGet, "/site/play.html", nil)
			r.RemoteAddr = "127.0.0.1:5000"
			r.Host = "localhost"
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if !strings.Contains(w.Body.String(), tt.script) {
				t.Errorf("GET /site/play.html = %q, want it to hold %q", w.Body, tt.script)
			}
		})
	}
}

// TestEngineTable checks that the route answers with the whole-game
// table where one is given: a small table built here, for a position of 2
// pawns, answered with source "table" and the table's best move.
func TestEngineTable(t *testing.T) {
	root, err := rules.ParseFEN("8/8/5n2/8/8/8/2PP4/4K3 w 2 2")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := table.Build(dir, []solver.Config{solver.ConfigOf(root)}, table.Options{Solver: solver.Options{Workers: 1}}); err != nil {
		t.Fatal(err)
	}
	tb, err := table.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	pt := proof.NewTable(tb, nil, func(err error) { t.Errorf("table: %v", err) })
	s := New()
	s.SetEngine(engine.NewWith(engine.Options{Table: pt}), true)
	w := post(s, "127.0.0.1:5000", "localhost", http.MethodPost, `{"op":"level","fen":"`+root.String()+`","level":5}`)
	var got engine.Chosen
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != http.StatusOK {
		t.Fatalf("POST level: %d %s (%v)", w.Code, w.Body, err)
	}
	want, err := engine.New().Reply(root)
	if err != nil {
		t.Fatal(err)
	}
	if got.Source != engine.SourceTable || !got.Perfect || got.SAN != root.SAN(want) {
		t.Errorf("POST level = %s from %s (perfect %v), want the solver's %s from the table", got.SAN, got.Source, got.Perfect, root.SAN(want))
	}
	if pt.Hits() == 0 {
		t.Error("the table answered no question")
	}
}
