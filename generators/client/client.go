// Package client is the client backend: from a schema it emits client_gen.go,
// one method of the runtime Client (generators/runtime/rt_client.go) per API
// method, plus what the runtime needs to encode requests that upload files,
// a long-polling iterator and a webhook handler.
//
// Everything is derived from the schema, never from API names:
//
//   - Results: True gives an error-only method (it can only be true); other
//     primitives their Go type; objects a pointer; unions the union type;
//     arrays a slice.
//   - File-carrying values are found generically: InputFile, unions with a
//     file-carrying variant, objects with a file-carrying field and arrays of
//     those, at any depth. Parameters structs that reach one get an
//     unexported clientWithUploads method returning a copy in which every
//     upload has a multipart part name; the runtime then streams a
//     multipart/form-data body. A top-level file parameter travels in the
//     part named after it; nested uploads (InputMedia media, thumbnails) in
//     parts "file0", "file1", ... referenced as "attach://<part>". The Go
//     representation comes from the model and is used only through
//     InputFile methods (and, for a union struct holding an InputFile
//     variant, its As/From pair).
//   - The update list method is the method whose result is an array of an
//     object with an at_most_one rule and whose parameters include offset and
//     timeout; it gets the Updates iterator (offset = highest first required
//     integer field of the object + 1) and WebhookHandler. Without such a
//     method neither is emitted.
//
// Names, Go types, and "can carry an upload" come from the Go model
// (gomodel); the backend requires the types and validate backends, whose
// declarations its code calls.
package client

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/godoc"
	"github.com/apigen/apigen/generators/gofile"
	"github.com/apigen/apigen/generators/runtime"
	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
)

// Backend is the client backend. Its code calls the types' codecs and the
// validators' Validate methods.
var Backend = generators.Backend{Name: "client", Kind: generators.GoPackage, Requires: []string{"types", "validate"}, Reserves: append(append([]string{webhookName}, addressNames...), exampleNames...), ClientMembers: []string{iteratorName}, Generate: Generate}

// addressNames are the client's default addresses, declared whatever the
// document says.
var addressNames = []string{"DefaultBaseURL", "DefaultFileURL"}

// exampleNames are the client's runnable examples.
var exampleNames = []string{"ExampleClient_" + iteratorName, "Example" + webhookName, "ExampleClient_DownloadFile", "ExampleError", "ExampleWithRetry"}

// FileName is the file this backend writes (CONVENTIONS.md).
const FileName = "client_gen.go"

// Names this backend adds.
const (
	clientType      = generators.ClientType
	methodUploads   = "clientWithUploads" // on parameters structs that carry files
	methodAttach    = "clientAttach"      // on objects that carry files
	methodName      = "clientMethod"      // on every parameters struct (WebhookReply)
	methodEncode    = "clientEncode"      // on every parameters struct (clientParams)
	iteratorName    = "Updates"
	webhookName     = "WebhookHandler"
	attachFuncPrefx = "clientAttach" // + union name: package-level helpers
)

const (
	pkgContext = "context"
	pkgIter    = "iter"
	pkgHTTP    = "net/http"
)

// Generate emits client_gen.go and the client's runtime.
func Generate(m *gomodel.Model, opts generators.Options) ([]output.File, error) {
	g := newGen(m, opts)
	data, err := g.emit()
	if err != nil {
		return nil, err
	}
	rt, err := runtime.File("client", m.Package, opts.Source, runtime.ClientPart)
	if err != nil {
		return nil, err
	}
	for _, n := range addressNames {
		if err := m.Declare(n, "client default address"); err != nil {
			return nil, err
		}
	}
	for _, n := range exampleNames {
		if err := m.Declare(n, "runnable example"); err != nil {
			return nil, err
		}
	}
	examples, err := g.emitExamples()
	if err != nil {
		return nil, err
	}
	readme, err := g.emitReadme()
	if err != nil {
		return nil, err
	}
	return []output.File{{Path: FileName, Data: data}, rt, {Path: ExamplesFile, Data: examples}, readme}, nil
}

// ---------------------------------------------------------------- model

type gen struct {
	m      *gomodel.Model
	pkg    string
	source string
	cscope *naming.Scope // methods of Client

	attachObjs   []*gomodel.Struct // objects needing clientAttach, first use order
	attachUnions []*gomodel.Union  // interface unions needing a package-level helper
	attachSeen   map[string]bool
}

func newGen(m *gomodel.Model, opts generators.Options) *gen {
	return &gen{m: m, pkg: m.Package, source: opts.Source, attachSeen: map[string]bool{}}
}

func (g *gen) init() error {
	members, err := runtime.Members(clientType)
	if err != nil {
		return err
	}
	if len(members) == 0 {
		return fmt.Errorf("runtime declares no %s type", clientType)
	}
	g.cscope = naming.NewScope(members...)
	return nil
}

// resultAdapter is the runtime's decoder of a scalar result, by the Go
// scalar the model chose (True and InputFile decode themselves).
var resultAdapter = map[gomodel.Prim]string{
	gomodel.PrimInt: "clientInt", gomodel.PrimInt64: "clientInt64", gomodel.PrimFloat64: "clientFloat",
	gomodel.PrimString: "clientString", gomodel.PrimBool: "clientBoolRes",
}

// decodeInto returns an expression of type error that decodes the value at
// r into the variable dst (an addressable expression) of Go type t.
func (g *gen) decodeInto(t *gomodel.Type, dst *jen.Statement, depth int) (jen.Code, error) {
	switch t.Kind {
	case gomodel.Slice:
		elem := t.Elem.Jen()
		x := fmt.Sprintf("x%d", depth)
		inner, err := g.decodeInto(t.Elem, jen.Id(x), depth+1)
		if err != nil {
			return nil, err
		}
		return jen.Func().Params().Error().Block(
			jen.Add(dst.Clone()).Op("=").Make(jen.Index().Add(elem), jen.Lit(0)),
			jen.Return(jen.Id("r").Dot("Array").Call(jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(
				jen.Var().Id(x).Add(elem),
				jen.If(jen.Err().Op(":=").Add(inner), jen.Err().Op("!=").Nil()).Block(
					jen.Return(jen.Id("jsonErrIndex").Call(jen.Err(), jen.Len(dst.Clone()))),
				),
				jen.Add(dst.Clone()).Op("=").Append(dst.Clone(), jen.Id(x)),
				jen.Return(jen.Nil()),
			))),
		).Call(), nil
	case gomodel.Scalar:
		if a, ok := resultAdapter[t.Prim]; ok && t.Conv() == "" {
			return jen.Id(a).Values(jen.Op("&").Add(dst.Clone())).Dot("decodeJSON").Call(jen.Id("r")), nil
		}
	case gomodel.Interface:
		return jen.Func().Params().Params(jen.Err().Error()).Block(
			jen.List(dst.Clone(), jen.Err()).Op("=").Id(t.Union.Decode).Call(jen.Id("r")),
			jen.Return(),
		).Call(), nil
	case gomodel.Pointer, gomodel.Opt:
		return nil, fmt.Errorf("type %s inside a result is not supported", t)
	}
	return jen.Parens(jen.Op("&").Add(dst.Clone())).Dot("decodeJSON").Call(jen.Id("r")), nil
}

// ---------------------------------------------------------------- emit

func (g *gen) emit() ([]byte, error) {
	if err := g.init(); err != nil {
		return nil, err
	}
	f := godoc.NewFile(g.pkg, g.source)
	f.ImportName(pkgContext, "context")
	f.ImportName(pkgIter, "iter")
	f.ImportName(pkgHTTP, "http")

	f.Comment("Client methods: one per API method. Every method validates its")
	f.Comment("parameters first (unless WithValidation(false)), sends them as JSON, or")
	f.Comment("as streamed multipart/form-data when an InputFile is an upload, and")
	f.Comment("decodes the result. A failure envelope is returned as *Error, an answer")
	f.Comment("that is not an envelope as *HTTPError. Methods whose result is True")
	f.Comment("return only an error.")
	f.Line()
	g.emitAddresses(f)

	for _, me := range g.m.Methods {
		if err := g.emitMethod(f, me); err != nil {
			return nil, fmt.Errorf("method %s: %w", me.Schema.Name, err)
		}
	}
	for _, me := range g.m.Methods {
		if me.Params == nil {
			continue
		}
		if err := g.emitParamsHelpers(f, me); err != nil {
			return nil, fmt.Errorf("method %s: %w", me.Schema.Name, err)
		}
	}
	// Helpers for nested file-carrying types, in first-use order (the list
	// grows while emitting).
	for oi, ui := 0, 0; oi < len(g.attachObjs) || ui < len(g.attachUnions); {
		if ui < len(g.attachUnions) {
			if err := g.emitUnionAttach(f, g.attachUnions[ui]); err != nil {
				return nil, err
			}
			ui++
			continue
		}
		if err := g.emitObjectAttach(f, g.attachObjs[oi]); err != nil {
			return nil, err
		}
		oi++
	}
	if err := g.emitUpdates(f); err != nil {
		return nil, err
	}
	return gofile.Render(f)
}

// emitAddresses declares the client's default addresses, decided in the
// model from what the document states.
func (g *gen) emitAddresses(f *jen.File) {
	if g.m.BaseURL == "" {
		godoc.Add(f, "DefaultBaseURL is the address of the service used by NewClient when no WithBaseURL option is given. The specification does not state the service's address, so it is empty: set it once (or pass WithBaseURL) to the cloud address, or to the address of a local server. With no base URL every call fails with an error saying so, before any network access.")
	} else {
		godoc.Add(f, "DefaultBaseURL is the address of the service used by NewClient when no WithBaseURL option is given: the one the specification states for every request ("+g.m.BaseURL+"/bot<token>/<method>). Pass WithBaseURL for a local server.")
	}
	f.Var().Id("DefaultBaseURL").Op("=").Lit(g.m.BaseURL)
	f.Line()
	if g.m.FileURL == "" {
		godoc.Add(f, "DefaultFileURL, when set, is where DownloadFile fetches files from while NewClient uses DefaultBaseURL (DefaultFileURL/bot<token>/<file_path>). It is empty: files come from {base}/file/bot<token>/<file_path>, whatever the base URL.")
	} else {
		godoc.Add(f, "DefaultFileURL is where DownloadFile fetches files from while NewClient uses DefaultBaseURL: the address the specification states for downloads ("+g.m.FileURL+"/bot<token>/<file_path>). With WithBaseURL (a local server), files come from {base}/file/bot<token>/<file_path>; set it to \"\" when you point DefaultBaseURL elsewhere.")
	}
	f.Var().Id("DefaultFileURL").Op("=").Lit(g.m.FileURL)
	f.Line()
}

func (g *gen) emitMethod(f *jen.File, me *gomodel.Method) error {
	m := me.Schema
	mn := me.GoName
	if err := g.cscope.Declare(mn, "client method for "+m.Name); err != nil {
		return err
	}
	params := []jen.Code{jen.Id("ctx").Qual(pkgContext, "Context")}
	pArg := jen.Nil()
	var pre []jen.Code
	if me.Params != nil {
		pn := me.Params.GoName
		params = append(params, jen.Id("p").Op("*").Id(pn))
		pArg = jen.Id("p")
		pre = append(pre, jen.If(jen.Id("p").Op("==").Nil()).Block(jen.Id("p").Op("=").Op("&").Id(pn).Values()))
	}
	call := func(res jen.Code) *jen.Statement {
		return jen.Id("c").Dot("call").Call(jen.Id("ctx"), jen.Lit(m.Name), pArg, res)
	}

	t := me.Return
	var results jen.Code
	var body []jen.Code
	switch {
	case t == nil: // True
		results = jen.Error()
		body = []jen.Code{
			jen.Var().Id("res").Id("True"),
			jen.Return(call(jen.Op("&").Id("res"))),
		}
	case t.Kind == gomodel.Pointer:
		gn := t.Elem.Jen()
		results = jen.Params(t.Jen(), jen.Error())
		body = []jen.Code{
			jen.Id("res").Op(":=").New(gn),
			jen.If(jen.Err().Op(":=").Add(call(jen.Id("res"))), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Id("res"), jen.Nil()),
		}
	case g.isUpdateList(me):
		// One update that does not decode costs that update alone, and
		// its id still reaches the caller (clientUpdateList).
		_, _, idf := g.updateMethod()
		en := t.Elem.Name
		results = jen.Params(jen.Index().Id(en), jen.Error())
		body = []jen.Code{
			jen.Return(jen.Id("clientUpdateList").Types(jen.Id(en), jen.Op("*").Id(en)).Call(jen.Id("ctx"), jen.Id("c"), jen.Lit(m.Name), pArg, jen.Lit(idf.Name))),
		}
	case t.Kind == gomodel.Slice && (t.Elem.Kind == gomodel.Object || t.Elem.Kind == gomodel.Value):
		en := t.Elem.Name
		results = jen.Params(jen.Index().Id(en), jen.Error())
		body = []jen.Code{
			jen.Var().Id("res").Index().Id(en),
			jen.If(jen.Err().Op(":=").Add(call(jen.Id("clientArray").Types(jen.Id(en), jen.Op("*").Id(en)).Values(jen.Op("&").Id("res")))), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Id("res"), jen.Nil()),
		}
	default:
		dec, err := g.decodeInto(t, jen.Id("res"), 0)
		if err != nil {
			return err
		}
		var res jen.Code
		if a, ok := resultAdapter[t.Prim]; ok && t.Kind == gomodel.Scalar {
			res = jen.Id(a).Values(jen.Op("&").Id("res"))
		} else if t.Kind == gomodel.Value {
			res = jen.Op("&").Id("res") // a union struct decodes itself
		} else {
			res = jen.Id("clientDecodeFunc").Call(jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(jen.Return(dec)))
		}
		results = jen.Params(t.Jen(), jen.Error())
		body = []jen.Code{
			jen.Var().Id("res").Add(t.Jen()),
			jen.Err().Op(":=").Add(call(res)),
			jen.Return(jen.Id("res"), jen.Err()),
		}
	}

	var note string
	if g.isUpdateList(me) {
		_, _, idf := g.updateMethod()
		note = "Items are decoded one by one, tolerantly (see Tolerated). One that still does not decode is in the result with only its " + idf.Name + " set (so that an offset loop moves past it; left out when even that is unreadable) and goes to the hook of WithUndecodableHook with its raw JSON and error (logged by default); with WithStrictDecoding it fails the call."
	}
	g.docComment(f, mn, m, note)
	f.Func().Params(jen.Id("c").Op("*").Id(clientType)).Id(mn).Params(params...).Add(results).Block(append(pre, body...)...)
	f.Line()
	return nil
}

// docComment writes the doc comment of the client method mn calling m;
// note, when not empty, is a paragraph on how the result is read.
func (g *gen) docComment(f *jen.File, mn string, m *schema.Method, note string) {
	text := mn + " calls " + m.Name + "."
	if gm := g.m.Method(m.Name); gm != nil && gm.Params != nil {
		text = mn + " calls " + m.Name + " with the parameters in " + gm.Params.GoName + " (its fields carry the constraints)."
	}
	if d := strings.TrimSpace(m.Description); d != "" {
		text += " " + d
	}
	if n := strings.TrimSpace(m.ReturnsNote); n != "" {
		text += "\n\nResult: " + m.Returns.String() + ". " + n
	}
	if note != "" {
		text += "\n\n" + note
	}
	if ref := gomodel.Ref(m.Source); ref != "" {
		text += "\n\n" + ref
	}
	godoc.Add(f, text)
}

// emitParamsHelpers adds clientMethod (WebhookReply), clientEncode
// (clientParams) and, for parameters that can carry files,
// clientWithUploads.
func (g *gen) emitParamsHelpers(f *jen.File, me *gomodel.Method) error {
	st := me.Params
	pn := st.GoName
	if err := g.checkMember(st, methodName, methodEncode, methodUploads); err != nil {
		return err
	}
	f.Func().Params(jen.Op("*").Id(pn)).Id(methodName).Params().String().Block(jen.Return(jen.Lit(me.Schema.Name)))
	f.Line()
	f.Func().Params(jen.Id("v").Op("*").Id(pn)).Id(methodEncode).Params(jen.Id("w").Op("*").Id("jsonWriter")).Block(jen.Id("v").Dot("encodeJSON").Call(jen.Id("w")))
	f.Line()
	var stmts []jen.Code
	for _, p := range st.Fields {
		if !p.Uploads {
			continue
		}
		code, err := g.fieldAttach(p, true)
		if err != nil {
			return err
		}
		stmts = append(stmts, code...)
	}
	if len(stmts) == 0 {
		return nil
	}
	body := []jen.Code{jen.Id("c").Op(":=").Op("*").Id("v")}
	if me.PartPrefix != gomodel.PartPrefix {
		// A parameter is named like the runtime's nested parts: the
		// model gave this method's another prefix.
		body = append(body, jen.Id("a").Dot("prefix").Op("=").Lit(me.PartPrefix))
	}
	body = append(body, stmts...)
	body = append(body, jen.Return(jen.Op("&").Id("c")))
	f.Comment(methodUploads + " returns a copy of v in which every upload has a multipart part name.")
	f.Func().Params(jen.Id("v").Op("*").Id(pn)).Id(methodUploads).Params(jen.Id("a").Op("*").Id("clientUploads")).Id("clientParams").Block(body...)
	f.Line()
	return nil
}

// checkMember declares methods this backend adds to the struct goType in
// the struct's scope, so that a field or method of the same name is an
// error rather than a compile failure.
func (g *gen) checkMember(st *gomodel.Struct, names ...string) error {
	for _, n := range names {
		if err := st.Scope.Declare(n, "client helper method"); err != nil {
			return fmt.Errorf("%s: %w", st.GoName, err)
		}
	}
	return nil
}

// fieldAttach attaches the uploads of field fl of the struct held in "c"
// (parameters) or "v" (objects).
func (g *gen) fieldAttach(fl *gomodel.Field, top bool) ([]jen.Code, error) {
	recv := "v"
	if top {
		recv = "c"
	}
	part := ""
	if top && fl.Type.Kind != gomodel.Slice {
		part = fl.Name
	}
	return g.attach(jen.Id(recv).Dot(fl.GoName), fl.Type, part, 0)
}

// attach returns statements that replace the value at dst (of Go type gt)
// by one whose uploads have part names. Slices and pointed-to objects are
// copied, never modified in place.
func (g *gen) attach(dst *jen.Statement, gt *gomodel.Type, part string, depth int) ([]jen.Code, error) {
	sfx := ""
	if depth > 0 {
		sfx = fmt.Sprint(depth)
	}
	switch gt.Kind {
	case gomodel.Slice:
		elems, i := "elems"+sfx, "i"+sfx
		inner, err := g.attach(jen.Id(elems).Index(jen.Id(i)), gt.Elem, "", depth+1)
		if err != nil {
			return nil, err
		}
		return []jen.Code{jen.If(dst.Clone().Op("!=").Nil()).Block(
			jen.Id(elems).Op(":=").Make(gt.Jen(), jen.Len(dst.Clone())),
			jen.Copy(jen.Id(elems), dst.Clone()),
			jen.For(jen.Id(i).Op(":=").Range().Id(elems)).Block(inner...),
			jen.Add(dst.Clone()).Op("=").Id(elems),
		)}, nil
	case gomodel.File:
		// InputFile itself, or a union of InputFile and String the model
		// represents as InputFile.
		return []jen.Code{jen.Add(dst.Clone()).Op("=").Id("a").Dot("file").Call(dst.Clone(), jen.Lit(part))}, nil
	case gomodel.Interface:
		g.useUnion(gt.Union)
		return []jen.Code{jen.Add(dst.Clone()).Op("=").Id(attachFuncPrefx+gt.Union.GoName).Call(jen.Id("a"), dst.Clone())}, nil
	case gomodel.Value:
		// A union struct: only an InputFile variant can hold an upload.
		u := gt.Union
		var out []jen.Code
		for _, v := range u.Variants {
			if !v.Type.Uploads() {
				continue
			}
			if v.Type.Kind != gomodel.File {
				return nil, fmt.Errorf("union %s: file-carrying variant %s of a union with primitive variants is not supported", u.Schema.Name, v.Schema.Type)
			}
			file := "file" + sfx
			out = append(out, jen.If(jen.List(jen.Id(file), jen.Id("ok")).Op(":=").Add(dst.Clone()).Dot(v.As).Call(), jen.Id("ok")).Block(
				jen.Add(dst.Clone()).Op("=").Id(v.Ctor).Call(jen.Id("a").Dot("file").Call(jen.Id(file), jen.Lit(part))),
			))
		}
		return out, nil
	case gomodel.Pointer:
		g.useObject(gt.Elem.Struct)
		obj := "obj" + sfx
		return []jen.Code{jen.If(dst.Clone().Op("!=").Nil()).Block(
			jen.Id(obj).Op(":=").Op("*").Add(dst.Clone()),
			jen.Id(obj).Dot(methodAttach).Call(jen.Id("a")),
			jen.Add(dst.Clone()).Op("=").Op("&").Id(obj),
		)}, nil
	case gomodel.Object:
		g.useObject(gt.Struct)
		return []jen.Code{jen.Add(dst.Clone()).Dot(methodAttach).Call(jen.Id("a"))}, nil
	}
	return nil, fmt.Errorf("type %s cannot carry a file", gt)
}

func (g *gen) useObject(st *gomodel.Struct) {
	if !g.attachSeen["o:"+st.GoName] {
		g.attachSeen["o:"+st.GoName] = true
		g.attachObjs = append(g.attachObjs, st)
	}
}

func (g *gen) useUnion(u *gomodel.Union) {
	if !g.attachSeen["u:"+u.GoName] {
		g.attachSeen["u:"+u.GoName] = true
		g.attachUnions = append(g.attachUnions, u)
	}
}

func (g *gen) emitObjectAttach(f *jen.File, st *gomodel.Struct) error {
	if err := g.checkMember(st, methodAttach); err != nil {
		return err
	}
	var body []jen.Code
	for _, fl := range st.Fields {
		if !fl.Uploads {
			continue
		}
		code, err := g.fieldAttach(fl, false)
		if err != nil {
			return fmt.Errorf("object %s: %w", st.Object.Name, err)
		}
		body = append(body, code...)
	}
	f.Comment(methodAttach + " gives every upload in v a multipart part name; v is a copy owned by the caller.")
	f.Func().Params(jen.Id("v").Op("*").Id(st.GoName)).Id(methodAttach).Params(jen.Id("a").Op("*").Id("clientUploads")).Block(body...)
	f.Line()
	return nil
}

func (g *gen) emitUnionAttach(f *jen.File, u *gomodel.Union) error {
	gn := u.GoName
	fn := attachFuncPrefx + gn
	if err := g.m.Declare(fn, "upload helper of union "+u.Schema.Name); err != nil {
		return err
	}
	var cases []jen.Code
	for _, v := range u.Variants {
		if v.Struct == nil || !v.Struct.Uploads {
			continue
		}
		g.useObject(v.Struct)
		cases = append(cases, jen.Case(jen.Op("*").Id(v.Struct.GoName)).Block(
			jen.If(jen.Id("x").Op("!=").Nil()).Block(
				jen.Id("c").Op(":=").Op("*").Id("x"),
				jen.Id("c").Dot(methodAttach).Call(jen.Id("a")),
				jen.Return(jen.Op("&").Id("c")),
			),
		))
	}
	f.Comment(fn + " returns v, or a copy of it whose uploads have multipart part names.")
	f.Func().Id(fn).Params(jen.Id("a").Op("*").Id("clientUploads"), jen.Id("v").Id(gn)).Id(gn).Block(
		jen.Switch(jen.Id("x").Op(":=").Id("v").Assert(jen.Type())).Block(cases...),
		jen.Return(jen.Id("v")),
	)
	f.Line()
	return nil
}

// ---------------------------------------------------------------- updates

// updateMethod finds the update list method (its result is an array of an
// object with a kind accessor, it takes an integer offset and a timeout),
// its object and the object's identifier field.
func (g *gen) updateMethod() (*gomodel.Method, *gomodel.Struct, *gomodel.Field) {
	for _, me := range g.m.Methods {
		t := me.Result
		if t.Kind != gomodel.Slice || t.Elem.Kind != gomodel.Object || me.Params == nil {
			continue
		}
		st := t.Elem.Struct
		if st.Opaque || st.Kind == nil {
			continue
		}
		var offset, timeout bool
		for _, p := range me.Params.Fields {
			offset = offset || (p.Name == "offset" && p.Type.Base().IsInteger() && p.Type.Kind != gomodel.Slice)
			timeout = timeout || p.Name == "timeout"
		}
		if !offset || !timeout {
			continue
		}
		for _, f := range st.Fields {
			if f.Required() && f.Type.IsInteger() {
				return me, st, f
			}
		}
	}
	return nil, nil, nil
}

// isUpdateList reports whether me is the update list method (see
// updateMethod).
func (g *gen) isUpdateList(me *gomodel.Method) bool {
	gm, _, _ := g.updateMethod()
	return gm != nil && gm == me
}

func (g *gen) emitUpdates(f *jen.File) error {
	gm, st, idf := g.updateMethod()
	if gm == nil {
		return nil
	}
	m, o := gm.Schema, st.Object
	pn := gm.Params.GoName
	un := st.GoName
	if err := g.cscope.Declare(iteratorName, "long-polling iterator over "+m.Name); err != nil {
		return err
	}
	if err := g.m.Declare(webhookName, "webhook handler for "+o.Name); err != nil {
		return err
	}
	// The loop lives in the runtime (clientPoll); it works on the wire
	// names of the id, offset and timeout, not on Go fields.
	godoc.Add(f, iteratorName+" long-polls "+m.Name+" and yields every "+un+" in order. "+
		"p gives the first offset, limit, timeout and allowed_updates (nil: defaults); p is not modified. "+
		"An unset timeout is DefaultPollTimeout seconds (long polling; an HTTP client timeout must be longer); an explicit 0 is short polling. "+
		"Each request asks for the items after the highest "+idf.Name+" seen so far (offset = "+idf.Name+" + 1), which confirms the earlier ones to the service; "+
		"an item whose "+idf.Name+" is below that (a duplicate, an older one) is dropped. "+
		"After a break the rest of the batch is not confirmed: to resume, start a new iterator with offset = the last yielded "+idf.Name+" + 1.\n\n"+
		"Items are decoded one by one, tolerantly (see Tolerated). An item that still does not decode is yielded as an *ItemDecodeError (with its "+idf.Name+" and raw JSON) with a zero "+un+", and confirmed like the others. "+
		"Another error is yielded with a zero "+un+"; the iteration goes on after a bounded exponential back-off (1s doubling up to 30s, or retry_after up to a minute, or the retry policy's MaxRetryAfter) unless the loop breaks. "+
		"It ends without an error when ctx is done.")
	f.Func().Params(jen.Id("c").Op("*").Id(clientType)).Id(iteratorName).Params(
		jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("p").Op("*").Id(pn),
	).Qual(pkgIter, "Seq2").Types(jen.Id(un), jen.Error()).Block(
		jen.Var().Id("q").Id(pn),
		jen.If(jen.Id("p").Op("!=").Nil()).Block(jen.Id("q").Op("=").Op("*").Id("p")),
		jen.Return(jen.Func().Params(jen.Id("yield").Func().Params(jen.Id(un), jen.Error()).Bool()).Block(
			jen.Id("clientPoll").Types(jen.Id(un), jen.Op("*").Id(un)).Call(
				jen.Id("ctx"), jen.Id("c"), jen.Lit(m.Name), jen.Op("&").Id("q"),
				jen.Id("clientPollKeys").Values(jen.Dict{
					jen.Id("id"):      jen.Lit(idf.Name),
					jen.Id("offset"):  jen.Lit("offset"),
					jen.Id("timeout"): jen.Lit("timeout"),
				}),
				jen.Id("yield"),
			),
		)),
	)
	f.Line()

	godoc.Add(f, webhookName+" returns an http.Handler for webhook deliveries: each POST carries one "+un+", decoded and passed to h with the request's context. "+
		"h may return a method call to answer in the response body (any parameters struct, e.g. &SendMessageParams{...}; uploads are sent as multipart), or nil. "+
		"An error from h or an invalid reply answers non-2xx so that the service delivers the update again; see WebhookOnError. "+
		"A body is read tolerantly (see Tolerated, WebhookClient); one that is well-formed JSON but still not an "+un+" goes to WebhookOnUndecodable and is answered with success, since delivering it again cannot help and holds back the ones behind it; a body that is not JSON answers 400. "+
		"WebhookSecretPath restricts the handler to a secret URL path.")
	f.Func().Id(webhookName).Params(
		jen.Id("h").Func().Params(jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("u").Op("*").Id(un)).Params(jen.Id("WebhookReply"), jen.Error()),
		jen.Id("opts").Op("...").Id("WebhookOption"),
	).Qual(pkgHTTP, "Handler").Block(
		jen.Return(jen.Id("clientWebhook").Types(jen.Id(un), jen.Op("*").Id(un)).Call(jen.Id("h"), jen.Lit(idf.Name), jen.Id("opts"))),
	)
	return nil
}
