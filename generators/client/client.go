// Package client is the client backend: from a schema it emits client_gen.go,
// one method of the runtime Client (generators/support/rt_client.go) per API
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
//     representation is read from the types backend's output and used only
//     through InputFile methods (and, for a union struct holding an InputFile
//     variant, its As/From pair).
//   - The update list method is the method whose result is an array of an
//     object with an at_most_one rule and whose parameters include offset and
//     timeout; it gets the Updates iterator (offset = highest first required
//     integer field of the object + 1) and WebhookHandler. Without such a
//     method neither is emitted.
//
// Like the validators backend, it runs the types backend in memory, indexes
// its declarations with go/parser, seeds its naming.Scope with every package
// level name found there, and fails instead of emitting code that would not
// compile when a type or field is not where CONVENTIONS.md says it is.
package client

import (
	"bytes"
	"fmt"
	"go/ast"
	"regexp"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/goindex"
	"github.com/apigen/apigen/generators/types"
	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
)

func init() {
	generators.Register(generators.Backend{Name: "client", Go: true, Generate: Generate})
}

// FileName is the file this backend writes (CONVENTIONS.md).
const FileName = "client_gen.go"

// Names this backend adds.
const (
	clientType      = "Client"
	methodUploads   = "clientWithUploads" // on parameters structs that carry files
	methodAttach    = "clientAttach"      // on objects that carry files
	methodName      = "clientMethod"      // on every parameters struct (WebhookReply)
	iteratorName    = "Updates"
	webhookName     = "WebhookHandler"
	attachFuncPrefx = "clientAttach" // + union name: package-level helpers
)

// partNames are the names the runtime gives nested upload parts.
var partNames = regexp.MustCompile(`^file[0-9]+$`)

// importedPackages are the package names client_gen.go may import.
var importedPackages = []string{"context", "iter", "http"}

const (
	pkgContext = "context"
	pkgIter    = "iter"
	pkgHTTP    = "net/http"
)

// Generate runs the backend.
func Generate(s *schema.Schema, opts generators.Options) ([]output.File, error) {
	if opts.Package == "" {
		opts.Package = "botapi"
	}
	typeFiles, err := types.Generate(s, opts)
	if err != nil {
		return nil, fmt.Errorf("running the types backend: %w", err)
	}
	idx, err := goindex.Read(typeFiles)
	if err != nil {
		return nil, err
	}
	g := newGen(s, opts, idx)
	data, err := g.emit()
	if err != nil {
		return nil, err
	}
	return []output.File{{Path: FileName, Data: data}}, nil
}

// ---------------------------------------------------------------- model

type gen struct {
	s      *schema.Schema
	pkg    string
	source string
	idx    *goindex.Index
	scope  *naming.Scope // package level
	cscope *naming.Scope // methods of Client

	objects  map[string]*schema.Object
	unions   map[string]*schema.Union
	typeName map[string]string // schema name -> Go name
	carries  map[string]bool   // objects and unions that can hold an upload

	attachObjs   []string // objects needing clientAttach, first use order
	attachUnions []string // interface unions needing a package-level helper
	attachSeen   map[string]bool
}

func newGen(s *schema.Schema, opts generators.Options, idx *goindex.Index) *gen {
	return &gen{
		s: s, pkg: opts.Package, source: opts.Source, idx: idx,
		objects: map[string]*schema.Object{}, unions: map[string]*schema.Union{},
		typeName: map[string]string{}, carries: map[string]bool{}, attachSeen: map[string]bool{},
	}
}

func (g *gen) init() error {
	var reserved []string
	for n := range g.idx.Names {
		reserved = append(reserved, n)
	}
	sort.Strings(reserved)
	g.scope = naming.NewScope(append(reserved, importedPackages...)...)
	if !g.idx.Names[clientType] {
		return fmt.Errorf("runtime declares no %s type", clientType)
	}
	var cm []string
	for n := range g.idx.Methods[clientType] {
		cm = append(cm, n)
	}
	for n := range g.idx.Fields[clientType] {
		cm = append(cm, n)
	}
	sort.Strings(cm)
	g.cscope = naming.NewScope(cm...)

	for _, o := range g.s.Objects {
		g.objects[o.Name] = o
	}
	for _, u := range g.s.Unions {
		g.unions[u.Name] = u
	}
	var names []string
	for _, o := range g.s.Objects {
		names = append(names, o.Name)
	}
	for _, u := range g.s.Unions {
		names = append(names, u.Name)
	}
	for _, e := range g.s.Enums {
		names = append(names, e.Name)
	}
	for _, name := range names {
		n, err := naming.Exported(name)
		if err != nil {
			return err
		}
		if !g.idx.Names[n] {
			// A union the types backend represents otherwise (InputFile or
			// String is InputFile); an error arises where its name is needed.
			continue
		}
		g.typeName[name] = n
	}
	// Fixpoint: which named types can hold an upload.
	for changed := true; changed; {
		changed = false
		for _, o := range g.s.Objects {
			if g.carries[o.Name] || o.Opaque {
				continue
			}
			for _, f := range o.Fields {
				if g.carriesType(f.Type) {
					g.carries[o.Name], changed = true, true
					break
				}
			}
		}
		for _, u := range g.s.Unions {
			if g.carries[u.Name] {
				continue
			}
			for _, v := range u.Variants {
				if g.carriesType(v.Type) {
					g.carries[u.Name], changed = true, true
					break
				}
			}
		}
	}
	for _, m := range g.s.Methods {
		for _, p := range m.Params {
			if partNames.MatchString(p.Name) {
				return fmt.Errorf("method %s: parameter %s has the name of a nested upload part (file<N>)", m.Name, p.Name)
			}
		}
	}
	return nil
}

func (g *gen) carriesType(t schema.Type) bool {
	if t.IsArray() {
		return g.carriesType(*t.Elem)
	}
	return t.Name == schema.InputFile || g.carries[t.Name]
}

// primGo is the Go type of a primitive result or array element.
func primGo(name string) (string, bool) {
	switch name {
	case schema.Integer:
		return "int", true
	case schema.Integer64:
		return "int64", true
	case schema.Float:
		return "float64", true
	case schema.String:
		return "string", true
	case schema.Boolean:
		return "bool", true
	case schema.True:
		return "True", true
	case schema.InputFile:
		return "InputFile", true
	}
	return "", false
}

// resultGo is the Go type of a value of schema type t in a result: objects
// by value inside arrays, unions and primitives as themselves.
func (g *gen) elemGo(t schema.Type) (jen.Code, error) {
	if t.IsArray() {
		e, err := g.elemGo(*t.Elem)
		if err != nil {
			return nil, err
		}
		return jen.Index().Add(e), nil
	}
	if p, ok := primGo(t.Name); ok {
		return jen.Id(p), nil
	}
	if n, ok := g.typeName[t.Name]; ok {
		return jen.Id(n), nil
	}
	return nil, fmt.Errorf("unknown type %s", t.Name)
}

// decodeInto returns an expression of type error that decodes the value at
// r into the variable dst (an addressable expression) of schema type t.
func (g *gen) decodeInto(t schema.Type, dst *jen.Statement, depth int) (jen.Code, error) {
	if t.IsArray() {
		elem, err := g.elemGo(*t.Elem)
		if err != nil {
			return nil, err
		}
		x := fmt.Sprintf("x%d", depth)
		inner, err := g.decodeInto(*t.Elem, jen.Id(x), depth+1)
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
	}
	adapter := map[string]string{
		schema.Integer: "clientInt", schema.Integer64: "clientInt64", schema.Float: "clientFloat",
		schema.String: "clientString", schema.Boolean: "clientBoolRes",
	}
	if a, ok := adapter[t.Name]; ok {
		return jen.Id(a).Values(jen.Op("&").Add(dst.Clone())).Dot("decodeJSON").Call(jen.Id("r")), nil
	}
	if t.Name == schema.True || t.Name == schema.InputFile {
		return jen.Parens(jen.Op("&").Add(dst.Clone())).Dot("decodeJSON").Call(jen.Id("r")), nil
	}
	gn := g.typeName[t.Name]
	if gn == "" {
		return nil, fmt.Errorf("unknown type %s", t.Name)
	}
	if g.idx.Iface[gn] {
		fn := "decode" + gn
		if !g.idx.Names[fn] {
			return nil, fmt.Errorf("types backend declares no %s for the interface union %s", fn, gn)
		}
		return jen.Func().Params().Params(jen.Err().Error()).Block(
			jen.List(dst.Clone(), jen.Err()).Op("=").Id(fn).Call(jen.Id("r")),
			jen.Return(),
		).Call(), nil
	}
	if !g.idx.Methods[gn]["decodeJSON"] {
		return nil, fmt.Errorf("types backend declares no decodeJSON on %s", gn)
	}
	return jen.Parens(jen.Op("&").Add(dst.Clone())).Dot("decodeJSON").Call(jen.Id("r")), nil
}

// ---------------------------------------------------------------- emit

func (g *gen) emit() ([]byte, error) {
	if err := g.init(); err != nil {
		return nil, err
	}
	f := jen.NewFile(g.pkg)
	f.HeaderComment("Code generated by apigen. DO NOT EDIT.")
	f.HeaderComment("source: " + g.source)
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

	for _, m := range g.s.Methods {
		if err := g.emitMethod(f, m); err != nil {
			return nil, fmt.Errorf("method %s: %w", m.Name, err)
		}
	}
	for _, m := range g.s.Methods {
		if len(m.Params) == 0 {
			continue
		}
		if err := g.emitParamsHelpers(f, m); err != nil {
			return nil, fmt.Errorf("method %s: %w", m.Name, err)
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
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (g *gen) paramsName(m *schema.Method) (string, error) {
	mn, err := naming.Exported(m.Name)
	if err != nil {
		return "", err
	}
	pn := mn + "Params"
	if _, ok := g.idx.Fields[pn]; !ok {
		return "", fmt.Errorf("types backend declares no struct %s", pn)
	}
	return pn, nil
}

func (g *gen) emitMethod(f *jen.File, m *schema.Method) error {
	mn, err := naming.Exported(m.Name)
	if err != nil {
		return err
	}
	if err := g.cscope.Declare(mn, "client method for "+m.Name); err != nil {
		return err
	}
	params := []jen.Code{jen.Id("ctx").Qual(pkgContext, "Context")}
	pArg := jen.Nil()
	var pre []jen.Code
	if len(m.Params) > 0 {
		pn, err := g.paramsName(m)
		if err != nil {
			return err
		}
		params = append(params, jen.Id("p").Op("*").Id(pn))
		pArg = jen.Id("p")
		pre = append(pre, jen.If(jen.Id("p").Op("==").Nil()).Block(jen.Id("p").Op("=").Op("&").Id(pn).Values()))
	}
	call := func(res jen.Code) *jen.Statement {
		return jen.Id("c").Dot("call").Call(jen.Id("ctx"), jen.Lit(m.Name), pArg, res)
	}

	t := m.Returns
	var results jen.Code
	var body []jen.Code
	gn := g.typeName[t.Name]
	switch {
	case !t.IsArray() && t.Name == schema.True:
		results = jen.Error()
		body = []jen.Code{
			jen.Var().Id("res").Id("True"),
			jen.Return(call(jen.Op("&").Id("res"))),
		}
	case !t.IsArray() && g.objects[t.Name] != nil:
		results = jen.Params(jen.Op("*").Id(gn), jen.Error())
		body = []jen.Code{
			jen.Id("res").Op(":=").New(jen.Id(gn)),
			jen.If(jen.Err().Op(":=").Add(call(jen.Id("res"))), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Id("res"), jen.Nil()),
		}
	case t.IsArray() && !t.Elem.IsArray() && (g.objects[t.Elem.Name] != nil || (g.unions[t.Elem.Name] != nil && !g.idx.Iface[g.typeName[t.Elem.Name]])):
		en := g.typeName[t.Elem.Name]
		results = jen.Params(jen.Index().Id(en), jen.Error())
		body = []jen.Code{
			jen.Var().Id("res").Index().Id(en),
			jen.If(jen.Err().Op(":=").Add(call(jen.Id("clientArray").Types(jen.Id(en), jen.Op("*").Id(en)).Values(jen.Op("&").Id("res")))), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Id("res"), jen.Nil()),
		}
	default:
		rt, err := g.elemGo(t)
		if err != nil {
			return err
		}
		dec, err := g.decodeInto(t, jen.Id("res"), 0)
		if err != nil {
			return err
		}
		var res jen.Code
		if !t.IsArray() && (g.unions[t.Name] != nil && !g.idx.Iface[gn]) {
			res = jen.Op("&").Id("res") // a union struct decodes itself
		} else if a, ok := map[string]string{schema.Integer: "clientInt", schema.Integer64: "clientInt64", schema.Float: "clientFloat", schema.String: "clientString", schema.Boolean: "clientBoolRes"}[t.Name]; ok && !t.IsArray() {
			res = jen.Id(a).Values(jen.Op("&").Id("res"))
		} else {
			res = jen.Id("clientDecodeFunc").Call(jen.Func().Params(jen.Id("r").Op("*").Id("jsonReader")).Error().Block(jen.Return(dec)))
		}
		results = jen.Params(rt, jen.Error())
		body = []jen.Code{
			jen.Var().Id("res").Add(rt),
			jen.Err().Op(":=").Add(call(res)),
			jen.Return(jen.Id("res"), jen.Err()),
		}
	}

	g.docComment(f, mn, m)
	f.Func().Params(jen.Id("c").Op("*").Id(clientType)).Id(mn).Params(params...).Add(results).Block(append(pre, body...)...)
	f.Line()
	return nil
}

func (g *gen) docComment(f *jen.File, mn string, m *schema.Method) {
	text := mn + " calls " + m.Name + "."
	if d := strings.TrimSpace(m.Description); d != "" {
		text += " " + d
	}
	if n := strings.TrimSpace(m.ReturnsNote); n != "" {
		text += "\n\nResult: " + m.Returns.String() + ". " + n
	}
	comment(f, text)
}

// comment writes text as // lines wrapped at 76 columns.
func comment(f *jen.File, text string) {
	for _, l := range strings.Split(wrap(text, 76), "\n") {
		f.Comment(l)
	}
}

// wrap breaks text into comment lines of at most width columns, keeping
// paragraph breaks.
func wrap(text string, width int) string {
	var out []string
	for _, para := range strings.Split(text, "\n\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			if line != "" && len(line)+1+len(w) > width {
				out = append(out, line)
				line = w
				continue
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		out = append(out, line, "")
	}
	return strings.Join(out[:len(out)-1], "\n")
}

// emitParamsHelpers adds clientMethod (WebhookReply) and, for parameters
// that can carry files, clientWithUploads.
func (g *gen) emitParamsHelpers(f *jen.File, m *schema.Method) error {
	pn, err := g.paramsName(m)
	if err != nil {
		return err
	}
	if err := g.checkMember(pn, methodName, methodUploads); err != nil {
		return err
	}
	f.Func().Params(jen.Op("*").Id(pn)).Id(methodName).Params().String().Block(jen.Return(jen.Lit(m.Name)))
	f.Line()
	var stmts []jen.Code
	for _, p := range m.Params {
		if !g.carriesType(p.Type) {
			continue
		}
		code, err := g.fieldAttach(pn, p, true)
		if err != nil {
			return err
		}
		stmts = append(stmts, code...)
	}
	if len(stmts) == 0 {
		return nil
	}
	body := append([]jen.Code{jen.Id("c").Op(":=").Op("*").Id("v")}, stmts...)
	body = append(body, jen.Return(jen.Op("&").Id("c")))
	f.Comment(methodUploads + " returns a copy of v in which every upload has a multipart part name.")
	f.Func().Params(jen.Id("v").Op("*").Id(pn)).Id(methodUploads).Params(jen.Id("a").Op("*").Id("clientUploads")).Id("clientParams").Block(body...)
	f.Line()
	return nil
}

func (g *gen) checkMember(goType string, names ...string) error {
	for _, n := range names {
		if _, clash := g.idx.Fields[goType][n]; clash || g.idx.Methods[goType][n] {
			return fmt.Errorf("%s already has a field or method %s", goType, n)
		}
	}
	return nil
}

// fieldAttach attaches the uploads of field p of the struct held in "c"
// (parameters) or "v" (objects).
func (g *gen) fieldAttach(structName string, p *schema.Field, top bool) ([]jen.Code, error) {
	n, err := naming.Exported(p.Name)
	if err != nil {
		return nil, err
	}
	expr, ok := g.idx.Fields[structName][n]
	if !ok {
		return nil, fmt.Errorf("types backend struct %s has no field %s for %s", structName, n, p.Name)
	}
	recv := "v"
	if top {
		recv = "c"
	}
	part := ""
	if top && !p.Type.IsArray() {
		part = p.Name
	}
	return g.attach(jen.Id(recv).Dot(n), expr, p.Type, part, 0)
}

// attach returns statements that replace the value at dst (Go type expr,
// schema type t) by one whose uploads have part names. Slices and pointed-to
// objects are copied, never modified in place.
func (g *gen) attach(dst *jen.Statement, expr ast.Expr, t schema.Type, part string, depth int) ([]jen.Code, error) {
	if t.IsArray() {
		at, ok := expr.(*ast.ArrayType)
		if !ok {
			return nil, fmt.Errorf("expected a slice for %s", t)
		}
		elem, err := goindex.Jen(at.Elt)
		if err != nil {
			return nil, err
		}
		s, i := fmt.Sprintf("s%d", depth), fmt.Sprintf("i%d", depth)
		inner, err := g.attach(jen.Id(s).Index(jen.Id(i)), at.Elt, *t.Elem, "", depth+1)
		if err != nil {
			return nil, err
		}
		return []jen.Code{jen.If(dst.Clone().Op("!=").Nil()).Block(
			jen.Id(s).Op(":=").Make(jen.Index().Add(elem), jen.Len(dst.Clone())),
			jen.Copy(jen.Id(s), dst.Clone()),
			jen.For(jen.Id(i).Op(":=").Range().Id(s)).Block(inner...),
			jen.Add(dst.Clone()).Op("=").Id(s),
		)}, nil
	}
	if id, ok := expr.(*ast.Ident); ok && id.Name == "InputFile" {
		// InputFile itself, or a union of InputFile and String the types
		// backend represents as InputFile.
		return []jen.Code{jen.Add(dst.Clone()).Op("=").Id("a").Dot("file").Call(dst.Clone(), jen.Lit(part))}, nil
	}
	if t.Name == schema.InputFile {
		return nil, fmt.Errorf("InputFile is represented as %s, expected InputFile", exprString(expr))
	}
	if u := g.unions[t.Name]; u != nil {
		gn := g.typeName[u.Name]
		if gn == "" {
			return nil, fmt.Errorf("union %s is represented as %s and the types backend declares no type for it", u.Name, exprString(expr))
		}
		if id, ok := expr.(*ast.Ident); !ok || id.Name != gn {
			return nil, fmt.Errorf("union %s is represented as %s, expected %s", u.Name, exprString(expr), gn)
		}
		if g.idx.Iface[gn] {
			g.useUnion(u.Name)
			return []jen.Code{jen.Add(dst.Clone()).Op("=").Id(attachFuncPrefx+gn).Call(jen.Id("a"), dst.Clone())}, nil
		}
		// A union struct: only an InputFile variant can hold an upload.
		var out []jen.Code
		for _, v := range u.Variants {
			if !g.carriesType(v.Type) {
				continue
			}
			if v.Type.IsArray() || v.Type.Name != schema.InputFile {
				return nil, fmt.Errorf("union %s: file-carrying variant %s of a union with primitive variants is not supported", u.Name, v.Type)
			}
			as, from := "As"+v.Type.Name, gn+"From"+v.Type.Name
			if !g.idx.Methods[gn][as] || !g.idx.Names[from] {
				return nil, fmt.Errorf("union %s: types backend declares no %s/%s", u.Name, as, from)
			}
			x := fmt.Sprintf("f%d", depth)
			out = append(out, jen.If(jen.List(jen.Id(x), jen.Id("ok")).Op(":=").Add(dst.Clone()).Dot(as).Call(), jen.Id("ok")).Block(
				jen.Add(dst.Clone()).Op("=").Id(from).Call(jen.Id("a").Dot("file").Call(jen.Id(x), jen.Lit(part))),
			))
		}
		return out, nil
	}
	if o := g.objects[t.Name]; o != nil {
		gn := g.typeName[o.Name]
		g.useObject(o.Name)
		switch e := expr.(type) {
		case *ast.StarExpr:
			x := fmt.Sprintf("x%d", depth)
			return []jen.Code{jen.If(dst.Clone().Op("!=").Nil()).Block(
				jen.Id(x).Op(":=").Op("*").Add(dst.Clone()),
				jen.Id(x).Dot(methodAttach).Call(jen.Id("a")),
				jen.Add(dst.Clone()).Op("=").Op("&").Id(x),
			)}, nil
		case *ast.Ident:
			if e.Name == gn {
				return []jen.Code{jen.Add(dst.Clone()).Dot(methodAttach).Call(jen.Id("a"))}, nil
			}
		}
		return nil, fmt.Errorf("object %s is represented as %s", o.Name, exprString(expr))
	}
	return nil, fmt.Errorf("type %s cannot carry a file", t)
}

func exprString(e ast.Expr) string {
	var b bytes.Buffer
	if c, err := goindex.Jen(e); err == nil {
		fmt.Fprintf(&b, "%#v", c)
		return b.String()
	}
	return fmt.Sprintf("%T", e)
}

func (g *gen) useObject(name string) {
	if !g.attachSeen["o:"+name] {
		g.attachSeen["o:"+name] = true
		g.attachObjs = append(g.attachObjs, name)
	}
}

func (g *gen) useUnion(name string) {
	if !g.attachSeen["u:"+name] {
		g.attachSeen["u:"+name] = true
		g.attachUnions = append(g.attachUnions, name)
	}
}

func (g *gen) emitObjectAttach(f *jen.File, name string) error {
	o := g.objects[name]
	gn := g.typeName[name]
	if err := g.checkMember(gn, methodAttach); err != nil {
		return err
	}
	var body []jen.Code
	for _, fl := range o.Fields {
		if !g.carriesType(fl.Type) {
			continue
		}
		code, err := g.fieldAttach(gn, fl, false)
		if err != nil {
			return fmt.Errorf("object %s: %w", name, err)
		}
		body = append(body, code...)
	}
	f.Comment(methodAttach + " gives every upload in v a multipart part name; v is a copy owned by the caller.")
	f.Func().Params(jen.Id("v").Op("*").Id(gn)).Id(methodAttach).Params(jen.Id("a").Op("*").Id("clientUploads")).Block(body...)
	f.Line()
	return nil
}

func (g *gen) emitUnionAttach(f *jen.File, name string) error {
	u := g.unions[name]
	gn := g.typeName[name]
	fn := attachFuncPrefx + gn
	if err := g.scope.Declare(fn, "upload helper of union "+name); err != nil {
		return err
	}
	var cases []jen.Code
	for _, v := range u.Variants {
		if v.Type.IsArray() || g.objects[v.Type.Name] == nil || !g.carries[v.Type.Name] {
			continue
		}
		vn := g.typeName[v.Type.Name]
		g.useObject(v.Type.Name)
		cases = append(cases, jen.Case(jen.Op("*").Id(vn)).Block(
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

// updateMethod finds the update list method, its object and the object's
// identifier field.
func (g *gen) updateMethod() (*schema.Method, *schema.Object, *schema.Field) {
	for _, m := range g.s.Methods {
		t := m.Returns
		if !t.IsArray() || t.Elem.IsArray() {
			continue
		}
		o := g.objects[t.Elem.Name]
		if o == nil || o.Opaque {
			continue
		}
		hasRule := false
		for _, r := range o.Rules {
			if r.Kind == schema.RuleAtMostOne {
				hasRule = true
			}
		}
		var offset, timeout bool
		for _, p := range m.Params {
			offset = offset || (p.Name == "offset" && !p.Type.IsArray() && isInt(p.Type.Name))
			timeout = timeout || p.Name == "timeout"
		}
		if !hasRule || !offset || !timeout {
			continue
		}
		for _, f := range o.Fields {
			if f.Required && !f.Type.IsArray() && isInt(f.Type.Name) {
				return m, o, f
			}
		}
	}
	return nil, nil, nil
}

func isInt(name string) bool { return name == schema.Integer || name == schema.Integer64 }

func (g *gen) emitUpdates(f *jen.File) error {
	m, o, idf := g.updateMethod()
	if m == nil {
		return nil
	}
	pn, err := g.paramsName(m)
	if err != nil {
		return err
	}
	un := g.typeName[o.Name]
	if err := g.cscope.Declare(iteratorName, "long-polling iterator over "+m.Name); err != nil {
		return err
	}
	if err := g.scope.Declare(webhookName, "webhook handler for "+o.Name); err != nil {
		return err
	}
	// The loop lives in the runtime (clientPoll); it works on the wire
	// names of the id, offset and timeout, not on Go fields.
	comment(f, iteratorName+" long-polls "+m.Name+" and yields every "+un+" in order. "+
		"p gives the first offset, limit, timeout and allowed_updates (nil: defaults); p is not modified. "+
		"An unset timeout is DefaultPollTimeout seconds (long polling; an HTTP client timeout must be longer); an explicit 0 is short polling. "+
		"Each request asks for the items after the highest "+idf.Name+" seen so far (offset = "+idf.Name+" + 1), which confirms the earlier ones to the service; "+
		"an item whose "+idf.Name+" is below that (a duplicate, an older one) is dropped. "+
		"After a break the rest of the batch is not confirmed: to resume, start a new iterator with offset = the last yielded "+idf.Name+" + 1.\n\n"+
		"An item that does not decode is yielded as an *ItemDecodeError (with its "+idf.Name+" and raw JSON) with a zero "+un+", and confirmed like the others. "+
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

	comment(f, webhookName+" returns an http.Handler for webhook deliveries: each POST carries one "+un+", decoded and passed to h with the request's context. "+
		"h may return a method call to answer in the response body (any parameters struct, e.g. &SendMessageParams{...}; uploads are sent as multipart), or nil. "+
		"An error from h, an invalid reply or a body that is not an "+un+" (or lacks "+idf.Name+") answers non-2xx so that the service delivers the update again; see WebhookOnError. "+
		"WebhookSecretPath restricts the handler to a secret URL path.")
	f.Func().Id(webhookName).Params(
		jen.Id("h").Func().Params(jen.Id("ctx").Qual(pkgContext, "Context"), jen.Id("u").Op("*").Id(un)).Params(jen.Id("WebhookReply"), jen.Error()),
		jen.Id("opts").Op("...").Id("WebhookOption"),
	).Qual(pkgHTTP, "Handler").Block(
		jen.Return(jen.Id("clientWebhook").Types(jen.Id(un), jen.Op("*").Id(un)).Call(jen.Id("h"), jen.Lit(idf.Name), jen.Id("opts"))),
	)
	return nil
}
