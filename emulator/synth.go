package emulator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
)

// A method of the version that the emulator's stateful core does not
// implement is still a method of that version: the generated server
// validates its parameters as strictly as for any other, then calls the
// embedded Unimplemented, which answers 404. synthesized turns that 404
// into a deterministic result of the method's return type, built from the
// version's schema (the first step of the version-generic emulator, see
// the README): never 404 for a method the version has.

// synth builds deterministic JSON values of a schema's types: an object
// holds its required fields only, a number its least allowed value (1 when
// unbounded), a String the letter "x" repeated to its least length, an
// enum its first value, an array its least item count, a union its first
// variant. The same schema and type give the same bytes.
type synth struct{ s *schema.Schema }

// maxSynthDepth bounds the nesting of required objects (a document whose
// required fields cycle would otherwise recurse forever).
const maxSynthDepth = 12

// result is the JSON result of method, or false when the schema has no
// such method.
func (y synth) result(method string) (json.RawMessage, bool) {
	m := y.method(method)
	if m == nil {
		return nil, false
	}
	return encodeJSON(y.value(m.Returns, nil, 0)), true
}

// params is a minimal valid JSON object of method's parameters: the
// required ones, plus the first group of each one_of rule and the field
// of a required_if rule whose condition the parameters chosen meet.
func (y synth) params(method string) (map[string]any, bool) {
	m := y.method(method)
	if m == nil {
		return nil, false
	}
	return y.fields(m.Params, m.Rules, 0), true
}

// method finds a method by name, case-insensitively, as the server routes.
func (y synth) method(name string) *schema.Method {
	for _, m := range y.s.Methods {
		if strings.EqualFold(m.Name, name) {
			return m
		}
	}
	return nil
}

func (y synth) fields(fs []*schema.Field, rules []*schema.Rule, depth int) map[string]any {
	out := map[string]any{}
	want := map[string]bool{}
	for _, f := range fs {
		want[f.Name] = f.Required
	}
	for _, r := range rules {
		switch {
		case r.Kind == "one_of" && len(r.Groups) > 0:
			for _, n := range r.Groups[0] {
				want[n] = true
			}
		case r.Kind == "exactly_one" && len(r.Fields) > 0:
			want[r.Fields[0]] = true
		}
	}
	for _, f := range fs {
		if want[f.Name] {
			out[f.Name] = y.value(f.Type, f.Constraints, depth+1)
		}
	}
	for _, r := range rules {
		if r.Kind == "required_if" && r.When != nil {
			v, ok := out[r.When.Field]
			met := ok && (r.When.Equals == "" || fmt.Sprint(v) == r.When.Equals)
			if r.When.Set != nil {
				met = ok == *r.When.Set
			}
			if met {
				for _, f := range fs {
					if contains(r.Fields, f.Name) {
						out[f.Name] = y.value(f.Type, f.Constraints, depth+1)
					}
				}
			}
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

// value is the deterministic value of type t under constraints c.
func (y synth) value(t schema.Type, c *schema.Constraints, depth int) any {
	if t.Elem != nil {
		n := 0
		if c != nil && c.Items != nil && c.Items.Min != nil {
			n = int(*c.Items.Min)
		}
		a := make([]any, n)
		for i := range a {
			a[i] = y.value(*t.Elem, elemConstraints(c), depth+1)
		}
		return a
	}
	if c != nil && c.Fixed != "" {
		return c.Fixed
	}
	if c != nil && c.Enum != "" {
		if e := y.s.Enum(c.Enum); e != nil && len(e.Values) > 0 {
			return e.Values[0].Value
		}
	}
	switch t.Name {
	case schema.Integer, schema.Integer64, schema.Float:
		if c != nil && len(c.Values) > 0 {
			return json.Number(strconv.FormatInt(c.Values[0], 10))
		}
		if c != nil && c.Range != nil && c.Range.Min != nil && *c.Range.Min > 1 {
			return json.Number(formatNumber(*c.Range.Min))
		}
		return json.Number("1")
	case schema.Boolean, schema.True:
		return true
	case schema.String, schema.InputFile:
		n := 1
		if c != nil && c.Length != nil && c.Length.Min != nil && *c.Length.Min > 1 {
			n = *c.Length.Min
		}
		return strings.Repeat("x", n)
	}
	if e := y.s.Enum(t.Name); e != nil && len(e.Values) > 0 {
		return e.Values[0].Value
	}
	if u := y.s.Union(t.Name); u != nil && len(u.Variants) > 0 {
		v := u.Variants[0]
		if c != nil && len(c.Variants) > 0 {
			// The first variant the value may be (sendMediaGroup's media
			// are not animations).
			for _, w := range u.Variants {
				if contains(c.Variants, w.Type.Name) || contains(c.Variants, w.Tag) {
					v = w
					break
				}
			}
		}
		x := y.value(v.Type, c, depth)
		if m, ok := x.(map[string]any); ok && u.Discriminator != "" && v.Tag != "" {
			m[u.Discriminator] = v.Tag
		}
		return x
	}
	if o := y.s.Object(t.Name); o != nil {
		if depth > maxSynthDepth {
			return map[string]any{}
		}
		return y.fields(o.Fields, o.Rules, depth)
	}
	return map[string]any{} // a type the schema names but does not show
}

// elemConstraints are the constraints of an array's items: the array's
// own, less the item count.
func elemConstraints(c *schema.Constraints) *schema.Constraints {
	if c == nil {
		return nil
	}
	if c.Each != nil {
		e := *c.Each
		if len(e.Variants) == 0 {
			e.Variants = c.Variants
		}
		return &e
	}
	e := *c
	e.Items = nil
	return &e
}

func formatNumber(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

// seedSynth is the synth of the seed's schema, read on first use: a
// request the stateful core answers never pays for it.
var seedSynth = sync.OnceValues(func() (synth, error) {
	s, err := loader.Load(loader.Input{})
	return synth{s}, err
})

// synthesized answers, in place of the generated server's 404 for a
// method it routes but the service does not implement, the method's
// synthesized result. next is a generated server given
// WithNotImplementedHook(Validated): the hook, not the 404's text, says
// the request was valid and the service declined it. Every other answer
// passes through unchanged.
func synthesized(next http.Handler, sy func() (synth, error), count *atomic.Int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rest, isBot := strings.CutPrefix(r.URL.Path, "/bot")
		if !isBot {
			next.ServeHTTP(w, r)
			return
		}
		var valid validFlag
		rec := &notFoundCatcher{w: w}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), validKey{}, &valid)))
		if !rec.held || !valid.Load() {
			rec.flush() // any other 404 (an unknown method, a file) as it was
			return
		}
		method := rest[strings.LastIndexByte(rest, '/')+1:]
		y, err := sy()
		var res json.RawMessage
		ok := false
		if err == nil {
			res, ok = y.result(method)
		}
		if !ok {
			rec.flush()
			return
		}
		var b bytes.Buffer
		b.WriteString(`{"ok":true,"result":`)
		b.Write(res)
		b.WriteString("}")
		// The 404's headers were set on w before its status was seen.
		count.Add(1)
		w.Header().Set(PlaceholderHeader, method)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
		w.WriteHeader(http.StatusOK)
		w.Write(b.Bytes())
	})
}

// PlaceholderHeader marks an answer that is a placeholder: the
// synthesized result of a method the emulator does not act on (its value
// is the method's name). A test asserts it is absent to know it relies on
// no placeholder; Stats counts them.
const PlaceholderHeader = "X-Emulator-Placeholder"

// notFoundCatcher passes a response through unless it is a 404, which it
// holds back.
type notFoundCatcher struct {
	w       http.ResponseWriter
	held    bool
	hdr     http.Header
	body    bytes.Buffer
	decided bool
}

func (c *notFoundCatcher) Header() http.Header {
	if c.held {
		return c.hdr
	}
	return c.w.Header()
}

func (c *notFoundCatcher) WriteHeader(code int) {
	if c.decided {
		return
	}
	c.decided = true
	if code == http.StatusNotFound {
		c.held = true
		c.hdr = c.w.Header().Clone()
		return
	}
	c.w.WriteHeader(code)
}

func (c *notFoundCatcher) Write(b []byte) (int, error) {
	if !c.decided {
		c.WriteHeader(http.StatusOK)
	}
	if c.held {
		n, err := c.body.Write(b)
		return n, err
	}
	return c.w.Write(b)
}

// Flush lets long polls and streamed answers through.
func (c *notFoundCatcher) Flush() {
	if f, ok := c.w.(http.Flusher); ok && !c.held {
		f.Flush()
	}
}

// flush writes a held 404 as it was.
func (c *notFoundCatcher) flush() {
	if !c.held {
		return
	}
	for k, v := range c.hdr {
		c.w.Header()[k] = v
	}
	c.w.WriteHeader(http.StatusNotFound)
	c.w.Write(c.body.Bytes())
}

// MinimalParams is a minimal valid set of method's parameters in s, as
// JSON values (nil when s has no such method): the required ones, the
// first group of each one_of rule, and what a required_if rule then asks
// for. Tests of a version call every method with it.
func MinimalParams(s *schema.Schema, method string) map[string]any {
	p, _ := synth{s}.params(method)
	return p
}

// MinimalValue is the deterministic value of type t in s that
// MinimalParams would give a parameter of that type without constraints.
func MinimalValue(s *schema.Schema, t schema.Type) any {
	return synth{s}.value(t, nil, 0)
}
