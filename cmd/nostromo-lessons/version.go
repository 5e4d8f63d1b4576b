package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"nostromo-lessons/rules/table"
)

// The release's name and commit, set by .ci/release with -ldflags
// "-X main.version=NAME -X main.commit=... -X main.commitTime=... -X
// main.modified=true|false": version is the commit's short hash unless
// the release is given a name. A build without them names itself by its
// module version (go install's, or the one the go command stamps from the
// commit, v0.0.0-20261207095812-40b55e7c0123), else "devel"; the commit
// comes from the go command's own stamp (vcs.revision) where there is one,
// these being for a build where it is not (a git worktree, -buildvcs=false).
var (
	version    string
	commit     string
	commitTime string
	modified   string
)

// buildInfo is what a binary says of its build for a bug report: every
// field comes from the binary itself (runtime/debug.ReadBuildInfo), so two
// builds of one commit say the same, and none is the time of the build.
type buildInfo struct {
	Version  string // version, else the module's version, else "devel"
	Commit   string // vcs.revision, else the release's commit; "" when neither is known
	Time     string // the commit's time (vcs.time), RFC 3339; "" as Commit
	Modified bool   // built from a checkout with changes not committed (vcs.modified)
	Go       string // the Go version it was built with, such as go1.26.8
	Platform string // GOOS/GOARCH, such as linux/amd64
}

// readBuildInfo returns the build's facts from what debug.ReadBuildInfo
// returns (info, ok) and from what the release set (its Version, Commit,
// Time and Modified; zero where nothing was set), which the go command's
// own stamp of the commit overrides.
func readBuildInfo(info *debug.BuildInfo, ok bool, set buildInfo) buildInfo {
	b := set
	b.Go, b.Platform = runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH
	if ok && info != nil {
		if info.GoVersion != "" {
			b.Go = info.GoVersion
		}
		if b.Version == "" && info.Main.Version != "(devel)" {
			b.Version = info.Main.Version
		}
		stamp := map[string]string{}
		for _, s := range info.Settings {
			stamp[s.Key] = s.Value
		}
		if rev := stamp["vcs.revision"]; rev != "" {
			b.Commit, b.Time, b.Modified = rev, stamp["vcs.time"], stamp["vcs.modified"] == "true"
		}
		if stamp["GOOS"] != "" && stamp["GOARCH"] != "" {
			b.Platform = stamp["GOOS"] + "/" + stamp["GOARCH"]
		}
	}
	if b.Version == "" {
		b.Version = "devel"
	}
	return b
}

// String writes the build's facts, one a line, as a bug report quotes them:
//
//	nostromo-lessons 40b55e7
//	commit:   40b55e7c0123... (with changes not committed)
//	date:     2026-12-07 09:58:12 UTC (the commit's)
//	go:       go1.26.8
//	platform: linux/amd64
func (b buildInfo) String() string {
	var s strings.Builder
	fmt.Fprintf(&s, "nostromo-lessons %s\n", b.Version)
	switch {
	case b.Commit == "":
		s.WriteString("commit:   unknown (built outside a git checkout)\n")
	case b.Modified:
		fmt.Fprintf(&s, "commit:   %s (with changes not committed)\n", b.Commit)
	default:
		fmt.Fprintf(&s, "commit:   %s\n", b.Commit)
	}
	date := "unknown"
	if t, err := time.Parse(time.RFC3339, b.Time); err == nil {
		date = t.UTC().Format("2006-01-02 15:04:05 UTC") + " (the commit's)"
	} else if b.Time != "" {
		date = b.Time
	}
	fmt.Fprintf(&s, "date:     %s\n", date)
	fmt.Fprintf(&s, "go:       %s\n", b.Go)
	fmt.Fprintf(&s, "platform: %s\n", b.Platform)
	return s.String()
}

// tableVersion says which whole-game table this binary reads (its format
// version and the hash of the rules and solver source it must be built
// with) and the state of the one in the table's folder:
//
//	table:    format 1, source 642c1caae2ff...
//	          complete and intact, in /home/ann/.cache/nostromo-lessons/table
func tableVersion() string {
	head := fmt.Sprintf("table:    format %d, source %s\n", table.Version, table.Source)
	dir, err := tableDir()
	if err != nil {
		return head + "          none (no cache folder)\n"
	}
	var state string
	switch tableState(dir) {
	case tableAbsent:
		state = "none, in " + dir
	case tableStopped:
		state = "incomplete (a build stopped), in " + dir
	default:
		t, err := table.Open(dir)
		if err != nil {
			state = fmt.Sprintf("not used: %v", err)
		} else {
			t.Close()
			state = "complete and intact, in " + dir
		}
	}
	return head + "          " + state + "\n"
}

// runVersion prints the version, the commit, its date, the Go version and
// the platform of this binary, then the whole-game table's version it
// expects and the table it finds.
func runVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("version", stderr)
	if _, err := parse(fs, args, 0, 0); err != nil {
		return err
	}
	info, ok := debug.ReadBuildInfo()
	set := buildInfo{Version: version, Commit: commit, Time: commitTime, Modified: modified == "true"}
	_, err := io.WriteString(stdout, readBuildInfo(info, ok, set).String()+tableVersion())
	return err
}
