package types

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators/godoc"
	"github.com/apigen/apigen/generators/gofile"
	"github.com/apigen/apigen/gomodel"
)

// wrapFn turns an error expression into the one to return.
type wrapFn func(err jen.Code) jen.Code

func wrapField(wire string) wrapFn {
	return func(err jen.Code) jen.Code { return jen.Id("jsonErrField").Call(err, jen.Lit(wire)) }
}

func (g *gen) emitJSON() ([]byte, error) {
	f := g.newFile()
	for _, si := range g.m.Objects {
		g.emitStructCodec(f, si)
	}
	for _, si := range g.m.Params {
		g.emitStructCodec(f, si)
	}
	for _, u := range g.m.Unions {
		g.emitUnionCodec(f, u)
	}
	for _, a := range g.arrayDecoders() {
		emitArrayDecoder(f, a)
	}
	for _, ei := range g.m.Enums {
		var cases []jen.Code
		for i, v := range ei.Schema.Values {
			cases = append(cases, jen.Case(jen.Lit(v.Value)).Block(jen.Return(jen.Id(ei.Consts[i]), jen.Nil())))
		}
		godoc.Add(f, ei.Intern+" returns the "+ei.GoName+" spelt b, just read by r, without allocating for listed values; a value the document does not list is kept, and shown to r (unknownEnum).")
		f.Func().Id(ei.Intern).Params(jen.Id("r").Op("*").Id("jsonReader"), jen.Id("b").Index().Byte()).Params(jen.Id(ei.GoName), jen.Error()).Block(
			jen.Switch(jen.String().Parens(jen.Id("b"))).Block(cases...),
			jen.Return(jen.Id(ei.GoName).Parens(jen.Id("b")), jen.Id("r").Dot("unknownEnum").Call(jen.Lit(ei.GoName), jen.Id("b"))),
		)
		f.Line()
	}
	return render(f)
}

// emitMarshalers writes MarshalJSON / AppendJSON / UnmarshalJSON on top of
// encodeJSON / decodeJSON. MarshalJSON and UnmarshalJSON hand the method
// value to one shared runtime function (jsonMarshal, jsonUnmarshal) rather
// than repeat its pooled-buffer and defer code in every type: the closure
// does not escape, so v stays on the stack, and the one indirect call per
// document is nothing beside the decoding.
func emitMarshalers(f *jen.File, goName string) {
	godoc.Add(f, "MarshalJSON encodes v with the generated encoder.")
	f.Func().Params(jen.Id("v").Id(goName)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(jen.Id("jsonMarshal").Call(jen.Id("v").Dot("encodeJSON"))),
	)
	f.Line()
	// AppendJSON writes straight into the caller's buffer through a writer
	// on the stack: no pooled writer, no copy and no allocation when dst
	// has room, so a caller that reuses one buffer (a server writing
	// replies, a bot logging requests) encodes without allocating. (Through
	// a shared function the writer would escape with the indirect call.)
	godoc.Add(f, "AppendJSON appends the JSON encoding of v (the bytes MarshalJSON returns) to dst and returns the extended buffer; it allocates only when dst lacks the capacity. On error it returns dst unchanged.")
	f.Func().Params(jen.Id("v").Id(goName)).Id("AppendJSON").Params(jen.Id("dst").Index().Byte()).Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Id("w").Op(":=").Id("jsonWriter").Values(jen.Dict{jen.Id("buf"): jen.Id("dst")}),
		jen.Id("v").Dot("encodeJSON").Call(jen.Op("&").Id("w")),
		jen.If(jen.Id("w").Dot("err").Op("!=").Nil()).Block(
			jen.Return(jen.Id("dst"), jen.Id("w").Dot("err")),
		),
		jen.Return(jen.Id("w").Dot("buf"), jen.Nil()),
	)
	f.Line()
	godoc.Add(f, "UnmarshalJSON replaces v with the decoded data.")
	f.Func().Params(jen.Id("v").Op("*").Id(goName)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Op("*").Id("v").Op("=").Id(goName).Values(),
		jen.Return(jen.Id("jsonUnmarshal").Call(jen.Id("data"), jen.Id("v").Dot("decodeJSON"))),
	)
	f.Line()
}

func (g *gen) emitStructCodec(f *jen.File, si *gomodel.Struct) {
	if si.Object != nil && si.Object.Opaque {
		f.Func().Params(jen.Id("v").Op("*").Id(si.GoName)).Id("encodeJSON").Params(jen.Id("w").Op("*").Id("jsonWriter")).Block(
			jen.Id("w").Dot("Raw").Call(jen.Id("v").Dot("Raw")),
		)
		f.Line()
		f.Func().Params(jen.Id("v").Op("*").Id(si.GoName)).Id("decodeJSON").Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(
			jen.List(jen.Id("raw"), jen.Err()).Op(":=").Id("r").Dot("RawCopy").Call(),
			jen.Id("v").Dot("Raw").Op("=").Id("raw"),
			jen.Return(jen.Err()),
		)
		f.Line()
		emitMarshalers(f, si.GoName)
		return
	}
	bits, bitOf := requiredBits(si)
	// Encoder.
	var enc []jen.Code
	// unlead: the encoder may leave out a missing required field, after
	// which a member whose comma is part of its key's constant can come
	// first; the writer removes that comma at the end.
	unlead := si.Missing != nil && si.Tagged == nil
	if si.Missing != nil {
		enc = append(enc, jen.Comment("Each required field's bit in "+si.Missing.Field+"."), bits.Const())
	}
	enc = append(enc, jen.Id("w").Dot("ObjStart").Call())
	if unlead {
		enc = append(enc, jen.Id("open").Op(":=").Len(jen.Id("w").Dot("buf")))
	}
	if si.Tagged != nil {
		enc = append(enc, writeKey(si.Tagged.Schema.Discriminator), jen.Id("w").Dot("Str").Call(jen.Lit(si.Tag)))
	}
	// after: a member has been written already (the tag or a required
	// field, unless the value was received without it, see unlead), so the
	// next key's comma can be part of its constant.
	after := si.Tagged != nil
	for _, fi := range si.Fields {
		code := g.encodeField(si, fi, after)
		if bit, ok := bitOf[fi]; ok && si.Missing != nil {
			code = []jen.Code{jen.If(writeMissing(si, fi, bit)).Block(code...)}
		}
		enc = append(enc, code...)
		after = after || fi.Required()
	}
	if si.Kind != nil {
		enc = append(enc, jen.If(jen.Id("v").Dot(si.Kind.UnknownKey).Op("!=").Lit("")).Block(
			jen.Id("w").Dot("Field").Call(jen.Id("v").Dot(si.Kind.UnknownKey)),
			jen.Id("w").Dot("Raw").Call(jen.Id("v").Dot(si.Kind.UnknownRaw)),
		))
	}
	enc = append(enc, jen.Id("w").Dot("ObjEnd").Call())
	if unlead {
		enc = append(enc, jen.If(jen.Id("v").Dot(si.Missing.Field).Op("!=").Lit(0)).Block(jen.Id("w").Dot("unlead").Call(jen.Id("open"))))
	}
	f.Func().Params(jen.Id("v").Op("*").Id(si.GoName)).Id("encodeJSON").Params(jen.Id("w").Op("*").Id("jsonWriter")).Block(enc...)
	f.Line()

	// Decoder.
	var dec []jen.Code
	if si.StringForm != nil {
		dec = append(dec, jen.If(jen.Id("r").Dot("Next").Call().Op("==").Id("jsonKindString")).Block(
			jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("r").Dot("Str").Call(),
			jen.Id("v").Dot(si.StringForm.GoName).Op("=").Id("x"),
			jen.Return(jen.Err()),
		))
	}
	if len(si.Fields) == 0 && si.Kind == nil {
		dec = append(dec, jen.Return(jen.Id("r").Dot("Skip").Call()))
	} else {
		// The loop form of the reader's object walk: no call per member.
		// Required fields (the first 64) set their bit in have when present
		// and not null: an object without one is an error naming it.
		var cases []jen.Code
		var required []jen.Code
		var names []string
		for _, fi := range si.Fields {
			bit, tracked := bitOf[fi]
			var stmts []jen.Code
			if fi.Required() && fi.Type.IsTrue() {
				// A True written false reads as unset (trueOrUnset): the
				// field is then missing.
				if tracked {
					stmts = []jen.Code{
						jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("r").Dot("trueOrUnset").Call(),
						jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(wrapField(fi.Name)(jen.Err()))),
						jen.If(jen.Id("x")).Block(jen.Id("have").Op("|=").Id(bit)),
					}
				} else {
					stmts = []jen.Code{jen.If(jen.List(jen.Id("_"), jen.Err()).Op(":=").Id("r").Dot("trueOrUnset").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(wrapField(fi.Name)(jen.Err())))}
				}
			} else {
				stmts = g.decodeInto(gofile.Id("v").Dot(fi.GoName), fi.Type, 0, wrapField(fi.Name))
				if tracked {
					stmts = append(stmts, jen.Id("have").Op("|=").Id(bit))
				}
			}
			if tracked {
				required = append(required, jen.Lit(fi.Name))
				names = append(names, bit)
			}
			cases = append(cases, jen.Case(jen.Lit(fi.Name)).Block(stmts...))
		}
		end := []jen.Code{jen.Return(jen.Err())}
		if len(required) > 0 {
			var keep []jen.Code
			if mi := si.Missing; mi != nil {
				keep = append(keep, jen.Id("v").Dot(mi.Field).Op("=").Id(mi.GoType).Parens(jen.Id("required").Op("&^").Id("have")))
			}
			end = append([]jen.Code{jen.If(jen.Err().Op("==").Nil().Op("&&").Id("have").Op("!=").Id("required")).Block(
				append(keep, jen.Return(jen.Id("r").Dot("errMissing").Call(append([]jen.Code{jen.Id("have")}, required...)...)))...,
			)}, end...)
		}
		def := []jen.Code{}
		if si.Kind != nil {
			def = append(def, jen.If(jen.Id("v").Dot(si.Kind.UnknownKey).Op("==").Lit("").Op("&&").Id("r").Dot("Next").Call().Op("==").Id("jsonKindObject")).Block(
				jen.Id("v").Dot(si.Kind.UnknownKey).Op("=").String().Parens(jen.Id("key")),
				jen.List(jen.Id("raw"), jen.Err()).Op(":=").Id("r").Dot("RawCopy").Call(),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.Id("v").Dot(si.Kind.UnknownRaw).Op("=").Id("raw"),
				jen.Continue(),
			))
		}
		def = append(def, jen.If(jen.Err().Op(":=").Id("r").Dot("Skip").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
		cases = append(cases, jen.Default().Block(def...))
		if len(required) > 0 {
			dec = append(dec,
				jen.Comment("Each required field's bit in have (present and not null)."),
				bits.Const(),
				jen.Const().Id("required").Op("=").Add(gofile.Or(names)),
				jen.Var().Id("have").Uint64(),
			)
		}
		dec = append(dec,
			jen.If(jen.Err().Op(":=").Id("r").Dot("ObjStart").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
			jen.For().Block(
				jen.List(jen.Id("key"), jen.Id("more"), jen.Err()).Op(":=").Id("r").Dot("ObjKey").Call(),
				jen.If(jen.Op("!").Id("more")).Block(end...),
				jen.If(jen.Id("r").Dot("Null").Call()).Block(jen.Continue()),
				jen.Switch(jen.String().Parens(jen.Id("key"))).Block(cases...),
			),
		)
	}
	f.Func().Params(jen.Id("v").Op("*").Id(si.GoName)).Id("decodeJSON").Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(dec...)
	f.Line()
	emitMarshalers(f, si.GoName)
}

// objectDecodeLocals are the names an object's decodeJSON and encodeJSON
// declare besides its fields' bits: a bit is never named like one of them.
var objectDecodeLocals = []string{"v", "r", "w", "have", "required", "key", "more", "err", "raw", "x", "ok", "s", "elems", "elem", "open"}

// requiredBits names the bit of each tracked required field of si, as
// its decoder's set of present fields and its mask of missing ones use
// them.
func requiredBits(si *gomodel.Struct) (*gofile.Bits, map[*gomodel.Field]string) {
	bits := gofile.NewBits("fieldBit", objectDecodeLocals...)
	bitOf := map[*gomodel.Field]string{}
	for i, fi := range si.Tracked {
		bitOf[fi] = bits.Add(fi.Name, i)
	}
	return bits, bitOf
}

// writeMissing is the condition under which the encoder of si writes the
// required field fi whose bit is bit: it was not missing from the data
// the value was read from, or the program has since given it a value
// (which a comparison with the zero value can tell).
func writeMissing(si *gomodel.Struct, fi *gomodel.Field, bit string) jen.Code {
	cond := jen.Id("v").Dot(si.Missing.Field).Op("&").Id(bit).Op("==").Lit(0)
	v := jen.Id("v").Dot(fi.GoName)
	t := fi.Type
	switch {
	case t.IsTrue():
	case t.Kind == gomodel.Scalar && t.Prim == gomodel.PrimBool:
		cond = cond.Op("||").Add(v)
	case t.Kind == gomodel.Scalar:
		cond = cond.Op("||").Add(v).Op("!=").Add(t.Zero())
	case t.Kind == gomodel.Slice || t.Kind == gomodel.Interface:
		cond = cond.Op("||").Add(v).Op("!=").Nil()
	case t.HasIsSet():
		cond = cond.Op("||").Add(v).Dot("IsSet").Call()
	case t.Kind == gomodel.Object && t.Comparable():
		cond = cond.Op("||").Add(v).Op("!=").Parens(t.Zero())
	}
	return cond
}

// writeKey writes a member name.
func writeKey(wire string) jen.Code {
	if k := gomodel.JSONKey(wire); k != "" {
		return jen.Id("w").Dot("key").Call(jen.Lit(k))
	}
	return jen.Id("w").Dot("Field").Call(jen.Lit(wire))
}

// writeKeyAfter writes a member name that certainly follows another member
// of the same object: the comma is baked into the constant.
func writeKeyAfter(wire string) jen.Code {
	if k := gomodel.JSONKey(wire); k != "" {
		return jen.Id("w").Dot("keyAfter").Call(jen.Lit("," + k))
	}
	return jen.Id("w").Dot("Field").Call(jen.Lit(wire))
}

// encodeField writes one member; after reports that a member of the same
// object has certainly been written before it. A required member is always
// written (an unset union or InputFile fails the writer); an optional one
// only when set.
func (g *gen) encodeField(si *gomodel.Struct, fi *gomodel.Field, after bool) []jen.Code {
	t := fi.Type
	wire := fi.Name
	v := gofile.Id("v").Dot(fi.GoName)
	key := writeKey(wire)
	if after {
		key = writeKeyAfter(wire)
	}
	path := si.GoName + "." + wire
	// A scalar member after another: one call writes the name and the value.
	member := func(e gofile.Expr, t *gomodel.Type) []jen.Code {
		if k := gomodel.JSONKey(wire); after && k != "" && t.Kind == gomodel.Scalar {
			args := []jen.Code{jen.Lit("," + k)}
			if !t.IsTrue() {
				args = append(args, scalarArg(e, t))
			}
			return []jen.Code{jen.Id("w").Dot("keyAfter" + t.Prim.JSON()).Call(args...)}
		}
		return append([]jen.Code{key}, g.encodeValue(e, t, 0)...)
	}
	if fi.Required() {
		var pre []jen.Code
		switch t.Kind {
		case gomodel.Value, gomodel.File:
			pre = append(pre, jen.If(jen.Op("!").Add(v()).Dot("IsSet").Call()).Block(jen.Id("w").Dot("failUnset").Call(jen.Lit(path))))
		case gomodel.Interface:
			pre = append(pre, jen.If(v().Op("==").Nil()).Block(jen.Id("w").Dot("failUnset").Call(jen.Lit(path))))
		}
		return append(pre, member(v, t)...)
	}
	switch {
	case fi.OmitZero():
		// A conditionally required scalar (gomodel.Field.Conditional): its
		// zero value is unset.
		return []jen.Code{jen.If(v().Op("!=").Add(t.Zero())).Block(member(v, t)...)}
	case t.Kind == gomodel.Opt && t.Elem.IsTrue():
		return []jen.Code{jen.If(v().Dot("IsSet").Call()).Block(member(v, t.Elem)...)}
	case t.Kind == gomodel.Opt:
		return []jen.Code{jen.If(jen.List(jen.Id("x"), jen.Id("ok")).Op(":=").Add(v()).Dot("Get").Call(), jen.Id("ok")).Block(
			member(gofile.Id("x"), t.Elem)...)}
	case t.HasIsSet():
		return []jen.Code{jen.If(v().Dot("IsSet").Call()).Block(append([]jen.Code{key}, g.encodeValue(v, t, 0)...)...)}
	}
	// Slices, pointers to objects and interface unions.
	return []jen.Code{jen.If(v().Op("!=").Nil()).Block(append([]jen.Code{key}, g.encodeValue(v, t, 0)...)...)}
}

// encodeValue writes the value e of Go type t (no member name).
func (g *gen) encodeValue(e gofile.Expr, t *gomodel.Type, depth int) []jen.Code {
	w := jen.Id("w")
	switch t.Kind {
	case gomodel.Slice:
		i := loopIndex(depth)
		elem := func() *jen.Statement { return e().Index(jen.Id(i)) }
		return []jen.Code{
			jen.Id("w").Dot("ArrStart").Call(),
			jen.For(jen.Id(i).Op(":=").Range().Add(e())).Block(g.encodeValue(elem, t.Elem, depth+1)...),
			jen.Id("w").Dot("ArrEnd").Call(),
		}
	case gomodel.Scalar:
		switch {
		case t.IsTrue():
			return []jen.Code{w.Dot("True").Call()}
		}
		return []jen.Code{w.Dot(t.Prim.JSON()).Call(scalarArg(e, t))}
	case gomodel.Interface:
		return []jen.Code{jen.Id(t.Union.Encode).Call(jen.Id("w"), e())}
	}
	return []jen.Code{e().Dot("encodeJSON").Call(jen.Id("w"))}
}

// scalarArg is the argument of the writer of scalar e of type t: e, or its
// string when t is a named string type.
func scalarArg(e gofile.Expr, t *gomodel.Type) jen.Code {
	if t.Conv() != "" {
		return jen.String().Parens(e())
	}
	return e()
}

// decodeInto reads one value of Go type t and stores it in lv; on error
// the statements return wrap(err).
func (g *gen) decodeInto(lv gofile.Expr, t *gomodel.Type, depth int, wrap wrapFn) []jen.Code {
	ret := func(err jen.Code) jen.Code { return jen.Return(wrap(err)) }
	errCheck := jen.If(jen.Err().Op("!=").Nil()).Block(ret(jen.Err()))
	if a, ok := g.arrayOf(t); ok {
		return []jen.Code{
			jen.List(jen.Id("x"), jen.Err()).Op(":=").Id(a.name()).Call(jen.Id("r")),
			errCheck,
			lv().Op("=").Id("x"),
		}
	}
	if t.Kind == gomodel.Slice {
		s := "elems"
		if depth > 0 {
			s += strconv.Itoa(depth)
		}
		elem := func() *jen.Statement {
			return jen.Id(s).Index(jen.Len(jen.Id(s)).Op("-").Lit(1))
		}
		// The slice is allocated once at its final size when the array is
		// short enough for ArrLen to count; an empty JSON array still gives
		// a non-nil empty slice.
		loop := append([]jen.Code{
			jen.List(jen.Id("more"), jen.Err()).Op(":=").Id("r").Dot("ArrNext").Call(),
			errCheck,
			jen.If(jen.Op("!").Id("more")).Block(jen.Break()),
			jen.Id(s).Op("=").Append(jen.Id(s), t.Elem.Zero()),
		}, g.decodeInto(elem, t.Elem, depth+1, func(err jen.Code) jen.Code {
			return wrap(jen.Id("jsonErrIndex").Call(err, jen.Len(jen.Id(s)).Op("-").Lit(1)))
		})...)
		return []jen.Code{
			jen.If(jen.Err().Op(":=").Id("r").Dot("ArrStart").Call(), jen.Err().Op("!=").Nil()).Block(ret(jen.Err())),
			jen.Var().Id(s).Add(t.Jen()),
			jen.If(jen.Id("n").Op(":=").Id("r").Dot("ArrLen").Call(), jen.Id("n").Op(">").Lit(0)).Block(jen.Id(s).Op("=").Make(t.Jen(), jen.Lit(0), jen.Id("n"))),
			jen.For().Block(loop...),
			jen.If(jen.Id(s).Op("==").Nil()).Block(jen.Id(s).Op("=").Add(t.Jen()).Values()),
			lv().Op("=").Id(s),
		}
	}
	optional := t.Kind == gomodel.Opt
	scalar := t
	if optional {
		scalar = t.Elem
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
	switch {
	case scalar.Kind != gomodel.Scalar:
	case scalar.Enum != nil:
		// Known values are interned: no allocation.
		var val jen.Code = jen.Id("e")
		if optional {
			val = jen.Id("Some").Call(val)
		}
		return []jen.Code{
			jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("r").Dot("StrBytes").Call(),
			errCheck,
			jen.List(jen.Id("e"), jen.Err()).Op(":=").Id(scalar.Enum.Intern).Call(jen.Id("r"), jen.Id("x")),
			errCheck,
			lv().Op("=").Add(val),
		}
	case !scalar.IsTrue():
		return read(scalar.Prim.JSON(), nil)
	case optional:
		// A True written false reads as unset (trueOrUnset).
		return []jen.Code{
			jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("r").Dot("trueOrUnset").Call(),
			errCheck,
			jen.If(jen.Id("x")).Block(lv().Op("=").Id("Some").Call(jen.Id("True").Values())),
		}
	}
	if t.Kind == gomodel.Interface {
		return []jen.Code{
			jen.List(jen.Id("x"), jen.Err()).Op(":=").Id(t.Union.Decode).Call(jen.Id("r")),
			errCheck,
			lv().Op("=").Id("x"),
		}
	}
	var pre []jen.Code
	if t.Kind == gomodel.Pointer {
		pre = append(pre, lv().Op("=").New(t.Elem.Jen()))
	}
	return append(pre, jen.If(jen.Err().Op(":=").Add(lv()).Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(ret(jen.Err())))
}

// ---------------------------------------------------------------- unions

func (g *gen) emitUnionCodec(f *jen.File, ui *gomodel.Union) {
	if ui.Kind == gomodel.ValueUnion {
		g.emitPrimUnionCodec(f, ui)
		return
	}
	u := ui.Schema
	// Encoder: a type switch over the variants.
	var cases []jen.Code
	for _, v := range ui.Variants {
		cases = append(cases, jen.Case(jen.Op("*").Id(v.GoName)).Block(
			jen.If(jen.Id("x").Op("!=").Nil()).Block(jen.Id("x").Dot("encodeJSON").Call(jen.Id("w")), jen.Return()),
		))
	}
	for _, v := range ui.Forms {
		underlying := func() *jen.Statement { return v.Type.Jen().Parens(jen.Id("x")) }
		cases = append(cases, jen.Case(jen.Id(v.GoName)).Block(append(g.encodeValue(underlying, v.Type, 0), jen.Return())...))
	}
	cases = append(cases, jen.Case(jen.Op("*").Id(ui.Unknown)).Block(
		jen.If(jen.Id("x").Op("!=").Nil()).Block(jen.Id("w").Dot("Raw").Call(jen.Id("x").Dot("Raw")), jen.Return()),
	))
	f.Func().Id(ui.Encode).Params(jen.Id("w").Op("*").Id("jsonWriter"), jen.Id("v").Id(ui.GoName)).Block(
		jen.Switch(jen.Id("x").Op(":=").Id("v").Assert(jen.Type())).Block(cases...),
		jen.Id("w").Dot("failUnset").Call(jen.Lit(ui.GoName)),
		jen.Id("w").Dot("Null").Call(),
	)
	f.Line()

	// Decoder: find the variant without consuming, then decode it.
	var scan, sel, prelude []jen.Code
	var variantCases []jen.Code
	var selector jen.Code
	switch {
	case ui.Kind == gomodel.TaggedUnion && !sharedTags(ui):
		// The tag alone decides: stop scanning at it.
		scan = []jen.Code{
			jen.If(jen.String().Parens(jen.Id("key")).Op("!=").Lit(u.Discriminator)).Block(jen.Return(jen.Id("r").Dot("Skip").Call())),
			jen.List(jen.Id("s"), jen.Err()).Op(":=").Id("r").Dot("Str").Call(),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("jsonErrField").Call(jen.Err(), jen.Lit(u.Discriminator)))),
			jen.Id("tag").Op("=").Id("s"),
			jen.Return(jen.Id("jsonStopScan")),
		}
		sel = []jen.Code{jen.Var().Id("tag").String()}
		for _, v := range ui.Variants {
			variantCases = append(variantCases, jen.Case(jen.Lit(v.Schema.Tag)).Block(decodeVariant(v)...))
		}
		selector = jen.Switch(jen.Id("tag")).Block(variantCases...)
	case ui.Kind == gomodel.KeyedUnion && keysDecide(ui):
		// Each variant has a member no other has: the first one seen
		// decides.
		// Each variant's choice is a constant named after it; 0 is none.
		var keyCases, choices []jen.Code
		choice := func(v *gomodel.Variant) string { return "which" + v.GoName }
		for i, v := range ui.Variants {
			keyCases = append(keyCases, jen.Case(jen.Lit(v.Key)).Block(
				jen.Id("which").Op("=").Id(choice(v)),
				jen.Return(jen.Id("jsonStopScan")),
			))
			if i == 0 {
				choices = append(choices, jen.Id(choice(v)).Op("=").Iota().Op("+").Lit(1))
			} else {
				choices = append(choices, jen.Id(choice(v)))
			}
		}
		scan = []jen.Code{
			jen.Switch(jen.String().Parens(jen.Id("key"))).Block(keyCases...),
			jen.Return(jen.Id("r").Dot("Skip").Call()),
		}
		sel = []jen.Code{
			jen.Comment("The variant whose own member the scan met first (0: none)."),
			jen.Const().Defs(choices...),
			jen.Var().Id("which").Int(),
		}
		for _, v := range ui.Variants {
			variantCases = append(variantCases, jen.Case(jen.Id(choice(v))).Block(decodeVariant(v)...))
		}
		selector = jen.Switch(jen.Id("which")).Block(variantCases...)
	default:
		spec, notConst := speculation(ui)
		if spec != nil {
			// The one variant that states no constant is decoded at
			// once; the scan runs only when that fails or the value
			// holds another variant's constant.
			body := []jen.Code{
				jen.Id("mark").Op(":=").Id("r").Dot("Mark").Call(),
				jen.If(jen.Id("x").Op(":=").New(jen.Id(spec.GoName)), jen.Id("x").Dot("decodeJSON").Call(jen.Id("r")).Op("==").Nil().Op("&&").Len(jen.Id("r").Dot("notes")).Op("==").Id("mark").Dot("notes").Op("&&").Add(notConst)).Block(
					jen.Return(jen.Id("x"), jen.Nil()),
				),
				jen.Id("r").Dot("Rewind").Call(jen.Id("mark")),
			}
			prelude = body
		}
		scan, sel, selector = g.memberScan(ui, spec == nil)
	}
	unknownVal := jen.Dict{jen.Id("Raw"): jen.Id("raw")}
	if ui.Kind == gomodel.TaggedUnion {
		unknownVal[jen.Id(ui.UnknownTag)] = jen.Id("tag")
	}
	body := []jen.Code{
		jen.If(jen.Id("r").Dot("Null").Call()).Block(jen.Return(jen.Nil(), jen.Nil())),
	}
	expected := "expected " + ui.GoName + " object, found %s"
	if len(ui.Forms) > 0 {
		// Forms first, by the JSON kind of the value.
		var formCases []jen.Code
		var kinds []string
		for _, v := range ui.Forms {
			kinds = append(kinds, v.JSONKind)
			wrap := func(err jen.Code) jen.Code { return jen.List(jen.Nil(), err) }
			read := append([]jen.Code{jen.Var().Id("form").Add(v.Type.Jen())},
				g.decodeInto(gofile.Id("form"), v.Type, 0, wrap)...)
			read = append(read, jen.Return(jen.Id(v.GoName).Parens(jen.Id("form")), jen.Nil()))
			formCases = append(formCases, jen.Case(jen.Id(jsonKindID[v.JSONKind])).Block(read...))
		}
		body = append(body, jen.Switch(jen.Id("r").Dot("Next").Call()).Block(formCases...))
		expected = "expected " + ui.GoName + " (" + strings.Join(append(kinds, "object"), ", ") + "), found %s"
	}
	body = append(body,
		jen.If(jen.Id("r").Dot("Next").Call().Op("!=").Id("jsonKindObject")).Block(
			jen.Return(jen.Nil(), jen.Id("r").Dot("Errorf").Call(jen.Lit(expected), jen.Id("r").Dot("Next").Call())),
		),
	)
	body = append(body, prelude...)
	body = append(body, sel...)
	body = append(body,
		jen.Err().Op(":=").Id("jsonStopped").Call(jen.Id("r").Dot("Capture").Call(jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(
			jen.Return(jen.Id("r").Dot("Object").Call(jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader"), jen.Id("key").Index().Byte()).Error().Block(scan...))),
		))),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		selector,
		jen.List(jen.Id("raw"), jen.Err()).Op(":=").Id("r").Dot("RawCopy").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Op("&").Id(ui.Unknown).Values(unknownVal), jen.Nil()),
	)
	f.Func().Id(ui.DecodeKnown).Params(jen.Id("r").Op("*").Id("jsonReader")).Params(jen.Id(ui.GoName), jen.Error()).Block(body...)
	f.Line()
	emitUnionKeep(f, ui)

	// The unknown variant's own codec.
	f.Func().Params(jen.Id("v").Op("*").Id(ui.Unknown)).Id("encodeJSON").Params(jen.Id("w").Op("*").Id("jsonWriter")).Block(
		jen.Id("w").Dot("Raw").Call(jen.Id("v").Dot("Raw")),
	)
	f.Line()
	godoc.Add(f, "MarshalJSON writes Raw unchanged.")
	f.Func().Params(jen.Id("v").Id(ui.Unknown)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.If(jen.Len(jen.Id("v").Dot("Raw")).Op("==").Lit(0)).Block(jen.Return(jen.Index().Byte().Parens(jen.Lit("null")), jen.Nil())),
		jen.Return(jen.Append(jen.Index().Byte().Parens(jen.Nil()), jen.Id("v").Dot("Raw").Op("...")), jen.Nil()),
	)
	f.Line()
	godoc.Add(f, "AppendJSON appends Raw unchanged (null when empty) to dst.")
	f.Func().Params(jen.Id("v").Id(ui.Unknown)).Id("AppendJSON").Params(jen.Id("dst").Index().Byte()).Params(jen.Index().Byte(), jen.Error()).Block(
		jen.If(jen.Len(jen.Id("v").Dot("Raw")).Op("==").Lit(0)).Block(jen.Return(jen.Append(jen.Id("dst"), jen.Lit("null").Op("...")), jen.Nil())),
		jen.Return(jen.Append(jen.Id("dst"), jen.Id("v").Dot("Raw").Op("...")), jen.Nil()),
	)
	f.Line()
}

// sharedTags reports whether two variants of a discriminated union share a
// tag (their members then tell them apart).
func sharedTags(ui *gomodel.Union) bool {
	seen := map[string]bool{}
	for _, v := range ui.Variants {
		if seen[v.Schema.Tag] {
			return true
		}
		seen[v.Schema.Tag] = true
	}
	return false
}

// keysDecide reports whether every variant has a member of its own and none
// states a constant: then the first such member decides.
func keysDecide(ui *gomodel.Union) bool {
	for _, v := range ui.Variants {
		if v.Key == "" || v.Schema.Const != nil {
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
func (g *gen) memberScan(ui *gomodel.Union, stopEarly bool) (scan, sel []jen.Code, selector jen.Code) {
	u := ui.Schema
	tagged := ui.Kind == gomodel.TaggedUnion
	// Variants told apart by members: all (keyed), or those sharing a tag.
	byTag := map[string][]*gomodel.Variant{}
	for _, v := range ui.Variants {
		byTag[v.Schema.Tag] = append(byTag[v.Schema.Tag], v)
	}
	slot := map[string]int{}
	var slots []string
	constVar := map[*gomodel.Variant]string{}
	type constCheck struct{ name, json string }
	constsOf := map[string][]constCheck{}
	for i, v := range ui.Variants {
		if tagged && len(byTag[v.Schema.Tag]) < 2 {
			continue
		}
		names := v.Schema.Requires
		if c := v.Schema.Const; c != nil {
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
	for _, v := range ui.Variants {
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
	// Without a tag, once every member the variants name has been seen
	// (and its constant compared) nothing later in the object can change
	// the choice: the scan stops there instead of skipping the rest of the
	// object, which the chosen variant's decoder reads anyway (a message in
	// a callback query was read about twice). A member repeated after that
	// point is not looked at: its first occurrence decides, as the first
	// occurrence of a tag does.
	var allSeen *jen.Statement
	if !tagged && stopEarly {
		for i := range slots {
			if allSeen == nil {
				allSeen = jen.Id("seen").Index(jen.Lit(i))
			} else {
				allSeen = allSeen.Op("&&").Id("seen").Index(jen.Lit(i))
			}
		}
	}
	for i, n := range slots {
		body := []jen.Code{jen.Id("seen").Index(jen.Lit(i)).Op("=").True()}
		cs := constsOf[n]
		if len(cs) > 0 {
			body = append(body,
				jen.List(jen.Id("raw"), jen.Err()).Op(":=").Id("r").Dot("Raw").Call(),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("jsonErrField").Call(jen.Err(), jen.Lit(n)))),
			)
			for _, c := range cs {
				body = append(body, jen.Id(c.name).Op("=").String().Parens(jen.Id("raw")).Op("==").Lit(c.json))
			}
		}
		if allSeen != nil {
			body = append(body, jen.If(allSeen.Clone()).Block(jen.Return(jen.Id("jsonStopScan"))))
		}
		if len(cs) > 0 {
			body = append(body, jen.Return(jen.Nil()))
		}
		cases = append(cases, jen.Case(jen.Lit(n)).Block(body...))
	}
	scan = []jen.Code{
		jen.Switch(jen.String().Parens(jen.Id("key"))).Block(cases...),
		jen.Return(jen.Id("r").Dot("Skip").Call()),
	}
	// pick selects among variants by their members, most specific first.
	pick := func(vs []*gomodel.Variant) jen.Code {
		ordered := append([]*gomodel.Variant(nil), vs...)
		sort.SliceStable(ordered, func(i, j int) bool {
			a, b := ordered[i].Schema, ordered[j].Schema
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
			for _, n := range v.Schema.Requires {
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
		return scan, sel, pick(ui.Variants)
	}
	var tagCases []jen.Code
	done := map[string]bool{}
	for _, v := range ui.Variants {
		if done[v.Schema.Tag] {
			continue
		}
		done[v.Schema.Tag] = true
		if vs := byTag[v.Schema.Tag]; len(vs) > 1 {
			tagCases = append(tagCases, jen.Case(jen.Lit(v.Schema.Tag)).Block(pick(vs)))
		} else {
			tagCases = append(tagCases, jen.Case(jen.Lit(v.Schema.Tag)).Block(decodeVariant(v)...))
		}
	}
	return scan, sel, jen.Switch(jen.Id("tag")).Block(tagCases...)
}

// speculation finds, in a union told apart by its members alone (no tag),
// the variant to decode at once: the only one that states no constant
// ("date ... Always 0"), when every other variant's constant is on a
// required scalar member of it. notConst is the condition, on that
// variant's decoded value x, that no other variant's constant holds.
//
// Decoding it succeeds only when all its required members are present, so
// the scan would pick it too unless a constant variant matched, which
// notConst rules out: a value differing from the constant means JSON
// differing from it. Otherwise (it failed, or a constant holds) the
// decoder rewinds and scans to the end of the object, so that the last
// occurrence of a repeated member decides, as it is the one the decoded
// value keeps. MaybeInaccessibleMessage: a Message unless date is 0.
func speculation(ui *gomodel.Union) (spec *gomodel.Variant, notConst jen.Code) {
	if ui.Kind == gomodel.TaggedUnion {
		return nil, nil
	}
	var consts []*gomodel.Variant
	for _, v := range ui.Variants {
		if v.Schema.Const != nil {
			consts = append(consts, v)
		} else if spec != nil {
			return nil, nil // two variants without a constant: the scan decides
		} else {
			spec = v
		}
	}
	if spec == nil || spec.Struct == nil || len(consts) == 0 {
		return nil, nil
	}
	var cond *jen.Statement
	for _, v := range consts {
		c := v.Schema.Const
		f := spec.Struct.Field(c.Field)
		if f == nil || !f.Schema.Required || f.Type.Kind != gomodel.Scalar {
			return nil, nil
		}
		lit, ok := constLit(f.Type.Prim, c.JSON)
		if !ok {
			return nil, nil
		}
		diff := jen.Id("x").Dot(f.GoName).Op("!=").Add(lit)
		if cond == nil {
			cond = diff
		} else {
			cond = cond.Op("&&").Add(diff)
		}
	}
	return spec, cond
}

// constLit is a stated constant's JSON text as a Go constant of the
// member's primitive type (untyped, so that it compares with named types).
func constLit(p gomodel.Prim, text string) (jen.Code, bool) {
	switch p {
	case gomodel.PrimInt, gomodel.PrimInt64:
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return nil, false
		}
		return jen.Op(strconv.FormatInt(n, 10)), true
	case gomodel.PrimFloat64:
		if _, err := strconv.ParseFloat(text, 64); err != nil {
			return nil, false
		}
		return jen.Op(text), true
	case gomodel.PrimBool:
		b, err := strconv.ParseBool(text)
		if err != nil || (text != "true" && text != "false") {
			return nil, false
		}
		return jen.Lit(b), true
	case gomodel.PrimString:
		var str string
		if err := json.Unmarshal([]byte(text), &str); err != nil {
			return nil, false
		}
		return jen.Lit(str), true
	}
	return nil, false
}

func decodeVariant(v *gomodel.Variant) []jen.Code {
	return []jen.Code{
		jen.Id("x").Op(":=").New(jen.Id(v.GoName)),
		jen.If(jen.Err().Op(":=").Id("x").Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Id("x"), jen.Nil()),
	}
}

func (g *gen) emitPrimUnionCodec(f *jen.File, ui *gomodel.Union) {
	// Encoder.
	var cases []jen.Code
	for _, v := range ui.Variants {
		field := gofile.Id("u").Dot(v.Field)
		var body []jen.Code
		switch v.Type.Kind {
		case gomodel.Scalar, gomodel.File, gomodel.Slice:
			body = g.encodeValue(field, v.Type, 0)
		default: // a pointer to an object
			body = []jen.Code{jen.If(field().Op("!=").Nil()).Block(field().Dot("encodeJSON").Call(jen.Id("w")), jen.Return()),
				jen.Id("w").Dot("failUnset").Call(jen.Lit(ui.GoName + "." + v.As)), jen.Id("w").Dot("Null").Call()}
		}
		cases = append(cases, jen.Case(jen.Id(v.Kind)).Block(body...))
	}
	cases = append(cases, jen.Default().Block(jen.Id("w").Dot("failUnset").Call(jen.Lit(ui.GoName)), jen.Id("w").Dot("Null").Call()))
	f.Func().Params(jen.Id("u").Op("*").Id(ui.GoName)).Id("encodeJSON").Params(jen.Id("w").Op("*").Id("jsonWriter")).Block(
		jen.Switch(jen.Id("u").Dot("kind")).Block(cases...),
	)
	f.Line()

	// Decoder: the JSON kind selects the variant.
	byKind := map[string]*gomodel.Variant{}
	var kinds []string
	for _, v := range ui.Variants {
		k := v.JSONKind
		if prev, ok := byKind[k]; ok {
			if prev.Type.Kind == gomodel.Scalar && prev.Type.Prim == gomodel.PrimString {
				continue // String wins over InputFile
			}
		} else {
			kinds = append(kinds, k)
		}
		byKind[k] = v
	}
	dcases := []jen.Code{jen.Case(jen.Id("jsonKindNull")).Block(
		jen.Id("r").Dot("Null").Call(),
		jen.Op("*").Id("u").Op("=").Id(ui.GoName).Values(),
		jen.Return(jen.Nil()),
	)}
	var want []string
	for _, k := range kinds {
		v := byKind[k]
		var body []jen.Code
		switch {
		case v.Type.IsTrue():
			body = []jen.Code{
				jen.Var().Id("x").Id("True"),
				jen.If(jen.Err().Op(":=").Id("x").Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.Op("*").Id("u").Op("=").Id(v.Ctor).Call(),
				jen.Return(jen.Nil()),
			}
		case v.Type.Kind == gomodel.Scalar:
			body = []jen.Code{
				jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("r").Dot(v.Type.Prim.JSON()).Call(),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.Op("*").Id("u").Op("=").Id(v.Ctor).Call(jen.Id("x")),
				jen.Return(jen.Nil()),
			}
		case v.Type.Kind == gomodel.File:
			body = []jen.Code{
				jen.Var().Id("x").Id("InputFile"),
				jen.If(jen.Err().Op(":=").Id("x").Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.Op("*").Id("u").Op("=").Id(v.Ctor).Call(jen.Id("x")),
				jen.Return(jen.Nil()),
			}
		case v.Type.Kind == gomodel.Slice:
			body = append([]jen.Code{jen.Var().Id("list").Add(v.Type.Jen())},
				g.decodeInto(gofile.Id("list"), v.Type, 0, func(err jen.Code) jen.Code { return err })...)
			body = append(body, jen.Op("*").Id("u").Op("=").Id(v.Ctor).Call(jen.Id("list")), jen.Return(jen.Nil()))
		default: // a pointer to an object
			body = []jen.Code{
				jen.Id("x").Op(":=").New(v.Type.Elem.Jen()),
				jen.If(jen.Err().Op(":=").Id("x").Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.Op("*").Id("u").Op("=").Id(v.Ctor).Call(jen.Id("x")),
				jen.Return(jen.Nil()),
			}
		}
		kindID := jsonKindID[k]
		dcases = append(dcases, jen.Case(jen.Id(kindID)).Block(body...))
		want = append(want, v.Schema.Type.String())
	}
	f.Func().Params(jen.Id("u").Op("*").Id(ui.GoName)).Id("decodeJSON").Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(
		jen.Switch(jen.Id("r").Dot("Next").Call()).Block(dcases...),
		jen.Return(jen.Id("r").Dot("Errorf").Call(jen.Lit("expected "+ui.GoName+" ("+joinOr(want)+"), found %s"), jen.Id("r").Dot("Next").Call())),
	)
	f.Line()
	emitMarshalers(f, ui.GoName)
}

// jsonKindID names the runtime's jsonKind constant of a JSON kind as the
// model names it (gomodel.Variant.JSONKind).
var jsonKindID = map[string]string{"number": "jsonKindNumber", "string": "jsonKindString", "boolean": "jsonKindBool", "object": "jsonKindObject", "array": "jsonKindArray"}

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

// jsonArrayBuffer is how many elements an array decoder keeps on the stack
// before it counts the rest (see emitArrayDecoder).
const jsonArrayBuffer = 4

// arrayOfObjects describes an array type with a decoder of its own: an
// array of objects (depth 1) or an array of arrays of objects (depth 2, the
// rows of a keyboard).
type arrayOfObjects struct {
	elem  *gomodel.Struct
	depth int
}

// arrayOf returns the array decoder for t, if t is a slice of objects or
// of slices of objects.
func (g *gen) arrayOf(t *gomodel.Type) (arrayOfObjects, bool) {
	depth := 0
	for t.Kind == gomodel.Slice && depth < 2 {
		t, depth = t.Elem, depth+1
	}
	if depth == 0 || t.Kind != gomodel.Object {
		return arrayOfObjects{}, false
	}
	return arrayOfObjects{t.Struct, depth}, true
}

func (a arrayOfObjects) name() string {
	return "decode" + a.elem.GoName + strings.Repeat("Array", a.depth)
}

// goType is the Go slice type the decoder returns.
func (a arrayOfObjects) goType() *jen.Statement {
	t := jen.Id(a.elem.GoName)
	for range a.depth {
		t = jen.Index().Add(t)
	}
	return t
}

// arrayDecoders lists, in schema order, every array decoder some field
// uses (with the depth-1 decoder a depth-2 one calls).
func (g *gen) arrayDecoders() []arrayOfObjects {
	used := map[arrayOfObjects]bool{}
	for _, structs := range [][]*gomodel.Struct{g.m.Objects, g.m.Params} {
		for _, si := range structs {
			for _, fi := range si.Fields {
				// A deeper array of objects is decoded level by level
				// down to the innermost two, which use these decoders.
				for t := fi.Type; t.Kind == gomodel.Slice; t = t.Elem {
					if a, ok := g.arrayOf(t); ok {
						for d := 1; d <= a.depth; d++ {
							used[arrayOfObjects{a.elem, d}] = true
						}
					}
				}
			}
		}
	}
	var out []arrayOfObjects
	for _, si := range g.m.Objects {
		for d := 1; d <= 2; d++ {
			if a := (arrayOfObjects{si, d}); used[a] {
				out = append(out, a)
			}
		}
	}
	return out
}

// emitArrayDecoder writes decode<T>Array (and decode<T>ArrayArray for
// arrays of arrays). Arrays of objects are mostly short (photo sizes,
// entities, keyboard rows and buttons): the first jsonArrayBuffer elements
// are decoded into a buffer on the stack and copied into a slice of
// exactly their number, so a short array costs one allocation and no
// look-ahead. At the next element the rest is counted once (ArrLen from
// there) and the slice allocated at its final size. An empty array gives a
// non-nil empty slice, like encoding/json.
//
//	var buf [4]T; n := 0; var s []T
//	for each element {
//		if s == nil && n < len(buf) { decode into buf[n]; n++; continue }
//		if s == nil { s = make([]T, n, n+max(r.ArrLen(), 1)); copy(s, buf[:n]) }
//		s = append(s, T{}); decode into s[len(s)-1]
//	}
//	if s == nil { s = make([]T, n); copy(s, buf[:n]) }
func emitArrayDecoder(f *jen.File, a arrayOfObjects) {
	typ := a.goType
	elemType := jen.Id(a.elem.GoName)
	var zero jen.Code = jen.Id(a.elem.GoName).Values()
	decode := func(elem jen.Code, index jen.Code) []jen.Code {
		return []jen.Code{jen.If(jen.Err().Op(":=").Add(elem).Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Nil(), jen.Id("jsonErrIndex").Call(jen.Err(), index)))}
	}
	if a.depth == 2 {
		inner := arrayOfObjects{a.elem, 1}
		elemType, zero = inner.goType(), jen.Nil()
		decode = func(elem jen.Code, index jen.Code) []jen.Code {
			return []jen.Code{
				jen.List(jen.Id("x"), jen.Err()).Op(":=").Id(inner.name()).Call(jen.Id("r")),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Id("jsonErrIndex").Call(jen.Err(), index))),
				jen.Add(elem).Op("=").Id("x"),
			}
		}
	}
	last := jen.Len(jen.Id("s")).Op("-").Lit(1)
	loop := []jen.Code{
		jen.List(jen.Id("more"), jen.Err()).Op(":=").Id("r").Dot("ArrNext").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.If(jen.Op("!").Id("more")).Block(jen.Break()),
		jen.If(jen.Id("s").Op("==").Nil().Op("&&").Id("n").Op("<").Len(jen.Id("buf"))).Block(
			append(decode(jen.Id("buf").Index(jen.Id("n")), jen.Id("n")), jen.Id("n").Op("++"), jen.Continue())...,
		),
		jen.If(jen.Id("s").Op("==").Nil()).Block(
			jen.Id("s").Op("=").Make(typ(), jen.Id("n"), jen.Id("n").Op("+").Max(jen.Id("r").Dot("ArrLen").Call(), jen.Lit(1))),
			jen.Copy(jen.Id("s"), jen.Id("buf").Index(jen.Empty(), jen.Id("n"))),
		),
		jen.Id("s").Op("=").Append(jen.Id("s"), zero),
	}
	loop = append(loop, decode(jen.Id("s").Index(last.Clone()), last.Clone())...)
	godoc.Add(f, a.name()+" decodes a JSON array into "+strings.Repeat("[]", a.depth)+a.elem.GoName+"; see the generator's emitArrayDecoder for the buffering.")
	f.Func().Id(a.name()).Params(jen.Id("r").Op("*").Id("jsonReader")).Params(typ(), jen.Error()).Block(
		jen.If(jen.Err().Op(":=").Id("r").Dot("ArrStart").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Var().Id("buf").Index(jen.Lit(jsonArrayBuffer)).Add(elemType),
		jen.Id("n").Op(":=").Lit(0),
		jen.Var().Id("s").Add(typ()),
		jen.For().Block(loop...),
		jen.If(jen.Id("s").Op("==").Nil()).Block(
			jen.Id("s").Op("=").Make(typ(), jen.Id("n")),
			jen.Copy(jen.Id("s"), jen.Id("buf").Index(jen.Empty(), jen.Id("n"))),
		),
		jen.Return(jen.Id("s"), jen.Nil()),
	)
	f.Line()
}

// loopIndex names the index of a loop nested depth deep: i, j, k, then i3,
// i4, ... as a hand-written loop would.
func loopIndex(depth int) string {
	if depth < 3 {
		return string(rune('i' + depth))
	}
	return "i" + strconv.Itoa(depth)
}

// emitUnionKeep writes decode<Union>, which confines a failure to the
// union's value on a tolerant reader (received data, rt_json_lax.go): a
// value decodeKnown<Union> cannot read, a JSON kind the union does not
// allow included, is kept as the Unknown value with its raw JSON.
//
//	mark := r.Mark()
//	v, err := decodeKnownX(r)
//	if err != nil { if raw, ok := r.keepUnknown(mark, err); ok { return &UnknownX{Raw: raw}, nil } }
//	return v, err
func emitUnionKeep(f *jen.File, ui *gomodel.Union) {
	unknown := jen.Dict{jen.Id("Raw"): jen.Id("raw")}
	if ui.Kind == gomodel.TaggedUnion {
		unknown[jen.Id(ui.UnknownTag)] = jen.Id("jsonMemberStr").Call(jen.Id("raw"), jen.Lit(ui.Schema.Discriminator))
	}
	godoc.Add(f, ui.Decode+" reads one "+ui.GoName+" with "+ui.DecodeKnown+"; a tolerant reader keeps a value that does not read as "+ui.Unknown+".")
	f.Func().Id(ui.Decode).Params(jen.Id("r").Op("*").Id("jsonReader")).Params(jen.Id(ui.GoName), jen.Error()).Block(
		jen.Id("mark").Op(":=").Id("r").Dot("Mark").Call(),
		jen.List(jen.Id("v"), jen.Err()).Op(":=").Id(ui.DecodeKnown).Call(jen.Id("r")),
		jen.If(jen.Err().Op("!=").Nil()).Block(
			jen.If(jen.List(jen.Id("raw"), jen.Id("ok")).Op(":=").Id("r").Dot("keepUnknown").Call(jen.Id("mark"), jen.Err()), jen.Id("ok")).Block(
				jen.Return(jen.Op("&").Id(ui.Unknown).Values(unknown), jen.Nil()),
			),
		),
		jen.Return(jen.Id("v"), jen.Err()),
	)
	f.Line()
}
