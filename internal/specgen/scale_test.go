package specgen_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/internal/specgen"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// load parses doc with the embedded overlay, as apigen does for the
// default document.
func load(t testing.TB, doc []byte, name string) *schema.Schema {
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

func generate(t testing.TB, s *schema.Schema) *pipeline.Outputs {
	t.Helper()
	out, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "scale.md"})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// goModule writes the generated Go files (and extra files) into a fresh
// module and runs each go command there.
func goModule(t *testing.T, out *pipeline.Outputs, extra map[string][]byte, cmds ...[]string) {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{"go.mod": []byte("module example.com/scale\n\ngo 1.26\n")}
	for _, f := range out.Go {
		files[f.Path] = f.Data
	}
	for name, data := range extra {
		files[name] = data
	}
	for name, data := range files {
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

// TestMultiplied10xBuildsAndVets generates the package for the 5.0 document
// multiplied ten times and compiles and vets it.
func TestMultiplied10xBuildsAndVets(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a large generated package")
	}
	doc, err := specgen.Multiply(spec.Document(), 10)
	if err != nil {
		t.Fatal(err)
	}
	out := generate(t, load(t, doc, "scale-10x.md"))
	goModule(t, out, nil, []string{"build", "./..."}, []string{"vet", "./..."})
}

// The parse and generate benchmarks at 1x and 10x show that both stay
// roughly linear in the size of the document:
//
//	go test ./internal/specgen/ -run '^$' -bench Scale -benchmem
func BenchmarkScaleParse(b *testing.B) {
	for _, n := range []int{1, 10} {
		doc, err := specgen.Multiply(spec.Document(), n)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%dx", n), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				load(b, doc, "scale.md")
			}
		})
	}
}

func BenchmarkScaleGenerate(b *testing.B) {
	for _, n := range []int{1, 10} {
		doc, err := specgen.Multiply(spec.Document(), n)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%dx", n), func(b *testing.B) {
			b.ReportAllocs()
			var files int
			for b.Loop() {
				out := generate(b, load(b, doc, "scale.md"))
				files = len(out.Go) + len(out.Docs)
			}
			b.ReportMetric(float64(files), "files")
		})
	}
}
