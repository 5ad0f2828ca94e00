package docs_test

import (
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/docs"
)

// BenchmarkDocs renders the docs of the default spec (schema already loaded).
func BenchmarkDocs(b *testing.B) {
	s, err := generators.Model(load(b), "botapi", nil)
	if err != nil {
		b.Fatal(err)
	}
	opts := generators.Options{Package: "botapi", Source: "bot-api-5.0.md"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := docs.Generate(s, opts); err != nil {
			b.Fatal(err)
		}
	}
}
