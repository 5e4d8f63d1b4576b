package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"nostromo-lessons/internal/build"
	"nostromo-lessons/internal/catalog"
	"nostromo-lessons/internal/course"
	"nostromo-lessons/internal/engine"
	"nostromo-lessons/internal/proof"
	"nostromo-lessons/internal/publish"
	"nostromo-lessons/internal/serve"
	"nostromo-lessons/internal/style"
)

// Timings of serve: how long the course folder must be quiet before a
// rebuild, and how long stopping waits for requests and a build in
// progress.
const (
	serveQuiet     = 200 * time.Millisecond
	serveStopWait  = 5 * time.Second
	serveBuildWait = 3 * time.Second
)

// runServe builds a course into a temporary folder, serves it on this
// computer and builds it again whenever a file of the course changes,
// until Ctrl-C.
func runServe(args []string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveCourse(ctx, args, stdout, stderr)
}

// serveCourse is runServe until ctx is done.
func serveCourse(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := newFlags("serve", stderr)
	port := flags.Int("port", 0, "the TCP `port` to serve on (default: a free one)")
	lan := flags.Bool("lan", false, "serve to the local network too, for the classroom's tablets, and print the address and a QR code")
	theme := flags.String("theme", "", "the art and words: "+style.ThemeNames()+" (default: the course's)")
	paper := flags.String("paper", "", "the worksheets' paper: "+style.PaperNames()+" (default: the course's)")
	pf := addProofFlags(flags)
	noTemplates := flags.Bool("no-course-templates", false, "ignore the course's templates/ folder (which is code, like a theme) and use the embedded templates: for previewing a course you do not trust")
	pos, err := parse(flags, args, 0, 1)
	if err != nil {
		return err
	}
	dir := "."
	if len(pos) == 1 {
		dir = pos[0]
	}
	if *port < 0 || *port > 65535 {
		return badInput(fmt.Errorf("serve: --port %d: want 0 to 65535", *port))
	}
	settings, err := buildSettings("serve", *theme, *paper)
	if err != nil {
		return err
	}
	if settings.Date, err = sourceDate(); err != nil {
		return badInput(err)
	}
	src, err := courseDir(dir)
	if err != nil {
		return err
	}
	closeFS(src)
	// The page shows a long proof's progress even when the terminal
	// does not, and whatever --quiet says; the terminal shows it as build
	// does: in place, or into a pipe as a plain line now and then.
	showProof := !pf.quiet && (pf.progress == progressAlways || pf.progress == progressAuto && isTerminal(stderr))
	var logProof time.Duration
	if !pf.quiet && pf.progress == progressAuto && !isTerminal(stderr) {
		logProof = logEvery
	}
	pf.quiet = false
	if pf.progress == progressAuto {
		pf.progress = progressAlways
	}

	var lanAddrs []netip.Addr
	if *lan {
		lanAddrs = lanAddresses(interfaces())
	}
	lns, skipped, err := serve.Listen(append(loopback(), lanAddrs...), *port)
	if err != nil {
		return badInput(fmt.Errorf("serve: %w", err))
	}
	// The builds go into a folder of the system's temporary folder; the
	// folders of serves that were killed are removed first.
	tmp, removeTmp, err := publish.TempFolder("nostromo-lessons-serve-")
	if err != nil {
		for _, ln := range lns {
			ln.Close()
		}
		return fmt.Errorf("serve: %w", err)
	}
	defer removeTmp()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	srv := serve.New()
	if *lan {
		srv.AllowLAN()
	}
	srv.SetEngine(playEngine(pf.table.open("serve", stderr)))
	// IdleTimeout closes a page's idle connection, so that it does not
	// hold a place of serve.MaxConns.
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 30 * time.Second}
	served := make(chan error, len(lns))
	for _, ln := range lns {
		go func() { served <- hs.Serve(ln) }()
	}

	actual := lns[0].Addr().(*net.TCPAddr).Port
	fmt.Fprintf(stdout, "serving %s at http://127.0.0.1:%d/ (Ctrl-C stops)\n", dir, actual)
	printAddresses(stdout, actual, listenedAddrs(append(loopback(), lanAddrs...)[1:], skipped), *lan)
	if *lan {
		for _, sk := range skipped {
			if !sk.Addr.IsLoopback() {
				fmt.Fprintf(stderr, "nostromo-lessons: serve: warning: not serving on %v\n", sk)
			}
		}
	}

	b := &builder{dir: dir, tmp: tmp, settings: settings, pf: pf, noTemplates: *noTemplates, srv: srv, stdout: stdout, stderr: stderr, showProof: showProof, logProof: logProof}
	// The watcher fires trigger once it watches the course: the first
	// build starts then, so that no change after it is missed.
	trigger := make(chan struct{}, 1)
	built := make(chan struct{})
	rebuild := &serve.Rebuilder{Build: b.build}
	go func() {
		defer close(built)
		rebuild.Run(ctx, trigger)
	}()
	watched := make(chan error, 1)
	go func() {
		watched <- serve.Watch(ctx, dir, serveQuiet, func() {
			// Ask for the next build, then stop the one under way:
			// its builder makes it again at once (taking this
			// trigger), even when the trigger could not be sent
			// because the build it stops was still due.
			select {
			case trigger <- struct{}{}:
			default: // a build is due already
			}
			rebuild.Changed()
		}, func(err error) { fmt.Fprintf(stderr, "nostromo-lessons: serve: warning: watching %s: %v\n", dir, err) })
	}()

	var failed error
	select {
	case <-ctx.Done():
	case err := <-watched:
		if err != nil {
			failed = fmt.Errorf("serve: watching %s: %w", dir, err)
		}
	case err := <-served:
		failed = fmt.Errorf("serve: %w", err)
	}
	cancel()
	srv.Close()
	stopCtx, stopped := context.WithTimeout(context.Background(), serveStopWait)
	defer stopped()
	if err := hs.Shutdown(stopCtx); err != nil {
		hs.Close()
	}
	select {
	case <-built:
	case <-time.After(serveBuildWait):
		// A build stops within a second, inside a proof too: this one
		// did not, and the process ends with it.
		fmt.Fprintln(stderr, "nostromo-lessons: serve: stopped during a build; its result is lost")
	}
	if failed == nil {
		fmt.Fprintln(stdout, "stopped")
	}
	return failed
}

// closeFS closes the course folder fsys if it holds the folder open.
func closeFS(fsys any) {
	if c, ok := fsys.(io.Closer); ok {
		c.Close()
	}
}

// loopback returns the addresses of this computer for itself: 127.0.0.1
// and [::1], which serve.Listen skips where the computer has no IPv6.
func loopback() []netip.Addr {
	return []netip.Addr{netip.MustParseAddr("127.0.0.1"), netip.IPv6Loopback()}
}

// listenedAddrs returns the addresses of asked that serve.Listen did not
// skip, as asked: the listener's own address of a link-local one has no
// zone.
func listenedAddrs(asked []netip.Addr, skipped []serve.Skipped) []netip.Addr {
	var out []netip.Addr
	for _, a := range asked {
		if !slices.ContainsFunc(skipped, func(s serve.Skipped) bool { return s.Addr == a }) {
			out = append(out, a)
		}
	}
	return out
}

// printAddresses prints the addresses besides 127.0.0.1 that serve
// answers on: [::1], and with --lan the local network's, with a QR code of
// the first one a tablet can open.
func printAddresses(w io.Writer, port int, addrs []netip.Addr, lan bool) {
	var open []string // the addresses a tablet's browser opens
	for _, a := range addrs {
		hostPort := netip.AddrPortFrom(a, uint16(port)).String()
		switch {
		case a.IsLoopback():
			fmt.Fprintf(w, "also at http://%s/\n", hostPort)
		case a.Zone() != "":
			// RFC 6874: the URL names the interface of the computer
			// that asks; this computer's zone means nothing there.
			fmt.Fprintf(w, "on the local network: http://[%s]:%d/ (link-local, on %s: a tablet adds its own network interface, as in [%s%%25wlan0], which most browsers do not take; RFC 6874)\n",
				a.WithZone(""), port, a.Zone(), a.WithZone(""))
		default:
			open = append(open, "http://"+hostPort+"/")
			fmt.Fprintf(w, "on the local network: http://%s/\n", hostPort)
		}
	}
	if !lan {
		return
	}
	if len(open) == 0 {
		fmt.Fprintln(w, "on the local network: no address to open found (is this computer on a network? serve answers only private addresses: 10.x, 172.16-31.x, 192.168.x, fc00::/7, fe80::/10)")
		return
	}
	fmt.Fprintf(w, "scan this with a tablet's camera to open %s:\n", open[0])
	if err := serve.QR(rawWriter(w), open[0]); err != nil {
		fmt.Fprintf(w, "(no QR code: %v)\n", err)
	}
	fmt.Fprintln(w, "anyone on this network can read the pages while serve runs")
}

// lanIface is what serve --lan reads of a network interface.
type lanIface struct {
	name  string
	flags net.Flags
	addrs []net.Addr
}

// interfaces returns this computer's network interfaces, with their
// addresses.
func interfaces() []lanIface {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var out []lanIface
	for _, iface := range ifaces {
		addrs, err := iface.Addrs()
		if err != nil {
			continue
		}
		out = append(out, lanIface{iface.Name, iface.Flags, addrs})
	}
	return out
}

// lanAddresses returns the addresses of ifaces that are up on the local
// network (serve.LocalNetwork), where serve --lan listens: private IPv4
// addresses first, then IPv6 unique local ones, then IPv6 link-local ones
// with their zone (the interface, such as fe80::1%eth0). Public addresses,
// IPv4 or IPv6, and IPv4 link-local ones (169.254.x, which a network
// without a router gives) are left out.
func lanAddresses(ifaces []lanIface) []netip.Addr {
	var v4, ula, link []netip.Addr
	for _, iface := range ifaces {
		if iface.flags&net.FlagUp == 0 || iface.flags&net.FlagLoopback != 0 {
			continue
		}
		for _, a := range iface.addrs {
			ipnet, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			ip, ok := netip.AddrFromSlice(ipnet.IP)
			if !ok {
				continue
			}
			ip = ip.Unmap()
			switch {
			case ip.IsLoopback() || !serve.LocalNetwork(ip):
			case ip.Is4():
				v4 = append(v4, ip)
			case ip.IsLinkLocalUnicast():
				link = append(link, ip.WithZone(iface.name))
			default:
				ula = append(ula, ip)
			}
		}
	}
	return slices.Concat(v4, ula, link)
}

// builder builds the course for serve, each time into a new folder of tmp,
// and hands the result to the server.
type builder struct {
	dir         string
	tmp         string
	settings    build.Options
	pf          *proofFlags
	srv         *serve.Server
	noTemplates bool // --no-course-templates: the course's templates/ is never read
	stdout      io.Writer
	stderr      io.Writer
	showProof   bool          // the terminal shows a long proof's progress line
	logProof    time.Duration // else how often it gets a plain line of it; 0: never
	builds      int
	published   bool             // a build has succeeded: the pages show the last good one
	say         *catalog.Printer // the language of the course's last build, for the bar
}

// build builds the course once, for serve.Rebuilder: the server shows the
// new folder, or the problems over the last good one. ctx is done when
// serve stops, bctx besides when a file changed. It reports whether a
// change of a file stopped it, so that it must be made again.
func (b *builder) build(ctx, bctx context.Context) (stopped bool) {
	start := time.Now()
	b.language()
	b.srv.Building(b.say.Say("serve.status.proving"))
	b.builds++
	out := filepath.Join(b.tmp, fmt.Sprintf("build-%d", b.builds))
	log := &buildLog{srv: b.srv, stderr: b.stderr, showProof: b.showProof, logProof: b.logProof, logged: start, proving: b.say.Say("serve.status.proving"),
		drop: fmt.Sprintf("nostromo-lessons: build: %s has problems; %s was not changed", b.dir, out)}
	err := b.buildInto(bctx, out, log)
	log.flush()
	if err != nil && bctx.Err() != nil && ctx.Err() == nil {
		fmt.Fprintf(b.stdout, "%s a file changed; building again\n", time.Now().Format(time.TimeOnly))
		return true
	}
	if err == nil {
		b.published = true
		if old := b.srv.Publish(out); old != "" {
			os.RemoveAll(old)
		}
		fmt.Fprintf(b.stdout, "%s built %s in %.1fs\n", time.Now().Format(time.TimeOnly), b.dir, time.Since(start).Seconds())
		return false
	}
	if ctx.Err() != nil {
		return false // stopping: nobody looks at the pages any more
	}
	problems := log.problems()
	var silent *silentError
	if !errors.As(err, &silent) {
		msg := strings.TrimSuffix(err.Error(), "; "+out+" was not changed")
		fmt.Fprintln(b.stderr, msg)
		problems = append(problems, msg)
	}
	b.srv.Fail(problems)
	shown := "the page lists them"
	if b.published {
		shown = "the pages show them over the last good build"
	}
	fmt.Fprintf(b.stderr, "%s %s has problems; %s\n", time.Now().Format(time.TimeOnly), b.dir, shown)
	return false
}

// language reads the course's language, as its course.yaml says now, for
// the bar, the proofs' progress line and the page before the first good
// build; a course that cannot be read keeps the last one (English at
// first), and the build says why.
func (b *builder) language() {
	if src, err := courseDir(b.dir); err == nil {
		b.pf.lang = course.Language(src)
		closeFS(src)
	}
	b.say = catalog.New(b.pf.lang, style.Classic)
	b.srv.SetLanguage(b.pf.lang)
}

// buildInto builds the course into out as build does. A panic of the
// build is its error: the pages say so, and serve goes on.
func (b *builder) buildInto(ctx context.Context, out string, log *buildLog) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v (please report this with the course that makes it)", r)
		}
	}()
	src, err := courseDir(b.dir)
	if err != nil {
		return err
	}
	defer closeFS(src)
	opts := b.settings
	opts.Name, opts.NoCourseTemplates = b.dir, b.noTemplates
	opts.Progress = func(msg string) { b.srv.Building(b.status(msg)) }
	return buildCourse(ctx, src, out, opts, b.pf, io.Discard, log)
}

// status returns the bar's text for a progress message of the build
// ("checking DIR ...", "  writing pdf/a.pdf"), in the course's language.
func (b *builder) status(msg string) string {
	msg = strings.TrimSpace(msg)
	if strings.HasPrefix(msg, "checking ") {
		return b.say.Say("serve.status.proving")
	}
	if file, ok := strings.CutPrefix(msg, "writing "); ok {
		return b.say.Say("serve.status.writing", file)
	}
	return msg
}

// buildLog is the standard error of a build for serve: it keeps the
// problems for the page, passes them on to the terminal, and turns the
// solver's progress line into the page's status.
type buildLog struct {
	srv       *serve.Server
	stderr    io.Writer
	showProof bool
	logProof  time.Duration // how often a plain progress line goes to stderr, when not showProof; 0: never
	logged    time.Time     // when the build started, or the last plain line was written
	drop      string        // a line for the terminal of build, not of serve
	proving   string        // the bar's status between two progress lines: "proving…"

	mu      sync.Mutex
	partial []byte
	lines   []string
}

// Write implements io.Writer. The progress line is written one update a
// call, each starting with a carriage return (see proofLine): it goes to
// the page's status, and to the terminal as it is, or as a plain line
// every logProof.
func (l *buildLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.partial) == 0 && bytes.HasPrefix(p, []byte("\r")) {
		status := strings.TrimSpace(strings.ReplaceAll(string(p), "\033[K", ""))
		switch now := time.Now(); {
		case l.showProof:
			rawWriter(l.stderr).Write(p) // the progress line, quoted by proofLine
		case l.logProof > 0 && status != "" && now.Sub(l.logged) >= l.logProof:
			l.logged = now
			fmt.Fprintf(l.stderr, "%s %s\n", now.Format(time.TimeOnly), status)
		}
		if status == "" {
			status = l.proving
		}
		l.srv.Building(status)
		return len(p), nil
	}
	l.partial = append(l.partial, p...)
	for {
		i := bytes.IndexByte(l.partial, '\n')
		if i < 0 {
			break
		}
		l.line(string(l.partial[:i]))
		l.partial = l.partial[i+1:]
	}
	return len(p), nil
}

// line handles one whole line. The caller holds l.mu.
func (l *buildLog) line(s string) {
	if s == l.drop {
		return
	}
	fmt.Fprintln(l.stderr, s)
	l.lines = append(l.lines, s)
}

// flush handles an unfinished last line.
func (l *buildLog) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.partial) > 0 {
		l.line(string(l.partial))
		l.partial = nil
	}
}

// problems returns the lines written, warnings and errors.
func (l *buildLog) problems() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}

// playEngine returns the play page's engine that serve answers with: from
// the whole-game table t first when there is one (nil: none, or
// --no-table), else as the page's WebAssembly engine answers; and whether
// it has the table. Its levels' mistakes differ from one serve to the
// next.
func playEngine(t *proof.Table) (*engine.Engine, bool) {
	var seed [8]byte
	rand.Read(seed[:])
	opts := engine.Options{Seed: binary.LittleEndian.Uint64(seed[:])}
	if t != nil {
		opts.Table = t
	}
	return engine.NewWith(opts), t != nil
}
