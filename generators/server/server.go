// Package server is the server stubs backend: from a schema it emits
// server_gen.go, the Service interface (one method per API method, typed
// parameters and results), an embeddable Unimplemented, and NewServer, an
// http.Handler that routes /bot<token>/<method>, decodes the parameters from
// any encoding a client may use, runs the generated validators, calls the
// Service and writes the response envelope. The routing, body parsing,
// limits and envelopes live in the runtime files rt_server*.go
// (generators/runtime); this backend generates what depends on the schema:
// a named handler per method (serverHandlers.handle<Method>, the routes of
// NewServer) in server_gen.go, and in server_decode_gen.go two decoding
// functions per parameters struct (no reflection: the split path and the
// one-pass JSON walk) and one binding function per type that can carry a
// file (attach://<part> references resolved to the request's parts).
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
//   - Non-file body limit 1 MiB, uploads 50 MiB per request (the cloud limit
//     per send operation; WithLocalServerLimits: 2000 MiB), 8 MiB of uploads
//     kept in memory per request, the rest spooled to temporary files.
package server

import (
	"cmp"
	"fmt"
	"path"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/godoc"
	"github.com/apigen/apigen/generators/gofile"
	"github.com/apigen/apigen/generators/runtime"
	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/output"
)

// Backend is the server backend. Its code calls the types' codecs and the
// validators.
var Backend = generators.Backend{Name: "server", Kind: generators.ServerPackage, Requires: []string{"types", "validate"}, Reserves: names, Generate: Generate}

// names are the package-level names of this backend whatever the document
// says.
var names = []string{nameService, nameUnimplemented, nameUnsafe, nameNewServer, nameNewCaller, nameHandlers, "Example" + nameNewServer}

// FileName is the file this backend writes (CONVENTIONS.md): the Service,
// NewServer and a handler per method; DecodeFileName holds the parameter
// decoders and file bindings the handlers call.
const (
	FileName       = "server_gen.go"
	DecodeFileName = "server_decode_gen.go"
)

// Names this backend declares in the generated package.
const (
	nameService       = "Service"
	nameUnimplemented = "Unimplemented"
	nameUnsafe        = "UnsafeService"
	// mustEmbed is the unexported method of Service that only
	// Unimplemented has, so that every implementation embeds it (or
	// UnsafeService) and a method added to Service in a later version
	// compiles (gRPC-Go's mustEmbedUnimplemented<Service>).
	mustEmbed        = "mustEmbedUnimplementedService"
	nameNewServer    = "NewServer"
	nameNewCaller    = "NewCaller"
	nameHandlers     = "serverHandlers"
	prefixHandle     = "handle"
	prefixDecode     = "serverDecode"
	prefixDecodeJSON = "serverDecodeJSON"
	prefixBind       = "serverBind"
)

// Generate emits server_gen.go and the server's runtime.
func Generate(m *gomodel.Model, opts generators.Options) ([]output.File, error) {
	if opts.ImportPath == "" {
		return nil, fmt.Errorf("the server package imports the types package by its import path, which is unknown: generate into a directory of a Go module (a go.mod at or above it), or leave the server out (--only)")
	}
	pkg := opts.ServerPackage
	if pkg == "" {
		pkg = DefaultPackage(m.Package)
	}
	g := &gen{m: m, pkg: pkg, types: opts.ImportPath, source: opts.Source, bindStruct: map[*gomodel.Struct]string{}, bindUnion: map[*gomodel.Union]string{}}
	if err := g.build(); err != nil {
		return nil, err
	}
	data, decode, err := g.emit()
	if err != nil {
		return nil, err
	}
	rt, err := runtime.FileImporting("server", pkg, opts.Source, runtime.Import{Path: g.types, Name: m.Package}, runtime.ServerPart)
	if err != nil {
		return nil, err
	}
	files := []output.File{{Path: FileName, Data: data}, {Path: DecodeFileName, Data: decode}, rt}
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
		Package, Server, ServerPath, Service, Unimplemented string
		Example                                             bool
	}{m.Package, pkg, cmp.Or(opts.ServerImportPath, g.types+"/"+pkg), nameService, nameUnimplemented, examples != nil})
	if err != nil {
		return nil, err
	}
	return append(files, readme), nil
}

// DefaultPackage is the name of the server package of the types package
// named pkg ("botapi" -> "botapiserver"), and of its directory inside the
// types package's.
func DefaultPackage(pkg string) string { return pkg + "server" }

type gen struct {
	m      *gomodel.Model
	pkg    string // the server package's name
	types  string // the types package's import path
	source string

	binds      []*bindInfo
	bindStruct map[*gomodel.Struct]string // object -> bind function
	bindUnion  map[*gomodel.Union]string  // union -> bind function

	methods []*methodInfo
}

// bindInfo is the file binding of an object or a union that can carry an
// upload: one of st and u is set.
type bindInfo struct {
	name string // the bind function
	st   *gomodel.Struct
	u    *gomodel.Union
}

// methodInfo is the server's view of a method: the model's method and the
// names of the functions the server declares for it.
type methodInfo struct {
	*gomodel.Method
	handle string // the serverHandlers method answering it
	decode string // decode function ("" without parameters)
	// decodeJSON is the one-pass decoder of a JSON body ("" when the
	// method has more parameters than a uint64 has bits).
	decodeJSON string
	lower      string // routing key
}

// name is the method's name in the document.
func (mi *methodInfo) name() string { return mi.Schema.Name }

func (g *gen) build() error {
	for _, n := range names[:5] {
		if err := g.m.Declare(n, "server backend"); err != nil {
			return err
		}
	}
	handlers := naming.NewScope("svc")
	// Types that can carry a file get bind functions, in schema order.
	for _, o := range g.m.Objects {
		if o.Uploads && !o.Opaque {
			b := &bindInfo{name: prefixBind + o.GoName, st: o}
			if err := g.m.Declare(b.name, "file binding of "+o.Object.Name); err != nil {
				return err
			}
			g.bindStruct[o] = b.name
			g.binds = append(g.binds, b)
		}
	}
	for _, u := range g.m.Unions {
		if u.Uploads {
			b := &bindInfo{name: prefixBind + u.GoName, u: u}
			if err := g.m.Declare(b.name, "file binding of "+u.Schema.Name); err != nil {
				return err
			}
			g.bindUnion[u] = b.name
			g.binds = append(g.binds, b)
		}
	}
	seen := map[string]string{}
	for _, gm := range g.m.Methods {
		mi := &methodInfo{Method: gm, handle: prefixHandle + gm.GoName, lower: strings.ToLower(gm.Schema.Name)}
		if err := handlers.Declare(mi.handle, "handler of method "+mi.name()); err != nil {
			return fmt.Errorf("server: %w", err)
		}
		if prev, ok := seen[mi.lower]; ok {
			return fmt.Errorf("server: methods %s and %s differ only in case, and method names are case-insensitive", prev, mi.name())
		}
		seen[mi.lower] = mi.name()
		if gm.Params != nil {
			mi.decode = prefixDecode + gm.Params.GoName
			if err := g.m.Declare(mi.decode, "parameter decoder of method "+mi.name()); err != nil {
				return err
			}
			if len(gm.Params.Fields) <= maxJSONParams {
				mi.decodeJSON = prefixDecodeJSON + gm.Params.GoName
				if err := g.m.Declare(mi.decodeJSON, "JSON body decoder of method "+mi.name()); err != nil {
					return err
				}
			}
		}
		g.methods = append(g.methods, mi)
	}
	return nil
}

// bindOf is the bind function of the object or union a value of type te
// holds ("" when it has none).
func (g *gen) bindOf(te *gomodel.Type) string {
	switch te.Kind {
	case gomodel.Pointer:
		return g.bindOf(te.Elem)
	case gomodel.Object:
		return g.bindStruct[te.Struct]
	case gomodel.Interface, gomodel.Value:
		return g.bindUnion[te.Union]
	}
	return ""
}

// importTypes imports the types package into f, under its package name
// (written as an alias when the path ends otherwise).
func (g *gen) importTypes(f *jen.File) {
	if path.Base(g.types) == g.m.Package {
		f.ImportName(g.types, g.m.Package)
	} else {
		f.ImportAlias(g.types, g.m.Package)
	}
}

// q names a declaration of the types package.
func (g *gen) q(name string) *jen.Statement { return jen.Qual(g.types, name) }

// typ is a type of the model as the server package writes it.
func (g *gen) typ(t *gomodel.Type) *jen.Statement { return t.Qual(g.types) }

// wireDecode reads a value of a generated type into dst (a pointer).
func (g *gen) wireDecode(dst jen.Code) *jen.Statement {
	return g.q("WireDecode").Call(jen.Id("r"), dst)
}

// ---------------------------------------------------------------- emit

func (g *gen) emit() (server, decode []byte, err error) {
	f := godoc.NewFile(g.pkg, g.source)
	g.importTypes(f)
	f.ImportName("context", "context")
	f.ImportName("net/http", "http")

	if err := g.emitService(f); err != nil {
		return nil, nil, err
	}
	if err := g.emitNewServer(f); err != nil {
		return nil, nil, err
	}
	if err := g.emitHandlers(f); err != nil {
		return nil, nil, err
	}
	df := godoc.NewFile(g.pkg, g.source)
	g.importTypes(df)
	for _, mi := range g.methods {
		if mi.Params == nil {
			continue
		}
		if err := g.emitDecode(df, mi); err != nil {
			return nil, nil, err
		}
		if err := g.emitDecodeJSON(df, mi); err != nil {
			return nil, nil, err
		}
	}
	for _, b := range g.binds {
		if err := g.emitBind(df, b); err != nil {
			return nil, nil, err
		}
	}
	src, err := gofile.Render(f)
	if err != nil {
		return nil, nil, err
	}
	dsrc, err := gofile.Render(df)
	if err != nil {
		return nil, nil, err
	}
	return src, dsrc, nil
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

// resultOf is the Go result of me as the model decided it (Method.Return).
func (g *gen) resultOf(me *gomodel.Method) (*result, error) {
	t := me.Return
	if t == nil {
		return &result{encode: func(jen.Code) ([]jen.Code, error) {
			return []jen.Code{jen.Id("w").Dot("True").Call()}, nil
		}}, nil
	}
	if b := t.Base(); b.Kind == gomodel.File || (t.Kind == gomodel.Slice && b.IsTrue()) {
		return nil, fmt.Errorf("result %s is not supported", me.Result.Schema)
	}
	return &result{typ: g.typ(t), zero: t.ZeroQual(g.types), nilable: t.Kind == gomodel.Pointer || t.Kind == gomodel.Interface,
		encode: func(v jen.Code) ([]jen.Code, error) {
			return g.encodeValue(jen.Add(v), t, 0)
		}}, nil
}

// encodeValue writes the value v of Go type t as JSON.
func (g *gen) encodeValue(v *jen.Statement, t *gomodel.Type, depth int) ([]jen.Code, error) {
	w := jen.Id("w")
	switch t.Kind {
	case gomodel.Slice:
		i := loopIndex(depth)
		inner, err := g.encodeValue(jen.Add(v).Index(jen.Id(i)), t.Elem, depth+1)
		if err != nil {
			return nil, err
		}
		return []jen.Code{w.Clone().Dot("ArrStart").Call(), jen.For(jen.Id(i).Op(":=").Range().Add(v)).Block(inner...), jen.Id("w").Dot("ArrEnd").Call()}, nil
	case gomodel.Scalar:
		if t.IsTrue() {
			return []jen.Code{w.Dot("True").Call()}, nil
		}
		if t.Conv() != "" {
			v = jen.String().Parens(v)
		}
		return []jen.Code{w.Dot(t.Prim.JSON()).Call(v)}, nil
	case gomodel.File:
		return nil, fmt.Errorf("result %s is not supported", t.Schema)
	case gomodel.Interface:
		return []jen.Code{g.q(t.Union.WireEncode).Call(w, v)}, nil
	}
	if t.Kind != gomodel.Pointer {
		v = jen.Op("&").Add(v)
	}
	return []jen.Code{g.q("WireEncode").Call(w, v)}, nil
}

func (g *gen) signature(mi *methodInfo) (params []jen.Code, results []jen.Code, res *result, err error) {
	res, err = g.resultOf(mi.Method)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("method %s: %w", mi.name(), err)
	}
	params = []jen.Code{jen.Id("ctx").Qual("context", "Context")}
	if mi.Params != nil {
		params = append(params, jen.Id("p").Op("*").Add(g.q(mi.Params.GoName)))
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
		"readable until the method returns. Return an *"+g.m.Package+".Error to choose the",
		"status, description and parameters of the answer (a 429 with RetryAfter",
		"also sets Retry-After); any other error is answered 500 Internal Server",
		"Error without its text. A method whose result is True returns only an",
		"error.",
		"",
		"An implementation embeds "+nameUnimplemented+" (it does not compile otherwise): the",
		"methods it does not write answer \"not implemented\", and a method a later",
		"version of the API adds to "+nameService+" keeps it compiling.",
	)
	var methods []jen.Code
	sc := naming.NewScope()
	for _, mi := range g.methods {
		if err := sc.Declare(mi.GoName, "method "+mi.name()); err != nil {
			return err
		}
		params, results, _, err := g.signature(mi)
		if err != nil {
			return err
		}
		var doc []string
		if d := strings.TrimSpace(mi.Schema.Description); d != "" {
			doc = append(doc, godoc.Wrap(mi.GoName+" implements "+mi.name()+": "+d, godoc.Width, "")...)
		} else {
			doc = append(doc, mi.GoName+" implements "+mi.name()+".")
		}
		doc = append(doc, "", "Result: "+mi.Schema.Returns.String()+".")
		if len(methods) > 0 {
			methods = append(methods, jen.Line())
		}
		for _, l := range doc {
			methods = append(methods, jen.Comment(l))
		}
		methods = append(methods, jen.Id(mi.GoName).Params(params...).Params(results...))
	}
	if len(methods) > 0 {
		methods = append(methods, jen.Line())
	}
	methods = append(methods, jen.Id(mustEmbed).Params())
	f.Type().Id(nameService).Interface(methods...)
	f.Line()
	comment(f,
		nameUnsafe+" may be embedded instead of "+nameUnimplemented+" to opt out of",
		"forward compatibility: an implementation that embeds it must implement",
		"every method, and stops compiling when a later version adds one. Not",
		"recommended.",
	)
	f.Type().Id(nameUnsafe).Interface(jen.Id(mustEmbed).Params())
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
	f.Func().Params(jen.Id(nameUnimplemented)).Id(mustEmbed).Params().Block()
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
		f.Comment(mi.GoName + " answers 404 \"Not Found: method not implemented\".")
		f.Func().Params(jen.Id(nameUnimplemented)).Id(mi.GoName).Params(params...).Params(results...).Block(jen.Return(ret...))
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
		"    WithMaxUploadSize (50 MiB per request) 413 \"Request Entity Too Large\".",
		"  - The result is written as {\"ok\":true,\"result\":...} with the",
		"    generated encoders; errors as {\"ok\":false,\"error_code\":...,",
		"    \"description\":...} (see "+nameService+").",
		"  - GET /file/bot<token>/<file_path> is served from WithFileStore;",
		"    paths with \"..\", absolute paths, backslashes, NUL or encoded slashes",
		"    are rejected.",
		"",
		"The handler is a Caller ("+nameNewCaller+"), whose Call serves one call without",
		"HTTP.",
		"",
		"Set timeouts on the http.Server: ReadHeaderTimeout (for example 10s)",
		"always; ReadTimeout must leave room for the largest upload at the",
		"slowest client you accept (50 MiB at 1 MB/s is about a minute), and",
		"WriteTimeout for the slowest method plus getUpdates' long-polling",
		"timeout parameter (a client may ask for 50 seconds and more).",
	)
	f.Func().Id(nameNewServer).Params(jen.Id("svc").Id(nameService), jen.Id("opts").Op("...").Id("ServerOption")).Qual("net/http", "Handler").Block(
		jen.Return(jen.Id(nameNewCaller).Call(jen.Id("svc"), jen.Id("opts").Op("..."))),
	)
	f.Line()
	comment(f,
		nameNewCaller+" returns svc served as "+nameNewServer+" serves it, as a Caller: its",
		"ServeHTTP is "+nameNewServer+"'s handler, and its Call serves one call without",
		"HTTP, with the same checks (the token, the parameters' decoding and",
		"validation) and options.",
	)
	// One route table: each method's API spelling and call (serverRoute)
	// by its lower-case name.
	routes := jen.Dict{}
	for _, mi := range g.methods {
		routes[jen.Lit(mi.lower)] = jen.Values(jen.Lit(mi.name()), jen.Id("h").Dot(mi.handle))
	}
	f.Func().Id(nameNewCaller).Params(jen.Id("svc").Id(nameService), jen.Id("opts").Op("...").Id("ServerOption")).Op("*").Id("Caller").Block(
		jen.If(jen.Id("svc").Op("==").Nil()).Block(jen.Id("svc").Op("=").Id(nameUnimplemented).Values()),
		jen.Id("h").Op(":=").Id(nameHandlers).Values(jen.Id("svc")),
		jen.Return(jen.Id("serverNewCaller").Call(
			jen.Map(jen.String()).Id("serverRoute").Values(routes),
			jen.Id("opts"),
		)),
	)
	f.Line()
	return nil
}

// emitHandlers writes serverHandlers and its handle<Method> methods, the
// routes of NewServer: one per API method, each decoding and validating the
// parameters, calling the Service and writing the result.
func (g *gen) emitHandlers(f *jen.File) error {
	comment(f,
		nameHandlers+" serves a "+nameService+": its "+prefixHandle+"<Method> methods are the routes of",
		nameNewServer+" (serverCall), one per API method.",
	)
	f.Type().Id(nameHandlers).Struct(jen.Id("svc").Id(nameService))
	f.Line()
	for _, mi := range g.methods {
		body, err := g.callBody(mi)
		if err != nil {
			return err
		}
		what := "decodes and validates its parameters, calls"
		if mi.Params == nil {
			what = "checks that it carries no parameters, calls"
		}
		res := "writes the result"
		if mi.Return == nil {
			res = "writes true"
		}
		godoc.Add(f, mi.handle+" answers "+mi.name()+": it "+what+" "+nameService+"."+mi.GoName+" and "+res+".")
		f.Func().Params(jen.Id("h").Id(nameHandlers)).Id(mi.handle).Params(
			jen.Id("ctx").Qual("context", "Context"), jen.Id("a").Op("*").Id("serverArgs"), jen.Id("w").Op("*").Add(g.q("WireWriter")),
		).Error().Block(body...)
		f.Line()
	}
	return nil
}

func (g *gen) callBody(mi *methodInfo) ([]jen.Code, error) {
	_, _, res, err := g.signature(mi)
	if err != nil {
		return nil, err
	}
	var body []jen.Code
	args := []jen.Code{jen.Id("ctx")}
	if mi.Params == nil {
		body = append(body, jen.If(jen.Err().Op(":=").Id("serverNoParams").Call(jen.Id("a")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
	} else {
		var fromJSON jen.Code = jen.Nil()
		if mi.decodeJSON != "" {
			fromJSON = jen.Id(mi.decodeJSON)
		}
		body = append(body,
			jen.Id("p").Op(":=").New(g.q(mi.Params.GoName)),
			jen.If(jen.Err().Op(":=").Id("serverDecodeParams").Call(jen.Id("a"), jen.Id("p"), jen.Id(mi.decode), fromJSON), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		)
		// serverValidate: Validate with the server's leniencies.
		body = append(body, jen.If(jen.Err().Op(":=").Id("serverValidate").Call(jen.Id("p")), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Id("serverInvalid").Call(jen.Err())),
		))
		args = append(args, jen.Id("p"))
	}
	call := jen.Id("h").Dot("svc").Dot(mi.GoName).Call(args...)
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

func (g *gen) emitDecode(f *jen.File, mi *methodInfo) error {
	// From zero: a JSON pass that failed half-way may have filled p.
	body := []jen.Code{jen.Op("*").Id("p").Op("=").Add(g.q(mi.Params.GoName)).Values()}
	for _, fl := range mi.Params.Fields {
		stmts, err := g.decodeParam(fl, fromArgs, nil)
		if err != nil {
			return fmt.Errorf("server: %s.%s: %w", mi.name(), fl.Name, err)
		}
		body = append(body, stmts...)
	}
	body = append(body, jen.Return(jen.Nil()))
	f.Comment(mi.decode + " reads the parameters of " + mi.name() + " into p, from zero.")
	f.Func().Id(mi.decode).Params(jen.Id("a").Op("*").Id("serverArgs"), jen.Id("p").Op("*").Add(g.q(mi.Params.GoName))).Error().Block(body...)
	f.Line()
	return nil
}

// jsonDecodeLocals are the names a one-pass decoder declares besides its
// parameters' bits: a bit is never named like one of them.
var jsonDecodeLocals = []string{"a", "r", "p", "seen", "have", "required", "n", "key", "more", "err", "x", "ok", "v", "s", "f", "elems", "elem"}

// maxJSONParams is the most parameters a one-pass JSON decoder handles:
// it keeps the parameters seen in a uint64.
const maxJSONParams = 64

// emitDecodeJSON emits the one-pass decoder of a JSON object body: one
// walk over the members, a switch on the key, the value decoded in place
// (the first one that is neither null nor "", see serverJSONTake; later
// duplicates and unknown keys are skipped), and a bit set for the required
// parameters. Any error makes the runtime (serverDecodeParams) fall back to
// the split path, which answers it.
func (g *gen) emitDecodeJSON(f *jen.File, mi *methodInfo) error {
	if mi.decodeJSON == "" {
		return nil
	}
	var cases []jen.Code
	var required []string
	bits := gofile.NewBits("paramBit", jsonDecodeLocals...)
	for i, fl := range mi.Params.Fields {
		// The parameter's bit in seen (and have).
		bit := bits.Add(fl.Name, i)
		var onOK []jen.Code
		if fl.Required() {
			required = append(required, bit)
			onOK = []jen.Code{jen.Id("have").Op("|=").Id(bit)}
		}
		stmts, err := g.decodeParam(fl, fromJSON.member(bit), onOK)
		if err != nil {
			return fmt.Errorf("server: %s.%s: %w", mi.name(), fl.Name, err)
		}
		cases = append(cases, jen.Case(jen.Lit(fl.Name)).Block(stmts...))
	}
	cases = append(cases, jen.Default().Block(
		jen.If(jen.Err().Op(":=").Id("r").Dot("Skip").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
	))
	body := []jen.Code{
		jen.Comment("Each parameter's bit in seen (the first value that is not null was"),
		jen.Comment("taken) and have (a required parameter was given)."),
		bits.Const(),
	}
	if required != nil {
		body = append(body,
			jen.Const().Id("required").Op("=").Add(gofile.Or(required)),
			jen.Var().List(jen.Id("seen"), jen.Id("have")).Uint64(),
		)
	} else {
		body = append(body, jen.Var().Id("seen").Uint64())
	}
	body = append(body,
		jen.If(jen.Err().Op(":=").Id("r").Dot("ObjStart").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.For(jen.Id("n").Op(":=").Lit(0), jen.Empty(), jen.Id("n").Op("++")).Block(
			jen.List(jen.Id("key"), jen.Id("more"), jen.Err()).Op(":=").Id("r").Dot("ObjKey").Call(),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
			jen.If(jen.Op("!").Id("more")).Block(jen.Break()),
			jen.If(jen.Id("n").Op("==").Id("serverMaxParams")).Block(jen.Return(jen.Id("serverErrTooManyParams"))),
			jen.Switch(jen.String().Parens(jen.Id("key"))).Block(cases...),
		),
	)
	if required != nil {
		body = append(body, jen.If(jen.Id("have").Op("!=").Id("required")).Block(jen.Return(jen.Id("errServerJSONMissing"))))
	}
	body = append(body, jen.Return(jen.Nil()))
	f.Comment(mi.decodeJSON + " reads the parameters of " + mi.name() + " from a JSON object body in one")
	f.Comment("pass (serverDecodeParams); any error sends the request through " + mi.decode + ".")
	f.Func().Id(mi.decodeJSON).Params(jen.Id("a").Op("*").Id("serverArgs"), jen.Id("r").Op("*").Add(g.q("WireReader")), jen.Id("p").Op("*").Add(g.q(mi.Params.GoName))).Error().Block(body...)
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
	// bit names the parameter's bit in the walk's seen set (fromJSON
	// only).
	bit string
}

var (
	fromArgs = paramSource{prefix: "server"}
	fromJSON = paramSource{prefix: "serverJSON", json: true}
)

// member returns the JSON source for the parameter with the bit named bit:
// its helper takes the member's value only if it is the first one that is
// not null.
func (s paramSource) member(bit string) paramSource {
	s.bit = bit
	return s
}

// call returns the call of the helper kind for parameter fl; keepEmpty is
// passed to the split path only (a JSON string "" is a value).
func (s paramSource) call(kind string, fl *gomodel.Field, keepEmpty *bool, rest ...jen.Code) *jen.Statement {
	args := []jen.Code{jen.Id("a")}
	if s.json {
		args = append(args, jen.Id("r"), jen.Op("&").Id("seen"), jen.Id(s.bit), jen.Lit(fl.Name))
	} else {
		args = append(args, jen.Lit(fl.Name), jen.Lit(fl.Required()))
		if keepEmpty != nil {
			args = append(args, jen.Lit(*keepEmpty))
		}
	}
	return jen.Id(s.prefix + kind).Call(append(args, rest...)...)
}

// decodeParam returns the statements decoding parameter fl into its field
// of p from src; onOK runs when the parameter was given (the JSON walk
// marks required parameters with it).
func (g *gen) decodeParam(fl *gomodel.Field, src paramSource, onOK []jen.Code) ([]jen.Code, error) {
	te := fl.Type
	dst := func() *jen.Statement { return jen.Id("p").Dot(fl.GoName) }
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
		parse := "serverParse" + inner.Prim.Text()
		var val jen.Code = jen.Id("x")
		if conv := inner.Conv(); conv != "" {
			val = g.q(conv).Call(val)
		}
		if opt {
			val = g.q("Some").Call(val)
		}
		keepEmpty := inner.Prim == gomodel.PrimString
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
		if fv := u.FileVariant(); fv != nil {
			// An upload, attach://<part>, a file_id or a URL: the
			// InputFile variant.
			return []jen.Code{jen.If(
				jen.List(jen.Id("x"), jen.Id("ok"), jen.Err()).Op(":=").Add(src.call("File", fl, nil)),
				jen.Err().Op("!=").Nil(),
			).Block(jen.Return(jen.Err())).Else().If(jen.Id("ok")).Block(given(dst().Op("=").Add(g.q(fv.Ctor)).Call(jen.Id("x")))...)}, nil
		}
		var fromText jen.Code = jen.Nil()
		if sv := u.StringVariant(); sv != nil {
			fromText = jen.Func().Params(jen.Id("s").String()).Block(dst().Op("=").Add(g.q(sv.Ctor)).Call(jen.Id("s")))
		}
		return []jen.Code{
			okThen(jen.If(
				jen.List(okResult, jen.Err()).Op(":=").Add(src.call("Union", fl, nil,
					jen.Func().Params(jen.Id("r").Op("*").Add(g.q("WireReader"))).Error().Block(jen.Return(g.wireDecode(jen.Op("&").Add(dst())))),
					fromText, jen.Lit(stringForm(u)))),
				jen.Err().Op("!=").Nil(),
			).Block(jen.Return(jen.Err()))),
		}, nil
	}
	// Everything else is JSON: objects, arrays, unions of objects.
	dec, err := g.decodeInto(dst, te, 0, func(err jen.Code) jen.Code { return err })
	if err != nil {
		return nil, err
	}
	dec = append(dec, jen.Return(jen.Nil()))
	decArgs := []jen.Code{jen.Func().Params(jen.Id("r").Op("*").Add(g.q("WireReader"))).Error().Block(dec...)}
	if !src.json {
		// The split path answers a null given for a required parameter
		// with the type the document expects (serverDecode).
		want := ""
		if fl.Required() {
			want = withArticle(fl.SchemaType().String())
		}
		decArgs = append([]jen.Code{jen.Lit(want)}, decArgs...)
	}
	out := []jen.Code{okThen(jen.If(
		jen.List(okResult, jen.Err()).Op(":=").Add(src.call("Decode", fl, nil, decArgs...)),
		jen.Err().Op("!=").Nil(),
	).Block(jen.Return(jen.Err())))}
	if te.Uploads() {
		bind, err := g.bindValue(dst, te, 0, func(err jen.Code) jen.Code {
			return jen.Id("serverParamErr").Call(name, err)
		})
		if err != nil {
			return nil, err
		}
		out = append(out, bind...)
	}
	return out, nil
}

// withArticle puts "a" or "an" before a type's name, as the reference
// server's messages do ("an Array of String", "an InputMedia").
func withArticle(t string) string {
	if t != "" && strings.ContainsRune("AEIOUaeiou", rune(t[0])) {
		return "an " + t
	}
	return "a " + t
}

// stringForm returns the form the note of a union's String variant states
// (the model reads "username of a channel, in the form @channelusername"
// as "@channelusername"), or "". The server accepts a text for that
// variant only in that form (serverUnion).
func stringForm(u *gomodel.Union) string {
	if v := u.StringVariant(); v != nil {
		return v.Form
	}
	return ""
}

// decodeInto returns statements reading one JSON value from r into dst;
// errors are returned through wrapErr.
func (g *gen) decodeInto(dst func() *jen.Statement, te *gomodel.Type, depth int, wrapErr func(jen.Code) jen.Code) ([]jen.Code, error) {
	retErr := func() jen.Code {
		return jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(wrapErr(jen.Err())))
	}
	if te.Kind == gomodel.Slice {
		et := g.typ(te.Elem)
		s, x := "elems", "elem"
		if depth > 0 {
			s, x = fmt.Sprintf("elems%d", depth), fmt.Sprintf("elem%d", depth)
		}
		inner, err := g.decodeInto(func() *jen.Statement { return jen.Id(x) }, te.Elem, depth+1, func(err jen.Code) jen.Code {
			return g.q("WireErrIndex").Call(err, jen.Len(jen.Id(s)))
		})
		if err != nil {
			return nil, err
		}
		body := append([]jen.Code{jen.Var().Id(x).Add(et)}, inner...)
		body = append(body, jen.Id(s).Op("=").Append(jen.Id(s), jen.Id(x)), jen.Return(jen.Nil()))
		return []jen.Code{
			jen.Id(s).Op(":=").Add(g.typ(te)).Values(),
			jen.If(jen.Err().Op(":=").Id("r").Dot("Array").Call(jen.Func().Params(jen.Id("r").Op("*").Add(g.q("WireReader"))).Error().Block(body...)), jen.Err().Op("!=").Nil()).Block(
				jen.Return(wrapErr(jen.Err())),
			),
			dst().Op("=").Id(s),
		}, nil
	}
	if te.Kind == gomodel.Pointer {
		n := te.Elem.Name
		return []jen.Code{
			jen.Id("v").Op(":=").New(g.q(n)),
			jen.If(jen.Err().Op(":=").Add(g.wireDecode(jen.Id("v"))), jen.Err().Op("!=").Nil()).Block(jen.Return(wrapErr(jen.Err()))),
			dst().Op("=").Id("v"),
		}, nil
	}
	if te.Kind == gomodel.Scalar && !te.IsTrue() {
		var val jen.Code = jen.Id("v")
		if conv := te.Conv(); conv != "" {
			val = g.q(conv).Call(val) // an enum
		}
		return []jen.Code{jen.List(jen.Id("v"), jen.Err()).Op(":=").Id("r").Dot(te.Prim.JSON()).Call(), retErr(), dst().Op("=").Add(val)}, nil
	}
	if te.Kind == gomodel.Interface {
		dec := te.Union.WireDecode
		return []jen.Code{jen.List(jen.Id("v"), jen.Err()).Op(":=").Add(g.q(dec)).Call(jen.Id("r")), retErr(), dst().Op("=").Id("v")}, nil
	}
	return []jen.Code{jen.If(jen.Err().Op(":=").Add(g.wireDecode(jen.Op("&").Add(dst()))), jen.Err().Op("!=").Nil()).Block(jen.Return(wrapErr(jen.Err())))}, nil
}

// ---------------------------------------------------------------- files

// bindValue returns statements resolving the attach:// references inside
// dst (of Go type te) to the request's parts.
func (g *gen) bindValue(dst func() *jen.Statement, te *gomodel.Type, depth int, wrapErr func(jen.Code) jen.Code) ([]jen.Code, error) {
	if !te.Uploads() {
		return nil, nil
	}
	if te.Kind == gomodel.Slice {
		i := loopIndex(depth)
		inner, err := g.bindValue(func() *jen.Statement { return dst().Index(jen.Id(i)) }, te.Elem, depth+1, func(err jen.Code) jen.Code {
			return wrapErr(g.q("WireErrIndex").Call(err, jen.Id(i)))
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
	fn := g.bindOf(te)
	if fn == "" {
		return nil, fmt.Errorf("no file binding for %s", te)
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

func (g *gen) emitBind(f *jen.File, b *bindInfo) error {
	var body []jen.Code
	var param jen.Code
	switch {
	case b.st != nil:
		param = jen.Op("*").Add(g.q(b.st.GoName))
		for _, fl := range b.st.Fields {
			if !fl.Type.Uploads() {
				continue
			}
			wire := fl.Name
			stmts, err := g.bindValue(func() *jen.Statement { return jen.Id("v").Dot(fl.GoName) }, fl.Type, 0, func(err jen.Code) jen.Code {
				return g.q("WireErrField").Call(err, jen.Lit(wire))
			})
			if err != nil {
				return fmt.Errorf("server: %s.%s: %w", b.st.Object.Name, fl.Name, err)
			}
			body = append(body, stmts...)
		}
	case b.u.Kind.IsInterface():
		param = g.q(b.u.GoName)
		var cases []jen.Code
		for _, v := range b.u.Variants {
			if !v.Type.Uploads() {
				continue
			}
			fn := g.bindStruct[v.Struct]
			if fn == "" {
				return fmt.Errorf("server: union %s: variant %s carries files but has no binding", b.u.Schema.Name, v.Schema.Type)
			}
			cases = append(cases, jen.Case(g.typ(v.Type)).Block(
				jen.If(jen.Id("x").Op("!=").Nil()).Block(jen.Return(jen.Id(fn).Call(jen.Id("a"), jen.Id("x")))),
			))
		}
		body = append(body, jen.Switch(jen.Id("x").Op(":=").Id("v").Assert(jen.Type())).Block(cases...))
	default:
		// A union with primitive variants: its InputFile variant, or an
		// attach:// text in its String variant.
		u := b.u
		param = jen.Op("*").Add(g.q(u.GoName))
		fv := u.FileVariant()
		if fv == nil {
			return fmt.Errorf("server: union %s carries files but has no InputFile variant", u.Schema.Name)
		}
		for _, v := range u.Variants {
			if v != fv && v.Type.Uploads() {
				return fmt.Errorf("server: union %s: files inside variant %s are not supported", u.Schema.Name, v.Schema.Type)
			}
		}
		body = append(body, jen.If(jen.List(jen.Id("f"), jen.Id("ok")).Op(":=").Id("v").Dot(fv.As).Call(), jen.Id("ok")).Block(
			jen.If(jen.Err().Op(":=").Id("serverBindFile").Call(jen.Id("a"), jen.Op("&").Id("f")), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
			jen.Op("*").Id("v").Op("=").Add(g.q(fv.Ctor)).Call(jen.Id("f")),
			jen.Return(jen.Nil()),
		))
		if sv := u.StringVariant(); sv != nil {
			body = append(body, jen.If(jen.List(jen.Id("s"), jen.Id("ok")).Op(":=").Id("v").Dot(sv.As).Call(), jen.Id("ok")).Block(
				jen.List(jen.Id("f"), jen.Id("ok"), jen.Err()).Op(":=").Id("serverAttachText").Call(jen.Id("a"), jen.Id("s")),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
				jen.If(jen.Id("ok")).Block(jen.Op("*").Id("v").Op("=").Add(g.q(fv.Ctor)).Call(jen.Id("f"))),
			))
		}
	}
	body = append(body, jen.Return(jen.Nil()))
	f.Comment(b.name + " resolves the attach:// references inside v to the request's parts.")
	f.Func().Id(b.name).Params(jen.Id("a").Op("*").Id("serverArgs"), jen.Id("v").Add(param)).Error().Block(body...)
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
