package nostromo

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
	"testing"
)

// spelling is one idea that the code spells once: home is the package
// folder that holds it, and find reports the places of a file outside home
// that spell it again.
type spelling struct {
	idea string
	home string
	find func(f *ast.File) []ast.Node
}

// spellings are the ideas that had two spellings before (the
// architecture review's §6 item 7, issue 29) and must keep one.
var spellings = []spelling{
	{"a default budget (4_000_000_000, or a constant named DefaultBudget)", "rules/solver", defaultBudgets},
	{"a size formatter (a declaration with a \"GB\", \"MB\", \"TB\" or \"KB\" literal)", "internal/budget", sizeFormatters},
	{"file modes in words (a function returning a string that tests fs.Mode* bits)", "internal/regular", modeWords},
	{"a list of layouts (a \"by-kind\" literal)", "internal/style", layoutLists},
	{"answer spaces (a constant named NumberBox or PathOnBoard)", "internal/style", answerSpaces},
	{"an error with a stale prefix (\"exercises: \" or \"lessons: \" opening fmt.Errorf, errors.New or panic)", "", stalePrefixes},
}

// TestOneSpelling checks that each idea in spellings is spelt only in its
// home package, in the module's production code (tests, test data and the
// fpdf fork, a module of its own, aside): a second default budget, size
// formatter, file-mode helper, list of layouts or enum of answer spaces,
// or a stale error prefix, fails it.
func TestOneSpelling(t *testing.T) {
	fset := token.NewFileSet()
	err := fs.WalkDir(os.DirFS("."), ".", func(name string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && name != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || name == "out"):
			return fs.SkipDir
		case d.IsDir() && name != ".":
			if _, err := os.Stat(path.Join(name, "go.mod")); err == nil {
				return fs.SkipDir // another module
			}
			return nil
		case d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go"):
			return nil
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, s := range spellings {
			if s.home != "" && path.Dir(name) == s.home {
				continue
			}
			for _, n := range s.find(f) {
				where := "only in " + s.home
				if s.home == "" {
					where = "nowhere"
				}
				t.Errorf("%s: %s, which the module spells %s", fset.Position(n.Pos()), s.idea, where)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// defaultBudgets finds constants and variables named DefaultBudget or
// given the value 4_000_000_000.
func defaultBudgets(f *ast.File) []ast.Node {
	var found []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for _, id := range vs.Names {
			if id.Name == "DefaultBudget" {
				found = append(found, vs)
				return false
			}
		}
		for _, v := range vs.Values {
			if lit, ok := v.(*ast.BasicLit); ok && (lit.Kind == token.INT || lit.Kind == token.FLOAT) {
				if x, err := strconv.ParseFloat(strings.ReplaceAll(lit.Value, "_", ""), 64); err == nil && x == 4e9 {
					found = append(found, vs)
					return false
				}
			}
		}
		return true
	})
	return found
}

// sizeFormatters finds declarations (a function, or a table of units)
// that spell a size unit.
func sizeFormatters(f *ast.File) []ast.Node {
	return declsWith(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return false
		}
		switch s, _ := strconv.Unquote(lit.Value); s {
		case "TB", "GB", "MB", "KB":
			return true
		}
		return false
	})
}

// declsWith returns the top-level declarations of f in which some node
// satisfies is, each once.
func declsWith(f *ast.File, is func(ast.Node) bool) []ast.Node {
	var found []ast.Node
	for _, d := range f.Decls {
		hit := false
		ast.Inspect(d, func(n ast.Node) bool {
			if !hit && n != nil && is(n) {
				hit = true
			}
			return !hit
		})
		if hit {
			found = append(found, d)
		}
	}
	return found
}

// layoutLists finds declarations that spell the name of the layout that
// only the layouts have ("roomy", "compact" and "drill" name render's
// cells too).
func layoutLists(f *ast.File) []ast.Node {
	return declsWith(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return false
		}
		s, _ := strconv.Unquote(lit.Value)
		return s == "by-kind"
	})
}

// answerSpaces finds declarations of the answer-space constants.
func answerSpaces(f *ast.File) []ast.Node {
	var found []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			for _, id := range vs.Names {
				if id.Name == "NumberBox" || id.Name == "PathOnBoard" {
					found = append(found, id)
				}
			}
		}
		return true
	})
	return found
}

// modeBits are the fs.FileMode (and os.FileMode) bits that say what kind
// of file a mode is.
var modeBits = map[string]bool{
	"ModeDir": true, "ModeSymlink": true, "ModeNamedPipe": true, "ModeSocket": true,
	"ModeDevice": true, "ModeCharDevice": true, "ModeIrregular": true,
}

// modeWords finds functions that return a string and test a mode's kind
// bits: a second way of putting file modes into words.
func modeWords(f *ast.File) []ast.Node {
	var found []ast.Node
	for _, d := range declsWith(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		return ok && modeBits[sel.Sel.Name]
	}) {
		if fd, ok := d.(*ast.FuncDecl); ok && returnsString(fd.Type) {
			found = append(found, fd)
		}
	}
	return found
}

// returnsString reports whether a function's results include a string.
func returnsString(ft *ast.FuncType) bool {
	if ft.Results == nil {
		return false
	}
	for _, r := range ft.Results.List {
		if id, ok := r.Type.(*ast.Ident); ok && id.Name == "string" {
			return true
		}
	}
	return false
}

// stalePrefixes finds errors and panics whose text opens with the name of a
// content folder, as the code did before its packages were named for what
// they are: an error names its package ("generate: ", "course: ").
func stalePrefixes(f *ast.File) []ast.Node {
	var found []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 || !isErrorCall(call.Fun) {
			return true
		}
		first := call.Args[0]
		for {
			b, ok := first.(*ast.BinaryExpr) // "text " + more
			if !ok || b.Op != token.ADD {
				break
			}
			first = b.X
		}
		if lit, ok := first.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, _ := strconv.Unquote(lit.Value)
			if strings.HasPrefix(s, "exercises: ") || strings.HasPrefix(s, "lessons: ") {
				found = append(found, lit)
			}
		}
		return true
	})
	return found
}

// isErrorCall reports whether fun is fmt.Errorf, errors.New or panic.
func isErrorCall(fun ast.Expr) bool {
	switch fun := fun.(type) {
	case *ast.Ident:
		return fun.Name == "panic"
	case *ast.SelectorExpr:
		pkg, ok := fun.X.(*ast.Ident)
		return ok && (pkg.Name == "fmt" && fun.Sel.Name == "Errorf" || pkg.Name == "errors" && fun.Sel.Name == "New")
	}
	return false
}
