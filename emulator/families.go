package emulator

// The methods of a version the core does not implement, where the page's
// own naming makes them regular, act on what the emulator holds (README,
// "Every version › Families"). Read from the version's schema, never
// typed for one version:
//
//   - bulk: a method with an array parameter <x>_ids whose name less its
//     last "s" is a method with a parameter <x>_id (copyMessages and
//     copyMessage) is that method once per id, in order;
//   - settings: set<X>, get<X> and delete<X>, where get<X> exists: get<X>'s
//     parameters are the key (language_code, scope, chat_id, for_channels),
//     set<X> stores its other parameters under it, get<X> answers them,
//     delete<X> removes them; an absent key is its stated default;
//   - resources: create<X> returning an object R, and every <verb><X>
//     naming one of R's fields (the identifier: invite_link): create
//     stores R built from its parameters, a verb finds it, edit merges its
//     parameters, revoke sets is_revoked, delete removes it;
//   - sends: send<X> returning the version's Message creates a real
//     message whose <x> field is built from the parameters and the held
//     file.

import (
	"bytes"
	"container/list"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/schema"
)

// families are the version's methods acted on by the front, by their
// lower-case names.
type families struct {
	bulk      map[string]bulkOf
	settings  map[string]settingOf
	resources map[string]resourceOf
	sends     map[string]sendOf
}

type bulkOf struct {
	single    *schema.Method
	ids, one  string // the array parameter, the single method's id parameter
	elemOfRes schema.Type
}

type settingOf struct {
	verb     string // set, get or delete
	noun     string
	set, get *schema.Method
}

type resourceOf struct {
	verb   string
	typ    *schema.Object // R
	ident  *schema.Field  // R's identifier field
	owner  []string       // create's parameters naming where R lives (chat_id)
	m      *schema.Method
	byCore bool // the core mints the identifier (it serves export<R>: invite links)
}

type sendOf struct {
	field *schema.Field // the Message field the content goes in (nil: none)
	file  *schema.Field // the parameter carrying its file (nil: none)
}

// verbNoun splits a method name at its first capital: setMyName is set
// and MyName.
func verbNoun(name string) (string, string) {
	for i, r := range name {
		if r >= 'A' && r <= 'Z' {
			return name[:i], name[i:]
		}
	}
	return name, ""
}

// snake is a noun's field name: PaidMedia is paid_media.
func snake(noun string) string {
	var b strings.Builder
	for i, r := range noun {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// newFamilies classifies the version's methods (v), given the core's
// schema, the core's name of each version method it serves and the name
// of the version's Message: a setting is the front's when the core lacks
// it or one of its key parameters.
func newFamilies(v, core *lookup, coreName map[string]string, msg string) families {
	fs := families{bulk: map[string]bulkOf{}, settings: map[string]settingOf{}, resources: map[string]resourceOf{}, sends: map[string]sendOf{}}
	byName := v.methods
	served := func(m *schema.Method) bool { _, ok := coreName[strings.ToLower(m.Name)]; return ok }
	for _, m := range v.Methods {
		lower := strings.ToLower(m.Name)
		verb, noun := verbNoun(m.Name)
		// Settings.
		if get, set := byName["get"+strings.ToLower(noun)], byName["set"+strings.ToLower(noun)]; noun != "" && get != nil && set != nil && (verb == "set" || verb == "get" || verb == "delete") {
			coreGet := core.methods[strings.ToLower(coreName[strings.ToLower(get.Name)])]
			keyed := coreGet != nil && served(set)
			for _, k := range get.Params {
				if coreGet != nil && fieldsBy(coreGet.Params)[k.Name] == nil {
					keyed = false
				}
			}
			if !keyed || !served(m) {
				fs.settings[lower] = settingOf{verb: verb, noun: noun, set: set, get: get}
				continue
			}
		}
		if served(m) {
			continue
		}
		// Bulk.
		for _, p := range m.Params {
			if !p.Type.IsArray() || !isNumberType(*p.Type.Elem) || !strings.HasSuffix(p.Name, "_ids") {
				continue
			}
			single := byName[strings.TrimSuffix(lower, "s")]
			one := strings.TrimSuffix(p.Name, "s")
			if single != nil && single != m && fieldsBy(single.Params)[one] != nil {
				b := bulkOf{single: single, ids: p.Name, one: one}
				if m.Returns.IsArray() {
					b.elemOfRes = *m.Returns.Elem
				}
				fs.bulk[lower] = b
			}
		}
		if _, ok := fs.bulk[lower]; ok {
			continue
		}
		// Sends.
		if verb == "send" && !m.Returns.IsArray() && m.Returns.Name == msg {
			s := sendOf{}
			if mo := v.Object(msg); mo != nil {
				s.field = fieldsBy(mo.Fields)[snake(noun)]
			}
			if s.field != nil {
				if p := fieldsBy(m.Params)[s.field.Name]; p != nil && isFileType(v, p.Type) {
					s.file = p
				}
			}
			fs.sends[lower] = s
		}
	}
	// Resources: create<X> returning an object.
	for _, c := range v.Methods {
		verb, noun := verbNoun(c.Name)
		r := v.Object(c.Returns.Name)
		if verb != "create" || noun == "" || c.Returns.IsArray() || r == nil || served(c) {
			continue
		}
		rf := fieldsBy(r.Fields)
		var owner []string
		for _, p := range c.Params {
			if rf[p.Name] == nil && strings.HasSuffix(p.Name, "_id") {
				owner = append(owner, p.Name)
			}
		}
		_, byCore := coreName["export"+strings.ToLower(r.Name)]
		fs.resources[strings.ToLower(c.Name)] = resourceOf{verb: "create", typ: r, owner: owner, m: c}
		for _, m := range v.Methods {
			mv, mn := verbNoun(m.Name)
			if mn != noun || mv == "create" || served(m) {
				continue
			}
			for _, p := range m.Params {
				if f := rf[p.Name]; f != nil && p.Required && fieldsBy(c.Params)[p.Name] == nil && f.Type.String() == p.Type.String() {
					fs.resources[strings.ToLower(m.Name)] = resourceOf{verb: mv, typ: r, ident: f, owner: owner, m: m, byCore: byCore && f.Type.Name == schema.String}
					cr := fs.resources[strings.ToLower(c.Name)]
					cr.ident, cr.byCore = f, byCore && f.Type.Name == schema.String
					fs.resources[strings.ToLower(c.Name)] = cr
					break
				}
			}
		}
		if cr := fs.resources[strings.ToLower(c.Name)]; cr.ident == nil {
			delete(fs.resources, strings.ToLower(c.Name)) // nothing names what it creates
		}
	}
	return fs
}

// isFileType: an InputFile, or a union with an InputFile variant.
func isFileType(l *lookup, t schema.Type) bool {
	if t.IsArray() {
		return false
	}
	if t.Name == schema.InputFile {
		return true
	}
	if u := l.Union(t.Name); u != nil {
		for _, v := range u.Variants {
			if v.Type.Name == schema.InputFile {
				return true
			}
		}
	}
	return false
}

// ---------------------------------------------------------------- the front's state

// frontState is what the front holds for the families: settings and
// resources, per bot, each at most familiesBound per bot (perBot). Its
// lock is its own (the core's is never held with it).
type frontState struct {
	mu        sync.Mutex
	settings  perBot // bot, noun, key -> the stored parameters; kept flags
	resources perBot // bot, type, identifier -> the object
	next      int64
}

// familiesBound is how many settings, and how many resources, the front
// holds per bot: a bot's settings are a few per language and scope, its
// resources a few per chat, and one setting in a loop per made-up
// language or chat stays bounded as the core's messages are.
var familiesBound = 1000

func newFrontState() *frontState {
	return &frontState{settings: newPerBot(), resources: newPerBot()}
}

func (s *frontState) getSetting(k string) (any, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.settings.get(k)
}

// putSetting stores v under the bot's key k (nil removes it).
func (s *frontState) putSetting(bot, k string, v any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v == nil {
		s.settings.remove(k)
		return
	}
	s.settings.put(bot, k, v, "")
}

// nextID is a new identifier's number.
func (s *frontState) nextID() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next++
	return s.next
}

// putResource stores the bot's resource k; coreLink is the invite link
// the core minted for it ("" for none). It returns the core link of the
// resource it forgot to stay within the bound, to be revoked.
func (s *frontState) putResource(bot, k string, obj map[string]any, coreLink string) (forgotten string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.resources.put(bot, k, obj, coreLink)
}

// changeResource applies a verb to the resource k: delete removes it;
// any other merges the parameters named like its fields (but the
// identifier) and sets is_<verb>d (is_revoked); false when k is not held.
func (s *frontState) changeResource(k, verb, ident string, params map[string]any, fields map[string]*schema.Field) (map[string]any, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	x, ok := s.resources.get(k)
	old, _ := x.(map[string]any)
	if !ok || old == nil {
		return nil, false
	}
	if verb == "delete" {
		s.resources.remove(k)
		return nil, true
	}
	o := make(map[string]any, len(old))
	for n, x := range old {
		o[n] = x
	}
	for n, x := range params {
		if fields[n] != nil && n != ident {
			o[n] = x
		}
	}
	for _, name := range []string{"is_" + verb + "d", "is_" + verb + "ed"} {
		if fl := fields[name]; fl != nil && fl.Type.Name == schema.Boolean {
			o[name] = true
		}
	}
	s.resources.replace(k, o)
	return o, true
}

// perBot is values by key, at most familiesBound per bot: putting a new
// key past the bound forgets the bot's least recently put one.
type perBot struct {
	at    map[string]*list.Element // key -> its element in its bot's list
	byBot map[string]*list.List    // bot -> its perBotEntry values, least recently put first
}

type perBotEntry struct {
	bot, key string
	v        any
	// coreLink is what the core holds for the entry (an invite link it
	// minted), revoked when the entry is forgotten.
	coreLink string
}

func newPerBot() perBot {
	return perBot{at: map[string]*list.Element{}, byBot: map[string]*list.List{}}
}

func (h perBot) len() int { return len(h.at) }

func (h perBot) get(k string) (any, bool) {
	if el, ok := h.at[k]; ok {
		return el.Value.(*perBotEntry).v, true
	}
	return nil, false
}

// put stores v under the bot's key k as the most recently put, and
// returns the core link of the entry it forgot for the bound.
func (h perBot) put(bot, k string, v any, coreLink string) (forgotten string) {
	if el, ok := h.at[k]; ok {
		e := el.Value.(*perBotEntry)
		e.v = v
		h.byBot[e.bot].MoveToBack(el)
		return ""
	}
	l := h.byBot[bot]
	if l == nil {
		l = list.New()
		h.byBot[bot] = l
	}
	h.at[k] = l.PushBack(&perBotEntry{bot: bot, key: k, v: v, coreLink: coreLink})
	if l.Len() <= familiesBound {
		return ""
	}
	oldest := l.Front().Value.(*perBotEntry)
	h.remove(oldest.key)
	return oldest.coreLink
}

// replace changes the value of k, held, keeping its place.
func (h perBot) replace(k string, v any) {
	if el, ok := h.at[k]; ok {
		el.Value.(*perBotEntry).v = v
	}
}

func (h perBot) remove(k string) {
	el, ok := h.at[k]
	if !ok {
		return
	}
	e := el.Value.(*perBotEntry)
	l := h.byBot[e.bot]
	l.Remove(el)
	delete(h.at, k)
	if l.Len() == 0 {
		delete(h.byBot, e.bot)
	}
}

// ---------------------------------------------------------------- serving

// family serves the method vm when it is of a family; false when not.
func (f *versionFront) family(w http.ResponseWriter, r *http.Request, token string, vm *schema.Method, body *frontBody) bool {
	lower := strings.ToLower(vm.Name)
	b, isBulk := f.fam.bulk[lower]
	st, isSetting := f.fam.settings[lower]
	rs, isResource := f.fam.resources[lower]
	sd, isSend := f.fam.sends[lower]
	if !isBulk && !isSetting && !isResource && !isSend {
		return false
	}
	if !f.e.authorize(r.Context(), token) {
		writeAPIError(w, http.StatusUnauthorized, "Unauthorized")
		return true
	}
	params := f.typed(vm, body.params(r.URL.RawQuery))
	bot, _, _ := strings.Cut(token, ":")
	switch {
	case isBulk:
		f.serveBulk(w, r, token, vm, b, params)
	case isSetting:
		f.serveSetting(w, r.Context(), token, bot, st, params)
	case isResource:
		f.serveResource(w, token, bot, rs, params)
	default:
		f.serveSend(w, r.Context(), token, vm, sd, params, body)
	}
	return true
}

// typed is the request's parameters (readParams' text) as JSON values of
// the method's parameter types: a String stays text, anything else is
// read as JSON where it is JSON.
func (f *versionFront) typed(m *schema.Method, text map[string]string) map[string]any {
	out := make(map[string]any, len(text))
	by := fieldsBy(m.Params)
	for k, s := range text {
		p := by[k]
		if p == nil {
			continue
		}
		var x any
		if p.Type.IsArray() || p.Type.Name != schema.String {
			if decodeJSON([]byte(s), &x) {
				out[k] = x
				continue
			}
		}
		out[k] = s
	}
	return out
}

// serveBulk calls the single method once per id, in order; ids it
// refuses are skipped, as the reference skips them, unless all are.
func (f *versionFront) serveBulk(w http.ResponseWriter, r *http.Request, token string, m *schema.Method, b bulkOf, params map[string]any) {
	ids, _ := params[b.ids].([]any)
	single := fieldsBy(b.single.Params)
	var results []any
	var first *answer
	bare := r.Clone(r.Context())
	bare.URL.RawQuery = ""
	for _, id := range ids {
		one := map[string]any{b.one: id}
		for k, x := range params {
			if single[k] != nil && k != b.ids {
				one[k] = x
			}
		}
		a := newAnswer()
		f.serveCall(a, bare, token, b.single.Name, &frontBody{ct: "application/json", raw: encodeJSON(one), budget: f.budget})
		var got struct {
			OK     bool `json:"ok"`
			Result any  `json:"result"`
		}
		if a.code != http.StatusOK || !decodeJSON(a.body.Bytes(), &got) || !got.OK {
			if first == nil {
				first = a
			}
			continue
		}
		results = append(results, f.narrow(got.Result, b.elemOfRes))
	}
	if results == nil && first != nil {
		first.writeTo(w)
		return
	}
	if !m.Returns.IsArray() {
		writeResult(w, true)
		return
	}
	if results == nil {
		results = []any{}
	}
	writeResult(w, results)
}

// narrow keeps of x, an object, the fields of t (a forwarded Message as
// a MessageId).
func (f *versionFront) narrow(x any, t schema.Type) any {
	o := f.vl.Object(t.Name)
	m, ok := x.(map[string]any)
	if o == nil || !ok {
		return x
	}
	out := map[string]any{}
	for _, fl := range o.Fields {
		if v, ok := m[fl.Name]; ok {
			out[fl.Name] = v
		}
	}
	return out
}

// statedDefault matches the page's "Defaults to X" in a description.
var statedDefault = regexp.MustCompile(`Defaults to ([A-Z][A-Za-z0-9]*)`)

// defaultOf is the value the service assumes for an absent parameter p:
// the union variant its description names ("Defaults to
// BotCommandScopeDefault"), its Default constraint, else the empty value
// of its type.
func (f *versionFront) defaultOf(p *schema.Field) any {
	if u := f.vl.Union(p.Type.Name); u != nil && !p.Type.IsArray() {
		if m := statedDefault.FindStringSubmatch(p.Description); m != nil {
			for _, v := range u.Variants {
				if v.Type.Name == m[1] {
					return f.emptyVariant(u, v)
				}
			}
		}
	}
	if p.Constraints != nil && p.Constraints.Default != nil {
		return p.Constraints.Default
	}
	return f.empty(p.Type, 0)
}

// empty is the empty value of t: false, 0, "", [], an object of its
// required fields' empty values; a union's first variant.
func (f *versionFront) empty(t schema.Type, depth int) any {
	switch {
	case t.IsArray():
		return []any{}
	case t.Name == schema.Boolean:
		return false
	case t.Name == schema.True:
		return true
	case isNumberType(t):
		return json.Number("0")
	case t.Name == schema.String:
		return ""
	}
	if u := f.vl.Union(t.Name); u != nil && len(u.Variants) > 0 {
		return f.emptyVariant(u, u.Variants[0])
	}
	if o := f.vl.Object(t.Name); o != nil && depth < maxSynthDepth {
		out := map[string]any{}
		for _, fl := range o.Fields {
			if fl.Required {
				if fl.Constraints != nil && (fl.Constraints.Fixed != "" || fl.Constraints.Enum != "") {
					out[fl.Name] = f.vs.value(fl.Type, fl.Constraints, depth+1)
				} else {
					out[fl.Name] = f.empty(fl.Type, depth+1)
				}
			}
		}
		return out
	}
	return f.vs.value(t, nil, depth)
}

func (f *versionFront) emptyVariant(u *schema.Union, v *schema.Variant) any {
	x := f.empty(v.Type, 1)
	if m, ok := x.(map[string]any); ok && u.Discriminator != "" && v.Tag != "" {
		m[u.Discriminator] = v.Tag
	}
	return x
}

// serveSetting stores, answers or removes a setting.
func (f *versionFront) serveSetting(w http.ResponseWriter, ctx context.Context, token, bot string, s settingOf, params map[string]any) {
	key := []any{bot, s.noun}
	everyone := true // no key parameter given: the setting for everyone
	for _, k := range s.get.Params {
		x, ok := params[k.Name]
		if !ok {
			x = f.defaultOf(k)
		}
		everyone = everyone && !ok
		key = append(key, x)
	}
	k := string(encodeJSON(key))
	switch s.verb {
	case "set":
		vals := map[string]any{}
		for _, p := range s.set.Params {
			if fieldsBy(s.get.Params)[p.Name] == nil {
				if x, ok := params[p.Name]; ok {
					vals[p.Name] = x
				}
			}
		}
		f.state.putSetting(bot, k, vals)
		if everyone {
			f.settingToCore(ctx, token, s, vals)
		}
		writeResult(w, true)
	case "delete":
		f.state.putSetting(bot, k, nil)
		if everyone {
			f.settingToCore(ctx, token, s, nil)
		}
		writeResult(w, true)
	default:
		stored, _ := f.state.getSetting(k)
		vals, _ := stored.(map[string]any)
		writeResult(w, f.settingResult(s, vals))
	}
}

// settingToCore hands the setting for everyone to the core where the core
// holds it too (setMyCommands: a bot's menu), so the control API and the
// chat window read of the core what the bot set for everyone. vals nil is
// a delete: the core's set<X> with its lists empty (the core's version
// may have no delete<X>). The core's answer is the family's already.
func (f *versionFront) settingToCore(ctx context.Context, token string, s settingOf, vals map[string]any) {
	name, ok := f.coreName[strings.ToLower(s.set.Name)]
	cm := f.cl.methods[strings.ToLower(name)]
	if !ok || cm == nil {
		return
	}
	body := map[string]any{}
	for _, p := range cm.Params {
		if x, ok := vals[p.Name]; ok {
			body[p.Name] = x
		} else if vals == nil && p.Type.IsArray() {
			body[p.Name] = []any{}
		}
	}
	f.call.Call(ctx, token, name, "", "application/json", bytes.NewReader(encodeJSON(body)))
}

// settingResult is get<X>'s answer from the stored values: the value
// parameter of the result's type itself, else an object of the result's
// type whose fields are the values of the same names; what was not set
// is its default.
func (f *versionFront) settingResult(s settingOf, vals map[string]any) any {
	ret := s.get.Returns
	keys := fieldsBy(s.get.Params)
	for _, p := range s.set.Params {
		if keys[p.Name] == nil && p.Type.String() == ret.String() {
			if x, ok := vals[p.Name]; ok {
				return x
			}
			return f.defaultOf(p)
		}
	}
	out, ok := f.empty(ret, 0).(map[string]any)
	if !ok {
		return f.empty(ret, 0)
	}
	if o := f.vl.Object(ret.Name); o != nil {
		for _, fl := range o.Fields {
			if x, ok := vals[fl.Name]; ok {
				out[fl.Name] = x
			}
		}
	}
	return out
}

// serveResource creates, changes or removes a resource.
func (f *versionFront) serveResource(w http.ResponseWriter, token, bot string, rs resourceOf, params map[string]any) {
	owner := []any{bot, rs.typ.Name}
	for _, o := range rs.owner {
		owner = append(owner, params[o])
	}
	fields := fieldsBy(rs.typ.Fields)
	if rs.verb == "create" {
		id := any(nil)
		if rs.byCore {
			chatRef := ""
			if len(rs.owner) > 0 {
				chatRef = paramText(params[rs.owner[0]])
			}
			link, err := f.e.mintInviteLink(token, chatRef)
			if err != nil {
				writeCoreError(w, err)
				return
			}
			id = link
		}
		if id == nil {
			n := f.state.nextID()
			if rs.ident.Type.Name == schema.String {
				id = "r" + strconv.FormatInt(n, 10) + "_" + randomName(6)
			} else {
				id = json.Number(strconv.FormatInt(n, 10))
			}
		}
		obj, _ := f.empty(schema.Named(rs.typ.Name), 0).(map[string]any)
		if obj == nil {
			obj = map[string]any{}
		}
		for k, x := range params {
			if fields[k] != nil {
				obj[k] = x
			}
		}
		obj[rs.ident.Name] = id
		for _, fl := range rs.typ.Fields {
			if fl.Required && f.vl.Object(fl.Type.Name) != nil && !fl.Type.IsArray() {
				if u := f.botUser(bot, fl.Type); u != nil {
					obj[fl.Name] = u // the creator: the bot itself
				}
			}
		}
		coreLink := ""
		if rs.byCore {
			coreLink = paramText(id)
		}
		if forgotten := f.state.putResource(bot, string(encodeJSON(append(owner, id))), obj, coreLink); forgotten != "" {
			f.e.revokeInviteLink(forgotten)
		}
		writeResult(w, obj)
		return
	}
	id := params[rs.ident.Name]
	obj, found := f.state.changeResource(string(encodeJSON(append(owner, id))), rs.verb, rs.ident.Name, params, fields)
	if !found {
		writeAPIError(w, http.StatusBadRequest, "Bad Request: "+strings.ToUpper(rs.ident.Name)+"_INVALID")
		return
	}
	if rs.byCore && (rs.verb == "revoke" || rs.verb == "delete") {
		f.e.revokeInviteLink(paramText(id))
	}
	if rs.m.Returns.Name == rs.typ.Name && obj != nil {
		writeResult(w, obj)
		return
	}
	writeResult(w, true)
}

// paramText is a parameter's value as form text.
func paramText(x any) string {
	if s, ok := x.(string); ok {
		return s
	}
	return string(encodeJSON(x))
}

// botUser is the bot as the version's type t (a User), nil when t is not
// the core's type of a user.
func (f *versionFront) botUser(bot string, t schema.Type) any {
	n, err := strconv.ParseInt(bot, 10, 64)
	u := f.e.user(n)
	if err != nil || u == nil || f.cl.Object(t.Name) == nil {
		return nil
	}
	b, err := u.MarshalJSON()
	var x any
	if err != nil || !decodeJSON(b, &x) {
		return nil
	}
	return f.toVersion(x, schema.Named("User"), t, 0)
}

// writeCoreError answers err, an error of the core's rules, as the core
// would.
func writeCoreError(w http.ResponseWriter, err error) {
	var ae *botapi.Error
	if e, ok := err.(*botapi.Error); ok {
		ae = e
	}
	if ae == nil {
		writeAPIError(w, http.StatusBadRequest, "Bad Request: "+err.Error())
		return
	}
	writeError(w, ae)
}

// serveSend creates a real message for a send method the core lacks: the
// core's rules of sending, with the chat, reply and markup read as the
// core's sendMessage reads them; the content built from the parameters
// and the held file.
func (f *versionFront) serveSend(w http.ResponseWriter, ctx context.Context, token string, vm *schema.Method, sd sendOf, params map[string]any, body *frontBody) {
	bot, _, _ := strings.Cut(token, ":")
	owner, _ := strconv.ParseInt(bot, 10, 64)
	var content map[string]any
	if sd.field != nil {
		var file *storedFile
		if sd.file != nil {
			in, ok := inputFileOf(sd.file.Name, paramTextOr(params, sd.file.Name), body)
			if !ok {
				writeAPIError(w, http.StatusBadRequest, "Bad Request: file is not specified")
				return
			}
			sf, err := f.e.files.ingestFor(ctx, owner, in, fileKind(sd.field.Name+"s"))
			if err != nil {
				writeCoreError(w, err)
				return
			}
			file = sf
		}
		content = map[string]any{sd.field.Name: f.contentOf(sd.field.Type, params, file, vm)}
	}
	core := f.cl.methods["sendmessage"]
	if core == nil {
		writeAPIError(w, http.StatusInternalServerError, "Internal Server Error: the core has no sendMessage")
		return
	}
	tr := translator{from: f.vl, to: f.cl, plans: &f.plans}
	cp := tr.object(params, vm.Params, core.Params, false, 0)
	for k := range cp {
		if fieldsBy(core.Params)[k] == nil {
			delete(cp, k)
		}
	}
	cp["text"] = "-"
	var p botapi.SendMessageParams
	if err := p.UnmarshalJSON(encodeJSON(cp)); err != nil {
		writeAPIError(w, http.StatusBadRequest, "Bad Request: "+err.Error())
		return
	}
	m, err := f.e.postContent(token, sendOpts(vm.Name, p.ChatID, p.ReplyToMessageID, p.AllowSendingWithoutReply, p.ReplyMarkup), content)
	if err != nil {
		writeCoreError(w, err)
		return
	}
	f.keepParams(owner, m.Chat.ID, m.MessageID, vm, core, params)
	f.answerMessage(w, m)
}

func paramTextOr(params map[string]any, name string) string {
	x, ok := params[name]
	if !ok {
		return ""
	}
	return paramText(x)
}

// answerMessage writes the core's message m as the version's.
func (f *versionFront) answerMessage(w http.ResponseWriter, m *botapi.Message) {
	b, err := m.MarshalJSON()
	var x any
	if err != nil || !decodeJSON(b, &x) {
		writeAPIError(w, http.StatusInternalServerError, "Internal Server Error: the message did not encode")
		return
	}
	writeResult(w, f.toVersion(x, schema.Named(f.coreMsg), schema.Named(f.msgName), 0))
}

// keepsParams are the parameters of vm named like a field of the
// version's Message, of its type, that the core's cm lacks: what
// keepParams keeps.
func (f *versionFront) keepsParams(vm, cm *schema.Method) []string {
	if x, ok := f.keeping.Load(vm); ok {
		return x.([]string)
	}
	var names []string
	if mo := f.vl.Object(f.msgName); mo != nil {
		fields, core := fieldsBy(mo.Fields), fieldsBy(cm.Params)
		for _, p := range vm.Params {
			if fl := fields[p.Name]; fl != nil && core[p.Name] == nil && fl.Type.String() == p.Type.String() {
				names = append(names, p.Name)
			}
		}
	}
	f.keeping.Store(vm, names)
	return names
}

// keepParams records on the message the parameters of vm named like
// fields of the version's Message that the core's method cm lacks
// (message_thread_id, business_connection_id).
func (f *versionFront) keepParams(bot, chatID, id int64, vm, cm *schema.Method, params map[string]any) {
	mo := f.vl.Object(f.msgName)
	if mo == nil {
		return
	}
	fields := fieldsBy(mo.Fields)
	coreParams := fieldsBy(cm.Params)
	var kept map[string]any
	for _, p := range vm.Params {
		x, ok := params[p.Name]
		if fl := fields[p.Name]; ok && fl != nil && coreParams[p.Name] == nil && fl.Type.String() == p.Type.String() {
			if kept == nil {
				kept = map[string]any{}
			}
			kept[p.Name] = x
		}
	}
	if kept != nil {
		f.e.keep(chatID, id, bot, kept)
	}
}

// contentOf is the content object of type t: its fields from the
// parameters of the same names, the held file's identity where it has the
// fields of one, a total_<x> the sum of the <x> of an array parameter's
// items, the rest of its required fields empty.
func (f *versionFront) contentOf(t schema.Type, params map[string]any, file *storedFile, vm *schema.Method) any {
	o := f.vl.Object(t.Name)
	if o == nil {
		return f.empty(t, 0)
	}
	out := map[string]any{}
	for _, fl := range o.Fields {
		if x, ok := params[fl.Name]; ok && fl.Type.String() == fieldsBy(vm.Params)[fl.Name].Type.String() {
			out[fl.Name] = x
			continue
		}
		if file != nil {
			switch fl.Name {
			case "file_id":
				out[fl.Name] = file.id
				continue
			case "file_unique_id":
				out[fl.Name] = file.unique
				continue
			case "file_size":
				out[fl.Name] = json.Number(strconv.Itoa(file.size))
				continue
			}
		}
		if member, ok := strings.CutPrefix(fl.Name, "total_"); ok && isNumberType(fl.Type) {
			if sum, ok := sumOf(params, member); ok {
				out[fl.Name] = json.Number(strconv.FormatInt(sum, 10))
				continue
			}
		}
		if fl.Required {
			if fl.Constraints != nil && (fl.Constraints.Fixed != "" || fl.Constraints.Enum != "") || fl.Type.Name == schema.String {
				out[fl.Name] = f.vs.value(fl.Type, fl.Constraints, 1)
			} else {
				out[fl.Name] = f.empty(fl.Type, 1)
			}
		}
	}
	return out
}

// sumOf sums the member of the items of an array parameter whose items
// have it.
func sumOf(params map[string]any, member string) (int64, bool) {
	for _, x := range params {
		items, ok := x.([]any)
		if !ok {
			continue
		}
		var sum int64
		found := false
		for _, it := range items {
			m, _ := it.(map[string]any)
			if n, ok := intOf(m[member]); ok {
				sum += n
				found = true
			}
		}
		if found {
			return sum, true
		}
	}
	return 0, false
}

// inputFileOf is the file a parameter name carries: its upload part, the
// part "attach://<part>" names, an HTTP URL or a file id.
func inputFileOf(name, text string, body *frontBody) (botapi.InputFile, bool) {
	part := name
	if a, ok := strings.CutPrefix(text, "attach://"); ok {
		part = a
	} else if text != "" {
		if strings.HasPrefix(text, "http://") || strings.HasPrefix(text, "https://") {
			return botapi.FileURL(text), true
		}
		return botapi.FileID(text), true
	}
	return body.upload(part)
}

// intOf is a whole JSON number.
func intOf(x any) (int64, bool) {
	switch n := x.(type) {
	case json.Number:
		i, err := n.Int64()
		return i, err == nil
	case float64:
		return int64(n), n == float64(int64(n))
	}
	return 0, false
}

// lacksFlags: vm has a Boolean parameter the core's cm lacks, or an
// object parameter with a Boolean field the core's object lacks.
func (f *versionFront) lacksFlags(vm, cm *schema.Method) bool {
	core := fieldsBy(cm.Params)
	for _, p := range vm.Params {
		if core[p.Name] == nil && isFlag(p.Type) || len(f.newerFlags(p, core[p.Name])) > 0 {
			return true
		}
	}
	return false
}

func isFlag(t schema.Type) bool { return t.Name == schema.Boolean && !t.IsArray() }

// newerFlags are the Boolean fields of the version's object parameter p
// that the core's parameter cp, an object too, lacks (restrictChatMember's
// permissions: can_send_photos).
func (f *versionFront) newerFlags(p, cp *schema.Field) []string {
	if cp == nil || p.Type.IsArray() || cp.Type.IsArray() {
		return nil
	}
	vo, co := f.vl.Object(p.Type.Name), f.cl.Object(cp.Type.Name)
	if vo == nil || co == nil {
		return nil
	}
	core := fieldsBy(co.Fields)
	var out []string
	for _, fl := range vo.Fields {
		if core[fl.Name] == nil && isFlag(fl.Type) {
			out = append(out, fl.Name)
		}
	}
	return out
}

// keptFlags keeps the Boolean parameters of vm, a method answering True,
// that the core's cm lacks (promoteChatMember's newer rights), under the values of vm's required
// *_id parameters (chat_id, user_id), replacing what an earlier call with
// the same ids kept; it answers what is kept under the request's ids, for
// the answer's fields of those names (getChatMember).
func (f *versionFront) keptFlags(token string, vm, cm *schema.Method, lazy func() map[string]any) map[string]any {
	keeps := vm.Returns.Name == schema.True && !vm.Returns.IsArray() && f.lacksFlags(vm, cm)
	if !keeps && f.flagsKept.Load() == 0 {
		return nil // nothing kept yet: the common case costs nothing
	}
	params := lazy()
	bot, _, _ := strings.Cut(token, ":")
	key := []any{"flags", bot}
	for _, p := range vm.Params {
		if p.Required && strings.HasSuffix(p.Name, "_id") {
			key = append(key, p.Name, params[p.Name])
		}
	}
	if len(key) == 2 {
		return nil
	}
	k := string(encodeJSON(key))
	if keeps {
		core := fieldsBy(cm.Params)
		flags := map[string]any{}
		for _, p := range vm.Params {
			x, ok := params[p.Name]
			if ok && core[p.Name] == nil && isFlag(p.Type) {
				flags[p.Name] = x
			}
			// An object's newer rights are reported flat, as the
			// restricted member's (ChatMemberRestricted).
			if inner, isObj := asObject(x); ok && isObj {
				for _, n := range f.newerFlags(p, core[p.Name]) {
					if b, set := inner[n]; set {
						flags[n] = b
					}
				}
			}
		}
		f.state.putSetting(bot, k, flags)
		f.flagsKept.Add(1)
		return nil
	}
	held, _ := f.state.getSetting(k)
	m, _ := held.(map[string]any)
	return m
}
