// Package seedtest holds what backend tests share to run one backend over
// a variant of the seed document: parse it with the embedded overlay,
// change one passage, and read the file the backend wrote.
package seedtest

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// Parse reads doc as the seed document (same name, embedded overlay) and
// returns the checked schema.
func Parse(t testing.TB, doc string) *schema.Schema {
	t.Helper()
	ov, err := schema.ParseOverlay(spec.Overlay())
	if err != nil {
		t.Fatal(err)
	}
	s, err := loader.FromSpec([]byte(doc), spec.DefaultName, ov)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Replace replaces the first old in doc with new; a doc without old fails
// the test, so that a test never silently runs on the unchanged document.
func Replace(t testing.TB, doc, old, new string) string {
	t.Helper()
	if !strings.Contains(doc, old) {
		t.Fatalf("the spec has no %q", old)
	}
	return strings.Replace(doc, old, new, 1)
}

// File runs one backend over s (package botapi) and returns the file it
// wrote at path, or "" when it wrote none.
func File(t testing.TB, s *schema.Schema, generate func(*gomodel.Model, generators.Options) ([]output.File, error), path string) string {
	t.Helper()
	m, err := generators.Model(s, "botapi", nil)
	if err != nil {
		t.Fatal(err)
	}
	files, err := generate(m, generators.Options{Package: "botapi", Source: "spec.md"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == path {
			return string(f.Data)
		}
	}
	return ""
}
