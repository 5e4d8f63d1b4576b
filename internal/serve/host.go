package serve

import (
	"fmt"
	"net"
	"net/http"
	"strings"
)

// AllowLAN lets the other computers of the local network in, as serve
// --lan does: besides localhost, 127.0.0.1 and [::1], a request may then
// name one of this computer's own addresses or its host name.
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

// refuseHost answers a request whose Host header names another computer.
func refuseHost(w http.ResponseWriter, r *http.Request) {
	msg := fmt.Sprintf("nostromo-lessons serve: refused: %q is not this computer's name; open the address serve printed", r.Host)
	http.Error(w, msg, http.StatusMisdirectedRequest)
}
