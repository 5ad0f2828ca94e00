package gomodel

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/schema"
)

// TypeKind is the shape of a Go type.
type TypeKind int

const (
	// Scalar: int, int64, float64, string, bool, True or an enum type.
	Scalar TypeKind = iota
	// File: the runtime's InputFile.
	File
	// Object: a struct held by value.
	Object
	// Pointer: a pointer to Elem (an optional object).
	Pointer
	// Interface: an interface union (nil = unset).
	Interface
	// Value: a value union struct (zero = unset).
	Value
	// Opt: the runtime's Opt[Elem] (an optional scalar).
	Opt
	// Slice: []Elem.
	Slice
)

// Type is the Go type of a value: a field, a parameter, a result, a
// variant. Render it with Jen; inspect it with Kind and Elem.
type Type struct {
	Kind TypeKind
	// Name is the Go identifier of Scalar, File, Object, Interface and
	// Value types ("int64", "ParseMode", "Message", "ReplyMarkup").
	Name string
	// Elem is the element of Pointer, Opt and Slice types.
	Elem *Type
	// Schema is the schema type the Go type stands for (file unions
	// resolved to InputFile).
	Schema schema.Type
	// Struct, Union and Enum point at the declaration behind Object and
	// Pointer, Interface and Value, and enum Scalar types.
	Struct *Struct
	Union  *Union
	Enum   *Enum
	// Prim is the Go scalar behind a Scalar type (an enum's is String);
	// NotPrim for every other kind.
	Prim Prim
	// AnyForm (File types) says the value may be any form of InputFile, an
	// Upload, a FileID or a FileURL: the schema's "InputFile or String", or a
	// String that may name an attach:// upload. A plain InputFile (false)
	// must be an Upload.
	AnyForm bool
	// Constraints are the schema's constraints on the value this type is
	// the type of (a field's, an array element's Each), nil when there are
	// none or the type is no field's (results, variants).
	Constraints *schema.Constraints
}

// Prim is the Go scalar a Scalar type is made of. The model decides it
// once, from the schema primitive and the integer-width rule; backends read
// the codec names and zero values from it instead of switching on schema
// primitives.
type Prim int

const (
	NotPrim Prim = iota
	PrimInt
	PrimInt64
	PrimFloat64
	PrimString
	PrimBool
	PrimTrue
)

// prims are the facts of each Prim: its Go type, the runtime's JSON codec
// (jsonWriter and jsonReader methods are named after the Go type, "Str"
// for strings) and text parser (serverParse<Text>), and its zero literal.
var prims = [...]struct {
	goName, json, text string
	zero               func() jen.Code
}{
	PrimInt:     {"int", "Int", "Int", func() jen.Code { return jen.Lit(0) }},
	PrimInt64:   {"int64", "Int64", "Int64", func() jen.Code { return jen.Lit(0) }},
	PrimFloat64: {"float64", "Float64", "Float64", func() jen.Code { return jen.Lit(0) }},
	PrimString:  {"string", "Str", "String", func() jen.Code { return jen.Lit("") }},
	PrimBool:    {"bool", "Bool", "Bool", func() jen.Code { return jen.False() }},
	PrimTrue:    {"True", "True", "True", func() jen.Code { return jen.Id("True").Values() }},
}

// GoName is the Go type of the scalar ("int64"; "True" is the runtime's).
func (p Prim) GoName() string { return prims[p].goName }

// JSON is the jsonWriter / jsonReader method writing and reading the
// scalar ("Int64", "Str", "True"; jsonReader reads True with decodeJSON).
func (p Prim) JSON() string { return prims[p].json }

// Text is the name of the scalar's parser of form text (the runtime's
// serverParse<Text>).
func (p Prim) Text() string { return prims[p].text }

// Zero is the literal of the scalar's zero value.
func (p Prim) Zero() jen.Code { return prims[p].zero() }

// IsInteger reports whether the type is a Go int or int64.
func (t *Type) IsInteger() bool {
	return t.Kind == Scalar && (t.Prim == PrimInt || t.Prim == PrimInt64)
}

// IsTrue reports whether the type is the scalar True (a result that says
// only "it worked").
func (t *Type) IsTrue() bool { return t.Kind == Scalar && t.Prim == PrimTrue }

// Zero is a literal of the type's unset value: 0, "", false, True{},
// InputFile{}, <Union>{} and <Object>{} for values, nil for pointers,
// slices and interface unions, Opt[T]{} for optional scalars.
func (t *Type) Zero() jen.Code {
	switch t.Kind {
	case Scalar:
		return t.Prim.Zero()
	case Pointer, Slice, Interface:
		return jen.Nil()
	}
	return t.Jen().Values()
}

// Conv is the Go conversion a value of the scalar's Go primitive needs to
// become the type (an enum's name), or "" when it is that primitive.
func (t *Type) Conv() string {
	if t.Kind == Scalar && t.Enum != nil {
		return t.Name
	}
	return ""
}

// Jen renders the type as jennifer code (a fresh statement each call).
func (t *Type) Jen() *jen.Statement {
	switch t.Kind {
	case Pointer:
		return jen.Op("*").Add(t.Elem.Jen())
	case Opt:
		return jen.Id("Opt").Types(t.Elem.Jen())
	case Slice:
		return jen.Index().Add(t.Elem.Jen())
	}
	return jen.Id(t.Name)
}

// Qual renders the type as jennifer code in another package that imports
// the generated types package by path: its named types are qualified.
func (t *Type) Qual(path string) *jen.Statement {
	switch t.Kind {
	case Pointer:
		return jen.Op("*").Add(t.Elem.Qual(path))
	case Opt:
		return jen.Qual(path, "Opt").Types(t.Elem.Qual(path))
	case Slice:
		return jen.Index().Add(t.Elem.Qual(path))
	case Scalar:
		if t.Enum == nil && t.Prim != PrimTrue {
			return jen.Id(t.Name) // a predeclared type
		}
	}
	return jen.Qual(path, t.Name)
}

// ZeroQual is Zero in another package that imports the generated types
// package by path (see Qual).
func (t *Type) ZeroQual(path string) jen.Code {
	switch t.Kind {
	case Pointer, Slice, Interface:
		return jen.Nil()
	case Scalar:
		if t.Prim != PrimTrue {
			return t.Prim.Zero()
		}
	}
	return t.Qual(path).Values()
}

// String is the type as Go source ("Opt[int64]", "[]*Message").
func (t *Type) String() string {
	switch t.Kind {
	case Pointer:
		return "*" + t.Elem.String()
	case Opt:
		return "Opt[" + t.Elem.String() + "]"
	case Slice:
		return "[]" + t.Elem.String()
	}
	return t.Name
}

// Base is the innermost non-Slice, non-Opt, non-Pointer type.
func (t *Type) Base() *Type {
	for t.Kind == Slice || t.Kind == Opt || t.Kind == Pointer {
		t = t.Elem
	}
	return t
}

// Nilable reports whether nil is the type's unset value (pointers, slices
// and interface unions).
func (t *Type) Nilable() bool {
	return t.Kind == Pointer || t.Kind == Slice || t.Kind == Interface
}

// HasIsSet reports whether unset is told by an IsSet method (Opt, InputFile
// and value unions).
func (t *Type) HasIsSet() bool {
	return t.Kind == Opt || t.Kind == File || t.Kind == Value
}

// isScalarName reports whether a schema type name is a JSON scalar kind.
func isScalarName(name string) bool {
	switch name {
	case schema.Integer, schema.Integer64, schema.Float, schema.String, schema.Boolean, schema.True:
		return true
	}
	return false
}

// idDescription matches a description that calls an Integer the identifier
// of something ("the id of the first update to return").
var idDescription = regexp.MustCompile(`(?i)\b(the|an?|unique) (id|identifier) of\b`)

// zeroBased matches a description calling an Integer a 0-based position.
var zeroBased = regexp.MustCompile(`(?i)\b0-based\b`)

// isIdentifier is the integer-width rule: an Integer holds an identifier,
// and is int64, when its name is "id" or ends in "_id", or when its
// description says it is the id of something (getUpdates' offset is "the id
// of the first update to return": it holds an update_id, so it has
// update_id's type and needs no conversion). A field whose zero is
// meaningful is never an identifier: identifiers are never 0, so a "*_id"
// Integer whose 0 is a real value is a 0-based index (a poll's
// correct_option_id) and stays int; so is one the description calls
// "0-based", where no overlay marks its zero. Integer64 (the document's "may exceed
// 32 bits") is always int64; every other Integer is int.
func isIdentifier(f *schema.Field) bool {
	if f == nil || f.ZeroMeaningful || strings.Contains(f.Description, "0-") && zeroBased.MatchString(f.Description) {
		return false
	}
	return f.Name == "id" || strings.HasSuffix(f.Name, "_id") || idBeforeOf(f.Description) && idDescription.MatchString(f.Description)
}

// idBeforeOf reports whether d has "id of" or "identifier of", in any
// case: what idDescription needs, found without running it (the
// expressions cost more than the rest of the model on a large page).
func idBeforeOf(d string) bool {
	for i := 2; i+3 <= len(d); i++ {
		if d[i] == ' ' && d[i+1]|0x20 == 'o' && d[i+2]|0x20 == 'f' &&
			(strings.EqualFold(d[i-2:i], "id") || i >= 10 && strings.EqualFold(d[i-10:i], "identifier")) {
			return true
		}
	}
	return false
}

func eachOf(c *schema.Constraints) *schema.Constraints {
	if c == nil {
		return nil
	}
	return c.Each
}

// isAttachString reports whether a value of schema type t with constraints
// c is a String that may name an attach:// upload (constraints.attach): the
// model represents it as a file union, an InputFile of any form.
func isAttachString(t schema.Type, c *schema.Constraints) bool {
	return !t.IsArray() && t.Name == schema.String && c != nil && c.Attach
}

// resolve replaces references to file unions with InputFile, at any array
// depth.
func (m *Model) resolve(t schema.Type) schema.Type {
	if t.IsArray() {
		return schema.ArrayOf(m.resolve(*t.Elem))
	}
	if m.fileUnions[t.Name] != nil {
		return schema.Named(schema.InputFile)
	}
	return t
}

// scalar is the Go type of a required scalar of the schema type named name.
func (m *Model) scalar(name string, c *schema.Constraints, ident bool) *Type {
	t := &Type{Kind: Scalar, Schema: schema.Named(name)}
	switch name {
	case schema.Integer:
		t.Prim = PrimInt
		if ident {
			t.Prim = PrimInt64
		}
	case schema.Integer64:
		t.Prim = PrimInt64
	case schema.Float:
		t.Prim = PrimFloat64
	case schema.String:
		t.Prim = PrimString
	case schema.Boolean:
		t.Prim = PrimBool
	case schema.True:
		t.Prim = PrimTrue
	}
	t.Name = t.Prim.GoName()
	if t.Prim == PrimString && c != nil && c.Enum != "" {
		if e := m.enums[c.Enum]; e != nil {
			t.Name, t.Enum = e.GoName, e
		}
	}
	return t
}

// typeOf is the Go type of a value of schema type t with constraints c
// (generators/CONVENTIONS.md, Types): ident applies the integer-width rule's
// verdict, optional makes scalars Opt[T] and objects pointers. Slices,
// unions and InputFile are their own unset value.
func (m *Model) typeOf(t schema.Type, c *schema.Constraints, ident, optional bool) (*Type, error) {
	if t.IsArray() {
		elem, err := m.typeOf(*t.Elem, eachOf(c), ident, false)
		if err != nil {
			return nil, err
		}
		return &Type{Kind: Slice, Elem: elem, Schema: m.resolve(t), Constraints: c}, nil
	}
	switch {
	case isAttachString(t, c), m.fileUnions[t.Name] != nil:
		// A String that may name an attach:// upload is what an "InputFile
		// or String" is: a file_id, a URL, or an upload the client sends as
		// a part and names "attach://<part>" in its place.
		return &Type{Kind: File, Name: "InputFile", Schema: schema.Named(schema.InputFile), AnyForm: true, Constraints: c}, nil
	case isScalarName(t.Name):
		if c != nil && c.Enum != "" {
			if t.Name != schema.String {
				return nil, fmt.Errorf("enum %s on a %s", c.Enum, t.Name)
			}
			if m.enums[c.Enum] == nil {
				return nil, fmt.Errorf("unknown enum %s", c.Enum)
			}
		}
		st := m.scalar(t.Name, c, ident)
		st.Constraints = c
		if optional {
			return &Type{Kind: Opt, Elem: st, Schema: t, Constraints: c}, nil
		}
		return st, nil
	case t.Name == schema.InputFile:
		return &Type{Kind: File, Name: "InputFile", Schema: t, Constraints: c}, nil
	case m.unions[t.Name] != nil:
		u := m.unions[t.Name]
		k := Value
		if u.Kind.IsInterface() {
			k = Interface
		}
		return &Type{Kind: k, Name: u.GoName, Schema: t, Union: u, Constraints: c}, nil
	case m.objects[t.Name] != nil:
		o := m.objects[t.Name]
		v := &Type{Kind: Object, Name: o.GoName, Schema: t, Struct: o, Constraints: c}
		if optional {
			return &Type{Kind: Pointer, Elem: v, Schema: t, Constraints: c}, nil
		}
		return v, nil
	}
	return nil, fmt.Errorf("unknown type %s", t.Name)
}

// variantType is the Go type a value union stores a variant as: the scalar
// (an Integer is int64 when ident: every holder of the union is an
// identifier), InputFile, or a pointer to the object.
func (m *Model) variantType(name string, ident bool) (*Type, error) {
	switch {
	case name == schema.InputFile:
		return &Type{Kind: File, Name: "InputFile", Schema: schema.Named(name)}, nil
	case isScalarName(name):
		return m.scalar(name, nil, ident), nil
	}
	if o := m.objects[name]; o != nil {
		return &Type{Kind: Pointer, Elem: &Type{Kind: Object, Name: o.GoName, Schema: schema.Named(name), Struct: o}, Schema: schema.Named(name)}, nil
	}
	return nil, fmt.Errorf("unknown variant type %s", name)
}

// FileForms says which forms of InputFile a File value accepts: upload (an
// Upload) and ref (a FileID or a FileURL). A plain InputFile takes uploads
// only. Any form (AnyForm) takes both unless its constraints restrict the
// variants (to InputFile: uploads; to String: references) or say
// upload_only.
func (t *Type) FileForms() (upload, ref bool, err error) {
	if t.Kind != File {
		return false, false, fmt.Errorf("%s is not a file", t)
	}
	if !t.AnyForm {
		return true, false, nil
	}
	c := t.Constraints
	upload, ref = true, true
	if c != nil && len(c.Variants) > 0 {
		upload, ref = false, false
		for _, v := range c.Variants {
			switch v {
			case schema.InputFile:
				upload = true
			case schema.String:
				ref = true
			default:
				return false, false, fmt.Errorf("variant %s is not a variant of %s", v, t.Schema)
			}
		}
	}
	if c != nil && c.UploadOnly {
		ref = false
	}
	if !upload && !ref {
		return false, false, fmt.Errorf("no form of %s is allowed (upload_only with variants [String])", t.Schema)
	}
	return upload, ref, nil
}

// Comparable reports whether Go's == compares values of the type without
// a panic: scalars, pointers, Opt of a comparable type, and objects whose
// fields all are (no slices, no raw JSON). Interface unions are not: an
// Unknown value they may hold carries raw JSON.
func (t *Type) Comparable() bool {
	switch t.Kind {
	case Scalar, Pointer:
		return true
	case Opt:
		return t.Elem.Comparable()
	case Object:
		st := t.Struct
		if st.Opaque || st.Kind != nil {
			return false
		}
		for _, f := range st.Fields {
			if !f.Type.Comparable() {
				return false
			}
		}
		return true
	}
	return false
}
