package gomodel

import (
	"fmt"
	"slices"

	"github.com/apigen/apigen/naming"
)

// Common is a field that every variant of an interface union carries under
// the same wire name with the same Go type: the union offers it as a
// method, so that code holding the union reads it without a type switch
// (the chat of a message that may be inaccessible).
type Common struct {
	// Wire is the field's wire name.
	Wire string
	// Method is the method's name: Get<Field>. A Go struct cannot have a
	// field and a method of one name, and the variants keep their fields.
	Method string
	// Type is the field's Go type, the method's result.
	Type *Type
	// Fields are the field in each variant, in variant order.
	Fields []*Field
	// Union is the union whose variants carry it (the first, for a
	// struct that is a variant of several).
	Union *Union
}

// commonFields decides the common-field methods of every interface union
// (Union.Common) and gives each variant struct the methods it implements
// (Struct.Getters, once per method when a struct is a variant of several
// unions). The method's name is made from the field's, after the
// document's names: a variant whose field spells it keeps the field, and
// the method takes a name by naming's rule, free in every variant, with a
// warning.
func (m *Model) commonFields() error {
	for _, u := range m.Unions {
		if !u.Kind.IsInterface() || len(u.Variants) < 2 || len(u.Forms) > 0 {
			continue // a form (a String, an Array) has no fields
		}
		first := u.Variants[0].Struct
		if first == nil {
			continue
		}
	fields:
		for _, f := range first.Fields {
			c := &Common{Wire: f.Name, Method: "Get" + f.GoName, Type: f.Type, Fields: []*Field{f}, Union: u}
			for _, v := range u.Variants[1:] {
				if v.Struct == nil {
					continue fields
				}
				vf := v.Struct.Field(f.Name)
				if vf == nil || vf.Type.String() != f.Type.String() {
					continue fields
				}
				c.Fields = append(c.Fields, vf)
			}
			u.Common = append(u.Common, c)
		}
		for _, c := range u.Common {
			scopes := make([]*naming.Scope, len(u.Variants))
			for i, v := range u.Variants {
				scopes[i] = v.Struct.Scope
			}
			if !hasGetter(u.Variants, c.Method) {
				c.Method = m.made(naming.Merge(scopes...), c.Method, naming.ValueKind, u.Schema, "method reading the field "+c.Wire+" common to the variants of union "+u.Schema.Name)
			}
			for _, v := range u.Variants {
				if err := v.Struct.addGetter(c); err != nil {
					return fmt.Errorf("union %s: %w", u.Schema.Name, err)
				}
			}
		}
	}
	return nil
}

// hasGetter reports whether every variant has the method reading a common
// field already (from another union with the same field).
func hasGetter(vs []*Variant, method string) bool {
	for _, v := range vs {
		if !slices.ContainsFunc(v.Struct.Getters, func(g *Common) bool { return g.Method == method }) {
			return false
		}
	}
	return true
}

// addGetter gives st the method of c unless it has it already (from
// another union with the same field).
func (st *Struct) addGetter(c *Common) error {
	for _, g := range st.Getters {
		if g.Method == c.Method {
			if g.Type.String() != c.Type.String() {
				return fmt.Errorf("%s.%s returns %s for one union and %s for another", st.GoName, c.Method, g.Type, c.Type)
			}
			return nil
		}
	}
	if err := st.Scope.Declare(c.Method, "method reading the field "+c.Wire+" common to a union's variants"); err != nil {
		return fmt.Errorf("%s: %w", st.GoName, err)
	}
	st.Getters = append(st.Getters, c)
	return nil
}
