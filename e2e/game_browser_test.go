package e2e

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"nostromo-lessons/internal/analysis"
	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/internal/engine"
	"nostromo-lessons/internal/serve"
	"nostromo-lessons/rules"
	"nostromo-lessons/rules/solver"
)

// gamePage drives the site's play page (play.html) in a headless
// Chromium tab, from the disk, at one width.
type gamePage struct {
	t     *testing.T
	ctx   context.Context
	words map[string]string // the page's words that have no forms
	width int64
}

// openGame opens the play page of the site in dir at width, with query
// (such as "?fen=...") after its address, no game kept; a listener keeps
// the nostromo:game events' details in window.nlGames.
func openGame(t *testing.T, ctx context.Context, dir string, width int64, query string) *gamePage {
	t.Helper()
	err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900),
		chromedp.Navigate("file://"+filepath.Join(dir, "play.html")+query),
		chromedp.WaitReady(chromedp.CSS(".nl-setup")))
	if err != nil {
		t.Fatal(err)
	}
	g := &gamePage{t: t, ctx: ctx, width: width}
	g.eval(`(() => { localStorage.clear(); window.nlGames = []; document.addEventListener("nostromo:game", (e) => window.nlGames.push(e.detail)); return true; })()`)
	words := map[string]any{}
	if err := json.Unmarshal([]byte(g.eval(`document.getElementById("nl-words").textContent`).(string)), &words); err != nil {
		t.Fatal(err)
	}
	g.words = plainWords(words)
	return g
}

// eval returns the value of a JavaScript expression, as JSON decodes it.
func (g *gamePage) eval(js string) any {
	g.t.Helper()
	v, err := chromedp.Run(g.ctx, chromedp.Evaluate[any](js))
	if err != nil {
		g.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// start chooses a game on the setup form (mode "friend" or "computer",
// with side and level for the computer) and starts it.
func (g *gamePage) start(mode, side string, level int) {
	g.t.Helper()
	clicks := []chromedp.Action[chromedp.Void]{chromedp.Click(chromedp.CSS(`.nl-setup input[name="mode"][value="` + mode + `"]`))}
	if mode == "computer" {
		clicks = append(clicks, chromedp.Click(chromedp.CSS(`.nl-setup input[name="side"][value="`+side+`"]`)),
			chromedp.Click(chromedp.CSS(fmt.Sprintf(`.nl-setup input[name="level"][value="%d"]`, level))))
	}
	clicks = append(clicks, chromedp.Click(chromedp.CSS(".nl-start")))
	if err := chromedp.Do(g.ctx, clicks...); err != nil {
		g.t.Fatal(err)
	}
}

// wait returns the status once the game waits no more for the engine.
func (g *gamePage) wait() string {
	g.t.Helper()
	js := `(() => { const p = document.querySelector("#nl-game-page .nl-game");
		return p && p.getAttribute("aria-busy") === "false" ? p.querySelector(".nl-status").textContent : ""; })()`
	text, err := chromedp.Run(g.ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil {
		now, _ := chromedp.Run(g.ctx, chromedp.Evaluate[string](`(document.querySelector("#nl-game-page .nl-status") || {textContent: "(none)"}).textContent`))
		g.t.Fatalf("waiting for a child's turn: %v; the status says %q", err, now)
	}
	return text
}

// move plays m from p on the page's board by tap-tap, or by the keyboard
// (the piece's square, Space, the target, Space).
func (g *gamePage) move(p rules.Position, m rules.Move, keys bool) {
	g.t.Helper()
	sq := func(s rules.Square) chromedp.CSS {
		return chromedp.CSS(`#nl-game-page [data-square="` + s.String() + `"]`)
	}
	from := m.From
	if m.IsFlight() {
		from = m.To // the flight is a tap on the lair
	}
	acts := []chromedp.Action[chromedp.Void]{chromedp.Click(sq(from)), chromedp.Click(sq(m.To))}
	if m.IsFlight() {
		acts = acts[1:]
	}
	if keys && !m.IsFlight() {
		acts = []chromedp.Action[chromedp.Void]{chromedp.Focus(sq(from)), chromedp.KeyEvent(" "), chromedp.Focus(sq(m.To)), chromedp.KeyEvent(" ")}
	}
	if err := chromedp.Do(g.ctx, acts...); err != nil {
		g.t.Fatalf("%s in %q: %v", p.SAN(m), p, err)
	}
}

// listed returns the moves the page lists, as it writes them.
func (g *gamePage) listed() []string {
	g.t.Helper()
	moves, err := chromedp.Run(g.ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#nl-game-page .nl-moves li")].map(li => li.textContent)`))
	if err != nil {
		g.t.Fatal(err)
	}
	return moves
}

// sans returns the moves the page lists in the engine's notation (its
// data-san), whatever the page's language.
func (g *gamePage) sans() []string {
	g.t.Helper()
	moves, err := chromedp.Run(g.ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#nl-game-page .nl-moves li")].map(li => li.dataset.san)`))
	if err != nil {
		g.t.Fatal(err)
	}
	return moves
}

// noSideways checks that the page does not scroll sideways.
func (g *gamePage) noSideways(when string) {
	g.t.Helper()
	if w := g.eval(`document.documentElement.scrollWidth`).(float64); int64(w) > g.width {
		g.t.Errorf("%s: the page is %v px wide at a width of %d px: it scrolls sideways", when, w, g.width)
	}
}

// kept returns the games the page kept in localStorage (for the child
// "Just me") and those it told by the nostromo:game event.
func (g *gamePage) kept() (stored, told []map[string]any) {
	g.t.Helper()
	for _, v := range []struct {
		js  string
		out *[]map[string]any
	}{
		{`(() => { const k = Object.keys(localStorage).find(k => k.startsWith("nl1g|")); return k ? localStorage.getItem(k) : "[]"; })()`, &stored},
		{`JSON.stringify(window.nlGames)`, &told},
	} {
		if err := json.Unmarshal([]byte(g.eval(v.js).(string)), v.out); err != nil {
			g.t.Fatal(err)
		}
	}
	return stored, told
}

// line returns the moves of text (SAN, spaces between them) played from
// p, and the position they reach, failing on an illegal one.
func line(t *testing.T, p rules.Position, text string) ([]rules.Move, rules.Position) {
	t.Helper()
	var out []rules.Move
	for _, san := range strings.Fields(text) {
		m, err := rules.ParseMove(p, san)
		if err != nil {
			t.Fatalf("%s in %q: %v", san, p, err)
		}
		out = append(out, m)
		p = p.Apply(m)
	}
	return out, p
}

// savingGame is a game from the start that the crew wins by saving three
// pawns while the alien goes back and forth far away: b, c and d pawns
// march to rank 8.
func savingGame() string {
	var b strings.Builder
	alien := []string{"Ng8", "Nh6"}
	k := 0
	for _, file := range []string{"b", "c", "d"} {
		for rank := 3; rank <= 8; rank++ {
			fmt.Fprintf(&b, "%s%d ", file, rank)
			if !(file == "d" && rank == 8) {
				b.WriteString(alien[k%2] + " ")
				k++
			}
		}
	}
	return b.String()
}

// TestGameWithFriend plays two whole games from the start between two
// children on one device, from the disk, at a phone's and a desktop's
// width: the crew saving three pawns (some moves by the keyboard, one
// taken back and played again) and a draw by the third repetition. The
// page lists every move, says the result in the theme's words, keeps the
// game beside the stars and tells it (nostromo:game) with the text
// analyze reads, and "Copy the game" gives that text; the page never
// scrolls sideways.
func TestGameWithFriend(t *testing.T) {
	ctx := browser(t)
	dir := buildFixture(t, "play")
	for _, c := range []struct {
		width      int64
		moves, end string
		result     string
	}{
		{390, savingGame(), "saved", "white"},
		{1280, "Kd1 Ng8 Ke1 Nf6 Kd1 Ng8 Ke1 Nf6", "repetition", "draw"},
	} {
		t.Run(fmt.Sprint(c.width), func(t *testing.T) {
			g := openGame(t, ctx, dir, c.width, "")
			// The child's name, chosen on the page, keys the games kept.
			err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#nl-child-new"), "Ann"), chromedp.Click(chromedp.CSS("#nl-child button")))
			if err != nil {
				t.Fatal(err)
			}
			g.start("friend", "", 0)
			status := g.wait()
			t.Logf("engine.js loaded and the engine started in %.0f ms", g.eval(`performance.measure("load", "nl-engine-load", "nl-engine-ready").duration`))
			if want := g.words["play.game.turn.w"]; !strings.HasPrefix(status, want) {
				t.Errorf("status %q, want %q", status, want)
			}
			p := rules.Start
			moves, _ := line(t, p, c.moves)
			for i, m := range moves {
				g.move(p, m, i%7 == 3)
				status = g.wait()
				if i == 2 {
					if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#nl-game-page .nl-buttons button"))); err != nil {
						t.Fatal(err)
					}
					g.wait()
					if n := len(g.listed()); n != 2 {
						t.Fatalf("after take back, %d moves listed, want 2", n)
					}
					g.move(p, m, false)
					status = g.wait()
				}
				p = p.Apply(m)
			}
			if want := g.words["play.end."+c.end]; !strings.Contains(status, want) {
				t.Errorf("final status %q, want it to hold %q", status, want)
			}
			var want []string
			q := rules.Start
			for _, m := range moves {
				want = append(want, q.SAN(m))
				q = q.Apply(m)
			}
			if got := g.listed(); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("the page lists %q, want %q", got, want)
			}
			g.noSideways("after the game")
			if n := g.eval(`document.querySelectorAll("#nl-game-page .nl-legend").length`); n != 0.0 {
				t.Errorf("a game with a friend has %v legends of the computer's marks, want none", n)
			}
			stored, told := g.kept()
			if len(stored) != 1 || len(told) != 1 {
				t.Fatalf("%d games kept and %d told, want 1 and 1", len(stored), len(told))
			}
			if key := g.eval(`Object.keys(localStorage).find(k => k.startsWith("nl1g|"))`); key != "nl1g|Ann|"+g.eval(`JSON.parse(document.getElementById("nl-data").textContent).course`).(string) {
				t.Errorf("the games are kept under %q, want nl1g|Ann|COURSE", key)
			}
			for _, rec := range []map[string]any{stored[0], told[0]} {
				if rec["result"] != c.result || rec["end"] != c.end || rec["side"] != "" || rec["level"] != 0.0 || rec["start"] != rules.Start.String() {
					t.Errorf("record %v, want result %q, end %q, side \"\", level 0 from the start", rec, c.result, c.end)
				}
				game, err := analysis.ParseGame(rec["text"].(string))
				if err != nil {
					t.Fatalf("analysis.ParseGame(record's text %q): %v", rec["text"], err)
				}
				if len(game.Moves) != len(moves) || game.Start != rules.Start {
					t.Errorf("the record's text %q reads as %d moves from %q, want %d from the start", rec["text"], len(game.Moves), game.Start, len(moves))
				}
			}
			if stored[0]["id"] != told[0]["id"] || stored[0]["id"] == "" {
				t.Errorf("the kept game's id %v, the told one's %v: want the same id", stored[0]["id"], told[0]["id"])
			}
			// The last move taken back after the end and played again: the
			// game ends again, is told again and kept once.
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#nl-game-page .nl-buttons button"))); err != nil {
				t.Fatal(err)
			}
			g.wait()
			last := moves[len(moves)-1]
			before := rules.Start
			for _, m := range moves[:len(moves)-1] {
				before = before.Apply(m)
			}
			g.move(before, last, false)
			if status := g.wait(); !strings.Contains(status, g.words["play.end."+c.end]) {
				t.Errorf("the last move played again: status %q, want %q", status, g.words["play.end."+c.end])
			}
			stored, told = g.kept()
			if len(stored) != 1 || len(told) != 2 || told[1]["id"] != stored[0]["id"] {
				t.Errorf("after the end played again, %d games kept and %d told (%v), want 1 and 2 of the same id", len(stored), len(told), told)
			}
			// Copy the game: on the clipboard (here one that keeps what it
			// is given), or at the phone's width, with no clipboard (as
			// some browsers give none to a page from the disk), shown to
			// select.
			stub := `navigator.clipboard.writeText = (text) => { window.nlCopied = text; return Promise.resolve(); }`
			if c.width == 390 {
				stub = `Object.defineProperty(navigator, "clipboard", {value: undefined})`
			}
			g.eval("(() => { " + stub + "; return true; })()")
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#nl-game-page .nl-copy"))); err != nil {
				t.Fatal(err)
			}
			copied, err := chromedp.Run(ctx, chromedp.Poll[string](`(() => { const a = document.querySelector("#nl-game-page .nl-copied textarea");
				const p = document.querySelector("#nl-game-page .nl-copied p");
				return a && a.value + (document.activeElement === a && a.selectionEnd === a.value.length ? "" : " (not selected)") ||
					p && p.textContent === `+fmt.Sprintf("%q", g.words["play.game.copied"])+` && window.nlCopied || ""; })()`, chromedp.WithPollingTimeout(10*time.Second)))
			if err != nil {
				t.Fatal(err)
			}
			if copied != stored[0]["text"] {
				t.Errorf("Copy the game gives %q, want the record's text %q", copied, stored[0]["text"])
			}
			g.noSideways("with the game's text shown")
		})
	}
}

// TestPlayFromHere checks that every position a lesson offers links the
// play page with its position and side, and that the play page opened
// from it offers the computer with the level picker, loads the engine
// only when a game starts, and starts from it.
func TestPlayFromHere(t *testing.T) {
	ctx := browser(t)
	dir := buildFixture(t, "play")
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(dir, "01-play.html"))); err != nil {
		t.Fatal(err)
	}
	links, err := chromedp.Run(ctx, chromedp.Poll[[]string](`(() => { const a = [...document.querySelectorAll(".nl-from-here")];
		return a.length ? a.map(x => x.getAttribute("href")) : null; })()`, chromedp.WithPollingTimeout(10*time.Second)))
	if err != nil {
		t.Fatal(err)
	}
	boxes, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".nl-play")].map(b => "play.html?fen=" + encodeURIComponent(b.dataset.fen) + "&side=" + b.dataset.side)`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(links, " ") != strings.Join(boxes, " ") || len(links) == 0 {
		t.Fatalf("Play from here links %q, want one a position: %q", links, boxes)
	}
	u, err := url.Parse(links[len(links)-1])
	if err != nil {
		t.Fatal(err)
	}
	g := openGame(t, ctx, dir, 390, "?"+u.RawQuery)
	for js, want := range map[string]any{
		`document.querySelector('.nl-setup input[name="mode"][value="computer"]').checked`:                      true,
		`document.querySelector('.nl-setup input[name="side"][value="` + u.Query().Get("side") + `"]').checked`: true,
		`document.querySelector(".nl-level").hidden`:                                                            false,
		`document.querySelectorAll('.nl-setup input[name="level"]').length`:                                     5.0,
	} {
		if got := g.eval(js); got != want {
			t.Errorf("%s = %v, want %v", js, got, want)
		}
	}
	g.noSideways("the choice of a game against the computer")
	engines := `document.querySelectorAll('script[src="engine.js"]').length`
	if n := g.eval(engines); n != 0.0 {
		t.Errorf("engine.js loaded %v times before a game starts, want 0", n)
	}
	g.start("friend", "", 0)
	g.wait()
	if n := g.eval(engines); n != 1.0 {
		t.Errorf("engine.js loaded %v times once a game started, want 1", n)
	}
	fen := u.Query().Get("fen")
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for s := rules.A1; s <= rules.H8; s++ {
		want := ""
		if pc := p.PieceAt(s); pc != rules.NoPiece {
			want = pc.String()
		}
		got := g.eval(`(() => { const svg = document.querySelector('#nl-game-page [data-square="` + s.String() + `"] svg'); return svg ? svg.dataset.piece : ""; })()`)
		if got != want {
			t.Errorf("square %s shows %q, want %q (the position %q)", s, got, want, fen)
		}
	}
}

// gameShots names a folder for screenshots of the play page at 390 and
// 1280 px, in English, Russian and German, in two themes: (cd e2e && go
// test -run TestGameShots -game-shots DIR).
var gameShots = flag.String("game-shots", "", "TestGameShots: write screenshots of the play page into this folder")

// TestGameShots writes screenshots of the play page, for a person to look
// at: the choice of a game, a game with a friend ended by repetition,
// its text to copy, and (with the computer) its review.
func TestGameShots(t *testing.T) {
	if *gameShots == "" {
		t.Skip("no -game-shots folder")
	}
	ctx := browser(t)
	for _, c := range []struct{ lang, theme string }{{"en", "alien"}, {"ru", "alien"}, {"de", "farm"}} {
		fsys := fstest.MapFS{}
		src := os.DirFS(filepath.Join("testdata", "play"))
		err := fs.WalkDir(src, ".", func(name string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(src, name)
			if name == "course.yaml" {
				data = fmt.Appendf(nil, "title: Nostromo\nauthor: The play test\nlanguage: %s\ntheme: %s\npaper: a4\n", c.lang, c.theme)
			}
			fsys[name] = &fstest.MapFile{Data: data}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		_, files := buildtest.Build(t, fsys, solver.New(solver.Options{}), build.Options{})
		dir := t.TempDir()
		buildtest.Write(t, files, "site/*", dir)
		for _, width := range []int64{390, 1280} {
			name := func(what string) string {
				return filepath.Join(*gameShots, fmt.Sprintf("%s-%s-%d-%s.png", c.lang, c.theme, width, what))
			}
			g := openGame(t, ctx, dir, width, "")
			g.shot(name("setup"))
			g.start("friend", "", 0)
			g.wait()
			p := rules.Start
			moves, _ := line(t, p, "c3 Ng4 Kd1 Nf6 Ke1 Ng4 Kd1 Nf6 Ke1 Ng4")
			for _, m := range moves {
				g.move(p, m, false)
				g.wait()
				p = p.Apply(m)
			}
			g.shot(name("over"))
			g.eval(`(() => { Object.defineProperty(navigator, "clipboard", {value: undefined}); return true; })()`)
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#nl-game-page .nl-copy"))); err != nil {
				t.Fatal(err)
			}
			g.shot(name("copy"))
			const fen = "8/8/8/3P4/4P3/8/8/Kn6 w 2 2"
			g = openGame(t, ctx, dir, width, "?fen="+url.QueryEscape(fen)+"&side=w")
			g.eval(`(() => { document.querySelector('.nl-setup input[name="level"][value="5"]').click(); return true; })()`)
			g.shot(name("from-here"))
			g.start("computer", "w", 5)
			g.wait()
			start, _ := rules.ParseFEN(fen)
			m, _ := line(t, start, "e5")
			g.move(start, m[0], false)
			g.wait()
			listed := g.sans()
			_, p = line(t, start, strings.Join(listed, " "))
			g.playOut(p, len(listed), rules.White, solver.New(solver.Options{}))
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#nl-game-page .nl-review-button")),
				chromedp.WaitVisible(chromedp.CSS("#nl-game-page .nl-try"))); err != nil {
				t.Fatal(err)
			}
			g.shot(name("review"))
		}
		lesson := filepath.Join(dir, "01-play.html")
		for _, width := range []int64{390, 1280} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900), chromedp.Navigate("file://"+lesson),
				chromedp.WaitVisible(chromedp.CSS(".nl-from-here"))); err != nil {
				t.Fatal(err)
			}
			(&gamePage{t: t, ctx: ctx}).shot(filepath.Join(*gameShots, fmt.Sprintf("%s-%s-%d-lesson.png", c.lang, c.theme, width)))
		}
	}
}

// shot writes a screenshot of the whole page to the file name.
func (g *gamePage) shot(name string) {
	g.t.Helper()
	png, err := chromedp.Run(g.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		g.t.Fatal(err)
	}
	if err := os.WriteFile(name, png, 0o644); err != nil {
		g.t.Fatal(err)
	}
}

// playOut plays the game on the page to its end from p, reached after
// the page's first done plies: the child's moves are
// the solver's best (the first of them), the computer's are read from the
// page's list and checked to be legal; it returns the final status and
// the computer's moves' classes (nl-perfect or nl-searching, as the page
// marks them).
func (g *gamePage) playOut(p rules.Position, done int, child rules.Color, s *solver.Solver) (string, []string) {
	g.t.Helper()
	status := g.wait()
	var how []string
	for plies := done; plies < done+400; plies++ {
		listed := g.sans()
		if len(listed) > plies { // the computer has moved
			m, err := rules.ParseMove(p, listed[plies])
			if err != nil {
				g.t.Fatalf("the computer's move %q in %q: %v", listed[plies], p, err)
			}
			class := g.eval(fmt.Sprintf(`document.querySelectorAll("#nl-game-page .nl-moves li")[%d].className`, plies)).(string)
			how = append(how, class)
			if !strings.Contains(status, g.words["play.game.perfect"]) && !strings.Contains(status, g.words["play.game.searching"]) {
				g.t.Errorf("after the computer's move %s, status %q: want it said perfect or searching", listed[plies], status)
			}
			p = p.Apply(m)
			continue
		}
		if p.Status().Over() || strings.Contains(g.eval(`document.querySelector("#nl-game-page .nl-game").className`).(string), "nl-over") {
			return status, how
		}
		if p.Side != child {
			g.t.Fatalf("in %q the page waits for the child, who plays %v; status %q", p, child, status)
		}
		sol, err := s.Solve(p, solver.Goal{Kind: solver.Game})
		if err != nil {
			g.t.Fatal(err)
		}
		g.move(p, sol.Best[0], false)
		status = g.wait()
		p = p.Apply(sol.Best[0])
	}
	g.t.Fatalf("the game from %q does not end in 400 plies; status %q", p, status)
	return "", nil
}

// TestGameAgainstLevels plays a whole game against each level of the
// computer, at a phone's and a desktop's width, from the disk: as the
// crew in a position the crew wins, and as the alien in one the crew
// wins. Each game ends; each of the computer's moves is said perfect or
// searching (in these small positions the browser proves every one:
// perfect); the child's win is said; the game is kept with its side and
// level. From the start the computer answers from the opening book,
// perfect.
func TestGameAgainstLevels(t *testing.T) {
	ctx := browser(t)
	dir := buildFixture(t, "play")
	s := solver.New(solver.Options{})
	for level := 1; level <= 5; level++ {
		for _, width := range []int64{390, 1280} {
			for _, c := range []struct {
				fen    string
				side   string
				child  rules.Color
				result string
			}{
				{"8/8/8/3P4/4P3/8/8/Kn6 w 2 2", "w", rules.White, "white"},
				{"8/8/8/2P5/8/8/8/n6K b 2 3", "b", rules.Black, "white"},
			} {
				t.Run(fmt.Sprintf("level %d/%d/%s", level, width, c.side), func(t *testing.T) {
					g := openGame(t, ctx, dir, width, "?fen="+url.QueryEscape(c.fen)+"&side="+c.side)
					g.start("computer", c.side, level)
					p, err := rules.ParseFEN(c.fen)
					if err != nil {
						t.Fatal(err)
					}
					status, how := g.playOut(p, 0, c.child, s)
					if len(how) == 0 {
						t.Errorf("the computer made no move")
					}
					for i, class := range how {
						if !strings.Contains(class, "nl-perfect") {
							t.Errorf("the computer's move %d is marked %q, want nl-perfect (a proven move)", i+1, class)
						}
					}
					legend := `(() => { const p = document.querySelector("#nl-game-page .nl-legend"); return p && !p.hidden ? p.textContent : ""; })()`
					if got := g.eval(legend); got != g.words["play.game.legend"] {
						t.Errorf("the marks' legend says %q, want %q", got, g.words["play.game.legend"])
					}
					stored, told := g.kept()
					if len(stored) != 1 || len(told) != 1 {
						t.Fatalf("%d games kept and %d told, want 1 and 1", len(stored), len(told))
					}
					rec := stored[0]
					if rec["side"] != c.side || rec["level"] != float64(level) || rec["start"] != c.fen || rec["end"] == "" {
						t.Errorf("record %v, want side %q, level %d from %q, ended", rec, c.side, level, c.fen)
					}
					if rec["result"] == "white" && c.side == "w" && !strings.Contains(status, g.words["play.game.won"]) {
						t.Errorf("the crew won, the child's side; status %q, want %q", status, g.words["play.game.won"])
					}
					if rec["result"] == "white" && c.side == "b" && !strings.Contains(status, g.words["play.game.lost"]) {
						t.Errorf("the crew won, the computer's side; status %q, want %q", status, g.words["play.game.lost"])
					}
					g.noSideways("after the game")
				})
			}
		}
	}
	t.Run("start", func(t *testing.T) {
		g := openGame(t, ctx, dir, 390, "")
		g.start("computer", "w", 3)
		g.wait()
		m, _ := line(t, rules.Start, "c3")
		g.move(rules.Start, m[0], false)
		status := g.wait()
		if !strings.Contains(status, g.words["play.game.perfect"]) || len(g.listed()) != 2 {
			t.Errorf("after c3 from the start, the page lists %q and says %q: want the computer's reply, perfect (the book's)", g.listed(), status)
		}
	})
}

// TestGameReview plants a mistake and a slip and reviews the games: with
// a friend, 1. Ka2, which throws the crew's win away (the game then drawn
// by repetition), is marked a mistake with the better move; against
// level 5 as the crew, 1. e5, a win 6 moves slower, a slip. "Try again
// from here" starts the game again from the position before the move,
// against the same level.
func TestGameReview(t *testing.T) {
	ctx := browser(t)
	dir := buildFixture(t, "play")
	const fen = "8/8/8/3P4/4P3/8/8/Kn6 w 2 2"
	s := solver.New(solver.Options{})
	start, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		width int64
		mode  string
		moves string // the child's moves: all of them with a friend, the first against the computer
		kind  string
	}{
		{"friend mistake", 390, "friend", "Ka2 Nd2 Ka1 Nb1 Ka2 Nd2 Ka1 Nb1", "mistake"},
		{"computer slip", 1280, "computer", "e5", "slip"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := openGame(t, ctx, dir, c.width, "?fen="+url.QueryEscape(fen)+"&side=w")
			g.start(c.mode, "w", 5)
			g.wait()
			moves, after := line(t, start, c.moves)
			p := start
			for _, m := range moves {
				g.move(p, m, false)
				g.wait()
				p = p.Apply(m)
			}
			if c.mode == "computer" {
				listed := g.sans()
				_, p = line(t, start, strings.Join(listed, " "))
				g.playOut(p, len(listed), rules.White, s)
			} else if p != after || !strings.Contains(g.wait(), g.words["play.end.repetition"]) {
				t.Fatalf("the game with a friend did not end by repetition: %q", g.wait())
			}
			best, err := s.Solve(start, solver.Goal{Kind: solver.Game})
			if err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#nl-game-page .nl-review-button"))); err != nil {
				t.Fatal(err)
			}
			first, err := chromedp.Run(ctx, chromedp.Poll[string](`(() => { const li = document.querySelector("#nl-game-page .nl-review-list li");
				return li ? li.className + " " + li.querySelector("p").textContent : ""; })()`, chromedp.WithPollingTimeout(60*time.Second)))
			if err != nil {
				t.Fatalf("no move marked: %v; the review says %q", err, g.eval(`document.querySelector("#nl-game-page .nl-review").textContent`))
			}
			want := strings.NewReplacer("{move}", "1.", "{san}", start.SAN(moves[0]), "{best}", start.SANList(best.Best)).Replace(g.words["play.game.review."+c.kind])
			if first != "nl-"+c.kind+" "+want {
				t.Errorf("the review's first entry is %q, want %q", first, "nl-"+c.kind+" "+want)
			}
			if got := g.eval(`document.querySelector("#nl-game-page .nl-moves li").className`); got != "nl-mine nl-marked-"+c.kind && got != "nl-marked-"+c.kind {
				t.Errorf("the first move in the list is marked %q, want nl-marked-%s", got, c.kind)
			}
			g.noSideways("with the review")
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#nl-game-page .nl-try"))); err != nil {
				t.Fatal(err)
			}
			status := g.wait()
			turn := g.words["play.your-move"]
			if c.mode == "friend" {
				turn = g.words["play.game.turn.w"]
			}
			if n := len(g.listed()); n != 0 || !strings.Contains(status, turn) {
				t.Errorf("after Try again from here, %d moves listed and status %q, want none and %q", n, status, turn)
			}
			if c.mode == "computer" {
				m, _ := line(t, start, "d6")
				g.move(start, m[0], false)
				if status := g.wait(); !strings.Contains(status, g.words["play.game.perfect"]) || len(g.listed()) != 2 {
					t.Errorf("after d6 in the game tried again, the page lists %q and says %q: want the computer's reply", g.listed(), status)
				}
				// A new game keeps the unfinished one, not told (it has not ended).
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#nl-game-page .nl-new"))); err != nil {
					t.Fatal(err)
				}
				stored, told := g.kept()
				if len(stored) != 2 || len(told) != 1 || stored[1]["result"] != "" || stored[1]["end"] != "" || stored[1]["start"] != fen ||
					len(stored[1]["moves"].([]any)) != 2 || stored[1]["id"] == stored[0]["id"] {
					t.Errorf("after New game, games kept %v and told %v: want the ended one, then the one tried again unfinished (2 moves, its own id); one told", stored, told)
				}
				if visible := g.eval(`!document.querySelector(".nl-setup").hidden && !document.querySelector("#nl-game-page .nl-game")`); visible != true {
					t.Errorf("after New game, the choice is not shown alone")
				}
			}
		})
	}
}

// TestGameWithoutWorkers opens the play page in a browser without Web
// Workers, then in one without WebAssembly: without Workers the page
// says so, offers only the game with a friend and plays it to its end
// with the engine in the page itself; without WebAssembly it says that
// nothing can be played here and offers no start.
func TestGameWithoutWorkers(t *testing.T) {
	dir := buildFixture(t, "play")
	for _, c := range []struct {
		name, hide, note string
		canStart         bool
	}{
		{"no Worker", "Worker", "play.game.no-worker", true},
		{"no WebAssembly", "WebAssembly", "play.game.no-engine", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := browser(t)
			err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument,
					page.AddScriptToEvaluateOnNewDocumentParams{Source: `Object.defineProperty(window, "` + c.hide + `", {value: undefined});`})
				return err
			}))
			if err != nil {
				t.Fatal(err)
			}
			g := openGame(t, ctx, dir, 390, "")
			for js, want := range map[string]any{
				`document.querySelector(".nl-setup .nl-note").textContent`:             g.words[c.note],
				`document.querySelector('.nl-setup input[value="computer"]').disabled`: c.canStart,
				`document.querySelector(".nl-start").disabled`:                         !c.canStart,
				`typeof ` + c.hide: "undefined",
			} {
				if got := g.eval(js); got != want {
					t.Errorf("%s = %v, want %v", js, got, want)
				}
			}
			if !c.canStart {
				return
			}
			g.start("friend", "", 0)
			g.wait()
			p := rules.Start
			moves, _ := line(t, p, "Kd1 Ng8 Ke1 Nf6 Kd1 Ng8 Ke1 Nf6")
			var status string
			for _, m := range moves {
				g.move(p, m, false)
				status = g.wait()
				p = p.Apply(m)
			}
			if want := g.words["play.end.repetition"]; !strings.Contains(status, want) {
				t.Errorf("final status %q, want it to hold %q", status, want)
			}
		})
	}
}

// TestGameThroughServe plays against the computer on the play page
// served over HTTP: by serve itself (internal/serve's Server with the
// engine's route, whose injected script sets window.nostromoServe), the
// page asks the route and loads no engine.js; by a stand-in route that
// refuses (429, as serve does past 30 requests a second), with
// window.nostromoServe set as serve sets it, the page asks the
// WebAssembly engine instead and the game goes on.
func TestGameThroughServe(t *testing.T) {
	dir := buildFixture(t, "play")
	const fen = "8/8/8/3P4/4P3/8/8/Kn6 w 2 2"
	for _, c := range []struct {
		name    string
		refuse  bool
		engines float64 // engine.js loaded: 0 or 1
	}{
		{"serve", false, 0},
		{"refused", true, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			var asked atomic.Int64
			var handler http.Handler
			if c.refuse {
				mux := http.NewServeMux()
				mux.Handle("/", http.FileServer(http.Dir(dir)))
				mux.HandleFunc("POST "+serve.EnginePath, func(w http.ResponseWriter, r *http.Request) {
					asked.Add(1)
					http.Error(w, "too many requests", http.StatusTooManyRequests)
				})
				handler = mux
			} else {
				root := t.TempDir()
				if err := os.CopyFS(filepath.Join(root, "site"), os.DirFS(dir)); err != nil {
					t.Fatal(err)
				}
				s := serve.New()
				t.Cleanup(s.Close)
				s.SetEngine(countingEngine{engine.New(), &asked}, false)
				s.Publish(root)
				handler = s
			}
			srv := httptest.NewServer(handler)
			t.Cleanup(srv.Close) // after the browser's cleanup (which browser registers later), so that serve's event stream is closed
			address := srv.URL + "/play.html"
			if !c.refuse {
				address = srv.URL + "/site/play.html"
			}
			ctx := browser(t)
			actions := []chromedp.Action[chromedp.Void]{chromedp.EmulateViewport(1280, 900),
				chromedp.Navigate(address + "?fen=" + url.QueryEscape(fen) + "&side=w"), chromedp.WaitReady(chromedp.CSS(".nl-setup"))}
			if c.refuse {
				actions = append([]chromedp.Action[chromedp.Void]{chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument,
						page.AddScriptToEvaluateOnNewDocumentParams{Source: `window.nostromoServe = {engine: "` + serve.EnginePath + `", table: false};`})
					return err
				})}, actions...)
			}
			if err := chromedp.Do(ctx, actions...); err != nil {
				t.Fatal(err)
			}
			g := &gamePage{t: t, ctx: ctx, width: 1280}
			if got := g.eval(`window.nostromoServe && window.nostromoServe.engine || ""`); got != serve.EnginePath {
				t.Fatalf("window.nostromoServe.engine = %q, want %q", got, serve.EnginePath)
			}
			words := map[string]any{}
			if err := json.Unmarshal([]byte(g.eval(`document.getElementById("nl-words").textContent`).(string)), &words); err != nil {
				t.Fatal(err)
			}
			g.words = plainWords(words)
			g.start("computer", "w", 5)
			p, _ := rules.ParseFEN(fen)
			status, _ := g.playOut(p, 0, rules.White, solver.New(solver.Options{}))
			if !strings.Contains(status, g.words["play.game.won"]) {
				t.Errorf("final status %q, want %q", status, g.words["play.game.won"])
			}
			if asked.Load() == 0 {
				t.Errorf("the page never asked the route")
			}
			if got := g.eval(`document.querySelectorAll('script[src="engine.js"]').length`); got != c.engines {
				t.Errorf("engine.js loaded %v times, want %v", got, c.engines)
			}
		})
	}
}

// countingEngine is the engine serve answers with, counting the requests.
type countingEngine struct {
	e     *engine.Engine
	asked *atomic.Int64
}

// Handle implements serve.Engine.
func (c countingEngine) Handle(req []byte) []byte {
	c.asked.Add(1)
	return c.e.Handle(req)
}

// sensible returns the move of the sensible crew player in p: a
// move that saves a pawn, or advances one to a square the alien does not
// attack, else one that takes the alien, else one drawn from r.
func sensible(p rules.Position, r *rand.Rand) rules.Move {
	moves := p.LegalMoves()
	safe := func(m rules.Move) bool {
		return p.PieceAt(m.From) == rules.Pawn && !rules.KnightAttacks(p.Knight).Has(m.To)
	}
	for _, good := range []func(rules.Move) bool{p.IsSave, safe, p.IsCapture} {
		var some []rules.Move
		for _, m := range moves {
			if good(m) {
				some = append(some, m)
			}
		}
		if len(some) > 0 {
			return some[r.IntN(len(some))]
		}
	}
	return moves[r.IntN(len(moves))]
}

// TestGameFromStart plays a whole game from the start against each level
// of the computer (at 390 px for the odd levels, 1280 px for the even
// ones), the child the sensible crew player: each game ends
// within 400 plies, each of the computer's moves is said perfect or
// searching, and the game is kept with its level. It logs how each game
// ended, its length, how long it took and how many of the computer's
// moves were proven.
func TestGameFromStart(t *testing.T) {
	ctx := browser(t)
	dir := buildFixture(t, "play")
	for level := 1; level <= 5; level++ {
		t.Run(fmt.Sprint(level), func(t *testing.T) {
			g := openGame(t, ctx, dir, int64(390+890*(1-level%2)), "")
			g.start("computer", "w", level)
			r := rand.New(rand.NewPCG(uint64(level), 0))
			p := rules.Start
			began := time.Now()
			var status string
			for plies := 0; plies < 400; plies++ {
				status = g.wait()
				sans := g.sans()
				for _, san := range sans[plies:] {
					m, err := rules.ParseMove(p, san)
					if err != nil {
						t.Fatal(err)
					}
					p = p.Apply(m)
					plies++
				}
				if strings.Contains(g.eval(`document.querySelector("#nl-game-page .nl-game").className`).(string), "nl-over") {
					break
				}
				m := sensible(p, r)
				g.move(p, m, false)
				p = p.Apply(m)
			}
			searched := g.eval(`document.querySelectorAll("#nl-game-page .nl-moves li.nl-searching").length`)
			perfect := g.eval(`document.querySelectorAll("#nl-game-page .nl-moves li.nl-perfect").length`)
			t.Logf("level %d: %d plies in %v, the computer's moves %v perfect and %v searched; %q", level, len(g.sans()), time.Since(began).Round(time.Second), perfect, searched, status)
			if !strings.Contains(g.eval(`document.querySelector("#nl-game-page .nl-game").className`).(string), "nl-over") {
				t.Errorf("the game did not end in 400 plies")
			}
			if unmarked := g.eval(`[...document.querySelectorAll("#nl-game-page .nl-moves li:not(.nl-mine)")].filter(li => !li.matches(".nl-perfect, .nl-searching")).length`); unmarked != 0.0 {
				t.Errorf("%v of the computer's moves are said neither perfect nor searching", unmarked)
			}
			if stored, _ := g.kept(); len(stored) != 1 || stored[0]["level"] != float64(level) || stored[0]["side"] != "w" {
				t.Errorf("games kept %v, want one at level %d, the child the crew", stored, level)
			}
			g.noSideways("after the game")
		})
	}
}
