// Package specgentest holds what the tests of generated documents share:
// load a document as apigen does, generate every output in memory, and
// build the generated Go package in a module of its own.
package specgentest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// Load parses doc with the embedded overlay, as apigen does for the default
// document, and checks the schema.
func Load(t testing.TB, doc []byte, name string) *schema.Schema {
	t.Helper()
	ov, err := schema.ParseOverlay(spec.Overlay())
	if err != nil {
		t.Fatal(err)
	}
	s, err := loader.FromSpec(doc, name, ov)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Generate runs every backend over s in memory.
func Generate(t testing.TB, s *schema.Schema) *pipeline.Outputs {
	t.Helper()
	out, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "scale.md", ImportPath: modulePath})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// modulePath is the module GoModule writes: the package is its root, the
// server package its directory botapiserver.
const modulePath = "example.com/scale"

// GoModule writes the generated Go files, and extra files, into a fresh
// module and runs each go command there ({"build", "./..."}, ...).
func GoModule(t testing.TB, out *pipeline.Outputs, extra map[string][]byte, cmds ...[]string) {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{"go.mod": []byte("module " + modulePath + "\n\ngo 1.26\n")}
	for _, f := range out.Go {
		files[f.Path] = f.Data
	}
	for _, f := range out.Server {
		files[filepath.Join("botapiserver", f.Path)] = f.Data
	}
	for name, data := range extra {
		files[name] = data
	}
	for name, data := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range cmds {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, b)
		}
	}
}
