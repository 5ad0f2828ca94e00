package types

import (
	"sort"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/schema"
)

// expr builds a fresh statement each time (jen statements are mutable).
type expr func() *jen.Statement

func id(name string) expr { return func() *jen.Statement { return jen.Id(name) } }

func (e expr) dot(name string) expr {
	return func() *jen.Statement { return e().Dot(name) }
}

// wrapFn turns an error expression into the one to return.
type wrapFn func(err jen.Code) jen.Code

func wrapField(wire string) wrapFn {
	return func(err jen.Code) jen.Code { return jen.Id("jsonErrField").Call(err, jen.Lit(wire)) }
}

func (g *gen) emitJSON() ([]byte, error) {
	f := g.newFile()
	for _, si := range g.structs {
		g.emitStructCodec(f, si)
	}
	for _, u := range g.s.Unions {
		if g.fileUnions[u.Name] {
			continue // represented by InputFile
		}
		g.emitUnionCodec(f, g.unions[u.Name])
	}
	for _, e := range g.s.Enums {
		ei := g.enums[e.Name]
		var cases []jen.Code
		for i, v := range e.Values {
			cases = append(cases, jen.Case(jen.Lit(v.Value)).Block(jen.Return(jen.Id(ei.consts[i]))))
		}
		doc(f, ei.intern+" returns the "+ei.goName+" spelt b, without allocating for listed values.")
		f.Func().Id(ei.intern).Params(jen.Id("b").Index().Byte()).Id(ei.goName).Block(
			jen.Switch(jen.String().Parens(jen.Id("b"))).Block(cases...),
			jen.Return(jen.Id(ei.goName).Parens(jen.Id("b"))),
		)
		f.Line()
	}
	return render(f)
}

// emitMarshalers writes MarshalJSON / UnmarshalJSON on top of
// encodeJSON / decodeJSON.
func emitMarshalers(f *jen.File, goName string) {
	doc(f, "MarshalJSON encodes v with the generated encoder.")
	f.Func().Params(jen.Id("v").Id(goName)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Id("w").Op(":=").Id("jsonGetWriter").Call(),
		jen.Defer().Id("jsonPutWriter").Call(jen.Id("w")),
		jen.Id("v").Dot("encodeJSON").Call(jen.Id("w")),
		jen.If(jen.Err().Op(":=").Id("w").Dot("Err").Call(), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Nil(), jen.Err()),
		),
		jen.Return(jen.Append(jen.Index().Byte().Parens(jen.Nil()), jen.Id("w").Dot("Bytes").Call().Op("...")), jen.Nil()),
	)
	f.Line()
	doc(f, "UnmarshalJSON replaces v with the decoded data.")
	f.Func().Params(jen.Id("v").Op("*").Id(goName)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Id("r").Op(":=").Id("jsonGetReader").Call(jen.Id("data")),
		jen.Defer().Id("jsonPutReader").Call(jen.Id("r")),
		jen.Op("*").Id("v").Op("=").Id(goName).Values(),
		jen.If(jen.Err().Op(":=").Id("v").Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Err()),
		),
		jen.Return(jen.Id("r").Dot("End").Call()),
	)
	f.Line()
}

func (g *gen) emitStructCodec(f *jen.File, si *structInfo) {
	if si.obj != nil && si.obj.Opaque {
		f.Func().Params(jen.Id("v").Op("*").Id(si.goName)).Id("encodeJSON").Params(jen.Id("w").Op("*").Id("jsonWriter")).Block(
			jen.Id("w").Dot("Raw").Call(jen.Id("v").Dot("Raw")),
		)
		f.Line()
		f.Func().Params(jen.Id("v").Op("*").Id(si.goName)).Id("decodeJSON").Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(
			jen.List(jen.Id("raw"), jen.Err()).Op(":=").Id("r").Dot("RawCopy").Call(),
			jen.Id("v").Dot("Raw").Op("=").Id("raw"),
			jen.Return(jen.Err()),
		)
		f.Line()
		emitMarshalers(f, si.goName)
		return
	}
	// Encoder.
	enc := []jen.Code{jen.Id("w").Dot("ObjStart").Call()}
	if si.tagged != nil {
		enc = append(enc, writeKey(si.tagged.u.Discriminator), jen.Id("w").Dot("Str").Call(jen.Lit(si.tag)))
	}
	for _, fi := range si.fields {
		enc = append(enc, g.encodeField(si, fi)...)
	}
	if si.kindRule != nil {
		enc = append(enc, jen.If(jen.Id("v").Dot(si.unknownKey).Op("!=").Lit("")).Block(
			jen.Id("w").Dot("Field").Call(jen.Id("v").Dot(si.unknownKey)),
			jen.Id("w").Dot("Raw").Call(jen.Id("v").Dot(si.unknownRaw)),
		))
	}
	enc = append(enc, jen.Id("w").Dot("ObjEnd").Call())
	f.Func().Params(jen.Id("v").Op("*").Id(si.goName)).Id("encodeJSON").Params(jen.Id("w").Op("*").Id("jsonWriter")).Block(enc...)
	f.Line()

	// Decoder.
	var dec []jen.Code
	if si.stringForm != nil {
		dec = append(dec, jen.If(jen.Id("r").Dot("Next").Call().Op("==").Id("jsonKindString")).Block(
			jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("r").Dot("Str").Call(),
			jen.Id("v").Dot(si.stringForm.goName).Op("=").Id("x"),
			jen.Return(jen.Err()),
		))
	}
	var body []jen.Code
	if len(si.fields) == 0 && si.kindRule == nil {
		body = []jen.Code{jen.Return(jen.Id("r").Dot("Skip").Call())}
	} else {
		var cases []jen.Code
		for _, fi := range si.fields {
			stmts := g.decodeInto(id("v").dot(fi.goName), fi.f.Type, fi.f.Constraints, identName(fi.f), !fi.f.Required, 0, wrapField(fi.f.Name))
			cases = append(cases, jen.Case(jen.Lit(fi.f.Name)).Block(stmts...))
		}
		def := []jen.Code{}
		if si.kindRule != nil {
			def = append(def, jen.If(jen.Id("v").Dot(si.unknownKey).Op("==").Lit("").Op("&&").Id("r").Dot("Next").Call().Op("==").Id("jsonKindObject")).Block(
				jen.Id("v").Dot(si.unknownKey).Op("=").String().Parens(jen.Id("key")),
				jen.List(jen.Id("raw"), jen.Err()).Op(":=").Id("r").Dot("RawCopy").Call(),
				jen.Id("v").Dot(si.unknownRaw).Op("=").Id("raw"),
				jen.Return(jen.Err()),
			))
		}
		def = append(def, jen.Return(jen.Id("r").Dot("Skip").Call()))
		cases = append(cases, jen.Default().Block(def...))
		body = []jen.Code{
			jen.If(jen.Id("r").Dot("Null").Call()).Block(jen.Return(jen.Nil())),
			jen.Switch(jen.String().Parens(jen.Id("key"))).Block(cases...),
			jen.Return(jen.Nil()),
		}
	}
	dec = append(dec, jen.Return(jen.Id("r").Dot("Object").Call(
		jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader"), jen.Id("key").Index().Byte()).Error().Block(body...),
	)))
	f.Func().Params(jen.Id("v").Op("*").Id(si.goName)).Id("decodeJSON").Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(dec...)
	f.Line()
	emitMarshalers(f, si.goName)
}

// writeKey writes a member name.
func writeKey(wire string) jen.Code {
	if plainKey(wire) {
		return jen.Id("w").Dot("key").Call(jen.Lit(strconv.Quote(wire) + ":"))
	}
	return jen.Id("w").Dot("Field").Call(jen.Lit(wire))
}

func (g *gen) encodeField(si *structInfo, fi *fieldInfo) []jen.Code {
	t := fi.f.Type
	wire := fi.f.Name
	v := id("v").dot(fi.goName)
	key := writeKey(wire)
	path := si.goName + "." + wire
	if fi.f.Required {
		var pre []jen.Code
		if !t.IsArray() {
			if ui := g.unions[t.Name]; ui != nil {
				if ui.kind == unionPrim {
					pre = append(pre, jen.If(jen.Op("!").Add(v()).Dot("IsSet").Call()).Block(jen.Id("w").Dot("failUnset").Call(jen.Lit(path))))
				} else {
					pre = append(pre, jen.If(v().Op("==").Nil()).Block(jen.Id("w").Dot("failUnset").Call(jen.Lit(path))))
				}
			} else if t.Name == schema.InputFile {
				pre = append(pre, jen.If(jen.Op("!").Add(v()).Dot("IsSet").Call()).Block(jen.Id("w").Dot("failUnset").Call(jen.Lit(path))))
			}
		}
		pre = append(pre, key)
		return append(pre, g.encodeValue(v, t, fi.f.Constraints, identName(fi.f), 0)...)
	}
	switch {
	case t.IsArray():
		return []jen.Code{jen.If(v().Op("!=").Nil()).Block(append([]jen.Code{key}, g.encodeValue(v, t, fi.f.Constraints, identName(fi.f), 0)...)...)}
	case t.Name == schema.True:
		return []jen.Code{jen.If(v().Dot("IsSet").Call()).Block(key, jen.Id("w").Dot("True").Call())}
	case isScalar(t.Name):
		return []jen.Code{jen.If(jen.List(jen.Id("x"), jen.Id("ok")).Op(":=").Add(v()).Dot("Get").Call(), jen.Id("ok")).Block(
			append([]jen.Code{key}, g.encodeValue(id("x"), t, fi.f.Constraints, identName(fi.f), 0)...)...)}
	case t.Name == schema.InputFile, g.unions[t.Name] != nil && g.unions[t.Name].kind == unionPrim:
		return []jen.Code{jen.If(v().Dot("IsSet").Call()).Block(append([]jen.Code{key}, g.encodeValue(v, t, fi.f.Constraints, identName(fi.f), 0)...)...)}
	}
	// Pointer object or interface union.
	return []jen.Code{jen.If(v().Op("!=").Nil()).Block(append([]jen.Code{key}, g.encodeValue(v, t, fi.f.Constraints, identName(fi.f), 0)...)...)}
}

// encodeValue writes the value e of type t (no member name).
func (g *gen) encodeValue(e expr, t schema.Type, c *schema.Constraints, wire string, depth int) []jen.Code {
	if t.IsArray() {
		i := "i" + strconv.Itoa(depth)
		elem := func() *jen.Statement { return e().Index(jen.Id(i)) }
		return []jen.Code{
			jen.Id("w").Dot("ArrStart").Call(),
			jen.For(jen.Id(i).Op(":=").Range().Add(e())).Block(g.encodeValue(elem, *t.Elem, eachOf(c), wire, depth+1)...),
			jen.Id("w").Dot("ArrEnd").Call(),
		}
	}
	w := jen.Id("w")
	switch t.Name {
	case schema.Integer:
		if isIdentifier(wire) {
			return []jen.Code{w.Dot("Int64").Call(e())}
		}
		return []jen.Code{w.Dot("Int").Call(e())}
	case schema.Integer64:
		return []jen.Code{w.Dot("Int64").Call(e())}
	case schema.Float:
		return []jen.Code{w.Dot("Float64").Call(e())}
	case schema.String:
		if enumOf(c) != "" {
			return []jen.Code{w.Dot("Str").Call(jen.String().Parens(e()))}
		}
		return []jen.Code{w.Dot("Str").Call(e())}
	case schema.Boolean:
		return []jen.Code{w.Dot("Bool").Call(e())}
	case schema.True:
		return []jen.Code{w.Dot("True").Call()}
	}
	if ui := g.unions[t.Name]; ui != nil && ui.kind != unionPrim {
		return []jen.Code{jen.Id(ui.encode).Call(jen.Id("w"), e())}
	}
	return []jen.Code{e().Dot("encodeJSON").Call(jen.Id("w"))}
}

// zeroOf is a literal of the zero value of a required value of type t.
func (g *gen) zeroOf(t schema.Type, c *schema.Constraints) jen.Code {
	if t.IsArray() {
		return jen.Nil()
	}
	switch t.Name {
	case schema.Integer, schema.Integer64, schema.Float:
		return jen.Lit(0)
	case schema.String:
		return jen.Lit("")
	case schema.Boolean:
		return jen.False()
	case schema.True:
		return jen.Id("True").Values()
	case schema.InputFile:
		return jen.Id("InputFile").Values()
	}
	if ui := g.unions[t.Name]; ui != nil {
		if ui.kind == unionPrim {
			return jen.Id(ui.goName).Values()
		}
		return jen.Nil()
	}
	return jen.Id(g.typeName[t.Name]).Values()
}

// decodeInto reads one value of type t and stores it in lv; on error the
// statements return wrap(err).
func (g *gen) decodeInto(lv expr, t schema.Type, c *schema.Constraints, wire string, optional bool, depth int, wrap wrapFn) []jen.Code {
	ret := func(err jen.Code) jen.Code { return jen.Return(wrap(err)) }
	errCheck := jen.If(jen.Err().Op("!=").Nil()).Block(ret(jen.Err()))
	if t.IsArray() {
		s := "s" + strconv.Itoa(depth)
		elem := func() *jen.Statement {
			return jen.Id(s).Index(jen.Len(jen.Id(s)).Op("-").Lit(1))
		}
		// Start at capacity 4 (typical arrays fit in one allocation); an
		// empty JSON array still gives a non-nil empty slice.
		inner := append([]jen.Code{
			jen.If(jen.Id(s).Op("==").Nil()).Block(jen.Id(s).Op("=").Make(g.goType(t, c, wire, false), jen.Lit(0), jen.Lit(4))),
			jen.Id(s).Op("=").Append(jen.Id(s), g.zeroOf(*t.Elem, eachOf(c))),
		}, g.decodeInto(elem, *t.Elem, eachOf(c), wire, false, depth+1, func(err jen.Code) jen.Code {
			return jen.Id("jsonErrIndex").Call(err, jen.Len(jen.Id(s)).Op("-").Lit(1))
		})...)
		inner = append(inner, jen.Return(jen.Nil()))
		return []jen.Code{
			jen.Var().Id(s).Add(g.goType(t, c, wire, false)),
			jen.Err().Op(":=").Id("r").Dot("Array").Call(jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(inner...)),
			errCheck,
			jen.If(jen.Id(s).Op("==").Nil()).Block(jen.Id(s).Op("=").Add(g.goType(t, c, wire, false)).Values()),
			lv().Op("=").Id(s),
		}
	}
	read := func(method string, conv func(jen.Code) jen.Code) []jen.Code {
		var val jen.Code = jen.Id("x")
		if conv != nil {
			val = conv(val)
		}
		if optional {
			val = jen.Id("Some").Call(val)
		}
		return []jen.Code{
			jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("r").Dot(method).Call(),
			errCheck,
			lv().Op("=").Add(val),
		}
	}
	switch t.Name {
	case schema.Integer:
		if isIdentifier(wire) {
			return read("Int64", nil)
		}
		return read("Int", nil)
	case schema.Integer64:
		return read("Int64", nil)
	case schema.Float:
		return read("Float64", nil)
	case schema.String:
		if e := enumOf(c); e != "" {
			// Known values are interned: no allocation.
			return read("StrBytes", func(x jen.Code) jen.Code { return jen.Id(g.enums[e].intern).Call(x) })
		}
		return read("Str", nil)
	case schema.Boolean:
		return read("Bool", nil)
	case schema.True:
		if optional {
			return []jen.Code{
				jen.Var().Id("x").Id("True"),
				jen.If(jen.Err().Op(":=").Id("x").Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(ret(jen.Err())),
				lv().Op("=").Id("Some").Call(jen.Id("x")),
			}
		}
	}
	if ui := g.unions[t.Name]; ui != nil && ui.kind != unionPrim {
		return []jen.Code{
			jen.List(jen.Id("x"), jen.Err()).Op(":=").Id(ui.decode).Call(jen.Id("r")),
			errCheck,
			lv().Op("=").Id("x"),
		}
	}
	var pre []jen.Code
	if optional && g.objects[t.Name] != nil {
		pre = append(pre, lv().Op("=").New(jen.Id(g.typeName[t.Name])))
	}
	return append(pre, jen.If(jen.Err().Op(":=").Add(lv()).Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(ret(jen.Err())))
}

// ---------------------------------------------------------------- unions

func (g *gen) emitUnionCodec(f *jen.File, ui *unionInfo) {
	if ui.kind == unionPrim {
		g.emitPrimUnionCodec(f, ui)
		return
	}
	u := ui.u
	// Encoder: a type switch over the variants.
	var cases []jen.Code
	for _, v := range ui.vars {
		cases = append(cases, jen.Case(jen.Op("*").Id(v.goName)).Block(
			jen.If(jen.Id("x").Op("!=").Nil()).Block(jen.Id("x").Dot("encodeJSON").Call(jen.Id("w")), jen.Return()),
		))
	}
	cases = append(cases, jen.Case(jen.Op("*").Id(ui.unknown)).Block(
		jen.If(jen.Id("x").Op("!=").Nil()).Block(jen.Id("w").Dot("Raw").Call(jen.Id("x").Dot("Raw")), jen.Return()),
	))
	f.Func().Id(ui.encode).Params(jen.Id("w").Op("*").Id("jsonWriter"), jen.Id("v").Id(ui.goName)).Block(
		jen.Switch(jen.Id("x").Op(":=").Id("v").Assert(jen.Type())).Block(cases...),
		jen.Id("w").Dot("failUnset").Call(jen.Lit(ui.goName)),
		jen.Id("w").Dot("Null").Call(),
	)
	f.Line()

	// Decoder: find the variant without consuming, then decode it.
	var scan, sel []jen.Code
	var variantCases []jen.Code
	var selector jen.Code
	switch {
	case ui.kind == unionTagged && !sharedTags(ui):
		// The tag alone decides: stop scanning at it.
		scan = []jen.Code{
			jen.If(jen.String().Parens(jen.Id("key")).Op("!=").Lit(u.Discriminator)).Block(jen.Return(jen.Id("r").Dot("Skip").Call())),
			jen.List(jen.Id("s"), jen.Err()).Op(":=").Id("r").Dot("Str").Call(),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("jsonErrField").Call(jen.Err(), jen.Lit(u.Discriminator)))),
			jen.Id("tag").Op("=").Id("s"),
			jen.Return(jen.Id("jsonStopScan")),
		}
		sel = []jen.Code{jen.Var().Id("tag").String()}
		for _, v := range ui.vars {
			variantCases = append(variantCases, jen.Case(jen.Lit(v.v.Tag)).Block(decodeVariant(v)...))
		}
		selector = jen.Switch(jen.Id("tag")).Block(variantCases...)
	case ui.kind == unionKeyed && keysDecide(ui):
		// Each variant has a member no other has: the first one seen
		// decides.
		var keyCases []jen.Code
		for i, v := range ui.vars {
			keyCases = append(keyCases, jen.Case(jen.Lit(v.key)).Block(
				jen.Id("which").Op("=").Lit(i+1),
				jen.Return(jen.Id("jsonStopScan")),
			))
		}
		scan = []jen.Code{
			jen.Switch(jen.String().Parens(jen.Id("key"))).Block(keyCases...),
			jen.Return(jen.Id("r").Dot("Skip").Call()),
		}
		sel = []jen.Code{jen.Var().Id("which").Int()}
		for i, v := range ui.vars {
			variantCases = append(variantCases, jen.Case(jen.Lit(i+1)).Block(decodeVariant(v)...))
		}
		selector = jen.Switch(jen.Id("which")).Block(variantCases...)
	default:
		scan, sel, selector = g.memberScan(ui)
	}
	unknownVal := jen.Dict{jen.Id("Raw"): jen.Id("raw")}
	if ui.kind == unionTagged {
		unknownVal[jen.Id(ui.unknownTag)] = jen.Id("tag")
	}
	body := []jen.Code{
		jen.If(jen.Id("r").Dot("Null").Call()).Block(jen.Return(jen.Nil(), jen.Nil())),
		jen.If(jen.Id("r").Dot("Next").Call().Op("!=").Id("jsonKindObject")).Block(
			jen.Return(jen.Nil(), jen.Id("r").Dot("Errorf").Call(jen.Lit("expected "+ui.goName+" object, found %s"), jen.Id("r").Dot("Next").Call())),
		),
	}
	body = append(body, sel...)
	body = append(body,
		jen.Err().Op(":=").Id("jsonStopped").Call(jen.Id("r").Dot("Capture").Call(jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(
			jen.Return(jen.Id("r").Dot("Object").Call(jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader"), jen.Id("key").Index().Byte()).Error().Block(scan...))),
		))),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		selector,
		jen.List(jen.Id("raw"), jen.Err()).Op(":=").Id("r").Dot("RawCopy").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Op("&").Id(ui.unknown).Values(unknownVal), jen.Nil()),
	)
	f.Func().Id(ui.decode).Params(jen.Id("r").Op("*").Id("jsonReader")).Params(jen.Id(ui.goName), jen.Error()).Block(body...)
	f.Line()

	// The unknown variant's own codec.
	f.Func().Params(jen.Id("v").Op("*").Id(ui.unknown)).Id("encodeJSON").Params(jen.Id("w").Op("*").Id("jsonWriter")).Block(
		jen.Id("w").Dot("Raw").Call(jen.Id("v").Dot("Raw")),
	)
	f.Line()
	doc(f, "MarshalJSON writes Raw unchanged.")
	f.Func().Params(jen.Id("v").Id(ui.unknown)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.If(jen.Len(jen.Id("v").Dot("Raw")).Op("==").Lit(0)).Block(jen.Return(jen.Index().Byte().Parens(jen.Lit("null")), jen.Nil())),
		jen.Return(jen.Append(jen.Index().Byte().Parens(jen.Nil()), jen.Id("v").Dot("Raw").Op("...")), jen.Nil()),
	)
	f.Line()
}

// sharedTags reports whether two variants of a discriminated union share a
// tag (their members then tell them apart).
func sharedTags(ui *unionInfo) bool {
	seen := map[string]bool{}
	for _, v := range ui.vars {
		if seen[v.v.Tag] {
			return true
		}
		seen[v.v.Tag] = true
	}
	return false
}

// keysDecide reports whether every variant has a member of its own and none
// states a constant: then the first such member decides.
func keysDecide(ui *unionInfo) bool {
	for _, v := range ui.vars {
		if v.key == "" || v.v.Const != nil {
			return false
		}
	}
	return true
}

// memberScan builds the general decoder of a union whose variants members
// tell apart (schema.Variant gives the rule): one scan records the tag (if
// any), which required members are present and which stated constants
// hold; then, per tag (or for all variants), the first candidate in order
// of preference whose members are all present and whose constant holds is
// decoded:
//
//	var tag string; var seen [2]bool; var const1 bool
//	... r.Object(func(r, key) { switch string(key) { case "date": seen[1] = true; raw, _ := r.Raw(); const1 = string(raw) == "0"; return nil ... } })
//	switch { case seen[0] && seen[1] && const1: decode InaccessibleMessage; case seen[0] && seen[1]: decode Message }
func (g *gen) memberScan(ui *unionInfo) (scan, sel []jen.Code, selector jen.Code) {
	u := ui.u
	tagged := ui.kind == unionTagged
	// Variants told apart by members: all (keyed), or those sharing a tag.
	byTag := map[string][]*variantInfo{}
	for _, v := range ui.vars {
		byTag[v.v.Tag] = append(byTag[v.v.Tag], v)
	}
	slot := map[string]int{}
	var slots []string
	constVar := map[*variantInfo]string{}
	type constCheck struct{ name, json string }
	constsOf := map[string][]constCheck{}
	for i, v := range ui.vars {
		if tagged && len(byTag[v.v.Tag]) < 2 {
			continue
		}
		names := v.v.Requires
		if c := v.v.Const; c != nil {
			names = append(append([]string(nil), names...), c.Field)
			cv := "const" + strconv.Itoa(i+1)
			constVar[v] = cv
			constsOf[c.Field] = append(constsOf[c.Field], constCheck{cv, c.JSON})
		}
		for _, n := range names {
			if _, ok := slot[n]; !ok {
				slot[n] = len(slots)
				slots = append(slots, n)
			}
		}
	}
	if tagged {
		sel = append(sel, jen.Var().Id("tag").String())
	}
	if len(slots) > 0 {
		sel = append(sel, jen.Var().Id("seen").Index(jen.Lit(len(slots))).Bool())
	}
	for _, v := range ui.vars {
		if cv, ok := constVar[v]; ok {
			sel = append(sel, jen.Var().Id(cv).Bool())
		}
	}
	var cases []jen.Code
	if tagged {
		cases = append(cases, jen.Case(jen.Lit(u.Discriminator)).Block(
			jen.List(jen.Id("s"), jen.Err()).Op(":=").Id("r").Dot("Str").Call(),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("jsonErrField").Call(jen.Err(), jen.Lit(u.Discriminator)))),
			jen.Id("tag").Op("=").Id("s"),
			jen.Return(jen.Nil()),
		))
	}
	for i, n := range slots {
		body := []jen.Code{jen.Id("seen").Index(jen.Lit(i)).Op("=").True()}
		if cs := constsOf[n]; len(cs) > 0 {
			body = append(body,
				jen.List(jen.Id("raw"), jen.Err()).Op(":=").Id("r").Dot("Raw").Call(),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("jsonErrField").Call(jen.Err(), jen.Lit(n)))),
			)
			for _, c := range cs {
				body = append(body, jen.Id(c.name).Op("=").String().Parens(jen.Id("raw")).Op("==").Lit(c.json))
			}
			body = append(body, jen.Return(jen.Nil()))
		}
		cases = append(cases, jen.Case(jen.Lit(n)).Block(body...))
	}
	scan = []jen.Code{
		jen.Switch(jen.String().Parens(jen.Id("key"))).Block(cases...),
		jen.Return(jen.Id("r").Dot("Skip").Call()),
	}
	// pick selects among variants by their members, most specific first.
	pick := func(vs []*variantInfo) jen.Code {
		ordered := append([]*variantInfo(nil), vs...)
		sort.SliceStable(ordered, func(i, j int) bool {
			a, b := ordered[i].v, ordered[j].v
			if (a.Const != nil) != (b.Const != nil) {
				return a.Const != nil
			}
			return len(a.Requires) > len(b.Requires)
		})
		var cs []jen.Code
		for _, v := range ordered {
			var cond *jen.Statement
			and := func(c jen.Code) {
				if cond == nil {
					cond = jen.Add(c)
				} else {
					cond = cond.Op("&&").Add(c)
				}
			}
			for _, n := range v.v.Requires {
				and(jen.Id("seen").Index(jen.Lit(slot[n])))
			}
			if cv, ok := constVar[v]; ok {
				and(jen.Id(cv))
			}
			if cond == nil {
				cond = jen.True()
			}
			cs = append(cs, jen.Case(cond).Block(decodeVariant(v)...))
		}
		return jen.Switch().Block(cs...)
	}
	if !tagged {
		return scan, sel, pick(ui.vars)
	}
	var tagCases []jen.Code
	done := map[string]bool{}
	for _, v := range ui.vars {
		if done[v.v.Tag] {
			continue
		}
		done[v.v.Tag] = true
		if vs := byTag[v.v.Tag]; len(vs) > 1 {
			tagCases = append(tagCases, jen.Case(jen.Lit(v.v.Tag)).Block(pick(vs)))
		} else {
			tagCases = append(tagCases, jen.Case(jen.Lit(v.v.Tag)).Block(decodeVariant(v)...))
		}
	}
	return scan, sel, jen.Switch(jen.Id("tag")).Block(tagCases...)
}

func decodeVariant(v *variantInfo) []jen.Code {
	return []jen.Code{
		jen.Id("x").Op(":=").New(jen.Id(v.goName)),
		jen.If(jen.Err().Op(":=").Id("x").Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Id("x"), jen.Nil()),
	}
}

func (g *gen) emitPrimUnionCodec(f *jen.File, ui *unionInfo) {
	// Encoder.
	var cases []jen.Code
	for _, v := range ui.vars {
		field := id("u").dot(v.field)
		var body []jen.Code
		switch n := v.v.Type.Name; {
		case n == schema.True:
			body = []jen.Code{jen.Id("w").Dot("True").Call()}
		case isScalar(n):
			body = g.encodeValue(field, v.v.Type, nil, "", 0)
		case n == schema.InputFile:
			body = []jen.Code{field().Dot("encodeJSON").Call(jen.Id("w"))}
		default:
			body = []jen.Code{jen.If(field().Op("!=").Nil()).Block(field().Dot("encodeJSON").Call(jen.Id("w")), jen.Return()),
				jen.Id("w").Dot("failUnset").Call(jen.Lit(ui.goName + "." + v.as)), jen.Id("w").Dot("Null").Call()}
		}
		cases = append(cases, jen.Case(jen.Lit(v.kind)).Block(body...))
	}
	cases = append(cases, jen.Default().Block(jen.Id("w").Dot("failUnset").Call(jen.Lit(ui.goName)), jen.Id("w").Dot("Null").Call()))
	f.Func().Params(jen.Id("u").Op("*").Id(ui.goName)).Id("encodeJSON").Params(jen.Id("w").Op("*").Id("jsonWriter")).Block(
		jen.Switch(jen.Id("u").Dot("kind")).Block(cases...),
	)
	f.Line()

	// Decoder: the JSON kind selects the variant.
	byKind := map[string]*variantInfo{}
	var kinds []string
	for _, v := range ui.vars {
		k := g.jsonKindOfVariant(v.v.Type.Name)
		if prev, ok := byKind[k]; ok {
			if prev.v.Type.Name == schema.String {
				continue // String wins over InputFile
			}
		} else {
			kinds = append(kinds, k)
		}
		byKind[k] = v
	}
	dcases := []jen.Code{jen.Case(jen.Id("jsonKindNull")).Block(
		jen.Id("r").Dot("Null").Call(),
		jen.Op("*").Id("u").Op("=").Id(ui.goName).Values(),
		jen.Return(jen.Nil()),
	)}
	var want []string
	for _, k := range kinds {
		v := byKind[k]
		var body []jen.Code
		n := v.v.Type.Name
		switch {
		case n == schema.True:
			body = []jen.Code{
				jen.Var().Id("x").Id("True"),
				jen.If(jen.Err().Op(":=").Id("x").Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.Op("*").Id("u").Op("=").Id(v.ctor).Call(),
				jen.Return(jen.Nil()),
			}
		case isScalar(n):
			method := map[string]string{schema.Integer: "Int", schema.Integer64: "Int64", schema.Float: "Float64", schema.String: "Str", schema.Boolean: "Bool"}[n]
			body = []jen.Code{
				jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("r").Dot(method).Call(),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.Op("*").Id("u").Op("=").Id(v.ctor).Call(jen.Id("x")),
				jen.Return(jen.Nil()),
			}
		case n == schema.InputFile:
			body = []jen.Code{
				jen.Var().Id("x").Id("InputFile"),
				jen.If(jen.Err().Op(":=").Id("x").Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.Op("*").Id("u").Op("=").Id(v.ctor).Call(jen.Id("x")),
				jen.Return(jen.Nil()),
			}
		default:
			body = []jen.Code{
				jen.Id("x").Op(":=").New(jen.Id(g.typeName[n])),
				jen.If(jen.Err().Op(":=").Id("x").Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.Op("*").Id("u").Op("=").Id(v.ctor).Call(jen.Id("x")),
				jen.Return(jen.Nil()),
			}
		}
		kindID := map[string]string{"number": "jsonKindNumber", "string": "jsonKindString", "boolean": "jsonKindBool", "object": "jsonKindObject"}[k]
		dcases = append(dcases, jen.Case(jen.Id(kindID)).Block(body...))
		want = append(want, n)
	}
	f.Func().Params(jen.Id("u").Op("*").Id(ui.goName)).Id("decodeJSON").Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(
		jen.Switch(jen.Id("r").Dot("Next").Call()).Block(dcases...),
		jen.Return(jen.Id("r").Dot("Errorf").Call(jen.Lit("expected "+ui.goName+" ("+joinOr(want)+"), found %s"), jen.Id("r").Dot("Next").Call())),
	)
	f.Line()
	emitMarshalers(f, ui.goName)
}

func joinOr(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " or "
		}
		out += x
	}
	return out
}
