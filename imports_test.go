package nostromo

import (
	"go/build"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// module is this module's path, the prefix of its packages' import paths.
const module = "nostromo-lessons"

// TestLoaderImportsNoOutput checks that the loader, internal/course with
// its file system (internal/coursefs) and its YAML decoding
// (internal/course/yamlpos), imports
// nothing of the output side, directly or through another package of the
// module: not the renderer itself, the embedded templates or the proof
// cache and opening book (internal/proof) (the leaves
// under render/ that both sides share, such as render/pageid and
// render/fonts, are allowed). It reads the imports of the packages' non-test
// files, as go list -deps does.
func TestLoaderImportsNoOutput(t *testing.T) {
	forbidden := []string{module + "/render", module + "/templates", module + "/internal/proof"}
	loader := []string{module + "/internal/course", module + "/internal/coursefs", module + "/internal/course/yamlpos"}
	via := map[string]string{} // each package reached, by the package that imports it
	for _, p := range loader {
		via[p] = ""
	}
	queue := slices.Clone(loader)
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		pkg, err := build.Default.ImportDir(filepath.FromSlash(strings.TrimPrefix(path, module+"/")), 0)
		if err != nil {
			t.Fatalf("reading the package %s: %v", path, err)
		}
		for _, imp := range pkg.Imports {
			if _, seen := via[imp]; seen || !strings.HasPrefix(imp, module+"/") {
				continue
			}
			via[imp] = path
			queue = append(queue, imp)
		}
	}
	for _, f := range forbidden {
		if _, ok := via[f]; !ok {
			continue
		}
		chain := []string{f}
		for p := via[f]; p != ""; p = via[p] {
			chain = append([]string{p}, chain...)
		}
		t.Errorf("%s imports %s: %s; the loader must not depend on the output side (move what it needs into a leaf package, or into internal/build's output checks)",
			chain[0], f, strings.Join(chain, " -> "))
	}
}
