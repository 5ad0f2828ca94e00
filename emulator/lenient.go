package emulator

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// The reference server reads some parameters more leniently than the
// document states, and real client libraries depend on it (telebot's own
// suite sends parse_mode "html" and "" and removes buttons with
// reply_markup={}; node-telegram-bot-api clears a webhook with a setWebhook
// without url). The generated server validates by the document, so the
// emulator rewrites these parameters before the generated handler sees the
// request:
//
//   - parse_mode (and explanation_parse_mode, also inside JSON-serialized
//     values such as sendMediaGroup's media) is case-insensitive, and an
//     empty value or "none" means plain text (the parameter is dropped);
//   - limit of getUpdates and getUserProfilePhotos is clamped to 1-100
//     instead of refused. (getUpdates' timeout is capped at 50 s by
//     GetUpdates itself: the document sets no upper bound.)
//   - reply_markup={} is no markup (dropped), and an empty object inside a
//     markup (go-telegram/bot's "copy_text":{} in every inline button) is
//     an absent field;
//   - setWebhook without url is setWebhook with an empty url: the webhook
//     is removed;
//   - where the version expects an array of objects whose only required
//     field is a String (sendPoll's options since InputPollOption), a
//     plain string element is that object with that field. Which
//     parameters these are is read from the generated package's types
//     (shapesOf), never named here, so the rule holds at every version.
//
// Requests that carry none of these parameters pass through unchanged.

// shapes are the facts of one version's methods the front needs, read
// from the generated Service interface: per method (lower-case) the
// parameters whose array elements a plain string may stand for, and the
// field the string fills.
type shapes map[string]map[string]string

// shapesOf reads shapes from svc, an interface whose methods take a
// context and a pointer to the method's parameters struct (the generated
// Service): wire names come from the fields' json tags, requiredness from
// the absence of omitzero/omitempty (the generator's rule).
func shapesOf(svc reflect.Type) shapes {
	out := shapes{}
	for i := range svc.NumMethod() {
		m := svc.Method(i).Type
		if m.NumIn() != 2 || m.In(1).Kind() != reflect.Pointer || m.In(1).Elem().Kind() != reflect.Struct {
			continue
		}
		params := m.In(1).Elem()
		for j := range params.NumField() {
			f := params.Field(j)
			name, _ := jsonName(f)
			if name == "" || f.Type.Kind() != reflect.Slice || f.Type.Elem().Kind() != reflect.Struct {
				continue
			}
			if field := onlyRequiredString(f.Type.Elem()); field != "" {
				method := strings.ToLower(svc.Method(i).Name)
				if out[method] == nil {
					out[method] = map[string]string{}
				}
				out[method][name] = field
			}
		}
	}
	return out
}

// jsonName is a field's wire name and whether it is required.
func jsonName(f reflect.StructField) (name string, required bool) {
	tag := f.Tag.Get("json")
	name, opts, _ := strings.Cut(tag, ",")
	if name == "-" {
		return "", false
	}
	return name, !strings.Contains(opts, "omitzero") && !strings.Contains(opts, "omitempty")
}

// onlyRequiredString is the wire name of t's one required field when that
// field is a String and no other field is required, else "".
func onlyRequiredString(t reflect.Type) string {
	found := ""
	for i := range t.NumField() {
		name, required := jsonName(t.Field(i))
		if name == "" || !required {
			continue
		}
		if found != "" || t.Field(i).Type.Kind() != reflect.String {
			return ""
		}
		found = name
	}
	return found
}

// rules are what the front does to one request.
type rules struct {
	clamp       bool              // limit is clamped
	needsURL    bool              // an absent url is an empty one (setWebhook)
	textObjects map[string]string // parameter -> field a plain string element fills
}

// mentions reports whether body may hold a parameter the rules rewrite.
func (ru rules) mentions(body string) bool {
	if ru.needsURL || strings.Contains(body, "parse_mode") || strings.Contains(body, "media") || strings.Contains(body, "reply_markup") || ru.clamp && strings.Contains(body, "limit") {
		return true
	}
	for name := range ru.textObjects {
		if strings.Contains(body, name) {
			return true
		}
	}
	return false
}

// rewrites reports whether the rules rewrite the text parameter name.
func (ru rules) rewrites(name string) bool {
	_, obj := ru.textObjects[name]
	return strings.HasSuffix(name, "parse_mode") || name == "media" || name == "reply_markup" || ru.clamp && name == "limit" || obj
}

// lenient wraps the generated handler with the rewriting above, for the
// methods described by sh.
func lenient(next http.Handler, maxBody int64, sh shapes) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		method := ""
		if rest, ok := strings.CutPrefix(r.URL.Path, "/bot"); ok {
			if i := strings.LastIndexByte(rest, '/'); i >= 0 {
				method = strings.ToLower(rest[i+1:])
			}
		}
		if method == "" {
			next.ServeHTTP(w, r)
			return
		}
		ru := rules{
			clamp:       method == "getupdates" || method == "getuserprofilephotos",
			needsURL:    method == "setwebhook",
			textObjects: sh[method],
		}
		hasBody := r.Body != nil && r.Body != http.NoBody
		if q := r.URL.RawQuery; q != "" && ru.mentions(q) || ru.needsURL && !hasBody {
			if v, err := url.ParseQuery(r.URL.RawQuery); err == nil {
				// The query's url counts only when there is no body: a body
				// rule below adds it otherwise.
				rewriteForm(v, ru, !hasBody)
				r.URL.RawQuery = v.Encode()
			}
		}
		if hasBody {
			if ru.needsURL && r.URL.Query().Has("url") {
				ru.needsURL = false
			}
			rewriteBody(r, ru, maxBody)
			defer r.Body.Close() // a multipart pipe's writer ends when the handler stops reading early
		}
		next.ServeHTTP(w, r)
	})
}

// rewriteBody rewrites a form, JSON or multipart body in place. A body it
// cannot read as such is left for the generated server to refuse.
func rewriteBody(r *http.Request, ru rules, maxBody int64) {
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "multipart/form-data" && params["boundary"] != "" {
		rewriteMultipart(r, params["boundary"], ru)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	rest := r.Body
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), rest), rest}
	if err != nil || int64(len(body)) > maxBody {
		return // the generated server answers 413 or the read error
	}
	t := bytes.TrimLeft(body, " \t\r\n")
	isJSON := mt == "application/json" || strings.HasSuffix(mt, "+json") || mt != "application/x-www-form-urlencoded" && len(t) > 0 && t[0] == '{'
	if !ru.mentions(string(body)) {
		return
	}
	var out []byte
	switch {
	case isJSON && len(t) > 0 && t[0] == '{':
		var v map[string]any
		if !decodeJSON(body, &v) {
			return
		}
		if ru.clamp {
			if n, ok := v["limit"].(json.Number); ok {
				if x, ok := clampLimit(string(n)); ok {
					v["limit"] = json.Number(x)
				}
			}
		}
		rewriteJSON(v)
		rewriteTopJSON(v, ru)
		out = encodeJSON(v)
	case !isJSON:
		v, err := url.ParseQuery(string(body))
		if err != nil {
			return
		}
		rewriteForm(v, ru, true)
		out = []byte(v.Encode())
	default:
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(out))
	r.ContentLength = int64(len(out))
	r.Header.Set("Content-Length", strconv.Itoa(len(out)))
	if mt == "" && !isJSON {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
}

// rewriteTopJSON applies the rules on a JSON body's parameters (the
// parse_mode rule has run over the whole body).
func rewriteTopJSON(v map[string]any, ru rules) {
	if m, ok := v["reply_markup"]; ok {
		switch x := m.(type) {
		case map[string]any:
			if len(x) == 0 {
				delete(v, "reply_markup")
			} else {
				dropEmptyObjects(x)
			}
		case string:
			if s, keep := rewriteMarkup(x); keep {
				v["reply_markup"] = s
			} else {
				delete(v, "reply_markup")
			}
		}
	}
	if ru.needsURL && v["url"] == nil {
		v["url"] = ""
	}
	for name, field := range ru.textObjects {
		switch x := v[name].(type) {
		case []any:
			wrapStrings(x, field)
		case string:
			v[name] = rewriteTextObjects(x, field)
		}
	}
}

// rewriteMarkup rewrites a JSON-serialized reply_markup: keep is false
// for {} (no markup).
func rewriteMarkup(s string) (out string, keep bool) {
	var j any
	if !decodeJSON([]byte(s), &j) {
		return s, true
	}
	m, ok := j.(map[string]any)
	if !ok {
		return s, true
	}
	if len(m) == 0 {
		return "", false
	}
	if !dropEmptyObjects(m) {
		return s, true
	}
	return string(encodeJSON(m)), true
}

// dropEmptyObjects removes, at any depth below v, members whose value is
// an empty object; it reports whether it removed any.
func dropEmptyObjects(v any) bool {
	changed := false
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if m, ok := e.(map[string]any); ok && len(m) == 0 {
				delete(x, k)
				changed = true
				continue
			}
			changed = dropEmptyObjects(e) || changed
		}
	case []any:
		for _, e := range x {
			changed = dropEmptyObjects(e) || changed
		}
	}
	return changed
}

// wrapStrings replaces the string elements of a by {field: string}.
func wrapStrings(a []any, field string) bool {
	changed := false
	for i, e := range a {
		if s, ok := e.(string); ok {
			a[i] = map[string]any{field: s}
			changed = true
		}
	}
	return changed
}

// rewriteTextObjects rewrites a JSON-serialized array parameter whose
// string elements stand for objects with field.
func rewriteTextObjects(s, field string) string {
	var j any
	if !decodeJSON([]byte(s), &j) {
		return s
	}
	if a, ok := j.([]any); ok && wrapStrings(a, field) {
		return string(encodeJSON(a))
	}
	return s
}

// rewriteMultipart streams the parts through a pipe, rewriting the text
// parts the rules name; uploads pass unchanged.
func rewriteMultipart(r *http.Request, boundary string, ru rules) {
	src := multipart.NewReader(r.Body, boundary)
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	mw.SetBoundary(boundary)
	orig := r.Body
	go func() {
		err := func() error {
			sawURL := false
			for {
				p, err := src.NextRawPart()
				if err == io.EOF {
					if ru.needsURL && !sawURL {
						if err := mw.WriteField("url", ""); err != nil {
							return err
						}
					}
					return mw.Close()
				}
				if err != nil {
					return err
				}
				name := p.FormName()
				sawURL = sawURL || name == "url"
				h := textproto.MIMEHeader{}
				for k, vs := range p.Header {
					h[k] = append([]string(nil), vs...)
				}
				var body io.Reader = p
				if p.FileName() == "" && ru.rewrites(name) {
					b, err := io.ReadAll(io.LimitReader(p, 1<<20))
					if err != nil {
						return err
					}
					v := url.Values{name: {string(b)}}
					rewriteForm(v, ru, false)
					if _, ok := v[name]; !ok {
						continue // an empty parse_mode, reply_markup={}
					}
					body = strings.NewReader(v.Get(name))
				}
				dst, err := mw.CreatePart(h)
				if err != nil {
					return err
				}
				if _, err := io.Copy(dst, body); err != nil {
					return err
				}
			}
		}()
		orig.Close()
		pw.CloseWithError(err)
	}()
	r.Body = pr
	r.ContentLength = -1
	r.Header.Del("Content-Length")
}

// rewriteForm applies the rules to form values (JSON-serialized ones
// hold JSON); addURL: this is the whole request, so an absent url is
// added when the rules need one.
func rewriteForm(v url.Values, ru rules, addURL bool) {
	for k, vs := range v {
		switch {
		case strings.HasSuffix(k, "parse_mode"):
			for i, s := range vs {
				vs[i] = canonicalParseMode(s)
			}
			if len(vs) > 0 && vs[0] == "" {
				delete(v, k)
			}
		case ru.clamp && k == "limit":
			for i, s := range vs {
				if x, ok := clampLimit(s); ok {
					vs[i] = x
				}
			}
		case k == "media":
			for i, s := range vs {
				var j any
				if strings.Contains(s, "parse_mode") && decodeJSON([]byte(s), &j) {
					rewriteJSON(j)
					vs[i] = string(encodeJSON(j))
				}
			}
		case k == "reply_markup":
			if len(vs) > 0 {
				if s, keep := rewriteMarkup(vs[0]); keep {
					vs[0] = s
				} else {
					delete(v, k)
				}
			}
		default:
			if field, ok := ru.textObjects[k]; ok {
				for i, s := range vs {
					vs[i] = rewriteTextObjects(s, field)
				}
			}
		}
	}
	if addURL && ru.needsURL && !v.Has("url") {
		v.Set("url", "")
	}
}

// rewriteJSON applies the parse_mode rule at any depth of a JSON value.
func rewriteJSON(v any) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && strings.HasSuffix(k, "parse_mode") {
				if s = canonicalParseMode(s); s == "" {
					delete(x, k)
				} else {
					x[k] = s
				}
				continue
			}
			if s, ok := e.(string); ok && k == "media" && strings.Contains(s, "parse_mode") {
				var j any
				if decodeJSON([]byte(s), &j) {
					rewriteJSON(j)
					x[k] = string(encodeJSON(j))
				}
				continue
			}
			rewriteJSON(e)
		}
	case []any:
		for _, e := range x {
			rewriteJSON(e)
		}
	}
}

// canonicalParseMode spells a known mode as the document does, whatever its
// case; anything else stays (and is refused by the generated server).
func canonicalParseMode(s string) string {
	switch strings.ToLower(s) {
	case "markdownv2":
		return "MarkdownV2"
	case "html":
		return "HTML"
	case "markdown":
		return "Markdown"
	case "none":
		return "" // plain text, as the reference server reads it
	}
	return s
}

// clampLimit clamps an integer limit to 1-100.
func clampLimit(s string) (string, bool) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return "", false
	}
	return strconv.FormatInt(min(max(n, 1), 100), 10), true
}

func decodeJSON(b []byte, v any) bool {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v) == nil && !d.More()
}

func encodeJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// serviceShapes are the shapes of the version the emulator is built on.
var serviceShapes = shapesOf(reflect.TypeOf((*botapiserver.Service)(nil)).Elem())
