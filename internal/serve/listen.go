package serve

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"sync"
	"syscall"
)

// Limits of a Server and its listeners. A page holds one event stream
// while it is open, and each stream holds a connection, so without a
// limit a flood of streams (from this computer, or any device on the
// network with --lan) takes every file descriptor of the process, and the
// next build fails with "too many open files". A classroom has some
// thirty tablets, a few pages each.
const (
	// MaxStreams is how many event streams are open at once; past it a
	// page gets 503 and stays as it is, without reloading by itself.
	MaxStreams = 256
	// MaxConns is how many connections are open at once, event streams
	// included; past it a new connection waits in the system's queue
	// until one closes.
	MaxConns = 2 * MaxStreams
)

// LocalNetwork reports whether a peer at ip is this computer or on its
// local network, and so may read the pages of serve --lan: a loopback
// address, a private IPv4 address (RFC 1918: 10/8, 172.16/12,
// 192.168/16), an IPv6 unique local address (fc00::/7) or an IPv6
// link-local one (fe80::/10). A public address, IPv4 or IPv6, is not:
// the pupils' site is not for the Internet.
func LocalNetwork(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsLoopback() || ip.IsPrivate() || ip.Is6() && ip.IsLinkLocalUnicast()
}

// Listen listens on TCP port of every address of addrs, the first first:
// port 0 takes a free port of the first address, which the others then
// share. An address other than the first that cannot be listened on, as
// [::1] on a computer without IPv6, is skipped, and the error says why;
// a port taken on a later address, when port 0 chose it, makes Listen
// try another. The listeners share a limit of MaxConns connections.
func Listen(addrs []netip.Addr, port int) (lns []net.Listener, skipped []Skipped, err error) {
	if len(addrs) == 0 {
		return nil, nil, errors.New("no address to listen on")
	}
	for try := 0; ; try++ {
		lns, skipped, err = listenAll(addrs, port)
		if err == nil || port != 0 || try == 10 || !errors.Is(err, syscall.EADDRINUSE) {
			break
		}
	}
	if err != nil {
		return nil, nil, err
	}
	sem := make(chan struct{}, MaxConns)
	for i, ln := range lns {
		lns[i] = &limitListener{Listener: ln, sem: sem, done: make(chan struct{})}
	}
	return lns, skipped, nil
}

// listenAll is one try of Listen, without the limit.
func listenAll(addrs []netip.Addr, port int) (lns []net.Listener, skipped []Skipped, err error) {
	for i, a := range addrs {
		ln, err := net.Listen("tcp", net.JoinHostPort(a.String(), strconv.Itoa(port)))
		if err != nil && i == 0 {
			return nil, nil, err
		}
		if err != nil && errors.Is(err, syscall.EADDRINUSE) {
			for _, l := range lns {
				l.Close()
			}
			return nil, nil, err
		}
		if err != nil {
			skipped = append(skipped, Skipped{a, err})
			continue
		}
		if i == 0 {
			port = ln.Addr().(*net.TCPAddr).Port
		}
		lns = append(lns, ln)
	}
	return lns, skipped, nil
}

// Skipped is an address that Listen could not listen on, and why.
type Skipped struct {
	Addr netip.Addr
	Err  error
}

func (s Skipped) Error() string { return fmt.Sprintf("%s: %v", s.Addr, s.Err) }

// limitListener is a net.Listener whose connections, with those of the
// listeners sharing sem, are at most cap(sem) at once (as
// golang.org/x/net/netutil.LimitListener): Accept waits while there are
// that many, so a flood of connections waits in the system's queue and
// holds no file descriptor of the process.
type limitListener struct {
	net.Listener
	sem       chan struct{}
	closeOnce sync.Once
	done      chan struct{}
}

// Accept waits for a free place, then for a connection.
func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.sem <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.sem }}, nil
}

// Close closes the listener; an Accept waiting for a place returns.
func (l *limitListener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

// limitConn gives its place back when it is closed, once.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// Close closes the connection and frees its place.
func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
