package resolve_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/parser/internal/facts"
	"github.com/apigen/apigen/parser/internal/grammar"
	"github.com/apigen/apigen/parser/internal/resolve"
)

// kinds states two objects whose field "kind" each states its one value,
// and the union of both listed by a page entry that names no
// discriminator.
func kinds() *facts.Doc {
	d := &facts.Doc{Title: "Shapes"}
	at := facts.Place{Headings: []string{"Types", "Shape"}, Line: 3}
	for i, name := range []string{"Circle", "Square"} {
		o := d.NewObject(name, at.At(10*(i+1)))
		str := grammar.TypeExpr{Alts: []string{"String"}}
		d.AddField(o, "kind", &grammar.Facts{Typ: str, Marker: "Required", FixedValue: map[string]string{"Circle": "circle", "Square": "square"}[name]}, at.At(10*(i+1)+1))
		d.AddField(o, "size", &grammar.Facts{Typ: grammar.TypeExpr{Alts: []string{"Integer"}}, Marker: "Required"}, at.At(10*(i+1)+2))
	}
	d.Unions = append(d.Unions, &facts.Union{Name: "Shape", Place: at, Listed: true, Variants: []facts.Variant{{Type: "Circle"}, {Type: "Square"}}})
	d.Versions = append(d.Versions, &facts.Version{Name: "1.0", Place: at.At(1)})
	return d
}

// TestTagsFromFixedValuesIsTheCoresRule is the defect where the page's
// search for a union's discriminator ran as a callback the page layout
// set inside the core: it is a rule of the core that the page's policy
// turns on, read from facts alone (each field's stated value); the seed's
// policy, whose variant tables name their discriminator, leaves it off.
func TestTagsFromFixedValuesIsTheCoresRule(t *testing.T) {
	s, errs := resolve.Resolve("shapes.html", kinds(), resolve.PagePolicy, nil)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	u := s.Union("Shape")
	if u.Discriminator != "kind" || u.Variants[0].Tag != "circle" || u.Variants[1].Tag != "square" {
		t.Fatalf("union read as discriminator %q, tags %q %q; want kind, circle, square", u.Discriminator, u.Variants[0].Tag, u.Variants[1].Tag)
	}
	if c := s.Object("Square").Field("kind").Constraints; c == nil || c.Fixed != "square" {
		t.Errorf("Square.kind constraints %+v, want fixed square", c)
	}
	if got := s.Object("Circle").Unions; len(got) != 1 || got[0] != "Shape" {
		t.Errorf("Circle's unions %q, want [Shape]", got)
	}
	// Without the rule, the variants are told apart by their fields
	// alone, and the seed refuses two that have the same.
	_, errs = resolve.Resolve("shapes.md", kinds(), resolve.SeedPolicy, nil)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "shapes.md:20: union Shape: variants Circle and Square require the same fields (kind, size)") {
		t.Errorf("under the seed's policy: errors %v, want the one that Circle and Square cannot be told apart", errs)
	}
}

// TestLayoutErrorsKeepTheirLine: an error a layout meets is returned by
// Resolve with the file and its line, and the facts are not resolved.
func TestLayoutErrorsKeepTheirLine(t *testing.T) {
	d := kinds()
	d.NewObject("Circle", facts.Place{Headings: []string{"Types", "Circle"}, Line: 40})
	_, errs := resolve.Resolve("shapes.html", d, resolve.PagePolicy, nil)
	if len(errs) != 1 || errs[0].Error() != "shapes.html:40: object Circle is already defined at line 10" {
		t.Fatalf("errors %v", errs)
	}
}
