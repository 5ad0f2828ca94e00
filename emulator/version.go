package emulator

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
	"github.com/apigen/apigen/schema"
)

// Serving another version (issue 33; README, "Every version"). The
// stateful core is typed Go written against the package generated from
// the seed. A version generated from another document is served by a
// front driven at run time by the two schemas, the version's and the
// core's:
//
//  1. the version's own generated server, over its Unimplemented,
//     validates the request as strictly as the user's server does (its
//     not-implemented hook, Validated, says the request is valid);
//  2. a method the core serves (by name, or under the name it had in the
//     core's version: see pairNames) gets the request translated into the
//     core's shapes, and the core's answer translated back into the
//     version's result type;
//  3. any other method of the version is answered with a deterministic
//     result of its type from the version's schema (synth), where the
//     chat, user and message its parameters name are the held ones.
//
// The translation is read from the two schemas, never typed for one
// version: a field one side lacks pairs with the other side's field of
// the same type and a similar name (thumb, thumbnail); an object
// parameter the core lacks spreads into the core's flat parameters named
// like its fields (reply_parameters' message_id into reply_to_message_id);
// an array of objects whose only required field is a String becomes an
// array of Strings (InputPollOption); a field the version requires and
// the core's answer lacks gets the synthesized value; a union of the
// version picks the variant the core's value fits.

// Validated tells the version front that the version's server found the
// request of ctx valid: give it to the version's generated server as
// botapiserver.WithNotImplementedHook(emulator.Validated), over its
// Unimplemented. A request the server answers without calling it is
// answered as the server answered it.
func Validated(ctx context.Context, method string) {
	if v, ok := ctx.Value(validKey{}).(*validFlag); ok {
		v.Store(true)
	}
}

// validFlag is set by Validated for the request being checked.
type validFlag struct{ atomic.Bool }

type validKey struct{}

// Version is an API version, other than the core's, that the emulator
// serves: its schema, its generated Service interface (the lenient
// front's shapes) and its generated server over its Unimplemented with
// WithNotImplementedHook(Validated), the strict front, called without
// HTTP (its Caller, its API errors given as APIError).
type Version struct {
	Schema  *schema.Schema
	Service reflect.Type
	Strict  Caller
}

// Caller is a generated server called without HTTP (a generated server
// package's Caller): the front hands it a request it has read, and gets
// the result or the server's refusal.
type Caller interface {
	Call(ctx context.Context, token, method, query, contentType string, body io.Reader) (json.RawMessage, error)
}

// CallerFunc is a function that is a Caller.
type CallerFunc func(ctx context.Context, token, method, query, contentType string, body io.Reader) (json.RawMessage, error)

// Call calls c.
func (c CallerFunc) Call(ctx context.Context, token, method, query, contentType string, body io.Reader) (json.RawMessage, error) {
	return c(ctx, token, method, query, contentType, body)
}

// APIError is the error a version's Caller returns for its server's API
// error (code and description): each version's package has its own
// error type, and the front answers this one.
func APIError(code int, description string) error {
	return &botapi.Error{Code: code, Description: description}
}

// versionFront serves a Version over the core.
type versionFront struct {
	e       *Emulator
	v, core *schema.Schema
	strict  Caller
	// call reaches the core's methods; coreH, the core's HTTP handler,
	// serves what is not a method call (file downloads).
	call   Caller
	coreH  http.Handler
	vs     synth
	vl, cl *lookup
	plans  sync.Map
	// maxBody bounds a body's text (JSON, form, multipart text parts),
	// maxUpload its uploads; budget the text held across requests.
	maxBody, maxUpload int64
	budget             *byteBudget
	// relaxing: whether relaxed has anything to do for a method.
	relaxing sync.Map
	// keeping: whether keepParams has work for a method.
	keeping sync.Map
	// flagsKept counts the calls that kept flags (keptFlags).
	flagsKept atomic.Int64
	// coreName is the core's name of each version method the core
	// serves, by the version's lower-case name.
	coreName map[string]string
	// fam are the version's methods the front acts on (families.go),
	// state what they hold.
	fam   families
	state *frontState
	// msgName and coreMsg name the Message type (what sendMessage
	// returns) in the version and in the core.
	msgName, coreMsg string
	// enums are the core's enums by name (coreEnum).
	enums        map[string]*schema.Enum
	enumsOnce    sync.Once
	enumParamsOf sync.Map // by *schema.Method: enumParams
}

func newVersionFront(e *Emulator, v *Version, core *schema.Schema, call Caller, coreH http.Handler, maxBody int64) *versionFront {
	f := &versionFront{e: e, v: v.Schema, core: core, strict: v.Strict, call: call, coreH: coreH, vs: synth{v.Schema},
		vl: newLookup(v.Schema), cl: newLookup(core), maxBody: maxBody, coreName: map[string]string{}}
	coreBy := map[string]*schema.Method{}
	for _, m := range core.Methods {
		coreBy[strings.ToLower(m.Name)] = m
	}
	var vOnly, cOnly []string
	vBy := map[string]*schema.Method{}
	for _, m := range v.Schema.Methods {
		vBy[strings.ToLower(m.Name)] = m
		if coreBy[strings.ToLower(m.Name)] != nil {
			f.coreName[strings.ToLower(m.Name)] = m.Name
		} else {
			vOnly = append(vOnly, m.Name)
		}
	}
	for _, m := range core.Methods {
		if vBy[strings.ToLower(m.Name)] == nil {
			cOnly = append(cOnly, m.Name)
		}
	}
	// A method renamed between the versions (kickChatMember,
	// banChatMember): same result type, similar name.
	for a, b := range pairNames(vOnly, cOnly, func(a, b string) bool {
		return vBy[strings.ToLower(a)].Returns.String() == coreBy[strings.ToLower(b)].Returns.String()
	}) {
		f.coreName[strings.ToLower(a)] = b
	}
	// Methods outside the core's document that the core serves anyway
	// (deleteMessage, stopPoll: see outsideMethods) keep their names.
	for _, m := range v.Schema.Methods {
		if _, ok := f.coreName[strings.ToLower(m.Name)]; !ok && e.servesOutside(m.Name) {
			f.coreName[strings.ToLower(m.Name)] = m.Name
		}
	}
	if m := f.vl.methods["sendmessage"]; m != nil {
		f.msgName = m.Returns.Name
	}
	if m := f.cl.methods["sendmessage"]; m != nil {
		f.coreMsg = m.Returns.Name
	}
	f.fam = newFamilies(f.vl, f.cl, f.coreName, f.msgName)
	f.state = newFrontState()
	return f
}

// versioned serves v over the core, called through call (its handler
// coreH serves the downloads): the lenient front with v's shapes, then
// the version front.
func (e *Emulator) versioned(v *Version, call Caller, coreH http.Handler) http.Handler {
	sy, err := seedSynth()
	if err != nil {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			writeAPIError(w, http.StatusInternalServerError, "Internal Server Error: the core's schema did not load: "+err.Error())
		})
	}
	// The body is read once to be validated, then translated, within the
	// core's bounds (body.go): its text 1 MiB (the generated server's
	// body bound), its uploads 50 MiB in cloud mode, 2000 MiB local,
	// streamed into a temporary file; the text held in memory across
	// requests at most frontBudget.
	f := newVersionFront(e, v, sy.s, call, coreH, 1<<20)
	f.maxUpload = 50 << 20
	if e.cfg.Local {
		f.maxUpload = 2000 << 20
	}
	f.budget = &byteBudget{max: frontBudget}
	e.frontBudget = f.budget
	e.front = f
	if cu, vu := updateType(sy.s), updateType(v.Schema); cu.Name != "" && vu.Name != "" {
		e.shapeUpdate = func(b []byte) []byte { return f.toVersionJSON(b, cu, vu) }
	}
	e.shapeControl = f.controlAnswer
	return lenient(f, 1<<20, shapesOf(v.Service))
}

// updateType is the type of what getUpdates returns a list of.
func updateType(s *schema.Schema) schema.Type {
	if m := (synth{s}).method("getUpdates"); m != nil && m.Returns.IsArray() {
		return *m.Returns.Elem
	}
	return schema.Type{}
}

func (f *versionFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, isBot := strings.CutPrefix(r.URL.Path, "/bot")
	i := strings.LastIndexByte(rest, '/')
	if !isBot || i < 0 {
		f.coreH.ServeHTTP(w, r)
		return
	}
	token, method := rest[:i], rest[i+1:]
	body, err := readFrontBody(r, f.maxBody, f.maxUpload, f.budget, f.e.cfg.FilesDir)
	defer body.Close() // the body read, not the relaxed or translated ones made from it
	switch {
	case errors.Is(err, errBodyTooLarge):
		writeAPIError(w, http.StatusRequestEntityTooLarge, "Request Entity Too Large")
		return
	case errors.Is(err, errBudget):
		w.Header().Set("Retry-After", "1")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusTooManyRequests)
		w.Write(encodeJSON(map[string]any{"ok": false, "error_code": http.StatusTooManyRequests, "description": errBudget.Error(),
			"parameters": map[string]any{"retry_after": 1}}))
		return
	case err != nil:
		writeAPIError(w, http.StatusBadRequest, "Bad Request: "+err.Error())
		return
	}
	f.serveCall(w, r, token, method, body)
}

// serveCall answers a call of method for token with the body read (r
// gives the context and the query).
func (f *versionFront) serveCall(w http.ResponseWriter, r *http.Request, token, method string, body *frontBody) {
	vm := f.vl.methods[strings.ToLower(method)]
	if vm != nil {
		body = f.relaxed(vm, body)
	}
	var valid validFlag
	raw, err := f.strict.Call(context.WithValue(r.Context(), validKey{}, &valid), token, method, r.URL.RawQuery, body.ct, body.callReader())
	if !valid.Load() || vm == nil {
		f.writeStrict(w, raw, err)
		return
	}
	if f.family(w, r, token, vm, body) {
		return
	}
	coreName, ok := f.coreName[strings.ToLower(method)]
	if !ok {
		f.synthesize(w, r.Context(), token, vm, r.URL.RawQuery, body)
		return
	}
	cm := f.cl.methods[strings.ToLower(coreName)]
	q, cbody := r.URL.RawQuery, body
	var std standInsMade
	if cm != nil {
		q, cbody = f.toCore(vm, cm, q, body, &std)
	}
	raw, err = f.callCore(w, r.Context(), token, coreName, q, cbody)
	if err != nil {
		writeCallError(w, err)
		return
	}
	var result any
	if cm == nil || !decodeJSON(raw, &result) {
		writeResult(w, raw)
		return
	}
	var vparams map[string]any
	params := func() map[string]any {
		if vparams == nil {
			vparams = f.typed(vm, body.params(r.URL.RawQuery))
		}
		return vparams
	}
	kept := f.keptFlags(token, vm, cm, params)
	if cm.Returns.Name == f.coreMsg && !cm.Returns.IsArray() && body.mentions(r.URL.RawQuery, f.keepsParams(vm, cm)) {
		if m, ok := result.(map[string]any); ok {
			chat, _ := intOf(at(m, "chat", "id"))
			id, _ := intOf(m["message_id"])
			bot, _ := strconv.ParseInt(token[:max(strings.IndexByte(token, ':'), 0)], 10, 64)
			f.keepParams(bot, chat, id, vm, cm, params())
		}
	}
	if len(std.changed) > 0 {
		f.putBack(token, cm, result, std.params, std.changed, true)
	}
	res := f.toVersion(result, cm.Returns, vm.Returns, 0)
	if o, ok := res.(map[string]any); ok {
		for k, x := range kept {
			if _, has := o[k]; has {
				o[k] = x
			}
		}
	}
	writeResult(w, res)
}

// writeStrict answers what the version's server answered a request it
// did not accept, a refusal's description in the reference's words.
func (f *versionFront) writeStrict(w http.ResponseWriter, raw json.RawMessage, err error) {
	if err == nil {
		writeResult(w, raw)
		return
	}
	var e *botapi.Error
	if errors.As(err, &e) && e != nil && e.Code == http.StatusBadRequest {
		c := *e
		c.Description = f.referenceWording(e.Description)
		err = &c
	}
	writeCallError(w, err)
}

// callCore calls the core's method for token with the parameters of
// query and body (a request in the core's shapes) and returns the
// result's JSON, or the core's refusal. A call the core declines
// (botapiserver.ErrNotImplemented: it was valid) has the seed's
// synthesized result, marked a placeholder on w.
func (f *versionFront) callCore(w http.ResponseWriter, ctx context.Context, token, method, query string, body *frontBody) (json.RawMessage, error) {
	raw, err := f.call.Call(ctx, token, method, query, body.ct, body.callReader())
	if !errors.Is(err, botapiserver.ErrNotImplemented) {
		return raw, err
	}
	if res, ok := (synth{f.core}).result(method); ok {
		f.e.placeholders.Add(1)
		w.Header().Set(PlaceholderHeader, method)
		return res, nil
	}
	return nil, err
}

// writeCallError answers err, what the core's Call gave, as the core's
// handler answers it: an API error as it is, anything else 500.
func writeCallError(w http.ResponseWriter, err error) {
	var e *botapi.Error
	if !errors.As(err, &e) || e == nil || e.Code < 400 || e.Code > 599 {
		writeAPIError(w, http.StatusInternalServerError, "Internal Server Error")
		return
	}
	writeError(w, e)
}

// writeError answers the API error e with its parameters (a 429 also
// sets Retry-After).
func writeError(w http.ResponseWriter, e *botapi.Error) {
	a := map[string]any{"ok": false, "error_code": e.Code, "description": cmp.Or(e.Description, http.StatusText(e.Code))}
	p := map[string]any{}
	if e.MigrateToChatID != 0 {
		p["migrate_to_chat_id"] = e.MigrateToChatID
	}
	if e.RetryAfter > 0 {
		p["retry_after"] = e.RetryAfter
		w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	if len(p) > 0 {
		a["parameters"] = p
	}
	b := encodeJSON(a)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(e.Code)
	w.Write(b)
}

func writeResult(w http.ResponseWriter, res any) {
	var b bytes.Buffer
	b.WriteString(`{"ok":true,"result":`)
	b.Write(encodeJSON(res))
	b.WriteString("}")
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(http.StatusOK)
	w.Write(b.Bytes())
}

func writeAPIError(w http.ResponseWriter, code int, desc string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(encodeJSON(map[string]any{"ok": false, "error_code": code, "description": desc}))
}

// ---------------------------------------------------------------- synthesized methods

// synthesize answers a method of the version the core does not serve:
// the bot must be admitted (as for every method), then the result is the
// synthesized one with the held chat, user and message its parameters
// name in place of the synthesized ones.
func (f *versionFront) synthesize(w http.ResponseWriter, ctx context.Context, token string, m *schema.Method, query string, body *frontBody) {
	if !f.e.authorize(ctx, token) {
		writeAPIError(w, http.StatusUnauthorized, "Unauthorized")
		return
	}
	params := body.params(query)
	res := f.vs.value(m.Returns, nil, 0)
	if o, ok := res.(map[string]any); ok {
		f.fillHeld(ctx, token, o, m.Returns, params)
	}
	f.e.placeholders.Add(1)
	w.Header().Set(PlaceholderHeader, m.Name)
	writeResult(w, res)
}

// fillHeld puts into o, a result of type t, the held things its
// parameters name: a parameter X_id names the X of the result (chat_id
// the chat, user_id the user, message_id the message), and a result field
// X_id takes the parameter's value.
func (f *versionFront) fillHeld(ctx context.Context, token string, o map[string]any, t schema.Type, params map[string]string) {
	obj := f.v.Object(t.Name)
	if obj == nil {
		return
	}
	for _, fl := range obj.Fields {
		if v, ok := params[fl.Name]; ok && strings.HasSuffix(fl.Name, "_id") {
			if n, err := strconv.ParseInt(v, 10, 64); err == nil && isNumberType(fl.Type) {
				o[fl.Name] = json.Number(strconv.FormatInt(n, 10))
			} else if fl.Type.Name == schema.String {
				o[fl.Name] = v
			}
		}
	}
	for _, fl := range obj.Fields {
		if fl.Type.IsArray() || f.v.Object(fl.Type.Name) == nil {
			continue
		}
		held, htype := f.held(ctx, token, fl.Name, params)
		if held != nil {
			o[fl.Name] = f.toVersion(held, htype, fl.Type, 0)
		}
	}
}

// held is the thing the emulator holds that the parameters name under
// kind ("chat", "user", "message") as the bot sees it, in the core's
// shape, with its core type; nil when none.
func (f *versionFront) held(ctx context.Context, token, kind string, params map[string]string) (any, schema.Type) {
	id, ok := params[kind+"_id"]
	if !ok {
		return nil, schema.Type{}
	}
	switch kind {
	case "chat":
		// The core's own getChat: the bot sees only the chats it may.
		var res any
		if raw, err := f.call.Call(ctx, token, "getChat", "chat_id="+url.QueryEscape(id), "", nil); err == nil && decodeJSON(raw, &res) {
			if m := (synth{f.core}).method("getChat"); m != nil {
				return res, m.Returns
			}
		}
	case "user":
		n, err := strconv.ParseInt(id, 10, 64)
		if u := f.e.user(n); err == nil && u != nil {
			if b, err := u.MarshalJSON(); err == nil {
				var v any
				if decodeJSON(b, &v) {
					return v, schema.Named(reflect.TypeOf(*u).Name())
				}
			}
		}
	case "message":
		chatID, ok := params["chat_id"]
		n, err := strconv.ParseInt(id, 10, 64)
		if !ok || err != nil {
			return nil, schema.Type{}
		}
		if m, name := f.e.heldMessage(token, chatID, n); m != nil {
			var v any
			if decodeJSON(m, &v) {
				return v, schema.Named(name)
			}
		}
	}
	return nil, schema.Type{}
}

func isNumberType(t schema.Type) bool {
	return !t.IsArray() && (t.Name == schema.Integer || t.Name == schema.Integer64 || t.Name == schema.Float)
}

// ---------------------------------------------------------------- requests: version -> core

// toCore rewrites a request of the version's method vm into the core's
// method cm: the query and the body.
func (f *versionFront) toCore(vm, cm *schema.Method, query string, body *frontBody, std *standInsMade) (string, *frontBody) {
	tr := translator{from: f.vl, to: f.cl, plans: &f.plans}
	if v, err := url.ParseQuery(query); err == nil && query != "" {
		query = tr.form(v, vm.Params, cm.Params).Encode()
	}
	if body.multipart() {
		o := tr.object(body.textParams(), vm.Params, cm.Params, true, 0)
		return query, body.withTexts(f.withStandIns(cm, o, true, std), tr.renames(vm.Params, cm.Params))
	}
	// The body is read as the generated server reads it: by its content
	// type, a JSON object when there is none and it starts with "{"; any
	// other body ("null", empty) carries no parameter and stays as it is.
	mt, _, _ := mime.ParseMediaType(body.ct)
	t := bytes.TrimLeft(body.raw, " \t\r\n")
	isJSON := mt == "application/json" || strings.HasSuffix(mt, "+json") || mt == "" && len(t) > 0 && t[0] == '{'
	out := &frontBody{ct: body.ct, raw: body.raw, budget: body.budget}
	switch {
	case isJSON:
		var v map[string]any
		if len(t) > 0 && t[0] == '{' && decodeJSON(body.raw, &v) {
			// A JSON body may carry an object or array parameter as its
			// JSON text in a string (telebot's options): text is true.
			o := tr.object(v, vm.Params, cm.Params, true, 0)
			out.raw = encodeJSON(f.withStandIns(cm, o, true, std))
		}
	case mt == "application/x-www-form-urlencoded" || mt == "" && len(t) > 0:
		if v, err := url.ParseQuery(string(body.raw)); err == nil {
			out.raw = []byte(formOf(f.withStandIns(cm, tr.formParams(v, vm.Params, cm.Params), true, std)).Encode())
		}
	}
	return query, out
}

// translator turns values of one schema's types into another's.
type translator struct {
	from, to *lookup
	// plans holds the pairing of each pair of field lists (renames),
	// computed on first use: a request or answer translates the same
	// objects again and again.
	plans *sync.Map
	// fill: a field the target requires and the value lacks gets the
	// synthesized value (answers to the version; requests to the core
	// stay as the client sent them).
	fill bool
	// held, for values of type heldType (the version's Message), adds
	// what the emulator holds beyond the core's value (out from in).
	held     func(in, out map[string]any)
	heldType string
}

// form translates form values (objects and arrays as JSON text).
func (tr translator) form(v url.Values, from, to []*schema.Field) url.Values {
	return formOf(tr.formParams(v, from, to))
}

// formParams translates form values into the target's parameters.
func (tr translator) formParams(v url.Values, from, to []*schema.Field) map[string]any {
	m := map[string]any{}
	for k := range v {
		m[k] = v.Get(k)
	}
	return tr.object(m, from, to, true, 0)
}

// formOf is parameters as form values (objects and arrays as JSON text).
func formOf(params map[string]any) url.Values {
	out := url.Values{}
	for k, x := range params {
		switch s := x.(type) {
		case string:
			out.Set(k, s)
		case json.Number:
			out.Set(k, string(s))
		default:
			out.Set(k, string(encodeJSON(s)))
		}
	}
	return out
}

// it.
func isUpload(p *multipart.Part) bool {
	_, params, err := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
	_, has := params["filename"]
	return err == nil && has
}

// plan is how one list of fields becomes another.
type plan struct {
	fromBy, toBy map[string]*schema.Field
	rename       map[string]string
	// gather: a target field (an object or union) the source lacks,
	// gathered from the source's flat fields sharing its prefix, by
	// member (answers only: forward_origin from forward_from,
	// forward_date, …).
	gather map[string]map[string]gathered
}

// gathered is the source field a member is gathered from.
type gathered struct {
	from       string
	fromT, toT schema.Type
}

type planKey struct {
	from, to   *schema.Field
	nfrom, nto int
}

// plan is the plan of from into to, computed once.
func (tr translator) plan(from, to []*schema.Field) *plan {
	var k planKey
	if len(from) > 0 {
		k.from = from[0]
	}
	if len(to) > 0 {
		k.to = to[0]
	}
	k.nfrom, k.nto = len(from), len(to)
	if tr.plans != nil {
		if p, ok := tr.plans.Load(k); ok {
			return p.(*plan)
		}
	}
	p := &plan{fromBy: fieldsBy(from), toBy: fieldsBy(to), rename: tr.renames(from, to)}
	p.gather = tr.gathers(p)
	if tr.plans != nil {
		tr.plans.Store(k, p)
	}
	return p
}

// gathers pairs each object or union field only the target has with the
// source's flat fields named with its prefix (the part of its name up to
// its first "_", forward_ of forward_origin) that the target lacks: a
// member takes the one such field of its type, else the one ending in
// _<member>, else the one whose rest is similar to the member's name.
func (tr translator) gathers(p *plan) map[string]map[string]gathered {
	renamed := map[string]bool{}
	for a, b := range p.rename {
		renamed[a], renamed[b] = true, true
	}
	var out map[string]map[string]gathered
	for name, t := range p.toBy {
		i := strings.IndexByte(name, '_')
		if p.fromBy[name] != nil || renamed[name] || t.Type.IsArray() || i < 0 {
			continue
		}
		members := tr.membersOf(t.Type.Name)
		if members == nil {
			continue
		}
		prefix := name[:i+1]
		var flat []*schema.Field
		for fn, f := range p.fromBy {
			if strings.HasPrefix(fn, prefix) && p.toBy[fn] == nil && !renamed[fn] {
				flat = append(flat, f)
			}
		}
		g := map[string]gathered{}
		for _, mb := range members {
			var same, ending, like []*schema.Field
			for _, f := range flat {
				if !sameNamedType(f.Type, mb.Type) {
					continue
				}
				same = append(same, f)
				if strings.HasSuffix(f.Name, "_"+mb.Name) {
					ending = append(ending, f)
				}
				if similar(mb.Name, strings.TrimPrefix(f.Name, prefix)) {
					like = append(like, f)
				}
			}
			for _, c := range [][]*schema.Field{same, ending, like} {
				if len(c) == 1 {
					g[mb.Name] = gathered{from: c[0].Name, fromT: c[0].Type, toT: mb.Type}
					break
				}
			}
		}
		if len(g) > 0 {
			if out == nil {
				out = map[string]map[string]gathered{}
			}
			out[name] = g
		}
	}
	return out
}

// membersOf are the fields of the target's object name, or of every
// variant of its union name (the discriminator left out), nil otherwise.
func (tr translator) membersOf(name string) []*schema.Field {
	if o := tr.to.Object(name); o != nil {
		return o.Fields
	}
	u := tr.to.Union(name)
	if u == nil {
		return nil
	}
	var out []*schema.Field
	seen := map[string]bool{u.Discriminator: true}
	for _, v := range u.Variants {
		if o := tr.to.Object(v.Type.Name); o != nil {
			for _, f := range o.Fields {
				if !seen[f.Name] {
					seen[f.Name] = true
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// sameNamedType: the same type, by name (objects too).
func sameNamedType(a, b schema.Type) bool {
	return a.String() == b.String()
}

// gather builds the target field name from the source's flat fields g
// names: the object, or the union variant the members fit best (every
// required member present, the most members used).
func (tr translator) gather(m map[string]any, name string, g map[string]gathered, t schema.Type, depth int) (map[string]any, bool) {
	in := map[string]any{}
	for member, src := range g {
		if x, ok := m[src.from]; ok && x != nil {
			in[member] = tr.value(x, src.fromT, src.toT, depth+1)
		}
	}
	if len(in) == 0 {
		return nil, false
	}
	if tr.to.Object(t.Name) != nil {
		return in, true
	}
	u := tr.to.Union(t.Name)
	var best *schema.Variant
	bestN := -1
	for _, v := range u.Variants {
		o := tr.to.Object(v.Type.Name)
		if o == nil {
			continue
		}
		n, fits := 0, true
		for _, f := range o.Fields {
			_, has := in[f.Name]
			if f.Required && !has && f.Name != u.Discriminator {
				fits = false
			}
			if has {
				n++
			}
		}
		if fits && n > bestN {
			best, bestN = v, n
		}
	}
	if best == nil {
		return nil, false
	}
	out := map[string]any{}
	for _, f := range tr.to.Object(best.Type.Name).Fields {
		if x, ok := in[f.Name]; ok {
			out[f.Name] = x
		}
	}
	if u.Discriminator != "" && best.Tag != "" {
		out[u.Discriminator] = best.Tag
	}
	return out, true
}

// renames pairs the fields only one side has: same type, similar name.
func (tr translator) renames(from, to []*schema.Field) map[string]string {
	fromBy, toBy := fieldsBy(from), fieldsBy(to)
	var a, b []string
	for _, f := range from {
		if toBy[f.Name] == nil {
			a = append(a, f.Name)
		}
	}
	for _, f := range to {
		if fromBy[f.Name] == nil {
			b = append(b, f.Name)
		}
	}
	return pairNames(a, b, func(x, y string) bool {
		return tr.sameType(fromBy[x].Type, toBy[y].Type)
	})
}

// sameType: the same primitive, or both arrays of the same, or the same
// kind of named type (objects and unions are translated field by field).
func (tr translator) sameType(a, b schema.Type) bool {
	if a.IsArray() || b.IsArray() {
		return a.IsArray() && b.IsArray() && tr.sameType(*a.Elem, *b.Elem)
	}
	if a.Name == b.Name {
		return true
	}
	return tr.from.Object(a.Name) != nil && tr.to.Object(b.Name) != nil
}

func fieldsBy(fs []*schema.Field) map[string]*schema.Field {
	m := make(map[string]*schema.Field, len(fs))
	for _, f := range fs {
		m[f.Name] = f
	}
	return m
}

// maxTranslateDepth bounds the recursion over nested objects.
const maxTranslateDepth = 16

// object translates the members of an object (or the parameters of a
// method) with fields from into one with fields to. text: the values are
// form text, where objects and arrays are JSON text and stay so.
func (tr translator) object(m map[string]any, from, to []*schema.Field, text bool, depth int) map[string]any {
	pl := tr.plan(from, to)
	fromBy, toBy, rename := pl.fromBy, pl.toBy, pl.rename
	out := make(map[string]any, len(m))
	for k, x := range m {
		ff := fromBy[k]
		switch {
		case ff == nil:
			if !tr.fill {
				out[k] = x // unknown to the schema: the target decides
			}
		case toBy[k] != nil:
			out[k] = tr.valueText(x, ff.Type, toBy[k].Type, text, depth)
		case rename[k] != "":
			out[rename[k]] = tr.valueText(x, ff.Type, toBy[rename[k]].Type, text, depth)
		default:
			// An object the target has as flat fields named like its
			// members, or ending in "_<member>" (reply_parameters):
			// requests only (an answer gathers instead: see gathers).
			obj := tr.from.Object(ff.Type.Name)
			inner, ok := asObject(x)
			if obj == nil || ff.Type.IsArray() || !ok || tr.fill {
				continue // the target has no such field
			}
			for _, of := range obj.Fields {
				iv, present := inner[of.Name]
				if !present {
					continue
				}
				if t := toBy[of.Name]; t != nil && fromBy[of.Name] == nil {
					if _, set := m[of.Name]; !set {
						out[of.Name] = tr.valueText(iv, of.Type, t.Type, text, depth)
					}
					continue
				}
				var match *schema.Field
				for _, t := range to {
					if fromBy[t.Name] == nil && strings.HasSuffix(t.Name, "_"+of.Name) && tr.sameType(of.Type, t.Type) {
						if match != nil {
							match = nil
							break
						}
						match = t
					}
				}
				if match != nil {
					if _, set := m[match.Name]; !set {
						out[match.Name] = tr.valueText(iv, of.Type, match.Type, text, depth)
					}
				}
			}
		}
	}
	if tr.fill {
		for name, g := range pl.gather {
			if _, set := out[name]; !set {
				if v, ok := tr.gather(m, name, g, toBy[name].Type, depth); ok {
					out[name] = v
				}
			}
		}
		ys := synth{tr.to.Schema}
		for _, t := range to {
			if _, ok := out[t.Name]; !ok && t.Required {
				if t.Type.Name == schema.Boolean && !t.Type.IsArray() {
					out[t.Name] = false // a right or flag the core does not know: not granted
					continue
				}
				out[t.Name] = ys.value(t.Type, t.Constraints, depth+1)
			}
		}
	}
	return out
}

// asObject is x as a JSON object, decoding JSON text.
func asObject(x any) (map[string]any, bool) {
	switch v := x.(type) {
	case map[string]any:
		return v, true
	case string:
		var m map[string]any
		if decodeJSON([]byte(v), &m) {
			return m, true
		}
	}
	return nil, false
}

// valueText translates x; when text holds it as form text, an object or
// array is decoded from and encoded back to JSON text.
func (tr translator) valueText(x any, from, to schema.Type, text bool, depth int) any {
	s, isText := x.(string)
	if !text || !isText || !tr.composite(from) {
		return tr.value(x, from, to, depth)
	}
	var j any
	if !decodeJSON([]byte(s), &j) {
		return x
	}
	return string(encodeJSON(tr.value(j, from, to, depth)))
}

func (tr translator) composite(t schema.Type) bool {
	return t.IsArray() || tr.from.Object(t.Name) != nil || tr.from.Union(t.Name) != nil
}

// value translates x of type from into type to.
func (tr translator) value(x any, from, to schema.Type, depth int) any {
	if depth > maxTranslateDepth {
		return x
	}
	if from.IsArray() && to.IsArray() {
		a, ok := x.([]any)
		if !ok {
			return x
		}
		field := ""
		if o := tr.from.Object(from.Elem.Name); o != nil && !from.Elem.IsArray() && to.Elem.Name == schema.String {
			field = onlyRequiredStringField(o)
		}
		out := make([]any, len(a))
		for i, e := range a {
			if m, ok := e.(map[string]any); ok && field != "" {
				out[i] = m[field]
				continue
			}
			out[i] = tr.value(e, *from.Elem, *to.Elem, depth+1)
		}
		return out
	}
	m, ok := x.(map[string]any)
	if !ok || from.IsArray() || to.IsArray() {
		return x
	}
	ff := tr.fieldsOf(tr.from, from.Name, m)
	tf, tag := tr.fieldsOfTarget(to.Name, from.Name, m)
	if ff == nil || tf == nil {
		return x
	}
	out := tr.object(m, ff, tf, false, depth+1)
	if d, v := tag(); d != "" {
		out[d] = v
	}
	if tr.held != nil && (to.Name == tr.heldType || tr.to.Union(to.Name) != nil && tr.fits(to.Name, tr.heldType, from.Name, m)) {
		tr.held(m, out)
	}
	return out
}

// fits: the union name of the target takes m, a value of the source's
// type fromName, as its variant of type variant.
func (tr translator) fits(name, variant, fromName string, m map[string]any) bool {
	u := tr.to.Union(name)
	return u != nil && variantOf(tr.to, u, fromName, m).Type.Name == variant
}

// fieldsOf are the fields of the object, or of the union variant m is,
// named name in s.
func (tr translator) fieldsOf(s *lookup, name string, m map[string]any) []*schema.Field {
	if o := s.Object(name); o != nil {
		return o.Fields
	}
	if u := s.Union(name); u != nil {
		if o := s.Object(variantOf(s, u, "", m).Type.Name); o != nil {
			return withDiscriminator(o.Fields, u)
		}
	}
	return nil
}

// fieldsOfTarget are the target's fields for a value m of the source's
// type fromName, and the discriminator member to set, if any.
func (tr translator) fieldsOfTarget(name, fromName string, m map[string]any) ([]*schema.Field, func() (string, any)) {
	none := func() (string, any) { return "", nil }
	if o := tr.to.Object(name); o != nil {
		return o.Fields, none
	}
	u := tr.to.Union(name)
	if u == nil {
		return nil, none
	}
	v := variantOf(tr.to, u, fromName, m)
	o := tr.to.Object(v.Type.Name)
	if o == nil {
		return nil, none
	}
	return withDiscriminator(o.Fields, u), func() (string, any) {
		if u.Discriminator != "" && v.Tag != "" {
			if _, has := m[u.Discriminator]; !has {
				return u.Discriminator, v.Tag
			}
		}
		return "", nil
	}
}

// withDiscriminator adds the union's discriminator to a variant's fields
// when the variant's object does not list it.
func withDiscriminator(fs []*schema.Field, u *schema.Union) []*schema.Field {
	if u.Discriminator == "" || len(fs) == 0 {
		return fs
	}
	for _, f := range fs {
		if f.Name == u.Discriminator {
			return fs
		}
	}
	// The same list each time (plans are keyed by it).
	if x, ok := withTag.Load(fs[0]); ok {
		return x.([]*schema.Field)
	}
	x, _ := withTag.LoadOrStore(fs[0], append(append([]*schema.Field(nil), fs...), &schema.Field{Name: u.Discriminator, Type: schema.Named(schema.String)}))
	return x.([]*schema.Field)
}

// withTag holds withDiscriminator's lists, by the variant's first field.
var withTag sync.Map

// lookup is a schema with its objects and unions found by name at once
// (Schema.Object scans the list: 350 objects at 9.0, per value).
type lookup struct {
	*schema.Schema
	objects map[string]*schema.Object
	unions  map[string]*schema.Union
	methods map[string]*schema.Method // by lower-case name, as the server routes
}

func newLookup(s *schema.Schema) *lookup {
	l := &lookup{Schema: s, objects: map[string]*schema.Object{}, unions: map[string]*schema.Union{}, methods: map[string]*schema.Method{}}
	for _, m := range s.Methods {
		l.methods[strings.ToLower(m.Name)] = m
	}
	for _, o := range s.Objects {
		l.objects[o.Name] = o
	}
	for _, u := range s.Unions {
		l.unions[u.Name] = u
	}
	return l
}

func (l *lookup) Object(name string) *schema.Object { return l.objects[name] }

func (l *lookup) Union(name string) *schema.Union { return l.unions[name] }

// variantOf is the variant of u that m is: by the discriminator's value,
// else the variant of the same name as the source type, else the first
// whose required members and constant m has, else the first.
func variantOf(s *lookup, u *schema.Union, fromName string, m map[string]any) *schema.Variant {
	if u.Discriminator != "" {
		if tag, ok := m[u.Discriminator].(string); ok {
			for _, v := range u.Variants {
				if v.Tag == tag {
					return v
				}
			}
		}
	}
	for _, v := range u.Variants {
		if v.Type.Name == fromName && !v.Type.IsArray() {
			return v
		}
	}
	for _, v := range u.Variants {
		if fits(s, v, m) {
			return v
		}
	}
	return u.Variants[0]
}

func fits(s *lookup, v *schema.Variant, m map[string]any) bool {
	o := s.Object(v.Type.Name)
	if o == nil {
		return false
	}
	for _, f := range o.Fields {
		if _, ok := m[f.Name]; f.Required && !ok {
			return false
		}
	}
	if v.Const != nil {
		if x, ok := m[v.Const.Field]; !ok || string(encodeJSON(x)) != v.Const.JSON {
			return false
		}
	}
	return true
}

// onlyRequiredStringField is the name of o's one required field when it
// is a String and no other is required, else "".
func onlyRequiredStringField(o *schema.Object) string {
	found := ""
	for _, f := range o.Fields {
		if !f.Required {
			continue
		}
		if found != "" || f.Type.IsArray() || f.Type.Name != schema.String {
			return ""
		}
		found = f.Name
	}
	return found
}

// ---------------------------------------------------------------- answers: core -> version

// toVersion translates a value of the core's type from into the
// version's type to, filling what the version requires.
func (f *versionFront) toVersion(x any, from, to schema.Type, depth int) any {
	tr := translator{from: f.cl, to: f.vl, fill: true, plans: &f.plans}
	if f.e.additionsHeld.Load() > 0 {
		tr.held, tr.heldType = f.addHeld, f.msgName
	}
	return tr.value(x, from, to, depth)
}

// addHeld adds to out, a message in the version's shape translated from
// the core's in, what the message carries beyond the core's Message.
func (f *versionFront) addHeld(in, out map[string]any) {
	chat, _ := intOf(at(in, "chat", "id"))
	id, _ := intOf(in["message_id"])
	from, ok := intOf(at(in, "from", "id"))
	if !ok {
		return // a channel post: its chat is enough
	}
	for k, x := range f.e.additions(chat, id, from) {
		out[k] = x
	}
}

// at is the member of v at path (nil when absent).
func at(v any, path ...string) any {
	for _, p := range path {
		m, _ := v.(map[string]any)
		v = m[p]
	}
	return v
}

// toVersionJSON translates the JSON of a core value of type from.
func (f *versionFront) toVersionJSON(b []byte, from, to schema.Type) []byte {
	var v any
	if !decodeJSON(b, &v) {
		return b
	}
	return encodeJSON(f.toVersion(v, from, to, 0))
}

// ---------------------------------------------------------------- control answers: core -> version

// controlAnswer is a control action's answer res, whose API objects are
// the core's Go values, as the version's: each value of a type of the
// core's package that both schemas name (User, Chat, Message, a sent
// record's Message and ReplyMarkup) goes through the translation of the
// Bot API's answers, so a test reads what the bot itself would receive.
// A callback answer holds the bot's answerCallbackQuery parameters, under
// the version's names. Anything else is res unchanged.
func (f *versionFront) controlAnswer(action string, res any) any {
	if a, ok := res.(CallbackAnswer); ok && action == "callback_answer" {
		return f.callbackAnswer(a)
	}
	return f.controlValue(reflect.ValueOf(res))
}

// corePkg is the import path of the core's generated package.
var corePkg = reflect.TypeOf(botapi.User{}).PkgPath()

// coreTypeName is the schema name of a Go type of the core's package
// that both schemas know, else "".
func (f *versionFront) coreTypeName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.PkgPath() != corePkg {
		return ""
	}
	n := t.Name()
	if (f.cl.Object(n) != nil || f.cl.Union(n) != nil) && (f.vl.Object(n) != nil || f.vl.Union(n) != nil) {
		return n
	}
	return ""
}

func (f *versionFront) controlValue(rv reflect.Value) any {
	if !rv.IsValid() {
		return nil
	}
	if n := f.coreTypeName(rv.Type()); n != "" {
		return f.coreJSONToVersion(rv.Interface(), n)
	}
	switch rv.Kind() {
	case reflect.Slice:
		if !f.carriesAPI(rv.Type().Elem()) {
			return rv.Interface()
		}
		out := make([]any, rv.Len())
		for i := range out {
			out[i] = f.controlValue(rv.Index(i))
		}
		return out
	case reflect.Struct:
		if !f.carriesAPI(rv.Type()) {
			return rv.Interface()
		}
		// A record of the emulator's (Sent): its JSON, with each member
		// of an API type translated.
		var m map[string]any
		if !decodeJSON(encodeJSON(rv.Interface()), &m) {
			return rv.Interface()
		}
		for i := 0; i < rv.NumField(); i++ {
			sf := rv.Type().Field(i)
			key, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if n := f.coreTypeName(sf.Type); n != "" && key != "" && m[key] != nil {
				m[key] = f.toVersion(m[key], schema.Named(n), schema.Named(n), 0)
			}
		}
		return m
	}
	return rv.Interface()
}

// carriesAPI: t is, or is a struct with a member of, a type of the
// core's package both schemas know.
func (f *versionFront) carriesAPI(t reflect.Type) bool {
	if f.coreTypeName(t) != "" {
		return true
	}
	if t.Kind() != reflect.Struct {
		return false
	}
	for i := 0; i < t.NumField(); i++ {
		if sf := t.Field(i); sf.IsExported() && f.coreTypeName(sf.Type) != "" {
			return true
		}
	}
	return false
}

// coreJSONToVersion is v, a value of the core's type name, as the
// version's type of that name.
func (f *versionFront) coreJSONToVersion(v any, name string) any {
	var x any
	if !decodeJSON(encodeJSON(v), &x) {
		return v
	}
	return f.toVersion(x, schema.Named(name), schema.Named(name), 0)
}

// callbackAnswer is a callback answer with the answerCallbackQuery
// parameters under the version's names (the members that are no
// parameter, answered, as they are).
func (f *versionFront) callbackAnswer(a CallbackAnswer) any {
	var m map[string]any
	if !decodeJSON(encodeJSON(a), &m) {
		return a
	}
	for vname, cname := range f.coreName {
		cm, vm := f.cl.methods[strings.ToLower(cname)], f.vl.methods[vname]
		if cm != nil && vm != nil && cm.Name == "answerCallbackQuery" {
			return translator{from: f.cl, to: f.vl, plans: &f.plans}.object(m, cm.Params, vm.Params, false, 0)
		}
	}
	return a
}

// ---------------------------------------------------------------- names

// pairNames pairs names of a with names of b that name the same thing
// under another name: compatible (same) and similar (a common prefix and
// suffix covering two thirds of the shorter name, thumb and thumbnail,
// kickChatMember and banChatMember); a name with two candidates, or a
// candidate claimed twice, stays unpaired.
func pairNames(a, b []string, same func(a, b string) bool) map[string]string {
	cand := map[string][]string{}
	claimed := map[string]int{}
	for _, x := range a {
		for _, y := range b {
			if similar(x, y) && same(x, y) {
				cand[x] = append(cand[x], y)
				claimed[y]++
			}
		}
	}
	out := map[string]string{}
	for x, ys := range cand {
		if len(ys) == 1 && claimed[ys[0]] == 1 {
			out[x] = ys[0]
		}
	}
	return out
}

func similar(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	n := min(len(a), len(b))
	p := 0
	for p < n && a[p] == b[p] {
		p++
	}
	s := 0
	for s < n && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	return n > 0 && 3*min(p+s, n) >= 2*n
}

// heldMessage is the message id of the chat chatRef names as the bot of
// token sees it (JSON, and its Go type's name, the core's type), nil when
// the bot cannot see it.
func (e *Emulator) heldMessage(token, chatRef string, id int64) ([]byte, string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	b, err := e.botByTokenLocked(token)
	if err != nil || b == nil {
		return nil, ""
	}
	ref := botapi.ChatRefFromString(chatRef)
	if n, err := strconv.ParseInt(chatRef, 10, 64); err == nil {
		ref = botapi.ChatRefFromInteger64(n)
	}
	c, err := e.reachLocked(b, ref, seeChat)
	if err != nil || c.msgs[id] == nil {
		return nil, ""
	}
	j, err := c.msgs[id].m.MarshalJSON()
	if err != nil {
		return nil, ""
	}
	return j, reflect.TypeOf(c.msgs[id].m).Name()
}
