// Package types is the Go types backend: from a schema it emits the
// generated package's objects, unions, enums and method parameter structs
// (types_gen.go), their reflection-free JSON codecs (json_gen.go) and the
// runtime support files (support_*_gen.go).
//
// Everything is derived from the schema's structure (union kinds,
// discriminators, string forms, rules, enums); no API name is known here.
// See generators/CONVENTIONS.md for what the generated package looks like.
package types

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"sync"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/support"
	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
)

func init() {
	generators.Register(generators.Backend{Name: "types", Go: true, Generate: Generate})
}

// Output file names (CONVENTIONS.md).
const (
	typesFile = "types_gen.go"
	jsonFile  = "json_gen.go"
)

// importedPackages are the standard packages generated files may import;
// they are reserved in the package scope.
var importedPackages = []string{"errors", "fmt", "io", "strconv", "strings", "bytes", "json", "sync", "unicode", "utf8", "math", "bits", "binary", "utf16", "sort", "url"}

// Generate runs the backend. Other backends (validate) read the types'
// output to check the names they rely on, so the last result is kept and
// returned again for the same schema and options instead of being rendered
// twice in one run. A schema is not changed once it is loaded and checked;
// the cache is keyed by its pointer.
func Generate(s *schema.Schema, opts generators.Options) ([]output.File, error) {
	last.Lock()
	defer last.Unlock()
	if last.s == s && last.opts == opts && last.err == nil && last.files != nil {
		return append([]output.File(nil), last.files...), nil
	}
	files, err := generate(s, opts)
	last.s, last.opts, last.files, last.err = s, opts, files, err
	return append([]output.File(nil), files...), err
}

// last is the memo of Generate.
var last struct {
	sync.Mutex
	s     *schema.Schema
	opts  generators.Options
	files []output.File
	err   error
}

func generate(s *schema.Schema, opts generators.Options) ([]output.File, error) {
	pkg := opts.Package
	if pkg == "" {
		pkg = "botapi"
	}
	rt, err := support.Files(pkg, opts.Source)
	if err != nil {
		return nil, err
	}
	reserved, err := runtimeNames(rt)
	if err != nil {
		return nil, err
	}
	g := &gen{s: s, pkg: pkg, source: opts.Source, scope: naming.NewScope(append(reserved, importedPackages...)...)}
	if err := g.build(); err != nil {
		return nil, err
	}
	types, err := g.emitTypes()
	if err != nil {
		return nil, err
	}
	codecs, err := g.emitJSON()
	if err != nil {
		return nil, err
	}
	files := []output.File{{Path: typesFile, Data: types}, {Path: jsonFile, Data: codecs}}
	return append(files, rt...), nil
}

// runtimeNames lists every package-level identifier of the runtime files so
// that generated names never collide with them.
func runtimeNames(files []output.File) ([]string, error) {
	fset := token.NewFileSet()
	seen := map[string]bool{}
	for _, f := range files {
		af, err := parser.ParseFile(fset, f.Path, f.Data, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("runtime %s: %w", f.Path, err)
		}
		for _, d := range af.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					seen[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						seen[sp.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.Name != "_" {
								seen[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	var out []string
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out, nil
}

type unionKind int

const (
	unionKeyed  unionKind = iota // objects told apart by a key field: interface
	unionTagged                  // objects with a discriminator: interface
	unionPrim                    // at least one primitive variant: struct
)

type gen struct {
	s      *schema.Schema
	pkg    string
	source string
	scope  *naming.Scope

	typeName map[string]string // schema object/union/enum name -> Go name
	objects  map[string]*schema.Object
	// fileUnions are the unions represented by InputFile (IsFileUnion).
	fileUnions map[string]bool
	unions     map[string]*unionInfo
	enums      map[string]*enumInfo
	// memberOf lists the interface unions an object is a variant of.
	memberOf map[string][]*unionInfo

	structs []*structInfo // objects then params, in schema order
	byObj   map[string]*structInfo
}

type enumInfo struct {
	e      *schema.Enum
	goName string
	consts []string // per value
	values string   // <Enum>Values func
	intern string   // intern<Enum> func (decoding)
}

type unionInfo struct {
	u       *schema.Union
	goName  string
	kind    unionKind
	marker  string // isX method (interface unions)
	unknown string // Unknown<U> type (interface unions)
	// unknownTag is the Go name of UnknownX's discriminator field.
	unknownTag string
	decode     string // decode<U> func (interface unions)
	encode     string // encode<U> func (interface unions)
	vars       []*variantInfo
}

type variantInfo struct {
	v      *schema.Variant
	goName string // Exported(variant type name)
	ctor   string // <U>From<Variant>
	as     string // As<Variant>
	field  string // unexported struct field (primitive unions)
	kind   int    // 1-based tag value (primitive unions)
	// key is a required member only this variant of its group has
	// (schema.VariantKey), or "".
	key string
}

type structInfo struct {
	goName string
	obj    *schema.Object // nil for params
	method *schema.Method // nil for objects
	fields []*fieldInfo
	// tagged is the discriminated union this object is a variant of, with
	// its tag; the discriminator is not a field.
	tagged *unionInfo
	tag    string
	// stringForm is the field a plain JSON string decodes into.
	stringForm *fieldInfo
	// kind accessor (at_most_one rule)
	kindRule   *schema.Rule
	kindFields []*fieldInfo
	kindEnum   *enumInfo
	kindName   string // accessor method
	unknownKey string // field names for the unknown kind
	unknownRaw string
	helpers    []*presentHelper
}

// presentHelper is a method returning a field common to the kind fields'
// objects ("chat", "from").
type presentHelper struct {
	method string
	wire   string
	goType string // object Go name returned as pointer
	paths  []helperPath
}

type helperPath struct {
	kind     *fieldInfo
	field    *fieldInfo // the common field in the kind's object
	required bool       // the common field is a required value (take its address)
}

type fieldInfo struct {
	f      *schema.Field
	goName string
	// fileUnion: the schema types the field with a file union (any of
	// Upload, FileID, FileURL); f.Type says InputFile instead.
	fileUnion bool
	// key is the pre-encoded member name `"wire":` when wire needs no
	// escaping, else "".
	key string
}

func (g *gen) declare(goName, what string) error {
	return g.scope.Declare(goName, what)
}

func exported(wire, what string) (string, error) {
	n, err := naming.Exported(wire)
	if err != nil {
		return "", fmt.Errorf("%s: %w", what, err)
	}
	return n, nil
}

func unexported(wire, what string) (string, error) {
	n, err := naming.Unexported(wire)
	if err != nil {
		return "", fmt.Errorf("%s: %w", what, err)
	}
	return n, nil
}

// build computes every name and classifies every type.
func (g *gen) build() error {
	g.typeName = map[string]string{}
	g.objects = map[string]*schema.Object{}
	g.unions = map[string]*unionInfo{}
	g.enums = map[string]*enumInfo{}
	g.memberOf = map[string][]*unionInfo{}
	g.byObj = map[string]*structInfo{}
	g.fileUnions = map[string]bool{}

	// Type names first: every other declaration may refer to them.
	for _, o := range g.s.Objects {
		n, err := exported(o.Name, "object "+o.Name)
		if err != nil {
			return err
		}
		if err := g.declare(n, "object "+o.Name); err != nil {
			return err
		}
		g.typeName[o.Name] = n
		g.objects[o.Name] = o
	}
	for _, u := range g.s.Unions {
		if IsFileUnion(u) {
			// Represented by InputFile itself: no Go declaration.
			g.fileUnions[u.Name] = true
			continue
		}
		n, err := exported(u.Name, "union "+u.Name)
		if err != nil {
			return err
		}
		if err := g.declare(n, "union "+u.Name); err != nil {
			return err
		}
		g.typeName[u.Name] = n
	}
	for _, e := range g.s.Enums {
		n, err := exported(e.Name, "enum "+e.Name)
		if err != nil {
			return err
		}
		if err := g.declare(n, "enum "+e.Name); err != nil {
			return err
		}
		g.typeName[e.Name] = n
	}
	// Enums.
	for _, e := range g.s.Enums {
		ei := &enumInfo{e: e, goName: g.typeName[e.Name]}
		for _, v := range e.Values {
			label, err := exported(v.Label(), "enum value "+e.Name+"."+v.Label())
			if err != nil {
				return err
			}
			c := ei.goName + label
			if err := g.declare(c, "enum value "+e.Name+"."+v.Label()); err != nil {
				return err
			}
			ei.consts = append(ei.consts, c)
		}
		ei.intern = "intern" + ei.goName
		if err := g.declare(ei.intern, "decoder of enum "+e.Name); err != nil {
			return err
		}
		ei.values = ei.goName + "Values"
		if err := g.declare(ei.values, "values function of enum "+e.Name); err != nil {
			return err
		}
		g.enums[e.Name] = ei
	}
	// Unions.
	for _, u := range g.s.Unions {
		if g.fileUnions[u.Name] {
			continue
		}
		ui, err := g.buildUnion(u)
		if err != nil {
			return err
		}
		g.unions[u.Name] = ui
	}
	// Structs: objects, then params.
	for _, o := range g.s.Objects {
		si, err := g.buildObject(o)
		if err != nil {
			return err
		}
		g.structs = append(g.structs, si)
		g.byObj[o.Name] = si
	}
	for _, m := range g.s.Methods {
		if len(m.Params) == 0 {
			continue
		}
		mn, err := exported(m.Name, "method "+m.Name)
		if err != nil {
			return err
		}
		n := mn + "Params"
		if err := g.declare(n, "parameters of method "+m.Name); err != nil {
			return err
		}
		si := &structInfo{goName: n, method: m}
		sc := naming.NewScope(structMethods...)
		for _, f := range m.Params {
			fi, err := g.field(sc, f, "parameter "+m.Name+"."+f.Name)
			if err != nil {
				return err
			}
			si.fields = append(si.fields, fi)
		}
		g.structs = append(g.structs, si)
	}
	return g.checkTypes()
}

// structMethods are the methods every generated struct has.
var structMethods = []string{"MarshalJSON", "UnmarshalJSON", "encodeJSON", "decodeJSON"}

func (g *gen) buildUnion(u *schema.Union) (*unionInfo, error) {
	ui := &unionInfo{u: u, goName: g.typeName[u.Name]}
	allObjects := true
	for _, v := range u.Variants {
		if v.Type.IsArray() {
			return nil, fmt.Errorf("union %s: array variant %s is not supported", u.Name, v.Type)
		}
		o := g.objects[v.Type.Name]
		if o == nil {
			allObjects = false
		}
	}
	switch {
	case u.Discriminator != "" && allObjects:
		ui.kind = unionTagged
	case allObjects:
		// Told apart by members (schema.Variant: Requires, Const), which
		// Check has proved distinct.
		ui.kind = unionKeyed
		if !g.s.ObjectUnion(u) {
			return nil, fmt.Errorf("union %s: a variant's fields are not shown, so JSON cannot tell the variants apart", u.Name)
		}
	default:
		ui.kind = unionPrim
		if u.Discriminator != "" {
			return nil, fmt.Errorf("union %s: a discriminator needs object variants", u.Name)
		}
	}
	if ui.kind != unionPrim {
		ui.marker = "is" + ui.goName
		ui.unknown = "Unknown" + ui.goName
		ui.decode = "decode" + ui.goName
		ui.encode = "encode" + ui.goName
		for _, n := range []string{ui.unknown, ui.decode, ui.encode} {
			if err := g.declare(n, "helper of union "+u.Name); err != nil {
				return nil, err
			}
		}
		if ui.kind == unionTagged {
			t, err := exported(u.Discriminator, "discriminator of union "+u.Name)
			if err != nil {
				return nil, err
			}
			if t == "Raw" {
				return nil, fmt.Errorf("union %s: discriminator %q collides with the Raw field of %s", u.Name, u.Discriminator, ui.unknown)
			}
			ui.unknownTag = t
		}
		for _, v := range u.Variants {
			g.memberOf[v.Type.Name] = append(g.memberOf[v.Type.Name], ui)
			ui.vars = append(ui.vars, &variantInfo{v: v, goName: g.typeName[v.Type.Name], key: g.s.VariantKey(u, v)})
		}
		return ui, nil
	}
	// Primitive union: a struct with constructors and accessors.
	sc := naming.NewScope(append(structMethods, "IsSet", "kind")...)
	byJSON := map[string]string{}
	for i, v := range u.Variants {
		vn, err := exported(v.Type.Name, "variant "+u.Name+"."+v.Type.Name)
		if err != nil {
			return nil, err
		}
		fn, err := unexported(v.Type.Name, "variant "+u.Name+"."+v.Type.Name)
		if err != nil {
			return nil, err
		}
		vi := &variantInfo{v: v, goName: vn, ctor: ui.goName + "From" + vn, as: "As" + vn, field: fn, kind: i + 1}
		if err := g.declare(vi.ctor, "constructor of union "+u.Name+" variant "+v.Type.Name); err != nil {
			return nil, err
		}
		if err := sc.Declare(vi.as, "accessor of union "+u.Name+" variant "+v.Type.Name); err != nil {
			return nil, err
		}
		if err := sc.Declare(vi.field, "field of union "+u.Name+" variant "+v.Type.Name); err != nil {
			return nil, err
		}
		jk := g.jsonKindOfVariant(v.Type.Name)
		if jk == "" {
			return nil, fmt.Errorf("union %s: variant %s cannot be told apart in JSON", u.Name, v.Type)
		}
		if prev, ok := byJSON[jk]; ok {
			// A String next to an InputFile is a file_id or URL: the
			// string form decodes as the String variant.
			pair := map[string]bool{prev: true, v.Type.Name: true}
			if !(pair[schema.String] && pair[schema.InputFile]) {
				return nil, fmt.Errorf("union %s: variants %s and %s are both JSON %ss and cannot be told apart", u.Name, prev, v.Type.Name, jk)
			}
		}
		byJSON[jk] = v.Type.Name
		ui.vars = append(ui.vars, vi)
	}
	return ui, nil
}

// jsonKindOfVariant is the JSON kind a primitive-union variant is read from.
func (g *gen) jsonKindOfVariant(name string) string {
	switch name {
	case schema.Integer, schema.Integer64, schema.Float:
		return "number"
	case schema.String, schema.InputFile:
		return "string"
	case schema.Boolean, schema.True:
		return "boolean"
	}
	if _, ok := g.objects[name]; ok {
		return "object"
	}
	return ""
}

// IsFileUnion reports whether u is a union of exactly the variants InputFile
// and String ("InputFile or String"). Such a union has no Go type of its
// own: every value of it is an InputFile, whose Upload form is the InputFile
// variant and whose FileID / FileURL forms are the String variant
// (CONVENTIONS.md, Unions). Other backends use it to find those values.
func IsFileUnion(u *schema.Union) bool {
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

// resolve replaces references to file unions (IsFileUnion) with InputFile,
// at any array depth.
func (g *gen) resolve(t schema.Type) schema.Type {
	if t.IsArray() {
		return schema.ArrayOf(g.resolve(*t.Elem))
	}
	if g.fileUnions[t.Name] {
		return schema.Named(schema.InputFile)
	}
	return t
}

func (g *gen) field(sc *naming.Scope, f *schema.Field, what string) (*fieldInfo, error) {
	n, err := exported(f.Name, what)
	if err != nil {
		return nil, err
	}
	if err := sc.Declare(n, what); err != nil {
		return nil, err
	}
	fi := &fieldInfo{f: f, goName: n}
	if f.Type.Base() != "" && g.fileUnions[f.Type.Base()] {
		// The field holds InputFile values; keep the schema's view for docs.
		c := *f
		c.Type = g.resolve(f.Type)
		fi.f, fi.fileUnion = &c, true
	}
	if plainKey(f.Name) {
		fi.key = strconv.Quote(f.Name) + ":"
	}
	return fi, nil
}

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

func (g *gen) buildObject(o *schema.Object) (*structInfo, error) {
	si := &structInfo{goName: g.typeName[o.Name], obj: o}
	if o.Opaque {
		return si, nil
	}
	sc := naming.NewScope(structMethods...)
	var disc string
	for _, ui := range g.memberOf[o.Name] {
		if err := sc.Declare(ui.marker, "marker of union "+ui.u.Name); err != nil {
			return nil, fmt.Errorf("object %s: %w", o.Name, err)
		}
		if ui.kind == unionTagged {
			var tag string
			for _, v := range ui.u.Variants {
				if v.Type.Name == o.Name {
					tag = v.Tag
				}
			}
			// A variant of several discriminated unions writes one
			// discriminator: they must agree on its name and value.
			if si.tagged != nil && (disc != ui.u.Discriminator || si.tag != tag) {
				return nil, fmt.Errorf("object %s is a variant of discriminated unions %s (%s %q) and %s (%s %q), which disagree on its discriminator", o.Name, si.tagged.u.Name, disc, si.tag, ui.u.Name, ui.u.Discriminator, tag)
			}
			if si.tagged == nil {
				si.tagged, disc, si.tag = ui, ui.u.Discriminator, tag
			}
		}
	}
	for _, f := range o.Fields {
		if disc != "" && f.Name == disc {
			continue // written from the variant's tag
		}
		fi, err := g.field(sc, f, "field "+o.Name+"."+f.Name)
		if err != nil {
			return nil, err
		}
		si.fields = append(si.fields, fi)
	}
	if o.StringForm != "" {
		// The string stands for the object's only required String field.
		for _, fi := range si.fields {
			if fi.f.Required && !fi.f.Type.IsArray() && fi.f.Type.Name == schema.String {
				if si.stringForm != nil {
					return nil, fmt.Errorf("object %s: string form is ambiguous: required String fields %s and %s", o.Name, si.stringForm.f.Name, fi.f.Name)
				}
				si.stringForm = fi
			}
		}
		if si.stringForm == nil {
			return nil, fmt.Errorf("object %s: string form needs a required String field", o.Name)
		}
	}
	for _, r := range o.Rules {
		if r.Kind != schema.RuleAtMostOne {
			continue
		}
		if si.kindRule != nil {
			return nil, fmt.Errorf("object %s: two at_most_one rules", o.Name)
		}
		si.kindRule = r
		// Accessor and unknown-kind fields live in the struct's scope.
		si.kindName = "Kind"
		si.unknownKey = "UnknownKey"
		si.unknownRaw = "UnknownRaw"
		for _, n := range []string{si.kindName, si.unknownKey, si.unknownRaw} {
			if err := sc.Declare(n, "kind accessor of "+o.Name); err != nil {
				return nil, fmt.Errorf("object %s: %w", o.Name, err)
			}
		}
		for _, fn := range r.Fields {
			var found *fieldInfo
			for _, fi := range si.fields {
				if fi.f.Name == fn {
					found = fi
				}
			}
			if found == nil {
				return nil, fmt.Errorf("object %s: at_most_one rule names unknown field %s", o.Name, fn)
			}
			si.kindFields = append(si.kindFields, found)
		}
		// The enum whose values are exactly those fields' names.
		for _, e := range g.s.Enums {
			if sameSet(enumValues(e), r.Fields) {
				si.kindEnum = g.enums[e.Name]
				break
			}
		}
		// Helpers: a field common to the kinds' objects.
		for _, h := range []struct{ method, wire string }{{"Chat", "chat"}, {"Sender", "from"}} {
			ph := &presentHelper{method: h.method, wire: h.wire}
			for _, kf := range si.kindFields {
				t := kf.f.Type
				ko := g.objects[t.Name]
				if t.IsArray() || ko == nil || ko.Opaque {
					continue
				}
				cf := ko.Field(h.wire)
				if cf == nil || cf.Type.IsArray() || g.objects[cf.Type.Name] == nil {
					continue
				}
				gt := g.typeName[cf.Type.Name]
				if ph.goType == "" {
					ph.goType = gt
				} else if ph.goType != gt {
					continue
				}
				cn, err := exported(cf.Name, "field "+ko.Name+"."+cf.Name)
				if err != nil {
					return nil, err
				}
				ph.paths = append(ph.paths, helperPath{kind: kf, field: &fieldInfo{f: cf, goName: cn}, required: cf.Required})
			}
			if len(ph.paths) > 0 {
				if err := sc.Declare(ph.method, "helper of "+o.Name); err != nil {
					return nil, fmt.Errorf("object %s: %w", o.Name, err)
				}
				si.helpers = append(si.helpers, ph)
			}
		}
	}
	return si, nil
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

// checkTypes rejects type references the backend cannot express.
func (g *gen) checkTypes() error {
	for _, si := range g.structs {
		for _, fi := range si.fields {
			if err := g.checkType(fi.f.Type, fi.f.Constraints); err != nil {
				return fmt.Errorf("%s.%s: %w", si.goName, fi.f.Name, err)
			}
		}
	}
	return nil
}

func (g *gen) checkType(t schema.Type, c *schema.Constraints) error {
	if t.IsArray() {
		var each *schema.Constraints
		if c != nil {
			each = c.Each
		}
		return g.checkType(*t.Elem, each)
	}
	if schema.IsPrimitive(t.Name) {
		if c != nil && c.Enum != "" {
			if t.Name != schema.String {
				return fmt.Errorf("enum %s on a %s", c.Enum, t.Name)
			}
			if g.enums[c.Enum] == nil {
				return fmt.Errorf("unknown enum %s", c.Enum)
			}
		}
		return nil
	}
	if g.objects[t.Name] != nil || g.unions[t.Name] != nil {
		return nil
	}
	return fmt.Errorf("unknown type %s", t.Name)
}
