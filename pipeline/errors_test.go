package pipeline_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
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
