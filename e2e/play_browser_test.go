package e2e

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

var playShot = flag.String("play.screenshot", "", "TestPlayInBrowser: write a screenshot of the finished game to this PNG file")

// browser starts headless Chromium (skipping the test without one) and
// returns a context that drives it.
func browser(t *testing.T) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(buildtest.Chromium(t)), chromedp.NoSandbox,
		chromedp.WindowSize(1280, 1000), chromedp.UserDataDir(t.TempDir()))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(ctx)
	t.Cleanup(cancelTab)
	return ctx
}

// buildFixture proves the course in testdata/name and writes its site
// into a temporary folder, which it returns.
func buildFixture(t *testing.T, name string) string {
	t.Helper()
	_, files := buildtest.Build(t, os.DirFS(filepath.Join("testdata", name)), solver.New(solver.Options{}), build.Options{})
	dir := t.TempDir()
	buildtest.Write(t, files, "site/*", dir)
	return dir
}

// TestPlayInBrowser opens a built lesson page from the disk in Chromium,
// presses Play under a 2-pawn exercise and plays the position to its end,
// the child's moves by tap-tap (one by the keyboard, one by a drag, one
// taken back and played again), and checks that every reply of the engine is one of the
// solver's best moves and that the aria-live status announces the end.
func TestPlayInBrowser(t *testing.T) {
	ctx := browser(t)
	dir := buildFixture(t, "play")
	const box = "#exercise-1 .nl-play"
	sq := func(name string) chromedp.CSS { return chromedp.CSS(box + ` [data-square="` + name + `"]`) }
	err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(dir, "01-play.html")))
	if err != nil {
		t.Fatal(err)
	}
	all, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`JSON.parse(document.getElementById("nl-words").textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	words := plainWords(all)
	start := time.Now()
	// The intro's play: true block is offered too.
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".intro .nl-play .nl-play-button").length`)); err != nil || n != 1 {
		t.Errorf("the intro offers %d games (%v), want 1", n, err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#exercise-1 .nl-play-button"))); err != nil {
		t.Fatal(err)
	}
	// wait returns the status once the game waits no more for the engine:
	// it is the child's turn, or the game is over.
	wait := func() string {
		t.Helper()
		js := `(() => { const g = document.querySelector("` + box + ` .nl-game");
			return g && g.getAttribute("aria-busy") === "false" ? g.querySelector(".nl-status").textContent : ""; })()`
		text, err := chromedp.Run(ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(20*time.Second)))
		if err != nil {
			now, _ := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(box+" .nl-status")))
			t.Fatalf("waiting for the child's turn: %v; the status says %q", err, now)
		}
		return text
	}
	listed := func() []string {
		t.Helper()
		moves, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("`+box+` .nl-moves li")].map(li => li.textContent)`))
		if err != nil {
			t.Fatal(err)
		}
		return moves
	}
	first := wait()
	load, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`performance.measure("load", "nl-engine-load", "nl-engine-ready").duration`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("engine.js loaded and the engine started in %.0f ms; the position solved %v after pressing Play", load, time.Since(start).Round(time.Millisecond))
	if !strings.Contains(first, words["play.your-move"]) {
		t.Fatalf("status = %q, want the child's turn", first)
	}
	p, err := rules.ParseFEN("8/8/8/3P4/4P3/8/8/Kn6 w 2 2")
	if err != nil {
		t.Fatal(err)
	}
	s := solver.New(solver.Options{})
	status := first
	for played := 0; !strings.Contains(status, words["play.end.saved"]) && played < 20; played++ {
		sol, err := s.Solve(p, solver.Goal{Kind: solver.Game})
		if err != nil {
			t.Fatal(err)
		}
		m := sol.Best[0]
		from, to := m.From.String(), m.To.String()
		tapTap := []chromedp.Action[chromedp.Void]{chromedp.Click(sq(from)), chromedp.Click(sq(to))}
		switch played {
		case 0: // played, taken back, played again
			if err := chromedp.Do(ctx, tapTap...); err != nil {
				t.Fatal(err)
			}
			wait()
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(box+" .nl-buttons button"))); err != nil {
				t.Fatal(err)
			}
			wait()
			if n := len(listed()); n != 0 {
				t.Fatalf("after take back, %d moves listed, want 0", n)
			}
		case 2: // by a drag from the piece to its target
			tapTap = []chromedp.Action[chromedp.Void]{chromedp.DragAndDrop(sq(from), sq(to))}
		case 1: // by the keyboard: the piece's square, Space, the target, Space
			tapTap = []chromedp.Action[chromedp.Void]{chromedp.Focus(sq(from)), chromedp.KeyEvent(" "), chromedp.Focus(sq(to)), chromedp.KeyEvent(" ")}
		}
		if err := chromedp.Do(ctx, tapTap...); err != nil {
			t.Fatal(err)
		}
		status = wait()
		moves := listed()
		if len(moves) <= 2*played || moves[2*played] != p.SAN(m) {
			t.Fatalf("after the child's move %d, %s, the page lists %q", played+1, p.SAN(m), moves)
		}
		p = replay(t, p, moves[2*played:], s)
	}
	for _, want := range []string{words["play.end.saved"], words["play.perfect.win"]} {
		if !strings.Contains(status, want) {
			t.Errorf("final status %q, want it to hold %q", status, want)
		}
	}
	if *playShot != "" {
		png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("#exercise-1")))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*playShot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// replay plays the child's move and the engine's reply from p, as the
// page lists them, checking that the reply is one of the solver's best
// moves; it returns the position reached.
func replay(t *testing.T, p rules.Position, moves []string, s *solver.Solver) rules.Position {
	t.Helper()
	for i, san := range moves {
		m, err := rules.ParseMove(p, san)
		if err != nil {
			t.Fatalf("move %q listed by the page: %v", san, err)
		}
		if i > 0 {
			sol, err := s.Solve(p, solver.Goal{Kind: solver.Game})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(sol.Best, m) {
				t.Errorf("in %q the engine played %s, not one of the solver's best moves %s", p, san, p.SANList(sol.Best))
			}
		}
		p = p.Apply(m)
	}
	return p
}

// TestTooBigOnce opens a lesson page whose three games are too big to play
// in the browser, after a drill on a big position, and whose intro offers
// a small position: the page says once, under the first big game, that it
// and 2 more are too big; the drill says nothing, the big ones have no
// button, the small one has.
func TestTooBigOnce(t *testing.T) {
	ctx := browser(t)
	dir := buildFixture(t, "toobig")
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(dir, "01-big.html"))); err != nil {
		t.Fatal(err)
	}
	forms, ok := catalog.New(style.English, style.Alien).Script()["play.too-big.more"].(map[string]string)
	if !ok {
		t.Fatal(`the catalog's "play.too-big.more" has no plural forms`)
	}
	want := strings.ReplaceAll(forms["other"], "{n}", "2")
	for _, c := range []struct {
		js   string
		want any
	}{
		{`[...document.querySelectorAll(".nl-too-big")].map(p => p.textContent)`, []any{want}},
		{`document.querySelector("#exercise-2 .nl-too-big") !== null`, true},
		{`document.querySelector("#exercise-1 .nl-play") === null`, true},
		{`document.querySelectorAll(".nl-play[data-too-big]").length`, 3.0},
		{`document.querySelectorAll(".nl-play-button").length`, 1.0},
		{`document.querySelectorAll(".intro .nl-play .nl-play-button").length`, 1.0},
	} {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[any](c.js))
		if err != nil {
			t.Fatalf("%s: %v", c.js, err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s = %#v, want %#v", c.js, got, c.want)
		}
	}
}

// TestPlayButtonAfterCheck looks at an exercise's play button at a phone's
// and a desktop's width: it comes after the exercise's answer area, below
// its Check button, and it is not drawn as an answer button (no border).
func TestPlayButtonAfterCheck(t *testing.T) {
	ctx := browser(t)
	dir := buildFixture(t, "play")
	check := catalog.New(style.English, style.Alien).Script()["answer.check"]
	const js = `(() => {
		const ex = document.querySelector("#exercise-2");
		const play = ex.querySelector(".nl-play-button");
		const check = [...ex.querySelectorAll(".answer-ui button")].find(b => b.textContent === %q);
		if (!play || !check) { return "no play or no check button"; }
		const below = play.getBoundingClientRect().top >= check.getBoundingClientRect().bottom;
		const after = (check.compareDocumentPosition(play) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
		return [below ? "below" : "above", after ? "after" : "before", getComputedStyle(play).borderTopStyle].join(" ");
	})()`
	for _, width := range []int64{390, 1280} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900),
				chromedp.Navigate("file://"+filepath.Join(dir, "01-play.html")))
			if err != nil {
				t.Fatal(err)
			}
			got, err := chromedp.Run(ctx, chromedp.Poll[string](fmt.Sprintf(js, check), chromedp.WithPollingTimeout(20*time.Second)))
			if err != nil {
				t.Fatal(err)
			}
			if want := "below after none"; got != want {
				t.Errorf("the play button is %q, want %q", got, want)
			}
		})
	}
}

// TestPlayAsBlack plays a position out as Black, the knight: exercise 2
// asks for Black's best move where the crew wins in 3. The button, the
// engine's moves and the end name the crew, the side the engine plays,
// never the knight (the .b messages); the engine's replies are best.
func TestPlayAsBlack(t *testing.T) {
	ctx := browser(t)
	dir := buildFixture(t, "play")
	const box = "#exercise-2 .nl-play"
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(dir, "01-play.html"))); err != nil {
		t.Fatal(err)
	}
	words := plainWords(catalog.New(style.English, style.Alien).Script())
	text := func(js string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(20*time.Second)))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return s
	}
	if got := text(`document.querySelector("#exercise-2 .nl-play-button").textContent`); got != words["play.button.b"] {
		t.Errorf("the button says %q, want %q", got, words["play.button.b"])
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#exercise-2 .nl-play-button"))); err != nil {
		t.Fatal(err)
	}
	status := `(() => { const g = document.querySelector("` + box + ` .nl-game");
		return g && g.getAttribute("aria-busy") === "false" ? g.querySelector(".nl-status").textContent : ""; })()`
	p, err := rules.ParseFEN("8/8/8/2P5/8/8/8/n6K b 2 3")
	if err != nil {
		t.Fatal(err)
	}
	s := solver.New(solver.Options{})
	said := text(status)
	enginePlayed := strings.Split(words["play.engine-played.b"], "{san}")[0]
	for played := 0; !strings.Contains(said, words["play.end.saved"]) && played < 10; played++ {
		if !strings.Contains(said, words["play.your-move.b"]) {
			t.Fatalf("status %q, want the child's turn as Black", said)
		}
		sol, err := s.Solve(p, solver.Goal{Kind: solver.Game})
		if err != nil {
			t.Fatal(err)
		}
		m := sol.Best[0]
		sq := func(s rules.Square) chromedp.CSS { return chromedp.CSS(box + ` [data-square="` + s.String() + `"]`) }
		if err := chromedp.Do(ctx, chromedp.Click(sq(m.From)), chromedp.Click(sq(m.To))); err != nil {
			t.Fatal(err)
		}
		said = text(status)
		if !strings.Contains(said, enginePlayed) {
			t.Errorf("after the child's move %d, status %q, want %q", played+1, said, enginePlayed)
		}
		moves, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("`+box+` .nl-moves li")].map(li => li.textContent)`))
		if err != nil {
			t.Fatal(err)
		}
		p = replay(t, p, moves[2*played:], s)
	}
	for _, want := range []string{words["play.end.saved"], words["play.perfect.loss.b"]} {
		if !strings.Contains(said, want) {
			t.Errorf("final status %q, want it to hold %q", said, want)
		}
	}
}

// TestPlayHidesAnswer opens a game under a best-move exercise: while it is
// open, the exercise's own buttons (Check, Clear) are hidden, so the child
// does not take them for the game's; they come back when it closes.
func TestPlayHidesAnswer(t *testing.T) {
	ctx := browser(t)
	dir := buildFixture(t, "play")
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(dir, "01-play.html"))); err != nil {
		t.Fatal(err)
	}
	words := catalog.New(style.English, style.Alien).Script()
	both := []any{words["answer.check"], words["answer.clear"]}
	const (
		box     = "#exercise-2 .nl-play"
		visible = `[...document.querySelectorAll("#exercise-2 .answer-ui button")].filter(b => b.getClientRects().length > 0).map(b => b.textContent)`
	)
	for _, step := range []struct {
		name  string
		click string // the button pressed first, "" for none
		want  []any
	}{
		{"before", "", both},
		{"playing", "#exercise-2 .nl-play-button", []any{}},
		{"closed", box + " .nl-buttons button:nth-child(3)", both},
	} {
		if step.click != "" {
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(step.click))); err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](visible))
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		if !reflect.DeepEqual(got, step.want) {
			t.Errorf("%s: the exercise's visible buttons are %q, want %q", step.name, got, step.want)
		}
	}
}
