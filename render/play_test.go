package render

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/style"
	"nostromo-lessons/templates"
)

// playCourse is the sample course with its first exercise offered to play,
// and an intro block marked play: true that the model found too big.
func playCourse() Course {
	c := sampleCourse(style.Alien)
	l := &c.Lessons[0]
	l.Exercises[0].Board.Play = Play{FEN: l.Exercises[0].Board.FEN, Side: "b"}
	l.Intro += "\n```board\nfen: start\nplay: true\n```\n"
	l.Plays = map[string]Play{"start": {FEN: "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0", Side: "w", TooBig: true}}
	return c
}

// TestPlayPage checks what a page offering play carries: a box under each
// such diagram with its position, the child's side and whether it is too
// big, the words and pieces for the script, and the scripts themselves.
func TestPlayPage(t *testing.T) {
	c := playCourse()
	files := publish(t, c, Options{})
	page := string(files["site/first-steps.html"])
	for _, want := range []string{
		`<div class="nl-play" data-fen="` + c.Lessons[0].Exercises[0].Board.FEN + `" data-side="b"></div>`,
		`<div class="nl-play" data-fen="8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0" data-side="w" data-too-big=""></div>`,
		`<script type="application/json" id="nl-words">`,
		`<template id="nl-pieces">`, `data-piece="king"`, `data-piece="pawn"`, `data-piece="knight"`,
		`<script src="play.js" defer></script>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("site/first-steps.html lacks %s", want)
		}
	}
	_, after, _ := strings.Cut(page, `id="nl-words">`)
	raw, _, _ := strings.Cut(after, "</script>")
	var words map[string]any
	want, _ := json.Marshal(catalog.New(style.English, style.Alien).Script())
	if err := json.Unmarshal([]byte(raw), &words); err != nil || strings.TrimSpace(raw) != string(want) {
		t.Errorf("the page's words %s (%v), want the alien catalog's %s", raw, err, want)
	}
	if js, _ := fs.ReadFile(templates.FS(), PlayJS); !bytes.Equal(files["site/play.js"], js) {
		t.Errorf("site/play.js is not templates/%s", PlayJS)
	}
	if other := string(files["site/run-home.html"]); strings.Contains(other, "nl-play") || strings.Contains(other, "play.js") {
		t.Errorf("site/run-home.html, with nothing to play, carries the play script")
	}
}

// TestEngineScript checks that site/engine.js holds the engine's bytes and
// the Worker's script (wasm_exec.js, then play-worker.js), as written in
// the templates.
func TestEngineScript(t *testing.T) {
	files := publish(t, playCourse(), Options{})
	js := string(files["site/engine.js"])
	m := regexp.MustCompile(`(?s)self\.nlEngine = \{worker: (".*"),\nwasm: "([A-Za-z0-9+/=]*)"\};\n$`).FindStringSubmatch(js)
	if m == nil {
		t.Fatalf("site/engine.js does not have the form of self.nlEngine = {worker: ..., wasm: ...}: %.200s", js)
	}
	var worker string
	if err := json.Unmarshal([]byte(m[1]), &worker); err != nil {
		t.Fatal(err)
	}
	wasm, err := base64.StdEncoding.DecodeString(m[2])
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		b, err := fs.ReadFile(templates.FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if string(wasm) != read(engineWasm) {
		t.Errorf("engine.js's wasm: %d bytes, not templates/%s", len(wasm), engineWasm)
	}
	if worker != read(engineExecJS)+"\n"+read(workerJS)+"\n" {
		t.Errorf("engine.js's worker is not templates/%s and templates/%s", engineExecJS, workerJS)
	}
}

// TestPlayScriptWords checks that play.js asks for exactly the play.
// messages of the catalogs: every string literal "play...." in it is a
// key; one passed to plural("key", n) has forms in every language, and one
// passed to word has none; the keys completed by the engine's answers
// ("play.end." + end, "play.square." + piece) are listed in full.
func TestPlayScriptWords(t *testing.T) {
	js, err := fs.ReadFile(templates.FS(), PlayJS)
	if err != nil {
		t.Fatal(err)
	}
	plurals := map[string]bool{}
	for _, m := range regexp.MustCompile(`\bplural\("([a-z.-]+)"`).FindAllStringSubmatch(string(js), -1) {
		plurals[m[1]] = true
	}
	used := map[string]bool{}
	for _, m := range regexp.MustCompile(`"(play\.[a-z.-]+)"`).FindAllStringSubmatch(string(js), -1) {
		if key := m[1]; !strings.HasSuffix(key, ".") {
			used[key] = true
		}
	}
	for _, end := range []string{"saved", "taken", "checkmate", "stalemate", "repetition"} {
		used["play.end."+end] = true
	}
	for _, sq := range []string{"empty", "king", "pawn", "knight"} {
		used["play.square."+sq] = true
	}
	for _, l := range style.Languages() {
		words := catalog.New(l, style.Alien).Script()
		var got []string
		for key, w := range words {
			if !strings.HasPrefix(key, "play.") {
				continue
			}
			got = append(got, key)
			if _, hasForms := w.(map[string]string); hasForms != plurals[key] {
				t.Errorf("%s: %q has forms %v, but play.js's plural takes it %v", l, key, hasForms, plurals[key])
			}
		}
		slices.Sort(got)
		if want := slices.Sorted(maps.Keys(used)); !slices.Equal(got, want) {
			t.Errorf("%s: the catalog's play. keys %q, play.js uses %q", l, got, want)
		}
	}
}

// TestGamePage checks the site's play page: its data gives the course's
// id and the position a game starts from (the course's start, else the
// default), it carries the words, the pieces and the play script, says
// what to do without scripts, and the index and every lesson link it.
func TestGamePage(t *testing.T) {
	for _, c := range []struct{ name, start, want string }{
		{"default start", "", "8/8/5n2/8/8/8/1PPPPPP1/4K3 w 0 0"},
		{"course's start", "8/8/5n2/8/8/8/2PPPP2/4K3 w 1 1", "8/8/5n2/8/8/8/2PPPP2/4K3 w 1 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			course := sampleCourse(style.Alien)
			course.Start = c.start
			files := publish(t, course, Options{})
			page := string(files["site/"+GamePage])
			data, _ := json.Marshal(gameData{Course: courseID(course), Start: c.want, Game: true})
			for _, want := range []string{
				`<script type="application/json" id="nl-data">` + string(data) + `</script>`,
				`<script type="application/json" id="nl-words">`, `<section class="nl-game-page" id="nl-game-page"`,
				`data-piece="king"`, `data-piece="pawn"`, `data-piece="knight"`, `<script src="play.js" defer></script>`,
				`<noscript><p>` + catalog.New(style.English, style.Alien).Say("site.game.noscript") + `</p></noscript>`,
			} {
				if !strings.Contains(page, want) {
					t.Errorf("site/%s lacks %s", GamePage, want)
				}
			}
			for name, body := range files {
				if strings.HasPrefix(name, "site/") && strings.HasSuffix(name, ".html") && name != "site/"+GamePage && name != "site/rules.html" &&
					!strings.Contains(string(body), `href="play.html"`) {
					t.Errorf("%s does not link the play page", name)
				}
			}
		})
	}
}
