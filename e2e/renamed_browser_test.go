package e2e

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"nostromo-lessons/internal/build/buildtest"
	"nostromo-lessons/internal/model"
	"nostromo-lessons/render"
)

// TestRenamedStarsInBrowser keeps, in headless Chromium, stars under the
// page names the sample course's lessons had before their files were
// numbered from 01 (00-board-and-notation, 01-meet-the-pieces, 02-check)
// and under a name a lesson lists as formerly, and opens the pages: a
// lesson's page moves its own lesson's stars to its name now, the index
// every lesson's, for every child, keeping an exercise's best stars;
// another course's stars, an exercise the lesson no longer has, and the
// stars of a lesson of now stay where they are.
func TestRenamedStarsInBrowser(t *testing.T) {
	bin := buildtest.Chromium(t)
	m := model.Model(buildtest.Sample(t), model.Settings{})
	const guards = "07-guards"
	i := slices.IndexFunc(m.Lessons, func(l render.Lesson) bool { return l.ID == guards })
	if i < 0 {
		t.Fatalf("the sample course has no lesson %s", guards)
	}
	m.Lessons[i].Formerly = []string{"the-guards"}
	b := openCourse(t, bin, m, "01-board-and-notation")
	b.open("site/index.html")
	var data struct {
		Course  string              `json:"course"`
		Lessons map[string][]string `json:"lessons"`
	}
	if err := json.Unmarshal([]byte(b.evalString(`document.getElementById("nl-data").textContent`)), &data); err != nil {
		t.Fatal(err)
	}
	key := func(child, lesson, ex string) string {
		return strings.Join([]string{"nl1", child, data.Course, lesson, ex}, "|")
	}
	first := func(lesson string) string {
		ids := data.Lessons[lesson]
		if len(ids) < 2 {
			t.Fatalf("lesson %s has exercises %q, want two at least", lesson, ids)
		}
		return ids[0]
	}
	board, pieces, check, guard := first("01-board-and-notation"), first("02-meet-the-pieces"), first("03-check"), first(guards)
	kept := map[string]string{
		key("", "00-board-and-notation", board):       "3",
		key("Ada", "00-board-and-notation", board):    "2",
		key("", "01-meet-the-pieces", pieces):         "1",
		key("", "02-meet-the-pieces", pieces):         "3", // a lesson of now: its 1 star above is fewer
		key("", "02-check", check):                    "2",
		key("", "02-check", "no-such-exercise"):       "3",
		key("", "the-guards", guard):                  "1",
		key("", "06-guards", guard):                   "2",
		"nl1||another|00-board-and-notation|" + board: "3",
	}
	store := func(kv map[string]string) {
		t.Helper()
		b.evalString(`localStorage.clear(); localStorage.setItem("nl1|child", ""); ""`)
		for k, v := range kv {
			b.evalString(fmt.Sprintf(`localStorage.setItem(%q, %q); ""`, k, v))
		}
	}
	stored := func() map[string]string {
		t.Helper()
		var got map[string]string
		if err := json.Unmarshal([]byte(b.evalString(`JSON.stringify(Object.assign({}, localStorage))`)), &got); err != nil {
			t.Fatal(err)
		}
		delete(got, "nl1|child")
		return got
	}
	without := func(m map[string]string, keys ...string) map[string]string {
		out := maps.Clone(m)
		for _, k := range keys {
			delete(out, k)
		}
		return out
	}

	t.Run("lesson page", func(t *testing.T) {
		b.t = t
		store(kept)
		b.open("site/03-check.html")
		b.waitText(ex(1, ".result"), b.say("answer.solved"))
		want := without(kept, key("", "02-check", check))
		want[key("", "03-check", check)] = "2"
		if got := stored(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("the browser's storage after 03-check's page:\n%v\nwant\n%v", got, want)
		}
	})
	t.Run("index", func(t *testing.T) {
		b.t = t
		store(kept)
		b.open("site/index.html")
		b.waitText(`.stars[data-lesson="01-board-and-notation"] .star-words`, " "+b.starsDone(1, 1, len(data.Lessons["01-board-and-notation"])))
		want := map[string]string{
			key("", "01-board-and-notation", board):       "3",
			key("Ada", "01-board-and-notation", board):    "2",
			key("", "02-meet-the-pieces", pieces):         "3",
			key("", "03-check", check):                    "2",
			key("", "02-check", "no-such-exercise"):       "3",
			key("", guards, guard):                        "2",
			"nl1||another|00-board-and-notation|" + board: "3",
		}
		if got := stored(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("the browser's storage after the index:\n%v\nwant\n%v", got, want)
		}
		b.open("site/01-board-and-notation.html")
		b.waitText(ex(1, ".result"), b.say("answer.solved"))
	})
}
