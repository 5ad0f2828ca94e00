package gomodel

import (
	"fmt"
	"slices"
	"strings"

	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/schema"
)

// build computes every name and classifies every type.
func (m *Model) build() error {
	s := m.Schema
	// Every name the document decides at package level first, by
	// naming's rule: every other declaration may refer to them.
	for _, u := range s.Unions {
		if isFileUnion(u) {
			// Represented by InputFile itself: no Go declaration.
			m.fileUnions[u.Name] = u
		}
	}
	m.packageNames()
	m.exportNames()
	m.operationNames()
	for _, o := range s.Objects {
		n := m.typeName[o.Name]
		st := &Struct{GoName: n, Object: o, Opaque: o.Opaque, Scope: m.structScope()}
		m.objects[o.Name] = st
		m.Objects = append(m.Objects, st)
	}
	m.keepKindMembers()
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
	if err := m.buildKinds(); err != nil {
		return err
	}
	for _, u := range m.Unions {
		if err := m.variantTypes(u); err != nil {
			return err
		}
	}
	m.methodNames()
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
	m.partPrefixes()
	m.markSent()
	m.markReceived()
	if err := m.markMissing(); err != nil {
		return err
	}
	m.markUses()
	m.shortConstructors()
	return nil
}

// keepKindMembers keeps the methods backends add to the objects of an
// update's kinds (Options.KindMembers) in those objects' scopes (the
// objects of the fields of an at_most_one rule), and in the scopes of the
// other variants of every union such an object is a variant of: a union
// may offer a kind object's helpers (a message that may be inaccessible),
// and then every variant declares them. They are kept whether or not the
// union ends up offering them, so that a helper found later never renames
// a field.
func (m *Model) keepKindMembers() {
	if len(m.kindMembers) == 0 {
		return
	}
	kinds := map[string]bool{}
	for _, o := range m.Schema.Objects {
		for _, r := range o.Rules {
			if r.Kind != schema.RuleAtMostOne {
				continue
			}
			for _, fn := range r.Fields {
				if f := o.Field(fn); f != nil && m.objects[f.Type.Base()] != nil {
					kinds[f.Type.Base()] = true
				}
			}
		}
	}
	for _, u := range m.Schema.Unions {
		if !slices.ContainsFunc(u.Variants, func(v *schema.Variant) bool { return kinds[v.Type.Name] }) {
			continue
		}
		for _, v := range u.Variants {
			if m.objects[v.Type.Name] != nil {
				kinds[v.Type.Name] = true
			}
		}
	}
	for _, o := range m.Schema.Objects {
		if kinds[o.Name] {
			m.objects[o.Name].Scope.Keep(m.kindMembers...)
		}
	}
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
	return naming.Exported(strings.Join(words, "_"))
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
		un.Unknown = m.made(m.Scope, "Unknown"+un.GoName, naming.TypeKind, u, "unknown variant of union "+u.Name)
		un.Decode = m.made(m.Scope, "decode"+un.GoName, naming.ValueKind, u, "decoder of union "+u.Name)
		un.DecodeKnown = m.made(m.Scope, "decodeKnown"+un.GoName, naming.ValueKind, u, "known-variant decoder of union "+u.Name)
		un.Encode = m.made(m.Scope, "encode"+un.GoName, naming.ValueKind, u, "encoder of union "+u.Name)
		un.WireDecode = m.made(m.Scope, "WireDecode"+un.GoName, naming.ValueKind, u, "server's decoder of union "+u.Name)
		un.WireEncode = m.made(m.Scope, "WireEncode"+un.GoName, naming.ValueKind, u, "server's encoder of union "+u.Name)
		if un.Kind == TaggedUnion {
			// The tag's field of the unknown variant, beside Raw and the
			// struct's methods, which win (naming's rule 1).
			un.UnknownTag = m.Made(m.structScope("Raw", un.Marker), naming.Exported(u.Discriminator), naming.FieldKind, u.Since, u.Source, "field of "+un.Unknown+" holding the discriminator "+u.Discriminator)
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
	sc := m.structScope("IsSet", "kind")
	byJSON := map[string]string{}
	for i, v := range u.Variants {
		vn, err := formName(u, v)
		if err != nil {
			return err
		}
		what := " of union " + u.Name + " variant " + v.Type.String()
		va := &Variant{Schema: v, GoName: vn, Struct: m.objects[v.Type.Name], Index: i + 1,
			Ctor:  m.made(m.Scope, un.GoName+"From"+vn, naming.ValueKind, u, "constructor"+what),
			Kind:  m.made(m.Scope, naming.Unexported(un.GoName+"Kind"+vn), naming.ValueKind, u, "kind constant"+what),
			As:    m.made(sc, "As"+vn, naming.ValueKind, u, "accessor"+what),
			Field: m.made(sc, naming.Unexported(vn), naming.FieldKind, u, "field"+what)}
		if _, form, ok := strings.Cut(v.Note, "in the form "); ok && v.Type.Name == schema.String {
			form, _, _ = strings.Cut(form, " ")
			va.Form = strings.TrimRight(form, ".,;)")
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
		return naming.Exported(v.Type.Name), nil
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
	return prefix + naming.Exported(v.Type.Base()), nil
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
		va := &Variant{Schema: v, GoName: m.made(m.Scope, un.GoName+suffix, naming.TypeKind, u, "form "+v.Type.String()+" of union "+u.Name), JSONKind: jk}
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

// field builds a struct field named n; rules are the struct's cross-field
// rules.
func (m *Model) field(f *schema.Field, n string, rules []*schema.Rule, what string) (*Field, error) {
	ident := isIdentifier(f)
	cond := conditional(f, rules)
	t, err := m.typeOf(f.Type, f.Constraints, ident, !f.Required && !cond)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	fl := &Field{Schema: f, Name: f.Name, GoName: n, Type: t, Key: JSONKey(f.Name), Identifier: ident, Conditional: cond}
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
	if slices.ContainsFunc(o.Rules, func(r *schema.Rule) bool { return r.Kind == schema.RuleAtMostOne }) {
		sc.Keep(kindAccessorNames[:]...) // buildKind declares them
	}
	var fields []*schema.Field
	for _, f := range o.Fields {
		if disc != "" && f.Name == disc {
			continue // written from the variant's tag
		}
		fields = append(fields, f)
	}
	for i, n := range m.fieldNames(sc, fields, "field "+o.Name) {
		fl, err := m.field(fields[i], n, o.Rules, "field "+o.Name+"."+fields[i].Name)
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
	return nil
}

// buildKinds adds the kind accessors, once every object's fields have
// their Go names: a helper reads a kind object's field by the name it was
// given.
func (m *Model) buildKinds() error {
	for _, st := range m.Objects {
		for _, r := range st.Object.Rules {
			if r.Kind != schema.RuleAtMostOne {
				continue
			}
			if err := m.buildKind(st, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// kindAccessorNames are the methods of the kind accessor (KindAccessor:
// Method, UnknownKey, UnknownRaw) and its helpers (PresentHelper.Method),
// kept from the object's fields whether or not a kind has the helper's
// field, so that a kind added later never renames a field.
var kindAccessorNames = [5]string{"Kind", "UnknownKey", "UnknownRaw", KindHelpers[0], KindHelpers[1]}

// KindHelpers are the names of the kind accessor's helpers: the chat and
// the sender of whichever kind an object holds.
var KindHelpers = [2]string{"Chat", "Sender"}

// buildKind adds the kind accessor of an object with an at_most_one rule.
func (m *Model) buildKind(st *Struct, r *schema.Rule) error {
	o := st.Object
	if st.Kind != nil {
		return fmt.Errorf("object %s: two at_most_one rules", o.Name)
	}
	k := &KindAccessor{Rule: r, Method: kindAccessorNames[0], UnknownKey: kindAccessorNames[1], UnknownRaw: kindAccessorNames[2]}
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
	for _, h := range []struct{ method, wire string }{{kindAccessorNames[3], "chat"}, {kindAccessorNames[4], "from"}} {
		ph := &PresentHelper{Method: h.method, Wire: h.wire}
		for _, kf := range k.Fields {
			t := kf.Schema.Type
			ko := m.objects[t.Name]
			if t.IsArray() || ko == nil || ko.Opaque {
				continue
			}
			cf := ko.Field(h.wire)
			if cf == nil || cf.Schema.Type.IsArray() || m.objects[cf.Schema.Type.Name] == nil {
				continue
			}
			gt := m.typeName[cf.Schema.Type.Name]
			if ph.GoType == "" {
				ph.GoType, ph.Struct = gt, m.objects[cf.Schema.Type.Name]
			} else if ph.GoType != gt {
				continue
			}
			ph.Paths = append(ph.Paths, HelperPath{Kind: kf, Field: cf, Required: cf.Schema.Required})
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
	me := &Method{Schema: sm, GoName: m.methodName[sm.Name]}
	m.methods[sm.Name] = me
	m.Methods = append(m.Methods, me)
	if len(sm.Params) > 0 {
		st := &Struct{GoName: m.paramsName[sm.Name], Method: sm, Scope: m.structScope(), Sent: true}
		for i, n := range m.fieldNames(st.Scope, sm.Params, "parameter "+sm.Name) {
			fl, err := m.field(sm.Params[i], n, sm.Rules, "parameter "+sm.Name+"."+sm.Params[i].Name)
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
	for _, p := range m.Params {
		for _, f := range p.Fields {
			reach(f.Type, func(s *Struct) bool {
				seen := s.Sent
				s.Sent = true
				return !seen
			}, func(u *Union) bool {
				seen := u.Sent
				u.Sent = true
				return !seen
			})
		}
	}
}

// reach walks the objects reachable from t through pointers, options,
// array elements, fields and union variants: enter is called on each
// object and enterUnion on each union, and the walk goes on below only
// where they return true (false for one already seen). enterUnion may be
// nil: every union is entered, and the objects stop the walk.
func reach(t *Type, enter func(*Struct) bool, enterUnion func(*Union) bool) {
	if t == nil {
		return
	}
	switch t.Kind {
	case Pointer, Opt, Slice:
		reach(t.Elem, enter, enterUnion)
	case Object:
		if !enter(t.Struct) {
			return
		}
		for _, f := range t.Struct.Fields {
			reach(f.Type, enter, enterUnion)
		}
	case Interface, Value:
		if enterUnion != nil && !enterUnion(t.Union) {
			return
		}
		for _, v := range t.Union.Variants {
			reach(v.Type, enter, enterUnion)
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
