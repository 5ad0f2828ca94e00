package openapicheck

import (
	"bytes"
	"context"
	"os"
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
// export and for every golden case's (golden/openapi-*.txtar, whose
// exports are sections of the archive: a glob for directories found
// none, so that the golden exports went unchecked).
func TestDocumentValidates(t *testing.T) {
	docs := map[string][]byte{}
	for _, name := range []string{"openapi.yaml", "openapi.json"} {
		data, err := os.ReadFile(filepath.Join(exportDir, name))
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Join(exportDir, name)] = data
	}
	golden, err := filepath.Glob("../golden/openapi-*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(golden) == 0 {
		t.Fatal("no golden OpenAPI case (../golden/openapi-*.txtar)")
	}
	for _, path := range golden {
		archive, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"openapi.yaml", "openapi.json"} {
			data := txtarFile(archive, name)
			if data == nil {
				t.Fatalf("%s holds no %s", path, name)
			}
			docs[path+"/"+name] = data
		}
	}
	for name, data := range docs {
		t.Run(name, func(t *testing.T) {
			doc, err := openapi3.NewLoader().LoadFromData(data)
			if err != nil {
				t.Fatalf("kin-openapi cannot load %s: %v", name, err)
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

// txtarFile is the file called name in a txtar archive ("-- name --"
// lines start files), or nil.
func txtarFile(archive []byte, name string) []byte {
	marker := []byte("-- " + name + " --\n")
	i := bytes.Index(archive, marker)
	if i < 0 || (i > 0 && archive[i-1] != '\n') {
		return nil
	}
	rest := archive[i+len(marker):]
	if j := bytes.Index(rest, []byte("\n-- ")); j >= 0 {
		rest = rest[:j+1]
	}
	return rest
}
