package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pageFragment is a two-entry page in the layout of the platform's
// published reference page, written for this test.
const pageFragment = `<!DOCTYPE html><html><body><h1>Demo Bot API</h1><div id="dev_page_content">
<h3>Recent changes</h3><h4>May 1, 2030</h4><p><strong>Bot API 1.1</strong></p>
<ul><li>Added the method <a href="#getpal">getPal</a>.</li><li>Made everything faster.</li></ul>
<h3>Making requests</h3><p>All queries must be made using UTF-8.</p>
<h3>Available types</h3><h4>Pal</h4><p>A pal.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody><tr><td>id</td><td>Integer</td><td>Identifier</td></tr></tbody></table>
<h3>Available methods</h3><h4>getPal</h4><p>Returns a <a href="#pal">Pal</a> object.</p>
</div></body></html>`

// TestParsePublishedPageReport: apigen parse reads a published page with
// no flag for its layout, and --report lists what it kept as text only.
func TestParsePublishedPageReport(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "demo.html")
	if err := os.WriteFile(spec, []byte(pageFragment), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("parse", "--spec", spec, "--report", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "name: getPal") || !strings.Contains(out, `version: "1.1"`) {
		t.Errorf("schema:\n%s", out)
	}
	for _, want := range []string{"kept as text, no schema fact", "prose", "[change]: Made everything faster."} {
		if !strings.Contains(errs, want) {
			t.Errorf("report lacks %q:\n%s", want, errs)
		}
	}
	code, _, errs = runCLI("parse", "--spec", spec, "-o", "-")
	if code != 0 || strings.Contains(errs, "kept as text") {
		t.Errorf("without --report: exit %d, stderr %q", code, errs)
	}
}
