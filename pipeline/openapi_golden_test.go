package pipeline_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/openapi"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
)

// openapiCasePrefix marks golden cases of the OpenAPI export: each holds
// spec.md and only the export's expected files under openapi/ (no
// schema.yaml, Go or docs), so that a change elsewhere does not touch them.
const openapiCasePrefix = "openapi-"

func isOpenAPICase(name string) bool { return strings.HasPrefix(name, openapiCasePrefix) }

func TestGoldenOpenAPI(t *testing.T) {
	entries, err := os.ReadDir(goldenRoot)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		dir := filepath.Join(goldenRoot, e.Name())
		if !e.IsDir() || !isOpenAPICase(e.Name()) || !exists(filepath.Join(dir, "spec.md")) {
			continue
		}
		n++
		t.Run(e.Name(), func(t *testing.T) { runOpenAPICase(t, dir) })
	}
	if n == 0 {
		t.Fatalf("no %s* case under %s", openapiCasePrefix, goldenRoot)
	}
}

func runOpenAPICase(t *testing.T, dir string) {
	src, err := os.ReadFile(filepath.Join(dir, "spec.md"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := loader.FromSpec(src, "spec.md", nil)
	if err != nil {
		t.Fatal(err)
	}
	backends, err := generators.Select(openapi.Name)
	if err != nil {
		t.Fatal(err)
	}
	run := func() *pipeline.Outputs {
		outs, err := pipeline.Generate(s, backends, generators.Options{Package: "botapi", Source: "spec.md"})
		if err != nil {
			t.Fatal(err)
		}
		if len(outs.Go) != 0 || len(outs.Docs) != 0 || len(outs.OpenAPI) == 0 {
			t.Fatalf("--only openapi gave %d Go, %d docs and %d OpenAPI files", len(outs.Go), len(outs.Docs), len(outs.OpenAPI))
		}
		return outs
	}
	outs := run()
	// Determinism: a second run gives the same bytes.
	for i, f := range run().OpenAPI {
		if f.Path != outs.OpenAPI[i].Path || !bytes.Equal(f.Data, outs.OpenAPI[i].Data) {
			t.Fatalf("%s differs between two runs", f.Path)
		}
	}
	root := filepath.Join(dir, "openapi")
	if *update {
		os.RemoveAll(root)
		if _, err := output.Write(root, outs.OpenAPI); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := map[string][]byte{}
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(root, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		want[e.Name()] = data
	}
	got := map[string][]byte{}
	for _, f := range outs.OpenAPI {
		got[f.Path] = f.Data
	}
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
			t.Errorf("openapi/%s: expected file not produced (run 'make golden' if the change is intended)", n)
		case !inWant:
			t.Errorf("openapi/%s: produced but not in golden files (run 'make golden' if the change is intended)", n)
		case !bytes.Equal(w, g):
			t.Errorf("openapi/%s differs from golden file (run 'make golden' if the change is intended):\n%s", n, firstDiff(w, g))
		}
	}
}
