package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/config"
	"github.com/apigen/apigen/pipeline"
)

func TestLoadResolvesPathsFromTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, config.FileName)
	os.WriteFile(path, []byte("spec: api.md\noverlay: none\npackage: tg\nout: gen/tg\ndocs: site\n"), 0o644)
	c, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.Spec != filepath.Join(dir, "api.md") || c.Overlay != "none" || c.Package != "tg" || c.Out != filepath.Join(dir, "gen", "tg") || c.DocsDir() != filepath.Join(dir, "site") || c.SchemaFile() != "" {
		t.Errorf("loaded %+v", c)
	}
	// Without out, the package goes beside the file in a directory named
	// after it; docs and schema are off.
	os.WriteFile(path, []byte("package: tg\n"), 0o644)
	if c, err = config.Load(path); err != nil || c.Out != filepath.Join(dir, "tg") || c.DocsDir() != "" || c.SchemaFile() != "" {
		t.Errorf("defaults: %+v %v", c, err)
	}
	// An out equal to the repository default is kept as written.
	os.WriteFile(path, []byte("out: generated/botapi\n"), 0o644)
	if c, err = config.Load(path); err != nil || c.Out != filepath.Join(dir, "generated", "botapi") {
		t.Errorf("out: generated/botapi: %+v %v", c, err)
	}
}

func TestLoadRejectsUnknownKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), config.FileName)
	os.WriteFile(path, []byte("pakage: tg\n"), 0o644)
	if _, err := config.Load(path); err == nil || !strings.Contains(err.Error(), "pakage") || !strings.Contains(err.Error(), "the keys are") {
		t.Errorf("err = %v", err)
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []*config.Config{
		{Package: "9bad", Out: "x"},
		{Package: "type", Out: "x"},
		{Package: "botapi", Out: "x", Spec: "a.md", Schema: "a.yaml"},
	} {
		if err := c.Check(); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
	if err := config.Default().Check(); err != nil {
		t.Errorf("defaults: %v", err)
	}
}

func TestFindWithoutFileIsTheDefault(t *testing.T) {
	c, err := config.Find(t.TempDir())
	if err != nil || c.Out != config.Default().Out || c.File != "" {
		t.Errorf("%+v %v", c, err)
	}
}

func TestInitFiles(t *testing.T) {
	dir := t.TempDir()
	files, err := config.Init(dir, config.InitOptions{Backends: pipeline.Names()})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Path)
		if f.Path == config.FileName && !strings.Contains(string(f.Data), "spec: bot-api-5.0.md\n") {
			t.Errorf("apigen.yaml:\n%s", f.Data)
		}
	}
	if got := strings.Join(names, " "); got != "bot-api-5.0.md overlay.yaml apigen.yaml" {
		t.Errorf("files %s", got)
	}
	// Another document gets an empty overlay for it.
	os.WriteFile(filepath.Join(dir, "other.md"), []byte("# Other API\n\n## Versioning\n\n- Versions listed: 1.0 (May 1, 2020).\n"), 0o644)
	files, err = config.Init(dir, config.InitOptions{Spec: "other.md", Backends: pipeline.Names()})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == config.OverlayFileName && !strings.Contains(string(f.Data), "document: \"Other API\"\nversions: [\"1.0\"]\nentries: []\n") {
			t.Errorf("overlay for another document:\n%s", f.Data)
		}
	}
}

// Issue 24, item 7: config errors spanned lines, named the Go type
// config.Config, lacked apigen.yaml:N, and listed the valid keys even for
// a YAML syntax error. Each problem is now one line "file:N: ...".
func TestConfigErrorsNameTheFileAndLineInTheFilesWords(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, config.FileName)
	for _, c := range []struct{ yaml, want string }{
		{"spec: x.md\nbogus: 1\npackage: [a]\n", path + `:2: unknown key "bogus" (the keys are spec, schema, overlay, package, out, server_package, server_out, docs, openapi, schema_out, backends)` + "\n" + path + ":3: a list where a string is wanted"},
		{"spec: x.md\n  bad: : :\n", path + ":2: mapping values are not allowed in this context (YAML syntax)"},
		{"backends: types\n", path + ":1: a string (types) where a list is wanted"},
	} {
		os.WriteFile(path, []byte(c.yaml), 0o644)
		_, err := config.Load(path)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.yaml, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "config.Config") {
			t.Errorf("names the Go type: %v", err)
		}
	}
}

// The outputs without a place of their own follow the Go package: the
// repository's layout while it is at the layout's place, inside it once it
// moved (cmd/apigen.TestOutMovesTheOpenAPIExport runs the command).
func TestDefaultOutputsFollowOut(t *testing.T) {
	c := config.Default()
	got := []string{c.DocsDir(), c.OpenAPIDir(), c.SchemaFile()}
	want := []string{"generated/docs", "generated/openapi", "schema/bot-api-5.0.yaml"}
	if strings.Join(got, " ") != filepath.FromSlash(strings.Join(want, " ")) {
		t.Errorf("layout: %q, want %q", got, want)
	}
	c.Out = filepath.Join("tmp", "x")
	got = []string{c.DocsDir(), c.OpenAPIDir(), c.SchemaFile()}
	want = []string{"tmp/x/docs", "tmp/x/openapi", "tmp/x/schema/bot-api-5.0.yaml"}
	if strings.Join(got, " ") != filepath.FromSlash(strings.Join(want, " ")) {
		t.Errorf("--out tmp/x: %q, want %q", got, want)
	}
	c.OpenAPI, c.Docs, c.SchemaOut = "api", config.None, config.None
	if c.OpenAPIDir() != "api" || c.DocsDir() != "" || c.SchemaFile() != "" {
		t.Errorf("own places: %q %q %q", c.OpenAPIDir(), c.DocsDir(), c.SchemaFile())
	}
}
