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
	"strconv"
	"strings"
)

// The reference server reads two kinds of parameters more leniently than
// the document states, and real client libraries depend on it (telebot's
// own suite sends parse_mode "html" and ""). The generated server
// validates by the document, so the emulator rewrites these parameters
// before the generated handler sees the request:
//
//   - parse_mode (and explanation_parse_mode, also inside JSON-serialized
//     values such as sendMediaGroup's media) is case-insensitive, and an
//     empty value means plain text (the parameter is dropped);
//   - limit of getUpdates and getUserProfilePhotos is clamped to 1-100
//     instead of refused. (getUpdates' timeout is capped at 50 s by
//     GetUpdates itself: the document sets no upper bound.)
//
// Requests that carry none of these parameters pass through unchanged.

// lenient wraps the generated handler with the rewriting above.
func lenient(next http.Handler, maxBody int64) http.Handler {
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
		clamp := method == "getupdates" || method == "getuserprofilephotos"
		if q := r.URL.RawQuery; q != "" && (strings.Contains(q, "parse_mode") || clamp && strings.Contains(q, "limit") || strings.Contains(q, "media")) {
			if v, err := url.ParseQuery(q); err == nil {
				rewriteForm(v, clamp)
				r.URL.RawQuery = v.Encode()
			}
		}
		if r.Body != nil && r.Body != http.NoBody {
			rewriteBody(r, clamp, maxBody)
			defer r.Body.Close() // a multipart pipe's writer ends when the handler stops reading early
		}
		next.ServeHTTP(w, r)
	})
}

// rewriteBody rewrites a form, JSON or multipart body in place. A body it
// cannot read as such is left for the generated server to refuse.
func rewriteBody(r *http.Request, clamp bool, maxBody int64) {
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "multipart/form-data" && params["boundary"] != "" {
		rewriteMultipart(r, params["boundary"], clamp)
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
	var out []byte
	switch {
	case isJSON && len(t) > 0 && t[0] == '{':
		if !bytes.Contains(body, []byte("parse_mode")) && !(clamp && bytes.Contains(body, []byte("limit"))) {
			return
		}
		var v map[string]any
		if !decodeJSON(body, &v) {
			return
		}
		if clamp {
			if n, ok := v["limit"].(json.Number); ok {
				if x, ok := clampLimit(string(n)); ok {
					v["limit"] = json.Number(x)
				}
			}
		}
		rewriteJSON(v)
		out = encodeJSON(v)
	case !isJSON:
		if !bytes.Contains(body, []byte("parse_mode")) && !(clamp && bytes.Contains(body, []byte("limit"))) && !bytes.Contains(body, []byte("media")) {
			return
		}
		v, err := url.ParseQuery(string(body))
		if err != nil {
			return
		}
		rewriteForm(v, clamp)
		out = []byte(v.Encode())
	default:
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(out))
	r.ContentLength = int64(len(out))
	r.Header.Set("Content-Length", strconv.Itoa(len(out)))
}

// rewriteMultipart streams the parts through a pipe, rewriting the text
// parts named *parse_mode, limit and media; uploads pass unchanged.
func rewriteMultipart(r *http.Request, boundary string, clamp bool) {
	src := multipart.NewReader(r.Body, boundary)
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	mw.SetBoundary(boundary)
	orig := r.Body
	go func() {
		err := func() error {
			for {
				p, err := src.NextRawPart()
				if err == io.EOF {
					return mw.Close()
				}
				if err != nil {
					return err
				}
				name := p.FormName()
				h := textproto.MIMEHeader{}
				for k, vs := range p.Header {
					h[k] = append([]string(nil), vs...)
				}
				var body io.Reader = p
				if p.FileName() == "" && (strings.HasSuffix(name, "parse_mode") || name == "media" || clamp && name == "limit") {
					b, err := io.ReadAll(io.LimitReader(p, 1<<20))
					if err != nil {
						return err
					}
					v := url.Values{name: {string(b)}}
					rewriteForm(v, clamp)
					if _, ok := v[name]; !ok {
						continue // an empty parse_mode: plain text
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

// rewriteForm applies the rules to form values; media holds JSON.
func rewriteForm(v url.Values, clamp bool) {
	for k, vs := range v {
		switch {
		case strings.HasSuffix(k, "parse_mode"):
			for i, s := range vs {
				vs[i] = canonicalParseMode(s)
			}
			if len(vs) > 0 && vs[0] == "" {
				delete(v, k)
			}
		case clamp && k == "limit":
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
		}
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
