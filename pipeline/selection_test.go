package pipeline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
)

// TestSelectPullsRequirements: --only client selects what the client's
// code calls, in the order of pipeline.Backends.
func TestSelectPullsRequirements(t *testing.T) {
	for only, want := range map[string]string{
		"types":         "types",
		"validate":      "types,validate",
		"client":        "types,validate,client",
		"server":        "types,validate,server",
		"docs":          "docs",
		"server,client": "types,validate,client,server",
		"":              strings.Join(pipeline.Names(), ","),
	} {
		bs, err := pipeline.Select(only)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, b := range bs {
			got = append(got, b.Name)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("Select(%q) = %v, want %s", only, got, want)
		}
	}
	if _, err := pipeline.Select("types,nope"); err == nil || !strings.Contains(err.Error(), "known:") {
		t.Errorf("unknown backend: %v", err)
	}
}

// TestEveryBackendSelectionCompiles generates the default spec with every
// Go backend alone and every pair of them (--only a,b), and builds and vets
// each resulting package: a selection never writes a package that does not
// compile, and no backend emits runtime another one owns.
func TestEveryBackendSelectionCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module per selection")
	}
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	var goNames []string
	for _, b := range pipeline.Backends {
		if b.Kind == generators.GoPackage {
			goNames = append(goNames, b.Name)
		}
	}
	var selections []string
	for i, a := range goNames {
		selections = append(selections, a)
		for _, b := range goNames[i+1:] {
			selections = append(selections, a+","+b)
		}
	}
	root := t.TempDir()
	seen := map[string]string{}
	var pkgs []string
	for _, only := range selections {
		bs, err := pipeline.Select(only)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, b := range bs {
			names = append(names, b.Name)
		}
		key := strings.Join(names, ",")
		if prev, ok := seen[key]; ok {
			t.Logf("--only %s selects the same backends as --only %s (%s)", only, prev, key)
			continue
		}
		seen[key] = only
		dir := "sel_" + strings.ReplaceAll(key, ",", "_")
		outs, err := pipeline.Generate(s, bs, generators.Options{Package: "botapi", Source: "bot-api-5.0.md", ImportPath: "selections/" + dir})
		if err != nil {
			t.Fatalf("--only %s: %v", only, err)
		}
		var files []string
		for _, f := range outs.Go {
			files = append(files, f.Path)
		}
		sort.Strings(files)
		for _, f := range files {
			if strings.HasPrefix(f, "support_") {
				owner := strings.TrimSuffix(strings.TrimPrefix(f, "support_"), "_gen.go")
				if owner == "wire" {
					owner = "server" // the face of the types package its server package uses
				}
				if !strings.Contains(","+key+",", ","+owner+",") {
					t.Errorf("--only %s writes %s, the runtime of a backend it did not select", only, f)
				}
			}
		}
		if _, err := output.Write(filepath.Join(root, dir), outs.Go); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, "./"+dir)
		if len(outs.Server) > 0 {
			if _, err := output.Write(filepath.Join(root, dir, "botapiserver"), outs.Server); err != nil {
				t.Fatal(err)
			}
			pkgs = append(pkgs, "./"+dir+"/botapiserver")
		}
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module selections\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"build", "vet"} {
		cmd := exec.Command("go", append([]string{verb}, pkgs...)...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s %v: %v\n%s", verb, pkgs, err, out)
		}
	}
}
