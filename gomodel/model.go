// Package gomodel is the Go view of a checked schema, computed once per run
// and read by every backend (types, validate, client, server, docs, …).
//
// It decides, in one place, what the generated package declares: the Go
// name of every object, field, union, variant, enum value, params struct and
// method; the Go type shape of every value (value, Opt[T], pointer, slice,
// named type, interface); the kind of every union (interface, discriminated,
// value, file); the shared helper names backends call each other's code by
// (decode<Union>, Unknown<Union>, intern<Enum>, …); and facts such as "can
// carry an upload" and "a client sends it". Backends never re-derive these
// and never read another backend's output.
//
// Like protogen's Message/Field tree, the model keeps the schema's order
// (slices, never maps while emitting) and points back at the schema node
// every declaration came from, for its source location and doc text.
package gomodel

import (
	"strconv"

	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/schema"
)

// Model is the Go view of one schema.
type Model struct {
	Schema *schema.Schema
	// Package is the generated package's name.
	Package string
	// Scope holds every package-level name of the generated package: the
	// runtime's, the model's, and whatever backends declare through
	// Declare. The names the document decides are given by naming's rule
	// (never refused; Warnings lists those that were disambiguated); a
	// name a backend makes from them and finds taken is an error.
	Scope *naming.Scope
	// Warnings are the names that had to be disambiguated (naming's rule)
	// and the helpers of the bot library the model cannot derive for this
	// document although an earlier version may have had them (a reply that
	// no longer quotes): one warning each, which the commands print and
	// --strict refuses, like the reader's, rather than a silent change.
	Warnings []schema.Warning

	// Objects are the object structs in schema order.
	Objects []*Struct
	// Params are the method parameter structs in method order (methods
	// without parameters have none).
	Params []*Struct
	// Unions are the unions with a Go type of their own, in schema order
	// (file unions are represented by InputFile and are not listed).
	Unions []*Union
	// Enums are the enums in schema order.
	Enums []*Enum
	// Methods are the API methods in schema order.
	Methods []*Method
	// BaseURL and FileURL are the client's default addresses
	// (DefaultBaseURL, DefaultFileURL): the service's as the document
	// states them, "" where it states none (the seed: {base_url}).
	// FileURL is "" too when it is BaseURL + "/file", the address the
	// client derives from any base URL: then a local server's base URL
	// (WithBaseURL, or DefaultBaseURL set by hand) serves the files too.
	BaseURL, FileURL string

	quoteWarned   map[string]int // noQuote's warnings by object, parameter and reason
	members       []string
	kindMembers   []string
	clientMembers []string
	typeName      map[string]string
	paramsName    map[string]string
	objects       map[string]*Struct
	unions        map[string]*Union
	fileUnions    map[string]*schema.Union
	enums         map[string]*Enum
	methods       map[string]*Method
	methodName    map[string]string
	exportName    map[string]string
	operation     map[string]string
	exports       Exports
}

// Options configure Build.
type Options struct {
	// Package is the generated package's name (default "botapi").
	Package string
	// Reserved are package-level names taken before the model declares
	// anything: the runtime's identifiers and imported package names.
	Reserved []string
	// Own are the names backends declare whatever the document says
	// (generators.Backend.Reserves): reserved like Reserved, and each
	// declared once by its backend through Declare.
	Own []string
	// Members are the methods backends add to structs whatever the
	// document says (generators.Backend.Members): kept in every struct's
	// scope, so that a field never takes one.
	Members []string
	// KindMembers are the methods backends add to the objects of an
	// update's kinds (generators.Backend.KindMembers): kept in those
	// objects' scopes only.
	KindMembers []string
	// ClientMembers are the fields and methods of the client whatever the
	// document says (the runtime's Client, and those backends add:
	// generators.Backend.ClientMembers): kept in the API methods' scope,
	// so that an API method never takes one.
	ClientMembers []string
	// Exports are the names the exports (generators.Backend.Exports)
	// declare whatever the document says, and the forms of those they
	// make from the document's: settled with the document's names where
	// names are told apart without case (ExportName, Operation).
	Exports Exports
}

// Build computes the Go view of a checked schema.
func Build(s *schema.Schema, opts Options) (*Model, error) {
	pkg := opts.Package
	if pkg == "" {
		pkg = "botapi"
	}
	m := &Model{
		Schema:     s,
		Package:    pkg,
		Scope:      naming.NewScope(opts.Reserved...),
		typeName:   map[string]string{},
		paramsName: map[string]string{},
		objects:    map[string]*Struct{},
		unions:     map[string]*Union{},
		fileUnions: map[string]*schema.Union{},
		enums:      map[string]*Enum{},
		methods:    map[string]*Method{},
		methodName: map[string]string{},
		exportName: map[string]string{},
		operation:  map[string]string{},
		exports:    opts.Exports,
	}
	m.Scope.Keep(opts.Own...)
	m.members, m.kindMembers, m.clientMembers = opts.Members, opts.KindMembers, opts.ClientMembers
	if err := m.build(); err != nil {
		return nil, err
	}
	if s.Service != nil {
		m.BaseURL, m.FileURL = s.Service.BaseURL, s.Service.FileURL
		if m.FileURL == m.BaseURL+"/file" {
			m.FileURL = ""
		}
	}
	return m, nil
}

// Declare takes a package-level name for a backend's own declaration
// (what describes it in collision errors): one the backend reserved
// (Options.Own), once, or a free one.
func (m *Model) Declare(goName, what string) error { return m.Scope.Declare(goName, what) }

// structScope is a new struct's scope: the methods every struct has, and
// those backends add (Options.Members) kept for them.
func (m *Model) structScope(extra ...string) *naming.Scope {
	sc := naming.NewScope(append(append([]string(nil), StructMethods...), extra...)...)
	sc.Keep(m.members...)
	return sc
}

// Object returns the struct of the schema object named name, or nil.
func (m *Model) Object(name string) *Struct { return m.objects[name] }

// Union returns the union named name, or nil (also for file unions).
func (m *Model) Union(name string) *Union { return m.unions[name] }

// Enum returns the enum named name, or nil.
func (m *Model) Enum(name string) *Enum { return m.enums[name] }

// Method returns the method named name, or nil.
func (m *Model) Method(name string) *Method { return m.methods[name] }

// IsFileUnion reports whether the schema type named name is an "InputFile
// or String" union, represented by InputFile itself.
func (m *Model) IsFileUnion(name string) bool { return m.fileUnions[name] != nil }

// GoName is the Go type name of a schema object, union or enum ("" for
// anything else).
func (m *Model) GoName(schemaName string) string { return m.typeName[schemaName] }

// Struct is a generated struct: an object or a method's parameters.
type Struct struct {
	GoName string
	// Object is the schema object (nil for params).
	Object *schema.Object
	// Method is the method whose parameters these are (nil for objects).
	Method *schema.Method
	// Opaque objects keep their raw JSON; they have no fields.
	Opaque bool
	Fields []*Field
	// Members are the interface unions this object is a variant of; the
	// object's pointer type implements each of them.
	Members []*Union
	// Tagged is the discriminated union this object is a variant of (its
	// discriminator is not a field; encoding writes Tag).
	Tagged *Union
	Tag    string
	// StringForm is the field a plain JSON string decodes into.
	StringForm *Field
	// Kind is set on an object with an at_most_one rule (Update).
	Kind *KindAccessor
	// Uploads reports whether a value of this struct can carry an upload
	// (an InputFile, at any depth).
	Uploads bool
	// Sent reports whether a client sends values of this struct: it is a
	// params struct, or an object reachable from some parameter.
	Sent bool
	// Received reports whether a client receives values of this struct:
	// it is reachable from some method's result.
	Received bool
	// Tracked are the required fields whose presence a decoder checks, in
	// bit order: the first 64 (a decoder's bit set is a uint64).
	Tracked []*Field
	// Missing is set on an object a client can receive (or that nothing
	// sends) with required fields: how a value read from received data
	// keeps which of them were absent, so that re-encoding it writes what
	// was received and invents no zero value.
	Missing *Missing
	// Scope holds the struct's field and method names.
	Scope *naming.Scope
	// ReturnedBy are the methods whose result is (or is an array of) this
	// object, and HeldBy the Go fields ("Message.From") and unions that
	// hold it, in schema order: where a reader meets the type.
	ReturnedBy []*Method
	HeldBy     []string
	// Getters are the methods of the interface unions' common fields this
	// variant implements (see Common), in union order.
	Getters []*Common
	// Referent is set on the object of a kind of an update: what replies
	// and answers read from it.
	Referent *Referent
	// Lists are a params struct's setters of text lists from plain
	// strings (see StringList), in field order.
	Lists []*StringList
}

// Source is where the struct's schema node came from.
func (s *Struct) Source() schema.Source {
	if s.Object != nil {
		return s.Object.Source
	}
	return s.Method.Source
}

// Ref is the struct's place in the document: "Ref: section S, line N" (an
// empty string when the schema does not know it).
func (s *Struct) Ref() string { return Ref(s.Source()) }

// Ref words a source location for doc comments. The document is named once,
// in the file's "source:" line, so that the same document gives the same
// output however its file is named.
func Ref(src schema.Source) string {
	if src.Section == "" && src.Line == 0 {
		return ""
	}
	r := "Ref:"
	if src.Section != "" {
		r += " section " + strconv.Quote(src.Section)
	}
	if src.Line > 0 {
		if src.Section != "" {
			r += ","
		}
		r += " line " + strconv.Itoa(src.Line)
	}
	return r + "."
}

// Field returns the field with wire name wire, or nil.
func (s *Struct) Field(wire string) *Field {
	for _, f := range s.Fields {
		if f.Name == wire {
			return f
		}
	}
	return nil
}

// Field is a struct field (an object field or a parameter).
type Field struct {
	// Schema is the schema's field. A field typed with a file union keeps
	// the schema's view here; Type says InputFile.
	Schema *schema.Field
	// Name is the wire name.
	Name string
	// GoName is the Go field name.
	GoName string
	// Type is the Go type of the field (Opt[T] when optional and scalar).
	Type *Type
	// FileUnion: the schema types the field "InputFile or String" (any of
	// Upload, FileID, FileURL); a plain InputFile must be an Upload.
	FileUnion bool
	// Key is the pre-encoded member name `"wire":` when wire needs no
	// escaping, else "".
	Key string
	// Uploads reports whether the field's value can carry an upload.
	Uploads bool
	// Identifier is the integer-width rule's verdict (isIdentifier): the
	// field holds an identifier of something.
	Identifier bool
	// Conditional: the field is optional but required under a condition
	// (a required_if rule or a one_of group) and its zero value is no
	// value anyone sends, so it has the Go type of a required field (see
	// conditional.go): its zero value means unset; encoders omit it, the
	// validator checks it only when set and enforces the condition.
	Conditional bool
}

// OmitZero reports whether the field's unset value is its type's zero
// value though the type has no unset of its own (a Conditional scalar):
// encoders skip it when zero, and presence is "not zero".
func (f *Field) OmitZero() bool { return f.Conditional }

// Required reports whether the field is required.
func (f *Field) Required() bool { return f.Schema.Required }

// SchemaType is the field's schema type with file unions resolved to
// InputFile.
func (f *Field) SchemaType() schema.Type { return f.Type.Schema }

// Constraints are the field's constraints (nil when none).
func (f *Field) Constraints() *schema.Constraints { return f.Schema.Constraints }

// KindAccessor is the Kind() method of an object with an at_most_one rule
// over its optional fields (Update): which member is present, plus the
// unknown member kept for kinds newer than the package.
type KindAccessor struct {
	Rule       *schema.Rule
	Fields     []*Field
	Enum       *Enum // the enum whose values are exactly the fields' names (may be nil)
	Method     string
	UnknownKey string
	UnknownRaw string
	Helpers    []*PresentHelper
}

// PresentHelper is a method returning a field common to the kinds' objects
// ("chat", "from").
type PresentHelper struct {
	Method string
	Wire   string
	// GoType is the Go name of the object returned as a pointer, and
	// Struct that object.
	GoType string
	Struct *Struct
	Paths  []HelperPath
}

// HelperPath is one kind that has the common field.
type HelperPath struct {
	Kind     *Field
	Field    *Field // the common field in the kind's object
	Required bool   // the common field is a required value (take its address)
}

// UnionKind is how a union is represented in Go.
type UnionKind int

const (
	// KeyedUnion: objects told apart by a key field; a Go interface.
	KeyedUnion UnionKind = iota
	// TaggedUnion: objects with a discriminator; a Go interface.
	TaggedUnion
	// ValueUnion: at least one primitive variant; a struct with
	// constructors and accessors.
	ValueUnion
)

// IsInterface reports whether the union is a Go interface.
func (k UnionKind) IsInterface() bool { return k == KeyedUnion || k == TaggedUnion }

// Union is a union with a Go type of its own.
type Union struct {
	Schema *schema.Union
	GoName string
	Kind   UnionKind
	// Interface unions: the marker method, the unknown-variant type, its
	// discriminator field (tagged only), and the package-level decoder and
	// encoder functions.
	Marker     string
	Unknown    string
	UnknownTag string
	Decode     string
	Encode     string
	// DecodeKnown reads one of the variants (or an Unknown value the
	// JSON tells apart); Decode wraps it to keep, on a tolerant reader, a
	// value it cannot read as the Unknown value.
	DecodeKnown string
	// WireDecode and WireEncode hand Decode and Encode to the server
	// package, which lives beside the types package (the runtime's wire
	// face, rt_wire.go).
	WireDecode, WireEncode string
	Variants               []*Variant
	// Forms are the variants of an interface union that are no objects (a
	// String, an Array, …: schema.Mixed): each a named Go type
	// (Variant.GoName) whose underlying type is Variant.Type, implementing
	// the interface and told apart by its JSON kind (Variant.JSONKind:
	// "string", "number", "boolean", "array"). Variants holds the objects.
	Forms []*Variant
	// Uploads reports whether some variant can carry an upload.
	Uploads bool
	// Sent reports whether a client sends values of this union.
	Sent bool
	// Common are the fields every variant of an interface union carries
	// alike, offered as methods of the union (see Common).
	Common []*Common
	// Offers is the referent whose replies and answers the union offers
	// as methods, as its variant does (Referent.Via), or nil.
	Offers *Referent
}

// Variant returns the variant whose schema type is named name, or nil.
func (u *Union) Variant(name string) *Variant {
	for _, v := range u.Variants {
		if v.Schema.Type.Name == name {
			return v
		}
	}
	return nil
}

// FileVariant is the value union's InputFile variant, or nil.
func (u *Union) FileVariant() *Variant {
	for _, v := range u.Variants {
		if v.Type.Kind == File {
			return v
		}
	}
	return nil
}

// StringVariant is the value union's String variant, or nil.
func (u *Union) StringVariant() *Variant {
	for _, v := range u.Variants {
		if v.Type.Kind == Scalar && v.Type.Prim == PrimString {
			return v
		}
	}
	return nil
}

// Variant is one alternative of a union.
type Variant struct {
	Schema *schema.Variant
	// GoName is the exported variant name (the object's Go name for
	// interface unions).
	GoName string
	// Struct is the variant's object (nil for primitive variants).
	Struct *Struct
	// Key is a required member only this variant of its group has
	// (schema.VariantKey): the member that tells it apart in JSON, or "".
	Key string
	// Value unions: the constructor, the accessor, the unexported storage
	// field, the 1-based kind, the package-level constant naming that kind
	// (<union>Kind<Variant>, unexported) and the Go type the variant is
	// stored as.
	Ctor  string
	As    string
	Field string
	Index int
	Kind  string
	Type  *Type
	// JSONKind is the JSON kind a value-union variant or a form is read
	// from ("number", "string", "boolean", "object", "array"; see
	// Model.jsonKind).
	JSONKind string
	// Form is the form the variant's note states a String must have ("in
	// the form @channelusername" -> "@channelusername"), or "".
	Form string
	// Short is a shorter constructor named after the variant's note in the
	// document ("chat identifier" -> ChatID, "username of a channel" ->
	// Username), or "" (see shortName); a variant without a note is named
	// after the fields holding the union, ShortField (heldShortNames).
	Short      string
	ShortField string
}

// Enum is an enum: a string type with a constant per value.
type Enum struct {
	Schema *schema.Enum
	GoName string
	// Consts are the constants' names, per value.
	Consts []string
	// Values is the <Enum>Values function, Intern the decoder's interning
	// function.
	Values string
	Intern string
}

// Const returns the constant of the value v ("" when not listed).
func (e *Enum) Const(v string) string {
	for i, ev := range e.Schema.Values {
		if ev.Value == v {
			return e.Consts[i]
		}
	}
	return ""
}

// Method is an API method.
type Method struct {
	Schema *schema.Method
	// GoName is the exported method name ("SendMessage").
	GoName string
	// Params is the parameters struct (nil when the method takes none).
	Params *Struct
	// Result is the Go type of the result.
	Result *Type
	// Return is what a Go call of the method returns next to its error:
	// Result, with an object as a pointer (nil then means "no result");
	// nil when Result is True, which a call reports by returning no error.
	Return *Type
	// Uploads reports whether a call can carry an upload.
	Uploads bool
	// PartPrefix starts the multipart part names of the uploads nested in
	// the parameters, followed by a number ("file": file0, file1, …): a
	// prefix no parameter of the method is named with (PartPrefix unless
	// one is).
	PartPrefix string
}

// StructMethods are the methods every generated struct has.
var StructMethods = []string{"MarshalJSON", "AppendJSON", "UnmarshalJSON", "encodeJSON", "decodeJSON"}

// plainKey reports whether a wire name is written unchanged inside a JSON
// string.
func plainKey(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return s != ""
}

// JSONKey is the pre-encoded member name `"wire":` when wire needs no
// escaping inside a JSON string, else "" (the writer escapes it then).
func JSONKey(wire string) string {
	if plainKey(wire) {
		return strconv.Quote(wire) + ":"
	}
	return ""
}
