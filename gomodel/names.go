package gomodel

import (
	"cmp"
	"slices"

	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/schema"
)

// claim is one name the document decides, waiting for its turn: claims
// are settled age by age (naming's rule), and at each age the types before
// the names made from them (an enum's values, a method's Params), so that
// a name is only ever taken from it by an older declaration or one of its
// own age.
type claim struct {
	since string
	phase int // 0: types; 1: names made from a type's name
	// make builds the claim once the names it is made from are known.
	make func() naming.Claim
	set  func(string)
	src  schema.Source
	// text, when set, says what happened for a warning instead of
	// naming's own words (which speak of Go names).
	text func(naming.Rename) string
}

// packageNames gives the package-level names the document decides: the
// types (objects, unions, enums), the enums' constants, Values and intern
// functions, and the methods' Params structs.
func (m *Model) packageNames() {
	s := m.Schema
	var cs []claim
	for _, o := range s.Objects {
		cs = append(cs, claim{since: o.Since, src: o.Source,
			make: func() naming.Claim { return typeClaim(o.Name, o.Since, "object ") },
			set:  func(n string) { m.typeName[o.Name] = n }})
	}
	for _, u := range s.Unions {
		if isFileUnion(u) {
			continue // represented by InputFile itself: no Go declaration
		}
		cs = append(cs, claim{since: u.Since, src: u.Source,
			make: func() naming.Claim { return typeClaim(u.Name, u.Since, "union ") },
			set:  func(n string) { m.typeName[u.Name] = n }})
	}
	for _, e := range s.Enums {
		since := enumSince(e)
		en := &Enum{Schema: e, Consts: make([]string, len(e.Values))}
		m.enums[e.Name] = en
		m.Enums = append(m.Enums, en)
		cs = append(cs, claim{since: since, src: e.Source,
			make: func() naming.Claim { return typeClaim(e.Name, since, "enum ") },
			set:  func(n string) { m.typeName[e.Name], en.GoName = n, n }})
		derived := func(name func() string, what string, set func(string)) claim {
			return claim{since: since, phase: 1, src: e.Source, set: set, make: func() naming.Claim {
				n := name()
				return naming.Claim{Name: n, Wire: n, Since: since, Kind: naming.ValueKind, What: what + e.Name}
			}}
		}
		cs = append(cs,
			derived(func() string { return en.GoName + "Values" }, "values function of enum ", func(n string) { en.Values = n }),
			derived(func() string { return "intern" + en.GoName }, "decoder of enum ", func(n string) { en.Intern = n }))
		for i, v := range e.Values {
			vs := later(since, v.Since)
			cs = append(cs, claim{since: vs, phase: 1, src: e.Source,
				make: func() naming.Claim {
					return naming.Claim{Name: naming.After(en.GoName, v.Label()), Wire: v.Label(), Since: vs, Kind: naming.ValueKind, What: "enum value " + e.Name + "." + v.Label()}
				},
				set: func(n string) { en.Consts[i] = n }})
		}
	}
	for _, sm := range s.Methods {
		if len(sm.Params) == 0 {
			continue
		}
		cs = append(cs, claim{since: sm.Since, phase: 1, src: sm.Source,
			make: func() naming.Claim {
				return naming.Claim{Name: naming.Exported(sm.Name) + "Params", Wire: sm.Name, Since: sm.Since, Kind: naming.TypeKind, What: "parameters of method " + sm.Name}
			},
			set: func(n string) { m.paramsName[sm.Name] = n }})
	}
	m.settle(m.Scope, cs)
}

// methodNames gives the API methods their Go names, the client's methods,
// in a scope of their own where the client's fields and methods
// (Options.ClientMembers) are kept: every backend declares a method of
// its own type by those names (the client's, the server's interface).
func (m *Model) methodNames() {
	var cs []claim
	for _, sm := range m.Schema.Methods {
		cs = append(cs, claim{since: sm.Since, src: sm.Source,
			make: func() naming.Claim {
				return naming.Claim{Name: naming.Exported(sm.Name), Wire: sm.Name, Since: sm.Since, Kind: naming.MethodKind, What: "method " + sm.Name}
			},
			set: func(n string) { m.methodName[sm.Name] = n }})
	}
	m.settle(naming.NewScope(m.clientMembers...), cs)
}

// settle resolves claims in scope, age by age and phase by phase, and
// keeps a warning for every name that was not the plain one.
func (m *Model) settle(scope *naming.Scope, cs []claim) {
	slices.SortStableFunc(cs, func(a, b claim) int {
		return cmp.Or(naming.CompareVersions(a.since, b.since), cmp.Compare(a.phase, b.phase))
	})
	for len(cs) > 0 {
		n := 1
		for n < len(cs) && cs[n].phase == cs[0].phase && naming.CompareVersions(cs[n].since, cs[0].since) == 0 {
			n++
		}
		group := cs[:n]
		claims := make([]naming.Claim, n)
		for i, c := range group {
			claims[i] = c.make()
		}
		names, renames := scope.Resolve(claims)
		for i, c := range group {
			c.set(names[i])
		}
		for _, r := range renames {
			i := slices.IndexFunc(claims, func(c naming.Claim) bool { return c.What == r.Claim.What })
			src, text := group[i].src, r.Text()
			if group[i].text != nil {
				text = group[i].text(r)
			}
			m.Warnings = append(m.Warnings, schema.Warning{Construct: r.Claim.What, Where: src.Section, Line: src.Line, Text: text, Settle: naming.Settle})
		}
		cs = cs[n:]
	}
}

// made gives a name the model makes from a union's name (its helpers,
// constructors and forms) in scope: the name itself when free, else one
// by naming's rule, with a warning. These names come after the document's
// own, so a type the document adds may take one from them, never the
// reverse.
func (m *Model) made(scope *naming.Scope, name string, kind naming.Kind, u *schema.Union, what string) string {
	return m.Made(scope, name, kind, u.Since, u.Source, what)
}

// Made gives a name the generator makes from the document's names (a
// union's constructors, a setter With<Field>, a builder named after an
// object) in scope, after the document's own: the name itself when free,
// else one by naming's rule (qualified as a name of kind kind), with a
// warning located at src. A backend settles the names it makes with it,
// so that the document's names always win and nothing is refused.
func (m *Model) Made(scope *naming.Scope, name string, kind naming.Kind, since string, src schema.Source, what string) string {
	var got string
	m.settle(scope, []claim{{since: since, src: src, set: func(n string) { got = n },
		make: func() naming.Claim {
			return naming.Claim{Name: name, Wire: name, Since: since, Kind: kind, What: what}
		}}})
	return got
}

// typeClaim is the claim of an object, union or enum named name.
func typeClaim(name, since, kind string) naming.Claim {
	return naming.Claim{Name: naming.Exported(name), Wire: name, Since: since, Kind: naming.TypeKind, What: kind + name}
}

// enumSince is an enum's age: that of its oldest value ("" when one is
// not dated). The schema dates values, not enums.
func enumSince(e *schema.Enum) string {
	since := ""
	for i, v := range e.Values {
		if v.Since == "" {
			return ""
		}
		if i == 0 || naming.CompareVersions(v.Since, since) < 0 {
			since = v.Since
		}
	}
	return since
}

// later is the later of two versions.
func later(a, b string) string {
	if naming.CompareVersions(a, b) < 0 {
		return b
	}
	return a
}

// fieldNames gives a struct's fields their names in its scope (which
// holds its methods already), age by age.
func (m *Model) fieldNames(sc *naming.Scope, fields []*schema.Field, owner string) []string {
	names := make([]string, len(fields))
	cs := make([]claim, len(fields))
	for i, f := range fields {
		cs[i] = claim{since: f.Since, src: f.Source,
			make: func() naming.Claim {
				return naming.Claim{Name: naming.Exported(f.Name), Wire: f.Name, Since: f.Since, Kind: naming.FieldKind, What: owner + "." + f.Name}
			},
			set: func(n string) { names[i] = n }}
	}
	m.settle(sc, cs)
	return names
}
