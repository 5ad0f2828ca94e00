package main

import (
	"os"
	"strings"
	"testing"
)

// namingPage is a page fragment written for this test, in the published
// page's layout: an enum whose values differ only in case and a field
// named like one more, so that three names are disambiguated.
const namingPage = `<!DOCTYPE html>
<html><head><title>Naming Bot API</title></head><body>
<div id="dev_page_content">
<h3>Recent changes</h3>
<h4>June 1, 2031</h4>
<p><strong>Bot API 3.0</strong></p>
<ul><li>Added the class <a href="#listitem">ListItem</a>.</li></ul>
<h3>Available types</h3>
<h4>ListItem</h4>
<p>An item of an ordered list.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>id</td><td>Integer</td><td>Identifier of the item</td></tr>
<tr><td>marker</td><td>String</td><td>Marker of the item, must be one of “a” for lowercase letters, “A” for uppercase letters, or “1” for decimal numbers</td></tr>
</tbody></table>
<h3>Available methods</h3>
<h4>getItem</h4>
<p>Use this method to get an item. On success, the <a href="#listitem">ListItem</a> is returned.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>item_id</td><td>Integer</td><td>Yes</td><td>The item</td></tr>
</tbody></table>
</div></body></html>
`

// TestDisambiguatedNameIsAWarning: a name naming's rule had to
// disambiguate is a warning line of parse (with --report too) and of
// generate, naming the construct and its line; --strict refuses it.
func TestDisambiguatedNameIsAWarning(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("naming.html", []byte(namingPage), 0o644); err != nil {
		t.Fatal(err)
	}
	warnings := func(errs string) []string {
		var out []string
		for _, line := range strings.Split(errs, "\n") {
			if strings.HasPrefix(line, "apigen: warning: ") {
				out = append(out, line)
			}
		}
		return out
	}
	for _, args := range [][]string{
		{"parse", "--report", "--spec", "naming.html", "-o", "naming.yaml"},
		{"generate", "--spec", "naming.html", "--out", "botapi", "--docs", "none", "--openapi", "none", "--schema-out", "none"},
	} {
		code, _, errs := runCLI(args...)
		w := warnings(errs)
		if code != 0 || len(w) != 2 {
			t.Fatalf("%s: exit %d, want 0 and two warnings; stderr:\n%s", args[0], code, errs)
		}
		all := strings.Join(w, "\n")
		if args[0] == "parse" && !strings.Contains(errs, "degraded with a warning: 2 constructs") {
			t.Errorf("parse --report does not list the two names with the constructs degraded; stderr:\n%s", errs)
		}
		for _, want := range []string{"naming.html:", "enum value ListItemMarker.a", "ListItemMarkerALower", "enum value ListItemMarker.A", "ListItemMarkerAUpper", "docs/naming.md"} {
			if !strings.Contains(all, want) {
				t.Errorf("%s: warnings do not say %q:\n%s", args[0], want, all)
			}
		}
	}
	for _, args := range [][]string{
		{"parse", "--strict", "--spec", "naming.html", "-o", "strict.yaml"},
		{"generate", "--strict", "--spec", "naming.html", "--out", "strict", "--docs", "none", "--openapi", "none", "--schema-out", "none"},
	} {
		code, _, errs := runCLI(args...)
		if code == 0 || !strings.Contains(errs, "refused under --strict") || !strings.Contains(errs, "ListItemMarker.a") {
			t.Errorf("%s --strict: exit %d, want the names refused; stderr:\n%s", args[0], code, errs)
		}
	}
	for _, p := range []string{"strict.yaml", "strict"} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("--strict wrote %s for a refused page", p)
		}
	}
}
