package pipeline_test

import (
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// BenchmarkGenerateAll measures a whole run in memory: parse the embedded
// specification, apply the overlay, check the schema, and run every
// registered backend with gofmt formatting of the Go files. Disk is not
// touched. Target: well under 300 ms per run on a 2-core machine.
// (BenchmarkParse, for the parser alone, is in package parser.)
func BenchmarkGenerateAll(b *testing.B) {
	ov, err := schema.ParseOverlay(spec.Overlay())
	if err != nil {
		b.Fatal(err)
	}
	opts := generators.Options{Package: "botapi", Source: spec.DefaultName}
	b.ReportAllocs()
	var files int
	for b.Loop() {
		s, err := loader.FromSpec(spec.Document(), spec.DefaultName, ov)
		if err != nil {
			b.Fatal(err)
		}
		outs, err := pipeline.Generate(s, nil, opts)
		if err != nil {
			b.Fatal(err)
		}
		files = len(outs.Go) + len(outs.Docs) + len(outs.OpenAPI)
	}
	b.ReportMetric(float64(files), "files")
}
