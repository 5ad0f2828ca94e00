package validate

import (
	"fmt"
	"go/token"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators/godoc"
	"github.com/apigen/apigen/generators/gofile"
	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/schema"
)

// Runtime identifiers (generators/runtime/rt_validate.go) used by the
// generated code.
const (
	rtState     = "validateState"
	rtPath      = "validatePath"
	rtNoLimit   = "validateNoLimit"
	rtNoMinInt  = "validateNoMinInt"
	rtNoMaxInt  = "validateNoMaxInt"
	rtNoMinF    = "validateNoMinFloat"
	rtNoMaxF    = "validateNoMaxFloat"
	rtChars     = "validateCharacters"
	rtBytes     = "validateBytes"
	rtItems     = "validateItems"
	rtAtMostOne = "validateAtMostOne"
	rtExactly   = "validateExactlyOne"
	rtMember    = "validateMember"
	rtChoice    = "validateChoice"
)

// fileComment is written at the top of validate_gen.go.
var fileComment = []string{
	"Validators: every <Method>Params struct and every object a client sends",
	"has Validate() error, which returns a *ValidationError listing every",
	"problem (path in wire names, and reason) or nil. Clients call it before",
	"sending; servers call it on decoded input and answer 400 with its text.",
	"",
	"How values are counted and judged:",
	"  - Lengths in characters count Unicode code points; in bytes, UTF-8",
	"    bytes; items count array elements.",
	"  - A text limited \"after entity parsing\" is parsed with ParseFormatted",
	"    when its paired parse mode (the sibling <text>_parse_mode, else",
	"    parse_mode) holds a known mode; lengths and line feeds are counted on",
	"    the parsed text and markup that does not parse is a problem. Without",
	"    a mode the text is counted as written.",
	"  - A required union, InputFile or slice must be set; the zero value of a",
	"    required string, number or bool is a value, except a required",
	"    identifier (an Integer id or *_id), which is never 0.",
	"  - A parameter typed plain InputFile must be an Upload; one typed",
	"    \"InputFile or String\" may be an Upload, a FileID or a FileURL.",
	"  - Enums must hold a listed value and unions a known variant.",
	"  - Unix times \"N-M seconds ahead\" are judged against ValidationNow().",
}

func (g *gen) emit() ([]byte, error) {
	if err := g.declareHelpers(); err != nil {
		return nil, err
	}
	// Least fixpoint of "validateAt does something": an object's body calls
	// a nested object's validateAt only when that one has checks.
	for changed := true; changed; {
		changed = false
		for _, si := range g.structs {
			if si.Object == nil {
				continue
			}
			code, _, err := g.structBody(si)
			if err != nil {
				return nil, err
			}
			if has := len(code) > 0; has != g.checks[si.Struct] {
				g.checks[si.Struct] = has
				changed = true
			}
		}
	}

	f := godoc.NewFile(g.pkg, g.source)
	for _, l := range fileComment {
		f.Comment(l)
	}
	f.Line()
	for _, si := range g.structs {
		code, docs, err := g.structBody(si)
		if err != nil {
			return nil, err
		}
		g.emitValidate(f, si, code, docs)
	}
	for _, u := range g.helperOrder {
		g.emitUnionFunc(f, u)
	}
	for _, u := range g.labelOrder {
		g.emitLabelFunc(f, u)
	}
	if len(g.patternOrder) > 0 {
		var specs []jen.Code
		for _, p := range g.patternOrder {
			specs = append(specs, jen.Id(g.patterns[p]).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(p)))
		}
		f.Comment("Patterns of the schema, compiled once; each is anchored, so it matches the whole string.")
		f.Var().Defs(specs...)
	}
	return gofile.Render(f)
}

// variantBit names the bit of a union variant in the allowed-variants mask
// of the union's validator: validate<Union><Label>.
func (g *gen) variantBit(u *gomodel.Union, v *gomodel.Variant) string {
	label := naming.After("", g.label(u, v))
	if g.labelShared(u, v) {
		// Variants sharing a tag are named by their types.
		label = v.Struct.GoName
	}
	return g.unionFuncs[u] + label
}

// labelShared reports whether another variant of u has v's label (a shared
// discriminator tag).
func (g *gen) labelShared(u *gomodel.Union, v *gomodel.Variant) bool {
	for _, w := range u.Variants {
		if w != v && g.label(u, w) == g.label(u, v) {
			return true
		}
	}
	return false
}

// declareHelpers names every package-level helper up front, in schema order.
func (g *gen) declareHelpers() error {
	for _, u := range g.m.Unions {
		// An interface union's Variants are its objects: the forms of a
		// mixed union (a String, an Array) have nothing to check.
		if !u.Sent || u.Kind == gomodel.ValueUnion {
			continue
		}
		n := "validate" + u.GoName
		if err := g.declare(n, "validator of union "+u.Schema.Name); err != nil {
			return err
		}
		g.unionFuncs[u] = n
		g.helperOrder = append(g.helperOrder, u)
		names := []string{n + "Any"}
		for _, v := range u.Variants {
			names = append(names, g.variantBit(u, v))
		}
		for _, bn := range names {
			if err := g.declare(bn, "variant bit of the validator of union "+u.Schema.Name); err != nil {
				return err
			}
		}
	}
	for _, si := range g.structs {
		for _, r := range si.rules {
			if r.Kind != schema.RuleSameKindItems || len(r.Fields) != 1 {
				continue
			}
			var fi *fieldInfo
			for _, x := range si.fields {
				if x.Name == r.Fields[0] {
					fi = x
				}
			}
			t := fi.Type
			if t.Kind != gomodel.Slice || t.Elem.Kind != gomodel.Interface {
				return fmt.Errorf("%s: same_kind_items over %s needs an array of a union of objects", si.what, fi.Name)
			}
			u := t.Elem.Union
			if _, ok := g.labelFuncs[u]; ok {
				continue
			}
			n := "validateLabel" + u.GoName
			if err := g.declare(n, "variant label of union "+u.Schema.Name); err != nil {
				return err
			}
			g.labelFuncs[u] = n
			g.labelOrder = append(g.labelOrder, u)
		}
		for _, fi := range si.fields {
			if err := g.declarePatterns(si.GoName+fi.GoName, fi.Type); err != nil {
				return fmt.Errorf("%s.%s: %w", si.what, fi.Name, err)
			}
		}
	}
	return nil
}

// declarePatterns names the compiled patterns of a value of type t and of
// its elements (base, then base+"Item" for each array level).
func (g *gen) declarePatterns(base string, t *gomodel.Type) error {
	for ; t != nil; t = t.Elem {
		if c := t.Constraints; c != nil && c.Pattern != "" {
			if _, err := regexp.Compile(c.Pattern); err != nil {
				return fmt.Errorf("pattern %q: %w", c.Pattern, err)
			}
			if _, ok := g.patterns[c.Pattern]; !ok {
				n := "validatePattern" + base
				if err := g.declare(n, "pattern "+c.Pattern); err != nil {
					return err
				}
				g.patterns[c.Pattern] = n
				g.patternOrder = append(g.patternOrder, c.Pattern)
			}
		}
		if t.Kind == gomodel.Slice {
			base += "Item"
		}
	}
	return nil
}

// ---------------------------------------------------------------- bodies

// body accumulates one validateAt function.
type body struct {
	g    *gen
	si   *structInfo
	used map[string]int // local names taken in the function
	// scopes are the names declared in each open block (openScope): a
	// block's locals are free again once it closes, as in Go.
	scopes [][]string
	docs   []string
	// elems names the array elements being emitted in docs ("media[i]").
	elems []string
}

// local returns a fresh local variable name: prefix itself the first time,
// then prefix2, prefix3, ... The receiver and parameters (v, s, at) and
// "ok" are taken from the start.
func (b *body) local(prefix string) string {
	if b.used == nil {
		b.used = map[string]int{"v": 1, "s": 1, "at": 1, "ok": 1, "_": 1}
	}
	if token.Lookup(prefix).IsKeyword() {
		prefix += "_"
	}
	b.used[prefix]++
	if len(b.scopes) > 0 {
		b.scopes[len(b.scopes)-1] = append(b.scopes[len(b.scopes)-1], prefix)
	}
	if n := b.used[prefix]; n > 1 {
		return prefix + strconv.Itoa(n)
	}
	return prefix
}

// openScope starts a block (a loop body); closeScope ends it, freeing the
// names local declared in it, so that a sibling block reuses "i" and
// "elemPath" instead of numbering them.
func (b *body) openScope() { b.scopes = append(b.scopes, nil) }

func (b *body) closeScope() {
	top := b.scopes[len(b.scopes)-1]
	b.scopes = b.scopes[:len(b.scopes)-1]
	for _, n := range top {
		b.used[n]--
	}
}

// named is a local named after a wire name and a role ("replyMarkupPath"
// for the path of reply_markup), or fallback when name is empty.
func (b *body) named(name, suffix, fallback string) string {
	if name != "" {
		return b.local(strings.TrimSuffix(naming.Unexported(name), "_") + suffix)
	}
	return b.local(fallback)
}

func (b *body) doc(name, text string) {
	if name == "" && len(b.elems) > 0 {
		name = b.elems[len(b.elems)-1]
	}
	if name == "" {
		b.docs = append(b.docs, text)
		return
	}
	b.docs = append(b.docs, name+": "+text)
}

// s.<method>(args...)
func call(method string, args ...jen.Code) *jen.Statement {
	return jen.Id("s").Dot(method).Call(args...)
}

func (g *gen) structBody(si *structInfo) ([]jen.Code, []string, error) {
	b := &body{g: g, si: si}
	var out []jen.Code
	for _, fi := range si.fields {
		code, err := b.field(fi)
		if err != nil {
			return nil, nil, fmt.Errorf("%s, field %s: %w", si.what, fi.Name, err)
		}
		out = append(out, code...)
	}
	for _, r := range si.rules {
		code, err := b.rule(r)
		if err != nil {
			return nil, nil, fmt.Errorf("%s, rule %s: %w", si.what, r.Kind, err)
		}
		out = append(out, code...)
	}
	return out, b.docs, nil
}

func (b *body) field(fi *fieldInfo) ([]jen.Code, error) {
	x := gofile.Id("v").Dot(fi.GoName)
	at := gofile.Id("at")
	switch fi.Type.Kind {
	case gomodel.Opt:
		xv := b.named(fi.Name, "", "x")
		inner, err := b.scalar(gofile.Id(xv), fi.Type.Elem, fi.mode, at, fi.Name)
		if err != nil || len(inner) == 0 {
			return nil, err
		}
		return []jen.Code{jen.If(jen.List(jen.Id(xv), jen.Id("ok")).Op(":=").Add(x()).Dot("Get").Call(), jen.Id("ok")).Block(inner...)}, nil
	case gomodel.Pointer:
		if err := checkApplicable(fi.Type); err != nil {
			return nil, err
		}
		st := fi.Type.Elem.Struct
		if !b.g.checks[st] {
			return nil, nil
		}
		b.doc(fi.Name, "checked as "+st.Object.Name)
		p := b.named(fi.Name, "Path", "path")
		return []jen.Code{jen.If(x().Op("!=").Nil()).Block(
			b.pathDecl(p, at, fi.Name),
			x().Dot(methodValidateAt).Call(jen.Id("s"), jen.Op("&").Id(p)),
		)}, nil
	}
	rest, err := b.value(x, fi.Type, fi.Required(), fi.mode, at, fi.Name, nil)
	if fi.OmitZero() && len(rest) > 0 {
		// A conditionally required scalar: zero is unset, checked by the
		// rule that requires it; a value is checked when set.
		rest = []jen.Code{jen.If(presence(gofile.Id("v"), fi)).Block(rest...)}
	}
	if fi.Required() && fi.Identifier && fi.Type.Kind == gomodel.Scalar && fi.Type.Enum == nil && fi.Type.IsInteger() {
		// An identifier is never 0 (gomodel's isIdentifier): a required
		// one left 0 is unset, as an empty ReplyParameters{} is.
		b.doc(fi.Name, "required (an identifier is never 0)")
		rest = append([]jen.Code{jen.If(x().Op("==").Lit(0)).Block(call("required", at(), jen.Lit(fi.Name)))}, rest...)
	}
	return rest, err
}

// pathDecl declares the path of the child named name of at.
func (b *body) pathDecl(p string, at gofile.Expr, name string) jen.Code {
	return jen.Id(p).Op(":=").Id(rtPath).Values(jen.Dict{jen.Id("parent"): at(), jen.Id("name"): jen.Lit(name)})
}

// value emits the checks of a value stored as a plain Go value (not Opt, not
// pointer): a required field or an array element. at is the path of the
// container and name the wire name, or name is "" and at is the value's own
// path. idx are the enclosing loop indexes of this field's arrays. te is the
// Go type the model chose for the value; its constraints apply.
func (b *body) value(x gofile.Expr, te *gomodel.Type, required bool, mode *fieldInfo, at gofile.Expr, name string, idx []string) ([]jen.Code, error) {
	if te.Kind == gomodel.Slice {
		return b.array(x, te, required, at, name, idx)
	}
	if err := checkApplicable(te); err != nil {
		return nil, err
	}
	switch te.Kind {
	case gomodel.File:
		return b.inputFile(x, te, required, at, name)
	case gomodel.Interface, gomodel.Value:
		return b.union(x, te, required, at, name)
	case gomodel.Scalar:
		return b.scalar(x, te, mode, at, name)
	case gomodel.Object:
	default:
		return nil, fmt.Errorf("unexpected type %s", te)
	}
	st := te.Struct
	var out []jen.Code
	if b.g.checks[st] {
		b.doc(name, "checked as "+st.Object.Name)
		if name == "" {
			out = append(out, x().Dot(methodValidateAt).Call(jen.Id("s"), at()))
		} else {
			p := b.named(name, "Path", "path")
			out = append(out, b.pathDecl(p, at, name), x().Dot(methodValidateAt).Call(jen.Id("s"), jen.Op("&").Id(p)))
		}
	}
	if len(idx) == 2 {
		pos, err := b.position(x, st, at, idx)
		if err != nil {
			return nil, err
		}
		out = append(out, pos...)
	}
	return out, nil
}

// position checks first_in_first_row fields of an element of an Array of
// Array: only [0][0] may set them.
func (b *body) position(x gofile.Expr, st *gomodel.Struct, at gofile.Expr, idx []string) ([]jen.Code, error) {
	var out []jen.Code
	for _, f := range st.Fields {
		c := f.Constraints()
		if c == nil || c.Position == "" {
			continue
		}
		if c.Position != "first_in_first_row" {
			return nil, fmt.Errorf("%s.%s: unknown position %q", st.Object.Name, f.Name, c.Position)
		}
		fi, err := b.g.objectField(st, f)
		if err != nil {
			return nil, err
		}
		out = append(out, jen.If(
			jen.Parens(jen.Id(idx[0]).Op("!=").Lit(0).Op("||").Id(idx[1]).Op("!=").Lit(0)).Op("&&").Add(presence(x, fi)),
		).Block(call("add", at(), jen.Lit(f.Name), jen.Lit("allowed only in the first item of the first row ([0][0])"))))
		b.doc("", f.Name+" may only be set at [0][0]")
	}
	return out, nil
}

// objectField describes a field of a sent object.
func (g *gen) objectField(st *gomodel.Struct, f *gomodel.Field) (*fieldInfo, error) {
	for _, si := range g.structs {
		if si.Struct == st {
			for _, fi := range si.fields {
				if fi.Field == f {
					return fi, nil
				}
			}
		}
	}
	return nil, fmt.Errorf("%s.%s: not a field of a sent object", st.Object.Name, f.Name)
}

func (b *body) array(x gofile.Expr, te *gomodel.Type, required bool, at gofile.Expr, name string, idx []string) ([]jen.Code, error) {
	if err := checkApplicable(te); err != nil {
		return nil, err
	}
	c := te.Constraints
	var out []jen.Code
	var items []jen.Code
	if c != nil && c.Items != nil {
		min, max, err := intBounds(c.Items.Min, c.Items.Max)
		if err != nil {
			return nil, err
		}
		items = append(items, call("count", at(), jen.Lit(name), jen.Len(x()), min, max, jen.Id(rtItems), jen.False()))
	}
	if required && name != "" {
		b.doc(name, "required")
	}
	if c != nil && c.Items != nil {
		b.doc(name, c.Items.Text()+" items")
	}
	if c != nil && c.TotalLength != nil {
		total, err := b.totalLength(x, te, at, name)
		if err != nil {
			return nil, err
		}
		items = append(items, total...)
	}
	switch {
	case required && name != "":
		out = append(out, jen.If(x().Op("==").Nil()).Block(call("required", at(), jen.Lit(name))).Else().Block(items...))
		if len(items) == 0 {
			out = []jen.Code{jen.If(x().Op("==").Nil()).Block(call("required", at(), jen.Lit(name)))}
		}
	case name != "" && len(items) > 0:
		out = append(out, jen.If(x().Op("!=").Nil()).Block(items...))
	default:
		out = append(out, items...)
	}
	arrPath := at
	var decl []jen.Code
	if name != "" {
		a := b.named(name, "Path", "path")
		arrPath = gofile.AddrOf(a)
		decl = append(decl, b.pathDecl(a, at, name))
	}
	// The loop's index and element path live in its body: an element that
	// is itself an array is a row.
	b.openScope()
	defer b.closeScope()
	i := b.local(string(rune('i' + len(idx))))
	elemPath := "elemPath"
	if te.Elem.Kind == gomodel.Slice {
		elemPath = "rowPath"
	}
	e := b.local(elemPath)
	label := name
	if label == "" && len(b.elems) > 0 {
		label = b.elems[len(b.elems)-1]
	}
	b.elems = append(b.elems, label+"["+string(rune('i'+len(idx)))+"]")
	elem, err := b.value(func() *jen.Statement { return x().Index(jen.Id(i)) }, te.Elem, true, nil, gofile.AddrOf(e), "", append(idx[:len(idx):len(idx)], i))
	b.elems = b.elems[:len(b.elems)-1]
	if err != nil {
		return nil, err
	}
	if len(elem) > 0 {
		loop := append([]jen.Code{jen.Id(e).Op(":=").Id(rtPath).Values(jen.Dict{jen.Id("parent"): arrPath(), jen.Id("index"): jen.Id(i)})}, elem...)
		out = append(out, append(decl, jen.For(jen.Id(i).Op(":=").Range().Add(x())).Block(loop...))...)
	}
	return out, nil
}

// totalLength checks the length of all the strings of a list together
// (constraints.total_length): their lengths in the unit are summed and the
// sum judged against the bounds.
func (b *body) totalLength(x gofile.Expr, te *gomodel.Type, at gofile.Expr, name string) ([]jen.Code, error) {
	l := te.Constraints.TotalLength
	var unit jen.Code = jen.Id(rtChars)
	switch l.Unit {
	case schema.UnitCharacters:
	case schema.UnitBytes:
		unit = jen.Id(rtBytes)
	default:
		return nil, fmt.Errorf("unknown total length unit %q", l.Unit)
	}
	b.openScope()
	elem := b.local("t")
	b.closeScope()
	n := b.named(name, "Total", "total")
	var text jen.Code = jen.Id(elem)
	if el := te.Elem; el.Kind != gomodel.Scalar || el.Prim != gomodel.PrimString || el.Enum != nil {
		text = jen.String().Call(jen.Id(elem))
	}
	out := []jen.Code{
		jen.Id(n).Op(":=").Lit(0),
		jen.For(jen.List(jen.Id("_"), jen.Id(elem)).Op(":=").Range().Add(x())).Block(
			jen.Id(n).Op("+=").Id("validateLen").Call(text, unit),
		),
	}
	counted := func(bound string) *jen.Statement {
		return jen.Id("validateCount").Call(jen.Id(n), unit, jen.False()).Op("+").Lit(" in total, " + bound)
	}
	if l.Min != nil {
		if *l.Min < 0 {
			return nil, fmt.Errorf("negative total length %d", *l.Min)
		}
		out = append(out, jen.If(jen.Id(n).Op("<").Lit(*l.Min)).Block(
			call("add", at(), jen.Lit(name), counted("at least "+strconv.Itoa(*l.Min)))))
	}
	if l.Max != nil {
		if *l.Max < 0 {
			return nil, fmt.Errorf("negative total length %d", *l.Max)
		}
		out = append(out, jen.If(jen.Id(n).Op(">").Lit(*l.Max)).Block(
			call("add", at(), jen.Lit(name), counted("at most "+strconv.Itoa(*l.Max)))))
	}
	b.doc(name, l.Bounds().Text()+" "+l.Unit+" in total")
	return out, nil
}

// inputFile checks an InputFile value in the forms the model says it
// takes: a plain InputFile must be an upload; a file union or a String that
// may name an attach:// upload may be any form unless its constraints
// restrict the variants.
func (b *body) inputFile(x gofile.Expr, te *gomodel.Type, required bool, at gofile.Expr, name string) ([]jen.Code, error) {
	takesUpload, takesRef, err := te.FileForms()
	if err != nil {
		return nil, err
	}
	upload, ref := !takesRef, !takesUpload // upload only; reference (file_id / URL) only
	isSet := func() *jen.Statement { return x().Dot("IsSet").Call() }
	isUpload := func() *jen.Statement { return x().Dot("IsUpload").Call() }
	// notUpload is "a file_id or URL": after a required check it sits in
	// the else branch, where the value is set.
	notUpload := func() *jen.Statement {
		if required {
			return jen.Op("!").Add(isUpload())
		}
		return isSet().Op("&&").Op("!").Add(isUpload())
	}
	// One if / else if chain: each branch may assume the earlier ones failed.
	type branch struct {
		cond *jen.Statement
		body []jen.Code
	}
	var chain []branch
	if required {
		b.doc(name, "required")
		chain = append(chain, branch{jen.Op("!").Add(isSet()), []jen.Code{call("required", at(), jen.Lit(name))}})
	}
	switch {
	case upload:
		b.doc(name, "must be an Upload, not a FileID or FileURL")
		chain = append(chain, branch{notUpload(), []jen.Code{call("uploadOnly", at(), jen.Lit(name))}})
	case ref:
		b.doc(name, "must be a FileID or FileURL, not an Upload")
		chain = append(chain, branch{isUpload(), []jen.Code{call("add", at(), jen.Lit(name), jen.Lit("must be a file_id or URL (FileID or FileURL), not an uploaded file"))}})
	}
	if hasStringChecks(te) && !upload {
		strs, err := b.stringChecks(x.Dot("Ref").Call(), te, false, nil, at, name)
		if err != nil {
			return nil, err
		}
		chain = append(chain, branch{notUpload(), strs})
	}
	if len(chain) == 0 {
		return nil, nil
	}
	st := jen.If(chain[0].cond).Block(chain[0].body...)
	for _, br := range chain[1:] {
		st = st.Else().If(br.cond).Block(br.body...)
	}
	return []jen.Code{st}, nil
}

// scalar emits the checks of a plain scalar value x of schema type tn.
func (b *body) scalar(x gofile.Expr, te *gomodel.Type, mode *fieldInfo, at gofile.Expr, name string) ([]jen.Code, error) {
	if err := checkApplicable(te); err != nil {
		return nil, err
	}
	c := te.Constraints
	if c == nil {
		return nil, nil
	}
	var out []jen.Code
	switch te.Prim {
	case gomodel.PrimString:
		return b.stringChecks(x, te, true, mode, at, name)
	case gomodel.PrimInt, gomodel.PrimInt64, gomodel.PrimFloat64:
		if r := c.Range; r != nil {
			if te.Prim != gomodel.PrimFloat64 && integral(r.Min) && integral(r.Max) {
				out = append(out, call("rangeInt", at(), jen.Lit(name), jen.Int64().Call(x()), intBound(r.Min, rtNoMinInt), intBound(r.Max, rtNoMaxInt)))
			} else {
				out = append(out, call("rangeFloat", at(), jen.Lit(name), jen.Float64().Call(x()), floatBound(r.Min, rtNoMinF), floatBound(r.Max, rtNoMaxF)))
			}
			b.doc(name, r.Text())
		}
		if len(c.Values) > 0 {
			// A switch with no case of its own: the listed numbers pass.
			var vals []jen.Code
			var words []string
			for _, v := range c.Values {
				vals = append(vals, jen.Lit(int(v)))
				words = append(words, strconv.FormatInt(v, 10))
			}
			list := strings.Join(words, ", ")
			out = append(out, jen.Switch(x()).Block(
				jen.Case(vals...),
				jen.Default().Block(call("add", at(), jen.Lit(name), jen.Id("validateFloat").Call(jen.Float64().Call(x())).Op("+").Lit(", must be one of "+list))),
			))
			b.doc(name, "one of "+list)
		}
		if a := c.Ahead; a != nil {
			out = append(out, call("ahead", at(), jen.Lit(name), jen.Int64().Call(x()), floatBound(a.Min, rtNoMinF), floatBound(a.Max, rtNoMaxF)))
			b.doc(name, "a Unix time "+a.Text()+" seconds after ValidationNow()")
		}
	}
	return out, nil
}

func integral(f *float64) bool {
	return f == nil || (*f == math.Trunc(*f) && math.Abs(*f) < 1<<53)
}

func intBound(f *float64, open string) jen.Code {
	if f == nil {
		return jen.Id(open)
	}
	return jen.Lit(int(*f))
}

func floatBound(f *float64, open string) jen.Code {
	if f == nil {
		return jen.Id(open)
	}
	return jen.Lit(*f)
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// intBounds are the bounds of a count (items).
func intBounds(lo, hi *float64) (jen.Code, jen.Code, error) {
	conv := func(f *float64) (jen.Code, error) {
		if f == nil {
			return jen.Id(rtNoLimit), nil
		}
		if !integral(f) || *f < 0 {
			return nil, fmt.Errorf("item bound %s is not a count", num(*f))
		}
		return jen.Lit(int(*f)), nil
	}
	min, err := conv(lo)
	if err != nil {
		return nil, nil, err
	}
	max, err := conv(hi)
	return min, max, err
}

// checkApplicable rejects constraints this backend cannot check on a value
// of type te, so that a new kind of constraint is noticed instead of
// silently ignored.
func checkApplicable(te *gomodel.Type) error {
	c := te.Constraints
	if c == nil {
		return nil
	}
	arr := te.Kind == gomodel.Slice
	plainStr := te.Kind == gomodel.Scalar && te.Prim == gomodel.PrimString
	str := plainStr || hasStringForm(te)
	num := te.IsInteger() || (te.Kind == gomodel.Scalar && te.Prim == gomodel.PrimFloat64)
	isUnion := te.Kind == gomodel.Interface || te.Kind == gomodel.Value || (te.Kind == gomodel.File && te.AnyForm)
	file := te.Kind == gomodel.File || isUnion
	var bad []string
	add := func(set bool, name string) {
		if set {
			bad = append(bad, name)
		}
	}
	add(c.Length != nil && !str, "length")
	add(c.MaxLineFeeds != nil && !str, "max_line_feeds")
	add(c.Pattern != "" && !str, "pattern")
	add(c.NoEmoji && !str, "no_emoji")
	add(c.Enum != "" && !plainStr, "enum")
	add(c.Fixed != "" && !plainStr, "fixed")
	add(c.Items != nil && !arr, "items")
	add(c.Each != nil && !arr, "each")
	add(c.TotalLength != nil && !(arr && te.Elem.Kind == gomodel.Scalar && te.Elem.Prim == gomodel.PrimString), "total_length")
	add(c.Range != nil && !num, "range")
	add(len(c.Values) > 0 && !te.IsInteger(), "values")
	add(c.Ahead != nil && !num, "ahead")
	add(c.UploadOnly && !file, "upload_only")
	add(len(c.Variants) > 0 && !isUnion, "variants")
	if len(bad) > 0 {
		return fmt.Errorf("constraint %s does not apply to %s", strings.Join(bad, ", "), te.Schema)
	}
	return nil
}

// ---------------------------------------------------------------- unions

func (b *body) union(x gofile.Expr, te *gomodel.Type, required bool, at gofile.Expr, name string) ([]jen.Code, error) {
	g := b.g
	u, c := te.Union, te.Constraints
	if required {
		b.doc(name, "required")
	}
	allowed := map[*gomodel.Variant]bool{}
	var only []string
	if c != nil && len(c.Variants) > 0 {
		for _, vn := range c.Variants {
			v := u.Variant(vn)
			if v == nil {
				return nil, fmt.Errorf("variant %s is not a variant of %s", vn, u.Schema.Name)
			}
			allowed[v] = true
		}
		for _, uv := range u.Variants {
			if allowed[uv] {
				only = append(only, g.label(u, uv))
			}
		}
		b.doc(name, "only "+strings.Join(only, ", "))
	} else {
		for _, uv := range u.Variants {
			allowed[uv] = true
		}
	}
	if u.Kind != gomodel.ValueUnion {
		if c != nil && c.UploadOnly {
			return nil, fmt.Errorf("upload_only on union %s of objects", u.Schema.Name)
		}
		// The allowed variants by name: <helper>Any, or their bits or-ed.
		var mask jen.Code
		if len(only) == 0 {
			mask = jen.Id(g.unionFuncs[u] + "Any")
		} else {
			for _, uv := range u.Variants {
				if allowed[uv] {
					bit := jen.Id(g.variantBit(u, uv))
					if mask == nil {
						mask = bit
					} else {
						mask = jen.Add(mask).Op("|").Add(bit)
					}
				}
			}
		}
		req := jen.Id("validateOptional")
		if required {
			req = jen.Id("validateRequired")
		}
		args := func(path jen.Code) jen.Code {
			return jen.Id(g.unionFuncs[u]).Call(jen.Id("s"), path, x(), req, mask)
		}
		b.doc(name, "checked as "+u.Schema.Name)
		if name == "" {
			return []jen.Code{args(at())}, nil
		}
		p := b.named(name, "Path", "path")
		return []jen.Code{b.pathDecl(p, at, name), args(jen.Op("&").Id(p))}, nil
	}

	// Union with primitive variants: a struct with As<Variant> accessors.
	var out []jen.Code
	if required {
		out = append(out, jen.If(jen.Op("!").Add(x()).Dot("IsSet").Call()).Block(call("required", at(), jen.Lit(name))))
	}
	upload := c != nil && c.UploadOnly
	if upload {
		b.doc(name, "must be an upload, not a file_id or URL")
	}
	for _, mv := range u.Variants {
		acc := mv.As
		isTrue, isFile := mv.Type.IsTrue(), mv.Type.Kind == gomodel.File
		isString := mv.Type.Kind == gomodel.Scalar && mv.Type.Prim == gomodel.PrimString
		holds := func(v string) jen.Code {
			if isTrue {
				return x().Dot(acc).Call()
			}
			return jen.List(jen.Id(v), jen.Id("ok")).Op(":=").Add(x()).Dot(acc).Call()
		}
		cond := func(v string, extra jen.Code) []jen.Code {
			if isTrue {
				return []jen.Code{holds(v)}
			}
			if extra == nil {
				return []jen.Code{holds(v), jen.Id("ok")}
			}
			return []jen.Code{holds(v), jen.Id("ok").Op("&&").Add(extra)}
		}
		if hasStringChecks(te) && allowed[mv] && (isString || isFile) {
			sv := b.local("text")
			val := gofile.Id(sv)
			if isFile {
				val = val.Dot("Ref").Call()
			}
			strs, err := b.stringChecks(val, te, false, nil, at, name)
			if err != nil {
				return nil, err
			}
			if isFile {
				out = append(out, jen.If(cond(sv, jen.Op("!").Id(sv).Dot("IsUpload").Call())...).Block(strs...))
			} else {
				out = append(out, jen.If(cond(sv, nil)...).Block(strs...))
			}
		}
		switch {
		case !allowed[mv]:
			out = append(out, jen.If(cond("_", nil)...).Block(call("add", at(), jen.Lit(name), jen.Lit(mv.Schema.Type.Name+" is not allowed here, want one of "+strings.Join(only, ", ")))))
		case upload && isFile:
			f := b.local("file")
			out = append(out, jen.If(cond(f, jen.Op("!").Id(f).Dot("IsUpload").Call())...).Block(call("uploadOnly", at(), jen.Lit(name))))
		case upload && isString:
			out = append(out, jen.If(cond("_", nil)...).Block(call("uploadOnly", at(), jen.Lit(name))))
		case mv.Struct != nil && g.checks[mv.Struct]:
			o := b.local("variant")
			var inner []jen.Code
			if name == "" {
				inner = append(inner, jen.Id(o).Dot(methodValidateAt).Call(jen.Id("s"), at()))
			} else {
				p := b.named(name, "Path", "path")
				inner = append(inner, b.pathDecl(p, at, name), jen.Id(o).Dot(methodValidateAt).Call(jen.Id("s"), jen.Op("&").Id(p)))
			}
			out = append(out, jen.If(cond(o, jen.Id(o).Op("!=").Nil())...).Block(inner...))
		}
	}
	return out, nil
}

func (g *gen) emitUnionFunc(f *jen.File, u *gomodel.Union) {
	goU := u.GoName
	tagged := u.Kind == gomodel.TaggedUnion
	var cases []jen.Code
	cases = append(cases, jen.Case(jen.Nil()).Block(jen.If(jen.Id("required")).Block(call("required", jen.Id("at"), jen.Lit("")))))
	var labels []string
	wantArgs := []jen.Code{jen.Id("only")}
	for _, v := range u.Variants {
		wantArgs = append(wantArgs, jen.Lit(g.label(u, v)))
	}
	for _, v := range u.Variants {
		labels = append(labels, g.label(u, v))
		desc := v.Schema.Type.Name
		if tagged {
			desc = u.Schema.Discriminator + " " + strconv.Quote(v.Schema.Tag)
		}
		inner := []jen.Code{
			jen.Case(jen.Id("x").Op("==").Nil()).Block(call("required", jen.Id("at"), jen.Lit(""))),
			jen.Case(jen.Id("only").Op("&").Id(g.variantBit(u, v)).Op("==").Lit(0)).Block(call("add", jen.Id("at"), jen.Lit(""), jen.Lit(desc+" is not allowed here, want one of ").Op("+").Id("validateWant").Call(wantArgs...))),
		}
		if g.checks[v.Struct] {
			inner = append(inner, jen.Default().Block(jen.Id("x").Dot(methodValidateAt).Call(jen.Id("s"), jen.Id("at"))))
		}
		cases = append(cases, jen.Case(jen.Op("*").Id(v.Struct.GoName)).Block(jen.Switch().Block(inner...)))
	}
	// An array form of the union itself ("an Array of RichText"): each
	// element is checked as the union, every variant allowed.
	for _, fv := range u.Forms {
		if t := fv.Type; t.Kind == gomodel.Slice && t.Elem.Kind == gomodel.Interface && t.Elem.Union == u {
			cases = append(cases, jen.Case(jen.Id(fv.GoName)).Block(
				jen.For(jen.List(jen.Id("i"), jen.Id("e")).Op(":=").Range().Id("x")).Block(
					jen.Id(g.unionFuncs[u]).Call(jen.Id("s"), jen.Op("&").Id(rtPath).Values(jen.Dict{jen.Id("parent"): jen.Id("at"), jen.Id("index"): jen.Id("i")}),
						jen.Id("e"), jen.Id("validateRequired"), jen.Id(g.unionFuncs[u]+"Any")),
				),
			))
		}
	}
	var unk jen.Code
	if tagged {
		unk = call("unknownTag", jen.Id("at"), jen.Lit(""), jen.Lit(u.Schema.Discriminator), jen.Id("x").Dot(u.UnknownTag), jen.Lit(strings.Join(labels, ", ")))
	} else {
		// Each variant by the member only it has, else by its required
		// members (schema.Variant gives the rule).
		var keys []string
		for _, v := range u.Variants {
			if v.Key != "" {
				keys = append(keys, v.Key)
			} else {
				keys = append(keys, v.Schema.Type.Name+" ("+strings.Join(v.Schema.Requires, ", ")+")")
			}
		}
		unk = call("add", jen.Id("at"), jen.Lit(""), jen.Lit("unknown variant, want an object with one of the keys "+strings.Join(keys, ", ")))
	}
	cases = append(cases, jen.Case(jen.Op("*").Id(u.Unknown)).Block(
		jen.If(jen.Id("x").Op("==").Nil()).Block(call("required", jen.Id("at"), jen.Lit(""))).Else().Block(unk),
	))
	n := g.unionFuncs[u]
	var bits []jen.Code
	var all jen.Code
	for i, v := range u.Variants {
		b := g.variantBit(u, v)
		bits = append(bits, jen.Id(b).Op("=").Lit(1).Op("<<").Lit(i))
		if all == nil {
			all = jen.Id(b)
		} else {
			all = jen.Add(all).Op("|").Id(b)
		}
	}
	bits = append(bits, jen.Id(n+"Any").Op("=").Add(all))
	f.Comment("The variants " + n + " may allow, one bit each.")
	f.Const().Defs(bits...)
	f.Line()
	for _, l := range godoc.Wrap(fmt.Sprintf("%s checks a %s whose own path is at. required (validateRequired or validateOptional) says whether nil is a problem; only holds the bits of the allowed variants (%sAny for all).", n, goU, n), godoc.Width+2, "") {
		f.Comment(l)
	}
	f.Func().Id(n).Params(
		jen.Id("s").Op("*").Id(rtState), jen.Id("at").Op("*").Id(rtPath), jen.Id("u").Id(goU),
		jen.Id("required").Bool(), jen.Id("only").Uint64(),
	).Block(jen.Switch(jen.Id("x").Op(":=").Id("u").Assert(jen.Type())).Block(cases...))
	f.Line()
}

func (g *gen) emitLabelFunc(f *jen.File, u *gomodel.Union) {
	goU := u.GoName
	tagged := u.Kind == gomodel.TaggedUnion
	var cases []jen.Code
	for _, v := range u.Variants {
		cases = append(cases, jen.Case(jen.Op("*").Id(v.Struct.GoName)).Block(jen.Return(jen.Lit(g.label(u, v)))))
	}
	var sw *jen.Statement
	if tagged {
		cases = append(cases, jen.Case(jen.Op("*").Id(u.Unknown)).Block(jen.If(jen.Id("x").Op("!=").Nil()).Block(jen.Return(jen.Id("x").Dot(u.UnknownTag)))))
		sw = jen.Switch(jen.Id("x").Op(":=").Id("u").Assert(jen.Type())).Block(cases...)
	} else {
		cases = append(cases, jen.Case(jen.Op("*").Id(u.Unknown)).Block(jen.Return(jen.Lit("unknown"))))
		sw = jen.Switch(jen.Id("u").Assert(jen.Type())).Block(cases...)
	}
	n := g.labelFuncs[u]
	f.Commentf("%s names the variant a %s holds in messages (\"\" for nil).", n, goU)
	f.Func().Id(n).Params(jen.Id("u").Id(goU)).String().Block(sw, jen.Return(jen.Lit("")))
	f.Line()
}

// ---------------------------------------------------------------- rules

// presence is the condition under which a field is set (nil when it is
// always set: a required string, number, bool or object).
func presence(x gofile.Expr, fi *fieldInfo) *jen.Statement {
	v := x().Dot(fi.GoName)
	switch {
	case fi.OmitZero():
		return v.Op("!=").Add(fi.Type.Zero())
	case fi.Type.HasIsSet():
		return v.Dot("IsSet").Call()
	case fi.Type.Nilable():
		return v.Op("!=").Nil()
	}
	return nil
}

// absence is the negation of presence, spelt for each kind: "!v.X.IsSet()",
// "v.X == nil" (never "!v.X != nil"); nil when the field is always present.
func absence(x gofile.Expr, fi *fieldInfo) *jen.Statement {
	v := x().Dot(fi.GoName)
	switch {
	case fi.OmitZero():
		return v.Op("==").Add(fi.Type.Zero())
	case fi.Type.HasIsSet():
		return jen.Op("!").Add(v.Dot("IsSet").Call())
	case fi.Type.Nilable():
		return v.Op("==").Nil()
	}
	return nil
}

func (b *body) fieldNamed(n string) *fieldInfo {
	for _, fi := range b.si.fields {
		if fi.Schema.Name == n {
			return fi
		}
	}
	return nil
}

func (b *body) set(n string) jen.Code {
	if p := presence(gofile.Id("v"), b.fieldNamed(n)); p != nil {
		return p
	}
	return jen.True()
}

func (b *body) rule(r *schema.Rule) ([]jen.Code, error) {
	at := jen.Id("at")
	switch r.Kind {
	case schema.RuleMutuallyExclusive, schema.RuleAtMostOne, schema.RuleExactlyOne:
		if len(r.Fields) < 2 {
			return nil, fmt.Errorf("needs two fields or more")
		}
		kind, text := rtAtMostOne, "at most one of "
		if r.Kind == schema.RuleExactlyOne {
			kind, text = rtExactly, "exactly one of "
		}
		var members, choices []jen.Code
		anyText := false
		for _, n := range r.Fields {
			set := b.set(n)
			members = append(members, jen.Values(jen.Lit(n), set))
			// An optional String member: whether it is set to "" (a
			// server does not count that as a choice beside a non-empty
			// member, see exactlyOneOf in the runtime).
			empty := jen.Code(jen.False())
			if fi := b.fieldNamed(n); r.Kind == schema.RuleExactlyOne && fi != nil && fi.Type.Kind == gomodel.Opt && fi.Type.Elem.Prim == gomodel.PrimString {
				anyText = true
				empty = gofile.Id("v")().Dot(fi.GoName).Dot("IsSet").Call().Op("&&").Add(gofile.Id("v")().Dot(fi.GoName).Dot("Value").Call()).Op("==").Lit("")
			}
			choices = append(choices, jen.Values(jen.Lit(n), b.set(n), empty))
		}
		b.doc("", text+strings.Join(r.Fields, ", "))
		if anyText {
			return []jen.Code{call("exactlyOneOf", at, jen.Index().Id(rtChoice).Values(choices...))}, nil
		}
		return []jen.Code{call("fields", at, jen.Id(kind), jen.Index().Id(rtMember).Values(members...))}, nil
	case schema.RuleOneOf:
		var groups []jen.Code
		var text []string
		for _, grp := range r.Groups {
			if len(grp) == 0 {
				return nil, fmt.Errorf("empty group")
			}
			var members []jen.Code
			for _, n := range grp {
				members = append(members, jen.Values(jen.Lit(n), b.set(n)))
			}
			groups = append(groups, jen.Values(members...))
			text = append(text, strings.Join(grp, " with "))
		}
		b.doc("", "exactly one of: "+strings.Join(text, "; or "))
		return []jen.Code{call("oneOf", at, jen.Index().Index().Id(rtMember).Values(groups...))}, nil
	case schema.RuleRequiredIf:
		if len(r.Fields) != 1 || r.When == nil {
			return nil, fmt.Errorf("needs one field and a condition")
		}
		target, cf := b.fieldNamed(r.Fields[0]), b.fieldNamed(r.When.Field)
		notSet := absence(gofile.Id("v"), target)
		if notSet == nil {
			return nil, nil // always present
		}
		if set := r.When.Set; set != nil {
			// "Required if X is (not) specified".
			cond, reason := presence(gofile.Id("v"), cf), "required when "+r.When.Field+" is set"
			if !*set {
				cond, reason = absence(gofile.Id("v"), cf), "required when "+r.When.Field+" is not set"
			}
			b.doc(r.Fields[0], reason)
			switch {
			case cond == nil && !*set:
				return nil, nil // X is always there, never not set
			case cond == nil:
				return []jen.Code{jen.If(notSet).Block(call("add", at, jen.Lit(r.Fields[0]), jen.Lit(reason)))}, nil
			}
			return []jen.Code{jen.If(cond.Op("&&").Add(notSet)).Block(call("add", at, jen.Lit(r.Fields[0]), jen.Lit(reason)))}, nil
		}
		cond, err := b.g.condition(cf, r.When.Equals)
		if err != nil {
			return nil, err
		}
		reason := "required when " + r.When.Field + " is " + strconv.Quote(r.When.Equals)
		b.doc(r.Fields[0], reason)
		return []jen.Code{jen.If(cond.Op("&&").Add(notSet)).Block(call("add", at, jen.Lit(r.Fields[0]), jen.Lit(reason)))}, nil
	case schema.RuleSameKindItems:
		return b.sameKind(r)
	}
	return nil, fmt.Errorf("unknown rule kind %q", r.Kind)
}

// condition is "field equals value", an unset field taking its default.
func (g *gen) condition(fi *fieldInfo, equals string) (*jen.Statement, error) {
	t := fi.Type.Base()
	if fi.Type.Kind == gomodel.Slice {
		return nil, fmt.Errorf("condition on array %s", fi.Schema.Name)
	}
	var lit jen.Code
	var def any
	switch t.Prim {
	case gomodel.PrimString:
		lit = jen.Lit(equals)
		if d, ok := defaultOf(fi).(string); ok {
			def = d
		}
	case gomodel.PrimBool:
		v, err := strconv.ParseBool(equals)
		if err != nil {
			return nil, fmt.Errorf("condition on %s: %w", fi.Schema.Name, err)
		}
		lit = jen.Lit(v)
		if d, ok := defaultOf(fi).(bool); ok {
			def = d
		}
	case gomodel.PrimInt, gomodel.PrimInt64:
		v, err := strconv.ParseInt(equals, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("condition on %s: %w", fi.Schema.Name, err)
		}
		lit = jen.Lit(int(v))
		if d, ok := defaultOf(fi).(int); ok {
			def = d
		}
	default:
		return nil, fmt.Errorf("condition on %s of type %s is not supported", fi.Schema.Name, fi.Schema.Type)
	}
	x := jen.Id("v").Dot(fi.GoName)
	switch fi.Type.Kind {
	case gomodel.Opt:
		if def != nil {
			return x.Dot("Or").Call(jen.Lit(def)).Op("==").Add(lit), nil
		}
		return x.Clone().Dot("IsSet").Call().Op("&&").Add(jen.Id("v").Dot(fi.GoName).Dot("Value").Call()).Op("==").Add(lit), nil
	case gomodel.Scalar:
		return x.Op("==").Add(lit), nil
	}
	return nil, fmt.Errorf("condition on %s is not supported", fi.Schema.Name)
}

func (b *body) sameKind(r *schema.Rule) ([]jen.Code, error) {
	// Its locals live in a block of their own.
	b.openScope()
	defer b.closeScope()
	fi := b.fieldNamed(r.Fields[0])
	u := fi.Type.Elem.Union // declareHelpers made sure
	fn := b.g.labelFuncs[u]
	var kinds []string
	var match jen.Code
	k := b.local("label")
	for _, kn := range r.Kinds {
		v := u.Variant(kn)
		if v == nil {
			return nil, fmt.Errorf("kind %s is not a variant of %s", kn, u.Schema.Name)
		}
		label := b.g.label(u, v)
		kinds = append(kinds, label)
		c := jen.Id(k).Op("==").Lit(label)
		if match == nil {
			match = c
		} else {
			match = jen.Add(match).Op("||").Add(c)
		}
	}
	if match == nil {
		return nil, fmt.Errorf("no kinds")
	}
	first, kind, i := b.local("first"), b.local("kind"), b.local("i")
	x := jen.Id("v").Dot(fi.GoName)
	b.doc(fi.Schema.Name, strings.Join(kinds, ", ")+" items only grouped with their own kind")
	return []jen.Code{jen.Block(
		jen.List(jen.Id(first), jen.Id(kind)).Op(":=").List(jen.Lit(-1), jen.Lit("")),
		jen.For(jen.Id(i).Op(":=").Range().Add(x.Clone())).Block(
			jen.If(jen.Id(k).Op(":=").Id(fn).Call(jen.Id("v").Dot(fi.GoName).Index(jen.Id(i))), match).Block(
				jen.List(jen.Id(first), jen.Id(kind)).Op("=").List(jen.Id(i), jen.Id(k)),
				jen.Break(),
			),
		),
		jen.If(jen.Id(first).Op(">=").Lit(0)).Block(
			jen.For(jen.Id(i).Op(":=").Range().Add(jen.Id("v").Dot(fi.GoName))).Block(
				jen.If(jen.Id(k).Op(":=").Id(fn).Call(jen.Id("v").Dot(fi.GoName).Index(jen.Id(i))), jen.Id(k).Op("!=").Lit("").Op("&&").Id(k).Op("!=").Id(kind)).Block(
					call("sameKind", jen.Id("at"), jen.Lit(fi.Schema.Name), jen.Id(first), jen.Id(kind), jen.Id(i), jen.Id(k), jen.Lit(strings.Join(kinds, ", "))),
					jen.Break(),
				),
			),
		),
	)}, nil
}

// ---------------------------------------------------------------- methods

func (g *gen) emitValidate(f *jen.File, si *structInfo, code []jen.Code, docs []string) {
	lines := godoc.Wrap(fmt.Sprintf("Validate checks v, the %s, against the schema's constraints and rules. It returns a *ValidationError listing every problem, or nil.", si.what), godoc.Width+2, "")
	if len(code) == 0 {
		lines = append(lines, "", "There is nothing to check.")
		for _, l := range lines {
			f.Comment(l)
		}
		f.Func().Params(jen.Op("*").Id(si.GoName)).Id(methodValidate).Params().Error().Block(jen.Return(jen.Nil()))
		f.Line()
		return
	}
	lines = append(lines, "", "Checks:")
	for _, d := range docs {
		lines = append(lines, godoc.Wrap(d, godoc.Width+2, "  - ")...)
	}
	for _, l := range lines {
		f.Comment(l)
	}
	f.Func().Params(jen.Id("v").Op("*").Id(si.GoName)).Id(methodValidate).Params().Error().Block(
		jen.Var().Id("s").Id(rtState),
		jen.Id("v").Dot(methodValidateAt).Call(jen.Op("&").Id("s"), jen.Nil()),
		jen.Return(jen.Id("s").Dot("err").Call()),
	)
	f.Line()
	f.Commentf("%s appends the problems of v, whose path is at, to s.", methodValidateAt)
	f.Func().Params(jen.Id("v").Op("*").Id(si.GoName)).Id(methodValidateAt).Params(jen.Id("s").Op("*").Id(rtState), jen.Id("at").Op("*").Id(rtPath)).Block(code...)
	f.Line()
}

// defaultOf is the field's default value, or nil.
func defaultOf(fi *fieldInfo) any {
	c := fi.Constraints()
	if c == nil {
		return nil
	}
	return c.Default
}

// stringChecks emits the checks of a string value x of type te (an enum
// type when its constraints name an enum). whole is false for the string
// form of a file or union (its file_id or URL), whose enum and fixed value
// are no string's.
func (b *body) stringChecks(x gofile.Expr, te *gomodel.Type, whole bool, mode *fieldInfo, at gofile.Expr, name string) ([]jen.Code, error) {
	var out []jen.Code
	str := x
	c := te.Constraints
	if whole && c.Enum != "" {
		e := te.Enum
		if e == nil {
			return nil, fmt.Errorf("unknown enum %s", c.Enum)
		}
		var vals []string
		for _, v := range e.Schema.Values {
			vals = append(vals, v.Value)
		}
		list := strings.Join(vals, ", ")
		str = func() *jen.Statement { return jen.String().Call(x()) }
		out = append(out, jen.If(jen.Op("!").Add(x()).Dot("Known").Call()).Block(call("enum", at(), jen.Lit(name), str(), jen.Lit(list))))
		b.doc(name, "one of "+list)
	}
	if whole && c.Fixed != "" {
		out = append(out, call("fixed", at(), jen.Lit(name), str(), jen.Lit(c.Fixed)))
		b.doc(name, strconv.Quote(c.Fixed)+" only")
	}
	if c.Length != nil || c.MaxLineFeeds != nil {
		var min, max jen.Code = jen.Id(rtNoLimit), jen.Id(rtNoLimit)
		var unit jen.Code = jen.Id(rtChars)
		text := ""
		if l := c.Length; l != nil {
			switch l.Unit {
			case schema.UnitCharacters:
			case schema.UnitBytes:
				unit = jen.Id(rtBytes)
			default:
				return nil, fmt.Errorf("unknown length unit %q", l.Unit)
			}
			if l.Min != nil {
				if *l.Min < 0 {
					return nil, fmt.Errorf("negative length %d", *l.Min)
				}
				min = jen.Lit(*l.Min)
			}
			if l.Max != nil {
				if *l.Max < 0 {
					return nil, fmt.Errorf("negative length %d", *l.Max)
				}
				max = jen.Lit(*l.Max)
			}
			text = l.Bounds().Text() + " " + l.Unit
		}
		var lf jen.Code = jen.Id(rtNoLimit)
		if c.MaxLineFeeds != nil {
			if *c.MaxLineFeeds < 0 {
				return nil, fmt.Errorf("negative max_line_feeds %d", *c.MaxLineFeeds)
			}
			lf = jen.Lit(*c.MaxLineFeeds)
			if text != "" {
				text += ", "
			}
			text += "at most " + strconv.Itoa(*c.MaxLineFeeds) + " line feeds"
		}
		if c.Length != nil && c.Length.AfterEntityParsing && mode != nil {
			// The text's mode is named after the text ("captionMode"); the
			// parse mode read from its field lives in the if statement.
			m := b.named(name, "Mode", "mode")
			b.openScope()
			k := b.local("m")
			b.closeScope()
			mx := gofile.Id("v").Dot(mode.GoName)
			var set jen.Code
			if mode.Type.Kind == gomodel.Opt {
				set = jen.If(jen.List(jen.Id(k), jen.Id("ok")).Op(":=").Add(mx()).Dot("Get").Call(), jen.Id("ok").Op("&&").Id(k).Dot("Known").Call()).
					Block(jen.Id(m).Op("=").String().Call(jen.Id(k)))
			} else {
				set = jen.If(mx().Dot("Known").Call()).Block(jen.Id(m).Op("=").String().Call(mx()))
			}
			out = append(out,
				jen.Id(m).Op(":=").Lit(""),
				set,
				call("formatted", at(), jen.Lit(name), str(), jen.Id(m), min, max, unit, lf),
			)
			b.doc(name, text+", after entity parsing with "+mode.Name)
		} else {
			out = append(out, call("text", at(), jen.Lit(name), str(), min, max, unit, lf))
			b.doc(name, text)
		}
	}
	if c.Pattern != "" {
		pv := b.g.patterns[c.Pattern]
		out = append(out, jen.If(jen.Op("!").Id(pv).Dot("MatchString").Call(str())).
			Block(call("pattern", at(), jen.Lit(name), str(), jen.Lit(c.Pattern), jen.Lit(c.PatternText))))
		b.doc(name, "matches "+c.Pattern)
	}
	if c.NoEmoji {
		out = append(out, call("noEmoji", at(), jen.Lit(name), str()))
		b.doc(name, "no emoji")
	}
	return out, nil
}

// hasStringChecks reports whether constraints of a string apply to a value
// of type te.
func hasStringChecks(te *gomodel.Type) bool {
	c := te.Constraints
	return c != nil && (c.Length != nil || c.MaxLineFeeds != nil || c.Pattern != "" || c.NoEmoji)
}

// hasStringForm reports whether a value of te may be a string the string
// constraints apply to: a file of any form (its file_id or URL) or a union
// with a String or a file variant. A plain InputFile is an upload: it has
// none.
func hasStringForm(te *gomodel.Type) bool {
	switch te.Kind {
	case gomodel.File:
		return te.AnyForm
	case gomodel.Value, gomodel.Interface:
		return te.Union.StringVariant() != nil || te.Union.FileVariant() != nil
	}
	return false
}
