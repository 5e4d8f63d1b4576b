package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/internal/class"
	"nostromo-lessons/internal/serve"
	"nostromo-lessons/rules/solver"
	"nostromo-lessons/starter"
)

// TestClassroomInBrowser serves the starter course as serve --class does,
// to two children in two browser contexts (two tablets) and the teacher's
// page: each child picks a name from the roster and answers in the page,
// one of them three times wrong and then right while offline, and the
// class view shows the stars and the raised hand; the answer made offline
// is stored once, when the tablet is back.
func TestClassroomInBrowser(t *testing.T) {
	bin := buildtest.Chromium(t)
	c, files := buildtest.Build(t, starter.FS(), solver.New(solver.Options{}), build.Options{})
	dir := t.TempDir()
	buildtest.WriteTree(t, files, dir)

	ctx := context.Background()
	store, err := class.Open(ctx, filepath.Join(t.TempDir(), "4b.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := store.AddRoster(ctx, "Ada\nBen"); err != nil {
		t.Fatal(err)
	}
	room := serve.NewClassroom("4b", store, func(msg string) { t.Log(msg) })
	var lessons []serve.ClassLesson
	for _, l := range c.Lessons {
		cl := serve.ClassLesson{ID: l.ID, Title: l.Title}
		for _, e := range l.Exercises {
			cl.Exercises = append(cl.Exercises, e.ID)
		}
		lessons = append(lessons, cl)
	}
	room.SetLessons(lessons, c.Language)
	srv := serve.New()
	srv.Publish(dir)
	srv.SetClass(room)
	// offline cuts the tablets' connections to the class, as a tablet
	// out of the network's reach sees it: the request fails.
	var offline atomic.Bool
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if offline.Load() && strings.HasPrefix(r.URL.Path, serve.ClassPath) {
			if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
				conn.Close()
			}
			return
		}
		srv.ServeHTTP(w, r)
	}))
	defer ts.Close()
	defer srv.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(bin), chromedp.NoSandbox,
		chromedp.WindowSize(1280, 900), chromedp.UserDataDir(t.TempDir()))
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelAlloc()
	teacher, cancel := chromedp.NewContext(actx)
	defer cancel()
	run := func(ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		tctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		if _, err := chromedp.Run(tctx, chromedp.Steps(actions...)); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	// The first Run of a context opens its tab, for the context's life:
	// never under a timeout's.
	if _, err := chromedp.Run(teacher, chromedp.Steps()); err != nil {
		t.Fatal(err)
	}
	poll := func(ctx context.Context, what, js string) {
		t.Helper()
		tctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if _, err := chromedp.Run(tctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
	}
	tablet := func(name string) context.Context {
		tab, cancel := chromedp.NewContext(teacher, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		if _, err := chromedp.Run(tab, chromedp.Steps()); err != nil {
			t.Fatal(err)
		}
		run(tab, name+": open the lesson",
			chromedp.Navigate(ts.URL+"/site/01-first-steps.html"),
			chromedp.WaitVisible(chromedp.CSS("#nostromo-class-name button.class-name")),
			chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`[...document.querySelectorAll("#nostromo-class-name button.class-name")].find(b => b.textContent === %q).click()`, name)),
			chromedp.WaitNotPresent(chromedp.CSS("#nostromo-class-name")))
		return tab
	}
	answer := func(tab context.Context, what, number string) {
		t.Helper()
		run(tab, what, chromedp.SetValue(chromedp.CSS(`#exercise-2 input[type="number"]`), number), chromedp.Click(chromedp.CSS("#exercise-2 .check")))
	}
	stored := func(want int) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			as, err := store.Answers(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			if len(as) == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the class holds %d answers, want %d: %+v", len(as), want, as)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	ada, ben := tablet("Ada"), tablet("Ben")
	answer(ada, "Ada answers 8", "8")
	for i := range 3 {
		answer(ben, fmt.Sprint("Ben answers 7, #", i+1), "7")
	}
	stored(4)

	view := func(what string, want ...string) {
		t.Helper()
		js := fmt.Sprintf(`(t => %s)(document.getElementById("view").innerText)`, strings.Join(func() []string {
			var out []string
			for _, w := range want {
				out = append(out, fmt.Sprintf("t.includes(%q)", w))
			}
			return out
		}(), " && "))
		tctx, cancel := context.WithTimeout(teacher, 20*time.Second)
		defer cancel()
		if _, err := chromedp.Run(tctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
			got, _ := chromedp.Run(teacher, chromedp.Evaluate[string](`document.getElementById("view").innerText`))
			t.Fatalf("%s: the class view shows\n%s\nwant %q", what, got, want)
		}
	}
	run(teacher, "open the class view", chromedp.Navigate(ts.URL+serve.ClassPath), chromedp.WaitVisible(chromedp.CSS("#view table")))
	view("after the first answers", "Ben: 3 wrong answers to exercise 2 (first-count) in First steps", "3 ★ · 1 of 6 solved, 1 tried")

	// Ben's tablet is out of reach and answers right: the answer waits on
	// the tablet, and is stored once when it is back.
	offline.Store(true)
	answer(ben, "Ben answers 8 offline", "8")
	poll(ben, "the answer kept on the tablet", `JSON.parse(localStorage.getItem("nl1|class-queue") || "[]").length === 1`)
	stored(4)
	offline.Store(false)
	stored(5)
	poll(ben, "the tablet's queue empty", `JSON.parse(localStorage.getItem("nl1|class-queue") || "[]").length === 0`)
	view("after Ben's answer", "No hands raised.")

	// A game the play page finished reaches the class, once.
	run(ada, "Ada finishes a game", chromedp.Evaluate[chromedp.Void](`document.dispatchEvent(new CustomEvent("nostromo:game", {detail: {id: "game-ada-0001", start: "start", moves: ["e3", "Nd5"], side: "w", level: 2, result: "black", end: "taken", date: "2026-12-07T10:00:00Z", text: "1. e3 Nd5"}}))`))
	view("after Ada's game", "Black won")
	if gs, err := store.Games(ctx, "Ada"); err != nil || len(gs) != 1 {
		t.Errorf("Ada's games = %+v, %v, want the one she finished", gs, err)
	}

	// The teacher marks the lesson for today by keyboard; the tablets'
	// index shows it first.
	run(teacher, "mark the lesson for today", chromedp.Focus(chromedp.CSS("#view select")), chromedp.SetValue(chromedp.CSS("#view select"), "today"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#view select").dispatchEvent(new Event("change"))`))
	plan := func() class.Mark {
		p, _ := store.Plan(ctx)
		return p["01-first-steps"]
	}
	for deadline := time.Now().Add(10 * time.Second); plan() != class.Today && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	run(ada, "open the index", chromedp.Navigate(ts.URL+"/site/index.html"))
	poll(ada, "the lesson for today first", `(() => { const s = document.querySelector("section.class-today"); return !!s && !!s.querySelector('a[href="01-first-steps.html"]') && s.compareDocumentPosition(document.querySelector("section.level:not(.class-plan)")) === Node.DOCUMENT_POSITION_FOLLOWING; })()`)
	run(teacher, "back to the class", chromedp.Navigate(ts.URL+serve.ClassPath), chromedp.WaitVisible(chromedp.CSS("#view table")))

	// The teacher's keyboard: the first child's link opens the child's page.
	run(teacher, "open Ben's answers", chromedp.Focus(chromedp.CSS(`#view a[href="#child=Ben"]`)), chromedp.KeyEvent("\r"))
	view("Ben's page", "Every answer of Ben", "wrong", "right")
}
