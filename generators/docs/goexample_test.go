package docs

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
)

// Issue 24, item 9: a method page had no example of the call in Go. Every
// method whose parameters have a literal form (all but the uploads, which
// the JSON example and Upload cover) shows one, and the examples compile
// against the generated package of the same specification
// (generated/botapi, which the repository keeps up to date).
func TestEveryMethodPageHasAGoExampleThatCompiles(t *testing.T) {
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := generators.Model(s, "botapi", nil)
	if err != nil {
		t.Fatal(err)
	}
	b := &builder{l: newLinker(s), s: s, m: m}
	var body strings.Builder
	missing := 0
	for _, sm := range s.Methods {
		code := b.goExample(sm)
		if code == "" {
			if !sm.Multipart {
				t.Errorf("%s: no Go example (its parameters need no upload)", sm.Name)
			}
			missing++
			continue
		}
		body.WriteString("{\n" + code + "\n")
		if strings.HasPrefix(code, "res, err") {
			body.WriteString("_ = res\n")
		}
		body.WriteString("_ = err\n}\n")
	}
	if missing > len(s.Methods)/4 {
		t.Errorf("%d of %d methods have no Go example", missing, len(s.Methods))
	}
	if testing.Short() {
		t.Skip("compiling the examples skipped in -short mode")
	}
	gen, err := filepath.Abs(filepath.Join("..", "..", "generated", "botapi"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/ex\n\ngo 1.24.0\n"), 0o644)
	pkg := filepath.Join(dir, "botapi")
	os.MkdirAll(pkg, 0o755)
	entries, err := os.ReadDir(gen)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
			data, _ := os.ReadFile(filepath.Join(gen, e.Name()))
			os.WriteFile(filepath.Join(pkg, e.Name()), data, 0o644)
		}
	}
	src := "package main\n\nimport (\n\t\"context\"\n\n\t\"example.com/ex/botapi\"\n)\n\nfunc main() {\n\tctx := context.Background()\n\tc := botapi.NewClient(\"123:token\")\n" + body.String() + "}\n"
	os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644)
	cmd := exec.Command("go", "vet", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the Go examples do not compile: %v\n%s", err, out)
	}
}
