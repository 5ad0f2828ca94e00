package dispatch

// The bot-library layer of the dispatcher: filters typed by the payload
// they read, commands from command entities, the result-returning reply
// helpers, the bot's own user from a handler's context, and the webhook
// set-up with retries and its secret token where the document has one.
// Derived like the rest of the backend (see the package comment):
//
//   - A content filter reads a String field of the kinds' objects (text,
//     data, query). It is a Filter of the one object that has the field,
//     or, when several kinds' objects have it, generic over exactly those
//     objects (QueryEqual[*InlineQuery]).
//   - Commands: an object with the command field (text) and an array of
//     entity objects (an object with an enum field type having the value
//     bot_command and integer offset and length fields) gets a Command
//     method reading the command entity at offset 0 with its arguments,
//     and the Command filter.
//   - Reply<Object>/Answer<Object>: generic over the result, for each
//     relation Reply and Answer of the kinds' objects; each parameters
//     struct involved gets dispatchCall, calling its method through a
//     Client.
//   - The webhook set-up method takes a required url and the update list
//     method's allowed_updates; Router.<Method> calls it with retries.
//   - The webhook secret: gomodel.Model.WebhookSecret (a parameter whose
//     description names the header it is sent back in).

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/naming"
)

// commandEntity is the value of the entity type field that marks a
// command, read by wire name like the content fields.
const commandEntity = "bot_command"

// emitFilterType emits Filter and And, Or, Not over the runtime's
// dispatchFilter.
func (g *gen) emitFilterType() error {
	for _, n := range []string{"Filter", "And", "Or", "Not"} {
		if err := g.declare(n, "filter"); err != nil {
			return err
		}
	}
	g.doc("Filter decides whether a route takes a value of type T: the payload of the route's kind (Filter[*Message] for OnMessage) or, for groups and OnUnknown, the whole update. " +
		"A filter of one type cannot be given to a route of another: the compiler rejects it. Filters compose with And, Or and Not; any func of this shape is one. Filters must not modify v.")
	g.f.Type().Id("Filter").Types(jen.Id("T").Any()).Op("=").Id("dispatchFilter").Types(jen.Id("T"))
	g.f.Line()
	fs := jen.Id("filters").Op("...").Id("Filter").Types(jen.Id("T"))
	g.doc("And accepts a value every filter accepts (no filters: true).")
	g.f.Func().Id("And").Types(jen.Id("T").Any()).Params(fs.Clone()).Id("Filter").Types(jen.Id("T")).Block(jen.Return(jen.Id("dispatchAnd").Call(jen.Id("filters").Op("..."))))
	g.f.Line()
	g.doc("Or accepts a value some filter accepts (no filters: false).")
	g.f.Func().Id("Or").Types(jen.Id("T").Any()).Params(fs.Clone()).Id("Filter").Types(jen.Id("T")).Block(jen.Return(jen.Id("dispatchOr").Call(jen.Id("filters").Op("..."))))
	g.f.Line()
	g.doc("Not accepts a value f rejects.")
	g.f.Func().Id("Not").Types(jen.Id("T").Any()).Params(jen.Id("f").Id("Filter").Types(jen.Id("T"))).Id("Filter").Types(jen.Id("T")).Block(jen.Return(jen.Id("dispatchNot").Call(jen.Id("f"))))
	g.f.Line()
	return nil
}

// updFilter is Filter[*Update].
func (g *gen) updFilter() *jen.Statement {
	return jen.Id("Filter").Types(g.updPtr())
}

// liftArg turns a route's payload filters into update filters.
func (g *gen) liftArg(kf *gomodel.Field) *jen.Statement {
	return jen.Id("dispatchLift").Call(jen.Id("filters"), jen.Func().Params(jen.Id("u").Add(g.updPtr())).Add(kf.Type.Jen()).Block(
		jen.Return(jen.Id("u").Dot(kf.GoName)),
	))
}

// contentObjects are the distinct objects (pointers) of the kinds that
// have a String field named wire, in kind order.
func (g *gen) contentObjects(wire string) []*gomodel.Struct {
	var out []*gomodel.Struct
	seen := map[*gomodel.Struct]bool{}
	for _, kf := range g.contentPaths(wire) {
		st := kf.Type.Elem.Struct
		if !seen[st] {
			seen[st] = true
			out = append(out, st)
		}
	}
	return out
}

// typeSet is the filter's result type and its type parameters: one
// object gives Filter[*O]; several give Filter[T] for T in their set.
func typeSet(objs []*gomodel.Struct) (types []jen.Code, filter *jen.Statement, names []string) {
	for _, o := range objs {
		names = append(names, "*"+o.GoName)
	}
	if len(objs) == 1 {
		return nil, jen.Id("Filter").Types(jen.Op("*").Id(objs[0].GoName)), names
	}
	var set []jen.Code
	for _, o := range objs {
		set = append(set, jen.Op("*").Id(o.GoName))
	}
	return []jen.Code{jen.Id("T").Union(set...)}, jen.Id("Filter").Types(jen.Id("T")), names
}

// accessor emits the function reading field wire of the objects.
func (g *gen) accessor(name, wire string, objs []*gomodel.Struct) error {
	if err := g.declare(name, "content accessor"); err != nil {
		return err
	}
	read := func(v *jen.Statement, o *gomodel.Struct) jen.Code {
		f := o.Field(wire)
		if f.Type.Kind == gomodel.Opt {
			return jen.Return(v.Dot(f.GoName).Dot("Get").Call())
		}
		return jen.Return(v.Dot(f.GoName), jen.True())
	}
	tps, _, names := typeSet(objs)
	g.f.Comment(fmt.Sprintf("%s reads the %s field of %s.", name, wire, strings.Join(names, ", ")))
	if tps == nil {
		g.f.Func().Id(name).Params(jen.Id("v").Op("*").Id(objs[0].GoName)).Params(jen.String(), jen.Bool()).Block(
			jen.If(jen.Id("v").Op("==").Nil()).Block(jen.Return(jen.Lit(""), jen.False())),
			read(jen.Id("v"), objs[0]),
		)
	} else {
		var cases []jen.Code
		for _, o := range objs {
			cases = append(cases, jen.Case(jen.Op("*").Id(o.GoName)).Block(
				jen.If(jen.Id("x").Op("!=").Nil()).Block(read(jen.Id("x"), o)),
			))
		}
		g.f.Func().Id(name).Types(tps...).Params(jen.Id("v").Id("T")).Params(jen.String(), jen.Bool()).Block(
			jen.Switch(jen.Id("x").Op(":=").Id("any").Call(jen.Id("v")).Assert(jen.Type())).Block(cases...),
			jen.Return(jen.Lit(""), jen.False()),
		)
	}
	g.f.Line()
	return nil
}

func (g *gen) emitTypedFilters() error {
	if err := g.emitFilterType(); err != nil {
		return err
	}
	for _, wire := range contentFields {
		objs := g.contentObjects(wire)
		if len(objs) == 0 {
			continue
		}
		W := naming.Exported(wire)
		acc := "dispatch" + W
		if err := g.accessor(acc, wire, objs); err != nil {
			return err
		}
		tps, ft, names := typeSet(objs)
		accRef := jen.Id(acc)
		if tps != nil {
			accRef = jen.Id(acc).Types(jen.Id("T"))
		}
		where := "the " + wire + " field of " + strings.Join(names, " or ")
		generic := ""
		if tps != nil {
			generic = " Instantiate it with the route's payload type (" + W + "Equal[" + names[0] + "](…))."
		}
		emit := func(name, doc string, params []jen.Code, call string, arg jen.Code) error {
			if err := g.declare(name, "filter on "+wire); err != nil {
				return err
			}
			g.doc(doc + generic)
			g.f.Func().Id(name).Types(tps...).Params(params...).Add(ft.Clone()).Block(jen.Return(jen.Id(call).Call(accRef.Clone(), arg)))
			g.f.Line()
			return nil
		}
		if err := emit(W+contentFilters[0], W+"Equal accepts a value when "+where+" is one of values.", []jen.Code{jen.Id("values").Op("...").String()}, "dispatchEqual", jen.Id("values")); err != nil {
			return err
		}
		if err := emit(W+contentFilters[1], W+"Prefix accepts a value when "+where+" starts with prefix.", []jen.Code{jen.Id("prefix").String()}, "dispatchPrefix", jen.Id("prefix")); err != nil {
			return err
		}
		if err := emit(W+contentFilters[2], W+"Regexp accepts a value when "+where+" matches re.", []jen.Code{jen.Id("re").Op("*").Qual(pkgRegexp, "Regexp")}, "dispatchRegexp", jen.Id("re")); err != nil {
			return err
		}
		if wire == commandField {
			if err := g.emitCommands(objs); err != nil {
				return err
			}
		}
	}
	return g.emitHelperFilters()
}

// entityField is an object's array of command-carrying entities: the
// field, the entity's type field and the constant of commands.
type entityField struct {
	field, typ, offset, length *gomodel.Field
	cnst                       string
}

func (g *gen) entities(o *gomodel.Struct) *entityField {
	for _, f := range o.Fields {
		if f.Type.Kind != gomodel.Slice || f.Type.Elem.Kind != gomodel.Object {
			continue
		}
		e := f.Type.Elem.Struct
		typ, off, ln := e.Field("type"), e.Field("offset"), e.Field("length")
		if typ == nil || off == nil || ln == nil || typ.Type.Kind != gomodel.Scalar || typ.Type.Enum == nil || !off.Type.IsInteger() || !ln.Type.IsInteger() {
			continue
		}
		for _, v := range typ.Type.Enum.Schema.Values {
			if v.Value == commandEntity {
				return &entityField{field: f, typ: typ, offset: off, length: ln, cnst: typ.Type.Enum.Const(v.Value)}
			}
		}
	}
	return nil
}

// emitCommands emits the Command method of each object with entities and
// the Command filter over them.
func (g *gen) emitCommands(objs []*gomodel.Struct) error {
	var withCmd []*gomodel.Struct
	for _, o := range objs {
		ef := g.entities(o)
		if ef == nil {
			continue
		}
		withCmd = append(withCmd, o)
		g.command = append(g.command, o.GoName)
		if err := o.Scope.Declare("Command", "dispatch helper"); err != nil {
			return fmt.Errorf("dispatch: %s: %w", o.GoName, err)
		}
		tf := o.Field(commandField)
		text := jen.List(jen.Id("text"), jen.Id("ok")).Op(":=").Id("o").Dot(tf.GoName).Dot("Get").Call()
		if tf.Type.Kind != gomodel.Opt {
			text = jen.List(jen.Id("text"), jen.Id("ok")).Op(":=").List(jen.Id("o").Dot(tf.GoName), jen.True())
		}
		g.doc(fmt.Sprintf("Command reads the command o starts with, from its %s: the entity of type %s at offset 0 (\"/start@quizbot deep link\": Name start, Bot quizbot, Args \"deep link\"). "+
			"A text that merely starts with a slash is no command. CommandCall.For tells whether it is addressed to this bot.", ef.field.Name, commandEntity))
		g.f.Func().Params(jen.Id("o").Op("*").Id(o.GoName)).Id("Command").Params().Params(jen.Id("CommandCall"), jen.Bool()).Block(
			jen.If(jen.Id("o").Op("==").Nil()).Block(jen.Return(jen.Id("CommandCall").Values(), jen.False())),
			text,
			jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Id("CommandCall").Values(), jen.False())),
			jen.For(jen.List(jen.Id("_"), jen.Id("e")).Op(":=").Range().Id("o").Dot(ef.field.GoName)).Block(
				jen.If(jen.Id("e").Dot(ef.typ.GoName).Op("==").Id(ef.cnst).Op("&&").Id("e").Dot(ef.offset.GoName).Op("==").Lit(0)).Block(
					jen.Return(jen.Id("dispatchCommandAt").Call(jen.Id("text"), jen.Int().Call(jen.Id("e").Dot(ef.length.GoName)))),
				),
			),
			jen.Return(jen.Id("CommandCall").Values(), jen.False()),
		)
		g.f.Line()
	}
	if len(withCmd) == 0 {
		return nil
	}
	if err := g.declare("Command", "filter on commands"); err != nil {
		return err
	}
	tps, ft, names := typeSet(withCmd)
	get := jen.Func().Params(jen.Id("v").Op("*").Id(withCmd[0].GoName)).Params(jen.Id("CommandCall"), jen.Bool()).Block(jen.Return(jen.Id("v").Dot("Command").Call()))
	if tps != nil {
		get = jen.Func().Params(jen.Id("v").Id("T")).Params(jen.Id("CommandCall"), jen.Bool()).Block(
			jen.Return(jen.Id("any").Call(jen.Id("v")).Assert(jen.Interface(jen.Id("Command").Params().Params(jen.Id("CommandCall"), jen.Bool()))).Dot("Command").Call()),
		)
	}
	g.doc("Command accepts " + strings.Join(names, " or ") + " when it starts with a command (its Command method) addressed to this bot (\"/start\" and \"/start@thisbot\", not \"/start@otherbot\") named one of names (\"start\" or \"/start\"; no names: any command). Read the arguments with the Command method.")
	g.f.Func().Id("Command").Types(tps...).Params(jen.Id("names").Op("...").String()).Add(ft).Block(
		jen.Return(jen.Id("dispatchCommand").Call(get, jen.Id("names"))),
	)
	g.f.Line()
	return nil
}

// emitHelperFilters emits the update filters of the kind accessor's
// helpers (Chat, Sender).
func (g *gen) emitHelperFilters() error {
	u := g.upd.GoName
	for _, h := range g.kind.Helpers {
		n := h.Method + "Matches"
		if err := g.declare(n, "filter on "+h.Method); err != nil {
			return err
		}
		g.doc(fmt.Sprintf("%s accepts an update whose %s (%s.%s) is set and satisfies pred. It is a filter of the whole update: give it to Group or OnUnknown.", n, h.Wire, u, h.Method))
		g.f.Func().Id(n).Params(jen.Id("pred").Func().Params(jen.Op("*").Id(h.GoType)).Bool()).Add(g.updFilter()).Block(
			jen.Return(jen.Func().Params(jen.Id("_").Qual(pkgContext, "Context"), jen.Id("u").Add(g.updPtr())).Bool().Block(
				jen.Id("x").Op(":=").Id("u").Dot(h.Method).Call(),
				jen.Return(jen.Id("x").Op("!=").Nil().Op("&&").Id("pred").Call(jen.Id("x"))),
			)),
		)
		g.f.Line()
		st := h.Struct
		if st == nil {
			continue
		}
		for _, f := range st.Fields {
			if !f.Required() || f.Type.Kind != gomodel.Scalar || f.Type.Enum == nil {
				continue
			}
			fn := g.made(h.Method+f.GoName+"Is", "filter on "+h.Method+"."+f.Name, f.Schema.Since, f.Schema.Source)
			g.doc(fmt.Sprintf("%s accepts an update whose %s's %s is one of values (a filter of the whole update: give it to Group or OnUnknown).", fn, h.Wire, f.Name))
			g.f.Func().Id(fn).Params(jen.Id("values").Op("...").Id(f.Type.Name)).Add(g.updFilter()).Block(
				jen.Return(jen.Func().Params(jen.Id("_").Qual(pkgContext, "Context"), jen.Id("u").Add(g.updPtr())).Bool().Block(
					jen.Id("x").Op(":=").Id("u").Dot(h.Method).Call(),
					jen.Return(jen.Id("x").Op("!=").Nil().Op("&&").Qual(pkgSlices, "Contains").Call(jen.Id("values"), jen.Id("x").Dot(f.GoName))),
				)),
			)
			g.f.Line()
		}
	}
	return nil
}

// resultOf is the Go result of a method as its client method returns it,
// and whether the client method returns only an error (a True result).
func resultOf(me *gomodel.Method) (*jen.Statement, bool) {
	t := me.Result
	switch {
	case t.Kind == gomodel.Scalar && t.Name == "True":
		return jen.Id("True"), true
	case t.Kind == gomodel.Object:
		return jen.Op("*").Id(t.Name), false
	}
	return t.Jen(), false
}

// emitCaller gives params struct p its dispatchCall (once).
func (g *gen) emitCaller(p *gomodel.Struct) error {
	if g.called == nil {
		g.called = map[*gomodel.Struct]bool{}
	}
	if g.called[p] || p.Method == nil {
		return nil
	}
	g.called[p] = true
	me := g.m.Method(p.Method.Name)
	if me == nil {
		return fmt.Errorf("dispatch: no method for %s", p.GoName)
	}
	if err := p.Scope.Declare("dispatchCall", "dispatch helper"); err != nil {
		return fmt.Errorf("dispatch: %s: %w", p.GoName, err)
	}
	res, onlyErr := resultOf(me)
	call := jen.Id("c").Dot(me.GoName).Call(jen.Id("ctx"), jen.Id("p"))
	body := jen.Return(call)
	if onlyErr {
		body = jen.Return(jen.Id("True").Values(), call)
	}
	g.f.Func().Params(jen.Id("p").Op("*").Id(p.GoName)).Id("dispatchCall").Params(ctxParam(), jen.Id("c").Op("*").Id("Client")).Params(res, jen.Error()).Block(body)
	g.f.Line()
	return nil
}

// emitResultFunc emits <Name><Object>, the relation's helper returning the
// method's result.
func (g *gen) emitResultFunc(o *gomodel.Struct, r *relation) error {
	if err := g.declare(r.h.Result, "dispatch helper "+o.GoName+"."+r.h.Method); err != nil {
		return err
	}
	g.results = append(g.results, r.h.Result)
	g.doc(fmt.Sprintf("%s fills p from o as o.%s does (NoQuote: no reference to o), calls p's method through the handler's Client (ClientFrom) and returns its result as the Client's method does (True for methods whose only result is success). "+
		"It works in webhook deliveries too (as a call, not as the answer in the body).%s", r.h.Result, r.h.Method, r.viaDoc(o)))
	g.f.Func().Id(r.h.Result).Types(jen.Id("R").Any()).Params(ctxParam(), jen.Id("o").Add(r.arg(o)),
		jen.Id("p").Interface(jen.Id(r.h.Params), jen.Id("dispatchCall").Params(jen.Qual(pkgContext, "Context"), jen.Op("*").Id("Client")).Params(jen.Id("R"), jen.Error())),
		jen.Id("opts").Op("...").Id("ReplyOption"),
	).Params(jen.Id("R"), jen.Error()).Block(
		jen.Id("p").Dot(r.h.Filler).Call(jen.Id("o"), jen.Id("dispatchQuote").Call(jen.Id("opts"))),
		jen.Return(jen.Id("dispatchDo").Call(jen.Id("ctx"), jen.Id("p"))),
	)
	g.f.Line()
	return nil
}

// webhookMethod is the method setting a webhook: a required String url
// and the update list method's allowed_updates.
func (g *gen) webhookMethod() *gomodel.Method {
	au := g.list.Params.Field("allowed_updates")
	if au == nil {
		return nil
	}
	for _, me := range g.m.Methods {
		if me == g.list || me.Params == nil {
			continue
		}
		url, a := me.Params.Field("url"), me.Params.Field("allowed_updates")
		if url != nil && url.Required() && url.Type.Kind == gomodel.Scalar && url.Type.Name == "string" && a != nil && a.Type.String() == au.Type.String() {
			return me
		}
	}
	return nil
}

// emitBotLib emits BotUser, the webhook set-up and the secret token
// option.
func (g *gen) emitBotLib() error {
	if me, _ := g.meMethod(); me != nil {
		if err := g.declare("BotUser", "dispatch helper"); err != nil {
			return err
		}
		g.botUser = true
		t := me.Result.Name
		g.doc(fmt.Sprintf("BotUser is the bot's own %s, as %s answered when Poll or Webhook started, in a handler's context (nil outside a handler, or when DispatchBotUsername spared the call).", t, me.Schema.Name))
		g.f.Func().Id("BotUser").Params(ctxParam()).Op("*").Id(t).Block(
			jen.List(jen.Id("u"), jen.Id("_")).Op(":=").Id("dispatchMeFrom").Call(jen.Id("ctx")).Assert(jen.Op("*").Id(t)),
			jen.Return(jen.Id("u")),
		)
		g.f.Line()
	}
	if wm := g.webhookMethod(); wm != nil {
		if err := g.rscope.Declare(wm.GoName, "webhook set-up"); err != nil {
			return fmt.Errorf("dispatch: %w", err)
		}
		g.setup = wm.GoName
		_, onlyErr := resultOf(wm)
		call := jen.Id("c").Dot(wm.GoName).Call(jen.Id("ctx"), jen.Id("p"))
		var body jen.Code = jen.Return(call)
		if !onlyErr {
			body = jen.Block(jen.List(jen.Id("_"), jen.Err()).Op(":=").Add(call), jen.Return(jen.Err()))
		}
		g.doc(fmt.Sprintf("%s calls %s through c with p, retrying with a capped exponential back-off (1s, 2s, ... 30s; a 429's retry_after wins) on network errors, 5xx and 429, logged through DispatchLogger, until it succeeds, fails for good or ctx ends. Call it before serving Webhook.", wm.GoName, wm.Schema.Name))
		g.f.Func().Params(jen.Id("r").Op("*").Id("Router")).Id(wm.GoName).Params(ctxParam(), jen.Id("c").Op("*").Id("Client"), jen.Id("p").Op("*").Id(wm.Params.GoName)).Error().Block(
			jen.Return(jen.Id("r").Dot("core").Dot("retry").Call(jen.Id("ctx"), jen.Id("c"), jen.Lit(wm.Schema.Name), jen.Func().Params(ctxParam()).Error().Block(body))),
		)
		g.f.Line()
	}
	if ws := g.m.WebhookSecret(); ws != nil {
		if err := g.declare("WebhookSecretToken", "webhook secret"); err != nil {
			return err
		}
		g.secret = true
		g.doc(fmt.Sprintf("WebhookSecretToken makes the webhook handler (WebhookHandler, Router.Webhook) answer 401 to deliveries whose %s header is not token: pass the same token as %s's %s (%s.%s), so that only the service can deliver.", ws.Header, ws.Method.Schema.Name, ws.Param.Name, ws.Method.Params.GoName, ws.Param.GoName))
		g.f.Func().Id("WebhookSecretToken").Params(jen.Id("token").String()).Id("WebhookOption").Block(
			jen.Return(jen.Func().Params(jen.Id("c").Op("*").Id("clientWebhookConfig")).Block(
				jen.List(jen.Id("c").Dot("secretHeader"), jen.Id("c").Dot("secretToken")).Op("=").List(jen.Lit(ws.Header), jen.Id("token")),
			)),
		)
		g.f.Line()
	}
	return nil
}
