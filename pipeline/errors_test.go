package pipeline_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
)

// Issue 26, item 4: a gofmt failure in a backend printed the whole
// generated file to stderr. The error now says where gofmt failed and
// which backend, in one short line.
func TestGofmtFailureDoesNotPrintTheGeneratedFile(t *testing.T) {
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	// Input that no reader lets through (every reader refuses bytes that
	// are not UTF-8), set here to make gofmt fail.
	s.Objects[0].Description = "bad \xff byte"
	backends, err := pipeline.Select("types")
	if err != nil {
		t.Fatal(err)
	}
	_, err = pipeline.Generate(s, backends, generators.Options{Package: "botapi", Source: "spec.md"})
	if err == nil {
		t.Fatal("generated Go with an invalid byte in a comment")
	}
	msg := err.Error()
	if len(msg) > 600 || strings.Count(msg, "\n") > 0 || !strings.HasPrefix(msg, "types: gofmt failed on the generated Go at ") {
		t.Errorf("error (%d bytes):\n%.2000s", len(msg), msg)
	}
}

// TestTwoOutputsInOneDirectoryAreRefused: two outputs given one directory
// (the server package named docs inside --out, where the docs go by
// default, or --openapi naming the package's directory) were both written,
// and each pruned the other's generated files: every run lost some. The
// run is refused before anything is written, naming both outputs.
func TestTwoOutputsInOneDirectoryAreRefused(t *testing.T) {
	file := []output.File{{Path: "a", Data: []byte("x")}}
	outs := &pipeline.Outputs{Go: file, Server: file, Docs: file, OpenAPI: file}
	for _, c := range []struct {
		t    pipeline.Targets
		want string
	}{
		{pipeline.Targets{GoDir: "o", ServerDir: filepath.Join("o", "docs"), DocsDir: "o/docs/", OpenAPIDir: "api"}, "the server package and the docs"},
		{pipeline.Targets{GoDir: "o", ServerDir: "o/s", DocsDir: "d", OpenAPIDir: "./o"}, "the Go package and the OpenAPI export"},
	} {
		_, err := pipeline.Batches(nil, outs, c.t)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "directory") {
			t.Errorf("%+v: %v, want an error naming %s", c.t, err, c.want)
		}
	}
	if _, err := pipeline.Batches(nil, outs, pipeline.Targets{GoDir: "o", ServerDir: "o/s", DocsDir: "o/docs", OpenAPIDir: "o/openapi"}); err != nil {
		t.Errorf("nested directories: %v", err)
	}
}
