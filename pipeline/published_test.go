package pipeline_test

import (
	"github.com/apigen/apigen/internal/publishedpages"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
)

// TestPublishedPageGeneratesBuildingPackage reads the platform's published
// 9.0 page (beside the checkout in ../shared, never committed), runs every
// backend, writes the Go package into a temporary module and builds and
// vets it: the size apigen has to handle for today's API (260+ objects,
// 150+ methods).
func TestPublishedPageGeneratesBuildingPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 90 000-line package: skipped in -short")
	}
	page := publishedpages.Read(t, "../../shared/spec/published", "bot-api-9.0.html.gz")
	s, err := loader.FromSpec(page, "bot-api-9.0.html", nil)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := pipeline.Generate(s, nil, generators.Options{Package: "botapi", Source: "bot-api-9.0.html"})
	if err != nil {
		t.Fatal(err)
	}
	if len(outs.Docs) == 0 || len(outs.OpenAPI) == 0 {
		t.Errorf("docs %d files, openapi %d files: every backend should write", len(outs.Docs), len(outs.OpenAPI))
	}
	root := t.TempDir()
	if _, err := output.Write(filepath.Join(root, "botapi"), outs.Go); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module published\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"build", "vet"} {
		cmd := exec.Command("go", verb, "./botapi")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", verb, err, out)
		}
	}
}
