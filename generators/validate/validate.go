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
// Names, Go type shapes, which objects a client sends and which unions are
// interfaces come from the Go model (gomodel); the backend requires the types
// backend, whose declarations its code reads, and declares its own helpers
// in the model's package scope.
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
//     "InputFile or String" (stored as InputFile, gomodel.Type.AnyForm) takes
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

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/runtime"
	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
)

// Backend is the validators backend. Its code reads the types' fields.
var Backend = generators.Backend{Name: "validate", Kind: generators.GoPackage, Requires: []string{"types"}, Members: []string{methodValidate, methodValidateAt}, Generate: Generate}

// FileName is the file this backend writes (CONVENTIONS.md).
const FileName = "validate_gen.go"

// Method names this backend adds to generated structs.
const (
	methodValidate   = "Validate"
	methodValidateAt = "validateAt"
)

// Generate emits validate_gen.go and the validators' runtime (with the
// formatting parser when some limit applies after entity parsing).
func Generate(m *gomodel.Model, opts generators.Options) ([]output.File, error) {
	g := newGen(m, opts)
	if err := g.build(); err != nil {
		return nil, err
	}
	data, err := g.emit()
	if err != nil {
		return nil, err
	}
	parts := []runtime.Part{runtime.ValidatePart}
	formatting := needsFormatting(m)
	if formatting {
		parts = append(parts, runtime.FormatPart)
	}
	rt, err := runtime.File("validate", m.Package, opts.Source, parts...)
	if err != nil {
		return nil, err
	}
	readme, err := generators.ReadmeSection("validate", struct{ Formatting bool }{formatting})
	if err != nil {
		return nil, err
	}
	return []output.File{{Path: FileName, Data: data}, rt, readme}, nil
}

// needsFormatting reports whether some length limit of the schema applies
// after entity parsing, which needs the runtime's formatting parser.
func needsFormatting(m *gomodel.Model) bool {
	for _, structs := range [][]*gomodel.Struct{m.Objects, m.Params} {
		for _, st := range structs {
			for _, f := range st.Fields {
				// A field's type and its elements' types carry their
				// constraints.
				for t := f.Type; t != nil; t = t.Elem {
					if c := t.Constraints; c != nil && c.Length != nil && c.Length.AfterEntityParsing {
						return true
					}
				}
			}
		}
	}
	return false
}

// ---------------------------------------------------------------- model

type gen struct {
	m      *gomodel.Model
	pkg    string
	source string

	checks map[*gomodel.Struct]bool // objects whose validateAt does something

	structs []*structInfo // sent objects, then params, in schema order

	// Package-level helpers, declared on first use.
	patterns     map[string]string // pattern -> var name
	patternOrder []string
	unionFuncs   map[*gomodel.Union]string // union -> validate func
	labelFuncs   map[*gomodel.Union]string // union -> label func
	helperOrder  []*gomodel.Union          // unions with a validate func, first use order
	labelOrder   []*gomodel.Union
}

// structInfo is a validated struct: the model's struct (an object a
// client sends, or a method's parameters) and its fields with their parse
// modes.
type structInfo struct {
	*gomodel.Struct
	what   string // "object X" or "parameters of method m"
	fields []*fieldInfo
	rules  []*schema.Rule
}

// fieldInfo is a field of a validated struct.
type fieldInfo struct {
	*gomodel.Field
	mode *fieldInfo // paired parse mode of an after-entity-parsing text
}

func newGen(m *gomodel.Model, opts generators.Options) *gen {
	return &gen{
		m: m, pkg: m.Package, source: opts.Source,
		checks:   map[*gomodel.Struct]bool{},
		patterns: map[string]string{}, unionFuncs: map[*gomodel.Union]string{}, labelFuncs: map[*gomodel.Union]string{},
	}
}

func (g *gen) build() error {
	for _, st := range g.m.Objects {
		if !st.Sent {
			continue
		}
		si, err := g.buildStruct(st)
		if err != nil {
			return err
		}
		g.structs = append(g.structs, si)
	}
	for _, st := range g.m.Params {
		si, err := g.buildStruct(st)
		if err != nil {
			return err
		}
		g.structs = append(g.structs, si)
	}
	return nil
}

// buildStruct takes the model's struct (an object or a method's
// parameters, with its rules) and pairs texts with their parse modes.
func (g *gen) buildStruct(st *gomodel.Struct) (*structInfo, error) {
	var what string
	var rules []*schema.Rule
	if st.Method != nil {
		what, rules = "parameters of method "+st.Method.Name, st.Method.Rules
	} else {
		what, rules = "object "+st.Object.Name, st.Object.Rules
	}
	si := &structInfo{Struct: st, what: what, rules: rules}
	for _, n := range []string{methodValidate, methodValidateAt} {
		if err := st.Scope.Declare(n, "validator method"); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
	}
	if st.Opaque {
		return si, nil
	}
	byName := map[string]*fieldInfo{}
	for _, fl := range st.Fields {
		fi := &fieldInfo{Field: fl}
		si.fields = append(si.fields, fi)
		byName[fl.Name] = fi
	}
	// Pair after-entity-parsing texts with their parse mode.
	if fm := g.m.Schema.Formatting; fm != nil {
		isMode := func(fi *fieldInfo) bool {
			return fi != nil && fi.Type.Kind != gomodel.Slice && fi.Type.Base().Enum != nil && fi.Type.Base().Enum.Schema.Name == fm.Enum
		}
		for _, fi := range si.fields {
			c := fi.Type.Constraints
			if c == nil || c.Length == nil || !c.Length.AfterEntityParsing || fi.Type.Kind == gomodel.Slice {
				continue
			}
			if m := byName[fi.Schema.Name+"_"+fm.Field]; isMode(m) {
				fi.mode = m
			} else if m := byName[fm.Field]; isMode(m) {
				fi.mode = m
			}
		}
	}
	for _, r := range rules {
		for _, n := range ruleFields(r) {
			if byName[n] == nil {
				return nil, fmt.Errorf("%s: rule %s names field %s, which %s does not have", what, r.Kind, n, st.GoName)
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

// label names a union variant in messages: its tag in a discriminated union,
// else its type name.
func (g *gen) label(u *gomodel.Union, v *gomodel.Variant) string {
	if u.Kind == gomodel.TaggedUnion {
		return v.Schema.Tag
	}
	return v.Schema.Type.Name
}

// declare reserves a package-level helper name.
func (g *gen) declare(name, what string) error {
	return g.m.Declare(name, what)
}
