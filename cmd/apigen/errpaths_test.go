package main

import (
	"github.com/apigen/apigen/parser"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/spec"
)

// TestInitSpecURL: `apigen init --spec URL` opened the URL as a path. It
// fetches it as generate --spec does, saves the document beside the config
// (named by its version) and names the saved file, so every run reads the
// same document. The server is a loopback stand-in.
func TestInitSpecURL(t *testing.T) {
	html, err := parser.SeedHTML(spec.Document())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(html)
	}))
	defer srv.Close()
	t.Chdir(t.TempDir())
	code, out, errs := runCLI("init", "--spec", srv.URL+"/bots/api")
	if code != 0 {
		t.Fatalf("init: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	saved, err := os.ReadFile("bot-api-5.0.html")
	if err != nil || string(saved) != string(html) {
		t.Fatalf("the fetched page is not saved as bot-api-5.0.html: %v", err)
	}
	cfg, _ := os.ReadFile("apigen.yaml")
	if !strings.Contains(string(cfg), "spec: bot-api-5.0.html") {
		t.Errorf("apigen.yaml does not name the saved page:\n%s", cfg)
	}
	ov, _ := os.ReadFile("overlay.yaml")
	if string(ov) != string(spec.Overlay()) {
		t.Error("the seed fetched by URL did not get its own overlay")
	}
	if code, _, errs := runCLI("generate"); code != 0 {
		t.Fatalf("generate after init --spec URL: exit %d, stderr %q", code, errs)
	}
}

// TestFailingRunSaysOverlay: a run that failed printed no overlay line, so
// whether an overlay was involved was left to guess.
func TestFailingRunSaysOverlay(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("people.html", []byte("<html><body><h1>People</h1><table><tr><th>Name</th><th>Age</th></tr><tr><td>Bob</td><td>42</td></tr></table></body></html>"), 0o644)
	code, _, errs := runCLI("generate", "--spec", "people.html")
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if code != 1 || len(lines) != 2 || !strings.HasPrefix(lines[0], "apigen: overlay: none (the document did not load") || !strings.Contains(lines[1], "not an API reference") {
		t.Errorf("exit %d, stderr %q: want the overlay line, then the one error line", code, errs)
	}
	os.WriteFile("mine.yaml", []byte("document: Demo\nentries: []\n"), 0o644)
	_, _, errs = runCLI("parse", "--spec", "people.html", "--overlay", "mine.yaml")
	if !strings.HasPrefix(errs, "apigen: overlay: none (mine.yaml not applied: the document did not load)") {
		t.Errorf("with --overlay: stderr %q", errs)
	}
}

// TestGenerateOutsideRepoWritesPackageOnly: without apigen.yaml, generate
// --spec wrote apigen's own repository layout (schema/, generated/docs,
// generated/openapi) into the user's module. Outside apigen's repository
// it writes the Go package in ./botapi only, and says so.
func TestGenerateOutsideRepoWritesPackageOnly(t *testing.T) {
	specPath := goldenSpec(t, "docs-basic")
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("go.mod", []byte("module example.com/mybot\n\ngo 1.24\n"), 0o644)
	code, _, errs := runCLI("generate", "--spec", specPath)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	entries, _ := os.ReadDir(".")
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "botapi go.mod" {
		t.Errorf("wrote %s, want botapi only", got)
	}
	if !strings.Contains(errs, "apigen: wrote the Go package botapi in botapi"+string(filepath.Separator)) || !strings.Contains(errs, "--docs DIR") {
		t.Errorf("stderr %q does not say where it wrote and how to get the rest", errs)
	}
	// Asked for, the docs are written.
	if code, _, errs := runCLI("generate", "--spec", specPath, "--docs", "site"); code != 0 {
		t.Fatalf("--docs: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join("site", "reference.md")); err != nil {
		t.Errorf("--docs site: %v", err)
	}
}
