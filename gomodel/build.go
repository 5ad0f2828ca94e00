package gomodel

import (
	"fmt"
	"strings"

	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/schema"
)

// build computes every name and classifies every type.
func (m *Model) build() error {
	s := m.Schema
	// Type names first: every other declaration may refer to them.
	for _, o := range s.Objects {
		n, err := exported(o.Name, "object "+o.Name)
		if err != nil {
			return err
		}
		if err := m.Declare(n, "object "+o.Name); err != nil {
			return err
		}
		m.typeName[o.Name] = n
		st := &Struct{GoName: n, Object: o, Opaque: o.Opaque, Scope: naming.NewScope(StructMethods...)}
		m.objects[o.Name] = st
		m.Objects = append(m.Objects, st)
	}
	for _, u := range s.Unions {
		if isFileUnion(u) {
			// Represented by InputFile itself: no Go declaration.
			m.fileUnions[u.Name] = u
			continue
		}
		n, err := exported(u.Name, "union "+u.Name)
		if err != nil {
			return err
		}
		if err := m.Declare(n, "union "+u.Name); err != nil {
			return err
		}
		m.typeName[u.Name] = n
	}
	for _, e := range s.Enums {
		n, err := exported(e.Name, "enum "+e.Name)
		if err != nil {
			return err
		}
		if err := m.Declare(n, "enum "+e.Name); err != nil {
			return err
		}
		m.typeName[e.Name] = n
	}
	for _, e := range s.Enums {
		if err := m.buildEnum(e); err != nil {
			return err
		}
	}
	for _, u := range s.Unions {
		if m.fileUnions[u.Name] != nil {
			continue
		}
		if err := m.buildUnion(u); err != nil {
			return err
		}
	}
	for _, st := range m.Objects {
		if err := m.buildObject(st); err != nil {
			return err
		}
	}
	for _, u := range m.Unions {
		if err := m.variantTypes(u); err != nil {
			return err
		}
	}
	for _, sm := range s.Methods {
		if err := m.buildMethod(sm); err != nil {
			return err
		}
	}
	if err := m.commonFields(); err != nil {
		return err
	}
	if err := m.stringLists(); err != nil {
		return err
	}
	m.referents()
	m.markUploads()
	m.markSent()
	m.markReceived()
	if err := m.markMissing(); err != nil {
		return err
	}
	m.markUses()
	m.shortConstructors()
	return nil
}

// shortConstructors names the shorter constructors of value-union variants
// after their notes, as Go users expect (telego's tu.ID): every other name
// of the model is declared first, and a short name that is taken is left
// out (the <Union>From<Variant> constructor always exists). Variants
// without a note are named from the fields holding the union
// (heldShortNames).
func (m *Model) shortConstructors() {
	for _, u := range m.Unions {
		if u.Kind != ValueUnion {
			continue
		}
		held, field := m.heldShortNames(u)
		for _, v := range u.Variants {
			n := shortName(v.Schema.Note)
			if v.Schema.Note == "" {
				n = held[v]
				v.ShortField = field
			}
			if n == "" || m.Scope.Declare(n, "short constructor of union "+u.Schema.Name+" variant "+v.Schema.Type.Name) != nil {
				continue
			}
			v.Short = n
		}
	}
}

// shortName derives a constructor name from a variant's note: the phrase
// before the first comma and before " of " (the head noun phrase), with
// "identifier" said as "id": "chat identifier" -> ChatID, "username of a
// channel, in the form @channelusername" -> Username. At most three words;
// a longer phrase is no shorter name.
func shortName(note string) string {
	head, _, _ := strings.Cut(note, ",")
	head, _, _ = strings.Cut(head, " of ")
	words := strings.Fields(strings.ToLower(head))
	if len(words) == 0 || len(words) > 3 {
		return ""
	}
	for i, w := range words {
		if w == "identifier" {
			words[i] = "id"
		}
	}
	n, err := naming.Exported(strings.Join(words, "_"))
	if err != nil {
		return ""
	}
	return n
}

// markUses records where each object is met: the methods returning it and
// the fields and unions holding it.
func (m *Model) markUses() {
	seen := map[*Struct]map[string]bool{}
	hold := func(st *Struct, by string) {
		if seen[st] == nil {
			seen[st] = map[string]bool{}
		}
		if !seen[st][by] {
			seen[st][by] = true
			st.HeldBy = append(st.HeldBy, by)
		}
	}
	for _, st := range m.Objects {
		for _, f := range st.Fields {
			if b := f.Type.Base(); b.Kind == Object {
				hold(b.Struct, st.GoName+"."+f.GoName)
			}
		}
	}
	for _, u := range m.Unions {
		for _, v := range u.Variants {
			if v.Struct != nil {
				hold(v.Struct, u.GoName)
			}
		}
	}
	for _, me := range m.Methods {
		if b := me.Result.Base(); b.Kind == Object {
			b.Struct.ReturnedBy = append(b.Struct.ReturnedBy, me)
		}
	}
}

func (m *Model) buildEnum(e *schema.Enum) error {
	en := &Enum{Schema: e, GoName: m.typeName[e.Name]}
	for _, v := range e.Values {
		label, err := exported(v.Label(), "enum value "+e.Name+"."+v.Label())
		if err != nil {
			return err
		}
		c := en.GoName + label
		if err := m.Declare(c, "enum value "+e.Name+"."+v.Label()); err != nil {
			return err
		}
		en.Consts = append(en.Consts, c)
	}
	en.Intern = "intern" + en.GoName
	if err := m.Declare(en.Intern, "decoder of enum "+e.Name); err != nil {
		return err
	}
	en.Values = en.GoName + "Values"
	if err := m.Declare(en.Values, "values function of enum "+e.Name); err != nil {
		return err
	}
	m.enums[e.Name] = en
	m.Enums = append(m.Enums, en)
	return nil
}

// isFileUnion reports whether u is a union of exactly the variants InputFile
// and String ("InputFile or String"). Such a union has no Go type of its
// own: every value of it is an InputFile, whose Upload form is the InputFile
// variant and whose FileID / FileURL forms are the String variant.
func isFileUnion(u *schema.Union) bool {
	if u == nil || u.Discriminator != "" || len(u.Variants) != 2 {
		return false
	}
	has := map[string]bool{}
	for _, v := range u.Variants {
		if v.Type.IsArray() {
			return false
		}
		has[v.Type.Name] = true
	}
	return has[schema.InputFile] && has[schema.String]
}

func (m *Model) buildUnion(u *schema.Union) error {
	un := &Union{Schema: u, GoName: m.typeName[u.Name]}
	// A mixed union (a String, an Array next to objects) is an interface
	// union of its objects whose forms are named types of their own.
	mixed := schema.Mixed(u)
	variants := u.Variants
	if mixed {
		variants = schema.Objects(u)
	}
	allObjects := true
	for _, v := range variants {
		if v.Type.IsArray() {
			allObjects = false
			continue
		}
		if m.objects[v.Type.Name] == nil {
			allObjects = false
		}
	}
	if mixed && !allObjects {
		return fmt.Errorf("union %s: a variant that is no primitive and no array is not an object", u.Name)
	}
	switch {
	case u.Discriminator != "" && allObjects:
		un.Kind = TaggedUnion
	case allObjects:
		// Told apart by members (schema.Variant: Requires, Const), which
		// Check has proved distinct.
		un.Kind = KeyedUnion
		if !m.Schema.ObjectUnion(u) {
			return fmt.Errorf("union %s: a variant's fields are not shown, so JSON cannot tell the variants apart", u.Name)
		}
	default:
		un.Kind = ValueUnion
		if u.Discriminator != "" {
			return fmt.Errorf("union %s: a discriminator needs object variants", u.Name)
		}
	}
	m.unions[u.Name] = un
	m.Unions = append(m.Unions, un)
	if un.Kind.IsInterface() {
		un.Marker = "is" + un.GoName
		un.Unknown = "Unknown" + un.GoName
		un.Decode = "decode" + un.GoName
		un.DecodeKnown = "decodeKnown" + un.GoName
		un.Encode = "encode" + un.GoName
		for _, n := range []string{un.Unknown, un.Decode, un.DecodeKnown, un.Encode} {
			if err := m.Declare(n, "helper of union "+u.Name); err != nil {
				return err
			}
		}
		if un.Kind == TaggedUnion {
			t, err := exported(u.Discriminator, "discriminator of union "+u.Name)
			if err != nil {
				return err
			}
			if t == "Raw" {
				return fmt.Errorf("union %s: discriminator %q collides with the Raw field of %s", u.Name, u.Discriminator, un.Unknown)
			}
			un.UnknownTag = t
		}
		for _, v := range variants {
			st := m.objects[v.Type.Name]
			st.Members = append(st.Members, un)
			un.Variants = append(un.Variants, &Variant{Schema: v, GoName: st.GoName, Struct: st, Key: m.Schema.VariantKey(u, v)})
		}
		if mixed {
			return m.buildForms(un)
		}
		return nil
	}
	// Value union: a struct with constructors and accessors.
	sc := naming.NewScope(append(append([]string(nil), StructMethods...), "IsSet", "kind")...)
	byJSON := map[string]string{}
	for i, v := range u.Variants {
		vn, err := formName(u, v)
		if err != nil {
			return err
		}
		fn, err := unexported(vn, "variant "+u.Name+"."+v.Type.String())
		if err != nil {
			return err
		}
		kind, err := unexported(un.GoName+"Kind"+vn, "kind of union "+u.Name+" variant "+v.Type.String())
		if err != nil {
			return err
		}
		va := &Variant{Schema: v, GoName: vn, Struct: m.objects[v.Type.Name], Ctor: un.GoName + "From" + vn, As: "As" + vn, Field: fn, Index: i + 1, Kind: kind}
		if _, form, ok := strings.Cut(v.Note, "in the form "); ok && v.Type.Name == schema.String {
			form, _, _ = strings.Cut(form, " ")
			va.Form = strings.TrimRight(form, ".,;)")
		}
		if err := m.Declare(va.Ctor, "constructor of union "+u.Name+" variant "+v.Type.Name); err != nil {
			return err
		}
		if err := m.Declare(va.Kind, "kind constant of union "+u.Name+" variant "+v.Type.Name); err != nil {
			return err
		}
		if err := sc.Declare(va.As, "accessor of union "+u.Name+" variant "+v.Type.Name); err != nil {
			return err
		}
		if err := sc.Declare(va.Field, "field of union "+u.Name+" variant "+v.Type.Name); err != nil {
			return err
		}
		jk := m.jsonKind(v.Type.Name)
		if v.Type.IsArray() {
			jk = "array"
		}
		if jk == "" {
			return fmt.Errorf("union %s: variant %s cannot be told apart in JSON", u.Name, v.Type)
		}
		if prev, ok := byJSON[jk]; ok {
			// A String next to an InputFile is a file_id or URL: the
			// string form decodes as the String variant.
			pair := map[string]bool{prev: true, v.Type.Name: true}
			if !(pair[schema.String] && pair[schema.InputFile]) {
				return fmt.Errorf("union %s: variants %s and %s are both JSON %ss and cannot be told apart", u.Name, prev, v.Type.Name, jk)
			}
		}
		byJSON[jk] = v.Type.Name
		va.JSONKind = jk
		un.Variants = append(un.Variants, va)
	}
	return nil
}

// formName is the Go name of a variant that is a primitive ("String") or an
// array: "Array" when it is the union's only array, else "ArrayOf<Elem>"
// ("ArrayOfArrayOfString").
func formName(u *schema.Union, v *schema.Variant) (string, error) {
	if !v.Type.IsArray() {
		return exported(v.Type.Name, "variant "+u.Name+"."+v.Type.Name)
	}
	arrays := 0
	for _, w := range u.Variants {
		if w.Type.IsArray() {
			arrays++
		}
	}
	if arrays == 1 {
		return "Array", nil
	}
	prefix := ""
	for t := v.Type; t.IsArray(); t = *t.Elem {
		prefix += "ArrayOf"
	}
	base, err := exported(v.Type.Base(), "variant "+u.Name+"."+v.Type.String())
	if err != nil {
		return "", err
	}
	return prefix + base, nil
}

// buildForms names the forms of a mixed interface union: each is a named
// Go type implementing the union, <Union><Primitive> ("RichTextString")
// or <Union>Array (<Union>ArrayOf<Elem> when there are several arrays),
// told apart from the others and from the objects by its JSON kind.
func (m *Model) buildForms(un *Union) error {
	u := un.Schema
	kinds := map[string]string{"object": "the objects"}
	for _, v := range u.Variants {
		if !schema.IsForm(v) {
			continue
		}
		suffix, err := formName(u, v)
		if err != nil {
			return err
		}
		jk := "array"
		if !v.Type.IsArray() {
			jk = m.jsonKind(v.Type.Name)
		}
		if jk == "" || v.Type.Name == schema.InputFile {
			return fmt.Errorf("union %s: variant %s cannot be told apart in JSON", u.Name, v.Type)
		}
		if prev, ok := kinds[jk]; ok {
			return fmt.Errorf("union %s: variant %s and %s are both JSON %ss and cannot be told apart", u.Name, v.Type, prev, jk)
		}
		kinds[jk] = v.Type.String()
		va := &Variant{Schema: v, GoName: un.GoName + suffix, JSONKind: jk}
		if err := m.Declare(va.GoName, "form "+v.Type.String()+" of union "+u.Name); err != nil {
			return err
		}
		un.Forms = append(un.Forms, va)
	}
	return nil
}

// variantTypes fills in the Go types value-union variants are stored as,
// once every object is known.
func (m *Model) variantTypes(u *Union) error {
	if u.Kind.IsInterface() {
		for _, v := range u.Variants {
			v.Type = &Type{Kind: Pointer, Elem: &Type{Kind: Object, Name: v.Struct.GoName, Schema: v.Schema.Type, Struct: v.Struct}, Schema: v.Schema.Type}
		}
		for _, v := range u.Forms {
			t, err := m.typeOf(v.Schema.Type, nil, false, false)
			if err != nil {
				return fmt.Errorf("union %s: %w", u.Schema.Name, err)
			}
			v.Type = t
		}
		return nil
	}
	ident := m.heldByIdentifiers(u.Schema.Name)
	for _, v := range u.Variants {
		if v.Schema.Type.IsArray() {
			t, err := m.typeOf(v.Schema.Type, nil, ident, false)
			if err != nil {
				return fmt.Errorf("union %s: %w", u.Schema.Name, err)
			}
			v.Type = t
			continue
		}
		t, err := m.variantType(v.Schema.Type.Name, ident)
		if err != nil {
			return fmt.Errorf("union %s: %w", u.Schema.Name, err)
		}
		v.Type = t
	}
	return nil
}

// heldByIdentifiers reports whether every field and parameter whose type
// is the union named name (at any array depth) is an identifier
// (isIdentifier): the union's Integer variant then holds that identifier
// and is int64 like the field would be. A newer document spells chat_id
// "Integer or String" inline, without the seed's "may exceed 32 bits".
func (m *Model) heldByIdentifiers(name string) bool {
	held := false
	each := func(fields []*schema.Field) bool {
		for _, f := range fields {
			t := f.Type
			for t.IsArray() {
				t = *t.Elem
			}
			if t.Name != name {
				continue
			}
			if !isIdentifier(f) {
				return false
			}
			held = true
		}
		return true
	}
	for _, o := range m.Schema.Objects {
		if !each(o.Fields) {
			return false
		}
	}
	for _, me := range m.Schema.Methods {
		if !each(me.Params) {
			return false
		}
	}
	return held
}

// jsonKind is the JSON kind a value-union variant is read from ("number",
// "string", "boolean", "object"; "" when it cannot be read).
func (m *Model) jsonKind(name string) string {
	switch name {
	case schema.Integer, schema.Integer64, schema.Float:
		return "number"
	case schema.String, schema.InputFile:
		return "string"
	case schema.Boolean, schema.True:
		return "boolean"
	}
	if m.objects[name] != nil {
		return "object"
	}
	return ""
}

// field builds a struct field in the struct's scope.
func (m *Model) field(sc *naming.Scope, f *schema.Field, what string) (*Field, error) {
	n, err := exported(f.Name, what)
	if err != nil {
		return nil, err
	}
	if err := sc.Declare(n, what); err != nil {
		return nil, err
	}
	ident := isIdentifier(f)
	t, err := m.typeOf(f.Type, f.Constraints, ident, !f.Required)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	fl := &Field{Schema: f, Name: f.Name, GoName: n, Type: t, Key: JSONKey(f.Name), Identifier: ident}
	if b := f.Type.Base(); (b != "" && m.fileUnions[b] != nil) || isAttachString(f.Type, f.Constraints) {
		fl.FileUnion = true
	}
	return fl, nil
}

func (m *Model) buildObject(st *Struct) error {
	o := st.Object
	if o.Opaque {
		return nil
	}
	sc := st.Scope
	var disc string
	for _, un := range st.Members {
		if err := sc.Declare(un.Marker, "marker of union "+un.Schema.Name); err != nil {
			return fmt.Errorf("object %s: %w", o.Name, err)
		}
		if un.Kind == TaggedUnion {
			var tag string
			for _, v := range un.Schema.Variants {
				if v.Type.Name == o.Name {
					tag = v.Tag
				}
			}
			// A variant of several discriminated unions writes one
			// discriminator: they must agree on its name and value.
			if st.Tagged != nil && (disc != un.Schema.Discriminator || st.Tag != tag) {
				return fmt.Errorf("object %s is a variant of discriminated unions %s (%s %q) and %s (%s %q), which disagree on its discriminator", o.Name, st.Tagged.Schema.Name, disc, st.Tag, un.Schema.Name, un.Schema.Discriminator, tag)
			}
			if st.Tagged == nil {
				st.Tagged, disc, st.Tag = un, un.Schema.Discriminator, tag
			}
		}
	}
	for _, f := range o.Fields {
		if disc != "" && f.Name == disc {
			continue // written from the variant's tag
		}
		fl, err := m.field(sc, f, "field "+o.Name+"."+f.Name)
		if err != nil {
			return err
		}
		st.Fields = append(st.Fields, fl)
	}
	if o.StringForm != "" {
		// The string stands for the object's only required String field.
		for _, fl := range st.Fields {
			if fl.Schema.Required && !fl.Schema.Type.IsArray() && fl.Schema.Type.Name == schema.String {
				if st.StringForm != nil {
					return fmt.Errorf("object %s: string form is ambiguous: required String fields %s and %s", o.Name, st.StringForm.Name, fl.Name)
				}
				st.StringForm = fl
			}
		}
		if st.StringForm == nil {
			return fmt.Errorf("object %s: string form needs a required String field", o.Name)
		}
	}
	for _, r := range o.Rules {
		if r.Kind != schema.RuleAtMostOne {
			continue
		}
		if err := m.buildKind(st, r); err != nil {
			return err
		}
	}
	return nil
}

// buildKind adds the kind accessor of an object with an at_most_one rule.
func (m *Model) buildKind(st *Struct, r *schema.Rule) error {
	o := st.Object
	if st.Kind != nil {
		return fmt.Errorf("object %s: two at_most_one rules", o.Name)
	}
	k := &KindAccessor{Rule: r, Method: "Kind", UnknownKey: "UnknownKey", UnknownRaw: "UnknownRaw"}
	st.Kind = k
	for _, n := range []string{k.Method, k.UnknownKey, k.UnknownRaw} {
		if err := st.Scope.Declare(n, "kind accessor of "+o.Name); err != nil {
			return fmt.Errorf("object %s: %w", o.Name, err)
		}
	}
	for _, fn := range r.Fields {
		f := st.Field(fn)
		if f == nil {
			return fmt.Errorf("object %s: at_most_one rule names unknown field %s", o.Name, fn)
		}
		k.Fields = append(k.Fields, f)
	}
	// The enum whose values are exactly those fields' names.
	for _, e := range m.Enums {
		if sameSet(enumValues(e.Schema), r.Fields) {
			k.Enum = e
			break
		}
	}
	// Helpers: a field common to the kinds' objects, named after what it
	// holds ("chat" -> Chat, "from" -> the sender).
	for _, h := range []struct{ method, wire string }{{"Chat", "chat"}, {"Sender", "from"}} {
		ph := &PresentHelper{Method: h.method, Wire: h.wire}
		for _, kf := range k.Fields {
			t := kf.Schema.Type
			ko := m.objects[t.Name]
			if t.IsArray() || ko == nil || ko.Opaque {
				continue
			}
			cf := ko.Object.Field(h.wire)
			if cf == nil || cf.Type.IsArray() || m.objects[cf.Type.Name] == nil {
				continue
			}
			gt := m.typeName[cf.Type.Name]
			if ph.GoType == "" {
				ph.GoType, ph.Struct = gt, m.objects[cf.Type.Name]
			} else if ph.GoType != gt {
				continue
			}
			cn, err := exported(cf.Name, "field "+ko.Object.Name+"."+cf.Name)
			if err != nil {
				return err
			}
			ph.Paths = append(ph.Paths, HelperPath{Kind: kf, Field: &Field{Schema: cf, Name: cf.Name, GoName: cn}, Required: cf.Required})
		}
		if len(ph.Paths) > 0 {
			if err := st.Scope.Declare(ph.Method, "helper of "+o.Name); err != nil {
				return fmt.Errorf("object %s: %w", o.Name, err)
			}
			k.Helpers = append(k.Helpers, ph)
		}
	}
	return nil
}

func (m *Model) buildMethod(sm *schema.Method) error {
	gn, err := exported(sm.Name, "method "+sm.Name)
	if err != nil {
		return err
	}
	me := &Method{Schema: sm, GoName: gn}
	m.methods[sm.Name] = me
	m.Methods = append(m.Methods, me)
	if len(sm.Params) > 0 {
		n := gn + "Params"
		if err := m.Declare(n, "parameters of method "+sm.Name); err != nil {
			return err
		}
		st := &Struct{GoName: n, Method: sm, Scope: naming.NewScope(StructMethods...), Sent: true}
		for _, f := range sm.Params {
			fl, err := m.field(st.Scope, f, "parameter "+sm.Name+"."+f.Name)
			if err != nil {
				return err
			}
			st.Fields = append(st.Fields, fl)
		}
		me.Params = st
		m.Params = append(m.Params, st)
	}
	rt, err := m.typeOf(sm.Returns, nil, false, false)
	if err != nil {
		return fmt.Errorf("method %s: result: %w", sm.Name, err)
	}
	me.Result = rt
	switch {
	case rt.IsTrue():
		// The call's error says it all.
	case rt.Kind == Object:
		me.Return = &Type{Kind: Pointer, Elem: rt, Schema: rt.Schema}
	default:
		me.Return = rt
	}
	return nil
}

// markUploads computes, once, which structs, fields, unions and methods can
// carry an upload: an InputFile reached through fields, array elements and
// union variants, at any depth.
func (m *Model) markUploads() {
	for changed := true; changed; {
		changed = false
		for _, st := range append(append([]*Struct(nil), m.Objects...), m.Params...) {
			for _, f := range st.Fields {
				if !f.Uploads && f.Type.Uploads() {
					f.Uploads = true
					changed = true
				}
				if f.Uploads && !st.Uploads {
					st.Uploads = true
					changed = true
				}
			}
		}
		for _, u := range m.Unions {
			for _, v := range u.Variants {
				if !u.Uploads && v.Type.Uploads() {
					u.Uploads = true
					changed = true
				}
			}
		}
	}
	for _, me := range m.Methods {
		me.Uploads = me.Params != nil && me.Params.Uploads
	}
}

// Uploads reports whether a value of the type can carry an upload (an
// InputFile, at any depth), as markUploads decided.
func (t *Type) Uploads() bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case File:
		return true
	case Pointer, Opt, Slice:
		return t.Elem.Uploads()
	case Object:
		return t.Struct.Uploads
	case Interface, Value:
		return t.Union.Uploads
	}
	return false
}

// markSent marks the objects a client sends: those reachable from some
// parameter through fields, array elements and union variants.
func (m *Model) markSent() {
	var visit func(t *Type)
	visit = func(t *Type) {
		if t == nil {
			return
		}
		switch t.Kind {
		case Pointer, Opt, Slice:
			visit(t.Elem)
		case Object:
			if t.Struct.Sent {
				return
			}
			t.Struct.Sent = true
			for _, f := range t.Struct.Fields {
				visit(f.Type)
			}
		case Interface, Value:
			if t.Union.Sent {
				return
			}
			t.Union.Sent = true
			for _, v := range t.Union.Variants {
				visit(v.Type)
			}
		}
	}
	for _, p := range m.Params {
		for _, f := range p.Fields {
			visit(f.Type)
		}
	}
}

func enumValues(e *schema.Enum) []string {
	var out []string
	for _, v := range e.Values {
		out = append(out, v.Value)
	}
	return out
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]bool{}
	for _, x := range a {
		m[x] = true
	}
	for _, x := range b {
		if !m[x] {
			return false
		}
	}
	return true
}
