package analysis

import (
	"go/build"
	"strings"
	"testing"
)

// TestImportsOnlyRules checks that the package's non-test files import
// nothing of the module but rules and rules/solver, and of the standard
// library nothing a WebAssembly build lacks, so that the play page's
// engine (internal/engine, compiled to wasm) can classify with it.
func TestImportsOnlyRules(t *testing.T) {
	pkg, err := build.Default.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"nostromo-lessons/rules": true, "nostromo-lessons/rules/solver": true}
	for _, imp := range pkg.Imports {
		switch {
		case allowed[imp]:
		case strings.HasPrefix(imp, "nostromo-lessons/"):
			t.Errorf("analysis imports %s; the engine's WebAssembly build can take only rules and rules/solver", imp)
		case strings.Contains(strings.SplitN(imp, "/", 2)[0], "."):
			t.Errorf("analysis imports %s, a package outside the standard library", imp)
		case imp == "os" || imp == "os/exec" || imp == "net" || strings.HasPrefix(imp, "net/") || imp == "syscall":
			t.Errorf("analysis imports %s, which the page's engine has no use for", imp)
		}
	}
}
