package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nostromo-lessons/internal/class"
	"nostromo-lessons/internal/style"
)

// classServer returns a Server of a one-page build with the classroom of
// a new class file, serving the local network.
func classServer(t testing.TB) (*Server, *Classroom) {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "site"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "site", "index.html"), []byte("<html><body><p>index</p></body></html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	store, err := class.Open(context.Background(), filepath.Join(t.TempDir(), "4b.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	c := NewClassroom("4b", store, func(string) {})
	c.SetLessons([]ClassLesson{{ID: "01-board", Title: "The board", Exercises: []string{"king-1", "king-2"}}}, style.English)
	s := New()
	s.AllowLAN()
	s.Publish(root)
	s.SetClass(c)
	return s, c
}

// do sends a request to s as a page of peer from would.
func do(s *Server, method, path, from, body string, header map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.RemoteAddr = from
	r.Host = "localhost:5000"
	r.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

const (
	tablet  = "192.168.1.23:5000"
	goodAns = `{"id":"answer-0001","tablet":"tablet-0001","child":"Ada","lesson":"01-board","exercise":"king-1","right":true,"tries":1,"stars":3}`
)

// TestClassRefusals sends each bad request of issue 32's list, and
// more, and checks its status and that nothing was stored.
func TestClassRefusals(t *testing.T) {
	answerWith := func(field, value string) string {
		var m map[string]any
		json.Unmarshal([]byte(goodAns), &m)
		var v any
		json.Unmarshal([]byte(value), &v)
		m[field] = v
		b, _ := json.Marshal(m)
		return string(b)
	}
	for _, tt := range []struct {
		name, method, path, from, body string
		header                         map[string]string
		want                           int
	}{
		{"too big", "POST", "answer", tablet, strings.Replace(goodAns, `"Ada"`, `"Ada`+strings.Repeat(" ", MaxClassBody)+`"`, 1), nil, http.StatusRequestEntityTooLarge},
		{"malformed", "POST", "answer", tablet, `{"id":`, nil, http.StatusBadRequest},
		{"two values", "POST", "answer", tablet, goodAns + goodAns, nil, http.StatusBadRequest},
		{"unknown field", "POST", "answer", tablet, answerWith("extra", `1`), nil, http.StatusBadRequest},
		{"name of 10,000 characters", "POST", "answer", tablet, answerWith("child", `"`+strings.Repeat("a", 10000)+`"`), nil, http.StatusUnprocessableEntity},
		{"name of 41 characters", "POST", "answer", tablet, answerWith("child", `"`+strings.Repeat("a", 41)+`"`), nil, http.StatusUnprocessableEntity},
		{"script in the name", "POST", "answer", tablet, answerWith("child", `"<script>alert(1)</script>"`), nil, http.StatusUnprocessableEntity},
		{"control character in the name", "POST", "name", tablet, `{"name":"Ada\u0007"}`, nil, http.StatusUnprocessableEntity},
		{"script in a typed name", "POST", "name", tablet, `{"name":"<img src=x onerror=alert(1)>"}`, nil, http.StatusUnprocessableEntity},
		{"name of 10,000 characters typed", "POST", "name", tablet, `{"name":"` + strings.Repeat("b", 10000) + `"}`, nil, http.StatusUnprocessableEntity},
		{"another course's exercise", "POST", "answer", tablet, answerWith("exercise", `"flee-2"`), nil, http.StatusUnprocessableEntity},
		{"another lesson", "POST", "answer", tablet, answerWith("lesson", `"99-x"`), nil, http.StatusUnprocessableEntity},
		{"four stars", "POST", "answer", tablet, answerWith("stars", `4`), nil, http.StatusUnprocessableEntity},
		{"time set by the page", "POST", "answer", tablet, answerWith("at", `"2020-01-01T00:00:00Z"`), nil, http.StatusBadRequest},
		{"bad game", "POST", "game", tablet, `{"id":"game-0001","tablet":"tablet-0001","child":"Ada","side":"x"}`, nil, http.StatusUnprocessableEntity},
		{"peer outside the local network", "POST", "answer", "8.8.8.8:5000", goodAns, nil, http.StatusForbidden},
		{"public IPv6 peer", "POST", "answer", "[2001:db8::1]:5000", goodAns, nil, http.StatusForbidden},
		{"class view from another machine", "GET", "", tablet, "", nil, http.StatusForbidden},
		{"class data from another machine", "GET", "data", tablet, "", nil, http.StatusForbidden},
		{"a child's answers from another machine", "GET", "child?name=Ada", tablet, "", nil, http.StatusForbidden},
		{"roster from another machine", "POST", "roster", tablet, `{"text":"Ada"}`, nil, http.StatusForbidden},
		{"another site's page", "POST", "answer", tablet, goodAns, map[string]string{"Origin": "http://evil.example"}, http.StatusForbidden},
		{"cross-site fetch", "POST", "answer", tablet, goodAns, map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"a form's content type", "POST", "answer", tablet, goodAns, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, http.StatusUnsupportedMediaType},
		{"GET an answer", "GET", "answer", tablet, "", nil, http.StatusMethodNotAllowed},
		{"unknown route", "POST", "nothing", tablet, goodAns, nil, http.StatusNotFound},
		{"a lesson the course lacks marked", "POST", "mark", "127.0.0.1:5000", `{"lesson":"99-x","mark":"today"}`, nil, http.StatusUnprocessableEntity},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, c := classServer(t)
			w := do(s, tt.method, ClassPath+tt.path, tt.from, tt.body, tt.header)
			if w.Code != tt.want {
				t.Errorf("%s %s from %s = %d %q, want %d", tt.method, tt.path, tt.from, w.Code, w.Body.String(), tt.want)
			}
			if w.Code != http.StatusForbidden && !strings.Contains(w.Body.String(), "nostromo-lessons") {
				t.Errorf("the refusal %q does not say who refused", w.Body.String())
			}
			ctx := context.Background()
			as, _ := c.Store.Answers(ctx, "")
			gs, _ := c.Store.Games(ctx, "")
			ch, _ := c.Store.Children(ctx)
			plan, _ := c.Store.Plan(ctx)
			if len(as)+len(gs)+len(ch)+len(plan) != 0 {
				t.Errorf("stored %d answers, %d games, %d children, %d marks; want nothing", len(as), len(gs), len(ch), len(plan))
			}
		})
	}
}

func TestClassStores(t *testing.T) {
	s, c := classServer(t)
	for i, want := range []string{`{"stored":true}`, `{"stored":false}`} {
		w := do(s, "POST", ClassPath+"answer", tablet, goodAns, nil)
		if w.Code != http.StatusOK || strings.TrimSpace(w.Body.String()) != want {
			t.Errorf("answer #%d = %d %q, want 200 %s", i+1, w.Code, w.Body.String(), want)
		}
	}
	game := `{"id":"game-0001","tablet":"tablet-0001","child":"Ada","start":"start","moves":["e3","Nd5"],"side":"w","level":3,"result":"black","end":"taken","date":"2026-12-07T10:00:00Z","text":"1. e3 Nd5"}`
	if w := do(s, "POST", ClassPath+"game", tablet, game, nil); w.Code != http.StatusOK {
		t.Errorf("game = %d %q, want 200", w.Code, w.Body.String())
	}
	if w := do(s, "POST", ClassPath+"name", tablet, `{"name":"Ben"}`, nil); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"roster":false`) {
		t.Errorf("name = %d %q, want 200, not on the roster", w.Code, w.Body.String())
	}
	w := do(s, "GET", ClassPath+"data", "127.0.0.1:5000", "", nil)
	var data struct {
		Children []class.Child
		Summary  class.Summary
		Games    []class.Game
	}
	if err := json.Unmarshal(w.Body.Bytes(), &data); err != nil {
		t.Fatalf("data = %d %q: %v", w.Code, w.Body.String(), err)
	}
	if p := data.Summary.Progress["Ada"]["01-board"]; p.Stars != 3 || p.Solved != 1 || len(data.Games) != 1 || len(data.Children) != 2 {
		t.Errorf("data = %+v, want Ada's 3 stars, a game and two children", data)
	}
	etag := w.Header().Get("ETag")
	if w := do(s, "GET", ClassPath+"data", "127.0.0.1:5000", "", map[string]string{"If-None-Match": etag}); w.Code != http.StatusNotModified {
		t.Errorf("data again = %d, want 304", w.Code)
	}
	if w := do(s, "GET", ClassPath, "[::1]:5000", "", nil); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "Class 4b") {
		t.Errorf("class view = %d, want 200 with its title", w.Code)
	}
	as, _ := c.Store.Answers(context.Background(), "")
	if len(as) != 1 {
		t.Errorf("stored %d answers, want 1", len(as))
	}
}

// TestClassRate checks that a tablet past its rate gets 429, and this
// computer never does.
func TestClassRate(t *testing.T) {
	s, _ := classServer(t)
	got := map[int]int{}
	for range ClassBurst + 10 {
		got[do(s, "GET", ClassPath+"names", tablet, "", nil).Code]++
	}
	if got[http.StatusTooManyRequests] == 0 || got[http.StatusOK] < ClassBurst {
		t.Errorf("statuses of %d requests at once = %v, want %d answered and the rest 429", ClassBurst+10, got, ClassBurst)
	}
	for range ClassBurst + 10 {
		if w := do(s, "GET", ClassPath+"names", "127.0.0.1:5000", "", nil); w.Code != http.StatusOK {
			t.Fatalf("this computer's request = %d, want 200", w.Code)
		}
	}
}

// TestClassScriptOnlyWithClass checks that the class script is in the
// pages served with a class, and nowhere without one.
func TestClassScriptOnlyWithClass(t *testing.T) {
	s, _ := classServer(t)
	if w := do(s, "GET", "/site/index.html", tablet, "", nil); !strings.Contains(w.Body.String(), "window.nostromoClass") {
		t.Errorf("a page served with a class lacks the class script")
	}
	s.SetClass(nil)
	if w := do(s, "GET", "/site/index.html", tablet, "", nil); strings.Contains(w.Body.String(), "nostromoClass") {
		t.Errorf("a page served without a class holds the class script")
	}
	if w := do(s, "POST", ClassPath+"answer", tablet, goodAns, nil); w.Code != http.StatusNotFound {
		t.Errorf("an answer without a class = %d, want 404", w.Code)
	}
}

// TestClassDiskFull checks that a full disk is 507 for the tablet, which
// keeps the answer, and one message on the teacher's terminal a minute.
func TestClassDiskFull(t *testing.T) {
	_, c := classServer(t)
	var said []string
	c.Warn = func(msg string) { said = append(said, msg) }
	for range 3 {
		w := httptest.NewRecorder()
		c.fail(w, fmt.Errorf("%w: x.db: database or disk is full", class.ErrFull))
		if w.Code != http.StatusInsufficientStorage {
			t.Errorf("a full disk = %d, want 507", w.Code)
		}
	}
	if len(said) != 1 || !strings.Contains(said[0], "the disk is full") {
		t.Errorf("the terminal was told %q, want one message that the disk is full", said)
	}
}

// FuzzClassAnswer sends any body as a tablet's answer: serve never
// fails (500) on it, and an answer it stores is one of the course's
// exercises with a name CheckName takes.
func FuzzClassAnswer(f *testing.F) {
	f.Add(goodAns)
	f.Add(`{"id":"answer-0002","tablet":"tablet-0001","child":"Ben","lesson":"01-board","exercise":"king-2","right":false,"tries":3,"stars":0}`)
	f.Add(`{"id":1}`)
	s, c := classServer(f)
	f.Fuzz(func(t *testing.T, body string) {
		w := do(s, "POST", ClassPath+"answer", "127.0.0.1:5000", body, nil)
		if w.Code >= 500 {
			t.Fatalf("answer %q = %d %q", body, w.Code, w.Body.String())
		}
		as, err := c.Store.Answers(context.Background(), "")
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range as {
			if _, err := class.CheckName(a.Child); err != nil || a.Lesson != "01-board" || (a.Exercise != "king-1" && a.Exercise != "king-2") {
				t.Fatalf("stored %+v from %q", a, body)
			}
		}
	})
}
