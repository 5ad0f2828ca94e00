package parser

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen/apigen/parser/internal/document"
	"github.com/apigen/apigen/spec"
)

// FuzzParse feeds arbitrary documents to the parser, seeded with the real
// spec and the golden fixtures: it must return a schema or an error, never
// panic. The Markdown and HTML paths are both exercised.
func FuzzParse(f *testing.F) {
	f.Add(spec.Document(), false)
	fixtures, _ := filepath.Glob("../golden/parser/*/spec.md")
	for _, p := range fixtures {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data, false)
		}
	}
	if html, err := document.RenderHTML(spec.Document()); err == nil {
		f.Add(html, true)
	}
	// The published page's layout (a written fragment).
	f.Add([]byte(`<!DOCTYPE html><html><body><h1>T</h1><div id="dev_page_content">
<h3>Recent changes</h3><h4>May 1, 2030</h4><p><strong>Bot API 1.1</strong></p><ul><li>Added the field <em>b</em> to the class <a>A</a>.</li></ul>
<h3>Available types</h3><h4>A</h4><p>An object.</p><table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody><tr><td>type</td><td>String</td><td>Type, always “a”</td></tr><tr><td>b</td><td>Array of Integer</td><td><em>Optional</em>. B, 1-10 characters</td></tr></tbody></table>
<h4>U</h4><p>It can be one of</p><ul><li>A</li><li>A</li></ul><h4>Z</h4><p>Currently holds no information.</p>
<h3>Available methods</h3><h4>getA</h4><p>Returns an Array of A objects.</p><table><thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody><tr><td>c</td><td>Integer or String</td><td>Yes</td><td>Values between 1-100 are accepted. Defaults to 5.</td></tr></tbody></table>
</div></body></html>`), true)
	f.Fuzz(func(t *testing.T, doc []byte, isHTML bool) {
		s, err := Parse(doc, Options{Name: "fuzz.md", HTML: isHTML})
		if err == nil && s == nil {
			t.Fatal("nil schema without an error")
		}
		if err == nil {
			// A parsed schema must survive its own checker without panicking.
			_ = s.Check()
		}
	})
}

// TestUnclaimedBlocksAreErrors proves the completeness self-check: a block
// no handler claims is reported with its line.
func TestUnclaimedBlocksAreErrors(t *testing.T) {
	html, err := document.RenderHTML([]byte("# T\n\n## S\n\n| A | B |\n|---|---|\n| x | y |\n\n- item\n\ntext\n"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := document.ReadTree(html)
	if err != nil {
		t.Fatal(err)
	}
	got := d.Unclaimed()
	if len(got) != 3 {
		t.Fatalf("unclaimed = %q, want the row, the item and the paragraph", got)
	}
	for _, want := range []string{"line 7 (S): table row", "line 9 (S): list item", "line 11 (S): paragraph"} {
		found := false
		for _, g := range got {
			if len(g) >= len(want) && g[:len(want)] == want {
				found = true
			}
		}
		if !found {
			t.Errorf("missing %q in %q", want, got)
		}
	}
}
