package emulator

// A value the version's document allows is never refused by the core's
// enum (README, "Every version › Read as the reference"). The core
// validates with the seed's lists (MessageEntity's type has no "spoiler"
// at 5.0), while the version's strict server has already checked the
// request against the version's own. So, in a request translated to the
// core, a String whose field takes its values from an enum of the core's
// and holds none of them stands in as that enum's first value for the
// core's checks, and the value is put back as sent on the message the
// core answers and holds where it names a field of the core's Message of
// the same type: the parameter itself (entities, caption_entities), a
// field of an object parameter (editMessageMedia's
// media.caption_entities), or a field of an array parameter's item on the
// album's message in the same place (sendMediaGroup's
// media[i].caption_entities), so it is stored and echoed back as the bot
// sent it.

import (
	"maps"
	"strconv"
	"strings"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/schema"
)

// standInsMade records what withStandIns replaced in one request: the
// parameters as translated (before the stand-ins) and the names changed.
type standInsMade struct {
	params  map[string]any
	changed []string
}

// withStandIns is params with standIns applied, recorded in made.
func (f *versionFront) withStandIns(cm *schema.Method, params map[string]any, text bool, made *standInsMade) map[string]any {
	out, changed := f.standIns(cm, params, text)
	if out == nil {
		return params
	}
	if made != nil {
		made.params, made.changed = params, changed
	}
	return out
}

// standIns is params (the core's parameters of cm, JSON values; form text
// when text) with every value the core's enums lack replaced by a stand-in;
// changed names the parameters that had one (nil: params as they are).
func (f *versionFront) standIns(cm *schema.Method, params map[string]any, text bool) (out map[string]any, changed []string) {
	for _, p := range f.enumParams(cm) {
		x, ok := params[p.Name]
		if !ok {
			continue
		}
		y, ch := f.standIn(x, p.Type, p.Constraints, text, 0)
		if !ch {
			continue
		}
		if out == nil {
			out = maps.Clone(params)
		}
		out[p.Name] = y
		changed = append(changed, p.Name)
	}
	return out, changed
}

// standIn is x, a value of the core's type t with constraints k, with its
// unknown enum values replaced; text: x may be JSON text (a form value).
func (f *versionFront) standIn(x any, t schema.Type, k *schema.Constraints, text bool, depth int) (any, bool) {
	if depth > maxTranslateDepth {
		return x, false
	}
	if s, ok := x.(string); ok && text && (t.IsArray() || f.cl.Object(t.Name) != nil || f.cl.Union(t.Name) != nil) {
		var j any
		if !decodeJSON([]byte(s), &j) {
			return x, false
		}
		y, ch := f.standIn(j, t, k, false, depth)
		if !ch {
			return x, false
		}
		return string(encodeJSON(y)), true
	}
	if t.IsArray() {
		a, ok := x.([]any)
		if !ok {
			return x, false
		}
		var out []any
		for i, e := range a {
			y, ch := f.standIn(e, *t.Elem, k, false, depth+1)
			if ch {
				if out == nil {
					out = append([]any(nil), a...)
				}
				out[i] = y
			}
		}
		return out, out != nil
	}
	if s, ok := x.(string); ok && t.Name == schema.String && k != nil && k.Enum != "" {
		if e := f.coreEnum(k.Enum); e != nil && !enumHolds(e, s) && len(e.Values) > 0 {
			return e.Values[0].Value, true
		}
		return x, false
	}
	m, ok := x.(map[string]any)
	if !ok {
		return x, false
	}
	fields := (translator{from: f.cl}).fieldsOf(f.cl, t.Name, m)
	var out map[string]any
	for _, fl := range fields {
		v, present := m[fl.Name]
		if !present {
			continue
		}
		if y, ch := f.standIn(v, fl.Type, fl.Constraints, false, depth+1); ch {
			if out == nil {
				out = maps.Clone(m)
			}
			out[fl.Name] = y
		}
	}
	return out, out != nil
}

// enumParams are the parameters of cm whose values may hold a String
// of an enum (at any depth), found once per method: the others are not
// walked.
func (f *versionFront) enumParams(cm *schema.Method) []*schema.Field {
	if x, ok := f.enumParamsOf.Load(cm); ok {
		return x.([]*schema.Field)
	}
	var out []*schema.Field
	for _, p := range cm.Params {
		if f.reachesEnum(p.Type, p.Constraints, map[string]bool{}) {
			out = append(out, p)
		}
	}
	f.enumParamsOf.Store(cm, out)
	return out
}

// reachesEnum: a value of the core's type t with constraints k may hold
// an enum's String.
func (f *versionFront) reachesEnum(t schema.Type, k *schema.Constraints, seen map[string]bool) bool {
	for t.IsArray() {
		t = *t.Elem
	}
	if t.Name == schema.String {
		return k != nil && k.Enum != ""
	}
	if seen[t.Name] {
		return false
	}
	seen[t.Name] = true
	var objs []*schema.Object
	if o := f.cl.Object(t.Name); o != nil {
		objs = append(objs, o)
	}
	if u := f.cl.Union(t.Name); u != nil {
		for _, v := range u.Variants {
			if o := f.cl.Object(v.Type.Name); o != nil {
				objs = append(objs, o)
			}
		}
	}
	for _, o := range objs {
		for _, fl := range o.Fields {
			if f.reachesEnum(fl.Type, fl.Constraints, seen) {
				return true
			}
		}
	}
	return false
}

// coreEnum is the core's enum named name, found once.
func (f *versionFront) coreEnum(name string) *schema.Enum {
	f.enumsOnce.Do(func() {
		f.enums = map[string]*schema.Enum{}
		for _, e := range f.core.Enums {
			f.enums[e.Name] = e
		}
	})
	return f.enums[name]
}

func enumHolds(e *schema.Enum, v string) bool {
	for _, x := range e.Values {
		if x.Value == v {
			return true
		}
	}
	return false
}

// putBack sets, on the messages the core answered (a Message, or an
// album's Messages) and on the messages the core holds under them, the
// values with stand-ins of params (the core's parameters as sent, JSON
// values or form text): a changed parameter named like a field of the
// core's Message of the same type (entities, caption_entities); and,
// inside a changed parameter, an object's fields named so (an edited
// medium's media.caption_entities), an array's items paired with the
// answered messages in order (an album's media[i].caption_entities).
func (f *versionFront) putBack(token string, cm *schema.Method, answer any, params map[string]any, changed []string, text bool) {
	mo := f.cl.Object(f.coreMsg)
	album := cm.Returns.IsArray() && cm.Returns.Elem.Name == f.coreMsg && !cm.Returns.Elem.IsArray()
	if mo == nil || !album && (cm.Returns.IsArray() || !f.answersMessage(cm.Returns)) {
		return
	}
	var msgs []map[string]any
	switch a := answer.(type) {
	case map[string]any:
		msgs = append(msgs, a)
	case []any:
		for _, x := range a {
			if m, ok := x.(map[string]any); ok {
				msgs = append(msgs, m)
			}
		}
	}
	for _, m := range msgs {
		if m["message_id"] == nil {
			return
		}
	}
	fields, ps := fieldsBy(mo.Fields), fieldsBy(cm.Params)
	sets := make([]map[string]any, len(msgs))
	put := func(i int) func(n string, x any) {
		return func(n string, x any) {
			if sets[i] == nil {
				sets[i] = map[string]any{}
			}
			sets[i][n] = x
			msgs[i][n] = x
		}
	}
	for _, n := range changed {
		p := ps[n]
		if p == nil {
			continue
		}
		x := params[n]
		if s, ok := x.(string); ok && text && (p.Type.IsArray() || f.cl.Object(p.Type.Name) != nil || f.cl.Union(p.Type.Name) != nil) {
			var j any
			if !decodeJSON([]byte(s), &j) {
				continue
			}
			x = j
		}
		switch fl := fields[n]; {
		case len(msgs) == 1 && !album && fl != nil && fl.Type.String() == p.Type.String():
			put(0)(n, x)
		case len(msgs) == 1 && !album && !p.Type.IsArray():
			f.putBackInside(x, p.Type, fields, put(0))
		case album && p.Type.IsArray() && !p.Type.Elem.IsArray():
			items, _ := x.([]any)
			if len(items) != len(msgs) {
				continue
			}
			for i, it := range items {
				f.putBackInside(it, *p.Type.Elem, fields, put(i))
			}
		}
	}
	bot, _ := strconv.ParseInt(token[:max(strings.IndexByte(token, ':'), 0)], 10, 64)
	for i, set := range sets {
		if set != nil {
			chat, _ := intOf(at(msgs[i], "chat", "id"))
			id, _ := intOf(msgs[i]["message_id"])
			f.e.amendHeld(chat, id, bot, set)
		}
	}
}

// putBackInside puts the fields of x, a value of the core's object or
// union type t, that are named like a field of the core's Message of the
// same type (msgFields) and have a stand-in.
func (f *versionFront) putBackInside(x any, t schema.Type, msgFields map[string]*schema.Field, put func(name string, v any)) {
	m, ok := x.(map[string]any)
	if !ok {
		return
	}
	for _, fl := range (translator{from: f.cl}).fieldsOf(f.cl, t.Name, m) {
		v, present := m[fl.Name]
		if mf := msgFields[fl.Name]; !present || mf == nil || mf.Type.String() != fl.Type.String() {
			continue
		}
		if _, ch := f.standIn(v, fl.Type, fl.Constraints, false, 0); ch {
			put(fl.Name, v)
		}
	}
}

// amendHeld sets fields (JSON values by wire name) on the message id of
// chat chatID as the bot from holds it: its JSON amended and decoded
// again (the core's types keep a value their enum lacks).
func (e *Emulator) amendHeld(chatID, id, from int64, fields map[string]any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	r := e.heldRecLocked(chatID, id, from)
	if r == nil {
		return
	}
	b, err := r.m.MarshalJSON()
	var m map[string]any
	if err != nil || !decodeJSON(b, &m) {
		return
	}
	maps.Copy(m, fields)
	var amended botapi.Message
	if amended.UnmarshalJSON(encodeJSON(m)) == nil {
		r.m = amended
	}
}

// answersMessage: t is the core's Message, or a union with it as a
// variant (an edit's MessageOrTrue).
func (f *versionFront) answersMessage(t schema.Type) bool {
	if t.Name == f.coreMsg {
		return true
	}
	if u := f.cl.Union(t.Name); u != nil {
		for _, v := range u.Variants {
			if v.Type.Name == f.coreMsg && !v.Type.IsArray() {
				return true
			}
		}
	}
	return false
}
