package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"nostromo-lessons/rules/table"
)

// TestVersion checks that "version", "--version" and "-version" print the
// same facts of the build, on stdout, with status 0: the version, the
// commit, its date, the Go version and the platform; that "help" lists
// version and "help version" explains it; and that version takes no
// arguments.
func TestVersion(t *testing.T) {
	var first string
	for _, spelling := range []string{"version", "--version", "-version"} {
		t.Run(spelling, func(t *testing.T) {
			code, out, errOut := runCLI(t, spelling)
			if code != exitOK || errOut != "" {
				t.Fatalf("run(%q) = exit %d, stderr %q, want 0 and nothing", spelling, code, errOut)
			}
			for _, want := range []string{"nostromo-lessons ", "\ncommit:   ", "\ndate:     ", "\ngo:       " + runtime.Version() + "\n",
				"\nplatform: " + runtime.GOOS + "/" + runtime.GOARCH + "\n",
				"\ntable:    format " + strconv.Itoa(table.Version) + ", source " + table.Source + "\n"} {
				if !strings.Contains(out, want) {
					t.Errorf("run(%q) printed\n%s\nwant %q in it", spelling, out, want)
				}
			}
			if first == "" {
				first = out
			} else if out != first {
				t.Errorf("run(%q) printed\n%s\nbut version printed\n%s", spelling, out, first)
			}
		})
	}
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"help"}, exitOK, "\n  version   print the version, commit, its date, Go version and platform of this binary (also --version)\n"},
		{[]string{"help", "version"}, exitOK, "Usage: nostromo-lessons version\n\nPrint the version"},
		{[]string{"version", "extra"}, exitBadInput, "version: got 1 arguments, want 0"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != tt.code || !strings.Contains(out+errOut, tt.want) {
				t.Errorf("run(%q) = exit %d, printed\n%s%s\nwant exit %d and %q", tt.args, code, out, errOut, tt.code, tt.want)
			}
		})
	}
}

// TestReadBuildInfo checks what a binary says of its build from its build
// information and from what the release set: the go command's stamp of
// the commit wins over the release's, the release's name over the
// module's version, and a build that knows nothing says so.
func TestReadBuildInfo(t *testing.T) {
	stamped := func(version string, settings ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Path: "nostromo-lessons", Version: version}}
		for i := 0; i+1 < len(settings); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return info
	}
	vcs := []string{"GOOS", "windows", "GOARCH", "arm64", "vcs", "git", "vcs.revision", "0123abcd", "vcs.time", "2026-12-07T09:58:12Z", "vcs.modified", "true"}
	release := buildInfo{Version: "40b55e7", Commit: "40b55e7fffff", Time: "2026-12-07T10:00:00+01:00"}
	here := runtime.GOOS + "/" + runtime.GOARCH
	tests := []struct {
		name string
		info *debug.BuildInfo
		ok   bool
		set  buildInfo
		want buildInfo
	}{
		{"go build in a checkout", stamped("v0.0.0-20261207095812-0123abcd+dirty", vcs...), true, buildInfo{},
			buildInfo{"v0.0.0-20261207095812-0123abcd+dirty", "0123abcd", "2026-12-07T09:58:12Z", true, "go1.99.1", "windows/arm64"}},
		{"the release, stamped", stamped("(devel)", vcs...), true, release,
			buildInfo{"40b55e7", "0123abcd", "2026-12-07T09:58:12Z", true, "go1.99.1", "windows/arm64"}},
		{"the release in a worktree", stamped("(devel)", "GOOS", "darwin", "GOARCH", "amd64"), true, release,
			buildInfo{"40b55e7", "40b55e7fffff", "2026-12-07T10:00:00+01:00", false, "go1.99.1", "darwin/amd64"}},
		{"go install", stamped("v1.2.3"), true, buildInfo{}, buildInfo{"v1.2.3", "", "", false, "go1.99.1", here}},
		{"nothing known", stamped("(devel)"), true, buildInfo{}, buildInfo{"devel", "", "", false, "go1.99.1", here}},
		{"no build information", nil, false, buildInfo{}, buildInfo{"devel", "", "", false, runtime.Version(), here}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := readBuildInfo(tt.info, tt.ok, tt.set); got != tt.want {
				t.Errorf("readBuildInfo = %+v, want %+v", got, tt.want)
			}
		})
	}
	for _, tt := range []struct {
		b    buildInfo
		want string
	}{
		{buildInfo{"40b55e7", "0123abcd", "2026-12-07T10:00:00+01:00", true, "go1.99.1", "windows/arm64"},
			"nostromo-lessons 40b55e7\ncommit:   0123abcd (with changes not committed)\ndate:     2026-12-07 09:00:00 UTC (the commit's)\ngo:       go1.99.1\nplatform: windows/arm64\n"},
		{buildInfo{"devel", "", "", false, "go1.99.1", "linux/amd64"},
			"nostromo-lessons devel\ncommit:   unknown (built outside a git checkout)\ndate:     unknown\ngo:       go1.99.1\nplatform: linux/amd64\n"},
	} {
		if got := tt.b.String(); got != tt.want {
			t.Errorf("%+v.String() =\n%s\nwant\n%s", tt.b, got, tt.want)
		}
	}
}

// TestReleaseVersion builds the command as .ci/release does, with the
// names the release sets by -ldflags -X, and runs the binary's --version:
// it says what the release set. The release script sets each of them.
func TestReleaseVersion(t *testing.T) {
	script, err := os.ReadFile(filepath.Join("..", "..", ".ci", "release"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"main.version=", "main.commit=", "main.commitTime=", "main.modified="} {
		if !strings.Contains(string(script), "-X "+name) && !strings.Contains(string(script), "-X '"+name) {
			t.Errorf(".ci/release does not set %s (-ldflags -X)", strings.TrimSuffix(name, "="))
		}
	}
	if testing.Short() {
		t.Skip("builds the command: not with -short")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	bin := filepath.Join(t.TempDir(), "nostromo-lessons")
	ldflags := "-s -w -buildid= -X 'main.version=v9.9 test' -X main.commit=40b55e7fffff -X main.commitTime=2026-12-07T10:00:00Z -X main.modified=false"
	build := exec.Command(gobin, "build", "-trimpath", "-buildvcs=false", "-ldflags", ldflags, "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatalf("%s --version: %v", bin, err)
	}
	want := "nostromo-lessons v9.9 test\ncommit:   40b55e7fffff\ndate:     2026-12-07 10:00:00 UTC (the commit's)\ngo:       " + runtime.Version() + "\nplatform: " + runtime.GOOS + "/" + runtime.GOARCH + "\n" +
		"table:    format " + strconv.Itoa(table.Version) + ", source " + table.Source + "\n          none, in " + os.Getenv("NOSTROMO_TABLE") + "\n"
	if string(out) != want {
		t.Errorf("--version of a release build printed\n%s\nwant\n%s", out, want)
	}
}
