package pipeline_test

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
)

func generateDefault(t testing.TB) (*schema.Schema, *pipeline.Outputs) {
	t.Helper()
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	// As apigen generate does: the import path from the go.mod above the output.
	outs, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "bot-api-5.0.md", ImportPath: pipeline.ImportPath(filepath.Join("..", "generated", "botapi"))})
	if err != nil {
		t.Fatal(err)
	}
	return s, outs
}

// TestDeterministic generates twice and compares bytes.
func TestDeterministic(t *testing.T) {
	s1, a := generateDefault(t)
	s2, b := generateDefault(t)
	y1, _ := schema.Marshal(s1)
	y2, _ := schema.Marshal(s2)
	if !bytes.Equal(y1, y2) {
		t.Fatal("schema YAML differs between two runs")
	}
	same := func(x, y []output.File) {
		if len(x) != len(y) {
			t.Fatalf("file count differs: %d vs %d", len(x), len(y))
		}
		for i := range x {
			if x[i].Path != y[i].Path || !bytes.Equal(x[i].Data, y[i].Data) {
				t.Fatalf("%s differs between two runs", x[i].Path)
			}
		}
	}
	same(a.Go, b.Go)
	same(a.Docs, b.Docs)
	same(a.OpenAPI, b.OpenAPI)
}

// TestCommittedOutputUpToDate re-renders the default spec in memory and
// compares it with the committed schema/ and generated/ trees.
func TestCommittedOutputUpToDate(t *testing.T) {
	s, outs := generateDefault(t)
	y, err := schema.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	check := func(path string, want []byte) {
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v (run 'make generate')", path, err)
			return
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run 'make generate' and commit the result", path)
		}
	}
	check("../schema/bot-api-5.0.yaml", y)
	for _, f := range outs.Go {
		check(filepath.Join("../generated/botapi", f.Path), f.Data)
	}
	for _, f := range outs.Server {
		check(filepath.Join("../generated/botapi/botapiserver", f.Path), f.Data)
	}
	for _, f := range outs.Docs {
		check(filepath.Join("../generated/docs", f.Path), f.Data)
	}
	for _, f := range outs.OpenAPI {
		check(filepath.Join("../generated/openapi", f.Path), f.Data)
	}
}

// TestGeneratedGoIsFormatted checks that every generated Go file is already
// gofmt-clean, which is why Generate does not format again.
func TestGeneratedGoIsFormatted(t *testing.T) {
	_, outs := generateDefault(t)
	for _, f := range append(outs.Go, outs.Server...) {
		if filepath.Ext(f.Path) != ".go" {
			continue // the package README
		}
		src, err := format.Source(f.Data)
		if err != nil {
			t.Errorf("%s: not valid Go: %v", f.Path, err)
			continue
		}
		if !bytes.Equal(src, f.Data) {
			t.Errorf("%s is not gofmt-clean", f.Path)
		}
	}
}
