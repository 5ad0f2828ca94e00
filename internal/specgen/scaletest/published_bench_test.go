package scaletest_test

import (
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/internal/publishedpages"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/pipeline"
)

// BenchmarkGeneratePublished: the platform's published 9.0 page (beside the
// checkout in ../shared, never committed) -> every output in memory.
func BenchmarkGeneratePublished(b *testing.B) {
	page := publishedpages.Read(b, "../../../../shared/spec/published", "bot-api-9.0.html.gz")
	s, err := loader.FromSpec(page, "bot-api-9.0.html", nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "bot-api-9.0.html"}); err != nil {
			b.Fatal(err)
		}
	}
}
