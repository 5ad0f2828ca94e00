package pipeline_test

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/internal/specgen"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
)

var propertyCases = flag.Int("property.cases", 3, "documents TestCheckedSchemasAlwaysBuildAndVet generates (more for a deeper search)")

// Issue 26: a schema that passes Check always generates a package that
// builds and vets. The documents are random but seeded (the same cases in
// every run; -property.cases=N tries more), small, and in the seed's
// layout; the ones Check refuses (a required cycle) are skipped, and at
// least half must pass Check so that the property is tested at all. All
// cases are packages of one module, built and vetted by one go command.
func TestCheckedSchemasAlwaysBuildAndVet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated packages; skipped with -short")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/property\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for seed := range uint64(*propertyCases) {
		doc := specgen.Random(seed, schema.MaxArrayDepth)
		name := fmt.Sprintf("random%d.md", seed)
		s, err := loader.FromSpec(doc, name, nil)
		if err != nil {
			if strings.Contains(err.Error(), "required fields form a cycle") {
				continue
			}
			t.Fatalf("seed %d: a generated document does not load: %v\n%s", seed, err, doc)
		}
		checked++
		pkg := fmt.Sprintf("p%d", seed)
		outs, err := pipeline.Generate(s, nil, generators.Options{Package: pkg, Source: name, ImportPath: "example.com/property/" + pkg})
		if err != nil {
			t.Fatalf("seed %d: generate: %v\n%s", seed, err, doc)
		}
		if _, err := output.Write(filepath.Join(dir, pkg), outs.Go); err != nil {
			t.Fatal(err)
		}
		if _, err := output.Write(filepath.Join(dir, pkg, pkg+"server"), outs.Server); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, pkg, "spec.md.txt"), doc, 0o644)
	}
	if checked*2 < *propertyCases {
		t.Fatalf("only %d of %d documents passed Check: the generator no longer tests the property", checked, *propertyCases)
	}
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %s: %v\n%s\n(the documents are spec.md.txt in each package of %s)", strings.Join(args, " "), err, out, dir)
		}
	}
}

// Found by TestCheckedSchemasAlwaysBuildAndVet: a field of three or more
// levels of arrays of objects decoded its innermost levels with
// decode<T>ArrayArray, which was emitted only for fields of exactly one or
// two levels, so the package did not build ("undefined:
// decodeThingDArrayArray").
func TestDeepArrayOfObjectsDefinesItsDecoders(t *testing.T) {
	doc := `# Deep arrays

## Resources

### Cell

| Field | Type | Notes |
|---|---|---|
| id | Integer | Required |
| cube | Array of Array of Array of Cell | Optional |

## Endpoints

### Methods

| Method | Parameters | Result |
|---|---|---|
| getCell | none | Cell |

## Versioning

- Versions listed: 1.0 (January 1, 2020).
`
	s, err := loader.FromSpec([]byte(doc), "deep.md", nil)
	if err != nil {
		t.Fatal(err)
	}
	backends, err := pipeline.Select("types")
	if err != nil {
		t.Fatal(err)
	}
	outs, err := pipeline.Generate(s, backends, generators.Options{Package: "deep", Source: "deep.md"})
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range outs.Go {
		all.Write(f.Data)
	}
	src := all.String()
	for _, call := range regexp.MustCompile(`\b(decodeCell\w*)\(r\)`).FindAllStringSubmatch(src, -1) {
		if !strings.Contains(src, "func "+call[1]+"(") {
			t.Errorf("%s is called but not defined", call[1])
		}
	}
}
