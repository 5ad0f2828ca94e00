package openapicheck

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// exportDir is the committed export of the default spec.
const exportDir = "../generated/openapi"

func loadDoc(t testing.TB, name string) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(filepath.Join(exportDir, name))
	if err != nil {
		t.Fatalf("kin-openapi cannot load %s: %v", name, err)
	}
	return doc
}

// TestDocumentValidates: kin-openapi loads openapi.yaml and openapi.json
// as OpenAPI 3.1 and its validator finds no error, for the default spec's
// export and for every golden case's.
func TestDocumentValidates(t *testing.T) {
	golden, err := filepath.Glob("../golden/openapi-*/openapi")
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, dir := range append([]string{exportDir}, golden...) {
		paths = append(paths, filepath.Join(dir, "openapi.yaml"), filepath.Join(dir, "openapi.json"))
	}
	for _, path := range paths {
		name := path
		t.Run(name, func(t *testing.T) {
			loader := openapi3.NewLoader()
			doc, err := loader.LoadFromFile(path)
			if err != nil {
				t.Fatalf("kin-openapi cannot load %s: %v", path, err)
			}
			if !doc.IsOpenAPI31OrLater() {
				t.Fatalf("%s is OpenAPI %s, want 3.1", name, doc.OpenAPI)
			}
			if err := doc.Validate(context.Background(), openapi3.EnableSchemaPatternValidation()); err != nil {
				t.Fatalf("kin-openapi: %s is not a valid OpenAPI 3.1 document:\n%v", name, err)
			}
		})
	}
}
