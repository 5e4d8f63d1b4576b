package templates

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rebuild engine/nostromo.wasm and copy engine/wasm_exec.js (go generate ./templates)")

// engineBuild is the one command that builds engine/nostromo.wasm, run
// in this folder: reproducible (-trimpath, no version control stamp) and
// stripped (-s -w) for size.
var engineBuild = []string{"build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o"}

// TestEngineFresh checks that the committed engine is what the source
// builds today, byte for byte, and that wasm_exec.js is the Go release's;
// with -update it writes them.
func TestEngineFresh(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not found on PATH: the engine's freshness is not checked")
	}
	goroot, err := exec.Command(gobin, "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	built := filepath.Join(t.TempDir(), "nostromo.wasm")
	cmd := exec.Command(gobin, append(engineBuild, built, "../cmd/nostromo-engine")...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(cmd.Args[1:], " "), err, out)
	}
	for _, f := range []struct{ committed, fresh string }{
		{"engine/nostromo.wasm", built},
		{"engine/wasm_exec.js", filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")},
	} {
		want, err := os.ReadFile(f.fresh)
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(f.committed, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(f.committed)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("templates/%s is not what %s holds (%d bytes, %d committed): run go generate ./templates", f.committed, f.fresh, len(want), len(got))
		}
	}
}
