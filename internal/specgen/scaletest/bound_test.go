package scaletest_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/apigen/apigen/internal/specgen"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// TestDocumentPastTheDefinitionsBoundIsRefusedBeforeGenerating: the bound
// on objects and methods (schema.MaxDefinitions) is what keeps a document
// from asking for more than the generator does in time and memory that
// grow with the document. With 10 000 allowed, the seed multiplied 100
// times (5 500 objects, 5 600 methods) was accepted and took 82 s of CPU
// and 811 MB to generate, five times the cost of 50x: past about 50x the
// outputs held in memory reach the 512 MiB soft limit cmd/apigen sets and
// the collector runs without pause. The largest multiple under the bound
// is accepted; the next is refused by Check, after parsing only, with the
// line of the first object past the bound.
func TestDocumentPastTheDefinitionsBoundIsRefusedBeforeGenerating(t *testing.T) {
	if testing.Short() {
		t.Skip("parses two documents of 50 times the seed")
	}
	one, err := loader.FromSpec(spec.Document(), "scale.md", nil)
	if err != nil {
		t.Fatal(err)
	}
	perCopy := max(len(one.Objects), len(one.Methods))
	under := schema.MaxDefinitions / perCopy
	// 50x was measured to generate within the soft limit (536 MB, 15 s of
	// CPU); docs/input-limits.md has the figures and the command.
	if under > 55 {
		t.Errorf("the bound of %d objects and %d methods accepts the seed multiplied %d times; generating more than about 50x costs more than linear time and memory", schema.MaxDefinitions, schema.MaxDefinitions, under)
	}
	for _, n := range []int{under, under + 1} {
		doc, err := specgen.Multiply(spec.Document(), n)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("scale-%dx.md", n)
		s, err := loader.FromSpec(doc, name, nil)
		switch {
		case n == under && err != nil:
			t.Errorf("%dx (%d objects and methods at most, the bound is %d): %v", n, n*perCopy, schema.MaxDefinitions, err)
		case n == under:
			if len(s.Objects) > schema.MaxDefinitions || len(s.Methods) > schema.MaxDefinitions {
				t.Errorf("%dx: %d objects, %d methods accepted", n, len(s.Objects), len(s.Methods))
			}
		case err == nil:
			t.Errorf("%dx: %d objects, %d methods accepted, the bound is %d", n, len(s.Objects), len(s.Methods), schema.MaxDefinitions)
		case !strings.Contains(err.Error(), name+":") || !strings.Contains(err.Error(), fmt.Sprintf("at most %d are allowed", schema.MaxDefinitions)):
			t.Errorf("%dx: the error should name the document's line and the bound: %v", n, err)
		}
	}
}
