// Command class is the classroom's bench: 30 simulated tablets send answers and games to a real serve --class while the teacher's page refreshes, and with -kills the serve process is killed with SIGKILL at random moments and started again.
package main

// Issue 32's acceptance, on loopback:
//
//	go run ./bench/class                  # the load: 30 tablets, 200 answers and 5 games each
//	go run ./bench/class -kills 20        # the faults: the same load, serve killed 20 times
//
// It builds the command (go build) unless -bin names one, writes the
// starter course, and keeps the class in a temporary data folder. It
// prints what was acknowledged, sent again and refused, how long the load
// took, and whether the class view and the class file agree with what was
// acknowledged; it exits 1 if not.

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"nostromo-lessons/internal/class"
	"nostromo-lessons/internal/class/classtest"
)

func main() {
	tablets := flag.Int("tablets", 30, "the simulated tablets")
	answers := flag.Int("answers", 200, "the answers of each tablet")
	games := flag.Int("games", 5, "the games of each tablet")
	kills := flag.Int("kills", 0, "how many times serve is killed with SIGKILL during the load")
	seed := flag.Uint64("seed", 1, "the random source of the answers and the kills")
	bin := flag.String("bin", "", "the nostromo-lessons command to run (default: go build ./cmd/nostromo-lessons)")
	limit := flag.Duration("limit", 10*time.Minute, "the time the load must end within")
	refresh := flag.Duration("refresh", 2*time.Second, "how often the teacher's page asks for the class view (the page's own: 2s)")
	flag.Parse()
	if err := run(*tablets, *answers, *games, *kills, *seed, *bin, *limit, *refresh); err != nil {
		fmt.Fprintln(os.Stderr, "bench/class:", err)
		os.Exit(1)
	}
}

func run(tablets, answers, games, kills int, seed uint64, bin string, limit, refresh time.Duration) error {
	work, err := os.MkdirTemp("", "nostromo-bench-class-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	if bin == "" {
		bin = filepath.Join(work, "nostromo-lessons")
		build := exec.Command("go", "build", "-o", bin, "./cmd/nostromo-lessons")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("go build (run the bench from the module's root): %w", err)
		}
	}
	course := filepath.Join(work, "course")
	if out, err := exec.Command(bin, "new", course).CombinedOutput(); err != nil {
		return fmt.Errorf("new: %v: %s", err, out)
	}
	data := filepath.Join(work, "data")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	logFile, err := os.Create(filepath.Join(work, "serve.log"))
	if err != nil {
		return err
	}
	defer logFile.Close()
	start := func() (*exec.Cmd, error) {
		cmd := exec.Command(bin, "serve", course, "--class", "bench", "--port", fmt.Sprint(port))
		cmd.Env = append(os.Environ(), class.DataEnv+"="+data, "TMPDIR="+work)
		cmd.Stdout, cmd.Stderr = logFile, logFile
		return cmd, cmd.Start()
	}
	cmd, err := start()
	if err != nil {
		return err
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()

	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	load := classtest.Load{URL: url, Tablets: tablets, Answers: answers, Games: games, Refresh: refresh, Seed: seed, Retry: 200 * time.Millisecond}
	res := &classtest.Result{}
	done := make(chan error, 1)
	go func() { done <- load.Run(ctx, res) }()
	rng := rand.New(rand.NewPCG(seed, 1))
	total := tablets * (answers + games)
	killed := 0
	var downFor time.Duration
	for k := 1; k <= kills; k++ {
		// A random moment within the k-th of kills+1 slices of the load.
		at := total*(k-1)/(kills+1) + rng.IntN(max(1, total/(kills+1)))
		for res.Acked() < at {
			select {
			case err := <-done:
				return fmt.Errorf("the load ended before kill %d: %v", k, err)
			case <-time.After(time.Millisecond):
			}
		}
		cmd.Process.Kill()
		cmd.Wait()
		killed++
		down := time.Now()
		if cmd, err = start(); err != nil {
			return err
		}
		downFor += time.Since(down)
	}
	if err := <-done; err != nil {
		return fmt.Errorf("the load: %w", err)
	}
	fmt.Printf("%d tablets: %d answers and %d games acknowledged in %.1fs (%.0f a second); %d sent again; %d refused or failed; the class view answered %d times; serve killed %d times\n",
		tablets, len(res.Answers), len(res.Games), res.Duration.Seconds(), float64(len(res.Answers)+len(res.Games))/res.Duration.Seconds(), res.Resent, len(res.Failed), res.Views, killed)
	bad := len(res.Failed) > 0
	for i, f := range res.Failed {
		if i == 5 {
			break
		}
		fmt.Println("  failed:", f)
	}
	if err := classtest.Check(ctx, url, res); err != nil {
		fmt.Println("the class view disagrees:", err)
		bad = true
	} else {
		fmt.Println("the class view agrees with what was acknowledged, exactly")
	}
	cmd.Process.Kill()
	cmd.Wait()
	files, _ := filepath.Glob(filepath.Join(data, "classes", "*", "bench.db"))
	if len(files) != 1 {
		return fmt.Errorf("class files %q, want one", files)
	}
	if err := classtest.CheckFile(context.Background(), files[0], res); err != nil {
		fmt.Println("the class file disagrees:", err)
		bad = true
	} else {
		fmt.Println("the class file opens cleanly and holds every acknowledged answer and game once")
	}
	if bad {
		return fmt.Errorf("failed")
	}
	return nil
}
