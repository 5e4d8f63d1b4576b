package serve

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/class"
	"nostromo-lessons/internal/style"
)

// ClassPath is the folder of the classroom's URLs (serve --class): the
// children's pages send their answers, games and names there, and the
// teacher's class view lives there, for this computer only.
const ClassPath = "/_nostromo/class/"

// Limits of the children's requests to a Classroom.
const (
	// MaxClassBody is the largest request body, in bytes.
	MaxClassBody = 16 << 10
	// ClassRate is how many requests a second a peer of the local
	// network may send, on average; ClassBurst how many at once. This
	// computer's own requests are not counted.
	ClassRate  = 20
	ClassBurst = 60
	// MaxClassAtOnce is how many requests are answered at once; past it
	// a request gets 503.
	MaxClassAtOnce = 64
)

// ClassLesson is a lesson of the course served, as the class view shows
// it and the children's requests are checked against.
type ClassLesson struct {
	ID        string   `json:"id"`    // the page id
	Title     string   `json:"title"` // plain text
	Exercises []string `json:"exercises"`
}

// Classroom is the class of serve --class: the Server stores what the
// children's pages send in Store, and shows it in the class view.
type Classroom struct {
	Name  string
	Store *class.Store
	// Warn tells the teacher's terminal of a problem the pages cannot
	// fix, such as a full disk; it is called at most once a minute.
	Warn func(msg string)

	mu      sync.RWMutex
	lessons []ClassLesson
	keys    map[string]map[string]bool // lesson, exercise key
	lang    style.Language
	buckets map[netip.Addr]*bucket
	warned  time.Time

	changes atomic.Int64 // how many changes the class view has to show
	atOnce  chan struct{}
}

// NewClassroom returns the classroom of the class name kept in store.
func NewClassroom(name string, store *class.Store, warn func(string)) *Classroom {
	return &Classroom{Name: name, Store: store, Warn: warn, buckets: map[netip.Addr]*bucket{}, atOnce: make(chan struct{}, MaxClassAtOnce)}
}

// SetLessons sets the lessons of the course's last good build, in its
// language: the answers to their exercises only are taken.
func (c *Classroom) SetLessons(lessons []ClassLesson, lang style.Language) {
	keys := map[string]map[string]bool{}
	for _, l := range lessons {
		keys[l.ID] = map[string]bool{}
		for _, e := range l.Exercises {
			keys[l.ID][e] = true
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lessons, c.keys, c.lang = lessons, keys, lang
	c.changes.Add(1)
}

// SetClass makes the Server a classroom's: the pages it serves send the
// children's work to c, and the class view shows it.
func (s *Server) SetClass(c *Classroom) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.class = c
}

func (s *Server) classroom() *Classroom {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.class
}

// bucket is a peer's token bucket.
type bucket struct {
	tokens float64
	last   time.Time
}

// allow reports whether the peer ip may send a request now.
func (c *Classroom) allow(ip netip.Addr, now time.Time) bool {
	if ip.IsLoopback() {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.buckets[ip]
	if b == nil {
		if len(c.buckets) > 4096 { // a flood of addresses: start again
			clear(c.buckets)
		}
		b = &bucket{tokens: ClassBurst, last: now}
		c.buckets[ip] = b
	}
	b.tokens = min(ClassBurst, b.tokens+now.Sub(b.last).Seconds()*ClassRate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// classError is a refusal: its status and what it says.
type classError struct {
	code int
	msg  string
}

func (e *classError) Error() string { return e.msg }

func refuse(code int, format string, args ...any) error {
	return &classError{code, "nostromo-lessons serve --class: " + fmt.Sprintf(format, args...)}
}

// serveClass answers a request under ClassPath; the Server checked its
// peer and Host.
func (s *Server) serveClass(w http.ResponseWriter, r *http.Request) {
	c := s.classroom()
	if c == nil {
		http.NotFound(w, r)
		return
	}
	name := strings.TrimPrefix(r.URL.Path, ClassPath)
	teacher := teacherRoutes[name] != nil
	if teacher && !fromThisComputer(r) {
		http.Error(w, "nostromo-lessons serve --class: refused: the class view is for this computer only", http.StatusForbidden)
		return
	}
	select {
	case c.atOnce <- struct{}{}:
		defer func() { <-c.atOnce }()
	default:
		w.Header().Set("Retry-After", "5")
		http.Error(w, "nostromo-lessons serve --class: busy; send again in a few seconds", http.StatusServiceUnavailable)
		return
	}
	if ap, err := netip.ParseAddrPort(r.RemoteAddr); err != nil || !c.allow(ap.Addr().Unmap(), time.Now()) {
		w.Header().Set("Retry-After", "2")
		http.Error(w, fmt.Sprintf("nostromo-lessons serve --class: too many requests (at most %d a second a tablet)", ClassRate), http.StatusTooManyRequests)
		return
	}
	var err error
	switch {
	case teacher:
		err = teacherRoutes[name](s, c, w, r)
	case childRoutes[name] != nil:
		err = childRoutes[name](c, w, r)
	default:
		http.Error(w, "nostromo-lessons serve --class: no such address: "+r.URL.Path, http.StatusNotFound)
		return
	}
	if err != nil {
		c.fail(w, err)
	}
}

// fail answers a request that err refused or that failed.
func (c *Classroom) fail(w http.ResponseWriter, err error) {
	var ce *classError
	switch {
	case errors.As(err, &ce):
		http.Error(w, ce.msg, ce.code)
	case errors.Is(err, class.ErrRecord) || errors.Is(err, class.ErrName):
		http.Error(w, "nostromo-lessons serve --class: refused: "+err.Error(), http.StatusUnprocessableEntity)
	case errors.Is(err, class.ErrNoChild):
		http.Error(w, err.Error(), http.StatusNotFound)
	case errors.Is(err, class.ErrFull):
		c.warn("nostromo-lessons: serve --class: the disk is full: the tablets keep their answers and send them again once there is room; free some space on the disk of " + c.Store.Path())
		http.Error(w, "nostromo-lessons serve --class: the teacher's disk is full; the answer is kept on this tablet and sent again later", http.StatusInsufficientStorage)
	default:
		c.warn("nostromo-lessons: serve --class: " + err.Error())
		http.Error(w, "nostromo-lessons serve --class: "+err.Error(), http.StatusInternalServerError)
	}
}

// warn passes msg to Warn, once a minute at most.
func (c *Classroom) warn(msg string) {
	c.mu.Lock()
	now := time.Now()
	quiet := now.Sub(c.warned) < time.Minute
	if !quiet {
		c.warned = now
	}
	c.mu.Unlock()
	if !quiet && c.Warn != nil {
		c.Warn(msg)
	}
}

// readJSON reads the body of a POST request of a page of this server as
// JSON into v, refusing anything else: another method (405), another
// content type (415), a request that another site's page sent (403), a
// body over MaxClassBody (413), or one that is not v's JSON (400).
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		return refuse(http.StatusMethodNotAllowed, "send with POST")
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return refuse(http.StatusUnsupportedMediaType, "send application/json, not %q", r.Header.Get("Content-Type"))
	}
	// The content type makes another site's page ask first (CORS),
	// which serve never allows; a browser that says who sent it is
	// checked too.
	if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
		return refuse(http.StatusForbidden, "refused: sent by %q, not a page of this server", o)
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site == "cross-site" {
		return refuse(http.StatusForbidden, "refused: sent by another site's page")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxClassBody))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return refuse(http.StatusRequestEntityTooLarge, "refused: the request is over %d bytes", MaxClassBody)
	}
	if err != nil {
		return refuse(http.StatusBadRequest, "reading the request: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return refuse(http.StatusBadRequest, "refused: malformed JSON: %v", err)
	}
	if dec.More() {
		return refuse(http.StatusBadRequest, "refused: malformed JSON: more than one value")
	}
	return nil
}

// writeJSON answers v as JSON.
func writeJSON(w http.ResponseWriter, v any) error {
	w.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(w).Encode(v)
}

// childRoutes are the URLs the children's pages use, below ClassPath.
var childRoutes = map[string]func(c *Classroom, w http.ResponseWriter, r *http.Request) error{
	"answer": (*Classroom).answer,
	"game":   (*Classroom).game,
	"name":   (*Classroom).name,
	"names":  (*Classroom).names,
}

// answer stores an answer of a course's exercise.
func (c *Classroom) answer(w http.ResponseWriter, r *http.Request) error {
	var a class.Answer
	if err := readJSON(w, r, &a); err != nil {
		return err
	}
	if a.At != "" {
		return refuse(http.StatusBadRequest, "refused: at is set by serve")
	}
	c.mu.RLock()
	known := c.keys[a.Lesson][a.Exercise]
	c.mu.RUnlock()
	if !known {
		return refuse(http.StatusUnprocessableEntity, "refused: lesson %.100q has no exercise %.100q", a.Lesson, a.Exercise)
	}
	added, err := c.Store.AddAnswer(r.Context(), a)
	if err != nil {
		return err
	}
	c.changes.Add(1)
	return writeJSON(w, map[string]bool{"stored": added})
}

// game stores a finished game.
func (c *Classroom) game(w http.ResponseWriter, r *http.Request) error {
	var g class.Game
	if err := readJSON(w, r, &g); err != nil {
		return err
	}
	if g.At != "" {
		return refuse(http.StatusBadRequest, "refused: at is set by serve")
	}
	added, err := c.Store.AddGame(r.Context(), g)
	if err != nil {
		return err
	}
	c.changes.Add(1)
	return writeJSON(w, map[string]bool{"stored": added})
}

// name adds a name typed on a tablet, pending until the teacher accepts
// it.
func (c *Classroom) name(w http.ResponseWriter, r *http.Request) error {
	var n struct {
		Name string `json:"name"`
	}
	if err := readJSON(w, r, &n); err != nil {
		return err
	}
	onRoster, err := c.Store.AddName(r.Context(), n.Name)
	if err != nil {
		return err
	}
	c.changes.Add(1)
	return writeJSON(w, map[string]bool{"roster": onRoster})
}

// names answers the roster's names and the lessons marked, for the class
// script.
func (c *Classroom) names(w http.ResponseWriter, r *http.Request) error {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", "GET")
		return refuse(http.StatusMethodNotAllowed, "ask with GET")
	}
	children, err := c.Store.Children(r.Context())
	if err != nil {
		return err
	}
	plan, err := c.Store.Plan(r.Context())
	if err != nil {
		return err
	}
	out := struct {
		Names []string          `json:"names"`
		Plan  map[string]string `json:"plan"`
	}{Names: []string{}, Plan: planNames(plan)}
	for _, ch := range children {
		if !ch.Pending {
			out.Names = append(out.Names, ch.Name)
		}
	}
	return writeJSON(w, out)
}

// planNames returns the lessons marked, with the marks' names.
func planNames(plan map[string]class.Mark) map[string]string {
	out := map[string]string{}
	for l, m := range plan {
		out[l] = m.String()
	}
	return out
}

//go:embed class.js
var classScript string

// injectClass writes page with the class script before its </body>.
func (c *Classroom) injectClass(w io.Writer, page []byte) error {
	c.mu.RLock()
	lang := c.lang
	c.mu.RUnlock()
	at := bodyEnd(page)
	if _, err := w.Write(page[:at]); err != nil {
		return err
	}
	// encoding/json writes <, > and & as \u003c, \u003e and \u0026: no
	// </script> can end the script early.
	cfg := map[string]any{"base": ClassPath, "words": catalog.New(lang, style.Classic).Class()}
	js, err := json.Marshal(cfg)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "<script>window.nostromoClass = %s;\n%s</script>\n", js, classScript); err != nil {
		return err
	}
	_, err = w.Write(page[at:])
	return err
}

// teacherRoutes are the class view's URLs, below ClassPath, for this
// computer only.
var teacherRoutes = map[string]func(s *Server, c *Classroom, w http.ResponseWriter, r *http.Request) error{
	"":       (*Server).classView,
	"data":   (*Server).classData,
	"child":  (*Server).classChild,
	"roster": (*Server).classRoster,
	"accept": (*Server).classAccept,
	"merge":  (*Server).classMerge,
	"mark":   (*Server).classMark,
}

// ensureGet refuses a request that is not a GET or HEAD.
func ensureGet(w http.ResponseWriter, r *http.Request) error {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		return refuse(http.StatusMethodNotAllowed, "ask with GET")
	}
	return nil
}

// classData answers the class view's data; with the If-None-Match of
// the last answer, 304 while nothing changed.
func (s *Server) classData(c *Classroom, w http.ResponseWriter, r *http.Request) error {
	if err := ensureGet(w, r); err != nil {
		return err
	}
	etag := fmt.Sprintf(`"%d"`, c.changes.Load())
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	ctx := r.Context()
	children, err := c.Store.Children(ctx)
	if err != nil {
		return err
	}
	answers, err := c.Store.Answers(ctx, "")
	if err != nil {
		return err
	}
	games, err := c.Store.Games(ctx, "")
	if err != nil {
		return err
	}
	plan, err := c.Store.Plan(ctx)
	if err != nil {
		return err
	}
	for i := range games {
		games[i].Text = "" // the view shows the moves
	}
	c.mu.RLock()
	lessons := c.lessons
	c.mu.RUnlock()
	if children == nil {
		children = []class.Child{}
	}
	if games == nil {
		games = []class.Game{}
	}
	w.Header().Set("ETag", etag)
	return writeJSON(w, struct {
		Class    string            `json:"class"`
		Lessons  []ClassLesson     `json:"lessons"`
		Children []class.Child     `json:"children"`
		Summary  class.Summary     `json:"summary"`
		Answers  int               `json:"answers"`
		Games    []class.Game      `json:"games"`
		Plan     map[string]string `json:"plan"`
	}{c.Name, lessons, children, class.Summarize(answers), len(answers), games, planNames(plan)})
}

// classChild answers every answer and game of the child ?name=.
func (s *Server) classChild(c *Classroom, w http.ResponseWriter, r *http.Request) error {
	if err := ensureGet(w, r); err != nil {
		return err
	}
	name := r.URL.Query().Get("name")
	answers, err := c.Store.Answers(r.Context(), name)
	if err != nil {
		return err
	}
	games, err := c.Store.Games(r.Context(), name)
	if err != nil {
		return err
	}
	if answers == nil {
		answers = []class.Answer{}
	}
	if games == nil {
		games = []class.Game{}
	}
	return writeJSON(w, map[string]any{"answers": answers, "games": games})
}

// classRoster adds the names typed or pasted to the roster.
func (s *Server) classRoster(c *Classroom, w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Text string `json:"text"`
	}
	if err := readJSON(w, r, &in); err != nil {
		return err
	}
	n, err := c.Store.AddRoster(r.Context(), in.Text)
	if err != nil {
		return err
	}
	c.changes.Add(1)
	return writeJSON(w, map[string]int{"added": n})
}

// classAccept puts a pending name on the roster.
func (s *Server) classAccept(c *Classroom, w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Name string `json:"name"`
	}
	if err := readJSON(w, r, &in); err != nil {
		return err
	}
	if err := c.Store.Accept(r.Context(), in.Name); err != nil {
		return err
	}
	c.changes.Add(1)
	return writeJSON(w, map[string]bool{"ok": true})
}

// classMerge gives a pending name's work to a name of the roster.
func (s *Server) classMerge(c *Classroom, w http.ResponseWriter, r *http.Request) error {
	var in struct {
		From string `json:"from"`
		Into string `json:"into"`
	}
	if err := readJSON(w, r, &in); err != nil {
		return err
	}
	if err := c.Store.Merge(r.Context(), in.From, in.Into); err != nil {
		return err
	}
	c.changes.Add(1)
	return writeJSON(w, map[string]bool{"ok": true})
}

// classMark marks a lesson of the course for today or next time.
func (s *Server) classMark(c *Classroom, w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Lesson string `json:"lesson"`
		Mark   string `json:"mark"`
	}
	if err := readJSON(w, r, &in); err != nil {
		return err
	}
	c.mu.RLock()
	_, known := c.keys[in.Lesson]
	c.mu.RUnlock()
	if !known {
		return refuse(http.StatusUnprocessableEntity, "refused: the course has no lesson %.100q", in.Lesson)
	}
	m := map[string]class.Mark{"none": class.NoMark, "today": class.Today, "next": class.NextTime}
	mark, ok := m[in.Mark]
	if !ok {
		return refuse(http.StatusUnprocessableEntity, "refused: mark %.20q: want none, today or next", in.Mark)
	}
	if err := c.Store.SetMark(r.Context(), in.Lesson, mark); err != nil {
		return err
	}
	c.changes.Add(1)
	return writeJSON(w, map[string]bool{"ok": true})
}
