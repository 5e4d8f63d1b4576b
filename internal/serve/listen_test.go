package serve

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// TestPeer checks who may read the pages: this computer always; with
// --lan the local network too (RFC 1918, IPv6 unique local and link-local
// addresses), never a public address, IPv4 or IPv6 (N6: serve --lan
// answered on every interface).
func TestPeer(t *testing.T) {
	root := t.TempDir()
	s := New()
	s.Publish(root)
	lan := New()
	lan.AllowLAN()
	lan.Publish(root)
	for _, tt := range []struct {
		from     string
		lan, nor bool // allowed with --lan, without
	}{
		{"127.0.0.1:5000", true, true},
		{"127.0.0.2:5000", true, true},
		{"[::1]:5000", true, true},
		{"[::ffff:127.0.0.1]:5000", true, true},
		{"10.1.2.3:5000", true, false},
		{"172.16.0.9:5000", true, false},
		{"172.31.255.1:5000", true, false},
		{"192.168.1.23:5000", true, false},
		{"[::ffff:192.168.1.23]:5000", true, false},
		{"[fd00::2]:5000", true, false},
		{"[fc12::2]:5000", true, false},
		{"[fe80::1]:5000", true, false},
		{"[fe80::1%eth0]:5000", true, false},
		{"172.32.0.1:5000", false, false},
		{"203.0.113.7:5000", false, false},
		{"8.8.8.8:5000", false, false},
		{"100.64.0.1:5000", false, false}, // shared address space (carrier NAT), not a school's network
		{"169.254.3.4:5000", false, false},
		{"[2001:db8::1]:5000", false, false},
		{"[2a00:1450::1]:5000", false, false},
		{"[fec0::1]:5000", false, false}, // site-local, long deprecated
		{"garbage", false, false},
	} {
		for _, c := range []struct {
			srv     *Server
			lan     bool
			allowed bool
		}{{s, false, tt.nor}, {lan, true, tt.lan}} {
			r := httptest.NewRequest(http.MethodGet, "/site/", nil)
			r.RemoteAddr = tt.from
			r.Host = "localhost"
			w := httptest.NewRecorder()
			c.srv.ServeHTTP(w, r)
			if refused := w.Code == http.StatusForbidden; refused == c.allowed {
				t.Errorf("GET /site/ from %s (lan %v) = %d %q, want allowed %v", tt.from, c.lan, w.Code, w.Body, c.allowed)
			}
		}
	}
}

// TestStreamLimit checks that a flood of event streams cannot take every
// file descriptor of serve (N5: 20,000 streams stopped its builds): past
// the limit a stream is refused with 503, and a place freed is taken
// again.
func TestStreamLimit(t *testing.T) {
	s := New()
	s.maxStreams = 3
	ts := httptest.NewServer(s)
	defer ts.Close()
	defer s.Close()
	open := func() (*http.Response, context.CancelFunc) {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+EventsPath, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == http.StatusOK { // wait until the server counts it
			buf := make([]byte, 5)
			if _, err := io.ReadFull(resp.Body, buf); err != nil {
				t.Fatal(err)
			}
		}
		return resp, func() { cancel(); resp.Body.Close() }
	}
	var closers []context.CancelFunc
	defer func() {
		for _, c := range closers {
			c()
		}
	}()
	for i := range 3 {
		resp, c := open()
		closers = append(closers, c)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("stream %d: status %d, want 200", i+1, resp.StatusCode)
		}
	}
	resp, c := open()
	body, _ := io.ReadAll(resp.Body)
	c()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "too many open pages") || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("stream 4 of at most 3: %d %q (Retry-After %q), want 503, too many open pages, and Retry-After",
			resp.StatusCode, body, resp.Header.Get("Retry-After"))
	}
	closers[0]()
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, c := open()
		closers = append(closers, c)
		if resp.StatusCode == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a stream closed, but a new one still gets %d", resp.StatusCode)
		}
		c()
		time.Sleep(20 * time.Millisecond)
	}
}

// TestListenLimit checks the listeners of serve: the addresses share one
// port, an address that cannot be listened on is skipped with its
// reason, and at most so many connections are open at once, across all of
// them; a closed one frees a place.
func TestListenLimit(t *testing.T) {
	addrs := []netip.Addr{netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("192.0.2.1")} // 192.0.2.1 is no address of this computer
	lns, skipped, err := Listen(addrs, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		for _, ln := range lns {
			ln.Close()
		}
	}()
	if len(lns) != 1 || len(skipped) != 1 || skipped[0].Addr != addrs[1] || !strings.Contains(skipped[0].Error(), "192.0.2.1") {
		t.Fatalf("Listen(%v) = %d listeners, skipped %v; want 1, and 192.0.2.1 skipped", addrs, len(lns), skipped)
	}
	if l, ok := lns[0].(*limitListener); !ok || cap(l.sem) != MaxConns {
		t.Fatalf("Listen returned %T, want a *limitListener of %d connections", lns[0], MaxConns)
	}

	// Two listeners (IPv4 and IPv6 loopback where there is one) share a
	// limit of 2 here.
	addrs = []netip.Addr{netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("::1")}
	raw, _, err := listenAll(addrs, 0)
	if err != nil {
		t.Fatal(err)
	}
	sem := make(chan struct{}, 2)
	accepted := make(chan net.Conn, 10)
	for _, ln := range raw {
		l := &limitListener{Listener: ln, sem: sem, done: make(chan struct{})}
		defer l.Close()
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				accepted <- c
			}
		}()
	}
	port := raw[0].Addr().(*net.TCPAddr).Port
	for _, ln := range raw[1:] {
		if p := ln.Addr().(*net.TCPAddr).Port; p != port {
			t.Fatalf("the listeners are on ports %d and %d, want one port", port, p)
		}
	}
	var dialled []net.Conn
	defer func() {
		for _, c := range dialled {
			c.Close()
		}
	}()
	for i := range 4 {
		a := raw[i%len(raw)].Addr().String()
		c, err := net.Dial("tcp", a)
		if err != nil {
			t.Fatal(err)
		}
		dialled = append(dialled, c)
	}
	var got []net.Conn
	for range 2 {
		select {
		case c := <-accepted:
			got = append(got, c)
		case <-time.After(10 * time.Second):
			t.Fatal("fewer than 2 connections accepted")
		}
	}
	select {
	case c := <-accepted:
		t.Fatalf("a third connection (%s) was accepted past the limit of 2", c.RemoteAddr())
	case <-time.After(200 * time.Millisecond):
	}
	got[0].Close()
	got[0].Close() // twice frees one place, not two
	select {
	case c := <-accepted:
		got = append(got, c)
	case <-time.After(10 * time.Second):
		t.Fatal("a closed connection did not free its place")
	}
	select {
	case c := <-accepted:
		t.Fatalf("a connection (%s) was accepted past the limit of 2", c.RemoteAddr())
	case <-time.After(200 * time.Millisecond):
	}
	for _, c := range got {
		c.Close()
	}
	if _, err := (&limitListener{Listener: raw[0], sem: make(chan struct{}), done: closedChan()}).Accept(); !errors.Is(err, net.ErrClosed) {
		t.Errorf("Accept on a closed full listener = %v, want net.ErrClosed", err)
	}
}

func closedChan() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}
