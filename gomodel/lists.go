package gomodel

import "github.com/apigen/apigen/naming"

// Sole is the one required field of an object with exactly one (an
// InputPollOption's text), or nil: a value of the object is then made
// from that field alone, the others keeping their defaults. An object
// with no field required unconditionally and one required under a
// condition (Field.Conditional: "Required if text_entities is not
// specified") is made from that one, so that a release rewording the
// requirement keeps the helpers built on it. A field holding a variant's
// discriminator counts as required; an opaque object has none.
func (s *Struct) Sole() *Field {
	if s.Object == nil || s.Opaque || s.Tagged != nil {
		return nil
	}
	var sole, cond *Field
	conds := 0
	for _, f := range s.Fields {
		if f.Conditional {
			cond = f
			conds++
		}
		if !f.Required() {
			continue
		}
		if sole != nil {
			return nil
		}
		sole = f
	}
	if sole == nil && conds == 1 {
		return cond
	}
	return sole
}

// StringList is how a parameter that is a list of text values is set from
// plain strings (SendPollParams.WithOptions("3", "4")), the same call at
// every version of the document: where the list is an Array of String the
// strings are the list; where it is an Array of an object whose sole
// required field is a String (an option that later gained formatting), each
// string is wrapped in that object.
type StringList struct {
	// Method is the params struct's method: With<Field>.
	Method string
	// Field is the parameter.
	Field *Field
	// Wrap is the element object (nil: the elements are strings), and
	// Into its field each string sets.
	Wrap *Struct
	Into *Field
}

// isPlainString reports whether t is a string that is no enum.
func isPlainString(t *Type) bool {
	return t.Kind == Scalar && t.Prim == PrimString && t.Enum == nil
}

// stringLists decides the StringList setters of every params struct
// (Struct.Lists). The setter's name is made from the parameter's, after
// the document's names: a parameter spelling it keeps its name, and the
// setter takes one by naming's rule, with a warning.
func (m *Model) stringLists() error {
	for _, p := range m.Params {
		for _, f := range p.Fields {
			if f.Type.Kind != Slice {
				continue
			}
			l := &StringList{Method: "With" + f.GoName, Field: f}
			switch e := f.Type.Elem; {
			case isPlainString(e):
			case e.Kind == Object && e.Struct.Sole() != nil && isPlainString(e.Struct.Sole().Type):
				l.Wrap, l.Into = e.Struct, e.Struct.Sole()
			default:
				continue
			}
			l.Method = m.Made(p.Scope, l.Method, naming.ValueKind, f.Schema.Since, f.Schema.Source, "setter of parameter "+p.Method.Name+"."+f.Name+" from strings")
			p.Lists = append(p.Lists, l)
		}
	}
	return nil
}
