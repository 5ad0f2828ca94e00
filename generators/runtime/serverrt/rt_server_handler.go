// The server part of the runtime, the handler: routing /bot<token>/<method>,
// authentication, calling the implementation, and the error envelopes.
// The whole part is described in rt_server.go. This comment, above the
// package clause, describes the source file only and is not copied into
// the generated package, where the files of a part are joined in order.

package serverrt

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"

	botapi "github.com/apigen/apigen/generators/runtime"
)

type serverTokenKey struct{}

// TokenFromContext returns the bot token of the request being served (the
// <token> of /bot<token>/<method>); ok is false outside a request.
func TokenFromContext(ctx context.Context) (token string, ok bool) {
	token, ok = ctx.Value(serverTokenKey{}).(string)
	return token, ok
}

// serverWithToken is ctx carrying the token of the request being served.
func serverWithToken(ctx context.Context, token string) context.Context {
	return context.WithValue(ctx, serverTokenKey{}, token)
}

// serverCall decodes the parameters from a, calls the implementation and
// writes the result value to w.
type serverCall func(ctx context.Context, a *serverArgs, w *botapi.WireWriter) error

// serverRoute is one method a server answers: its API spelling, which
// errors and hooks name, and its call.
type serverRoute struct {
	name string
	call serverCall
}

type serverHandler struct {
	cfg    serverConfig
	routes map[string]serverRoute // by lower-case method name
}

// serverNewHandler builds the handler of a Caller (serverNewCaller):
// routes is the route table, by lower-case method name.
func serverNewHandler(routes map[string]serverRoute, opts []ServerOption) *serverHandler {
	h := &serverHandler{routes: routes, cfg: serverConfig{
		maxBody:         serverDefaultMaxBody,
		maxUpload:       serverDefaultMaxUpload,
		multipartMemory: serverDefaultMultipartMemory,
		memTotal:        serverDefaultMultipartMemoryTotal,
		memUsed:         new(atomic.Int64),
	}}
	for _, o := range opts {
		if o != nil {
			o(&h.cfg)
		}
	}
	serverCheckExtra(h)
	return h
}

// Errors the handler answers itself.
var (
	serverErrNotFound     = &botapi.Error{Code: http.StatusNotFound, Description: "Not Found"}
	serverErrUnauthorized = &botapi.Error{Code: http.StatusUnauthorized, Description: "Unauthorized"}
	serverErrTooLarge     = &botapi.Error{Code: http.StatusRequestEntityTooLarge, Description: "Request Entity Too Large"}
	serverErrInternal     = &botapi.Error{Code: http.StatusInternalServerError, Description: "Internal Server Error"}
	serverErrNotAllowed   = &botapi.Error{Code: http.StatusMethodNotAllowed, Description: "Method Not Allowed: use GET or POST"}
	serverErrNoResult     = errors.New("the implementation returned a nil result and a nil error")
)

// ErrNotImplemented is what Unimplemented's methods return, and what an
// implementation returns (or wraps) for a method it does not serve: it is
// answered 404 "Not Found: method not implemented", like an unknown
// method, since a client cannot tell the two apart anyway. A request the
// implementation declines with it was routed, authorized, decoded and
// validated: WithNotImplementedHook is told.
var ErrNotImplemented error = &botapi.Error{Code: http.StatusNotFound, Description: "Not Found: method not implemented"}

// serverNotImplemented is the answer of Unimplemented.
//
// Not inlined: it is the error path of every generated Unimplemented method, and
// inlined it multiplies the package's code (compile memory, binary size)
// for no gain on the path that succeeds.
//
//go:noinline
func serverNotImplemented() error {
	return ErrNotImplemented
}

// serverBad returns a 400 Bad Request error.
//
// Not inlined: it is the error path of every generated server decoder, and
// inlined it multiplies the package's code (compile memory, binary size)
// for no gain on the path that succeeds.
//
//go:noinline
func serverBad(msg string) *botapi.Error {
	return &botapi.Error{Code: http.StatusBadRequest, Description: "Bad Request: " + msg}
}

// serverValidate checks decoded parameters with the server's reading of
// the rules (botapi.WireValidate): what a client validator rejects as
// ambiguous, the server accepts when the reference server does.
func serverValidate(p interface{ Validate() error }) error { return botapi.WireValidate(p) }

// serverInvalid turns a Validate error into a 400 answer.
//
// Not inlined: it is the error path of every generated server handler, and
// inlined it multiplies the package's code (compile memory, binary size)
// for no gain on the path that succeeds.
//
//go:noinline
func serverInvalid(err error) error {
	return serverBad(err.Error())
}

func (h *serverHandler) ServeHTTP(rw http.ResponseWriter, req *http.Request) {
	path := req.URL.Path
	switch {
	case strings.HasPrefix(path, "/bot"):
		h.serveMethod(rw, req, path[len("/bot"):])
	case strings.HasPrefix(path, "/file/bot"):
		h.serveFile(rw, req, path[len("/file/bot"):])
	default:
		serverWriteError(rw, serverErrNotFound)
	}
}

// serverSplitToken splits "<token>/<rest>".
func serverSplitToken(s string) (token, rest string, ok bool) {
	i := strings.IndexByte(s, '/')
	if i <= 0 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

func (h *serverHandler) authorize(ctx context.Context, token string) bool {
	return h.cfg.auth == nil || h.cfg.auth(ctx, token)
}

func (h *serverHandler) serveMethod(rw http.ResponseWriter, req *http.Request, s string) {
	token, method, ok := serverSplitToken(s)
	if !ok || method == "" || strings.IndexByte(method, '/') >= 0 {
		serverWriteError(rw, serverErrNotFound)
		return
	}
	ctx := req.Context()
	route, err := h.route(ctx, token, method)
	if err != nil {
		serverWriteError(rw, err)
		return
	}
	if req.Method != http.MethodGet && req.Method != http.MethodPost {
		rw.Header().Set("Allow", "GET, POST")
		serverWriteError(rw, serverErrNotAllowed)
		return
	}
	ctx = serverWithToken(ctx, token)
	w := botapi.WireGetWriter()
	defer botapi.WirePutWriter(w)
	w.ObjStart()
	w.Field("ok")
	w.Bool(true)
	w.Field("result")
	if err := h.run(ctx, route, serverSourceOf(req), w); err != nil {
		serverWriteError(rw, h.answerOf(ctx, route.name, err))
		return
	}
	w.ObjEnd()
	hd := rw.Header()
	hd.Set("Content-Type", "application/json")
	hd.Set("Content-Length", strconv.Itoa(len(w.Bytes())))
	rw.WriteHeader(http.StatusOK)
	rw.Write(w.Bytes())
}

// route authorizes token (401) and finds method's route (404), a
// document's method or one added with WithMethod.
func (h *serverHandler) route(ctx context.Context, token, method string) (serverRoute, *botapi.Error) {
	if !h.authorize(ctx, token) {
		return serverRoute{}, serverErrUnauthorized
	}
	lower := strings.ToLower(method)
	route := h.routes[lower]
	if x, ok := h.cfg.extra[lower]; ok && route.call == nil {
		route = serverRoute{name: x.name, call: x.call()}
	}
	if route.call == nil {
		return serverRoute{}, serverErrNotFound
	}
	return route, nil
}

// run reads the parameters from src, calls the route with ctx (which
// carries the token: serverWithToken) and writes the result value to w;
// the not-implemented hook hears of a request the implementation
// declines.
func (h *serverHandler) run(ctx context.Context, route serverRoute, src serverSource, w *botapi.WireWriter) error {
	a := serverGetArgs(&h.cfg)
	defer serverPutArgs(a)
	if err := a.parse(src); err != nil {
		return err
	}
	if err := h.invoke(ctx, route.call, a, w, route.name); err != nil {
		if h.cfg.notImplemented != nil && errors.Is(err, ErrNotImplemented) {
			h.cfg.notImplemented(ctx, route.name)
		}
		return err
	}
	if err := w.Err(); err != nil {
		return fmt.Errorf("encoding the result: %w", err)
	}
	return nil
}

// invoke runs call, turning a panic of the implementation into an error
// (http.ErrAbortHandler is re-raised).
func (h *serverHandler) invoke(ctx context.Context, call serverCall, a *serverArgs, w *botapi.WireWriter, name string) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			err = fmt.Errorf("panic in %s: %v", name, p)
		}
	}()
	return call(ctx, a, w)
}

// answerOf is the answer to err: an *botapi.Error as it is, anything else
// 500 after calling the error hook.
func (h *serverHandler) answerOf(ctx context.Context, method string, err error) *botapi.Error {
	var e *botapi.Error
	if !errors.As(err, &e) || e == nil {
		if h.cfg.errorHook != nil {
			h.cfg.errorHook(ctx, method, err)
		}
		e = serverErrInternal
	}
	return e
}

func serverWriteError(rw http.ResponseWriter, e *botapi.Error) {
	code := e.Code
	if code < 400 || code > 599 {
		// Not an error status: the envelope would contradict the status.
		e = &botapi.Error{Code: http.StatusInternalServerError, Description: e.Description, RetryAfter: e.RetryAfter, MigrateToChatID: e.MigrateToChatID}
		code = e.Code
	}
	if e.Description == "" {
		e = &botapi.Error{Code: code, Description: http.StatusText(code), RetryAfter: e.RetryAfter, MigrateToChatID: e.MigrateToChatID}
	}
	w := botapi.WireGetWriter()
	defer botapi.WirePutWriter(w)
	serverWriteErrorEnvelope(w, e)
	hd := rw.Header()
	hd.Set("Content-Type", "application/json")
	hd.Set("Content-Length", strconv.Itoa(len(w.Bytes())))
	if code == http.StatusTooManyRequests && e.RetryAfter > 0 {
		hd.Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	rw.WriteHeader(code)
	rw.Write(w.Bytes())
}

// serverWriteErrorEnvelope writes {"ok":false,"error_code":...,"description":...}
// with "parameters" when RetryAfter or MigrateToChatID is set.
func serverWriteErrorEnvelope(w *botapi.WireWriter, e *botapi.Error) {
	w.ObjStart()
	w.Field("ok")
	w.Bool(false)
	w.Field("error_code")
	w.Int(e.Code)
	w.Field("description")
	w.Str(e.Description)
	if e.RetryAfter > 0 || e.MigrateToChatID != 0 {
		w.Field("parameters")
		w.ObjStart()
		if e.MigrateToChatID != 0 {
			w.Field("migrate_to_chat_id")
			w.Int64(e.MigrateToChatID)
		}
		if e.RetryAfter > 0 {
			w.Field("retry_after")
			w.Int(e.RetryAfter)
		}
		w.ObjEnd()
	}
	w.ObjEnd()
}
