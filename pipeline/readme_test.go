package pipeline_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/pipeline"
)

// declared collects every name the package's Go files declare: top-level
// names, methods, struct fields and interface methods.
func declared(t *testing.T, files []output.File) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if filepath.Ext(f.Path) != ".go" {
			continue
		}
		file, err := parser.ParseFile(fset, f.Path, f.Data, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				names[n.Name.Name] = true
			case *ast.TypeSpec:
				names[n.Name.Name] = true
			case *ast.ValueSpec:
				for _, id := range n.Names {
					names[id.Name] = true
				}
			case *ast.Field:
				for _, id := range n.Names {
					names[id.Name] = true
				}
			}
			return true
		})
	}
	return names
}

var (
	codeBlock  = regexp.MustCompile("(?s)```go\n(.*?)```")
	qualified  = regexp.MustCompile(`\bbotapi\.([A-Z]\w*)`)
	codeSpan   = regexp.MustCompile("`([^`\n]+)`")
	exportedID = regexp.MustCompile(`(^|[^.\w])([A-Z]\w*)`)
)

// readmeNames are the exported identifiers the README names: botapi.X in
// its Go blocks, and names in its code spans, leaving out patterns
// ("*<Method>Params", "Unknown…").
func readmeNames(readme string) []string {
	var out []string
	for _, b := range codeBlock.FindAllStringSubmatch(readme, -1) {
		for _, id := range qualified.FindAllStringSubmatch(b[1], -1) {
			out = append(out, id[1])
		}
	}
	readme = codeBlock.ReplaceAllString(readme, "")
	for _, m := range codeSpan.FindAllStringSubmatch(readme, -1) {
		span := m[1]
		if strings.ContainsAny(span, "<…") {
			continue
		}
		for _, id := range exportedID.FindAllStringSubmatch(span, -1) {
			out = append(out, id[2])
		}
	}
	return out
}

// TestPackageReadmeNamesExist checks that every exported name the generated
// package's README shows is declared by the package, and that it has a
// section for exactly the Go backends that ran, for the whole package and
// for each backend's selection: a README never names something its run did
// not generate (before, --only client described a server it did not write).
func TestPackageReadmeNamesExist(t *testing.T) {
	for _, only := range []string{"", "types", "validate", "client", "server", "dispatch"} {
		readme, files, backends := readmeOf(t, only)
		if readme == "" {
			t.Fatalf("--only %q: no README.md", only)
		}
		names := declared(t, files)
		for _, n := range readmeNames(readme) {
			if !names[n] {
				t.Errorf("--only %q: README.md names %s, which the package does not declare", only, n)
			}
		}
		ran := map[string]bool{}
		for _, b := range backends {
			ran[b.Name] = true
		}
		for name, heading := range map[string]string{"types": "## Types", "validate": "## Validation", "client": "## Client", "server": "## Server", "dispatch": "## Router"} {
			if has := strings.Contains(readme, "\n"+heading+"\n"); has != ran[name] {
				t.Errorf("--only %q: README.md has a %q section: %v, backend %s ran: %v", only, heading, has, name, ran[name])
			}
		}
	}
}

// TestPackageReadmeNamesFindsMissing makes sure the check above can fail.
func TestPackageReadmeNamesFindsMissing(t *testing.T) {
	got := readmeNames("Use `NewClient(token, WithBaseURL(u))`, `*<Method>Params`, `Unknown…` and `c.Updates`.\n\n```go\nr := botapi.NewRouter(x.Y)\n```\n")
	want := []string{"NewRouter", "NewClient", "WithBaseURL"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("got %v, want %v", got, want)
	}
}

// Before the README was split per backend, the client backend wrote all of
// it, so `--only client` described NewServer, which that run did not write,
// and no README mentioned the router.
func TestOnlyClientReadmeDoesNotDescribeServer(t *testing.T) {
	if readme, _, _ := readmeOf(t, "client"); strings.Contains(readme, "NewServer") {
		t.Fatalf("--only client: README.md describes NewServer:\n%s", readme)
	}
}

// readmeOf generates the embedded spec with the backends --only selects:
// the package README ("" when none), the package's files and the backends.
func readmeOf(t *testing.T, only string) (string, []output.File, []generators.Backend) {
	t.Helper()
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	backends, err := pipeline.Select(only)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := pipeline.Generate(s, backends, generators.Options{Package: "botapi", Source: "bot-api-5.0.md", ImportPath: "example.com/bot/botapi"})
	if err != nil {
		t.Fatal(err)
	}
	// The README of the types package describes its server package too.
	files := append(append([]output.File(nil), outs.Go...), outs.Server...)
	for _, f := range outs.Go {
		if f.Path == generators.ReadmeFile {
			return string(f.Data), files, backends
		}
	}
	return "", files, backends
}
