package specgen_test

import (
	"testing"

	"github.com/apigen/apigen/internal/specgen"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/spec"
)

// TestMultiplyScalesEveryCount parses the 5.0 document multiplied by 1, 2
// and 3: objects, fields, discriminated unions, methods and parameters grow
// n times; what the copies share (shorthand groups, the conventions' unions)
// does not.
func TestMultiplyScalesEveryCount(t *testing.T) {
	one, err := loader.FromSpec(spec.Document(), spec.DefaultName, nil)
	if err != nil {
		t.Fatal(err)
	}
	base := one.Count()
	for _, n := range []int{1, 2, 3} {
		doc, err := specgen.Multiply(spec.Document(), n)
		if err != nil {
			t.Fatal(err)
		}
		s, err := loader.FromSpec(doc, "multiplied.md", nil)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		got := s.Count()
		check := func(what string, got, want int) {
			t.Helper()
			if got != want {
				t.Errorf("n=%d: %s = %d, want %d", n, what, got, want)
			}
		}
		check("objects", got.Objects, n*base.Objects)
		check("opaque objects", got.OpaqueObjects, n*base.OpaqueObjects)
		check("fields", got.Fields, n*base.Fields)
		check("methods", got.Methods, n*base.Methods)
		check("params", got.Params, n*base.Params)
		check("shorthands", got.Shorthands, base.Shorthands)
		t.Logf("n=%d: %+v", n, got)
	}
}

func TestMultiplyRejectsBadInput(t *testing.T) {
	if _, err := specgen.Multiply(spec.Document(), 0); err == nil {
		t.Error("n=0 must be an error")
	}
	if _, err := specgen.Multiply([]byte("# Title\n\nno chapters\n"), 2); err == nil {
		t.Error("a document without Resources and Endpoints must be an error")
	}
}
