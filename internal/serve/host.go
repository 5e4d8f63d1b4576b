package serve

import (
	"fmt"
	"net"
	"net/http"
	"strings"
)

// AllowLAN lets the other computers of the local network in, as serve
// --lan does: a request may then come from a peer on the local network
// (LocalNetwork; any other gets 403), and name, besides localhost,
// 127.0.0.1 and [::1], one of this computer's own addresses or its host
// name.
func (s *Server) AllowLAN() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lan = true
}

// hostAllowed reports whether the Host header of r names this computer.
// Any other name is refused: a page of another site whose name the
// attacker's DNS points at this computer (DNS rebinding) asks with its
// own name, and must not read the course and its answer keys.
func (s *Server) hostAllowed(r *http.Request) bool {
	name := r.Host
	if h, _, err := net.SplitHostPort(name); err == nil {
		name = h
	}
	name = strings.ToLower(strings.TrimSuffix(strings.Trim(name, "[]"), "."))
	name = withoutZone(name)
	if name == "" {
		return false
	}
	if name == "localhost" {
		return true
	}
	ip := net.ParseIP(name)
	if ip != nil && ip.IsLoopback() {
		return true
	}
	s.mu.RLock()
	lan, ownAddrs, hostname := s.lan, s.ownAddrs, s.hostname
	s.mu.RUnlock()
	if !lan {
		return false
	}
	if ip == nil {
		own, err := hostname()
		own = strings.ToLower(strings.TrimSuffix(own, "."))
		return err == nil && own != "" && (name == own || name == own+".local")
	}
	addrs, err := ownAddrs()
	if err != nil {
		return false
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.Equal(ip) {
			return true
		}
	}
	return false
}

// withoutZone returns name without the zone of an IPv6 address literal,
// such as fe80::1 for fe80::1%eth0 or fe80::1%25eth0 (RFC 6874 writes the
// percent sign as %25 in a URL). A zone names a network interface of the
// computer that sends the request, so it says nothing of this one, and
// RFC 6874 asks clients to remove it from the Host header; some do not.
// A name that is no IPv6 address with a zone comes back as it is.
func withoutZone(name string) string {
	addr, _, found := strings.Cut(name, "%")
	if !found || !strings.Contains(addr, ":") || net.ParseIP(addr) == nil {
		return name
	}
	return addr
}

// refuseHost answers a request whose Host header names another computer.
func refuseHost(w http.ResponseWriter, r *http.Request) {
	msg := fmt.Sprintf("nostromo-lessons serve: refused: %q is not this computer's name; open the address serve printed", r.Host)
	http.Error(w, msg, http.StatusMisdirectedRequest)
}
