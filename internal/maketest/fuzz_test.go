package maketest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// fuzzTargets finds every fuzz target of the repository with go/ast: a
// top-level func FuzzX(f *testing.F) in a _test.go file outside testdata/
// and node_modules/. Each is "DIR FuzzX", DIR absolute.
func fuzzTargets(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Fuzz") || fn.Type.Params.NumFields() != 1 {
				continue
			}
			if star, ok := fn.Type.Params.List[0].Type.(*ast.StarExpr); ok {
				if sel, ok := star.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "F" {
					out = append(out, filepath.Dir(path)+" "+fn.Name.Name)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// Issue 34: `make fuzz` listed its targets by hand and had 14 of the 18.
// It finds them itself: every fuzz target of the repository (found here
// independently, with go/ast) is run once, in its own directory, with
// -fuzz naming exactly it. The go command is replaced by a script that
// records where it ran and with which -fuzz.
func TestMakeFuzzRunsEveryFuzzTarget(t *testing.T) {
	for _, tool := range []string{"make", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("skipped: %s is not installed", tool)
		}
	}
	root := repoRoot(t)
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skip("skipped: not a git checkout (make fuzz finds the targets with git grep)")
	}
	log := filepath.Join(t.TempDir(), "ran")
	fakeGo := filepath.Join(t.TempDir(), "go")
	// Records "DIR NAME" from `go test . -run ^$ -fuzz ^NAME$ -fuzztime T`.
	script := "#!/bin/sh\nwhile [ $# -gt 0 ]; do [ \"$1\" = -fuzz ] && name=$2; shift; done\n" +
		"name=${name#^}; echo \"$(pwd) ${name%$}\" >> " + log + "\n"
	if err := os.WriteFile(fakeGo, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("make", "-s", "fuzz", "GO="+fakeGo, "FUZZTIME=1s")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make fuzz: %v\n%s", err, out)
	}
	ran, _ := os.ReadFile(log)
	got := strings.Split(strings.TrimSpace(string(ran)), "\n")
	sort.Strings(got)
	want := fuzzTargets(t, root)
	if len(want) == 0 {
		t.Fatal("found no fuzz targets in the repository")
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("make fuzz ran:\n%s\nwant every fuzz target of the repository:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
