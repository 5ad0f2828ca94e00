// Package dispatch is the dispatcher backend: from the Go model it emits
// dispatch_gen.go, a Router on top of the client with one typed route per
// update kind, composable filters, middleware, a worker pool that keeps the
// updates of one chat in order, long polling with a graceful shutdown that
// confirms exactly the handled updates, webhook serving with replies, and
// reply helpers on the kinds' objects. The machinery is generic over the
// update type and lives in the runtime (generators/runtime/rt_dispatch.go);
// this backend instantiates it for the schema.
//
// Everything is derived from the model, never from API names:
//
//   - The update object is the object with a kind accessor (an at_most_one
//     rule over its optional fields) that the update list method returns
//     (the method returning an array of it and taking an offset). Each of
//     the rule's fields is a kind and gets On<Field>; OnUnknown receives
//     kinds newer than the package (UnknownKey, UnknownRaw).
//   - The identifier of an update is the object's first required integer;
//     the ordering key is the id of the kind accessor's helpers (Chat, then
//     Sender) in that order.
//   - Content filters read a String field of the kinds' objects found by
//     its wire name: text (TextEqual, TextPrefix, TextRegexp and Command),
//     data (DataEqual, ...), query (QueryEqual, ...). A kind gets them by
//     having such a field; none are emitted when no kind has one. For each
//     helper (Chat, Sender) <Helper>Matches takes a predicate, and each enum
//     field of the helper's object gives <Helper><Field>Is (ChatTypeIs).
//   - The bot's username, which commands may be addressed to, comes from
//     the method without parameters that returns the Sender helper's type
//     (its username field).
//   - Reply helpers: for a kind object O, O.Reply sends a parameters
//     struct to O's place (its chat), referring to O when quoting, and
//     O.Answer calls a method about O itself. Which parameters structs each
//     fills, which parameter from which field of O, how the value is
//     stored and which structs get ReplyTo<Object> are the model's
//     decisions (gomodel.Referent, gomodel.Helper.Fills), as is the union
//     whose variants all get Reply and Answer (gomodel.Union.Offers): this
//     backend writes them and re-derives none.
package dispatch

import (
	"fmt"
	"slices"
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

// Backend is the dispatcher backend.
var Backend = generators.Backend{Name: "dispatch", Kind: generators.GoPackage, Requires: []string{"types", "validate", "client"}, Reserves: fixedNames(), KindMembers: kindMembers, Generate: Generate}

// dispatcherNames are the package-level names of the dispatcher whatever
// the document says.
var dispatcherNames = []string{"Handler", "Middleware", "Router", "NewRouter"}

// fixedNames are every package-level name the backend may declare whatever
// the document says (the dispatcher's, the filters', the middleware's and
// the bot library's), reserved so that an API name never takes one: an
// object named Command or TextEqual is CommandType, TextEqualType.
func fixedNames() []string {
	out := append([]string{"DispatchError", "Recover", "Timeout", "Logging", "Filter", "And", "Or", "Not", "Command", "BotUser", "WebhookSecretToken"}, dispatcherNames...)
	for _, wire := range contentFields {
		for _, f := range contentFilters {
			out = append(out, naming.Exported(wire)+f)
		}
	}
	for _, h := range gomodel.KindHelpers {
		out = append(out, h+"Matches")
	}
	return out
}

// contentFilters are the filters of each content field, after its name
// (TextEqual).
var contentFilters = []string{"Equal", "Prefix", "Regexp"}

// kindMembers are the methods the backend adds to the objects of the
// update's kinds: Command (on those with a text) and the reply helpers.
// The model keeps them in those objects' scopes only, so that a field of
// another object (a command's command) keeps its name.
var kindMembers = []string{"Command", "Reply", "Answer"}

// FileName is the file this backend writes.
const FileName = "dispatch_gen.go"

// contentFields are the wire names of String fields the content filters
// read, in emission order; commandField is the one commands are read from.
var contentFields = []string{"text", "data", "query"}

const commandField = "text"

const (
	pkgContext = "context"
	pkgHTTP    = "net/http"
	pkgSlog    = "log/slog"
	pkgRegexp  = "regexp"
	pkgTime    = "time"
	pkgFmt     = "fmt"
	pkgSlices  = "slices"
)

// Generate emits dispatch_gen.go and the dispatcher's runtime; nothing when
// the schema has no update object and update list method.
func Generate(m *gomodel.Model, opts generators.Options) ([]output.File, error) {
	g := &gen{m: m}
	if !g.find() {
		return nil, nil
	}
	data, err := g.emit(opts.Source)
	if err != nil {
		return nil, err
	}
	rt, err := runtime.File("dispatch", m.Package, opts.Source, runtime.DispatchPart)
	if err != nil {
		return nil, err
	}
	readme, err := g.readme()
	if err != nil {
		return nil, err
	}
	return []output.File{{Path: FileName, Data: data}, rt, readme}, nil
}

// readme renders the router's section of the package README from what emit
// declared: the routes, filters and reply helpers of this schema.
func (g *gen) readme() (output.File, error) {
	var first readmeRoute
	if len(g.routes) > 0 {
		first = g.routes[0]
	}
	return generators.ReadmeSection("dispatch", struct {
		Package, Update, ListParams string
		Routes                      []readmeRoute
		First                       readmeRoute
		Filters, Helpers            []string
		Command                     bool
		Results, CommandOf          []string
		BotUser, Secret             bool
		Setup                       string
	}{
		Package: g.m.Package, Update: g.upd.GoName, ListParams: g.list.Params.GoName,
		Routes: g.routes, First: first, Filters: g.filters, Helpers: g.helpers,
		Command: slices.Contains(g.filters, "Command"),
		Results: g.results, CommandOf: g.command, BotUser: g.botUser, Setup: g.setup, Secret: g.secret,
	})
}

// qualified writes t as code outside the package sees it ("*botapi.Message").
func (g *gen) qualified(t *gomodel.Type) string {
	switch t.Kind {
	case gomodel.Pointer:
		return "*" + g.qualified(t.Elem)
	case gomodel.Slice:
		return "[]" + g.qualified(t.Elem)
	case gomodel.Opt:
		return g.m.Package + ".Opt[" + g.qualified(t.Elem) + "]"
	case gomodel.Scalar:
		return t.Name
	}
	return g.m.Package + "." + t.Name
}

type gen struct {
	m      *gomodel.Model
	upd    *gomodel.Struct // the update object
	list   *gomodel.Method // the update list method
	id     *gomodel.Field  // the update's identifier
	kind   *gomodel.KindAccessor
	rscope *naming.Scope // Router's methods
	f      *jen.File
	called map[*gomodel.Struct]bool // params structs with dispatchCall

	// What the README section names, recorded as it is emitted.
	routes  []readmeRoute
	filters []string // every filter function, in emission order
	helpers []string // reply helpers, as "Object.Method"
	results []string // reply helpers returning the method's result
	command []string // objects with a Command method
	botUser bool     // BotUser was emitted
	setup   string   // the Router's webhook set-up method, or ""
	secret  bool     // WebhookSecretToken was emitted
}

// readmeRoute is one route as the README shows it.
type readmeRoute struct {
	Name, Kind string
	Type       string // the handler's parameter type, package-qualified
}

// find locates the update object and the update list method.
func (g *gen) find() bool {
	for _, me := range g.m.Methods {
		t := me.Result
		if t.Kind != gomodel.Slice || t.Elem.Kind != gomodel.Object || me.Params == nil {
			continue
		}
		st := t.Elem.Struct
		if st.Kind == nil || st.Opaque {
			continue
		}
		off := me.Params.Field("offset")
		if off == nil || off.Type.Kind != gomodel.Opt || !off.Type.Elem.IsInteger() {
			continue
		}
		for _, f := range st.Fields {
			if f.Required() && f.Type.IsInteger() {
				g.upd, g.list, g.id, g.kind = st, me, f, st.Kind
				return true
			}
		}
	}
	return false
}

func (g *gen) declare(name, what string) error {
	if err := g.m.Declare(name, what); err != nil {
		return fmt.Errorf("dispatch: %w", err)
	}
	if strings.HasPrefix(what, "filter") {
		g.filters = append(g.filters, name)
	}
	return nil
}

// made settles a package-level name the backend makes from the
// document's (ChatTypeIs from the chat's type field): a document name
// spelling it keeps its name and this one takes a name by naming's rule,
// with a warning (gomodel.Model.Made).
func (g *gen) made(name, what string, since string, src schema.Source) string {
	name = g.m.Made(g.m.Scope, name, naming.ValueKind, since, src, what)
	if strings.HasPrefix(what, "filter") {
		g.filters = append(g.filters, name)
	}
	return name
}

func (g *gen) doc(text string) {
	paras := strings.Split(text, "\n\n")
	for i, para := range paras {
		line := ""
		for _, w := range strings.Fields(para) {
			if line != "" && len(line)+1+len(w) > 76 {
				g.f.Comment(line)
				line = w
				continue
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		g.f.Comment(line)
		if i < len(paras)-1 {
			g.f.Comment("")
		}
	}
}

func ctxParam() *jen.Statement { return jen.Id("ctx").Qual(pkgContext, "Context") }

func (g *gen) updPtr() *jen.Statement { return jen.Op("*").Id(g.upd.GoName) }

// handlerFunc is func(context.Context, *Update) error.
func (g *gen) handlerFunc() *jen.Statement {
	return jen.Func().Params(jen.Qual(pkgContext, "Context"), g.updPtr()).Error()
}

func (g *gen) emit(source string) ([]byte, error) {
	f := godoc.NewFile(g.m.Package, source)
	g.f = f
	f.ImportName(pkgContext, "context")
	f.ImportName(pkgHTTP, "http")
	f.ImportName(pkgSlog, "slog")
	f.ImportName(pkgRegexp, "regexp")
	f.ImportName(pkgTime, "time")
	f.ImportName(pkgFmt, "fmt")
	f.ImportName(pkgSlices, "slices")
	g.rscope = naming.NewScope("core", "Use", "Group", "Dispatch", "Poll", "Webhook", "OnUnknown")
	for _, step := range []func() error{g.emitTypes, g.emitRouter, g.emitRoutes, g.emitRun, g.emitInfo, g.emitTypedFilters, g.emitMiddleware, g.emitRelations, g.emitBotLib} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return gofile.Render(f)
}

func (g *gen) emitTypes() error {
	u := g.upd.GoName
	for _, n := range dispatcherNames {
		if err := g.declare(n, "dispatcher"); err != nil {
			return err
		}
	}
	g.doc("Handler handles one " + u + ". Routes take typed handlers (the On<Kind> methods of Router); middleware sees every " + u + " as a Handler.")
	g.f.Type().Id("Handler").Func().Params(ctxParam(), jen.Id("u").Add(g.updPtr())).Error()
	g.f.Line()
	g.doc("Middleware wraps a Handler: Recover, Timeout and Logging, or your own. Router.Use adds it to a router or group.")
	g.f.Type().Id("Middleware").Func().Params(jen.Id("next").Id("Handler")).Id("Handler")
	g.f.Line()
	g.doc("Router routes each " + u + " to the first route, in registration order, whose kind it is and whose filters (and whose groups' filters) accept it; an " + u + " no route takes is dropped. " +
		"Register routes and middleware before the first " + u + " is dispatched.\n\n" +
		"Poll and Webhook run the handlers on a bounded pool of workers: the updates of one chat (or, without a chat, of one sender) are handled one after another in order, others in parallel.")
	g.f.Type().Id("Router").Struct(jen.Id("core").Op("*").Id("dispatchCore").Types(jen.Id(u)))
	g.f.Line()
	g.doc("NewRouter returns an empty Router. Options: DispatchWorkers, DispatchMaxPending, DispatchShutdownTimeout, DispatchBotUsername, DispatchOnError, DispatchLogger.")
	g.f.Func().Id("NewRouter").Params(jen.Id("opts").Op("...").Id("DispatchOption")).Op("*").Id("Router").Block(
		jen.Return(jen.Op("&").Id("Router").Values(jen.Id("core").Op(":").Id("newDispatchCore").Call(jen.Id("opts"), jen.Id("dispatchKindOf"), jen.Id("dispatchInfo"), jen.Id("dispatchFail")))),
	)
	g.f.Line()
	return nil
}

func (g *gen) filtersArg() *jen.Statement {
	return jen.Id("dispatchFilters").Call(jen.Id("filters"))
}

func (g *gen) emitRouter() error {
	u := g.upd.GoName
	hf := g.handlerFunc()
	g.doc("Use adds middleware to r: on the root router it wraps the dispatch of every " + u + ", matched or not; on a group, the routes of the group. The first added is the outermost.")
	g.f.Func().Params(jen.Id("r").Op("*").Id("Router")).Id("Use").Params(jen.Id("mw").Op("...").Id("Middleware")).Block(
		jen.For(jen.List(jen.Id("_"), jen.Id("m")).Op(":=").Range().Id("mw")).Block(
			jen.Id("r").Dot("core").Dot("use").Call(jen.Func().Params(jen.Id("next").Add(hf.Clone())).Add(hf.Clone()).Block(
				jen.Return(jen.Id("m").Call(jen.Id("next"))),
			)),
		),
	)
	g.f.Line()
	g.doc("Group returns a router whose routes are tried, at this point of r's routes, only for updates all filters accept; it has its own middleware (Use). When none of its routes matches, the routes registered after it are tried.")
	g.f.Func().Params(jen.Id("r").Op("*").Id("Router")).Id("Group").Params(jen.Id("filters").Op("...").Add(g.updFilter())).Op("*").Id("Router").Block(
		jen.Return(jen.Op("&").Id("Router").Values(jen.Id("core").Op(":").Id("r").Dot("core").Dot("group").Call(g.filtersArg()))),
	)
	g.f.Line()
	g.doc("Dispatch handles u synchronously in the caller's goroutine: the root's middleware, then the first matching route. Poll and Webhook call it on their workers; call it yourself to feed updates from elsewhere (Send then has no Client).")
	g.f.Func().Params(jen.Id("r").Op("*").Id("Router")).Id("Dispatch").Params(ctxParam(), jen.Id("u").Add(g.updPtr())).Error().Block(
		jen.Return(jen.Id("r").Dot("core").Dot("direct").Call(jen.Id("ctx"), jen.Id("u"))),
	)
	g.f.Line()
	return nil
}

// present is the condition "kind field kf is present in u".
func present(kf *gomodel.Field) *jen.Statement {
	v := jen.Id("u").Dot(kf.GoName)
	if kf.Type.HasIsSet() {
		return v.Dot("IsSet").Call()
	}
	return v.Op("!=").Nil()
}

func (g *gen) emitRoutes() error {
	u := g.upd.GoName
	// Each kind's index in the route table is a constant named after it,
	// the unknown kind last.
	kinds := make([]string, len(g.kind.Fields)+1)
	var defs []jen.Code
	for i := range kinds {
		what, name := "unknown kind", "dispatchKindUnknown"
		if i < len(g.kind.Fields) {
			what, name = "kind "+g.kind.Fields[i].Name, "dispatchKind"+g.kind.Fields[i].GoName
		}
		if err := g.declare(name, "route table index of "+what); err != nil {
			return err
		}
		kinds[i] = name
		if i == 0 {
			defs = append(defs, jen.Id(name).Op("=").Iota())
		} else {
			defs = append(defs, jen.Id(name))
		}
	}
	g.f.Commentf("The kinds of %s by their index in the route table.", u)
	g.f.Const().Defs(defs...)
	g.f.Line()
	var cases []jen.Code
	for i, kf := range g.kind.Fields {
		if kf.Type.Kind == gomodel.Scalar || kf.Type.Kind == gomodel.Object {
			return fmt.Errorf("dispatch: kind %s.%s is required or scalar (%s)", g.upd.Object.Name, kf.Name, kf.Type)
		}
		name := "On" + kf.GoName
		if err := g.rscope.Declare(name, "route of kind "+kf.Name); err != nil {
			return fmt.Errorf("dispatch: %w", err)
		}
		g.routes = append(g.routes, readmeRoute{Name: name, Kind: kf.Name, Type: g.qualified(kf.Type)})
		param := kf.Type.Jen()
		g.doc(fmt.Sprintf("%s routes updates of kind %s (%s.%s) that every filter accepts to h.", name, kf.Name, u, kf.GoName))
		g.f.Func().Params(jen.Id("r").Op("*").Id("Router")).Id(name).Params(
			jen.Id("h").Func().Params(ctxParam(), jen.Id("v").Add(param.Clone())).Error(),
			jen.Id("filters").Op("...").Id("Filter").Types(param.Clone()),
		).Block(
			jen.Id("r").Dot("core").Dot("handle").Call(jen.Id(kinds[i]), jen.Func().Params(ctxParam(), jen.Id("u").Add(g.updPtr())).Error().Block(
				jen.Return(jen.Id("h").Call(jen.Id("ctx"), jen.Id("u").Dot(kf.GoName))),
			), g.liftArg(kf)),
		)
		g.f.Line()
		cases = append(cases, jen.Case(present(kf)).Block(jen.Return(jen.Id(kinds[i]))))
	}
	n := len(g.kind.Fields)
	g.doc(fmt.Sprintf("OnUnknown routes updates of a kind newer than this package to h, with the kind's name (%s.%s) and its JSON (%s.%s).", u, g.kind.UnknownKey, u, g.kind.UnknownRaw))
	g.f.Func().Params(jen.Id("r").Op("*").Id("Router")).Id("OnUnknown").Params(
		jen.Id("h").Func().Params(ctxParam(), jen.Id("kind").String(), jen.Id("raw").Index().Byte()).Error(),
		jen.Id("filters").Op("...").Add(g.updFilter()),
	).Block(
		jen.Id("r").Dot("core").Dot("handle").Call(jen.Id(kinds[n]), jen.Func().Params(ctxParam(), jen.Id("u").Add(g.updPtr())).Error().Block(
			jen.Return(jen.Id("h").Call(jen.Id("ctx"), jen.Id("u").Dot(g.kind.UnknownKey), jen.Id("u").Dot(g.kind.UnknownRaw))),
		), g.filtersArg()),
	)
	g.f.Line()
	if err := g.declare("dispatchKindOf", "dispatcher"); err != nil {
		return err
	}
	cases = append(cases, jen.Case(jen.Id("u").Dot(g.kind.UnknownKey).Op("!=").Lit("")).Block(jen.Return(jen.Id(kinds[n]))))
	g.f.Comment("dispatchKindOf is the index of u's kind in the route table (-1: none).")
	g.f.Func().Id("dispatchKindOf").Params(jen.Id("u").Add(g.updPtr())).Int().Block(
		jen.Switch().Block(cases...),
		jen.Return(jen.Lit(-1)),
	)
	g.f.Line()
	return nil
}

// helperID is the identifier field of a helper's object: its first
// required integer identifier.
func (g *gen) helperID(h *gomodel.PresentHelper) *gomodel.Field {
	st := h.Struct
	if st == nil {
		return nil
	}
	for _, f := range st.Fields {
		if f.Required() && f.Type.IsInteger() && f.Identifier {
			return f
		}
	}
	return nil
}

func (g *gen) emitInfo() error {
	if err := g.declare("dispatchInfo", "dispatcher"); err != nil {
		return err
	}
	body := []jen.Code{
		jen.Id("i").Op(":=").Id("dispatchUpdateInfo").Values(jen.Dict{
			jen.Id("ID"):   jen.Int64().Call(jen.Id("u").Dot(g.id.GoName)),
			jen.Id("Kind"): jen.String().Call(jen.Id("u").Dot(g.kind.Method).Call()),
		}),
	}
	var chain *jen.Statement
	for _, h := range g.kind.Helpers {
		idf := g.helperID(h)
		if idf == nil {
			continue
		}
		set := jen.List(jen.Id("i").Dot("Key"), jen.Id("i").Dot("Keyed")).Op("=").List(jen.Int64().Call(jen.Id("x").Dot(idf.GoName)), jen.True())
		get := jen.Id("x").Op(":=").Id("u").Dot(h.Method).Call()
		if chain == nil {
			chain = jen.If(get, jen.Id("x").Op("!=").Nil()).Block(set)
		} else {
			chain = chain.Else().If(get, jen.Id("x").Op("!=").Nil()).Block(set)
		}
	}
	if chain != nil {
		body = append(body, chain)
	}
	body = append(body, jen.Return(jen.Id("i")))
	g.f.Comment("dispatchInfo is what the dispatcher needs of u: its identifier, its kind and its ordering key.")
	g.f.Func().Id("dispatchInfo").Params(jen.Id("u").Add(g.updPtr())).Id("dispatchUpdateInfo").Block(body...)
	g.f.Line()
	return g.emitDispatchError()
}

// emitDispatchError emits DispatchError, whose Kind has the type of the
// kind accessor's result (the update kinds' enum, when the model has one),
// and dispatchFail, which the runtime wraps a handler's error with.
func (g *gen) emitDispatchError() error {
	for _, n := range []string{"DispatchError", "dispatchFail"} {
		if err := g.declare(n, "dispatcher"); err != nil {
			return err
		}
	}
	kind := jen.String()
	if g.kind.Enum != nil {
		kind = jen.Id(g.kind.Enum.GoName)
	}
	g.doc("DispatchError is a handler's error with the " + g.upd.GoName + " it failed on: its identifier and its kind (what " + g.kind.Method + " returns).")
	g.f.Type().Id("DispatchError").Struct(
		jen.Id("UpdateID").Int64().Comment("the "+g.id.Name+" of the failed "+g.upd.GoName),
		jen.Id("Kind").Add(kind).Comment("its kind, the field it carries"),
		jen.Id("Err").Error().Comment("what the handler returned"),
	)
	g.f.Line()
	g.f.Func().Params(jen.Id("e").Op("*").Id("DispatchError")).Id("Error").Params().String().Block(
		jen.Return(jen.Qual(pkgFmt, "Sprintf").Call(jen.Lit("update %d (%s): %v"), jen.Id("e").Dot("UpdateID"), jen.Id("e").Dot("Kind"), jen.Id("e").Dot("Err"))),
	)
	g.f.Line()
	g.f.Func().Params(jen.Id("e").Op("*").Id("DispatchError")).Id("Unwrap").Params().Error().Block(jen.Return(jen.Id("e").Dot("Err")))
	g.f.Line()
	g.f.Comment("dispatchFail wraps a handler's error in a *DispatchError.")
	g.f.Func().Id("dispatchFail").Params(jen.Id("i").Id("dispatchUpdateInfo"), jen.Id("err").Error()).Error().Block(
		jen.Return(jen.Op("&").Id("DispatchError").Values(jen.Dict{
			jen.Id("UpdateID"): jen.Id("i").Dot("ID"),
			jen.Id("Kind"):     jen.Add(kind.Clone()).Call(jen.Id("i").Dot("Kind")),
			jen.Id("Err"):      jen.Id("err"),
		})),
	)
	g.f.Line()
	return nil
}

// meMethod is the method without parameters returning the Sender helper's
// type, and that type's username field.
func (g *gen) meMethod() (*gomodel.Method, *gomodel.Field) {
	for _, h := range g.kind.Helpers {
		for _, me := range g.m.Methods {
			if me.Params != nil || me.Result.Kind != gomodel.Object || me.Result.Name != h.GoType {
				continue
			}
			uf := me.Result.Struct.Field("username")
			if uf == nil {
				continue
			}
			if (uf.Type.Kind == gomodel.Opt && uf.Type.Elem.Name == "string") || (uf.Type.Kind == gomodel.Scalar && uf.Type.Name == "string") {
				return me, uf
			}
		}
	}
	return nil, nil
}

func (g *gen) emitRun() error {
	u := g.upd.GoName
	lp := g.list.Params
	if err := g.declare("dispatchMe", "dispatcher"); err != nil {
		return err
	}
	meFunc := jen.Func().Params(jen.Qual(pkgContext, "Context")).Params(jen.Any(), jen.String(), jen.Error())
	var meBody []jen.Code
	me, uf := g.meMethod()
	if me == nil {
		meBody = []jen.Code{jen.Return(jen.Nil())}
	} else {
		val := jen.Id("v").Dot(uf.GoName)
		if uf.Type.Kind == gomodel.Opt {
			val = val.Dot("Value").Call()
		}
		meBody = []jen.Code{
			jen.If(jen.Id("c").Op("==").Nil()).Block(jen.Return(jen.Nil())),
			jen.Return(jen.Func().Params(ctxParam()).Params(jen.Any(), jen.String(), jen.Error()).Block(
				jen.List(jen.Id("v"), jen.Err()).Op(":=").Id("c").Dot(me.GoName).Call(jen.Id("ctx")),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Lit(""), jen.Err())),
				jen.Return(jen.Id("v"), val, jen.Nil()),
			)),
		}
	}
	g.f.Comment("dispatchMe asks the service for the bot's own user and its username (nil: it cannot).")
	g.f.Func().Id("dispatchMe").Params(jen.Id("c").Op("*").Id("Client")).Add(meFunc).Block(meBody...)
	g.f.Line()

	off := lp.Field("offset")
	offVal := jen.Id("off")
	if off.Type.Elem.Name != "int64" {
		offVal = jen.Id(off.Type.Elem.Name).Call(offVal)
	}
	var noWait []jen.Code
	if t := lp.Field("timeout"); t != nil && t.Type.Kind == gomodel.Opt {
		noWait = append(noWait, jen.Id("q").Dot(t.GoName).Op("=").Add(t.Type.Jen()).Values())
	}
	fetch := []jen.Code{
		jen.Id("q").Op(":=").Id("base"),
		jen.If(jen.Id("have")).Block(jen.Id("q").Dot(off.GoName).Op("=").Id("Some").Call(offVal.Clone())),
		jen.If(jen.Op("!").Id("wait")).Block(noWait...),
		jen.Return(jen.Id("clientFetchItems").Types(jen.Id(u), g.updPtr()).Call(jen.Id("ctx"), jen.Id("c"), jen.Lit(g.list.Schema.Name), jen.Op("&").Id("q"), jen.Lit(g.id.Name))),
	}
	confirm := []jen.Code{
		jen.Id("q").Op(":=").Id("base"),
		jen.Id("q").Dot(off.GoName).Op("=").Id("Some").Call(offVal),
	}
	if t := lp.Field("timeout"); t != nil && t.Type.Kind == gomodel.Opt {
		confirm = append(confirm, jen.Id("q").Dot(t.GoName).Op("=").Add(t.Type.Jen()).Values())
	}
	if l := lp.Field("limit"); l != nil && l.Type.Kind == gomodel.Opt && l.Type.Elem.IsInteger() {
		one := jen.Lit(1)
		if l.Type.Elem.Name != "int" {
			one = jen.Id(l.Type.Elem.Name).Call(one)
		}
		confirm = append(confirm, jen.Id("q").Dot(l.GoName).Op("=").Id("Some").Call(one))
	}
	confirm = append(confirm,
		jen.List(jen.Id("cctx"), jen.Id("ccancel")).Op(":=").Qual(pkgContext, "WithTimeout").Call(jen.Qual(pkgContext, "WithoutCancel").Call(jen.Id("ctx")), jen.Lit(30).Op("*").Qual(pkgTime, "Second")),
		jen.Defer().Id("ccancel").Call(),
		// The answer is not read: it may hold the next update, which
		// this Poll neither handles nor confirms (nor reports: the next
		// poller receives it).
		jen.If(jen.Err().Op(":=").Id("c").Dot("call").Call(jen.Id("cctx"), jen.Lit(g.list.Schema.Name), jen.Op("&").Id("q"), jen.Nil()), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual(pkgFmt, "Errorf").Call(jen.Lit("dispatch: confirming the handled updates: %w"), jen.Err())),
		),
		jen.Return(jen.Id("r").Dot("core").Dot("pollErr")),
	)
	g.doc("Poll long-polls " + g.list.Schema.Name + " through c with the parameters p (nil: defaults; set a timeout) and dispatches every " + u + " on the worker pool until ctx is done. " +
		"Handlers run with a context that outlives ctx, carries c for Send and the bot's username (asked once through the service unless DispatchBotUsername is set).\n\n" +
		"No request confirms an " + u + " before its handler returned: each asks with the offset of the oldest one not handled yet (and does not wait on the service while some are outstanding; see DispatchMaxPending). " +
		"When ctx is done Poll stops fetching, waits for the handlers of every received " + u + " (queued ones included, at most the shutdown timeout), and confirms exactly the handled ones with a last request: " +
		"the service delivers the others again to the next poller. Errors back off as the Updates iterator does. " +
		"Asking the bot's own user (getMe) and fetching retry with a capped exponential back-off (1s, 2s, ... 30s; a 429's retry_after wins) on network errors, 5xx and 429, logged at level Warn through DispatchLogger. " +
		"Poll returns nil when ctx ends; an error when asking the bot's user fails for good (a bad token: 401), when fetching fails with an error not worth repeating (401, 404, 409: another poller or a webhook), or when the final confirmation fails; handler errors go to DispatchOnError.\n\n" +
		"The " + u + "s of a batch are decoded one by one, tolerantly (see Tolerated): one that still does not decode goes to DispatchOnUndecodable, is confirmed, and the rest of the batch is handled in order.")
	g.f.Func().Params(jen.Id("r").Op("*").Id("Router")).Id("Poll").Params(ctxParam(), jen.Id("c").Op("*").Id("Client"), jen.Id("p").Op("*").Id(lp.GoName)).Error().Block(append([]jen.Code{
		jen.If(jen.Id("c").Op("==").Nil()).Block(jen.Return(jen.Qual(pkgFmt, "Errorf").Call(jen.Lit("dispatch: Poll needs a Client")))),
		jen.List(jen.Id("name"), jen.Id("me"), jen.Err()).Op(":=").Id("r").Dot("core").Dot("identify").Call(jen.Id("ctx"), jen.Id("c"), jen.Id("dispatchMe").Call(jen.Id("c"))),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Id("call").Op(":=").Op("&").Id("dispatchCall").Values(jen.Dict{jen.Id("client"): jen.Id("c"), jen.Id("username"): jen.Id("name"), jen.Id("me"): jen.Id("me")}),
		jen.List(jen.Id("hctx"), jen.Id("cancel")).Op(":=").Qual(pkgContext, "WithCancel").Call(
			jen.Qual(pkgContext, "WithValue").Call(jen.Qual(pkgContext, "WithoutCancel").Call(jen.Id("ctx")), jen.Id("dispatchCtxKey").Values(), jen.Id("call"))),
		jen.Defer().Id("cancel").Call(),
		jen.Var().Id("base").Id(lp.GoName),
		jen.If(jen.Id("p").Op("!=").Nil()).Block(jen.Id("base").Op("=").Op("*").Id("p")),
		jen.Id("fetch").Op(":=").Func().Params(ctxParam(), jen.Id("off").Int64(), jen.List(jen.Id("have"), jen.Id("wait")).Bool()).Params(jen.Index().Id("clientItem").Types(jen.Id(u)), jen.Error()).Block(fetch...),
		jen.List(jen.Id("off"), jen.Id("ok")).Op(":=").Id("r").Dot("core").Dot("poll").Call(jen.Id("ctx"), jen.Id("hctx"), jen.Id("cancel"), jen.Id("c"), jen.Id("fetch")),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Id("r").Dot("core").Dot("pollErr"))),
	}, confirm...)...)
	g.f.Line()

	g.doc("Webhook returns an http.Handler for webhook deliveries (WebhookHandler with opts) that dispatches each " + u + " on the worker pool and waits for its handler: " +
		"the handler's first Send is the answer in the response body, further ones go through c (which may be nil when every handler sends at most once). " +
		"A handler's error goes to DispatchOnError and the delivery is still answered with success, as with Poll. " +
		"Deliveries are read as c reads answers (WebhookClient); one that does not decode goes to DispatchOnUndecodable and is answered with success.")
	g.f.Func().Params(jen.Id("r").Op("*").Id("Router")).Id("Webhook").Params(jen.Id("c").Op("*").Id("Client"), jen.Id("opts").Op("...").Id("WebhookOption")).Qual(pkgHTTP, "Handler").Block(
		jen.Id("s").Op(":=").Op("&").Id("dispatchServer").Types(jen.Id(u)).Values(jen.Dict{
			jen.Id("c"):    jen.Id("r").Dot("core"),
			jen.Id("pool"): jen.Id("newDispatchPool").Call(jen.Id("r").Dot("core")),
		}),
		jen.Id("me").Op(":=").Id("dispatchMe").Call(jen.Id("c")),
		jen.Return(jen.Id("WebhookHandler").Call(jen.Func().Params(ctxParam(), jen.Id("u").Add(g.updPtr())).Params(jen.Id("WebhookReply"), jen.Error()).Block(
			jen.List(jen.Id("name"), jen.Id("user"), jen.Err()).Op(":=").Id("r").Dot("core").Dot("identify").Call(jen.Id("ctx"), jen.Id("c"), jen.Id("me")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(jen.Id("s").Dot("serve").Call(jen.Id("ctx"), jen.Id("c"), jen.Id("name"), jen.Id("user"), jen.Id("u"))),
		), jen.Append(jen.Index().Id("WebhookOption").Values(jen.Id("WebhookClient").Call(jen.Id("c")), jen.Id("WebhookOnUndecodable").Call(jen.Id("r").Dot("core").Dot("cfg").Dot("onUndecodable"))), jen.Id("opts").Op("...")).Op("..."))),
	)
	g.f.Line()
	return nil
}

// contentPaths are the kinds whose object has a String field named wire.
func (g *gen) contentPaths(wire string) []*gomodel.Field {
	var out []*gomodel.Field
	for _, kf := range g.kind.Fields {
		if kf.Type.Kind != gomodel.Pointer || kf.Type.Elem.Kind != gomodel.Object {
			continue
		}
		f := kf.Type.Elem.Struct.Field(wire)
		if f == nil {
			continue
		}
		t := f.Type
		if t.Kind == gomodel.Opt {
			t = t.Elem
		}
		if t.Kind == gomodel.Scalar && t.Name == "string" && t.Enum == nil {
			out = append(out, kf)
		}
	}
	return out
}

func (g *gen) emitMiddleware() error {
	u := g.upd.GoName
	for _, n := range []string{"Recover", "Timeout", "Logging"} {
		if err := g.declare(n, "middleware"); err != nil {
			return err
		}
	}
	wrap := func(call jen.Code) *jen.Statement {
		return jen.Return(jen.Func().Params(jen.Id("next").Id("Handler")).Id("Handler").Block(jen.Return(call)))
	}
	g.doc("Recover turns a panic of the handlers it wraps into a *PanicError (with the stack), so that one bad " + u + " does not stop the bot.")
	g.f.Func().Id("Recover").Params().Id("Middleware").Block(wrap(jen.Id("dispatchRecover").Types(jen.Id(u)).Call(jen.Id("next"))))
	g.f.Line()
	g.doc("Timeout gives each " + u + " at most d: the handler's context is cancelled after d (handlers must watch it).")
	g.f.Func().Id("Timeout").Params(jen.Id("d").Qual(pkgTime, "Duration")).Id("Middleware").Block(wrap(jen.Id("dispatchTimeout").Types(jen.Id(u)).Call(jen.Id("d"), jen.Id("next"))))
	g.f.Line()
	g.doc("Logging logs every " + u + " through l (nil: slog.Default()) after it is handled: identifier, kind, chat, duration, and the error at level Error.")
	g.f.Func().Id("Logging").Params(jen.Id("l").Op("*").Qual(pkgSlog, "Logger")).Id("Middleware").Block(wrap(jen.Id("dispatchLogging").Types(jen.Id(u)).Call(jen.Id("l"), jen.Id("dispatchInfo"), jen.Id("next"))))
	g.f.Line()
	return nil
}

// ---------------------------------------------------------------- relations

// kindObjects are the distinct objects of the kinds, in kind order.
func (g *gen) kindObjects() []*gomodel.Struct {
	var out []*gomodel.Struct
	seen := map[*gomodel.Struct]bool{}
	for _, kf := range g.kind.Fields {
		b := kf.Type.Base()
		if b.Kind != gomodel.Object || b.Struct.Opaque || seen[b.Struct] {
			continue
		}
		seen[b.Struct] = true
		out = append(out, b.Struct)
	}
	return out
}

// relation is a helper of a kind object's referent (gomodel.Referent)
// as the backend emits it: what it fills is the model's decision
// (gomodel.Helper.Fills); the backend only writes it.
type relation struct {
	h *gomodel.Helper
	// via is the union the helpers take instead of *Object
	// (gomodel.Referent.Via), or nil.
	via *gomodel.Union
	// offered: the union offers the helper as a method too
	// (gomodel.Union.Offers).
	offered bool
}

// arg is the type of the object the relation's helpers take.
func (r *relation) arg(o *gomodel.Struct) *jen.Statement {
	if r.via != nil {
		return jen.Id(r.via.GoName)
	}
	return jen.Op("*").Id(o.GoName)
}

func (g *gen) emitRelations() error {
	for _, o := range g.kindObjects() {
		ref := o.Referent
		if ref == nil {
			continue
		}
		offered := ref.Via != nil && ref.Via.Offers == ref
		for _, h := range []*gomodel.Helper{&ref.Reply, &ref.Answer} {
			if len(h.Fills) == 0 && !offered {
				continue // a union offering it declares it in its interface
			}
			if err := g.emitRelation(o, &relation{h: h, via: ref.Via, offered: offered}); err != nil {
				return err
			}
		}
	}
	return nil
}

// fillBody is the body of a parameters struct's filler: each fill that
// is no quote, then the quote fills under "if quote".
func fillBody(fd *gomodel.Filled) []jen.Code {
	var body, quote []jen.Code
	for _, f := range fd.Fills {
		if f.Quote {
			quote = append(quote, fillCode(f))
		} else {
			body = append(body, fillCode(f))
		}
	}
	if len(quote) > 0 {
		body = append(body, jen.If(jen.Id("quote")).Block(quote...))
	}
	return body
}

// fillCode is "if p.<Param> is unset { p.<Param> = <value from o> }".
func fillCode(f gomodel.Fill) jen.Code {
	src := jen.Id("o")
	if f.From.Getter != "" {
		src = src.Dot(f.From.Getter).Call()
	} else {
		src = src.Dot(f.From.Field.GoName)
	}
	if f.From.ID != nil {
		src = src.Dot(f.From.ID.GoName)
	}
	val := src
	if f.Convert != "" {
		val = jen.Id(f.Convert).Call(src)
	}
	v := jen.Id("p").Dot(f.Param.GoName)
	unset := jen.Op("!").Add(v.Clone()).Dot("IsSet").Call()
	switch f.Kind {
	case gomodel.FillSome:
		val = jen.Id("Some").Call(val)
	case gomodel.FillCtor:
		val = jen.Id(f.Ctor).Call(val)
	case gomodel.FillSole:
		unset = v.Clone().Op("==").Nil()
		if f.SoleSome {
			val = jen.Id("Some").Call(val)
		}
		val = jen.Op("&").Id(f.Object.GoName).Values(jen.Id(f.Sole.GoName).Op(":").Add(val))
	default:
		zero := jen.Lit(0)
		if f.Param.Type.Name == "string" {
			zero = jen.Lit("")
		}
		unset = v.Clone().Op("==").Add(zero)
	}
	return jen.If(unset).Block(v.Clone().Op("=").Add(val))
}

func (g *gen) emitRelation(o *gomodel.Struct, r *relation) error {
	if err := g.declare(r.h.Params, "parameters "+r.h.Method+" takes"); err != nil {
		return err
	}
	for _, recv := range r.receivers(o) {
		st := o
		if recv != o.GoName {
			st = variantStruct(r.via, recv)
		}
		if st == nil {
			continue // the unknown variant: no fields, no other methods
		}
		if err := st.Scope.Declare(r.h.Method, "dispatch helper"); err != nil {
			return fmt.Errorf("dispatch: %s: %w", st.GoName, err)
		}
	}
	g.helpers = append(g.helpers, o.GoName+"."+r.h.Method)
	var names []string
	for _, fd := range r.h.Fills {
		names = append(names, fd.Params.GoName)
	}
	what := map[string]string{
		"Reply":  "sends p to the place of o (the ids of its required objects, such as its chat), referring to o where p has a parameter for that",
		"Answer": "calls the method of p about o itself (p takes o's identifier)",
	}[r.h.Method]
	g.doc(fmt.Sprintf("%s is a parameters struct %s.%s can fill: %s.", r.h.Params, o.GoName, r.h.Method, strings.Join(names, ", ")))
	g.f.Type().Id(r.h.Params).Interface(
		jen.Id("WebhookReply"),
		jen.Id(r.h.Filler).Params(r.arg(o), jen.Bool()),
	)
	g.f.Line()
	g.doc(fmt.Sprintf("%s %s: it fills the parameters of p that identify o and are unset (NoQuote: no reference to o), then sends p with Send (from a dispatcher handler only): in a webhook delivery the first Send is the answer in the response body, whose result the service does not report. "+
		"%s returns the method's result instead.", r.h.Method, what, r.h.Result))
	for i, recv := range r.receivers(o) {
		if i > 0 {
			g.doc(fmt.Sprintf("%s is %s.%s for any %s: the fields it reads are common to every variant.", r.h.Method, o.GoName, r.h.Method, r.via.GoName))
		}
		g.f.Func().Params(jen.Id("o").Op("*").Id(recv)).Id(r.h.Method).Params(ctxParam(), jen.Id("p").Id(r.h.Params), jen.Id("opts").Op("...").Id(gomodel.ReplyOption)).Error().Block(
			jen.Id("p").Dot(r.h.Filler).Call(jen.Id("o"), jen.Id("dispatchQuote").Call(jen.Id("opts"))),
			jen.Return(jen.Id("Send").Call(jen.Id("ctx"), jen.Id("p"))),
		)
		g.f.Line()
	}
	if err := g.emitResultFunc(o, r); err != nil {
		return err
	}
	for _, fd := range r.h.Fills {
		p := fd.Params
		if err := p.Scope.Declare(r.h.Filler, "dispatch helper"); err != nil {
			return fmt.Errorf("dispatch: %s: %w", p.GoName, err)
		}
		g.f.Func().Params(jen.Id("p").Op("*").Id(p.GoName)).Id(r.h.Filler).Params(jen.Id("o").Add(r.arg(o)), jen.Id("quote").Bool()).Block(fillBody(fd)...)
		g.f.Line()
		if b := fd.Builder; b != "" {
			// The same filling for code that sends p itself (a bot
			// without the router): one call whatever the version names
			// the reference (reply_to_message_id, reply_parameters).
			if err := p.Scope.Declare(b, "dispatch builder"); err != nil {
				return fmt.Errorf("dispatch: %s: %w", p.GoName, err)
			}
			g.doc(fmt.Sprintf("%s fills the parameters of p that send it to o's place and refer to o, where unset, as o.%s does, and returns p, for chaining.%s", b, r.h.Method, r.viaDoc(o)))
			g.f.Func().Params(jen.Id("p").Op("*").Id(p.GoName)).Id(b).Params(jen.Id("o").Add(r.arg(o))).Op("*").Id(p.GoName).Block(
				jen.Id("p").Dot(r.h.Filler).Call(jen.Id("o"), jen.True()),
				jen.Return(jen.Id("p")),
			)
			g.f.Line()
		}
		if err := g.emitCaller(p); err != nil {
			return err
		}
	}
	return nil
}
