package parser_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/parser"
)

// TestHTMLSeedReadByThePagesReader is the defect where a document in the
// seed's layout given as HTML went through two HTML readers (the page's, to
// tell the layout, then another with other rules): the second dropped what
// the first reads, such as an emoji written as an image with its character
// as alt text, the way the published page writes them. One reader reads
// both layouts: the seed's table cell keeps the emoji, and its containers
// (main, div) are read through.
func TestHTMLSeedReadByThePagesReader(t *testing.T) {
	html := `<!DOCTYPE html>
<html><body><main><div>
<h1>Dice API</h1>
<h2>Resources</h2>
<h3>Roll</h3>
<table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead>
<tbody>
<tr><td>id</td><td>Integer</td><td>Required</td></tr>
<tr><td>emoji</td><td>String</td><td>Required. One of “<img alt="🎲" src="d.png">”, “<img alt="🎯" src="t.png">”</td></tr>
</tbody></table>
<h2>Versioning</h2>
<ul><li>Versions listed: 1.0 (May 1, 2020).</li></ul>
</div></main></body></html>`
	s, err := parser.Parse([]byte(html), parser.Options{Name: "dice.html", HTML: true})
	if err != nil {
		t.Fatal(err)
	}
	f := s.Object("Roll").Field("emoji")
	if f == nil || f.Constraints == nil || s.Enum(f.Constraints.Enum) == nil {
		t.Fatalf("Roll.emoji read as %+v: want an enum of the two emoji", f)
	}
	var vals []string
	for _, v := range s.Enum(f.Constraints.Enum).Values {
		vals = append(vals, v.Value)
	}
	if strings.Join(vals, " ") != "🎲 🎯" {
		t.Errorf("values %q, want 🎲 🎯", vals)
	}
}
