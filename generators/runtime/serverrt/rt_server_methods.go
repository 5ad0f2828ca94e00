package serverrt

// Methods the document leaves out (server stubs, server_gen.go): an
// implementation adds a named method with its own handler through
// WithMethod. It is routed, authenticated and decoded like the document's
// methods (GET or POST, query string, urlencoded, JSON or multipart, the
// name case-insensitive); the handler reads its parameters through
// ExtraParams and returns a value encoded as the result. Owned by the
// server backend (generators/server). Standard library only.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	botapi "github.com/apigen/apigen/generators/runtime"
)

// ExtraMethod answers a method the document leaves out. Return the result
// (any value encoding/json can encode; true for a method whose result is
// botapi.True), or an error as a Service method would (an *botapi.Error chooses the
// answer, anything else is 500).
type ExtraMethod func(ctx context.Context, p *ExtraParams) (result any, err error)

// WithMethod serves the method name, which the document leaves out, with
// fn; without it such a method is answered 404 Not Found like any unknown
// one. The name matches case-insensitively. A method the document defines
// cannot be replaced: NewServer panics, as for any programming error.
func WithMethod(name string, fn ExtraMethod) ServerOption {
	return func(c *serverConfig) {
		if c.extra == nil {
			c.extra = map[string]serverExtra{}
		}
		c.extra[strings.ToLower(name)] = serverExtra{name: name, fn: fn}
	}
}

// serverExtra is one method added with WithMethod.
type serverExtra struct {
	name string
	fn   ExtraMethod
}

// serverCheckExtra refuses a WithMethod that would replace a method of the
// document.
func serverCheckExtra(h *serverHandler) {
	for lower, x := range h.cfg.extra {
		if _, ok := h.routes[lower]; ok {
			panic(fmt.Sprintf("apigen: WithMethod(%q): the document defines this method; implement it in the Service", x.name))
		}
	}
}

// call returns the extra method's serverCall.
func (x serverExtra) call() serverCall {
	return func(ctx context.Context, a *serverArgs, w *botapi.WireWriter) error {
		if err := serverNoParams(a); err != nil {
			return err
		}
		res, err := x.fn(ctx, &ExtraParams{a: a})
		if err != nil {
			return err
		}
		if res == nil {
			return serverErrNoResult
		}
		b, err := json.Marshal(res)
		if err != nil {
			return fmt.Errorf("encoding the result of %s: %w", x.name, err)
		}
		w.Raw(b)
		return nil
	}
}

// ExtraParams are the parameters of a request to a method added with
// WithMethod, read by name. An absent parameter (or an empty text, or a
// JSON null) reports ok false; a value of the wrong shape is an *botapi.Error
// (400 Bad Request naming the parameter), to be returned as it is.
type ExtraParams struct{ a *serverArgs }

// Text returns the parameter as text: a string's contents, or the JSON
// text of any other JSON value.
func (p *ExtraParams) Text(name string) (s string, ok bool, err error) {
	return serverScalar(p.a, name, false, false, serverExtraText)
}

// serverExtraText reads any value as text (ExtraParams.Text).
func serverExtraText(v serverValue) (string, error) {
	if v.json && len(v.raw) > 0 && v.raw[0] != '"' {
		return string(v.raw), nil
	}
	s, _, err := serverText(&v)
	return s, err
}

// Int64 returns an Integer parameter.
func (p *ExtraParams) Int64(name string) (n int64, ok bool, err error) {
	return serverScalar(p.a, name, false, false, serverParseInt64)
}

// Bool returns a Boolean parameter.
func (p *ExtraParams) Bool(name string) (b, ok bool, err error) {
	return serverScalar(p.a, name, false, false, serverParseBool)
}

// JSON decodes a JSON-serialized parameter (an object or array, in a JSON
// body or as the text of a form field) into v.
func (p *ExtraParams) JSON(name string, v any) (ok bool, err error) {
	s, ok, err := p.Text(name)
	if !ok || err != nil {
		return ok, err
	}
	if err := json.Unmarshal([]byte(s), v); err != nil {
		return false, serverBad("can't parse " + name + " JSON object")
	}
	return true, nil
}
