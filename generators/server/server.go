// Package server is the server stubs backend: from a schema it emits
// server_gen.go, the Service interface (one method per API method, typed
// parameters and results), an embeddable Unimplemented, and NewServer, an
// http.Handler that routes /bot<token>/<method>, decodes the parameters from
// any encoding a client may use, runs the generated validators, calls the
// Service and writes the response envelope. The routing, body parsing,
// limits and envelopes live in the runtime file rt_server.go
// (generators/support); this backend generates what depends on the schema:
// one decoding function per parameters struct (no reflection), one binding
// function per type that can carry a file (attach://<part> references
// resolved to the request's parts), and the dispatch table.
//
// It reads the Go model (gomodel) for every name and Go type shape, and
// requires the types and validate backends, whose declarations its code
// calls.
//
// Choices where the spec is silent (also documented on NewServer):
//
//   - Precedence: the query string first, then the body; for one name the
//     first non-empty value wins, and an empty value counts only when no
//     other value (or upload part) is given.
//   - A method Unimplemented answers 404 "Not Found: method not
//     implemented", the answer to an unknown method: a client cannot tell
//     them apart, and the service itself answers 404 for methods it lacks.
//   - A method whose result is True returns only an error; the server writes
//     true.
//   - Non-file body limit 1 MiB, uploads 50 MB per request (the cloud limit
//     per send operation; WithLocalServerLimits: 2000 MB), 8 MiB of uploads
//     kept in memory per request, the rest spooled to temporary files.
package server

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/godoc"
	"github.com/apigen/apigen/generators/support"
	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
)

// Backend is the server backend. Its code calls the types' codecs and the
// validators.
var Backend = generators.Backend{Name: "server", Kind: generators.GoPackage, Requires: []string{"types", "validate"}, Generate: Generate}

// FileName is the file this backend writes (CONVENTIONS.md).
const FileName = "server_gen.go"

// Names this backend declares in the generated package.
const (
	nameService       = "Service"
	nameUnimplemented = "Unimplemented"
	nameNewServer     = "NewServer"
	prefixDecode      = "serverDecode"
	prefixDecodeJSON  = "serverDecodeJSON"
	prefixBind        = "serverBind"
)

// Generate emits server_gen.go and the server's runtime.
func Generate(m *gomodel.Model, opts generators.Options) ([]output.File, error) {
	g := &gen{m: m, s: m.Schema, pkg: m.Package, source: opts.Source, bindName: map[string]string{}}
	if err := g.build(); err != nil {
		return nil, err
	}
	data, err := g.emit()
	if err != nil {
		return nil, err
	}
	rt, err := support.File("server", m.Package, opts.Source, support.ServerPart)
	if err != nil {
		return nil, err
	}
	files := []output.File{{Path: FileName, Data: data}, rt}
	if err := m.Declare("Example"+nameNewServer, "runnable example"); err != nil {
		return nil, err
	}
	examples, err := g.emitExamples()
	if err != nil {
		return nil, err
	}
	if examples != nil {
		files = append(files, output.File{Path: ExamplesFile, Data: examples})
	}
	readme, err := generators.ReadmeSection("server", struct {
		Package, Service, Unimplemented string
		Example                         bool
	}{m.Package, nameService, nameUnimplemented, examples != nil})
	if err != nil {
		return nil, err
	}
	return append(files, readme), nil
}

type gen struct {
	m      *gomodel.Model
	s      *schema.Schema
	pkg    string
	source string

	bindName map[string]string // object/union name -> bind function

	methods []*methodInfo
}

type methodInfo struct {
	m      *schema.Method
	goName string // Service method
	params string // params struct ("" without parameters)
	decode string // decode function
	// decodeJSON is the one-pass decoder of a JSON body ("" when the
	// method has more parameters than a uint64 has bits).
	decodeJSON string
	lower      string // routing key
	st         *gomodel.Struct
}

func (g *gen) build() error {
	for _, n := range []string{nameService, nameUnimplemented, nameNewServer} {
		if err := g.m.Declare(n, "server backend"); err != nil {
			return err
		}
	}
	// Types that can carry a file get bind functions.
	for _, name := range g.bindOrder() {
		fn := prefixBind + g.m.GoName(name)
		if err := g.m.Declare(fn, "file binding of "+name); err != nil {
			return err
		}
		g.bindName[name] = fn
	}
	seen := map[string]string{}
	for _, gm := range g.m.Methods {
		m := gm.Schema
		mi := &methodInfo{m: m, goName: gm.GoName, lower: strings.ToLower(m.Name), st: gm.Params}
		if prev, ok := seen[mi.lower]; ok {
			return fmt.Errorf("server: methods %s and %s differ only in case, and method names are case-insensitive", prev, m.Name)
		}
		seen[mi.lower] = m.Name
		if gm.Params != nil {
			mi.params = gm.Params.GoName
			mi.decode = prefixDecode + mi.params
			if err := g.m.Declare(mi.decode, "parameter decoder of method "+m.Name); err != nil {
				return err
			}
			if len(m.Params) <= maxJSONParams {
				mi.decodeJSON = prefixDecodeJSON + mi.params
				if err := g.m.Declare(mi.decodeJSON, "JSON body decoder of method "+m.Name); err != nil {
					return err
				}
			}
		}
		g.methods = append(g.methods, mi)
	}
	return nil
}

// carriesFile reports whether a value of t can hold an InputFile (the
// model decides).
func (g *gen) carriesFile(t schema.Type) bool {
	if t.IsArray() {
		return g.carriesFile(*t.Elem)
	}
	if t.Name == schema.InputFile || g.m.IsFileUnion(t.Name) {
		return true
	}
	if o := g.m.Object(t.Name); o != nil {
		return o.Uploads
	}
	if u := g.m.Union(t.Name); u != nil {
		return u.Uploads
	}
	return false
}

// bindOrder lists the objects and unions with a Go type of their own that
// need a bind function, in schema order.
func (g *gen) bindOrder() []string {
	var out []string
	for _, o := range g.m.Objects {
		if o.Uploads && !o.Opaque {
			out = append(out, o.Object.Name)
		}
	}
	for _, u := range g.m.Unions {
		if u.Uploads {
			out = append(out, u.Schema.Name)
		}
	}
	return out
}

// ---------------------------------------------------------------- emit

func (g *gen) emit() ([]byte, error) {
	f := godoc.NewFile(g.pkg, g.source)
	f.ImportName("context", "context")
	f.ImportName("net/http", "http")

	if err := g.emitService(f); err != nil {
		return nil, err
	}
	if err := g.emitNewServer(f); err != nil {
		return nil, err
	}
	for _, mi := range g.methods {
		if mi.params == "" {
			continue
		}
		if err := g.emitDecode(f, mi); err != nil {
			return nil, err
		}
		if err := g.emitDecodeJSON(f, mi); err != nil {
			return nil, err
		}
	}
	for _, name := range g.bindOrder() {
		if err := g.emitBind(f, name); err != nil {
			return nil, err
		}
	}
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func comment(f *jen.File, lines ...string) {
	for _, l := range lines {
		f.Comment(l)
	}
}

// result describes the Go result of a method.
type result struct {
	typ    jen.Code // nil: True (the method returns only an error)
	zero   jen.Code
	encode func(v jen.Code) ([]jen.Code, error)
	// nilable results are checked: a nil result with a nil error is a 500.
	nilable bool
}

func (g *gen) resultOf(t schema.Type) (*result, error) {
	if t.IsArray() {
		elem, err := g.resultOf(*t.Elem)
		if err != nil {
			return nil, err
		}
		if elem.typ == nil {
			return nil, fmt.Errorf("result %s is not supported", t)
		}
		et, err := g.elemType(*t.Elem)
		if err != nil {
			return nil, err
		}
		return &result{
			typ:  jen.Index().Add(et),
			zero: jen.Nil(),
			encode: func(v jen.Code) ([]jen.Code, error) {
				i := "i"
				inner, err := g.encodeElem(jen.Add(v).Index(jen.Id(i)), *t.Elem, 1)
				if err != nil {
					return nil, err
				}
				return []jen.Code{
					jen.Id("w").Dot("ArrStart").Call(),
					jen.For(jen.Id(i).Op(":=").Range().Add(v)).Block(inner...),
					jen.Id("w").Dot("ArrEnd").Call(),
				}, nil
			},
		}, nil
	}
	scalar := func(goType, method string, zero jen.Code) *result {
		return &result{typ: jen.Id(goType), zero: zero, encode: func(v jen.Code) ([]jen.Code, error) {
			return []jen.Code{jen.Id("w").Dot(method).Call(v)}, nil
		}}
	}
	switch t.Name {
	case schema.True:
		return &result{encode: func(jen.Code) ([]jen.Code, error) {
			return []jen.Code{jen.Id("w").Dot("True").Call()}, nil
		}}, nil
	case schema.Integer:
		return scalar("int", "Int", jen.Lit(0)), nil
	case schema.Integer64:
		return scalar("int64", "Int64", jen.Lit(0)), nil
	case schema.Float:
		return scalar("float64", "Float64", jen.Lit(0)), nil
	case schema.String:
		return scalar("string", "Str", jen.Lit("")), nil
	case schema.Boolean:
		return scalar("bool", "Bool", jen.False()), nil
	case schema.InputFile:
		return nil, fmt.Errorf("result %s is not supported", t)
	}
	gn := g.m.GoName(t.Name)
	if gn == "" {
		return nil, fmt.Errorf("result %s has no Go type", t)
	}
	switch {
	case g.m.Union(t.Name) != nil && g.m.Union(t.Name).Kind.IsInterface():
		enc := g.m.Union(t.Name).Encode
		return &result{typ: jen.Id(gn), zero: jen.Nil(), nilable: true, encode: func(v jen.Code) ([]jen.Code, error) {
			return []jen.Code{jen.Id(enc).Call(jen.Id("w"), v)}, nil
		}}, nil
	case g.m.Union(t.Name) != nil:
		return &result{typ: jen.Id(gn), zero: jen.Id(gn).Values(), encode: func(v jen.Code) ([]jen.Code, error) {
			return []jen.Code{jen.Add(v).Dot("encodeJSON").Call(jen.Id("w"))}, nil
		}}, nil
	}
	return &result{typ: jen.Op("*").Id(gn), zero: jen.Nil(), nilable: true, encode: func(v jen.Code) ([]jen.Code, error) {
		return []jen.Code{jen.Add(v).Dot("encodeJSON").Call(jen.Id("w"))}, nil
	}}, nil
}

// elemType is the Go type of an element of a result array.
func (g *gen) elemType(t schema.Type) (jen.Code, error) {
	if t.IsArray() {
		e, err := g.elemType(*t.Elem)
		if err != nil {
			return nil, err
		}
		return jen.Index().Add(e), nil
	}
	switch t.Name {
	case schema.Integer:
		return jen.Int(), nil
	case schema.Integer64:
		return jen.Int64(), nil
	case schema.Float:
		return jen.Float64(), nil
	case schema.String:
		return jen.String(), nil
	case schema.Boolean:
		return jen.Bool(), nil
	case schema.True:
		return jen.Id("True"), nil
	}
	gn := g.m.GoName(t.Name)
	if gn == "" {
		return nil, fmt.Errorf("array of %s is not supported as a result", t)
	}
	return jen.Id(gn), nil
}

func (g *gen) encodeElem(v *jen.Statement, t schema.Type, depth int) ([]jen.Code, error) {
	w := jen.Id("w")
	if t.IsArray() {
		i := loopIndex(depth)
		inner, err := g.encodeElem(jen.Add(v).Index(jen.Id(i)), *t.Elem, depth+1)
		if err != nil {
			return nil, err
		}
		return []jen.Code{w.Clone().Dot("ArrStart").Call(), jen.For(jen.Id(i).Op(":=").Range().Add(v)).Block(inner...), jen.Id("w").Dot("ArrEnd").Call()}, nil
	}
	switch t.Name {
	case schema.Integer:
		return []jen.Code{w.Dot("Int").Call(v)}, nil
	case schema.Integer64:
		return []jen.Code{w.Dot("Int64").Call(v)}, nil
	case schema.Float:
		return []jen.Code{w.Dot("Float64").Call(v)}, nil
	case schema.String:
		return []jen.Code{w.Dot("Str").Call(v)}, nil
	case schema.Boolean:
		return []jen.Code{w.Dot("Bool").Call(v)}, nil
	case schema.True:
		return []jen.Code{w.Dot("True").Call()}, nil
	}
	if u := g.m.Union(t.Name); u != nil && u.Kind.IsInterface() {
		return []jen.Code{jen.Id(u.Encode).Call(w, v)}, nil
	}
	return []jen.Code{jen.Add(v).Dot("encodeJSON").Call(w)}, nil
}

func (g *gen) signature(mi *methodInfo) (params []jen.Code, results []jen.Code, res *result, err error) {
	res, err = g.resultOf(mi.m.Returns)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("method %s: %w", mi.m.Name, err)
	}
	params = []jen.Code{jen.Id("ctx").Qual("context", "Context")}
	if mi.params != "" {
		params = append(params, jen.Id("p").Op("*").Id(mi.params))
	}
	if res.typ != nil {
		results = append(results, res.typ)
	}
	results = append(results, jen.Error())
	return params, results, res, nil
}

func (g *gen) emitService(f *jen.File) error {
	comment(f,
		nameService+" is the API implemented by a server: one method per API method. The",
		"parameters arrive decoded and validated (Validate passed); uploads are",
		"readable until the method returns. Return an *Error to choose the",
		"status, description and parameters of the answer (a 429 with RetryAfter",
		"also sets Retry-After); any other error is answered 500 Internal Server",
		"Error without its text. A method whose result is True returns only an",
		"error. Embed "+nameUnimplemented+" to implement a subset.",
	)
	var methods []jen.Code
	sc := naming.NewScope()
	for _, mi := range g.methods {
		if err := sc.Declare(mi.goName, "method "+mi.m.Name); err != nil {
			return err
		}
		params, results, _, err := g.signature(mi)
		if err != nil {
			return err
		}
		var doc []string
		if d := strings.TrimSpace(mi.m.Description); d != "" {
			doc = append(doc, godoc.Wrap(mi.goName+" implements "+mi.m.Name+": "+d, godoc.Width, "")...)
		} else {
			doc = append(doc, mi.goName+" implements "+mi.m.Name+".")
		}
		doc = append(doc, "", "Result: "+mi.m.Returns.String()+".")
		if len(methods) > 0 {
			methods = append(methods, jen.Line())
		}
		for _, l := range doc {
			methods = append(methods, jen.Comment(l))
		}
		methods = append(methods, jen.Id(mi.goName).Params(params...).Params(results...))
	}
	f.Type().Id(nameService).Interface(methods...)
	f.Line()

	comment(f,
		nameUnimplemented+" answers every method with 404 \"Not Found: method not",
		"implemented\" (the answer to an unknown method). Embed it in an",
		"implementation of "+nameService+" to implement only some methods.",
	)
	f.Type().Id(nameUnimplemented).Struct()
	f.Line()
	f.Comment(nameUnimplemented + " must implement every method of " + nameService + ".")
	f.Var().Id("_").Id(nameService).Op("=").Id(nameUnimplemented).Values()
	f.Line()
	for _, mi := range g.methods {
		params, results, res, err := g.signature(mi)
		if err != nil {
			return err
		}
		var ret []jen.Code
		if res.typ != nil {
			ret = append(ret, res.zero)
		}
		ret = append(ret, jen.Id("serverNotImplemented").Call())
		f.Comment(mi.goName + " answers 404 \"Not Found: method not implemented\".")
		f.Func().Params(jen.Id(nameUnimplemented)).Id(mi.goName).Params(params...).Params(results...).Block(jen.Return(ret...))
		f.Line()
	}
	return nil
}

func (g *gen) emitNewServer(f *jen.File) error {
	comment(f,
		nameNewServer+" returns an http.Handler serving svc:",
		"",
		"  - POST or GET /bot<token>/<method>: method names are case-insensitive;",
		"    other paths and unknown methods are answered 404 \"Not Found\". The",
		"    token is checked by WithTokens or WithAuth (401 \"Unauthorized\") and",
		"    handed to svc in the context (TokenFromContext). Mount the handler",
		"    under a prefix with http.StripPrefix.",
		"  - Parameters are read from the query string and the body:",
		"    application/x-www-form-urlencoded, application/json (an object; an",
		"    empty body or null carries nothing) or multipart/form-data (streamed:",
		"    parts with a filename, even an empty one, are uploads). The query",
		"    string comes first, and for one name the first non-empty value wins;",
		"    an empty value counts only when nothing else is given (so an upload",
		"    part wins over an empty query value). Unknown parameters are ignored.",
		"    Form values hold numbers and booleans as text (\"52.5\", \"true\", \"1\")",
		"    and objects and arrays as JSON text; in a JSON body those may also be",
		"    JSON strings. A chat reference is a number or an \"@username\".",
		"  - Files: a file parameter is a file_id, an HTTP URL, attach://<part>",
		"    naming a part of the request, or an upload part named like the",
		"    parameter; attach://<part> inside JSON values (media groups) is",
		"    resolved too. Uploads are kept in memory up to",
		"    WithMaxMultipartMemory (8 MiB) and spooled to temporary files beyond;",
		"    they are removed when the method returns.",
		"  - A parameter that is missing, does not decode or fails Validate is",
		"    answered 400 \"Bad Request: <parameter and reason>\"; a body over",
		"    WithMaxBodySize (1 MiB without files) or uploads over",
		"    WithMaxUploadSize (50 MB per request) 413 \"Request Entity Too Large\".",
		"  - The result is written as {\"ok\":true,\"result\":...} with the",
		"    generated encoders; errors as {\"ok\":false,\"error_code\":...,",
		"    \"description\":...} (see "+nameService+").",
		"  - GET /file/bot<token>/<file_path> is served from WithFileStore;",
		"    paths with \"..\", absolute paths, backslashes, NUL or encoded slashes",
		"    are rejected.",
		"",
		"Set timeouts on the http.Server: ReadHeaderTimeout (for example 10s)",
		"always; ReadTimeout must leave room for the largest upload at the",
		"slowest client you accept (50 MB at 1 MB/s is about a minute), and",
		"WriteTimeout for the slowest method plus getUpdates' long-polling",
		"timeout parameter (a client may ask for 50 seconds and more).",
	)
	routes := jen.Dict{}
	names := jen.Dict{}
	for _, mi := range g.methods {
		body, err := g.callBody(mi)
		if err != nil {
			return err
		}
		routes[jen.Lit(mi.lower)] = jen.Func().Params(
			jen.Id("ctx").Qual("context", "Context"), jen.Id("a").Op("*").Id("serverArgs"), jen.Id("w").Op("*").Id("jsonWriter"),
		).Error().Block(body...)
		names[jen.Lit(mi.lower)] = jen.Lit(mi.m.Name)
	}
	f.Func().Id(nameNewServer).Params(jen.Id("svc").Id(nameService), jen.Id("opts").Op("...").Id("ServerOption")).Qual("net/http", "Handler").Block(
		jen.If(jen.Id("svc").Op("==").Nil()).Block(jen.Id("svc").Op("=").Id(nameUnimplemented).Values()),
		jen.Return(jen.Id("serverNewHandler").Call(
			jen.Map(jen.String()).Id("serverCall").Values(routes),
			jen.Map(jen.String()).String().Values(names),
			jen.Id("opts"),
		)),
	)
	f.Line()
	return nil
}

func (g *gen) callBody(mi *methodInfo) ([]jen.Code, error) {
	_, _, res, err := g.signature(mi)
	if err != nil {
		return nil, err
	}
	var body []jen.Code
	args := []jen.Code{jen.Id("ctx")}
	if mi.params == "" {
		body = append(body, jen.If(jen.Err().Op(":=").Id("serverNoParams").Call(jen.Id("a")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
	} else {
		var fromJSON jen.Code = jen.Nil()
		if mi.decodeJSON != "" {
			fromJSON = jen.Id(mi.decodeJSON)
		}
		body = append(body,
			jen.Id("p").Op(":=").New(jen.Id(mi.params)),
			jen.If(jen.Err().Op(":=").Id("serverDecodeParams").Call(jen.Id("a"), jen.Id("p"), jen.Id(mi.decode), fromJSON), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		)
		// serverValidate: Validate with the server's leniencies.
		body = append(body, jen.If(jen.Err().Op(":=").Id("serverValidate").Call(jen.Id("p")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Id("serverInvalid").Call(jen.Err())),
		))
		args = append(args, jen.Id("p"))
	}
	call := jen.Id("svc").Dot(mi.goName).Call(args...)
	if res.typ == nil {
		body = append(body, jen.If(jen.Err().Op(":=").Add(call), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
		enc, _ := res.encode(nil)
		body = append(body, enc...)
		return append(body, jen.Return(jen.Nil())), nil
	}
	body = append(body,
		jen.List(jen.Id("res"), jen.Err()).Op(":=").Add(call),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
	)
	if res.nilable {
		body = append(body, jen.If(jen.Id("res").Op("==").Nil()).Block(jen.Return(jen.Id("serverErrNoResult"))))
	}
	enc, err := res.encode(jen.Id("res"))
	if err != nil {
		return nil, err
	}
	body = append(body, enc...)
	return append(body, jen.Return(jen.Nil())), nil
}

// ---------------------------------------------------------------- decoding

// fieldOf returns the Go field name and type of a schema field of st.
func fieldOf(st *gomodel.Struct, f *schema.Field) (string, *gomodel.Type, error) {
	fl := st.Field(f.Name)
	if fl == nil {
		return "", nil, fmt.Errorf("server: %s has no field for %s", st.GoName, f.Name)
	}
	return fl.GoName, fl.Type, nil
}

func (g *gen) emitDecode(f *jen.File, mi *methodInfo) error {
	var body []jen.Code
	for _, fl := range mi.m.Params {
		gn, te, err := fieldOf(mi.st, fl)
		if err != nil {
			return err
		}
		stmts, err := g.decodeParam(fl, gn, te, fromArgs, nil)
		if err != nil {
			return fmt.Errorf("server: %s.%s: %w", mi.m.Name, fl.Name, err)
		}
		body = append(body, stmts...)
	}
	body = append(body, jen.Return(jen.Nil()))
	f.Comment(mi.decode + " reads the parameters of " + mi.m.Name + ".")
	f.Func().Id(mi.decode).Params(jen.Id("a").Op("*").Id("serverArgs"), jen.Id("p").Op("*").Id(mi.params)).Error().Block(body...)
	f.Line()
	return nil
}

// maxJSONParams is the most parameters a one-pass JSON decoder handles:
// it keeps the parameters seen in a uint64.
const maxJSONParams = 64

// emitDecodeJSON emits the one-pass decoder of a JSON object body: one
// walk over the members, a switch on the key, the value decoded in place
// (the first one that is not null; later duplicates and unknown keys are
// skipped), and a bit set for the required parameters. Any error makes
// the runtime (serverDecodeParams) fall back to the split path, which
// answers it.
func (g *gen) emitDecodeJSON(f *jen.File, mi *methodInfo) error {
	if mi.decodeJSON == "" {
		return nil
	}
	var cases []jen.Code
	var required uint64
	for i, fl := range mi.m.Params {
		gn, te, err := fieldOf(mi.st, fl)
		if err != nil {
			return err
		}
		bit := jen.Lit(1).Op("<<").Lit(i)
		var onOK []jen.Code
		if fl.Required {
			required |= 1 << i
			onOK = []jen.Code{jen.Id("have").Op("|=").Add(bit.Clone())}
		}
		stmts, err := g.decodeParam(fl, gn, te, fromJSON.member(i), onOK)
		if err != nil {
			return fmt.Errorf("server: %s.%s: %w", mi.m.Name, fl.Name, err)
		}
		cases = append(cases, jen.Case(jen.Lit(fl.Name)).Block(stmts...))
	}
	cases = append(cases, jen.Default().Block(
		jen.If(jen.Err().Op(":=").Id("r").Dot("Skip").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
	))
	body := []jen.Code{
		jen.Var().List(jen.Id("seen"), jen.Id("have")).Uint64(),
		jen.If(jen.Err().Op(":=").Id("r").Dot("ObjStart").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.For(jen.Id("n").Op(":=").Lit(0), jen.Empty(), jen.Id("n").Op("++")).Block(
			jen.List(jen.Id("key"), jen.Id("more"), jen.Err()).Op(":=").Id("r").Dot("ObjKey").Call(),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
			jen.If(jen.Op("!").Id("more")).Block(jen.Break()),
			jen.If(jen.Id("n").Op("==").Id("serverMaxParams")).Block(jen.Return(jen.Id("serverErrTooManyParams"))),
			jen.Switch(jen.String().Parens(jen.Id("key"))).Block(cases...),
		),
	}
	if required != 0 {
		body = append(body, jen.If(jen.Id("have").Op("!=").Id(fmt.Sprintf("%#x", required))).Block(jen.Return(jen.Id("errServerJSONMissing"))))
	} else {
		body = append(body, jen.Id("_").Op("=").Id("have"))
	}
	body = append(body, jen.Return(jen.Nil()))
	f.Comment(mi.decodeJSON + " reads the parameters of " + mi.m.Name + " from a JSON object body in one")
	f.Comment("pass (serverDecodeParams); any error sends the request through " + mi.decode + ".")
	f.Func().Id(mi.decodeJSON).Params(jen.Id("a").Op("*").Id("serverArgs"), jen.Id("r").Op("*").Id("jsonReader"), jen.Id("p").Op("*").Id(mi.params)).Error().Block(body...)
	f.Line()
	return nil
}

// paramSource is where a parameter decoder reads a value from: the values
// of the request (fromArgs: query string, form, multipart or a JSON body
// split into values), or the value of a JSON body's member at the reader
// (fromJSON). Both call the same runtime helpers, named prefix+kind
// (serverScalar, serverJSONScalar, ...), the first with the parameter's
// requiredness, the second with the reader: the walk checks requiredness.
type paramSource struct {
	prefix string
	json   bool
	// bit is the parameter's bit in the walk's seen set (fromJSON only).
	bit int
}

var (
	fromArgs = paramSource{prefix: "server"}
	fromJSON = paramSource{prefix: "serverJSON", json: true}
)

// member returns the JSON source for the parameter with bit i: its helper
// takes the member's value only if it is the first one that is not null.
func (s paramSource) member(i int) paramSource {
	s.bit = i
	return s
}

// call returns the call of the helper kind for parameter fl; keepEmpty is
// passed to the split path only (a JSON string "" is a value).
func (s paramSource) call(kind string, fl *schema.Field, keepEmpty *bool, rest ...jen.Code) *jen.Statement {
	args := []jen.Code{jen.Id("a")}
	if s.json {
		args = append(args, jen.Id("r"), jen.Op("&").Id("seen"), jen.Lit(1).Op("<<").Lit(s.bit), jen.Lit(fl.Name))
	} else {
		args = append(args, jen.Lit(fl.Name), jen.Lit(fl.Required))
		if keepEmpty != nil {
			args = append(args, jen.Lit(*keepEmpty))
		}
	}
	return jen.Id(s.prefix + kind).Call(append(args, rest...)...)
}

// scalarParse returns the runtime parse function of a scalar and the Go
// conversion to apply to its result ("" for none).
func scalarParse(t schema.Type, goType string) (parse, conv string, err error) {
	switch t.Name {
	case schema.Integer, schema.Integer64:
		switch goType {
		case "int":
			return "serverParseInt", "", nil
		case "int64":
			return "serverParseInt64", "", nil
		}
	case schema.Float:
		if goType == "float64" {
			return "serverParseFloat64", "", nil
		}
	case schema.Boolean:
		if goType == "bool" {
			return "serverParseBool", "", nil
		}
	case schema.True:
		if goType == "True" {
			return "serverParseTrue", "", nil
		}
	case schema.String:
		if goType == "string" {
			return "serverParseString", "", nil
		}
		return "serverParseString", goType, nil
	}
	return "", "", fmt.Errorf("Go type %s for %s is not supported", goType, t)
}

// decodeParam returns the statements decoding parameter fl into field gn
// of p from src; onOK runs when the parameter was given (the JSON walk
// marks required parameters with it).
func (g *gen) decodeParam(fl *schema.Field, gn string, te *gomodel.Type, src paramSource, onOK []jen.Code) ([]jen.Code, error) {
	t := fl.Type
	dst := func() *jen.Statement { return jen.Id("p").Dot(gn) }
	name := jen.Lit(fl.Name)
	// given assigns a decoded value and runs onOK.
	given := func(assign jen.Code) []jen.Code { return append([]jen.Code{assign}, onOK...) }
	// okResult is how a helper's ok result is bound: only when onOK uses it.
	okResult := jen.Id("_")
	if len(onOK) > 0 {
		okResult = jen.Id("ok")
	}
	okThen := func(stmt *jen.Statement) *jen.Statement {
		if len(onOK) > 0 {
			return stmt.Else().If(jen.Id("ok")).Block(onOK...)
		}
		return stmt
	}

	// Scalars, optional or not.
	if te.Kind == gomodel.Opt || te.Kind == gomodel.Scalar {
		opt := te.Kind == gomodel.Opt
		inner := te
		if opt {
			inner = te.Elem
		}
		parse, conv, err := scalarParse(t, inner.Name)
		if err != nil {
			return nil, err
		}
		var val jen.Code = jen.Id("x")
		if conv != "" {
			val = jen.Id(conv).Call(val)
		}
		if opt {
			val = jen.Id("Some").Call(val)
		}
		keepEmpty := t.Name == schema.String
		return []jen.Code{jen.If(
			jen.List(jen.Id("x"), jen.Id("ok"), jen.Err()).Op(":=").Add(src.call("Scalar", fl, &keepEmpty, jen.Id(parse))),
			jen.Err().Op("!=").Nil(),
		).Block(jen.Return(jen.Err())).Else().If(jen.Id("ok")).Block(given(dst().Op("=").Add(val))...)}, nil
	}
	// Files.
	if te.Kind == gomodel.File {
		return []jen.Code{jen.If(
			jen.List(jen.Id("x"), jen.Id("ok"), jen.Err()).Op(":=").Add(src.call("File", fl, nil)),
			jen.Err().Op("!=").Nil(),
		).Block(jen.Return(jen.Err())).Else().If(jen.Id("ok")).Block(given(dst().Op("=").Id("x"))...)}, nil
	}
	// Unions with primitive variants.
	if te.Kind == gomodel.Value {
		u := te.Union
		if ctor := variantCtor(u, schema.InputFile); ctor != "" {
			// An upload, attach://<part>, a file_id or a URL: the
			// InputFile variant.
			return []jen.Code{jen.If(
				jen.List(jen.Id("x"), jen.Id("ok"), jen.Err()).Op(":=").Add(src.call("File", fl, nil)),
				jen.Err().Op("!=").Nil(),
			).Block(jen.Return(jen.Err())).Else().If(jen.Id("ok")).Block(given(dst().Op("=").Id(ctor).Call(jen.Id("x")))...)}, nil
		}
		var fromText jen.Code = jen.Nil()
		if ctor := variantCtor(u, schema.String); ctor != "" {
			fromText = jen.Func().Params(jen.Id("s").String()).Block(dst().Op("=").Id(ctor).Call(jen.Id("s")))
		}
		return []jen.Code{
			okThen(jen.If(
				jen.List(okResult, jen.Err()).Op(":=").Add(src.call("Union", fl, nil,
					jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(jen.Return(dst().Dot("decodeJSON").Call(jen.Id("r")))),
					fromText, jen.Lit(stringForm(u)))),
				jen.Err().Op("!=").Nil(),
			).Block(jen.Return(jen.Err()))),
		}, nil
	}
	// Everything else is JSON: objects, arrays, unions of objects.
	dec, err := g.decodeInto(dst, te, t, 0, func(err jen.Code) jen.Code { return err })
	if err != nil {
		return nil, err
	}
	dec = append(dec, jen.Return(jen.Nil()))
	out := []jen.Code{okThen(jen.If(
		jen.List(okResult, jen.Err()).Op(":=").Add(src.call("Decode", fl, nil,
			jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(dec...))),
		jen.Err().Op("!=").Nil(),
	).Block(jen.Return(jen.Err())))}
	if g.carriesFile(t) {
		bind, err := g.bindValue(dst, te, t, 0, func(err jen.Code) jen.Code {
			return jen.Id("serverParamErr").Call(name, err)
		})
		if err != nil {
			return nil, err
		}
		out = append(out, bind...)
	}
	return out, nil
}

// stringForm returns the form the note of a union's String variant states
// (the model reads "username of a channel, in the form @channelusername"
// as "@channelusername"), or "". The server accepts a text for that
// variant only in that form (serverUnion).
func stringForm(u *gomodel.Union) string {
	if v := u.Variant(schema.String); v != nil {
		return v.Form
	}
	return ""
}

// variantCtor returns the constructor of union u's variant of type name,
// or "" when u has no such variant.
func variantCtor(u *gomodel.Union, name string) string {
	if v := u.Variant(name); v != nil {
		return v.Ctor
	}
	return ""
}

// decodeInto returns statements reading one JSON value from r into dst;
// errors are returned through wrapErr.
func (g *gen) decodeInto(dst func() *jen.Statement, te *gomodel.Type, t schema.Type, depth int, wrapErr func(jen.Code) jen.Code) ([]jen.Code, error) {
	retErr := func() jen.Code {
		return jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(wrapErr(jen.Err())))
	}
	if te.Kind == gomodel.Slice {
		if !t.IsArray() {
			return nil, fmt.Errorf("Go slice for schema type %s", t)
		}
		et := te.Elem.Jen()
		s, x := "elems", "elem"
		if depth > 0 {
			s, x = fmt.Sprintf("elems%d", depth), fmt.Sprintf("elem%d", depth)
		}
		inner, err := g.decodeInto(func() *jen.Statement { return jen.Id(x) }, te.Elem, *t.Elem, depth+1, func(err jen.Code) jen.Code {
			return jen.Id("jsonErrIndex").Call(err, jen.Len(jen.Id(s)))
		})
		if err != nil {
			return nil, err
		}
		body := append([]jen.Code{jen.Var().Id(x).Add(et)}, inner...)
		body = append(body, jen.Id(s).Op("=").Append(jen.Id(s), jen.Id(x)), jen.Return(jen.Nil()))
		return []jen.Code{
			jen.Id(s).Op(":=").Add(te.Jen()).Values(),
			jen.If(jen.Err().Op(":=").Id("r").Dot("Array").Call(jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(body...)), jen.Err().Op("!=").Nil()).Block(
				jen.Return(wrapErr(jen.Err())),
			),
			dst().Op("=").Id(s),
		}, nil
	}
	if t.IsArray() {
		return nil, fmt.Errorf("schema array %s without a Go slice", t)
	}
	if te.Kind == gomodel.Pointer {
		n := te.Elem.Name
		return []jen.Code{
			jen.Id("v").Op(":=").New(jen.Id(n)),
			jen.If(jen.Err().Op(":=").Id("v").Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(jen.Return(wrapErr(jen.Err()))),
			dst().Op("=").Id("v"),
		}, nil
	}
	n := te.Name
	read := func(method string, conv string) []jen.Code {
		var val jen.Code = jen.Id("v")
		if conv != "" {
			val = jen.Id(conv).Call(val)
		}
		return []jen.Code{jen.List(jen.Id("v"), jen.Err()).Op(":=").Id("r").Dot(method).Call(), retErr(), dst().Op("=").Add(val)}
	}
	switch {
	case n == "int":
		return read("Int", ""), nil
	case n == "int64":
		return read("Int64", ""), nil
	case n == "float64":
		return read("Float64", ""), nil
	case n == "bool":
		return read("Bool", ""), nil
	case n == "string":
		return read("Str", ""), nil
	case t.Name == schema.String:
		return read("Str", n), nil // an enum
	case te.Kind == gomodel.Interface:
		dec := te.Union.Decode
		return []jen.Code{jen.List(jen.Id("v"), jen.Err()).Op(":=").Id(dec).Call(jen.Id("r")), retErr(), dst().Op("=").Id("v")}, nil
	}
	return []jen.Code{jen.If(jen.Err().Op(":=").Add(dst()).Dot("decodeJSON").Call(jen.Id("r")), jen.Err().Op("!=").Nil()).Block(jen.Return(wrapErr(jen.Err())))}, nil
}

// ---------------------------------------------------------------- files

// bindValue returns statements resolving the attach:// references inside
// dst (of Go type te, schema type t) to the request's parts.
func (g *gen) bindValue(dst func() *jen.Statement, te *gomodel.Type, t schema.Type, depth int, wrapErr func(jen.Code) jen.Code) ([]jen.Code, error) {
	if !g.carriesFile(t) {
		return nil, nil
	}
	if te.Kind == gomodel.Slice {
		i := loopIndex(depth)
		inner, err := g.bindValue(func() *jen.Statement { return dst().Index(jen.Id(i)) }, te.Elem, *t.Elem, depth+1, func(err jen.Code) jen.Code {
			return wrapErr(jen.Id("jsonErrIndex").Call(err, jen.Id(i)))
		})
		if err != nil {
			return nil, err
		}
		return []jen.Code{jen.For(jen.Id(i).Op(":=").Range().Add(dst())).Block(inner...)}, nil
	}
	if te.Kind == gomodel.File {
		return []jen.Code{jen.If(
			jen.Err().Op(":=").Id("serverBindFile").Call(jen.Id("a"), jen.Op("&").Add(dst())),
			jen.Err().Op("!=").Nil(),
		).Block(jen.Return(wrapErr(jen.Err())))}, nil
	}
	fn := g.bindName[t.Name]
	if fn == "" {
		return nil, fmt.Errorf("no file binding for %s", t)
	}
	call := func(arg jen.Code) jen.Code {
		return jen.If(jen.Err().Op(":=").Id(fn).Call(jen.Id("a"), arg), jen.Err().Op("!=").Nil()).Block(jen.Return(wrapErr(jen.Err())))
	}
	if te.Kind == gomodel.Pointer {
		return []jen.Code{jen.If(dst().Op("!=").Nil()).Block(call(dst()))}, nil
	}
	if te.Kind == gomodel.Interface {
		return []jen.Code{call(dst())}, nil
	}
	return []jen.Code{call(jen.Op("&").Add(dst()))}, nil
}

func (g *gen) emitBind(f *jen.File, name string) error {
	gn := g.m.GoName(name)
	var body []jen.Code
	var param jen.Code
	switch {
	case g.m.Object(name) != nil:
		st := g.m.Object(name)
		param = jen.Op("*").Id(gn)
		for _, fl := range st.Object.Fields {
			if !g.carriesFile(fl.Type) {
				continue
			}
			fn, te, err := fieldOf(st, fl)
			if err != nil {
				return err
			}
			wire := fl.Name
			stmts, err := g.bindValue(func() *jen.Statement { return jen.Id("v").Dot(fn) }, te, fl.Type, 0, func(err jen.Code) jen.Code {
				return jen.Id("jsonErrField").Call(err, jen.Lit(wire))
			})
			if err != nil {
				return fmt.Errorf("server: %s.%s: %w", name, fl.Name, err)
			}
			body = append(body, stmts...)
		}
	case g.m.Union(name).Kind.IsInterface():
		param = jen.Id(gn)
		var cases []jen.Code
		for _, v := range g.m.Union(name).Schema.Variants {
			if v.Type.IsArray() || !g.carriesFile(v.Type) {
				continue
			}
			fn := g.bindName[v.Type.Name]
			if fn == "" {
				return fmt.Errorf("server: union %s: variant %s carries files but has no binding", name, v.Type)
			}
			cases = append(cases, jen.Case(jen.Op("*").Id(g.m.GoName(v.Type.Name))).Block(
				jen.If(jen.Id("x").Op("!=").Nil()).Block(jen.Return(jen.Id(fn).Call(jen.Id("a"), jen.Id("x")))),
			))
		}
		body = append(body, jen.Switch(jen.Id("x").Op(":=").Id("v").Assert(jen.Type())).Block(cases...))
	default:
		// A union with primitive variants: its InputFile variant, or an
		// attach:// text in its String variant.
		param = jen.Op("*").Id(gn)
		u := g.m.Union(name)
		fileCtor := variantCtor(u, schema.InputFile)
		if fileCtor == "" {
			return fmt.Errorf("server: union %s carries files but has no InputFile variant", name)
		}
		for _, v := range u.Schema.Variants {
			if !v.Type.IsArray() && v.Type.Name != schema.InputFile && v.Type.Name != schema.String && g.carriesFile(v.Type) {
				return fmt.Errorf("server: union %s: files inside variant %s are not supported", name, v.Type)
			}
		}
		body = append(body, jen.If(jen.List(jen.Id("f"), jen.Id("ok")).Op(":=").Id("v").Dot(u.Variant(schema.InputFile).As).Call(), jen.Id("ok")).Block(
			jen.If(jen.Err().Op(":=").Id("serverBindFile").Call(jen.Id("a"), jen.Op("&").Id("f")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
			jen.Op("*").Id("v").Op("=").Id(fileCtor).Call(jen.Id("f")),
			jen.Return(jen.Nil()),
		))
		if sv := u.Variant(schema.String); sv != nil {
			body = append(body, jen.If(jen.List(jen.Id("s"), jen.Id("ok")).Op(":=").Id("v").Dot(sv.As).Call(), jen.Id("ok")).Block(
				jen.List(jen.Id("f"), jen.Id("ok"), jen.Err()).Op(":=").Id("serverAttachText").Call(jen.Id("a"), jen.Id("s")),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.If(jen.Id("ok")).Block(jen.Op("*").Id("v").Op("=").Id(fileCtor).Call(jen.Id("f"))),
			))
		}
	}
	body = append(body, jen.Return(jen.Nil()))
	f.Comment(g.bindName[name] + " resolves the attach:// references inside v to the request's parts.")
	f.Func().Id(g.bindName[name]).Params(jen.Id("a").Op("*").Id("serverArgs"), jen.Id("v").Add(param)).Error().Block(body...)
	f.Line()
	return nil
}

// loopIndex names the index of a loop nested depth deep: i, j, k, then i3,
// i4, ... as a hand-written loop would.
func loopIndex(depth int) string {
	if depth < 3 {
		return string(rune('i' + depth))
	}
	return fmt.Sprintf("i%d", depth)
}
