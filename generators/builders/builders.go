// Package builders is the builder backend: from the Go model it emits
// builders_gen.go, constructors for the values bots build most, keyboards
// and their buttons, so that a keyboard reads
//
//	InlineKeyboard(Row(CallbackDataButton("Red", "color:red"), URLButton("Docs", u)))
//
// instead of nested struct literals with Some. Every name and shape comes
// from the model, never from API names (the rules below work for any
// version of the document):
//
//   - A grid is a sent object with exactly one required field, of type
//     Array of Array of an object (the cells). It gets a constructor named
//     after that field taking the rows (InlineKeyboard(rows ...[]Button)
//     *InlineKeyboardMarkup), and Row, generic over the cell type, builds a
//     row.
//   - A cell object with a rule over its optional fields (exactly_one:
//     one must be set; mutually_exclusive or at_most_one: at most one) gets
//     one constructor per member of the rule, named after the member and the
//     object's last word (callback_data of InlineKeyboardButton:
//     CallbackDataButton), taking the object's required fields and the
//     member's value (none for a Boolean or True member, which is set to
//     true). When the rule lets every member be unset, a constructor named
//     after the required field (TextButton) builds the plain cell. Two
//     cells whose constructors would share a name (a member both have)
//     get the object's other words in front (InlineKeyboardWebAppButton).
//   - A flag object is a variant of a sent union whose required fields are
//     all True (a markup that only says "remove the keyboard"): its
//     constructor, without arguments, is named after its first required
//     field (RemoveKeyboard), or New<Type> when that is the type's own name
//     (NewForceReply).
//   - Grid and flag constructors that would share a name (a document
//     repeating an object under another name) are named New<Type>.
//   - Grids and flag objects get a With<Field> method per optional field
//     that sets it and returns the object, so that options chain:
//     Keyboard(rows...).WithResizeKeyboard(true).
//   - A parameter that is a list of text values (gomodel.StringList: an
//     Array of String, or of an object made from a String alone) gets
//     With<Field>(texts ...string) on its params struct, the same call at
//     every version: SendPollParams.WithOptions("3", "4").
//
// A schema without any of these gets no file.
package builders

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/godoc"
	"github.com/apigen/apigen/generators/gofile"
	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
)

// Backend is the builder backend.
var Backend = generators.Backend{Name: "builders", Kind: generators.GoPackage, Requires: []string{"types"}, Reserves: []string{rowName}, Generate: Generate}

// rowName is the one builder named whatever the document says.
const rowName = "Row"

// made settles a name the backend makes from the document's (a builder
// named after an object or a field) in scope, after the document's own
// names: one spelling it keeps its name and the builder takes one by
// naming's rule, with a warning (gomodel.Model.Made).
func (g *gen) made(scope *naming.Scope, name, what string, o *gomodel.Struct) string {
	return g.m.Made(scope, name, naming.ValueKind, o.Object.Since, o.Object.Source, what)
}

// FileName is the file this backend writes.
const FileName = "builders_gen.go"

// Generate emits builders_gen.go; nothing when the schema has no grid, cell
// or flag object.
func Generate(m *gomodel.Model, opts generators.Options) ([]output.File, error) {
	g := &gen{m: m, f: godoc.NewFile(m.Package, opts.Source)}
	n, err := g.emit()
	if err != nil {
		return nil, fmt.Errorf("builders: %w", err)
	}
	if n == 0 {
		return nil, nil
	}
	src, err := gofile.Render(g.f)
	if err != nil {
		return nil, err
	}
	readme, err := generators.ReadmeSection("builders", struct {
		Grids, Cells, Flags, Lists []string
	}{g.gridNames, g.cellNames, g.flagNames, g.listNames})
	if err != nil {
		return nil, err
	}
	return []output.File{{Path: FileName, Data: src}, readme}, nil
}

type gen struct {
	m *gomodel.Model
	f *jen.File

	// What the README section names, recorded as it is emitted.
	gridNames, cellNames, flagNames, listNames []string
}

// grid is a grid object and its rows field.
type grid struct {
	o    *gomodel.Struct
	rows *gomodel.Field
	cell *gomodel.Struct
}

// ctor is one cell constructor: the member it sets (nil: the plain cell).
type ctor struct {
	cell   *gomodel.Struct
	member *gomodel.Field
	rule   *schema.Rule
	short  string
	long   string
}

func (g *gen) emit() (int, error) {
	grids := g.grids()
	cells := map[*gomodel.Struct]bool{}
	var ctors []*ctor
	for _, gr := range grids {
		if cells[gr.cell] {
			continue
		}
		cells[gr.cell] = true
		cs, err := cellCtors(gr.cell)
		if err != nil {
			return 0, err
		}
		ctors = append(ctors, cs...)
	}
	flags := g.flags()
	// Grid and flag constructors named alike (two grids with the same
	// rows field, as in a document that repeats an object under another
	// name) are both named New<Type> instead.
	names := map[*gomodel.Struct]string{}
	count := map[string]int{}
	for _, gr := range grids {
		names[gr.o] = gr.rows.GoName
		count[gr.rows.GoName]++
	}
	for _, fo := range flags {
		names[fo] = flagName(fo)
		count[names[fo]]++
	}
	for o, n := range names {
		if count[n] > 1 {
			names[o] = "New" + o.GoName
		}
	}
	n := 0
	if len(grids) > 0 {
		if err := g.emitRow(); err != nil {
			return 0, err
		}
		n++
	}
	for _, gr := range grids {
		if err := g.emitGrid(names[gr.o], gr); err != nil {
			return 0, err
		}
		n++
	}
	short := map[string]int{}
	for _, c := range ctors {
		short[c.short]++
	}
	for _, c := range ctors {
		name := c.short
		if short[name] > 1 {
			name = c.long
		}
		if err := g.m.Declare(name, "builder of "+c.cell.Object.Name); err != nil {
			name = g.made(g.m.Scope, c.long, "builder "+c.long+" of "+c.cell.Object.Name, c.cell)
		}
		if err := g.emitCell(name, c); err != nil {
			return 0, err
		}
		n++
	}
	for _, fo := range flags {
		if err := g.emitFlag(names[fo], fo); err != nil {
			return 0, err
		}
		n++
	}
	return n + g.emitLists(), nil
}

// grids are the sent objects whose only required field is an array of
// arrays of a (non-opaque) object, in model order.
func (g *gen) grids() []grid {
	var out []grid
	for _, o := range g.m.Objects {
		if o.Opaque || !o.Sent {
			continue
		}
		var rows *gomodel.Field
		n := 0
		for _, f := range o.Fields {
			if f.Required() {
				n++
				rows = f
			}
		}
		if n != 1 {
			continue
		}
		t := rows.Type
		if t.Kind != gomodel.Slice || t.Elem.Kind != gomodel.Slice || t.Elem.Elem.Kind != gomodel.Object || t.Elem.Elem.Struct.Opaque {
			continue
		}
		out = append(out, grid{o: o, rows: rows, cell: t.Elem.Elem.Struct})
	}
	return out
}

// cellCtors are the constructors of a cell: one per member of its first
// rule over optional fields, and the plain one when the rule allows none.
func cellCtors(cell *gomodel.Struct) ([]*ctor, error) {
	words := naming.Words(cell.GoName)
	last := words[len(words)-1]
	prefix := strings.Join(words[:len(words)-1], "")
	for _, r := range cell.Object.Rules {
		if r.Kind != schema.RuleExactlyOne && r.Kind != schema.RuleMutuallyExclusive && r.Kind != schema.RuleAtMostOne {
			continue
		}
		var members []*gomodel.Field
		for _, name := range r.Fields {
			f := cell.Field(name)
			if f == nil || f.Required() {
				members = nil
				break
			}
			members = append(members, f)
		}
		if len(members) == 0 {
			continue
		}
		var out []*ctor
		for _, f := range members {
			out = append(out, &ctor{cell: cell, member: f, rule: r, short: f.GoName + last, long: prefix + f.GoName + last})
		}
		if r.Kind != schema.RuleExactlyOne {
			var req []string
			for _, f := range cell.Fields {
				if f.Required() {
					req = append(req, f.GoName)
				}
			}
			if len(req) > 0 {
				s := strings.Join(req, "") + last
				out = append(out, &ctor{cell: cell, rule: r, short: s, long: prefix + s})
			}
		}
		return out, nil
	}
	return nil, nil
}

// flags are the variants of sent interface unions whose required fields
// are all True.
func (g *gen) flags() []*gomodel.Struct {
	var out []*gomodel.Struct
	seen := map[*gomodel.Struct]bool{}
	for _, u := range g.m.Unions {
		if !u.Sent || !u.Kind.IsInterface() {
			continue
		}
		for _, v := range u.Variants {
			o := v.Struct
			if o == nil || o.Opaque || seen[o] {
				continue
			}
			n := 0
			flag := true
			for _, f := range o.Fields {
				if f.Required() {
					n++
					flag = flag && isTrue(f.Type)
				}
			}
			if n > 0 && flag {
				seen[o] = true
				out = append(out, o)
			}
		}
	}
	return out
}

func isTrue(t *gomodel.Type) bool { return t.Kind == gomodel.Scalar && t.Name == "True" }

func isBool(t *gomodel.Type) bool {
	if t.Kind == gomodel.Opt {
		t = t.Elem
	}
	return t.Kind == gomodel.Scalar && t.Enum == nil && (t.Name == "bool" || t.Name == "True")
}

// setTrue is the value that sets a Boolean or True field of type t.
func setTrue(t *gomodel.Type) *jen.Statement {
	inner, opt := t, false
	if t.Kind == gomodel.Opt {
		inner, opt = t.Elem, true
	}
	v := jen.True()
	if inner.Name == "True" {
		v = jen.Id("True").Values()
	}
	if opt {
		return jen.Id("Some").Call(v)
	}
	return v
}

// param is the parameter type that sets a field of type t, and the value
// assigned from a parameter named name.
func param(t *gomodel.Type, name string) (typ, val *jen.Statement) {
	if t.Kind == gomodel.Opt {
		return t.Elem.Jen(), jen.Id("Some").Call(jen.Id(name))
	}
	return t.Jen(), jen.Id(name)
}

// paramName is the Go parameter for a field's wire name.
func paramName(f *gomodel.Field) string { return naming.Unexported(f.Name) }

func (g *gen) doc(text string) { godoc.Add(g.f, text) }

func (g *gen) emitRow() error {
	if err := g.m.Declare(rowName, "builder of keyboard rows"); err != nil {
		return err
	}
	g.doc("Row returns the cells as one row of a keyboard, in order (never nil), for the keyboard constructors of this file.")
	g.f.Func().Id("Row").Types(jen.Id("C").Any()).Params(jen.Id("cells").Op("...").Id("C")).Index().Id("C").Block(
		jen.If(jen.Id("cells").Op("==").Nil()).Block(jen.Return(jen.Index().Id("C").Values())),
		jen.Return(jen.Id("cells")),
	)
	g.f.Line()
	return nil
}

func (g *gen) emitGrid(name string, gr grid) error {
	name = g.made(g.m.Scope, name, "builder "+name+" of "+gr.o.Object.Name, gr.o)
	g.gridNames = append(g.gridNames, name)
	rowT := gr.rows.Type.Elem.Jen()
	g.doc(fmt.Sprintf("%s returns %s with the rows as its %s (build each with Row).", name, article(gr.o.GoName), gr.rows.Name))
	g.f.Func().Id(name).Params(jen.Id("rows").Op("...").Add(rowT)).Op("*").Id(gr.o.GoName).Block(
		jen.If(jen.Id("rows").Op("==").Nil()).Block(jen.Id("rows").Op("=").Add(gr.rows.Type.Jen()).Values()),
		jen.Return(jen.Op("&").Id(gr.o.GoName).Values(jen.Dict{jen.Id(gr.rows.GoName): jen.Id("rows")})),
	)
	g.f.Line()
	return g.emitWith(gr.o)
}

func (g *gen) emitCell(name string, c *ctor) error {
	g.cellNames = append(g.cellNames, name)
	var params []jen.Code
	vals := jen.Dict{}
	var req []string
	for _, f := range c.cell.Fields {
		if !f.Required() {
			continue
		}
		pn := paramName(f)
		typ, val := param(f.Type, pn)
		params = append(params, jen.Id(pn).Add(typ))
		vals[jen.Id(f.GoName)] = val
		req = append(req, f.Name)
	}
	what := fmt.Sprintf("%s with only %s set", article(c.cell.GoName), strings.Join(req, ", "))
	if mf := c.member; mf != nil {
		if isBool(mf.Type) {
			vals[jen.Id(mf.GoName)] = setTrue(mf.Type)
			what = fmt.Sprintf("%s with %s set and %s true", article(c.cell.GoName), strings.Join(req, ", "), mf.Name)
		} else {
			pn := paramName(mf)
			for _, r := range req {
				if r == mf.Name {
					return fmt.Errorf("%s: member %s is also required", c.cell.Object.Name, mf.Name)
				}
			}
			typ, val := param(mf.Type, pn)
			params = append(params, jen.Id(pn).Add(typ))
			vals[jen.Id(mf.GoName)] = val
			what = fmt.Sprintf("%s with %s and %s set", article(c.cell.GoName), strings.Join(req, ", "), mf.Name)
		}
		what += " (see " + c.cell.GoName + "." + mf.GoName + ")"
	}
	text := name + " returns " + what + "."
	if c.rule != nil && c.rule.Text != "" {
		text += " The document says: " + strings.TrimSuffix(c.rule.Text, ".") + "."
	}
	g.doc(text)
	g.f.Func().Id(name).Params(params...).Id(c.cell.GoName).Block(
		jen.Return(jen.Id(c.cell.GoName).Values(vals)),
	)
	g.f.Line()
	return nil
}

// article puts "a" or "an" before a Go name.
func article(name string) string {
	if strings.ContainsRune("AEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// flagName is a flag object's constructor: its first required field's
// name, or New<Type> when that is the type's own name.
func flagName(o *gomodel.Struct) string {
	for _, f := range o.Fields {
		if f.Required() {
			if f.GoName == o.GoName {
				return "New" + o.GoName
			}
			return f.GoName
		}
	}
	return "New" + o.GoName
}

func (g *gen) emitFlag(name string, o *gomodel.Struct) error {
	var first *gomodel.Field
	vals := jen.Dict{}
	for _, f := range o.Fields {
		if f.Required() {
			if first == nil {
				first = f
			}
			vals[jen.Id(f.GoName)] = setTrue(f.Type)
		}
	}
	name = g.made(g.m.Scope, name, "builder "+name+" of "+o.Object.Name, o)
	g.flagNames = append(g.flagNames, name)
	g.doc(fmt.Sprintf("%s returns %s with %s true.", name, article(o.GoName), first.Name))
	g.f.Func().Id(name).Params().Op("*").Id(o.GoName).Block(
		jen.Return(jen.Op("&").Id(o.GoName).Values(vals)),
	)
	g.f.Line()
	return g.emitWith(o)
}

// emitLists emits the StringList setters of every params struct.
func (g *gen) emitLists() int {
	n := 0
	for _, p := range g.m.Params {
		for _, l := range p.Lists {
			f := l.Field
			var fill []jen.Code
			what := "one element each"
			if l.Wrap == nil {
				fill = append(fill, jen.Id("p").Dot(f.GoName).Op("=").Append(jen.Make(f.Type.Jen(), jen.Lit(0), jen.Len(jen.Id("texts"))), jen.Id("texts").Op("...")))
			} else {
				what = "each the " + l.Into.Name + " of " + article(l.Wrap.GoName)
				fill = append(fill,
					jen.Id("p").Dot(f.GoName).Op("=").Make(f.Type.Jen(), jen.Len(jen.Id("texts"))),
					jen.For(jen.List(jen.Id("i"), jen.Id("t")).Op(":=").Range().Id("texts")).Block(
						jen.Id("p").Dot(f.GoName).Index(jen.Id("i")).Dot(l.Into.GoName).Op("=").Id("t"),
					))
			}
			g.doc(fmt.Sprintf("%s sets %s (p.%s) from plain strings, %s, and returns p, for chaining.", l.Method, f.Name, f.GoName, what))
			g.f.Func().Params(jen.Id("p").Op("*").Id(p.GoName)).Id(l.Method).Params(jen.Id("texts").Op("...").String()).Op("*").Id(p.GoName).Block(
				append(fill, jen.Return(jen.Id("p")))...,
			)
			g.f.Line()
			g.listNames = append(g.listNames, p.GoName+"."+l.Method)
			n++
		}
	}
	return n
}

// emitWith emits With<Field> for each optional field of o.
func (g *gen) emitWith(o *gomodel.Struct) error {
	for _, f := range o.Fields {
		if f.Required() {
			continue
		}
		name := g.m.Made(o.Scope, "With"+f.GoName, naming.ValueKind, f.Schema.Since, f.Schema.Source, "builder option of field "+o.Object.Name+"."+f.Name)
		typ, val := param(f.Type, "v")
		g.doc(fmt.Sprintf("%s sets %s (o.%s) and returns o, for chaining.", name, f.Name, f.GoName))
		g.f.Func().Params(jen.Id("o").Op("*").Id(o.GoName)).Id(name).Params(jen.Id("v").Add(typ)).Op("*").Id(o.GoName).Block(
			jen.Id("o").Dot(f.GoName).Op("=").Add(val),
			jen.Return(jen.Id("o")),
		)
		g.f.Line()
	}
	return nil
}
