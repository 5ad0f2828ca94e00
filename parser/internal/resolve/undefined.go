package resolve

import (
	"fmt"
	"strings"

	"github.com/apigen/apigen/parser/internal/grammar"
	"github.com/apigen/apigen/schema"
)

// A type the document names but never defines (a link to a section it
// does not have, a type added in the next edit) degrades like the other
// shapes the page does not decide: the name becomes an object without
// fields, which keeps the JSON as received and sends it back byte for
// byte, and one warning per type names every field that uses it. The
// seed's layout, which its author controls, refuses it instead.

// undefinedType is one such type and where it is used.
type undefinedType struct {
	obj  *schema.Object
	uses []string // "Owner.field", in document order of resolution
	// where and line are the heading path and line of its first use.
	where string
	line  int
}

// keepUndefined reports whether name is a type kept as raw JSON because
// the document never defines it, recording pd as a use of it; the first
// use of a name no definition has makes it one.
func (p *core) keepUndefined(name string, pd *pending) bool {
	for _, u := range p.undefined {
		if u.obj.Name == name {
			u.uses = append(u.uses, pd.Owner+"."+pd.Field.Name)
			return true
		}
	}
	if p.knownType(name) || !grammar.IsIdent(name) || !grammar.StartsUpper(name) {
		return false
	}
	src := pd.Field.Source
	if src.Line == 0 {
		src.Line = pd.Line
	}
	o := &schema.Object{Name: name, Opaque: true, Source: src,
		Description: "Named by the document but defined nowhere in it."}
	p.out.Objects = append(p.out.Objects, o)
	p.undefined = append(p.undefined, &undefinedType{obj: o, uses: []string{pd.Owner + "." + pd.Field.Name}, where: pd.Where, line: src.Line})
	return true
}

// warnUndefined gives the one warning of each type kept as raw JSON
// because the document never defines it.
func (p *core) warnUndefined() {
	for _, u := range p.undefined {
		p.warn(Warning{
			Construct: "type " + u.obj.Name, Target: u.obj.Name, Where: u.where, Line: u.line,
			Text: fmt.Sprintf("named by %s but defined nowhere on the page (no entry of that name); kept as raw JSON (an object without fields, its value exactly as received)",
				strings.Join(u.uses, ", ")),
			Settle: "no overlay fact settles it: the page must define " + u.obj.Name + " (an entry of that name with a Field | Type | Description table or a list of the types it can be)",
		})
	}
}
