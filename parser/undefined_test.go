package parser_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/apigen/apigen/parser"
)

// palWithAccent is a fragment of our own in the page's layout: Pal names a
// type, PalAccent, that no entry of the page defines (a link to a section
// the page does not have, a type added in the next edit), once as a field
// and once, as an array, as a parameter of a method.
const palWithAccent = `<h3>Available types</h3>
<h4>Pal</h4>
<p>This object represents a pal.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>id</td><td>Integer</td><td>Identifier of the pal</td></tr>
<tr><td>accent</td><td><a href="#palaccent">PalAccent</a></td><td><em>Optional</em>. The colours the pal's profile is shown in</td></tr>
</tbody></table>
<h3>Available methods</h3>
<h4>setPalAccents</h4>
<p>Use this method to set the accents a pal may choose from. Returns <em>True</em> on success.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>pal_id</td><td>Integer</td><td>Yes</td><td>Identifier of the pal</td></tr>
<tr><td>accents</td><td>Array of <a href="#palaccent">PalAccent</a></td><td>Yes</td><td>The accents to offer</td></tr>
</tbody></table>
`

// TestUndefinedTypeDegrades is the defect where a page naming a type it
// never defines was refused ("Pal.accent: unknown type \"PalAccent\""),
// although the degrade policy keeps every other shape the page does not
// decide. The type is kept as raw JSON (an object without fields, like an
// entry with neither table nor list), every use of it reads that object,
// one warning names the type, the line of its first use and its heading,
// and Strict refuses the page for it.
func TestUndefinedTypeDegrades(t *testing.T) {
	rep := &parser.Report{}
	s := parsePage(t, palWithAccent, rep)
	o := s.Object("PalAccent")
	if o == nil || !o.Opaque || len(o.Fields) != 0 {
		t.Fatalf("PalAccent read as %+v, want an object kept as raw JSON", o)
	}
	if f := s.Object("Pal").Field("accent"); f == nil || f.Type.String() != "PalAccent" || f.Required {
		t.Errorf("Pal.accent read as %+v, want an optional PalAccent", f)
	}
	if m := s.Method("setPalAccents"); m == nil || len(m.Params) != 2 || m.Params[1].Type.String() != "Array of PalAccent" {
		t.Errorf("setPalAccents read as %+v, want accents an Array of PalAccent", m)
	}
	if len(rep.Warnings) != 1 {
		t.Fatalf("warnings %v, want one for PalAccent", rep.Warnings)
	}
	w := rep.Warnings[0]
	if w.Construct != "type PalAccent" || w.Target != "PalAccent" || w.Line == 0 || w.Where != "Available types / Pal" || w.Settle == "" {
		t.Errorf("warning %+v, want one naming type PalAccent, its first use's heading and line, and what settles it", w)
	}
	if !strings.Contains(w.Text, "Pal.accent") || !strings.Contains(w.Text, "setPalAccents.accents") || !strings.Contains(w.Text, "raw JSON") {
		t.Errorf("warning text %q: want every use named and what was kept", w.Text)
	}
	_, err := parser.Parse(page(recent+palWithAccent), parser.Options{Name: "demo.html", Strict: true})
	if err == nil || !strings.Contains(err.Error(), "type PalAccent") || !strings.Contains(err.Error(), "--strict") {
		t.Errorf("under Strict: %v, want the page refused for type PalAccent", err)
	} else if !strings.Contains(err.Error(), "demo.html:"+strconv.Itoa(w.Line)+":") {
		t.Errorf("under Strict: %v, want the line of the first use (%d)", err, w.Line)
	}
}

// TestUndefinedTypeInSeedIsAnError: the seed's layout, which its author
// controls, still refuses a type it never defines, naming the line.
func TestUndefinedTypeInSeedIsAnError(t *testing.T) {
	md := "# Fixture\n\n## Resources\n\n### Thing\n\n| Field | Type | Notes |\n|---|---|---|\n| id | Integer | Required |\n| color | Colour | Optional |\n\n## Versioning\n\n- Versions listed: 1.0 (May 1, 2020).\n"
	_, err := parser.Parse([]byte(md), parser.Options{Name: "spec.md"})
	if err == nil || !strings.Contains(err.Error(), `spec.md:10: Thing.color: unknown type "Colour"`) {
		t.Errorf("error %v, want the unknown type refused at its line", err)
	}
}
