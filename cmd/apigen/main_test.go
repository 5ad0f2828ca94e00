package main

import (
	"bytes"
	"github.com/apigen/apigen/internal/goldencase"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs apigen in-process and returns its exit status and outputs.
func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// TestVersion: the version comes from the build info (a test binary is a
// working copy: "(devel)", with the Go version).
func TestVersion(t *testing.T) {
	code, out, errs := runCLI("version")
	if code != 0 || !strings.HasPrefix(out, "apigen (devel)") || !strings.Contains(out, "go1.") || errs != "" {
		t.Fatalf("version: %d %q %q", code, out, errs)
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		code, out, _ := runCLI(args...)
		if code != 0 || !strings.Contains(out, "apigen diff OLD NEW") {
			t.Errorf("%v: exit %d, output %q", args, code, out)
		}
	}
	for cmd := range commands {
		for _, args := range [][]string{{cmd, "--help"}, {cmd, "-h"}, {"help", cmd}} {
			code, out, errs := runCLI(args...)
			if code != 0 || !strings.HasPrefix(out, "Usage: apigen "+cmd) || errs != "" {
				t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
			}
		}
	}
}

// TestUsageErrors: command-line mistakes exit 2 with one "apigen:" line and
// a pointer to the help.
func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"help", "frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"generate", "--bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"generate", "extra"}, `generate takes no arguments, got "extra"`},
		{[]string{"generate", "--only", "nosuch"}, `unknown backend "nosuch"`},
		{[]string{"docs", "extra"}, `docs takes no arguments`},
		{[]string{"check"}, "check takes one schema file"},
		{[]string{"diff", "a.md"}, "diff takes two files"},
		{[]string{"version", "x"}, "version takes no arguments"},
	} {
		code, out, errs := runCLI(tc.args...)
		lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		if code != 2 || out != "" || len(lines) != 2 || !strings.HasPrefix(lines[0], "apigen: ") ||
			!strings.Contains(lines[0], tc.msg) || !strings.HasPrefix(lines[1], "Run 'apigen ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tc.args, code, out, errs)
		}
	}
	code, _, errs := runCLI()
	if code != 2 || !strings.Contains(errs, "no command given") {
		t.Errorf("no args: exit %d, stderr %q", code, errs)
	}
}

// TestErrors: a bad input exits 1 with "apigen:" lines only.
func TestErrors(t *testing.T) {
	code, out, errs := runCLI("check", filepath.Join(t.TempDir(), "missing.yaml"))
	if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "apigen: ") {
		t.Errorf("check missing: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, _, errs = runCLI("docs", "--spec", filepath.Join(t.TempDir(), "missing.md"))
	if code != 1 || !strings.HasPrefix(errs, "apigen: ") {
		t.Errorf("docs missing spec: exit %d, stderr %q", code, errs)
	}
}

func TestCheck(t *testing.T) {
	code, out, errs := runCLI("check", filepath.Join(repoRoot(t), "schema", "bot-api-5.0.yaml"))
	if code != 0 || !strings.Contains(out, ": ok (version ") || errs != "" {
		t.Errorf("check: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestDiffGolden runs apigen diff on the embedded spec and the modified copy
// and compares with the golden changelog of package schemadiff.
func TestDiffGolden(t *testing.T) {
	t.Chdir(repoRoot(t))
	code, out, errs := runCLI("diff", "spec/bot-api-5.0.md", "schemadiff/testdata/modified.md")
	if code != 1 || errs != "apigen: the embedded overlay fits spec/bot-api-5.0.md only; both sides are compared without it (--overlay FILE applies one overlay to both)\n" {
		t.Fatalf("diff: exit %d (want 1), stderr %q", code, errs)
	}
	want, err := os.ReadFile("schemadiff/testdata/spec-vs-modified.txt")
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("diff output differs from schemadiff/testdata/spec-vs-modified.txt:\n%s", out)
	}
	code, out, _ = runCLI("diff", "-q", "spec/bot-api-5.0.md", "schemadiff/testdata/modified.md")
	if code != 1 || out != "spec/bot-api-5.0.md and schemadiff/testdata/modified.md differ\n" {
		t.Errorf("diff -q: exit %d, %q", code, out)
	}
}

func TestDiffExitStatus(t *testing.T) {
	root := repoRoot(t)
	specPath := filepath.Join(root, "spec", "bot-api-5.0.md")
	code, out, _ := runCLI("diff", specPath, specPath)
	if code != 0 || !strings.HasSuffix(out, "No changes.\n") {
		t.Errorf("same spec: exit %d, %q", code, out)
	}
	code, out, _ = runCLI("diff", "-q", specPath, specPath)
	if code != 0 || out != "" {
		t.Errorf("same spec -q: exit %d, %q", code, out)
	}
	// A schema against itself, and trouble (exit 2) for missing or unknown inputs.
	yamlPath := filepath.Join(root, "schema", "bot-api-5.0.yaml")
	if code, _, _ := runCLI("diff", yamlPath, yamlPath); code != 0 {
		t.Errorf("same schema: exit %d", code)
	}
	for _, args := range [][]string{
		{"diff", specPath, filepath.Join(t.TempDir(), "missing.md")},
		{"diff", specPath, "notes.txt"},
	} {
		code, out, errs := runCLI(args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "apigen: ") {
			t.Errorf("%v: exit %d (want 2), stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// TestDocsCommand writes only the docs, only where --out says.
func TestDocsCommand(t *testing.T) {
	specPath := goldenSpec(t, "docs-basic")
	dir := t.TempDir()
	t.Chdir(dir)
	code, out, errs := runCLI("docs", "--spec", specPath, "--out", "site")
	if code != 0 || out != "" || !onlyOverlayLine(errs) {
		t.Fatalf("docs: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, f := range []string{"index.html", "reference.md", "style.css", "search.js", "search-index.js"} {
		if _, err := os.Stat(filepath.Join("site", f)); err != nil {
			t.Error(err)
		}
	}
	entries, _ := os.ReadDir(".")
	if len(entries) != 1 {
		t.Errorf("docs wrote more than --out: %v", entries)
	}
	gofiles, _ := filepath.Glob("site/*.go")
	if len(gofiles) > 0 {
		t.Errorf("docs wrote Go files: %v", gofiles)
	}
}

// TestGenerateNoDocs is the go:generate form: only the Go package, only
// under --out.
func TestGenerateNoDocs(t *testing.T) {
	specPath := goldenSpec(t, "docs-basic")
	t.Chdir(t.TempDir())
	os.WriteFile("go.mod", []byte("module example.com/bot\n\ngo 1.24\n"), 0o644) // go:generate runs in a module
	code, out, errs := runCLI("generate", "--spec", specPath, "--out", "./botapi", "--package", "botapi", "--docs", "none", "--openapi", "none", "--schema-out", "none")
	if code != 0 || out != "" || !onlyOverlayLine(errs) {
		t.Fatalf("generate: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	entries, _ := os.ReadDir(".")
	for _, e := range entries {
		if e.Name() != "botapi" && e.Name() != "go.mod" {
			t.Errorf("generate wrote %s outside --out", e.Name())
		}
	}
	files, _ := filepath.Glob("botapi/*")
	for _, f := range files {
		// The package's own README belongs to the package, not the docs.
		if filepath.Ext(f) != ".go" && filepath.Base(f) != "README.md" && f != filepath.Join("botapi", "botapiserver") {
			t.Errorf("--docs none still wrote %s", f)
		}
	}
	if _, err := os.Stat("botapi/botapiserver/server_gen.go"); err != nil {
		t.Errorf("no server package beside the package: %v", err)
	}
}

// The server package imports the generated package by its import path,
// which only a module gives: outside one, a run of every backend writes
// the rest, leaves the server out and says so; asked for, it fails.
func TestGenerateOutsideModuleLeavesServerOut(t *testing.T) {
	t.Chdir(t.TempDir())
	code, _, errs := runCLI("generate", "--out", "botapi", "--docs", "none", "--openapi", "none", "--schema-out", "none")
	if code != 0 || !strings.Contains(errs, "apigen: server: not generated: botapi is in no Go module") {
		t.Fatalf("generate: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat("botapi/client_gen.go"); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat("botapi/botapiserver"); err == nil {
		t.Error("a server package was written outside a module")
	}
	if _, err := os.Stat("botapi/wire_gen.go"); err == nil {
		t.Error("the wire face was written without the server")
	}
	code, _, errs = runCLI("generate", "--out", "botapi", "--docs", "none", "--openapi", "none", "--schema-out", "none", "--only", "server")
	if code != 1 || !strings.Contains(errs, "go.mod") {
		t.Errorf("--only server outside a module: exit %d, stderr %q", code, errs)
	}
}

// goldenSpec writes the spec.md of a golden case archive to a temporary
// file and returns its path (taken before the test changes directory).
func goldenSpec(t *testing.T, name string) string {
	t.Helper()
	data, err := goldencase.File(filepath.Join(repoRoot(t), "golden", name+".txtar"), "spec.md")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "spec.md")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGenerateOnlyOpenAPI: --only openapi writes the OpenAPI document and
// the JSON Schema bundle under --openapi and nothing else.
func TestGenerateOnlyOpenAPI(t *testing.T) {
	specPath := goldenSpec(t, "openapi-basic")
	t.Chdir(t.TempDir())
	code, out, errs := runCLI("generate", "--spec", specPath, "--only", "openapi", "--openapi", "./oa", "--schema-out", "none")
	if code != 0 || out != "" || !onlyOverlayLine(errs) {
		t.Fatalf("generate: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	var got []string
	filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			got = append(got, filepath.ToSlash(p))
		}
		return nil
	})
	if strings.Join(got, " ") != "oa/openapi.json oa/openapi.yaml oa/schema.json" {
		t.Fatalf("wrote %v", got)
	}
}

// onlyOverlayLine reports whether stderr holds nothing but the line that
// says which overlay applied.
func onlyOverlayLine(errs string) bool {
	return strings.HasPrefix(errs, "apigen: overlay: ") && strings.Count(errs, "\n") == 1
}

// Issue 21: which overlay applied (or why none did) was never said, so a
// document that lost its overlay changed the generated types in silence.
func TestGenerateAndParseSayWhichOverlayApplied(t *testing.T) {
	specPath := goldenSpec(t, "docs-basic")
	t.Chdir(t.TempDir())
	code, _, errs := runCLI("parse", "-o", "seed.yaml")
	if code != 0 || errs != "apigen: overlay: embedded overlay.yaml, written for \"Bot Messaging HTTP API Specification\" 5.0: 2 facts\n" {
		t.Errorf("parse of the seed: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCLI("generate", "--spec", specPath, "--out", "botapi", "--docs", "none", "--openapi", "none", "--schema-out", "none")
	if code != 0 || !strings.HasPrefix(errs, "apigen: overlay: none (the embedded overlay.yaml is written for") {
		t.Errorf("generate of another document: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCLI("parse", "--spec", specPath, "--overlay", "none", "-o", "x.yaml")
	if code != 0 || errs != "apigen: overlay: none (--overlay none)\n" {
		t.Errorf("parse --overlay none: exit %d, stderr %q", code, errs)
	}
}

// Issue 24, item 8: `apigen parse -o /dev/null` was refused ("not a
// regular file").
func TestParseToDevNull(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip("no " + os.DevNull)
	}
	t.Chdir(t.TempDir())
	if code, out, errs := runCLI("parse", "-o", os.DevNull); code != 0 || out != "" || !onlyOverlayLine(errs) {
		t.Errorf("parse -o %s: exit %d, stdout %q, stderr %q", os.DevNull, code, out, errs)
	}
}
