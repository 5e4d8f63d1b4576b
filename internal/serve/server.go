package serve

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
)

// EventsPath is the URL path of the Server-Sent Events stream that the
// served pages listen to.
const EventsPath = "/_nostromo/events"

// StartPage is where "/" leads: the lesson site's index. The whole build
// folder is served, so that the site's links to ../pdf/ work.
const StartPage = "/site/"

// TeacherPath is the folder of the teacher's page and the answer keys,
// served to this computer only.
const TeacherPath = "/teacher"

// fromThisComputer reports whether r comes from a loopback address.
func fromThisComputer(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	ip := net.ParseIP(host)
	return err == nil && ip != nil && ip.IsLoopback()
}

// peerAllowed reports whether r comes from this computer or, with
// AllowLAN, from the local network (LocalNetwork). serve listens on those
// addresses only, but a router may still forward a request from the
// Internet to one of them.
func (s *Server) peerAllowed(r *http.Request) bool {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip := ap.Addr().Unmap()
	if ip.IsLoopback() {
		return true
	}
	s.mu.RLock()
	lan := s.lan
	s.mu.RUnlock()
	return lan && LocalNetwork(ip)
}

// Server serves the build folder given to Publish and keeps the pages that
// show it up to date. Its zero value is not usable; call New.
type Server struct {
	mu       sync.RWMutex
	root     string   // the folder of the last good build; "" before the first
	version  int      // how many builds ended, good or not
	status   string   // what a build in progress is doing; "" when none is
	problems []string // the problems of the last build; nil when it was good
	clients  map[chan struct{}]bool
	done     chan struct{} // closed by Close
	closed   bool
	lan      bool           // set by AllowLAN
	lang     style.Language // the language of the pages before the first good build
	engine   *engineRoute   // set by SetEngine

	maxStreams int // MaxStreams; the tests lower it

	// ownAddrs and hostname say this computer's addresses and name
	// (net.InterfaceAddrs and os.Hostname; the tests change them).
	ownAddrs func() ([]net.Addr, error)
	hostname func() (string, error)
}

// New returns a Server with nothing to show yet: until the first Publish
// or Fail, every page says that the course is being proven.
func New() *Server {
	return &Server{clients: map[chan struct{}]bool{}, done: make(chan struct{}),
		ownAddrs: net.InterfaceAddrs, hostname: os.Hostname, maxStreams: MaxStreams}
}

// Building says that a build is in progress and what it is doing, such as
// "proving...", said in the course's language (see SetLanguage); "" says
// that it is building. The open pages show it until the build ends.
func (s *Server) Building(status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if status == "" {
		status = catalog.New(s.lang, style.Classic).Say("serve.status.building")
	}
	s.status = status
	s.notify()
}

// Publish makes dir, a finished build folder, the one served, and tells
// the open pages to reload. It returns the folder served before, which no
// request reads any more once Publish returns (files already open stay
// readable where the system allows removing open files).
func (s *Server) Publish(dir string) (old string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, s.root = s.root, dir
	s.version++
	s.status, s.problems = "", nil
	s.notify()
	return old
}

// Fail ends a build that found problems: the last good build is still
// served, with the problems over every page, and the open pages reload to
// show them.
func (s *Server) Fail(problems []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(problems) == 0 {
		problems = []string{"the build failed"}
	}
	s.version++
	s.status, s.problems = "", problems
	s.notify()
}

// SetLanguage sets the language of the page shown before the first good
// build: the course's, when its course.yaml could be read.
func (s *Server) SetLanguage(l style.Language) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lang = l
}

// Close ends the event streams of the open pages, so that an http.Server
// can shut down; the pages reconnect to the next serve by themselves.
func (s *Server) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.closed = true
		close(s.done)
	}
}

// notify wakes every event stream. The caller holds s.mu.
func (s *Server) notify() {
	for c := range s.clients {
		select {
		case c <- struct{}{}:
		default: // already woken: it reads the newest state anyway
		}
	}
}

// state is what a page shows besides the build: the version of the build
// it shows, a build in progress and the problems of the last one.
type state struct {
	Version  int
	Status   string
	Problems []string
	Lang     style.Language // the course's, which the page's words are in
}

func (s *Server) state() state {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return state{s.version, s.status, s.problems, s.lang}
}

// ServeHTTP refuses a request from a computer outside the local network
// (403), or from another one than this without AllowLAN, and a request
// that names another computer in its Host header (421); it serves the
// build folder, the event stream, the play page's engine (SetEngine), and in place of the pages, before the
// first good build, a page that says why there are none.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	switch {
	case !s.peerAllowed(r):
		http.Error(w, "nostromo-lessons serve: refused: the pages are for this computer and, with --lan, its local network only", http.StatusForbidden)
		return
	case !s.hostAllowed(r):
		refuseHost(w, r)
		return
	case r.URL.Path == EventsPath:
		s.events(w, r)
		return
	case r.URL.Path == EnginePath:
		s.answerEngine(w, r)
		return
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	case r.URL.Path == "/":
		http.Redirect(w, r, StartPage, http.StatusFound)
		return
	}
	s.mu.RLock()
	root, st := s.root, state{s.version, s.status, s.problems, s.lang}
	if root == "" {
		s.mu.RUnlock()
		s.placeholder(w, st)
		return
	}
	name, f, info, folder, err := open(root, r.URL.Path)
	if err == nil && !fromThisComputer(r) && inTeacher(root, name) {
		// The answer keys are for the teacher's computer, never for the
		// tablets of serve --lan.
		err = os.ErrNotExist
	}
	s.mu.RUnlock()
	if err != nil || info.IsDir() {
		if f != nil {
			f.Close()
		}
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	if folder && !strings.HasSuffix(r.URL.Path, "/") {
		http.Redirect(w, r, path.Base(r.URL.Path)+"/", http.StatusMovedPermanently)
		return
	}
	if path.Ext(name) != ".html" {
		http.ServeContent(w, r, name, info.ModTime(), f)
		return
	}
	page, err := io.ReadAll(f)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var out bytes.Buffer
	if err := Inject(&out, page, st.Version, st.Status, st.Problems, st.Lang, s.play()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	http.ServeContent(w, r, name, info.ModTime(), bytes.NewReader(out.Bytes()))
}

// open opens the file of the URL path p below root, or the index.html of
// the folder p (folder is then true). Nothing whose name starts with a dot
// is served, nor any name with a backslash (a separator on Windows, which
// would hide a dot or a ".." from that rule, as net/http's Dir refuses
// it), nor anything outside root.
func open(root, p string) (name string, f *os.File, info os.FileInfo, folder bool, err error) {
	name = path.Clean("/" + p)
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") || strings.Contains(part, `\`) {
			return "", nil, nil, false, os.ErrNotExist
		}
	}
	f, err = os.OpenInRoot(root, filepath.FromSlash("."+name))
	if err == nil {
		info, err = f.Stat()
	}
	if err == nil && info.IsDir() {
		f.Close()
		folder, name = true, path.Join(name, "index.html")
		f, err = os.OpenInRoot(root, filepath.FromSlash("."+name))
		if err == nil {
			info, err = f.Stat()
		}
	}
	if err != nil {
		if f != nil {
			f.Close()
		}
		return "", nil, nil, false, err
	}
	return name, f, info, folder, nil
}

// inTeacher reports whether the file name, a clean URL path below root,
// is in the teacher's folder. It asks the disk, not the letters of the
// path: a disk that ignores letter case (as on macOS and Windows) opens
// /Teacher/ as /teacher/, and Windows opens /teacher./ and /teacher\ too.
func inTeacher(root, name string) bool {
	teacher, err := os.Stat(filepath.Join(root, filepath.FromSlash(TeacherPath)))
	if err != nil {
		return false
	}
	dir := root
	for _, part := range strings.Split(strings.Trim(name, "/"), "/") {
		dir = filepath.Join(dir, part)
		if info, err := os.Stat(dir); err == nil && os.SameFile(info, teacher) {
			return true
		}
	}
	return false
}

// placeholder answers every request before the first good build: the
// course is being built (503), or it has problems (500), said in the
// course's language (see SetLanguage) to a teacher who may never have
// read a build's message: what failed, the problems as the terminal shows
// them, and that saving the fixed file brings the course.
func (s *Server) placeholder(w http.ResponseWriter, st state) {
	code := http.StatusServiceUnavailable
	if st.Problems != nil {
		code = http.StatusInternalServerError
	}
	s.mu.RLock()
	p := catalog.New(s.lang, style.Classic)
	s.mu.RUnlock()
	if st.Status == "" && st.Problems == nil {
		st.Status = p.Say("serve.status.building")
	}
	words := placeholderWords{Lang: p.Language().String(), Problems: st.Problems,
		Title: p.Say("serve.building"), Wait: p.Say("serve.building.wait")}
	if st.Problems != nil {
		words.Title, words.What, words.Fix = p.Say("serve.failed"), p.Say("serve.failed.what"), p.Say("serve.failed.fix")
	}
	var page bytes.Buffer
	if err := placeholderPage.Execute(&page, words); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	// The problems are on the page itself: the bar over a last good
	// build would say there is one.
	var out bytes.Buffer
	if err := Inject(&out, page.Bytes(), st.Version, st.Status, nil, st.Lang, s.play()); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	w.Write(out.Bytes())
}

// events streams the build's version and status to a page as Server-Sent
// Events: "version" when it changes (the page reloads if it shows an older
// one) and "status" while a build is in progress.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming is not supported", http.StatusInternalServerError)
		return
	}
	wake := make(chan struct{}, 1)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	if len(s.clients) >= s.maxStreams {
		s.mu.Unlock()
		// The page stays as it is; reloading it by hand shows the
		// newest build.
		w.Header().Set("Retry-After", "10")
		http.Error(w, fmt.Sprintf("too many open pages (%d); close some", s.maxStreams), http.StatusServiceUnavailable)
		return
	}
	s.clients[wake] = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.clients, wake)
		s.mu.Unlock()
	}()

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("X-Accel-Buffering", "no")
	fmt.Fprint(w, "retry: 1000\n\n")
	sent := state{Version: -1, Status: "\x00"}
	keepAlive := time.NewTicker(30 * time.Second)
	defer keepAlive.Stop()
	for {
		st := s.state()
		if st.Status != sent.Status {
			writeEvent(w, "status", st.Status)
		}
		if st.Version != sent.Version {
			writeEvent(w, "version", fmt.Sprint(st.Version))
		}
		sent = st
		flusher.Flush()
		select {
		case <-wake:
		case <-keepAlive.C:
			fmt.Fprint(w, ": keep-alive\n\n")
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		}
	}
}

// writeEvent writes one event; data is one line (a line break would end
// the field).
func writeEvent(w io.Writer, event, data string) {
	data = strings.NewReplacer("\r", " ", "\n", " ").Replace(data)
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, data)
}
