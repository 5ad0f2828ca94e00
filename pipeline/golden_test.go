package pipeline_test

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/runtime"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
)

var update = flag.Bool("update", false, "rewrite golden files from the current generators")

// goldenRoot holds the golden cases, as sqlc's endtoend testdata does: one
// txtar archive per case, named <backend>-<case>.txtar. An archive holds
// the input (spec.md, optionally overlay.yaml) and only the expected
// outputs of the backend under test (types-* holds types_gen.go and
// json_gen.go, docs-* the docs), or stderr.txt when the case must fail.
// The runtime is not repeated per case: runtime.txtar pins it once
// (TestGoldenRuntime), and TestGoldenCasesCompile assembles each case's
// whole package with the runtime in a temporary module and builds and
// vets it.
const goldenRoot = "../golden"

// inputFiles are the archive members that are inputs, not expectations.
var inputFiles = map[string]bool{"spec.md": true, "spec.html": true, "overlay.yaml": true}

type goldenCase struct {
	name    string
	path    string
	archive *txtar.Archive
	backend generators.Backend
}

func (c *goldenCase) input(name string) []byte {
	for _, f := range c.archive.Files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

func goldenCases(t *testing.T) []*goldenCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(goldenRoot, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var out []*goldenCase
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".txtar")
		if name == "runtime" {
			continue
		}
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		bname, _, _ := strings.Cut(name, "-")
		var b generators.Backend
		found := false
		for _, x := range pipeline.Backends {
			if x.Name == bname {
				b, found = x, true
			}
		}
		if !found {
			t.Fatalf("%s: a case is named <backend>-<case>; no backend %q (known: %s)", p, bname, strings.Join(pipeline.Names(), ", "))
		}
		out = append(out, &goldenCase{name: name, path: p, archive: a, backend: b})
	}
	if len(out) == 0 {
		t.Fatal("no golden cases")
	}
	return out
}

// goldenImportPath is the module the golden cases' packages are built in
// (TestGoldenCasesCompile), each in the directory named after its case.
const goldenImportPath = "goldencases"

// generateCase runs the case's backend (and what it requires) over its
// spec: the outputs by backend name, or the error.
func generateCase(c *goldenCase, only string) (*pipeline.Outputs, error) {
	s, err := caseSchema(c)
	if err != nil {
		return nil, err
	}
	backends, err := pipeline.Select(only)
	if err != nil {
		return nil, err
	}
	opts := generators.Options{Package: "botapi", Source: "spec.md"}
	if c.backend.Kind == generators.ServerPackage {
		opts.ImportPath = goldenImportPath + "/" + c.name // the server package imports it
	}
	return pipeline.Generate(s, backends, opts)
}

// expected is what a case's archive must hold: the files of the backend
// under test, without its runtime (pinned by TestGoldenRuntime).
func expected(c *goldenCase) map[string][]byte {
	outs, err := generateCase(c, c.backend.Name)
	if err != nil {
		return map[string][]byte{"stderr.txt": []byte(err.Error() + "\n")}
	}
	got := map[string][]byte{}
	files := outs.Go
	switch c.backend.Kind {
	case generators.ServerPackage:
		// Its package, and the README of the types package, which holds
		// the server's section.
		files = slices.Clone(outs.Server)
		for _, f := range outs.Go {
			if f.Path == generators.ReadmeFile {
				files = append(files, f)
			}
		}
	case generators.Docs:
		files = outs.Docs
	case generators.OpenAPI:
		files = outs.OpenAPI
	}
	own, err := ownFiles(c)
	if err != nil {
		return map[string][]byte{"stderr.txt": []byte(err.Error() + "\n")}
	}
	for _, f := range files {
		if strings.HasPrefix(f.Path, "support_") || !own[f.Path] {
			continue
		}
		got[f.Path] = f.Data
	}
	return got
}

// caseSchema parses the case's spec with its overlay.
func caseSchema(c *goldenCase) (*schema.Schema, error) {
	var ov *schema.Overlay
	if data := c.input("overlay.yaml"); data != nil {
		var err error
		if ov, err = schema.ParseOverlay(data); err != nil {
			return nil, err
		}
	}
	if page := c.input("spec.html"); page != nil {
		// A case in the published page's layout (a fragment written for
		// the case).
		return loader.FromSpec(page, "spec.html", ov)
	}
	return loader.FromSpec(c.input("spec.md"), "spec.md", ov)
}

// ownFiles names the files the case's backend writes itself (the pipeline
// run above also holds the files of the backends it requires).
func ownFiles(c *goldenCase) (map[string]bool, error) {
	s, err := caseSchema(c)
	if err != nil {
		return nil, err
	}
	m, err := pipeline.Model(s, "botapi")
	if err != nil {
		return nil, err
	}
	files, err := c.backend.Generate(m, generators.Options{Package: "botapi", Source: "spec.md", ImportPath: goldenImportPath + "/" + c.name})
	if err != nil {
		return nil, err
	}
	own := map[string]bool{}
	for _, f := range files {
		own[f.Path] = true
	}
	return own, nil
}

func TestGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			got := expected(c)
			if *update {
				a := &txtar.Archive{Comment: c.archive.Comment}
				for _, f := range c.archive.Files {
					if inputFiles[f.Name] {
						a.Files = append(a.Files, f)
					}
				}
				a.Files = append(a.Files, sortedFiles(got)...)
				if err := os.WriteFile(c.path, txtar.Format(a), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want := map[string][]byte{}
			for _, f := range c.archive.Files {
				if !inputFiles[f.Name] {
					want[f.Name] = f.Data
				}
			}
			compare(t, want, got)
		})
	}
}

func sortedFiles(m map[string][]byte) []txtar.File {
	var names []string
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []txtar.File
	for _, n := range names {
		out = append(out, txtar.File{Name: n, Data: m[n]})
	}
	return out
}

func compare(t *testing.T, want, got map[string][]byte) {
	t.Helper()
	var names []string
	for n := range want {
		names = append(names, n)
	}
	for n := range got {
		if _, ok := want[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		w, inWant := want[n]
		g, inGot := got[n]
		switch {
		case !inGot:
			t.Errorf("%s: expected file not produced (run 'make golden' if the change is intended)", n)
		case !inWant:
			t.Errorf("%s: produced but not in the golden archive (run 'make golden' if the change is intended)", n)
		case !bytes.Equal(w, g):
			t.Errorf("%s differs from the golden archive (run 'make golden' if the change is intended):\n%s", n, firstDiff(w, g))
		}
	}
}

// runtimeFiles are the runtime files as the backends emit them for a
// schema that needs every part.
func runtimeFiles(t *testing.T) map[string][]byte {
	t.Helper()
	sets := []struct {
		backend, pkg string
		parts        []runtime.Part
	}{
		{"types", "botapi", []runtime.Part{runtime.TypesPart}},
		{"validate", "botapi", []runtime.Part{runtime.ValidatePart, runtime.FormatPart}},
		{"client", "botapi", []runtime.Part{runtime.ClientPart}},
		{"wire", "botapi", []runtime.Part{runtime.WirePart}},
		{"server", "botapiserver", []runtime.Part{runtime.ServerPart}},
		{"dispatch", "botapi", []runtime.Part{runtime.DispatchPart}},
	}
	out := map[string][]byte{}
	for _, s := range sets {
		f, err := runtime.FileImporting(s.backend, s.pkg, "spec.md", runtime.Import{Path: goldenImportPath + "/botapi", Name: "botapi"}, s.parts...)
		if err != nil {
			t.Fatal(err)
		}
		out[f.Path] = f.Data
	}
	return out
}

// runtimePin is what golden/runtime.txtar keeps of a runtime file: its
// size and SHA-256 (any change to the emitted bytes shows), and its
// package-level declarations one per line (a change to the API it adds to
// generated packages shows as a readable diff). The sources themselves are
// reviewed in generators/runtime; copying them here would make every
// runtime edit a golden change twice its size.
func runtimePin(t *testing.T, name string, data []byte) []byte {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), name, data, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("runtime %s: %v", name, err)
	}
	var decls []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			n := d.Name.Name
			if d.Recv != nil && len(d.Recv.List) > 0 {
				n = "(" + types.ExprString(d.Recv.List[0].Type) + ")." + n
			}
			decls = append(decls, "func "+n)
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					decls = append(decls, "type "+sp.Name.Name)
				case *ast.ValueSpec:
					for _, id := range sp.Names {
						if id.Name != "_" {
							decls = append(decls, d.Tok.String()+" "+id.Name)
						}
					}
				}
			}
		}
	}
	sort.Strings(decls)
	sum := sha256.Sum256(data)
	return []byte(fmt.Sprintf("bytes %d\nsha256 %x\n%s\n", len(data), sum, strings.Join(decls, "\n")))
}

// TestGoldenRuntime pins the runtime copied into generated packages, once
// (see runtimePin).
func TestGoldenRuntime(t *testing.T) {
	p := filepath.Join(goldenRoot, "runtime.txtar")
	got := map[string][]byte{}
	for name, data := range runtimeFiles(t) {
		got[name] = runtimePin(t, name, data)
	}
	if *update {
		a := &txtar.Archive{Comment: []byte("The runtime copied into generated packages (generators/runtime), as the\nbackends emit it for package botapi: size, SHA-256 and declarations per\nfile. Rewritten by 'make golden'.\n"), Files: sortedFiles(got)}
		if err := os.WriteFile(p, txtar.Format(a), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	a, err := txtar.ParseFile(p)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{}
	for _, f := range a.Files {
		want[f.Name] = f.Data
	}
	compare(t, want, got)
}

// TestGoldenCasesCompile builds and vets every successful case's whole Go
// package (the backend under test, what it requires, and their runtime) as
// a module of its own: golden Go code is checked as code, not only as bytes.
func TestGoldenCasesCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module per case")
	}
	root := t.TempDir()
	var pkgs []string
	for _, c := range goldenCases(t) {
		if (c.backend.Kind != generators.GoPackage && c.backend.Kind != generators.ServerPackage) || c.input("stderr.txt") != nil {
			continue
		}
		outs, err := generateCase(c, c.backend.Name)
		if err != nil {
			continue // an expected failure, compared by TestGolden
		}
		dir := filepath.Join(root, c.name)
		if _, err := output.Write(dir, outs.Go); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, "./"+c.name)
		if len(outs.Server) > 0 {
			if _, err := output.Write(filepath.Join(dir, "botapiserver"), outs.Server); err != nil {
				t.Fatal(err)
			}
			pkgs = append(pkgs, "./"+c.name+"/botapiserver")
		}
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module "+goldenImportPath+"\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"build"}, {"vet"}} {
		cmd := exec.Command("go", append(args, pkgs...)...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s of the golden cases: %v\n%s", args[0], err, out)
		}
	}
}

// firstDiff shows the first differing line with a little context.
func firstDiff(want, got []byte) string {
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(same lines, different bytes)"
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for n >= 10 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	i--
	b[i] = byte('0' + n)
	return string(b[i:])
}
