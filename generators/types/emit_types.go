package types

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators/godoc"
	"github.com/apigen/apigen/generators/gofile"
	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/schema"
)

func (g *gen) newFile() *jen.File {
	f := godoc.NewFile(g.pkg, g.source)
	return f
}

func render(f *jen.File) ([]byte, error) {
	return gofile.Render(f)
}

// ---------------------------------------------------------------- docs

func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// constraintText describes constraints in sentences.
func constraintText(c *schema.Constraints) []string {
	if c == nil {
		return nil
	}
	var out []string
	if l := c.Length; l != nil {
		s := "Length: " + l.Bounds().Text() + " " + l.Unit
		if l.AfterEntityParsing {
			s += " after entity parsing"
		}
		out = append(out, s+".")
	}
	if c.Items != nil {
		out = append(out, "Items: "+c.Items.Text()+".")
	}
	if l := c.TotalLength; l != nil {
		out = append(out, "Total length of the items: "+l.Bounds().Text()+" "+l.Unit+".")
	}
	if c.Range != nil {
		out = append(out, "Range: "+c.Range.Text()+".")
	}
	if len(c.Values) > 0 {
		out = append(out, "One of "+valuesText(c.Values)+".")
	}
	if c.Ahead != nil {
		out = append(out, "Must be "+c.Ahead.Text()+" seconds ahead of now.")
	}
	if c.Unit != "" {
		out = append(out, "Unit: "+c.Unit+".")
	}
	if c.Enum != "" {
		out = append(out, "Values: "+c.Enum+" (open: unknown values are kept).")
	}
	if c.Default != nil {
		out = append(out, fmt.Sprintf("Default: %v.", c.Default))
	}
	if c.Fixed != "" {
		out = append(out, "Always "+strconv.Quote(c.Fixed)+".")
	}
	if c.Pattern != "" {
		s := "Pattern: " + c.Pattern
		if c.PatternText != "" {
			s += " (" + c.PatternText + ")"
		}
		out = append(out, s+".")
	} else if c.PatternText != "" {
		out = append(out, "Shape: "+c.PatternText+".")
	}
	if c.NoEmoji {
		out = append(out, "No emoji.")
	}
	if c.MaxLineFeeds != nil {
		out = append(out, fmt.Sprintf("At most %d line feeds.", *c.MaxLineFeeds))
	}
	if c.Position != "" {
		out = append(out, "Position: "+c.Position+".")
	}
	if c.UploadOnly {
		out = append(out, "Must be an upload (a file_id or URL is not accepted).")
	}
	if len(c.Variants) > 0 {
		out = append(out, "Only the variants "+strings.Join(c.Variants, ", ")+".")
	}
	for _, e := range constraintText(c.Each) {
		out = append(out, "Each item: "+e)
	}
	return out
}

func ruleText(r *schema.Rule) string {
	var s string
	switch r.Kind {
	case schema.RuleMutuallyExclusive:
		s = "at most one of " + strings.Join(r.Fields, ", ") + " may be set"
	case schema.RuleAtMostOne:
		s = "at most one of " + strings.Join(r.Fields, ", ") + " is present"
	case schema.RuleExactlyOne:
		s = "exactly one of " + strings.Join(r.Fields, ", ") + " must be set"
	case schema.RuleOneOf:
		var gs []string
		for _, grp := range r.Groups {
			gs = append(gs, strings.Join(grp, " with "))
		}
		s = "exactly one of (" + strings.Join(gs, ") or (") + ") must be set"
	case schema.RuleRequiredIf:
		s = r.Fields[0] + " is required"
		if r.When != nil {
			s += " when " + r.When.Field + " " + r.When.Words()
		}
	case schema.RuleSameKindItems:
		s = "in " + strings.Join(r.Fields, ", ") + ", items of kinds " + strings.Join(r.Kinds, ", ") + " are grouped only with their own kind"
	default:
		s = r.Kind
	}
	if r.Text != "" {
		s += ` ("` + strings.TrimSuffix(r.Text, ".") + `")`
	}
	return "Rule: " + s + "."
}

func fieldDoc(fi *gomodel.Field) []string {
	f := fi.Schema
	var parts []string
	if d := sentence(f.Description); d != "" {
		parts = append(parts, d)
	}
	c := f.Constraints
	if fi.Type.Base().Kind == gomodel.File {
		switch {
		case !fi.FileUnion:
			// A plain InputFile is an upload; upload_only says it again.
			parts = append(parts, "Must be an Upload (a FileID or FileURL is not accepted).")
			if c != nil && c.UploadOnly {
				cc := *c
				cc.UploadOnly = false
				c = &cc
			}
		case c == nil || !c.UploadOnly:
			parts = append(parts, "An Upload, a FileID or a FileURL.")
		}
	}
	parts = append(parts, constraintText(c)...)
	if f.ZeroMeaningful {
		parts = append(parts, "Its zero value is meaningful and is sent when set.")
	}
	if f.JSONSerialized {
		parts = append(parts, "JSON-serialized.")
	}
	if f.From != "" {
		parts = append(parts, "From "+f.From+".")
	}
	if f.Required {
		parts = append(parts, "Required.")
	} else {
		parts = append(parts, "Optional.")
	}
	if f.Since != "" {
		parts = append(parts, "Since "+f.Since+".")
	}
	return []string{strings.Join(parts, " ")}
}

// ---------------------------------------------------------------- emit

func (g *gen) emitTypes() ([]byte, error) {
	f := g.newFile()
	for _, l := range g.packageDoc() {
		for _, w := range godoc.Wrap(l, godoc.Width, "") {
			f.PackageComment(w)
		}
	}
	for _, si := range g.m.Objects {
		g.emitObjectType(f, si)
	}
	for _, u := range g.m.Unions {
		g.emitUnionType(f, u)
	}
	for _, e := range g.m.Enums {
		g.emitEnum(f, e)
	}
	for _, si := range g.m.Params {
		g.emitParamsType(f, si)
	}
	return render(f)
}

func (g *gen) packageDoc() []string {
	title := g.m.Schema.Title
	if title == "" {
		title = "the API"
	}
	lines := []string{
		"Package " + g.pkg + " holds the types of " + title + " (version " + g.m.Schema.Version + ") and their JSON codecs.",
		"",
		"Optional scalars are Opt[T]: the zero Opt is unset and Some(v) is set, so a zero that matters (0, false, \"\") is still sent. Optional objects are pointers and optional arrays are nil when unset (a non-nil empty slice is sent as []).",
		"",
		"Unions of objects are interfaces implemented by the variants' pointer types, plus an Unknown<Union> type that keeps the raw JSON of a variant this package does not know. For a union with a discriminator the variant structs have no discriminator field: encoding writes it from the variant.",
		"",
		"Unions with primitive variants are structs whose zero value is unset. They are built with a constructor per variant named <Union>From<Variant>, where <Variant> is the variant's schema type name (for example <Union>FromString, <Union>FromInteger64, <Union>FromTrue, or <Union>From<Object> taking a pointer), and read with As<Variant> accessors returning the value and whether that variant is the one held. Encoding an unset required union is an error.",
		"",
		"Files are InputFile values, built with Upload(name, reader) (contents streamed in a multipart/form-data request), FileID(id) (a file already stored by the service) or FileURL(url) (an HTTP URL the service downloads); the zero InputFile is unset. A value the schema types \"InputFile or String\" is an InputFile and takes any of the three forms; a value typed plain InputFile must be an Upload (Validate rejects the other forms). In JSON an InputFile is a string: decoding gives a FileURL for an absolute http or https URL and a FileID for any other string.",
		"",
		"Enums are string types with a constant per value; decoding keeps values the package does not know (Known reports whether a value is listed).",
		"",
		"Every type has MarshalJSON and UnmarshalJSON built on a reflection-free reader and writer: unknown keys are skipped, null means unset, and decoding errors carry the path of the offending field. AppendJSON(dst) writes the bytes MarshalJSON returns onto dst instead of a fresh slice, so a caller reusing one buffer encodes without allocating.",
		"",
		"UnmarshalJSON reads tolerantly, as the client reads what it receives and as Go programs expect of encoding/json: a missing required field reads as its zero value, an enum value the document does not list is kept, a union value no variant reads is kept as the union's Unknown value, and a True written false reads as unset; a value of the wrong type is still an error. UnmarshalStrict makes each of these an error. A value read from received data remembers which required fields were missing and encodes back without them while they hold their zero value, so re-encoding writes what was received and never an invented zero value; a value built by hand writes every required field.",
	}
	return lines
}

func (g *gen) objectDoc(si *gomodel.Struct) []string {
	o := si.Object
	first := si.GoName + " is the " + o.Name + " object."
	if d := strings.TrimSpace(o.Description); d != "" {
		first = si.GoName + " is the " + o.Name + " object: " + sentence(lowerFirst(d))
	}
	lines := []string{first}
	var extra []string
	if uses := usesText(si); uses != "" {
		extra = append(extra, uses)
	}
	if o.Opaque {
		extra = append(extra, "The document does not show its fields: Raw holds the JSON exactly as received and is written back unchanged.")
	}
	if o.StringForm != "" && si.StringForm != nil {
		extra = append(extra, "A plain JSON string also decodes into it ("+o.StringForm+"): the string becomes "+si.StringForm.GoName+".")
	}
	if si.Tagged != nil {
		extra = append(extra, "It is the "+si.Tagged.GoName+" variant with "+si.Tagged.Schema.Discriminator+" "+strconv.Quote(si.Tag)+"; encoding writes "+si.Tagged.Schema.Discriminator+" itself.")
	}
	for _, r := range o.Rules {
		extra = append(extra, ruleText(r))
	}
	for _, n := range o.Notes {
		extra = append(extra, "Note: "+sentence(n))
	}
	if si.Kind != nil {
		s := si.Kind.Method + " reports which of the fields is present; an unknown member holding an object (a kind newer than this package) is kept in " + si.Kind.UnknownKey + " and " + si.Kind.UnknownRaw + " and written back."
		extra = append(extra, s)
	}
	if o.Since != "" {
		extra = append(extra, "Since "+o.Since+".")
	}
	if ref := si.Ref(); ref != "" {
		extra = append(extra, ref)
	}
	for _, e := range extra {
		lines = append(lines, "", e)
	}
	return lines
}

// maxUses bounds the lists of a doc comment's "Returned by" and "Held by".
const maxUses = 6

// usesText says where a reader meets an object: the methods returning it
// and the fields holding it.
func usesText(si *gomodel.Struct) string {
	list := func(items []string) string {
		if len(items) > maxUses {
			return strings.Join(items[:maxUses], ", ") + " and " + strconv.Itoa(len(items)-maxUses) + " more"
		}
		return strings.Join(items, ", ")
	}
	var parts []string
	if len(si.ReturnedBy) > 0 {
		var names []string
		for _, me := range si.ReturnedBy {
			names = append(names, me.Schema.Name)
		}
		parts = append(parts, "Returned by "+list(names)+".")
	}
	if len(si.HeldBy) > 0 {
		parts = append(parts, "Held by "+list(si.HeldBy)+".")
	}
	return strings.Join(parts, " ")
}

// lowerFirst lowercases the first letter of a sentence unless it starts an
// acronym or a name ("GIF", "HTTP").
func lowerFirst(s string) string {
	if len(s) > 1 && s[0] >= 'A' && s[0] <= 'Z' && !(s[1] >= 'A' && s[1] <= 'Z') {
		return strings.ToLower(s[:1]) + s[1:]
	}
	return s
}

func (g *gen) structFields(si *gomodel.Struct) []jen.Code {
	var fields []jen.Code
	for i, fi := range si.Fields {
		if i > 0 {
			fields = append(fields, jen.Line())
		}
		fields = append(fields, godoc.Lines(fieldDoc(fi)...)...)
		tag := fi.Schema.Name
		if !fi.Schema.Required {
			tag += ",omitzero"
		}
		fields = append(fields, jen.Id(fi.GoName).Add(fi.Type.Jen()).Tag(map[string]string{"json": tag}))
	}
	return fields
}

func (g *gen) emitObjectType(f *jen.File, si *gomodel.Struct) {
	for _, c := range godoc.Lines(g.objectDoc(si)...) {
		f.Add(c)
	}
	if si.Object.Opaque {
		f.Type().Id(si.GoName).Struct(
			jen.Comment("Raw is the object's JSON as received."),
			jen.Id("Raw").Index().Byte(),
		)
		f.Line()
		return
	}
	fields := g.structFields(si)
	if si.Kind != nil {
		fields = append(fields, jen.Line(),
			jen.Comment(si.Kind.UnknownKey+" is the name of an unknown member holding an object, when the"),
			jen.Comment("input had one (the first such member)."),
			jen.Id(si.Kind.UnknownKey).String().Tag(map[string]string{"json": "-"}),
			jen.Comment(si.Kind.UnknownRaw+" is that member's JSON."),
			jen.Id(si.Kind.UnknownRaw).Index().Byte().Tag(map[string]string{"json": "-"}),
		)
	}
	if mi := si.Missing; mi != nil {
		fields = append(fields, jen.Line())
		fields = append(fields, jen.Comment(mi.Field+" marks the required fields received data lacked (see the package doc)."))
		fields = append(fields, jen.Id(mi.Field).Id(mi.GoType))
	}
	f.Type().Id(si.GoName).Struct(fields...)
	f.Line()
	for _, ui := range si.Members {
		f.Func().Params(jen.Op("*").Id(si.GoName)).Id(ui.Marker).Params().Block()
		f.Line()
	}
	emitGetters(f, si)
	if si.Kind != nil {
		g.emitKind(f, si)
	}
}

// presence is the condition under which an optional field is present.
func (g *gen) presence(recv string, fi *gomodel.Field) *jen.Statement {
	x := jen.Id(recv).Dot(fi.GoName)
	switch {
	case fi.Required():
		return jen.True()
	case fi.Type.HasIsSet():
		return x.Dot("IsSet").Call()
	}
	return x.Op("!=").Nil()
}

func (g *gen) emitKind(f *jen.File, si *gomodel.Struct) {
	retType := jen.String()
	text := si.Kind.Method + " returns the wire name of the member that is present"
	if si.Kind.Enum != nil {
		retType = jen.Id(si.Kind.Enum.GoName)
		text = si.Kind.Method + " returns the " + si.Kind.Enum.GoName + " of the member that is present"
	}
	godoc.Add(f, text+", the name of an unknown member kept in "+si.Kind.UnknownKey+", or \"\" when there is none.")
	var cases []jen.Code
	for _, kf := range si.Kind.Fields {
		var val jen.Code = jen.Lit(kf.Schema.Name)
		if si.Kind.Enum != nil {
			for i, v := range si.Kind.Enum.Schema.Values {
				if v.Value == kf.Schema.Name {
					val = jen.Id(si.Kind.Enum.Consts[i])
				}
			}
		}
		cases = append(cases, jen.Case(g.presence("v", kf)).Block(jen.Return(val)))
	}
	var unknown jen.Code = jen.Id("v").Dot(si.Kind.UnknownKey)
	if si.Kind.Enum != nil {
		unknown = jen.Id(si.Kind.Enum.GoName).Call(jen.Id("v").Dot(si.Kind.UnknownKey))
	}
	f.Func().Params(jen.Id("v").Op("*").Id(si.GoName)).Id(si.Kind.Method).Params().Add(retType).Block(
		jen.Switch().Block(cases...),
		jen.Return(unknown),
	)
	f.Line()
	for _, h := range si.Kind.Helpers {
		godoc.Add(f, h.Method+" returns the "+h.Wire+" field of the first present member that has one (nil when there is none or it is unset).")
		var cases []jen.Code
		for _, p := range h.Paths {
			var val *jen.Statement
			if p.Required {
				val = jen.Op("&").Id("v").Dot(p.Kind.GoName).Dot(p.Field.GoName)
			} else {
				val = jen.Id("v").Dot(p.Kind.GoName).Dot(p.Field.GoName)
			}
			cases = append(cases, jen.Case(g.presence("v", p.Kind)).Block(jen.Return(val)))
		}
		f.Func().Params(jen.Id("v").Op("*").Id(si.GoName)).Id(h.Method).Params().Op("*").Id(h.GoType).Block(
			jen.Switch().Block(cases...),
			jen.Return(jen.Nil()),
		)
		f.Line()
	}
}

func (g *gen) emitParamsType(f *jen.File, si *gomodel.Struct) {
	m := si.Method
	lines := []string{si.GoName + " are the parameters of " + m.Name + "."}
	if d := sentence(m.Description); d != "" {
		lines = append(lines, "", d)
	}
	var extra []string
	ret := "Result: " + m.Returns.String()
	if m.ReturnsNote != "" {
		ret += ". " + sentence(m.ReturnsNote)
	} else {
		ret += "."
	}
	extra = append(extra, ret)
	for _, r := range m.Rules {
		extra = append(extra, ruleText(r))
	}
	if m.Multipart {
		extra = append(extra, "Files may be uploaded (multipart/form-data).")
	}
	if m.Since != "" {
		extra = append(extra, "Since "+m.Since+".")
	}
	if ref := gomodel.Ref(m.Source); ref != "" {
		extra = append(extra, ref)
	}
	lines = append(lines, "")
	lines = append(lines, extra...)
	for _, c := range godoc.Lines(lines...) {
		f.Add(c)
	}
	f.Type().Id(si.GoName).Struct(g.structFields(si)...)
	f.Line()
}

func (g *gen) emitUnionType(f *jen.File, ui *gomodel.Union) {
	u := ui.Schema
	var names []string
	for _, v := range u.Variants {
		names = append(names, v.Type.String())
	}
	lines := []string{ui.GoName + " is one of " + strings.Join(names, ", ") + "."}
	if d := sentence(u.Description); d != "" {
		lines = append(lines, "", d)
	}
	switch ui.Kind {
	case gomodel.KeyedUnion, gomodel.TaggedUnion:
		var impl []string
		for _, v := range ui.Variants {
			s := "*" + v.GoName
			if ui.Kind == gomodel.TaggedUnion {
				s += " (" + u.Discriminator + " " + strconv.Quote(v.Schema.Tag)
				if len(v.Schema.Requires) > 0 || v.Schema.Const != nil {
					s += "; " + variantEvidence(v) // the tag is shared
				}
				s += ")"
			} else {
				s += " (" + variantEvidence(v) + ")"
			}
			impl = append(impl, s)
		}
		for _, v := range ui.Forms {
			impl = append(impl, v.GoName+" (a JSON "+v.JSONKind+")")
		}
		lines = append(lines, "", "Implemented by "+strings.Join(impl, ", ")+", and *"+ui.Unknown+" for a variant this package does not know. A nil "+ui.GoName+" is unset.")
		if u.Since != "" {
			lines = append(lines, "", "Since "+u.Since+".")
		}
		if ref := gomodel.Ref(u.Source); ref != "" {
			lines = append(lines, "", ref)
		}
		for _, c := range godoc.Lines(lines...) {
			f.Add(c)
		}
		f.Type().Id(ui.GoName).Interface(append([]jen.Code{jen.Id(ui.Marker).Params()}, g.unionMethods(ui)...)...)
		f.Line()
		// Unknown variant.
		var uf []jen.Code
		doc := ui.Unknown + " is " + article(ui.GoName) + " variant this package does not know. Raw is its JSON, written back unchanged."
		if ui.Kind == gomodel.TaggedUnion {
			doc = ui.Unknown + " is " + article(ui.GoName) + " whose " + u.Discriminator + " this package does not know. " + ui.UnknownTag + " is that " + u.Discriminator + " (\"\" when missing) and Raw is the whole JSON object, written back unchanged."
			uf = append(uf, jen.Id(ui.UnknownTag).String())
		}
		uf = append(uf, jen.Id("Raw").Index().Byte())
		for _, c := range godoc.Lines(doc) {
			f.Add(c)
		}
		f.Type().Id(ui.Unknown).Struct(uf...)
		f.Line()
		f.Func().Params(jen.Op("*").Id(ui.Unknown)).Id(ui.Marker).Params().Block()
		f.Line()
		// Forms: named types over a primitive or a slice, told apart
		// from the objects by their JSON kind.
		for _, v := range ui.Forms {
			godoc.Add(f, v.GoName+" is the "+v.Schema.Type.String()+" form of "+ui.GoName+" (a JSON "+v.JSONKind+").")
			f.Type().Id(v.GoName).Add(v.Type.Jen())
			f.Line()
			f.Func().Params(jen.Id(v.GoName)).Id(ui.Marker).Params().Block()
			f.Line()
		}
		emitUnknownGetters(f, ui)
		// Compile-time guards: every variant implements the union, so a
		// variant that loses its marker is a build error, not a silent
		// Unknown at run time.
		var guards []jen.Code
		for _, v := range ui.Variants {
			guards = append(guards, jen.Id("_").Id(ui.GoName).Op("=").Parens(jen.Op("*").Id(v.GoName)).Parens(jen.Nil()))
		}
		for _, v := range ui.Forms {
			guards = append(guards, jen.Id("_").Id(ui.GoName).Op("=").Id(v.GoName).Parens(v.Type.Zero()))
		}
		guards = append(guards, jen.Id("_").Id(ui.GoName).Op("=").Parens(jen.Op("*").Id(ui.Unknown)).Parens(jen.Nil()))
		f.Var().Defs(guards...)
		f.Line()
		return
	}
	lines = append(lines, "", "The zero "+ui.GoName+" is unset. Build one with "+joinCtors(ui)+"; read it with "+joinAs(ui)+".")
	if u.Since != "" {
		lines = append(lines, "", "Since "+u.Since+".")
	}
	if ref := gomodel.Ref(u.Source); ref != "" {
		lines = append(lines, "", ref)
	}
	for _, c := range godoc.Lines(lines...) {
		f.Add(c)
	}
	fields := []jen.Code{jen.Id("kind").Uint8()}
	for _, v := range ui.Variants {
		if v.Type.IsTrue() {
			continue // the kind says it all
		}
		fields = append(fields, jen.Id(v.Field).Add(v.Type.Jen()))
	}
	f.Type().Id(ui.GoName).Struct(fields...)
	f.Line()
	f.Comment("The variants " + article(ui.GoName) + " holds, by its kind (0 is unset).")
	var kinds []jen.Code
	for _, v := range ui.Variants {
		kinds = append(kinds, jen.Id(v.Kind).Op("=").Lit(v.Index))
	}
	f.Const().Defs(kinds...)
	f.Line()
	for _, v := range ui.Variants {
		vt := v.Type.Jen()
		if v.Type.IsTrue() {
			godoc.Add(f, v.Ctor+" returns "+article(ui.GoName)+" holding true.")
			f.Func().Id(v.Ctor).Params().Id(ui.GoName).Block(
				jen.Return(jen.Id(ui.GoName).Values(jen.Dict{jen.Id("kind"): jen.Id(v.Kind)})),
			)
			f.Line()
			godoc.Add(f, v.As+" reports whether u holds true.")
			f.Func().Params(jen.Id("u").Id(ui.GoName)).Id(v.As).Params().Bool().Block(
				jen.Return(jen.Id("u").Dot("kind").Op("==").Id(v.Kind)),
			)
			f.Line()
			continue
		}
		godoc.Add(f, v.Ctor+" returns "+article(ui.GoName)+" holding the "+v.Schema.Type.String()+" v.")
		f.Func().Id(v.Ctor).Params(jen.Id("v").Add(vt)).Id(ui.GoName).Block(
			jen.Return(jen.Id(ui.GoName).Values(jen.Dict{jen.Id("kind"): jen.Id(v.Kind), jen.Id(v.Field): jen.Id("v")})),
		)
		f.Line()
		if v.Short != "" {
			what := "the " + v.Schema.Note
			if v.Schema.Note == "" {
				what = "named after the " + v.ShortField + " fields holding " + article(ui.GoName) + " so that the name is the same in every version"
			}
			godoc.Add(f, v.Short+" returns "+article(ui.GoName)+" holding the "+v.Schema.Type.Name+" v, "+what+"; the same as "+v.Ctor+".")
			f.Func().Id(v.Short).Params(jen.Id("v").Add(v.Type.Jen())).Id(ui.GoName).Block(jen.Return(jen.Id(v.Ctor).Call(jen.Id("v"))))
			f.Line()
		}
		godoc.Add(f, v.As+" returns the "+v.Schema.Type.String()+" u holds and true, or the zero value and false when u holds another variant or is unset.")
		f.Func().Params(jen.Id("u").Id(ui.GoName)).Id(v.As).Params().Params(v.Type.Jen(), jen.Bool()).Block(
			jen.Return(jen.Id("u").Dot(v.Field), jen.Id("u").Dot("kind").Op("==").Id(v.Kind)),
		)
		f.Line()
	}
	godoc.Add(f, "IsSet reports whether u holds a value.")
	f.Func().Params(jen.Id("u").Id(ui.GoName)).Id("IsSet").Params().Bool().Block(
		jen.Return(jen.Id("u").Dot("kind").Op("!=").Lit(0)),
	)
	f.Line()
}

func joinCtors(ui *gomodel.Union) string {
	var s []string
	for _, v := range ui.Variants {
		s = append(s, v.Ctor)
	}
	return strings.Join(s, ", ")
}

func joinAs(ui *gomodel.Union) string {
	var s []string
	for _, v := range ui.Variants {
		s = append(s, v.As)
	}
	return strings.Join(s, ", ")
}

func (g *gen) emitEnum(f *jen.File, ei *gomodel.Enum) {
	e := ei.Schema
	lines := []string{ei.GoName + " is an enum of the API."}
	if d := sentence(e.Description); d != "" {
		lines = append(lines, "", d)
	}
	lines = append(lines, "", "Decoding keeps values not listed here; Known reports whether a value is listed.")
	if ref := gomodel.Ref(e.Source); ref != "" {
		lines = append(lines, "", ref)
	}
	for _, c := range godoc.Lines(lines...) {
		f.Add(c)
	}
	f.Type().Id(ei.GoName).String()
	f.Line()
	var consts []jen.Code
	for i, v := range e.Values {
		var doc []string
		if v.Name != "" {
			doc = append(doc, v.Name)
		}
		if v.Note != "" {
			doc = append(doc, v.Note)
		}
		if v.Since != "" {
			doc = append(doc, "since "+v.Since)
		}
		if len(doc) > 0 {
			consts = append(consts, jen.Comment(ei.Consts[i]+": "+strings.Join(doc, "; ")+"."))
		}
		consts = append(consts, jen.Id(ei.Consts[i]).Id(ei.GoName).Op("=").Lit(v.Value))
	}
	godoc.Add(f, "Values of "+ei.GoName+".")
	f.Const().Defs(consts...)
	f.Line()
	var cases []jen.Code
	var all []jen.Code
	for _, c := range ei.Consts {
		cases = append(cases, jen.Id(c))
		all = append(all, jen.Id(c))
	}
	godoc.Add(f, "Known reports whether e is one of the listed values.")
	f.Func().Params(jen.Id("e").Id(ei.GoName)).Id("Known").Params().Bool().Block(
		jen.Switch(jen.Id("e")).Block(jen.Case(cases...).Block(jen.Return(jen.True()))),
		jen.Return(jen.False()),
	)
	f.Line()
	godoc.Add(f, ei.Values+" returns every listed value of "+ei.GoName+", in the document's order.")
	f.Func().Id(ei.Values).Params().Index().Id(ei.GoName).Block(
		jen.Return(jen.Index().Id(ei.GoName).Values(all...)),
	)
	f.Line()
}

// article prefixes a name with "a" or "an".
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOUaeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// variantEvidence says in a doc comment how JSON selects a variant of a
// union without discriminator: the member only it has, else its required
// members and stated constant.
func variantEvidence(v *gomodel.Variant) string {
	if v.Key != "" && v.Schema.Const == nil {
		return "has " + v.Key
	}
	out := "has " + strings.Join(v.Schema.Requires, ", ")
	if len(v.Schema.Requires) == 0 {
		out = "has no required member"
	}
	if c := v.Schema.Const; c != nil {
		out += "; " + c.Field + " " + c.JSON
	}
	return out
}

// valuesText lists the whole numbers of constraints.values.
func valuesText(vals []int64) string {
	words := make([]string, len(vals))
	for i, v := range vals {
		words[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(words, ", ")
}
