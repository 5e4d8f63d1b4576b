// Package classtest is for tests and the bench: simulated tablets that send answers and games to a serve --class, as the class script does, and check what was acknowledged against the class view.
package classtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"reflect"
	"sync"
	"sync/atomic"
	"time"

	"nostromo-lessons/internal/class"
)

// Load is a classroom's load: Tablets tablets, one child each, each
// answering Answers exercises and finishing Games games, as fast as serve
// acknowledges them, while the teacher's page asks for the class view
// every Refresh.
type Load struct {
	URL     string // serve's address, such as http://127.0.0.1:8080
	Tablets int
	Answers int
	Games   int
	Refresh time.Duration
	Seed    uint64 // the random answers' source; the same seed sends the same answers
	// Retry is how long a tablet waits before it sends again what was
	// not acknowledged (serve is down, or busy).
	Retry time.Duration
}

// Result is what a Load sent and was acknowledged, and what went wrong.
type Result struct {
	mu       sync.Mutex
	Answers  []class.Answer // acknowledged, each tablet's in the order it sent them
	Games    []class.Game
	Resent   int      // requests sent again after no acknowledgement (serve was down)
	Failed   []string // requests refused or failed with a status: none is expected
	Views    int      // the class view's answers (200 or 304)
	Duration time.Duration

	acked atomic.Int64
}

// Acked returns how many answers and games were acknowledged so far.
func (r *Result) Acked() int { return int(r.acked.Load()) }

// lesson is a lesson of the class view's data.
type lesson struct {
	ID        string   `json:"id"`
	Exercises []string `json:"exercises"`
}

// view is the part of the class view's data a Load checks.
type view struct {
	Lessons  []lesson      `json:"lessons"`
	Summary  class.Summary `json:"summary"`
	Answers  int           `json:"answers"`
	Games    []class.Game  `json:"games"`
	Children []class.Child `json:"children"`
}

var client = &http.Client{Timeout: 30 * time.Second}

// getView returns the class view's data.
func getView(ctx context.Context, url string) (*view, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+"/_nostromo/class/data", nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("classtest: class view: status %d", resp.StatusCode)
	}
	var v view
	return &v, json.NewDecoder(resp.Body).Decode(&v)
}

// Run sends the load, then waits for every tablet; res, new, says what
// was acknowledged (Acked, while it runs). serve may be killed
// and started again meanwhile (on the same address): a tablet sends what
// was not acknowledged again, with the same id, until it is.
func (l *Load) Run(ctx context.Context, res *Result) error {
	v, err := waitView(ctx, l.URL)
	if err != nil {
		return err
	}
	var keys [][2]string
	for _, ls := range v.Lessons {
		for _, e := range ls.Exercises {
			keys = append(keys, [2]string{ls.ID, e})
		}
	}
	if len(keys) == 0 {
		return errors.New("classtest: the course has no exercise")
	}
	start := time.Now()
	stop := make(chan struct{})
	var teacher sync.WaitGroup
	teacher.Go(func() { l.teacher(ctx, stop, res) })
	var wg sync.WaitGroup
	perTablet := make([][]class.Answer, l.Tablets)
	perGames := make([][]class.Game, l.Tablets)
	for t := range l.Tablets {
		wg.Go(func() {
			perTablet[t], perGames[t] = l.tablet(ctx, t, keys, res)
		})
	}
	wg.Wait()
	close(stop)
	teacher.Wait()
	res.Duration = time.Since(start)
	for t := range l.Tablets {
		res.Answers = append(res.Answers, perTablet[t]...)
		res.Games = append(res.Games, perGames[t]...)
	}
	return ctx.Err()
}

// waitView waits for serve to answer the class view.
func waitView(ctx context.Context, url string) (*view, error) {
	for {
		v, err := getView(ctx, url)
		if err == nil {
			return v, nil
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("classtest: waiting for serve: %w (last: %v)", ctx.Err(), err)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// teacher asks for the class view every Refresh until stop.
func (l *Load) teacher(ctx context.Context, stop chan struct{}, res *Result) {
	etag := ""
	for {
		select {
		case <-stop:
			return
		case <-ctx.Done():
			return
		case <-time.After(l.Refresh):
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, l.URL+"/_nostromo/class/data", nil)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		resp, err := client.Do(req)
		if err != nil {
			continue // serve is down: the page tries again
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		res.mu.Lock()
		switch resp.StatusCode {
		case http.StatusOK:
			etag = resp.Header.Get("ETag")
			res.Views++
		case http.StatusNotModified:
			res.Views++
		default:
			res.Failed = append(res.Failed, fmt.Sprintf("class view: status %d", resp.StatusCode))
		}
		res.mu.Unlock()
	}
}

// tablet sends tablet t's answers and games, each until acknowledged.
func (l *Load) tablet(ctx context.Context, t int, keys [][2]string, res *Result) ([]class.Answer, []class.Game) {
	rng := rand.New(rand.NewPCG(l.Seed, uint64(t)))
	id := func() string { return fmt.Sprintf("%016x%08x", rng.Uint64(), rng.Uint32()) }
	tabletID := id()
	child := fmt.Sprintf("Child %02d", t+1)
	var answers []class.Answer
	var games []class.Game
	gameEvery := max(1, l.Answers/max(1, l.Games))
	for i := 0; i < l.Answers || len(games) < l.Games; i++ {
		if i < l.Answers {
			k := keys[rng.IntN(len(keys))]
			right := rng.IntN(3) > 0
			a := class.Answer{ID: id(), Tablet: tabletID, Child: child, Lesson: k[0], Exercise: k[1], Right: right, Tries: 1 + rng.IntN(4)}
			if right {
				a.Stars = 1 + rng.IntN(3)
			}
			if !l.send(ctx, "answer", a, res) {
				return answers, games
			}
			answers = append(answers, a)
		}
		if (i+1)%gameEvery == 0 && len(games) < l.Games || i >= l.Answers {
			g := class.Game{ID: id(), Tablet: tabletID, Child: child, Start: "start", Moves: []string{"e3", "Nd5", "Kf2"},
				Side: "w", Level: 1 + rng.IntN(5), Result: []string{"white", "black", "draw"}[rng.IntN(3)], End: "saved", Date: "2026-12-07T10:00:00Z", Text: "1. e3 Nd5 2. Kf2"}
			if !l.send(ctx, "game", g, res) {
				return answers, games
			}
			games = append(games, g)
		}
	}
	return answers, games
}

// send posts v to the class's kind until serve acknowledges it (200); it
// reports false when ctx ended first. A refusal is recorded in
// res.Failed and not sent again.
func (l *Load) send(ctx context.Context, kind string, v any, res *Result) bool {
	body, _ := json.Marshal(v)
	for try := 0; ; try++ {
		if try > 0 {
			res.mu.Lock()
			res.Resent++
			res.mu.Unlock()
			select {
			case <-ctx.Done():
				return false
			case <-time.After(l.Retry):
			}
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.URL+"/_nostromo/class/"+kind, bytes.NewReader(body))
		if err != nil {
			return false
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			if ctx.Err() != nil {
				return false
			}
			continue // serve is down: send again
		}
		msg, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		switch {
		case resp.StatusCode == http.StatusOK:
			res.acked.Add(1)
			return true
		case resp.StatusCode == http.StatusServiceUnavailable || resp.StatusCode == http.StatusTooManyRequests:
			continue
		default:
			res.mu.Lock()
			res.Failed = append(res.Failed, fmt.Sprintf("%s: status %d: %s", kind, resp.StatusCode, bytes.TrimSpace(msg)))
			res.mu.Unlock()
			return true
		}
	}
}

// Check compares the class view with what res says was acknowledged: the
// same number of answers and games, the same progress and hands, exactly.
func Check(ctx context.Context, url string, res *Result) error {
	v, err := getView(ctx, url)
	if err != nil {
		return err
	}
	want := class.Summarize(res.Answers)
	var problems []string
	if v.Answers != len(res.Answers) {
		problems = append(problems, fmt.Sprintf("the class view has %d answers, %d were acknowledged", v.Answers, len(res.Answers)))
	}
	if len(v.Games) != len(res.Games) {
		problems = append(problems, fmt.Sprintf("the class view has %d games, %d were acknowledged", len(v.Games), len(res.Games)))
	}
	if !reflect.DeepEqual(v.Summary.Progress, want.Progress) {
		problems = append(problems, "the class view's progress differs from the answers acknowledged")
	}
	if len(v.Summary.Hands) != len(want.Hands) || len(want.Hands) > 0 && !reflect.DeepEqual(v.Summary.Hands, want.Hands) {
		problems = append(problems, fmt.Sprintf("the class view raises %d hands, the answers acknowledged %d", len(v.Summary.Hands), len(want.Hands)))
	}
	if len(problems) > 0 {
		return fmt.Errorf("classtest: %v", problems)
	}
	return nil
}

// CheckFile opens the class file path after serve ended, as a teacher's
// next serve would (it must open cleanly), and checks that it holds every
// answer and game res says was acknowledged, each once.
func CheckFile(ctx context.Context, path string, res *Result) error {
	s, err := class.OpenExisting(ctx, path)
	if err != nil {
		return err
	}
	defer s.Close()
	as, err := s.Answers(ctx, "")
	if err != nil {
		return err
	}
	gs, err := s.Games(ctx, "")
	if err != nil {
		return err
	}
	stored := map[string]int{}
	for _, a := range as {
		stored[a.ID]++
	}
	for _, g := range gs {
		stored[g.ID]++
	}
	lost := 0
	for _, a := range res.Answers {
		if stored[a.ID] != 1 {
			lost++
		}
	}
	for _, g := range res.Games {
		if stored[g.ID] != 1 {
			lost++
		}
	}
	if lost > 0 || len(as) != len(res.Answers) || len(gs) != len(res.Games) {
		return fmt.Errorf("classtest: %s holds %d answers and %d games; %d acknowledged and %d games; %d missing or stored twice",
			path, len(as), len(gs), len(res.Answers), len(res.Games), lost)
	}
	return nil
}
