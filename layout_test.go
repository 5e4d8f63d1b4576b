package nostromo

import (
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
)

// TestLayout checks that the README's Layout section lists exactly the
// folders a newcomer meets: every top-level folder and every folder that
// holds a Go package (test data aside), and no folder that is not there
// (but out/, which a build makes).
func TestLayout(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := layoutFolders(t, string(readme))
	var want []string
	err = fs.WalkDir(os.DirFS("."), ".", func(name string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && name != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || name == "out"):
			return fs.SkipDir
		case d.IsDir() && name != "." && !strings.Contains(name, "/"):
			want = append(want, name+"/")
		case !d.IsDir() && strings.HasSuffix(name, ".go") && strings.Contains(name, "/"):
			want = append(want, path.Dir(name)+"/")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, "out/")
	slices.Sort(want)
	want = slices.Compact(want)
	for _, f := range want {
		if !slices.Contains(listed, f) {
			t.Errorf("README Layout does not list %s", f)
		}
	}
	for _, f := range listed {
		if !slices.Contains(want, f) {
			t.Errorf("README Layout lists %s, which is not a top-level folder or a Go package", f)
		}
	}
}

// layoutFolders returns the folders (entries ending in "/") that the code
// block of the README's Layout section names in its first column.
func layoutFolders(t *testing.T, readme string) []string {
	_, section, ok := strings.Cut(readme, "\n## Layout\n")
	if !ok {
		t.Fatal("README.md has no ## Layout section")
	}
	_, block, ok := strings.Cut(section, "```\n")
	block, _, closed := strings.Cut(block, "```")
	if !ok || !closed {
		t.Fatal("README.md's Layout section has no code block")
	}
	var folders []string
	for _, line := range strings.Split(block, "\n") {
		first, _, _ := strings.Cut(line, "  ")
		for _, entry := range strings.Split(first, ", ") {
			if strings.HasSuffix(entry, "/") {
				folders = append(folders, entry)
			}
		}
	}
	return folders
}
