// The server part of the runtime, calls without HTTP: a Caller is the
// handler NewServer returns, and its Call serves one request given as its
// parts. The whole part is described in rt_server.go. This comment, above
// the package clause, describes the source file only and is not copied
// into the generated package.

package serverrt

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"

	botapi "github.com/apigen/apigen/generators/runtime"
)

// Caller is a Service served as NewServer serves it (NewServer returns a
// Caller): an http.Handler, and Call, which serves one call without HTTP
// for a front that reads requests itself (a server of another version of
// the API in front of this one, a proxy, a test) and wants the result or
// the error rather than a response to parse.
type Caller struct{ h *serverHandler }

// ServeHTTP serves HTTP requests as described on NewServer.
func (c *Caller) ServeHTTP(rw http.ResponseWriter, req *http.Request) { c.h.ServeHTTP(rw, req) }

// Call serves one call of method for token exactly as ServeHTTP serves a
// request to /bot<token>/<method>: the token is checked (WithTokens,
// WithAuth), the method found (case-insensitively; WithMethod's too),
// the parameters read from query (a URL query string, "" for none) and
// body (nil for none) by contentType (JSON, urlencoded or
// multipart/form-data with its boundary), within the same limits,
// decoded and validated, and the Service's method called with ctx
// carrying the token (TokenFromContext). The signature names no type of
// this package, so that one interface holds the Callers of every
// version's server package.
//
// The result is its JSON encoding: what ServeHTTP writes after
// "result":. The error is an *botapi.Error where ServeHTTP answers it (401,
// 404, 400 naming the parameter, 413, or the implementation's own,
// ErrNotImplemented for a method it declines, after the
// not-implemented hook), and any other error as the implementation (or
// the result's encoding, or a recovered panic) gave it, where ServeHTTP
// answers 500 after calling the error hook; Call calls no error hook.
func (c *Caller) Call(ctx context.Context, token, method, query, contentType string, body io.Reader) (json.RawMessage, error) {
	route, e := c.h.route(ctx, token, method)
	if e != nil {
		return nil, e
	}
	w := botapi.WireGetWriter()
	defer botapi.WirePutWriter(w)
	if err := c.h.run(serverWithToken(ctx, token), route, serverSource{query: query, contentType: contentType, length: -1, body: body}, w); err != nil {
		return nil, err
	}
	return bytes.Clone(w.Bytes()), nil
}

// serverNewCaller is NewCaller's runtime half: routes is the route
// table, by lower-case method name.
func serverNewCaller(routes map[string]serverRoute, opts []ServerOption) *Caller {
	return &Caller{serverNewHandler(routes, opts)}
}
