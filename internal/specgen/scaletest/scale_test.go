package scaletest_test

import (
	"fmt"
	"testing"

	"github.com/apigen/apigen/internal/specgen"
	"github.com/apigen/apigen/internal/specgen/specgentest"
	"github.com/apigen/apigen/spec"
)

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
	out := specgentest.Generate(t, specgentest.Load(t, doc, "scale-10x.md"))
	specgentest.GoModule(t, out, nil, []string{"build", "./..."}, []string{"vet", "./..."})
}

func multiplied(b *testing.B, n int) []byte {
	doc, err := specgen.Multiply(spec.Document(), n)
	if err != nil {
		b.Fatal(err)
	}
	return doc
}

// BenchmarkScaleParse: document -> checked schema (parse, overlay, Check).
func BenchmarkScaleParse(b *testing.B) {
	for _, n := range []int{1, 10} {
		doc := multiplied(b, n)
		b.Run(fmt.Sprintf("%dx", n), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				specgentest.Load(b, doc, "scale.md")
			}
		})
	}
}

// BenchmarkScaleGenerate: document -> every output in memory.
func BenchmarkScaleGenerate(b *testing.B) {
	for _, n := range []int{1, 10} {
		doc := multiplied(b, n)
		b.Run(fmt.Sprintf("%dx", n), func(b *testing.B) {
			b.ReportAllocs()
			var files, bytes int
			for b.Loop() {
				out := specgentest.Generate(b, specgentest.Load(b, doc, "scale.md"))
				files, bytes = len(out.Go)+len(out.Docs), 0
				for _, f := range out.Go {
					bytes += len(f.Data)
				}
			}
			b.ReportMetric(float64(files), "files")
			b.ReportMetric(float64(bytes), "Go-bytes")
		})
	}
}
