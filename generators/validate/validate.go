// Package validate is the validators backend: from a schema it emits
// validate_gen.go, a Validate() error method for every method parameters
// struct and every object a client sends, driven only by the schema's
// constraints and rules. The same methods serve the client (reject a request
// before any network call) and the server stubs (answer 400 with the
// error's text).
//
// "Sent by a client" is derived from the schema: the objects and unions
// reachable from method parameters through fields, union variants and array
// elements. Received-only objects (Update, Message, ...) get nothing, so a
// rule stated about received values (at_most_one on Update) is never
// enforced on input it does not describe; on a sent object at_most_one is
// enforced like mutually_exclusive.
//
// The generated code is built against the Go API of the types backend
// (generators/types): this backend runs it in memory, indexes its
// declarations with go/parser, seeds its naming.Scope with every package
// level name found there, and stops with an error when a field, method or
// type it needs is not where CONVENTIONS.md says it is, instead of emitting
// code that does not compile.
//
// Choices where the spec is silent (also in the generated file's comment):
//
//   - Lengths in characters count Unicode code points; bytes count UTF-8
//     bytes; items count array elements.
//   - A required value is missing when its Go type has an unset state: a
//     union (nil interface, typed nil pointer, zero struct), an InputFile, a
//     nil slice.
//   - Files: a value the schema types plain InputFile is an upload and must
//     be an Upload (a FileID or FileURL is a problem). A value typed
//     "InputFile or String" (types.IsFileUnion, stored as InputFile) takes
//     any form; upload_only, or a variants restriction to InputFile, makes
//     it upload-only, and a restriction to String forbids uploads. String
//     constraints on such a value apply to the file_id or URL. The zero value of a required string, number or bool is a
//     value ("" is a documented value of some required strings); a minimum
//     length catches empty strings where the spec forbids them.
//   - Text pairing for "after entity parsing": a String field X whose length
//     is counted after entity parsing is paired with the sibling field
//     "X_<formatting field>" (explanation -> explanation_parse_mode) if that
//     sibling exists and takes the formatting enum, else with the sibling
//     "<formatting field>" (parse_mode) taking that enum. With the mode set to
//     a known value, the text is parsed with the runtime ParseFormatted and
//     its lengths and line feeds are counted on the result; a markup error is
//     a problem. With no mode (or an unknown one, which the enum check
//     reports), the text is counted as written.
//   - Enums must hold a listed value on send; unions must hold a known
//     variant (Unknown<Union> values are rejected).
//   - position first_in_first_row is checked in every Array of Array of the
//     object: only the element [0][0] may set such a field.
//   - ahead (a Unix time N-M seconds after now) reads the runtime clock
//     ValidationNow, an exported variable that tests can replace.
package validate

import (
	"fmt"
	"go/ast"
	"sort"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/goindex"
	"github.com/apigen/apigen/generators/types"
	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
)

func init() {
	generators.Register(generators.Backend{Name: "validate", Go: true, Generate: Generate})
}

// FileName is the file this backend writes (CONVENTIONS.md).
const FileName = "validate_gen.go"

// Method names this backend adds to generated structs.
const (
	methodValidate   = "Validate"
	methodValidateAt = "validateAt"
)

// importedPackages are the packages validate_gen.go may import.
var importedPackages = []string{"regexp"}

// Generate runs the backend.
func Generate(s *schema.Schema, opts generators.Options) ([]output.File, error) {
	if opts.Package == "" {
		opts.Package = "botapi"
	}
	typeFiles, err := types.Generate(s, opts)
	if err != nil {
		return nil, fmt.Errorf("running the types backend: %w", err)
	}
	idx, err := goindex.Read(typeFiles)
	if err != nil {
		return nil, err
	}
	g := newGen(s, opts, idx)
	if err := g.build(); err != nil {
		return nil, err
	}
	data, err := g.emit()
	if err != nil {
		return nil, err
	}
	return []output.File{{Path: FileName, Data: data}}, nil
}

// ---------------------------------------------------------------- Go index

// shape is how a Go value is stored.
type shape int

const (
	shapeValue shape = iota // T
	shapeOpt                // Opt[T]
	shapePtr                // *T
	shapeSlice              // []T
)

func (s shape) String() string {
	return [...]string{"a value", "an Opt", "a pointer", "a slice"}[s]
}

func shapeOf(e ast.Expr) shape {
	switch t := e.(type) {
	case *ast.IndexExpr:
		if id, ok := t.X.(*ast.Ident); ok && id.Name == "Opt" {
			return shapeOpt
		}
	case *ast.StarExpr:
		return shapePtr
	case *ast.ArrayType:
		if t.Len == nil {
			return shapeSlice
		}
	}
	return shapeValue
}

// ---------------------------------------------------------------- model

type unionKind int

const (
	unionKeyed  unionKind = iota // objects told apart by a key field: interface
	unionTagged                  // objects with a discriminator: interface
	unionPrim                    // some primitive variant: struct with As<V>
)

type gen struct {
	s      *schema.Schema
	pkg    string
	source string
	idx    *goindex.Index
	scope  *naming.Scope

	objects map[string]*schema.Object
	unions  map[string]*schema.Union // unions with a Go type of their own
	// fileUnions are the "InputFile or String" unions (types.IsFileUnion),
	// represented by InputFile.
	fileUnions map[string]bool
	enums      map[string]*schema.Enum
	typeName   map[string]string // schema name -> Go name
	// tagOf is the discriminator tag of a variant object.
	tagOf map[string]string
	// discOf is the discriminator field an object does not carry.
	discOf map[string]string

	sent   map[string]bool // objects and unions a client sends
	checks map[string]bool // objects whose validateAt does something

	structs []*structInfo // sent objects, then params, in schema order

	// Package-level helpers, declared on first use.
	patterns     map[string]string // pattern -> var name
	patternOrder []string
	unionFuncs   map[string]string // union -> validate func
	labelFuncs   map[string]string // union -> label func
	helperOrder  []string          // unions with a validate func, first use order
	labelOrder   []string
}

type structInfo struct {
	goName string
	what   string // "object X" or "parameters of method m"
	obj    *schema.Object
	method *schema.Method
	fields []*fieldInfo
	rules  []*schema.Rule
}

type fieldInfo struct {
	f      *schema.Field
	goName string
	shape  shape
	mode   *fieldInfo // paired parse mode of an after-entity-parsing text
}

func newGen(s *schema.Schema, opts generators.Options, idx *goindex.Index) *gen {
	return &gen{
		s: s, pkg: opts.Package, source: opts.Source, idx: idx,
		objects: map[string]*schema.Object{}, unions: map[string]*schema.Union{}, fileUnions: map[string]bool{},
		enums: map[string]*schema.Enum{}, typeName: map[string]string{},
		tagOf: map[string]string{}, discOf: map[string]string{},
		sent: map[string]bool{}, checks: map[string]bool{},
		patterns: map[string]string{}, unionFuncs: map[string]string{}, labelFuncs: map[string]string{},
	}
}

func (g *gen) build() error {
	var reserved []string
	for n := range g.idx.Names {
		reserved = append(reserved, n)
	}
	sort.Strings(reserved)
	g.scope = naming.NewScope(append(reserved, importedPackages...)...)

	for _, o := range g.s.Objects {
		g.objects[o.Name] = o
	}
	for _, u := range g.s.Unions {
		if types.IsFileUnion(u) {
			g.fileUnions[u.Name] = true
			continue
		}
		g.unions[u.Name] = u
		if g.unionKind(u) == unionTagged {
			for _, v := range u.Variants {
				g.tagOf[v.Type.Name] = v.Tag
				g.discOf[v.Type.Name] = u.Discriminator
			}
		}
	}
	for _, e := range g.s.Enums {
		g.enums[e.Name] = e
	}
	for _, name := range append(append(objectNames(g.s), g.unionNames()...), enumNames(g.s)...) {
		n, err := naming.Exported(name)
		if err != nil {
			return err
		}
		if !g.idx.Names[n] {
			return fmt.Errorf("types backend declares no %s for %s", n, name)
		}
		g.typeName[name] = n
	}

	// Reachability from method parameters.
	for _, m := range g.s.Methods {
		for _, p := range m.Params {
			g.reach(p.Type)
		}
	}

	for _, o := range g.s.Objects {
		if !g.sent[o.Name] {
			continue
		}
		si, err := g.buildStruct(g.typeName[o.Name], "object "+o.Name, o.Fields, o.Rules, g.discOf[o.Name], o.Opaque)
		if err != nil {
			return err
		}
		si.obj = o
		g.structs = append(g.structs, si)
	}
	for _, m := range g.s.Methods {
		if len(m.Params) == 0 {
			continue
		}
		mn, err := naming.Exported(m.Name)
		if err != nil {
			return err
		}
		si, err := g.buildStruct(mn+"Params", "parameters of method "+m.Name, m.Params, m.Rules, "", false)
		if err != nil {
			return err
		}
		si.method = m
		g.structs = append(g.structs, si)
	}
	return nil
}

func objectNames(s *schema.Schema) []string {
	var out []string
	for _, o := range s.Objects {
		out = append(out, o.Name)
	}
	return out
}

// unionNames lists the unions that have a Go type of their own.
func (g *gen) unionNames() []string {
	var out []string
	for _, u := range g.s.Unions {
		if !g.fileUnions[u.Name] {
			out = append(out, u.Name)
		}
	}
	return out
}

func enumNames(s *schema.Schema) []string {
	var out []string
	for _, e := range s.Enums {
		out = append(out, e.Name)
	}
	return out
}

func (g *gen) unionKind(u *schema.Union) unionKind {
	for _, v := range u.Variants {
		if v.Type.IsArray() || g.objects[v.Type.Name] == nil {
			return unionPrim
		}
	}
	if u.Discriminator != "" {
		return unionTagged
	}
	return unionKeyed
}

func (g *gen) reach(t schema.Type) {
	if t.IsArray() {
		g.reach(*t.Elem)
		return
	}
	if g.sent[t.Name] {
		return
	}
	if o := g.objects[t.Name]; o != nil {
		g.sent[t.Name] = true
		for _, f := range o.Fields {
			g.reach(f.Type)
		}
		return
	}
	if u := g.unions[t.Name]; u != nil { // file unions hold no objects
		g.sent[t.Name] = true
		for _, v := range u.Variants {
			g.reach(v.Type)
		}
	}
}

// buildStruct checks the fields against the types backend's struct and pairs
// texts with their parse modes.
func (g *gen) buildStruct(goName, what string, fields []*schema.Field, rules []*schema.Rule, disc string, opaque bool) (*structInfo, error) {
	si := &structInfo{goName: goName, what: what, rules: rules}
	goFields, ok := g.idx.Fields[goName]
	if !ok {
		return nil, fmt.Errorf("%s: types backend declares no struct %s", what, goName)
	}
	for _, n := range []string{methodValidate, methodValidateAt} {
		if _, clash := goFields[n]; clash || g.idx.HasMethod(goName, n) {
			return nil, fmt.Errorf("%s: %s already has a field or method %s", what, goName, n)
		}
	}
	if opaque {
		return si, nil
	}
	byName := map[string]*fieldInfo{}
	for _, f := range fields {
		if disc != "" && f.Name == disc {
			continue // written by the encoder from the variant's tag
		}
		n, err := naming.Exported(f.Name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		expr, ok := goFields[n]
		if !ok {
			return nil, fmt.Errorf("%s: types backend struct %s has no field %s for %s", what, goName, n, f.Name)
		}
		fi := &fieldInfo{f: f, goName: n, shape: shapeOf(expr)}
		if want := g.expectedShape(f); fi.shape != want {
			return nil, fmt.Errorf("%s: field %s.%s is %s, expected %s", what, goName, n, fi.shape, want)
		}
		if g.isFile(f.Type.Base()) {
			if err := g.checkFileField(expr); err != nil {
				return nil, fmt.Errorf("%s: field %s.%s: %w", what, goName, n, err)
			}
		}
		si.fields = append(si.fields, fi)
		byName[f.Name] = fi
	}
	// Pair after-entity-parsing texts with their parse mode.
	if fm := g.s.Formatting; fm != nil {
		isMode := func(fi *fieldInfo) bool {
			return fi != nil && !fi.f.Type.IsArray() && fi.f.Type.Name == schema.String &&
				fi.f.Constraints != nil && fi.f.Constraints.Enum == fm.Enum
		}
		for _, fi := range si.fields {
			c := fi.f.Constraints
			if c == nil || c.Length == nil || !c.Length.AfterEntityParsing || fi.f.Type.IsArray() {
				continue
			}
			if m := byName[fi.f.Name+"_"+fm.Field]; isMode(m) {
				fi.mode = m
			} else if m := byName[fm.Field]; isMode(m) {
				fi.mode = m
			}
		}
	}
	for _, r := range rules {
		for _, n := range ruleFields(r) {
			if byName[n] == nil {
				return nil, fmt.Errorf("%s: rule %s names field %s, which %s does not have", what, r.Kind, n, goName)
			}
		}
	}
	return si, nil
}

func ruleFields(r *schema.Rule) []string {
	out := append([]string(nil), r.Fields...)
	for _, grp := range r.Groups {
		out = append(out, grp...)
	}
	if r.When != nil {
		out = append(out, r.When.Field)
	}
	return out
}

// isFile reports whether a schema type name is stored as an InputFile: the
// InputFile primitive or a file union.
func (g *gen) isFile(name string) bool {
	return name == schema.InputFile || g.fileUnions[name]
}

// inputFileMethods are the InputFile methods the generated code calls.
var inputFileMethods = []string{"IsSet", "IsUpload", "Ref"}

// checkFileField checks that a field (or array of them) holding files is an
// InputFile, and that InputFile has the methods the checks call.
func (g *gen) checkFileField(e ast.Expr) error {
	for {
		a, ok := e.(*ast.ArrayType)
		if !ok {
			break
		}
		e = a.Elt
	}
	if id, ok := e.(*ast.Ident); !ok || id.Name != "InputFile" {
		return fmt.Errorf("types backend does not store it as InputFile")
	}
	for _, m := range inputFileMethods {
		if !g.idx.HasMethod("InputFile", m) {
			return fmt.Errorf("types backend's runtime declares no InputFile.%s", m)
		}
	}
	return nil
}

// expectedShape is the Go storage of a field per CONVENTIONS.md.
func (g *gen) expectedShape(f *schema.Field) shape {
	t := f.Type
	switch {
	case t.IsArray():
		return shapeSlice
	case g.isFile(t.Name) || g.unions[t.Name] != nil:
		return shapeValue
	case schema.IsPrimitive(t.Name):
		if f.Required {
			return shapeValue
		}
		return shapeOpt
	}
	if f.Required {
		return shapeValue
	}
	return shapePtr
}

// label names a union variant in messages: its tag in a discriminated union,
// else its type name.
func (g *gen) label(u *schema.Union, v *schema.Variant) string {
	if g.unionKind(u) == unionTagged {
		return v.Tag
	}
	return v.Type.Name
}

// declare reserves a package-level helper name.
func (g *gen) declare(name, what string) error {
	return g.scope.Declare(name, what)
}
