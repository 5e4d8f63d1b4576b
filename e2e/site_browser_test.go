package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"nostromo-lessons/internal/budget"
	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/model"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/render"
	"nostromo-lessons/rules/solver"
)

// siteShots names a folder for screenshots of the fixture's lesson page at
// 1280 and 390 px while a child answers: (cd e2e && go test -run
// TestSiteInBrowser -site-shots DIR).
var siteShots = flag.String("site-shots", "", "write screenshots of the interactive site into this folder")

// fixtureLesson is the fixture course's one lesson, with an exercise of
// each kind (testdata/site).
const fixtureLesson = "01-every-kind"

// browserTab is a headless Chromium tab on the fixture course's build.
type browserTab struct {
	t     *testing.T
	ctx   context.Context
	out   string         // the build's folder: site/, pdf/, teacher/
	words map[string]any // the page's nl-words: a text, or forms by plural category
}

// openSite builds the fixture course into a temporary folder and opens a
// headless Chromium on its lesson; it skips when there is no Chromium.
func openSite(t *testing.T) *browserTab {
	t.Helper()
	bin := buildtest.Chromium(t)
	c, err := course.Check(os.DirFS("testdata/site"), solver.New(solver.Options{Budget: budget.Default}))
	if err != nil {
		t.Fatalf("Check(testdata/site) = %v", err)
	}
	return openCourse(t, bin, model.Model(c, model.Settings{}), fixtureLesson)
}

// openCourse builds a course's model into a temporary folder and opens
// Chromium (bin) on the page of one lesson.
func openCourse(t *testing.T, bin string, m render.Course, lesson string) *browserTab {
	t.Helper()
	out := t.TempDir()
	buildtest.WriteTree(t, buildtest.Render(t, m, build.Options{}), out)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(bin), chromedp.NoSandbox,
		chromedp.WindowSize(1280, 900), chromedp.UserDataDir(t.TempDir()))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	b := &browserTab{t: t, ctx: ctx, out: out}
	b.open("site/" + lesson + ".html")
	var words map[string]any
	if err := json.Unmarshal([]byte(b.evalString(`document.getElementById("nl-words").textContent`)), &words); err != nil {
		t.Fatalf("the page's nl-words: %v", err)
	}
	b.words = words
	return b
}

// open loads a page of the build.
func (b *browserTab) open(page string) {
	b.t.Helper()
	b.do(chromedp.Navigate("file://"+filepath.Join(b.out, filepath.FromSlash(page))), chromedp.WaitReady(chromedp.CSS("footer")))
}

// do runs actions, failing the test on an error.
func (b *browserTab) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(b.ctx, chromedp.Steps(actions...)); err != nil && ctx.Err() == nil {
		b.t.Fatalf("browser: %v", err)
	} else if err != nil {
		b.t.Fatalf("browser: timed out: %v", err)
	}
}

// evalString returns the value of a JavaScript expression as a string.
func (b *browserTab) evalString(js string) string {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		b.t.Fatalf("browser: %s: %v", js, err)
	}
	return v
}

// evalFloat returns the value of a JavaScript expression as a number.
func (b *browserTab) evalFloat(js string) float64 {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[float64](js))
	if err != nil {
		b.t.Fatalf("browser: %s: %v", js, err)
	}
	return v
}

// waitText waits until the text of the element sel starts with want, and
// fails with what it shows instead.
func (b *browserTab) waitText(sel, want string) {
	b.t.Helper()
	js := fmt.Sprintf(`(document.querySelector(%q) || {textContent: ""}).textContent.startsWith(%q)`, sel, want)
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		b.t.Errorf("%s says %q, want %q", sel, b.evalString(fmt.Sprintf(`(document.querySelector(%q) || {textContent: "(none)"}).textContent`, sel)), want)
	}
}

// waitPraise waits for exercise n's result to start with the message of
// key, and fails when it is a game's praise where key is another: the
// praise of a child playing White (answer.right, "Black did not see that
// coming") or Black (answer.right-black, "White did not see that coming"),
// which both start with the plain "Right!".
func (b *browserTab) waitPraise(n int, key string) {
	b.t.Helper()
	b.waitText(ex(n, ".result"), b.say(key))
	got := b.evalString(fmt.Sprintf(`document.querySelector(%q).textContent`, ex(n, ".result")))
	for _, game := range []string{"answer.right", "answer.right-black"} {
		if key != game && strings.HasPrefix(got, b.say(game)) {
			b.t.Errorf("exercise %d says %q, want %s's %q, not %s's", n, got, key, b.say(key), game)
		}
	}
}

// plainWords returns the messages of a page's nl-words that have one form
// (those with plural forms are objects of forms, which the tests do not
// read).
func plainWords(words map[string]any) map[string]string {
	plain := make(map[string]string, len(words))
	for k, v := range words {
		if s, ok := v.(string); ok {
			plain[k] = s
		}
	}
	return plain
}

// say returns a message of the page's words with {name}s filled in.
func (b *browserTab) say(key string, vars ...string) string {
	b.t.Helper()
	text, ok := b.words[key].(string)
	if !ok {
		b.t.Fatalf("no word %q in nl-words", key)
	}
	for i := 0; i+1 < len(vars); i += 2 {
		text = strings.ReplaceAll(text, "{"+vars[i]+"}", vars[i+1])
	}
	return text
}

// starsDone returns how the stars say a lesson's stars and that solved of
// total exercises are done: the English form of stars.of-done, filled in.
func (b *browserTab) starsDone(stars, solved, total int) string {
	b.t.Helper()
	return b.starsText("stars.of-done", stars, solved, total)
}

// starsText returns the English form of message key for solved, with
// stars, solved and total filled in.
func (b *browserTab) starsText(key string, stars, solved, total int) string {
	b.t.Helper()
	forms, ok := b.words[key].(map[string]any)
	if !ok {
		b.t.Fatalf("no plural forms of %q in nl-words", key)
	}
	form := "other"
	if solved == 1 {
		form = "one"
	}
	text, _ := forms[form].(string)
	return strings.NewReplacer("{stars}", strconv.Itoa(stars), "{n}", strconv.Itoa(solved), "{total}", strconv.Itoa(total)).Replace(text)
}

// ex returns the selector of something in exercise n.
func ex(n int, sel string) string { return fmt.Sprintf("#exercise-%d %s", n, sel) }

// tap clicks squares of exercise n's board with the mouse.
func (b *browserTab) tap(n int, squares ...string) {
	for _, s := range squares {
		b.do(chromedp.Click(chromedp.CSS(ex(n, fmt.Sprintf(`.sq[data-square=%q]`, s)))))
	}
}

// keySquares chooses squares of exercise n's board with the keyboard only:
// the arrow keys from the board's focused square, then Enter.
func (b *browserTab) keySquares(n int, squares ...string) {
	b.t.Helper()
	b.do(chromedp.Focus(chromedp.CSS(ex(n, `.sq[tabindex="0"]`))))
	for _, s := range squares {
		at := b.evalString(`document.activeElement.getAttribute("data-square") || ""`)
		if at == "" {
			b.t.Fatalf("exercise %d: no square has the focus", n)
		}
		var keys strings.Builder
		for f := at[0]; f != s[0]; {
			if f < s[0] {
				keys.WriteString(kb.ArrowRight)
				f++
			} else {
				keys.WriteString(kb.ArrowLeft)
				f--
			}
		}
		for r := at[1]; r != s[1]; {
			if r < s[1] {
				keys.WriteString(kb.ArrowUp)
				r++
			} else {
				keys.WriteString(kb.ArrowDown)
				r--
			}
		}
		keys.WriteString(kb.Enter)
		b.do(chromedp.KeyEvent(keys.String()))
	}
}

// keyPress focuses an element of exercise n, as Tab would, and presses keys.
func (b *browserTab) keyPress(n int, sel, keys string) {
	b.do(chromedp.Focus(chromedp.CSS(ex(n, sel))), chromedp.KeyEvent(keys))
}

// check presses exercise n's Check with the mouse.
func (b *browserTab) check(n int) { b.do(chromedp.Click(chromedp.CSS(ex(n, ".check")))) }

// kindCase answers one exercise of the fixture: wrong and then right with
// the mouse, and right with the keyboard alone.
type kindCase struct {
	n            int
	kind         string
	wrong, right func(b *browserTab)
	rightWord    string // the message of right: answer.right-plain for a drill, answer.right for a game's question (answer.right-black when the child plays Black), answer.slower for a slower win
	keys         func(b *browserTab)
}

// typeNumber types a number into exercise n's field with the mouse's help
// (a click, then the keys).
func typeNumber(n int, value string) func(b *browserTab) {
	return func(b *browserTab) {
		b.do(chromedp.Click(chromedp.CSS(ex(n, `input[type="number"]`))), chromedp.KeyEvent(kb.End+strings.Repeat(kb.Backspace, 4)+value))
		b.check(n)
	}
}

// keyNumber types a number and presses Enter, by the keyboard alone.
func keyNumber(n int, value string) func(b *browserTab) {
	return func(b *browserTab) { b.keyPress(n, `input[type="number"]`, value+kb.Enter) }
}

// kindCases answers the fixture's exercises, in its order.
var kindCases = []kindCase{
	{1, "knight-moves",
		func(b *browserTab) { b.tap(1, "b3", "b5", "c2"); b.check(1) },
		func(b *browserTab) { b.tap(1, "c6", "e2", "e6", "f3", "f5"); b.check(1) }, "answer.right-plain",
		func(b *browserTab) {
			b.keySquares(1, "b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5")
			b.keyPress(1, ".check", kb.Enter)
		}},
	{2, "king-moves",
		func(b *browserTab) { b.tap(2, "d1", "e2", "f1", "f2", "d2"); b.check(2) },
		func(b *browserTab) { b.tap(2, "d2"); b.check(2) }, "answer.right-plain",
		func(b *browserTab) { b.keySquares(2, "d1", "e2", "f1", "f2"); b.keyPress(2, ".check", kb.Enter) }},
	{3, "legal",
		func(b *browserTab) { b.do(chromedp.Click(chromedp.CSS(ex(3, ".choice:nth-child(2)")))); b.check(3) },
		func(b *browserTab) { b.do(chromedp.Click(chromedp.CSS(ex(3, ".choice:nth-child(1)")))); b.check(3) }, "answer.right-plain",
		func(b *browserTab) {
			b.keyPress(3, ".choice:nth-child(1)", kb.Enter)
			b.keyPress(3, ".check", kb.Enter)
		}},
	{4, "count-moves", typeNumber(4, "6"), typeNumber(4, "5"), "answer.right-plain", keyNumber(4, "5")},
	{5, "outcome",
		func(b *browserTab) { b.do(chromedp.Click(chromedp.CSS(ex(5, ".choice:nth-child(3)")))); b.check(5) },
		func(b *browserTab) { b.do(chromedp.Click(chromedp.CSS(ex(5, ".choice:nth-child(1)")))); b.check(5) }, "answer.right",
		func(b *browserTab) {
			b.keyPress(5, ".choice:nth-child(1)", kb.Enter)
			b.keyPress(5, ".check", kb.Enter)
		}},
	{6, "moves-to-win",
		// Who wins and in how many moves: each part wrong, then both.
		func(b *browserTab) { b.winsIn(6) },
		func(b *browserTab) {
			b.do(chromedp.Click(chromedp.CSS(ex(6, `input[type="checkbox"]`))), chromedp.Click(chromedp.CSS(ex(6, `.side[data-side="white"]`))))
			typeNumber(6, "2")(b)
		}, "answer.right", func(b *browserTab) {
			b.keyPress(6, `.side[data-side="white"]`, kb.Enter)
			keyNumber(6, "2")(b)
		}},
	{7, "moves-to-goal", typeNumber(7, "3"), typeNumber(7, "2"), "answer.right", keyNumber(7, "2")},
	{8, "best-move",
		// A drag of a move that is no answer, then a slower win by tap-tap.
		func(b *browserTab) { b.drag(8, "d6", "d5"); b.check(8) },
		func(b *browserTab) { b.tap(8, "h1", "g1"); b.check(8) }, "answer.slower",
		func(b *browserTab) { b.keySquares(8, "d6", "d7"); b.keyPress(8, ".check", kb.Enter) }},
	{9, "labyrinth",
		func(b *browserTab) { b.tap(9, "f3", "g5"); b.check(9) },
		func(b *browserTab) {
			b.do(chromedp.Click(chromedp.CSS(ex(9, ".clear"))))
			b.tap(9, "e2", "g3")
			b.check(9)
		}, "answer.right-plain",
		func(b *browserTab) { b.keySquares(9, "e2", "g3"); b.keyPress(9, ".check", kb.Enter) }},
	{10, "best-move as Black",
		// The knight to a square it cannot reach, then the take that wins.
		func(b *browserTab) { b.tap(10, "a1", "a2"); b.check(10) },
		func(b *browserTab) { b.tap(10, "a1", "b3"); b.check(10) }, "answer.right-black",
		func(b *browserTab) { b.keySquares(10, "a1", "b3"); b.keyPress(10, ".check", kb.Enter) }},
	{11, "best-move, the flight",
		// The knight is caught: a king's move is no answer; the flight
		// is a tap on the lair, and tapping it twice does not undo it.
		func(b *browserTab) { b.tap(11, "a1", "a2"); b.check(11) },
		func(b *browserTab) {
			b.tap(11, "f6", "f6")
			b.waitText(ex(11, ".result"), b.say("move.flight", "to", "f6"))
			b.check(11)
		}, "answer.right-black",
		func(b *browserTab) { b.keySquares(11, "f6"); b.keyPress(11, ".check", kb.Enter) }},
}

// winsIn answers exercise 6, which asks who wins (the crew, in 2 moves)
// and in how many moves, wrong part by part with the mouse: the result
// asks for the part missing, names the part that is wrong, and a draw
// ("never") is wrong as a whole. The two sides are named by the theme.
func (b *browserTab) winsIn(n int) {
	b.t.Helper()
	say := catalog.New(style.English, style.Alien)
	for s, want := range map[string]string{"white": say.Word("white.label"), "black": say.Word("black.label")} {
		if got := b.evalString(fmt.Sprintf(`document.querySelector(%q).textContent`, ex(n, fmt.Sprintf(`.side[data-side=%q]`, s)))); got != want {
			b.t.Errorf("the %s side's button says %q, want %q", s, got, want)
		}
	}
	side := func(s string) { b.do(chromedp.Click(chromedp.CSS(ex(n, fmt.Sprintf(`.side[data-side=%q]`, s))))) }
	b.check(n)
	b.waitText(ex(n, ".result"), b.say("answer.choose"))
	typeNumber(n, "2")(b)
	b.waitText(ex(n, ".result"), b.say("answer.need-winner"))
	side("black")
	b.check(n)
	b.waitText(ex(n, ".result"), b.say("answer.wrong-winner"))
	side("white")
	typeNumber(n, "3")(b)
	b.waitText(ex(n, ".result"), b.say("answer.wrong-moves"))
	side("black")
	b.check(n)
	b.waitText(ex(n, ".result"), b.say("answer.wrong"))
	b.do(chromedp.Click(chromedp.CSS(ex(n, `input[type="number"]`))), chromedp.KeyEvent(kb.End+strings.Repeat(kb.Backspace, 4)))
	b.check(n)
	b.waitText(ex(n, ".result"), b.say("answer.need-moves"))
	b.do(chromedp.Click(chromedp.CSS(ex(n, `input[type="checkbox"]`))))
	if got := b.evalString(fmt.Sprintf(`Array.from(document.querySelectorAll(%q)).map(e => e.disabled + " " + e.getAttribute("aria-pressed")).join(", ")`, ex(n, ".side"))); got != "true false, true false" {
		b.t.Errorf("with never ticked, the sides are %q (disabled, pressed), want both disabled and not pressed", got)
	}
	b.check(n)
}

// drag drags a piece of exercise n's board from one square to another
// with the mouse.
func (b *browserTab) drag(n int, from, to string) {
	b.t.Helper()
	center := func(s string) (float64, float64) {
		sel := ex(n, fmt.Sprintf(`.sq[data-square=%q]`, s))
		r := fmt.Sprintf(`document.querySelector(%q).getBoundingClientRect()`, sel)
		b.do(chromedp.ScrollIntoView(chromedp.CSS(sel)))
		return b.evalFloat(r + ".x + " + r + ".width / 2"), b.evalFloat(r + ".y + " + r + ".height / 2")
	}
	x0, y0 := center(from)
	x1, y1 := center(to)
	b.do(chromedp.MouseEvent(chromedp.MousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent(chromedp.MouseMoved, (x0+x1)/2, (y0+y1)/2, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
}

// TestSiteInBrowser answers every kind of the fixture course in headless
// Chromium: wrong (the result says so in an aria-live region, the hint
// opens), then right (the answer and its explanation open); the stars
// after a reload, on the lesson and on the index; "Start again" and a
// keyboard-only answer of each kind; stars kept per child; the teacher's
// page; the phone layout at 390 px.
func TestSiteInBrowser(t *testing.T) {
	start := time.Now()
	b := openSite(t)
	if got := b.evalFloat(`document.querySelectorAll(".result[aria-live=polite][role=status]").length`); got != float64(len(kindCases)) {
		t.Errorf("%v results are aria-live status regions, want %d", got, len(kindCases))
	}
	// The script replaces the static list of choices by buttons, and
	// keeps the hint and the answer folded away until they are due.
	if shown := b.evalString(`Array.from(document.querySelectorAll("ul.choices, details.hint, details.answer")).filter(e => e.offsetParent !== null).map(e => e.closest("article").id + " " + e.className).join(", ")`); shown != "" {
		t.Errorf("shown before any answer: %s", shown)
	}
	// A best move says how to make it before anything is tapped.
	b.waitText(ex(8, ".result"), b.say("move.start"))
	for _, c := range kindCases {
		t.Run("mouse/"+c.kind, func(t *testing.T) {
			b.t = t
			hasHint := b.evalString(fmt.Sprintf(`document.querySelector(%q) ? "yes" : "no"`, ex(c.n, "details.hint"))) == "yes"
			c.wrong(b)
			want := b.say("answer.wrong")
			if hasHint {
				want = b.say("answer.wrong-hint")
			}
			b.waitText(ex(c.n, ".result"), want)
			if hasHint && b.evalString(fmt.Sprintf(`String(document.querySelector(%q).open)`, ex(c.n, "details.hint"))) != "true" {
				t.Errorf("the hint is not open after a wrong answer")
			}
			if b.evalString(fmt.Sprintf(`String(document.querySelector(%q).hidden)`, ex(c.n, "details.answer"))) != "true" {
				t.Errorf("the answer shows before the exercise is solved")
			}
			c.right(b)
			b.waitPraise(c.n, c.rightWord)
			if b.evalString(fmt.Sprintf(`String(document.querySelector(%q).open && !document.querySelector(%q).hidden)`, ex(c.n, "details.answer"), ex(c.n, "details.answer"))) != "true" {
				t.Errorf("the answer and explanation are not shown once solved")
			}
		})
	}
	b.t = t
	// Nine exercises right at the second try (2 stars), who wins and in
	// how many moves after three misses (1), the best move slower at the
	// second try (1): 20 / 11, one star for the lesson.
	once := b.starsDone(1, len(kindCases), len(kindCases))
	b.waitText("#nl-stars .star-words", " "+once)
	b.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
	b.waitText("#nl-stars .star-words", " "+once)
	b.waitText(ex(1, ".result"), b.say("answer.solved"))
	b.open("site/index.html")
	b.waitText(fmt.Sprintf(`.stars[data-lesson=%q] .star-words`, fixtureLesson), " "+once)

	b.open("site/" + fixtureLesson + ".html")
	// "Start again" asks to be sure first: one tap keeps the stars.
	b.do(chromedp.Click(chromedp.ID("nl-again")))
	b.waitText("#nl-again", b.say("stars.reset-sure"))
	b.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
	b.waitText("#nl-stars .star-words", " "+once)
	b.do(chromedp.Click(chromedp.ID("nl-again")), chromedp.Click(chromedp.ID("nl-again")))
	b.waitText("#nl-stars .star-words", " "+b.say("stars.none"))
	b.waitText("#nl-again", b.say("stars.reset"))
	if b.evalString(`String(document.getElementById("nl-again").offsetParent === null)`) != "true" {
		t.Errorf("Start again shows while the lesson has no stars to lose")
	}
	for _, c := range kindCases {
		t.Run("keyboard/"+c.kind, func(t *testing.T) {
			b.t = t
			c.keys(b)
			want := c.rightWord
			if want == "answer.slower" { // the keys play the fastest win
				want = "answer.right"
			}
			b.waitPraise(c.n, want)
		})
	}
	b.t = t
	all := b.starsDone(3, len(kindCases), len(kindCases))
	b.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
	b.waitText("#nl-stars .star-words", " "+all)
	t.Run("child", func(t *testing.T) {
		b.t = t
		b.do(chromedp.SendKeys(chromedp.ID("nl-child-new"), "Ada"), chromedp.Click(chromedp.CSS("#nl-child button")))
		b.waitText("#nl-stars .star-words", " "+b.say("stars.none"))
		b.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
		b.waitText("#nl-stars .star-words", " "+b.say("stars.none"))
		b.evalString(`(function (p) { p.value = ""; p.dispatchEvent(new Event("change")); return ""; })(document.getElementById("nl-child-pick"))`)
		b.waitText("#nl-stars .star-words", " "+all)
	})
	t.Run("no script", func(t *testing.T) { b.t = t; b.noScript() })
	t.Run("teacher", func(t *testing.T) { b.t = t; b.teacherPage() })
	t.Run("phone", func(t *testing.T) { b.t = t; b.phone() })
	t.Run("bad storage", func(t *testing.T) { b.t = t; b.badStorage() })
	t.Run("old stars", func(t *testing.T) { b.t = t; b.oldStars() })
	t.Run("names", func(t *testing.T) { b.t = t; b.names() })
	t.Logf("the browser tests took %v", time.Since(start).Round(time.Millisecond))
	if *siteShots != "" {
		b.t = t
		b.screenshots()
	}
}

// noScript checks that the lesson page reads fully without its script:
// the choices listed, the hint and the answer in their <details>, no
// buttons of the script.
func (b *browserTab) noScript() {
	t := b.t
	b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	}))
	defer b.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: false})
		return err
	}))
	b.open("site/" + fixtureLesson + ".html")
	shown := `(sel) => Array.from(document.querySelectorAll(sel)).filter(e => e.offsetParent !== null).length`
	for sel, want := range map[string]float64{"ul.choices": 2, "details.answer": float64(len(kindCases)), "details.hint": 1, ".answer-ui, .squares, #nl-child, #nl-progress": 0} {
		if got := b.evalFloat(fmt.Sprintf(`(%s)(%q)`, shown, sel)); got != want {
			t.Errorf("without the script, %v of %q show, want %v", got, sel, want)
		}
	}
}

// oldStars checks that stars kept under the keys of before (the exercise's
// id and a hash of its question and answers) are moved, once, to the keys
// the pages read now, the exercise's id alone, for every child: the index
// shows them first, the lesson page then, and another course's old keys
// stay as they were.
func (b *browserTab) oldStars() {
	t := b.t
	b.open("site/index.html")
	course := b.evalString(`JSON.parse(document.getElementById("nl-data").textContent).course`)
	kept := func(child, id string) string {
		return strings.Join([]string{"nl1", child, course, fixtureLesson, id}, "|")
	}
	old := map[string]string{
		kept("", "jumps:0badc0de"):                          "3",
		kept("Ada", "steps:12345678"):                       "2",
		"nl1||another|" + fixtureLesson + "|jumps:0badc0de": "1",
	}
	b.evalString(`localStorage.clear(); localStorage.setItem("nl1|child", ""); ""`)
	for k, v := range old {
		b.evalString(fmt.Sprintf(`localStorage.setItem(%q, %q); ""`, k, v))
	}
	b.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
	b.waitText(fmt.Sprintf(`.stars[data-lesson=%q] .star-words`, fixtureLesson), " "+b.starsDone(1, 1, len(kindCases)))
	var stored map[string]string
	if err := json.Unmarshal([]byte(b.evalString(`JSON.stringify(Object.assign({}, localStorage))`)), &stored); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"nl1|child": "", kept("", "jumps"): "3", kept("Ada", "steps"): "2", "nl1||another|" + fixtureLesson + "|jumps:0badc0de": "1"}
	if fmt.Sprint(stored) != fmt.Sprint(want) {
		t.Errorf("the browser's storage after the index read the old stars:\n%v\nwant\n%v", stored, want)
	}
	b.open("site/" + fixtureLesson + ".html")
	b.waitText(ex(1, ".result"), b.say("answer.solved"))
	if got := b.evalString(fmt.Sprintf(`document.querySelector(%q).textContent`, ex(2, ".result"))); got != "" {
		t.Errorf("exercise 2, solved only by another child, shows %q", got)
	}
}

// badStorage checks that the page reads back what the browser keeps
// defensively: stars out of 1-3 count as none, and a list of children
// that is spoilt (not JSON, cut short, not a list, other things in it)
// loses nobody whose name can be read: the list's names as far as they
// can be read, a {"name": ...}, and the names that only the stars or the
// choice hold (a name with "|" too) are offered, each once; the page still
// works (it shows the stars), and "Add" adds a name to them all.
func (b *browserTab) badStorage() {
	parent := b.t
	defer func() { b.t = parent }()
	b.open("site/" + fixtureLesson + ".html")
	course := b.evalString(`JSON.parse(document.getElementById("nl-data").textContent).course`)
	for _, tt := range []struct {
		name, children, child, stars string
		names                        []string // the names the picker offers, besides nobody
		kept                         int      // the stars the page counts for exercise 1: 0 for none
	}{
		{"an object", `{"Bo":1}`, "", "7", nil, 0},
		{"a string", `"Bo"`, "Bo", "0", []string{"Bo"}, 0},
		{"a number", `5`, "", "-3", nil, 0},
		{"null", `null`, "", "2.5", nil, 0},
		{"not JSON", `["Bo"`, "", "three", []string{"Bo"}, 0},
		{"not JSON, a name with | in the stars", `["Bo", "Ann|C`, "Ann|Cy", "3", []string{"Bo", "Ann|Cy"}, 3},
		{"no names at all", `Bo, Cy`, "Cy", "1", []string{"Cy"}, 1},
		{"names among others", `[1,null,"",{"x":1},"Bo"," ","Bo","Cy",{"name":"Di"}]`, "", "3", []string{"Bo", "Cy", "Di"}, 3},
		{"a child not in the list", `["Bo"]`, "Zed", "2", []string{"Bo", "Zed"}, 2},
		{"a child in the list", `["Bo"]`, "Bo", "2", []string{"Bo"}, 2},
		{"a blank child", `["Bo"]`, " ", "2", []string{"Bo"}, 0},
	} {
		parent.Run(tt.name, func(t *testing.T) {
			b.t = t
			stars := strings.Join([]string{"nl1", tt.child, course, fixtureLesson, "jumps"}, "|")
			b.evalString(fmt.Sprintf(`localStorage.clear(); localStorage.setItem("nl1|children", %q);
				localStorage.setItem("nl1|child", %q); localStorage.setItem(%q, %q); ""`, tt.children, tt.child, stars, tt.stars))
			b.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
			words, result := " "+b.say("stars.none"), ""
			if tt.kept > 0 {
				words = " " + b.starsDone(1, 1, len(kindCases))
				result = b.say("answer.solved") + " " + strings.Repeat("★", tt.kept) + strings.Repeat("☆", 3-tt.kept)
			}
			b.waitText("#nl-stars .star-words", words)
			if got := b.evalString(fmt.Sprintf(`document.querySelector(%q).textContent`, ex(1, ".result"))); got != result {
				t.Errorf("exercise 1 with stars %q kept says %q, want %q", tt.stars, got, result)
			}
			if got := b.evalFloat(`document.querySelectorAll(".answer-ui").length`); got != float64(len(kindCases)) {
				t.Errorf("%v exercises can be answered, want %d", got, len(kindCases))
			}
			options := `JSON.stringify(Array.from(document.querySelectorAll("#nl-child-pick option")).map(o => o.value))`
			if got, want := b.evalString(options), jsonText(append([]string{""}, tt.names...)); got != want {
				t.Errorf("the picker offers %s, want %s", got, want)
			}
			b.do(chromedp.SendKeys(chromedp.ID("nl-child-new"), "Ada"), chromedp.Click(chromedp.CSS("#nl-child button")))
			b.waitText("#nl-stars .star-words", " "+b.say("stars.none"))
			list := jsonText(append(append([]string{}, tt.names...), "Ada"))
			if got := b.evalString(`localStorage.getItem("nl1|children") + " " + localStorage.getItem("nl1|child") + " " + document.getElementById("nl-child-pick").value`); got != list+" Ada Ada" {
				t.Errorf("after adding Ada, the children kept, the child and the picker are %s, want %s Ada Ada", got, list)
			}
		})
	}
	b.evalString(`localStorage.clear(); ""`)
}

// names checks that any text a child types as a name round-trips: the
// separator of the storage's keys, a name that is the start of another,
// quotes, emoji, right-to-left text and an escape's look-alike are each
// offered back as typed, after a reload, and each keeps its own stars
// (the even ones solved exercise 1, the odd ones exercise 2).
func (b *browserTab) names() {
	t := b.t
	names := []string{"Ann|Bo", "Ann", "|", `Zoë "Z" O'Neil`, "🦊 Fox", "مريم علي", "a%7Cb", "x|y|z|w", "nl1|children"}
	b.open("site/" + fixtureLesson + ".html")
	b.evalString(`localStorage.clear(); ""`)
	b.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
	for i, name := range names {
		b.evalString(fmt.Sprintf(`document.getElementById("nl-child-new").value = %q; ""`, name))
		b.do(chromedp.Click(chromedp.CSS("#nl-child button")))
		b.waitText("#nl-stars .star-words", " "+b.say("stars.none"))
		if i%2 == 0 {
			b.tap(1, "b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5")
			b.check(1)
			b.waitPraise(1, "answer.right-plain")
		} else {
			b.tap(2, "d1", "e2", "f1", "f2")
			b.check(2)
			b.waitPraise(2, "answer.right-plain")
		}
	}
	b.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
	var offered []string
	if err := json.Unmarshal([]byte(b.evalString(`JSON.stringify(Array.from(document.querySelectorAll("#nl-child-pick option")).slice(1).map(o => o.value + "=" + o.textContent))`)), &offered); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, name := range names {
		want = append(want, name+"="+name)
	}
	if !slices.Equal(offered, want) {
		t.Errorf("the picker offers %q, want %q", offered, want)
	}
	for i, name := range names {
		b.evalString(fmt.Sprintf(`(function (p) { p.value = %q; p.dispatchEvent(new Event("change")); return ""; })(document.getElementById("nl-child-pick"))`, name))
		b.waitText("#nl-stars .star-words", " "+b.starsDone(1, 1, len(kindCases)))
		solved := fmt.Sprint(b.evalString(fmt.Sprintf(`document.querySelector(%q).textContent`, ex(1, ".result"))) != "",
			b.evalString(fmt.Sprintf(`document.querySelector(%q).textContent`, ex(2, ".result"))) != "")
		if want := fmt.Sprint(i%2 == 0, i%2 == 1); solved != want {
			t.Errorf("%q: exercises 1 and 2 solved %s, want %s", name, solved, want)
		}
	}
	b.evalString(`localStorage.clear(); ""`)
}

// jsonText returns names as JSON.stringify writes them.
func jsonText(names []string) string {
	b, _ := json.Marshal(names)
	return string(b)
}

// teacherPage checks that the answer keys are in teacher/ and linked from
// the teacher's page only, and that its links lead to files.
func (b *browserTab) teacherPage() {
	t := b.t
	b.open("teacher/index.html")
	var links []string
	if err := json.Unmarshal([]byte(b.evalString(`JSON.stringify(Array.from(document.querySelectorAll("main a")).map(a => a.getAttribute("href")))`)), &links); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{fixtureLesson + "-answers.pdf": false, "workbook.pdf": false, "teacher-guide.pdf": false, "../pdf/" + fixtureLesson + ".pdf": false, "../pdf/rules.pdf": false}
	for _, l := range links {
		if _, ok := want[l]; ok {
			want[l] = true
		}
		if _, err := os.Stat(filepath.Join(b.out, "teacher", filepath.FromSlash(l))); err != nil {
			t.Errorf("the teacher's page links %q, which is not there: %v", l, err)
		}
	}
	for l, found := range want {
		if !found {
			t.Errorf("the teacher's page does not link %s; it links %q", l, links)
		}
	}
	for _, dir := range []string{"site", "pdf"} {
		entries, _ := os.ReadDir(filepath.Join(b.out, dir))
		for _, e := range entries {
			body, _ := os.ReadFile(filepath.Join(b.out, dir, e.Name()))
			if strings.Contains(e.Name(), "answers") || strings.Contains(e.Name(), "workbook") ||
				bytes.Contains(body, []byte("-answers.pdf")) || bytes.Contains(body, []byte("workbook.pdf")) {
				t.Errorf("%s/%s is or links an answer key", dir, e.Name())
			}
		}
	}
}

// phone checks the lesson page at 390 px: the board at least 340 px wide,
// the counters under it, squares and buttons at least 44 px.
func (b *browserTab) phone() {
	t := b.t
	b.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	b.open("site/" + fixtureLesson + ".html")
	rect := func(sel, what string) float64 {
		return b.evalFloat(fmt.Sprintf(`document.querySelector(%q).getBoundingClientRect().%s`, sel, what))
	}
	board := ex(5, "svg.board")
	if w := rect(board, "width"); w < 340 {
		t.Errorf("the board is %.0f px wide on a 390 px phone, want at least 340", w)
	}
	under := ex(5, "svg.panel-under")
	if h := rect(under, "height"); h == 0 || rect(under, "top") < rect(board, "bottom") {
		t.Errorf("the counters are not under the board: their box is %.0f px high at %.0f, the board ends at %.0f", h, rect(under, "top"), rect(board, "bottom"))
	}
	if h := rect(ex(5, "svg.panel-side"), "height"); h != 0 {
		t.Errorf("the counters beside the board still show (%.0f px high)", h)
	}
	for _, page := range []string{fixtureLesson + ".html", "index.html", "rules.html"} {
		b.open("site/" + page)
		small := b.evalString(`Array.from(document.querySelectorAll(".sq, .answer-ui button, .answer-ui input, #nl-child select, #nl-child input, #nl-child button, #nl-again, summary, .button, nav.top a, .lessons h3 a, .pager a"))
			.filter(e => e.offsetParent !== null)
			.map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.width < 44 || r.height < 44)
			.map(([e, r]) => e.className + " " + e.textContent.slice(0, 20) + " " + r.width.toFixed(1) + "x" + r.height.toFixed(1)).join("; ")`)
		if small != "" {
			t.Errorf("%s: touch targets smaller than 44 x 44 px: %s", page, small)
		}
		if sw := b.evalFloat(`document.documentElement.scrollWidth`); sw > 390 {
			t.Errorf("%s is %.0f px wide on a 390 px phone: it scrolls sideways", page, sw)
		}
	}
	b.do(chromedp.EmulateViewport(1280, 900))
}

// screenshots writes, at 1280 and 390 px, the lesson page while a child
// answers (a wrong first try at exercise 1, the hint open, a move chosen
// at exercise 8) and a view of each exercise; answer.png is exercise 1 at
// 1280 px, for the README.
func (b *browserTab) screenshots() {
	b.t.Helper()
	for _, width := range []int64{1280, 390} {
		b.do(chromedp.EmulateViewport(width, 900, func(p *emulation.SetDeviceMetricsOverrideParams, t *emulation.SetTouchEmulationEnabledParams) {
			p.Mobile = width < 600
		}))
		b.open("site/" + fixtureLesson + ".html")
		b.evalString(`localStorage.clear(); ""`)
		b.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
		b.tap(1, "b3", "c2", "e2")
		b.check(1)
		b.waitText(ex(1, ".result"), b.say("answer.wrong-hint"))
		b.tap(1, "b5")
		b.tap(8, "d6")
		b.shot(filepath.Join(*siteShots, fmt.Sprintf("site-%d.png", width)), width)
		for _, c := range kindCases {
			b.do(chromedp.ScrollIntoView(chromedp.CSS(ex(c.n, "h3"))), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).scrollIntoView()`, ex(c.n, "h3"))))
			shot, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				b.t.Fatal(err)
			}
			name := fmt.Sprintf("site-%d-%d.png", width, c.n)
			if width == 1280 && c.n == 1 {
				name = "answer.png"
			}
			if err := os.WriteFile(filepath.Join(*siteShots, name), shot, 0o644); err != nil {
				b.t.Fatal(err)
			}
		}
	}
}

// shot writes a screenshot of the whole page at a width.
func (b *browserTab) shot(name string, width int64) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(name, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("wrote %s (%s px wide)", name, strconv.FormatInt(width, 10))
}
