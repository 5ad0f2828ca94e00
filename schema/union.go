package schema

import (
	"slices"
	"strings"
)

// This file holds the rule by which JSON tells the variants of a union of
// objects apart (see Variant), shared by the parser (which records the
// facts), Check (which proves them) and the generators (which decode by
// them).

// IsForm reports whether a variant is a form JSON tells apart by its kind
// alone: a primitive or an array ("a String for plain text, an Array of
// RichText").
func IsForm(v *Variant) bool { return v.Type.IsArray() || IsPrimitive(v.Type.Name) }

// Objects returns the variants of u that are not forms (see IsForm), in
// schema order.
func Objects(u *Union) []*Variant {
	var out []*Variant
	for _, v := range u.Variants {
		if !IsForm(v) {
			out = append(out, v)
		}
	}
	return out
}

// Mixed reports whether u has forms (primitives or arrays) next to two or
// more objects: JSON tells the forms apart by their kind and the objects
// by their members, as in a union of objects alone.
func Mixed(u *Union) bool {
	objs := Objects(u)
	return len(objs) >= 2 && len(objs) < len(u.Variants)
}

// ObjectUnion reports whether every variant of u is an object with fields
// shown (or, for a mixed union, every variant that is no form): JSON tells
// such variants apart by their members.
func (s *Schema) ObjectUnion(u *Union) bool {
	vs := u.Variants
	if Mixed(u) {
		vs = Objects(u)
	}
	for _, v := range vs {
		if v.Type.IsArray() {
			return false
		}
		o := s.Object(v.Type.Name)
		if o == nil || o.Opaque {
			return false
		}
	}
	return len(vs) > 0
}

// FieldGroups returns the groups of variants of an object union that their
// fields must tell apart: all variants when there is no discriminator, else
// each set of two or more variants sharing a tag. Groups keep schema order.
func (s *Schema) FieldGroups(u *Union) [][]*Variant {
	if !s.ObjectUnion(u) {
		return nil
	}
	vs := u.Variants
	if Mixed(u) {
		vs = Objects(u)
	}
	if u.Discriminator == "" {
		return [][]*Variant{vs}
	}
	var out [][]*Variant
	seen := map[string]bool{}
	for _, v := range vs {
		if seen[v.Tag] {
			continue
		}
		seen[v.Tag] = true
		var g []*Variant
		for _, w := range vs {
			if w.Tag == v.Tag {
				g = append(g, w)
			}
		}
		if len(g) > 1 {
			out = append(out, g)
		}
	}
	return out
}

// Group returns the variants of u that JSON must tell v apart from by
// fields (v included), or nil when the tag alone decides.
func (s *Schema) Group(u *Union, v *Variant) []*Variant {
	for _, g := range s.FieldGroups(u) {
		if slices.Contains(g, v) {
			return g
		}
	}
	return nil
}

// Indistinct reports whether no JSON value can tell a from b: the same
// required fields and the same stated constant (or none).
func Indistinct(a, b *Variant) bool {
	ra, rb := slices.Clone(a.Requires), slices.Clone(b.Requires)
	slices.Sort(ra)
	slices.Sort(rb)
	if !slices.Equal(ra, rb) {
		return false
	}
	switch {
	case a.Const == nil && b.Const == nil:
		return true
	case a.Const == nil || b.Const == nil:
		return false
	}
	return *a.Const == *b.Const
}

// TellApart lists, for an error message, the fields only one of a and b
// has ("width (Photo), emoji (Sticker)"), or "" when they have the same
// fields.
func (s *Schema) TellApart(a, b *Object) string {
	var out []string
	only := func(x, y *Object) {
		for _, f := range x.Fields {
			if y.Field(f.Name) == nil {
				out = append(out, f.Name+" ("+x.Name+")")
			}
		}
	}
	only(a, b)
	only(b, a)
	return strings.Join(out, ", ")
}

// VariantKey returns a required field of v that no other variant of its
// group has at all, or "". When every variant of a group has one, the
// first such member in the JSON decides the variant without reading
// further (unless a variant states a constant).
func (s *Schema) VariantKey(u *Union, v *Variant) string {
	group := s.Group(u, v)
	for _, name := range v.Requires {
		unique := true
		for _, w := range group {
			if w == v {
				continue
			}
			if o := s.Object(w.Type.Name); o != nil && o.Field(name) != nil {
				unique = false
			}
		}
		if unique {
			return name
		}
	}
	return ""
}
