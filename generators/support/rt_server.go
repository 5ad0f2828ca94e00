package support

// Runtime of the server stubs (server_gen.go): routing, authentication,
// request decoding (query string, urlencoded, JSON, multipart), upload
// spooling, error envelopes and file downloads. Owned by the server backend
// (generators/server). Standard library only.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// Default limits of NewServer (see the With* options).
const (
	// serverDefaultMaxBody bounds a request body without files, and the
	// non-file parts of a multipart body together: 1 MiB (the API's
	// largest non-file requests are a few kilobytes).
	serverDefaultMaxBody = 1 << 20
	// serverDefaultMaxUpload bounds the uploaded files of one request
	// together: 50 MiB, the document's "50 MB" per send operation of the
	// cloud service read generously, so that no upload it accepts is
	// refused.
	serverDefaultMaxUpload = 50 << 20
	// serverLocalMaxUpload is the local server's upload limit: 2000 MiB
	// (the document's "2000 MB", read the same way).
	serverLocalMaxUpload = 2000 << 20
	// serverDefaultMultipartMemory is how much uploaded data one request
	// keeps in memory before spooling to temporary files.
	serverDefaultMultipartMemory = 8 << 20
	// serverDefaultMultipartMemoryTotal is how much uploaded data all
	// requests together keep in memory: 64 MiB. Without a shared bound, 100
	// concurrent uploads held 800 MiB (the soak test's peak RSS was 853
	// MB); beyond it uploads are spooled to temporary files.
	serverDefaultMultipartMemoryTotal = 64 << 20
	// serverMaxParts bounds the number of multipart parts of one request.
	serverMaxParts = 1000
	// serverMaxHeaderLines bounds the part header lines of one multipart
	// body, all parts together: mime/multipart's bound (10 000 headers).
	// Without it 64 requests of 150 000 header lines each (within the body
	// limit) cost 3.3 s of CPU and 325 MB.
	serverMaxHeaderLines = 10000
	// serverMaxParams bounds the number of parameters of one request
	// (query string, form, JSON members and text parts together): the
	// API's methods take at most a few dozen, and each parameter costs
	// some 20 times its size in memory, so a body of tiny "a=b&" pairs is
	// refused before anything is allocated for it.
	serverMaxParams = 1000
	// serverPartSlack is what a multipart body may carry beyond the body
	// limit for non-file data: part headers and boundaries of the file
	// parts, and the reader's look-ahead.
	serverPartSlack = 64 << 10
)

// ServerOption configures NewServer.
type ServerOption func(*serverConfig)

type serverConfig struct {
	auth            func(ctx context.Context, token string) bool
	maxBody         int64
	maxUpload       int64
	multipartMemory int64
	memTotal        int64
	memUsed         *atomic.Int64 // shared by the handler's requests
	tempDir         string
	files           FileStore
	errorHook       func(ctx context.Context, method string, err error)
	extra           map[string]serverExtra // WithMethod (rt_server_methods.go)
}

// WithTokens accepts only requests whose path carries one of tokens; any
// other token is answered 401 Unauthorized. Tokens are compared in constant
// time (their SHA-256 digests, so neither contents nor lengths leak through
// timing). Without WithTokens or WithAuth every token is accepted and the
// implementation reads it with TokenFromContext.
func WithTokens(tokens ...string) ServerOption {
	sums := make([][sha256.Size]byte, len(tokens))
	for i, t := range tokens {
		sums[i] = sha256.Sum256([]byte(t))
	}
	return func(c *serverConfig) {
		c.auth = func(_ context.Context, token string) bool {
			got := sha256.Sum256([]byte(token))
			ok := 0
			for i := range sums {
				ok |= subtle.ConstantTimeCompare(got[:], sums[i][:])
			}
			return ok == 1
		}
	}
}

// WithAuth sets the function that accepts or rejects a request's token
// (401 Unauthorized when it returns false). It replaces WithTokens; it should
// compare secrets in constant time (crypto/subtle).
func WithAuth(accept func(ctx context.Context, token string) bool) ServerOption {
	return func(c *serverConfig) { c.auth = accept }
}

// WithMaxBodySize bounds a request body without files, and the non-file
// parts of a multipart/form-data body together (default 1 MiB). A larger
// body is answered 413 Request Entity Too Large.
func WithMaxBodySize(n int64) ServerOption { return func(c *serverConfig) { c.maxBody = n } }

// WithMaxUploadSize bounds the uploaded files of one request together
// (default 50 MiB, the cloud limit per send operation). A larger upload is
// answered 413 Request Entity Too Large.
func WithMaxUploadSize(n int64) ServerOption { return func(c *serverConfig) { c.maxUpload = n } }

// WithLocalServerLimits applies the local server's upload limit (2000 MiB).
func WithLocalServerLimits() ServerOption {
	return func(c *serverConfig) { c.maxUpload = serverLocalMaxUpload }
}

// WithMaxMultipartMemory sets how many bytes of uploaded files one request
// keeps in memory (default 8 MiB); the rest is spooled to temporary files
// that are removed when the method returns.
func WithMaxMultipartMemory(n int64) ServerOption {
	return func(c *serverConfig) { c.multipartMemory = n }
}

// WithMaxMultipartMemoryTotal sets how many bytes of uploaded files all
// requests being served keep in memory together (default 64 MiB); an
// upload that does not fit is spooled to a temporary file.
func WithMaxMultipartMemoryTotal(n int64) ServerOption {
	return func(c *serverConfig) { c.memTotal = n }
}

// reserve takes up to want bytes of the shared in-memory upload budget and
// returns how many it took.
func (c *serverConfig) reserve(want int64) int64 {
	for {
		used := c.memUsed.Load()
		avail := c.memTotal - used
		if avail <= 0 || want <= 0 {
			return 0
		}
		r := min(want, avail)
		if c.memUsed.CompareAndSwap(used, used+r) {
			return r
		}
	}
}

// WithTempDir sets the directory of spooled uploads (default os.TempDir()).
func WithTempDir(dir string) ServerOption { return func(c *serverConfig) { c.tempDir = dir } }

// WithFileStore serves GET /file/bot<token>/<file_path> from fs, as
// application/octet-stream with X-Content-Type-Options: nosniff (never a
// type sniffed from the contents). Without it those requests are answered
// 404 Not Found. DirFileStore(dir) is a store confined to dir; a store on
// os.DirFS follows symbolic links out of its directory.
func WithFileStore(fs FileStore) ServerOption { return func(c *serverConfig) { c.files = fs } }

// WithErrorHook is called with every error answered 500 Internal Server Error
// (an implementation error that is not an *Error, a nil result, a result
// that cannot be encoded, a panic, a FileStore failure). The client only
// sees "Internal Server Error"; log the details here. method is the API
// method name as routed (or "file" for downloads).
func WithErrorHook(hook func(ctx context.Context, method string, err error)) ServerOption {
	return func(c *serverConfig) { c.errorHook = hook }
}

// FileStore serves the files whose file_path getFile returned.
type FileStore interface {
	// Open returns the file at filePath, a clean relative slash-separated
	// path (the server has rejected "..", absolute paths, backslashes, NUL
	// and encoded slashes). The token is in ctx (TokenFromContext). Return
	// an error wrapping fs.ErrNotExist for 404 Not Found, an *Error to
	// choose the answer, anything else for 500. A file that implements
	// io.Seeker is served with range support.
	Open(ctx context.Context, filePath string) (fs.File, error)
}

type serverTokenKey struct{}

// TokenFromContext returns the bot token of the request being served (the
// <token> of /bot<token>/<method>); ok is false outside a request.
func TokenFromContext(ctx context.Context) (token string, ok bool) {
	token, ok = ctx.Value(serverTokenKey{}).(string)
	return token, ok
}

// serverCall decodes the parameters from a, calls the implementation and
// writes the result value to w.
type serverCall func(ctx context.Context, a *serverArgs, w *jsonWriter) error

type serverHandler struct {
	cfg    serverConfig
	routes map[string]serverCall // lower-case method name
	names  map[string]string     // lower-case -> API spelling
}

// serverNewHandler is NewServer's runtime half: routes maps the lower-case
// method names to their calls, names to their API spelling.
func serverNewHandler(routes map[string]serverCall, names map[string]string, opts []ServerOption) http.Handler {
	h := &serverHandler{routes: routes, names: names, cfg: serverConfig{
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
	serverErrNotFound     = &Error{Code: http.StatusNotFound, Description: "Not Found"}
	serverErrUnauthorized = &Error{Code: http.StatusUnauthorized, Description: "Unauthorized"}
	serverErrTooLarge     = &Error{Code: http.StatusRequestEntityTooLarge, Description: "Request Entity Too Large"}
	serverErrInternal     = &Error{Code: http.StatusInternalServerError, Description: "Internal Server Error"}
	serverErrNotAllowed   = &Error{Code: http.StatusMethodNotAllowed, Description: "Method Not Allowed: use GET or POST"}
	serverErrNoResult     = errors.New("the implementation returned a nil result and a nil error")
)

// serverNotImplemented is the answer of Unimplemented: 404 like an unknown
// method, since a client cannot tell the two apart anyway.
func serverNotImplemented() error {
	return &Error{Code: http.StatusNotFound, Description: "Not Found: method not implemented"}
}

// serverBad returns a 400 Bad Request error.
func serverBad(msg string) *Error {
	return &Error{Code: http.StatusBadRequest, Description: "Bad Request: " + msg}
}

// serverValidate checks decoded parameters with the server's reading of
// the rules (validateState.emptyNotChoice): what a client validator rejects
// as ambiguous, the server accepts when the reference server does.
func serverValidate(p interface{ Validate() error }) error {
	if v, ok := p.(interface {
		validateAt(s *validateState, at *validatePath)
	}); ok {
		s := validateState{emptyNotChoice: true}
		v.validateAt(&s, nil)
		return s.err()
	}
	return p.Validate()
}

// serverInvalid turns a Validate error into a 400 answer.
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
	if !h.authorize(ctx, token) {
		serverWriteError(rw, serverErrUnauthorized)
		return
	}
	lower := strings.ToLower(method)
	call := h.routes[lower]
	name := h.names[lower]
	if x, ok := h.cfg.extra[lower]; ok && call == nil {
		call, name = x.call(), x.name
	}
	if call == nil {
		serverWriteError(rw, serverErrNotFound)
		return
	}
	if req.Method != http.MethodGet && req.Method != http.MethodPost {
		rw.Header().Set("Allow", "GET, POST")
		serverWriteError(rw, serverErrNotAllowed)
		return
	}
	ctx = context.WithValue(ctx, serverTokenKey{}, token)
	a := serverGetArgs(&h.cfg)
	defer serverPutArgs(a)
	if err := a.parse(req); err != nil {
		h.writeErr(ctx, rw, name, err)
		return
	}
	w := jsonGetWriter()
	defer jsonPutWriter(w)
	w.buf = append(w.buf, `{"ok":true,"result":`...)
	w.more = false
	if err := h.invoke(ctx, call, a, w, name); err != nil {
		h.writeErr(ctx, rw, name, err)
		return
	}
	if err := w.Err(); err != nil {
		h.writeErr(ctx, rw, name, fmt.Errorf("encoding the result: %w", err))
		return
	}
	w.buf = append(w.buf, '}')
	hd := rw.Header()
	hd.Set("Content-Type", "application/json")
	hd.Set("Content-Length", strconv.Itoa(len(w.buf)))
	rw.WriteHeader(http.StatusOK)
	rw.Write(w.buf)
}

// invoke runs call, turning a panic of the implementation into an error
// (http.ErrAbortHandler is re-raised).
func (h *serverHandler) invoke(ctx context.Context, call serverCall, a *serverArgs, w *jsonWriter, name string) (err error) {
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

// writeErr answers err: an *Error as it is (a 429 also sets Retry-After),
// anything else as 500 after calling the error hook.
func (h *serverHandler) writeErr(ctx context.Context, rw http.ResponseWriter, method string, err error) {
	var e *Error
	if !errors.As(err, &e) || e == nil {
		if h.cfg.errorHook != nil {
			h.cfg.errorHook(ctx, method, err)
		}
		e = serverErrInternal
	}
	serverWriteError(rw, e)
}

func serverWriteError(rw http.ResponseWriter, e *Error) {
	code := e.Code
	if code < 400 || code > 599 {
		// Not an error status: the envelope would contradict the status.
		e = &Error{Code: http.StatusInternalServerError, Description: e.Description, RetryAfter: e.RetryAfter, MigrateToChatID: e.MigrateToChatID}
		code = e.Code
	}
	if e.Description == "" {
		e = &Error{Code: code, Description: http.StatusText(code), RetryAfter: e.RetryAfter, MigrateToChatID: e.MigrateToChatID}
	}
	w := jsonGetWriter()
	defer jsonPutWriter(w)
	jsonWriteErrorEnvelope(w, e)
	hd := rw.Header()
	hd.Set("Content-Type", "application/json")
	hd.Set("Content-Length", strconv.Itoa(len(w.buf)))
	if code == http.StatusTooManyRequests && e.RetryAfter > 0 {
		hd.Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	rw.WriteHeader(code)
	rw.Write(w.buf)
}

// ---------------------------------------------------------------- files

func (h *serverHandler) serveFile(rw http.ResponseWriter, req *http.Request, s string) {
	token, filePath, ok := serverSplitToken(s)
	if !ok {
		serverWriteError(rw, serverErrNotFound)
		return
	}
	ctx := req.Context()
	if !h.authorize(ctx, token) {
		serverWriteError(rw, serverErrUnauthorized)
		return
	}
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		rw.Header().Set("Allow", "GET, HEAD")
		serverWriteError(rw, &Error{Code: http.StatusMethodNotAllowed, Description: "Method Not Allowed: use GET"})
		return
	}
	if h.cfg.files == nil {
		serverWriteError(rw, serverErrNotFound)
		return
	}
	raw := req.URL.EscapedPath()
	if msg := serverCheckFilePath(filePath, raw); msg != "" {
		serverWriteError(rw, serverBad(msg))
		return
	}
	ctx = context.WithValue(ctx, serverTokenKey{}, token)
	f, err := h.cfg.files.Open(ctx, filePath)
	if err != nil {
		var e *Error
		switch {
		case errors.As(err, &e) && e != nil:
			serverWriteError(rw, e)
		case errors.Is(err, fs.ErrNotExist) || serverEscapes(err):
			serverWriteError(rw, serverErrNotFound)
		default:
			h.writeErr(ctx, rw, "file", err)
		}
		return
	}
	defer f.Close()
	var size int64 = -1
	var mod time.Time
	if st, err := f.Stat(); err == nil {
		if st.IsDir() {
			serverWriteError(rw, serverErrNotFound)
			return
		}
		size, mod = st.Size(), st.ModTime()
	}
	// Uploaded files are whatever a user sent: never let a browser sniff
	// them into HTML or SVG on the server's origin.
	rw.Header().Set("Content-Type", "application/octet-stream")
	rw.Header().Set("X-Content-Type-Options", "nosniff")
	if rs, ok := f.(io.ReadSeeker); ok {
		name := filePath[strings.LastIndexByte(filePath, '/')+1:]
		http.ServeContent(rw, req, name, mod, rs)
		return
	}
	if size >= 0 {
		rw.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	}
	rw.WriteHeader(http.StatusOK)
	if req.Method != http.MethodHead {
		io.Copy(rw, f)
	}
}

// serverEscapes reports an os.Root refusing a path that leads out of its
// directory (a symbolic link): the file does not exist as far as the
// client may know.
func serverEscapes(err error) bool {
	return strings.Contains(err.Error(), "path escapes from parent")
}

// DirFileStore serves the files under dir through os.Root: a ".." or a
// symbolic link that leads out of dir is answered 404, so only files below
// dir can be downloaded. Prefer it to a store built on os.DirFS, which
// follows symbolic links out of its directory.
func DirFileStore(dir string) FileStore { return serverDirStore{dir: dir} }

type serverDirStore struct{ dir string }

func (d serverDirStore) Open(_ context.Context, filePath string) (fs.File, error) {
	root, err := os.OpenRoot(d.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.Open(filePath)
	if err != nil && serverEscapes(err) {
		return nil, fs.ErrNotExist
	}
	return f, err
}

// serverCheckFilePath rejects download paths that could leave the store:
// empty, absolute, "." or ".." segments, empty segments, backslashes, NUL or
// other control characters, invalid UTF-8, and encoded slashes, backslashes
// or NULs in the raw path. It returns the reason, or "" when p is clean.
func serverCheckFilePath(p, raw string) string {
	lr := strings.ToLower(raw)
	for _, enc := range []string{"%2f", "%5c", "%00"} {
		if strings.Contains(lr, enc) {
			return "invalid file path: encoded " + map[string]string{"%2f": "slash", "%5c": "backslash", "%00": "NUL"}[enc]
		}
	}
	switch {
	case p == "":
		return "invalid file path: empty"
	case p[0] == '/':
		return "invalid file path: absolute"
	case !utf8.ValidString(p):
		return "invalid file path: not UTF-8"
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			return "invalid file path: backslash"
		case c < 0x20 || c == 0x7f:
			return "invalid file path: control character"
		case c == ':' && i == 1:
			return "invalid file path: drive letter"
		}
	}
	for _, seg := range strings.Split(p, "/") {
		switch seg {
		case "":
			return "invalid file path: empty segment"
		case ".", "..":
			return "invalid file path: dot segment"
		}
	}
	return ""
}

// ---------------------------------------------------------------- arguments

// serverValue is one parameter value as it came: text from the query
// string, a urlencoded body or a multipart text part, or a JSON value of a
// JSON body.
type serverValue struct {
	name string
	text string
	raw  []byte // the JSON value when json is set
	json bool
}

// absent reports whether v says nothing: an empty text or a JSON null.
func (v *serverValue) absent() bool {
	if v.json {
		return len(v.raw) == 4 && string(v.raw) == "null"
	}
	return v.text == ""
}

// empty reports whether v loses to any other value of its name: absent, or
// the JSON string "" (which is a value, the empty string, when nothing else
// is given), so that for one name the first non-empty value wins in every
// encoding.
func (v *serverValue) empty() bool {
	return v.absent() || v.json && len(v.raw) == 2 && string(v.raw) == `""`
}

// serverPart is a multipart part with a filename (an upload), kept in
// memory or spooled to a temporary file.
type serverPart struct {
	name     string
	filename string
	// chunks hold an upload kept in memory: every chunk is full but the
	// last. They come from serverChunkPool and go back to it when the
	// request ends.
	chunks []*serverChunk
	file   *os.File
	size   int64
	// released is set when the request has ended and the chunks are
	// given back: a reader kept past the call then fails.
	released bool
}

func (p *serverPart) reader() io.Reader {
	if p.file != nil {
		return io.NewSectionReader(p.file, 0, p.size)
	}
	return &serverPartReader{p: p}
}

// serverChunkSize is the size of the pooled chunks an upload kept in
// memory is read into: no buffer grows by doubling, and the bytes
// allocated per request do not grow with the file size.
const serverChunkSize = 32 << 10

type serverChunk [serverChunkSize]byte

var serverChunkPool = sync.Pool{New: func() any { return new(serverChunk) }}

// errServerUploadReleased is returned by the reader of an upload kept in
// memory once the method has returned (spooled uploads are removed then).
var errServerUploadReleased = errors.New("apigen: upload read after the method returned")

// serverPartReader reads an upload kept in memory in chunks: an
// io.Reader, io.Seeker, io.ReaderAt and io.WriterTo.
type serverPartReader struct {
	p   *serverPart
	off int64
}

func (r *serverPartReader) Read(b []byte) (int, error) {
	n, err := r.ReadAt(b, r.off)
	r.off += int64(n)
	if err == io.EOF && n > 0 {
		err = nil
	}
	return n, err
}

func (r *serverPartReader) ReadAt(b []byte, off int64) (int, error) {
	p := r.p
	if p.released {
		return 0, errServerUploadReleased
	}
	if off < 0 {
		return 0, errors.New("apigen: negative offset")
	}
	n := 0
	for n < len(b) && off < p.size {
		c := p.chunks[off/serverChunkSize]
		lo := off % serverChunkSize
		hi := int64(serverChunkSize)
		if rest := p.size - (off - lo); rest < hi {
			hi = rest
		}
		m := copy(b[n:], c[lo:hi])
		n += m
		off += int64(m)
	}
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
}

func (r *serverPartReader) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += r.off
	case io.SeekEnd:
		offset += r.p.size
	default:
		return 0, errors.New("apigen: invalid whence")
	}
	if offset < 0 {
		return 0, errors.New("apigen: negative position")
	}
	r.off = offset
	return offset, nil
}

func (r *serverPartReader) WriteTo(w io.Writer) (int64, error) {
	p := r.p
	var total int64
	for r.off < p.size {
		if p.released {
			return total, errServerUploadReleased
		}
		c := p.chunks[r.off/serverChunkSize]
		lo := r.off % serverChunkSize
		hi := int64(serverChunkSize)
		if rest := p.size - (r.off - lo); rest < hi {
			hi = rest
		}
		m, err := w.Write(c[lo:hi])
		r.off += int64(m)
		total += int64(m)
		if err != nil {
			return total, err
		}
		if int64(m) < hi-lo {
			return total, io.ErrShortWrite
		}
	}
	return total, nil
}

// serverPutChunks gives chunks back to the pool.
func serverPutChunks(chunks []*serverChunk) {
	for i, c := range chunks {
		serverChunkPool.Put(c)
		chunks[i] = nil
	}
}

// serverArgs holds the parameters of one request, in precedence order:
// the query string first, then the body.
type serverArgs struct {
	cfg   *serverConfig
	vals  []serverValue
	parts []*serverPart
	// body is the buffer of a non-multipart body.
	body []byte
	// json is a JSON object body not yet split into vals: a request with
	// no query parameters and a JSON object body is decoded in one pass by
	// the method's JSON decoder (serverDecodeParams).
	json []byte
	tmp  []*os.File
	// uploaded and texts count the bytes of uploads and of text parts.
	uploaded, texts int64
	// held is this request's share of the handler's in-memory upload
	// budget, given back when the request ends.
	held int64
	// chunks are the pooled chunks of the uploads kept in memory; each
	// part's chunks are a subslice.
	chunks []*serverChunk
	// cr counts the bytes of a multipart body; file contents raise its
	// limit as they are read, so everything else counts against the body
	// limit.
	cr *serverCountingReader
}

var serverArgsPool = sync.Pool{New: func() any { return new(serverArgs) }}

func serverGetArgs(cfg *serverConfig) *serverArgs {
	a := serverArgsPool.Get().(*serverArgs)
	a.cfg = cfg
	return a
}

func serverPutArgs(a *serverArgs) {
	if a.held > 0 {
		a.cfg.memUsed.Add(-a.held)
		a.held = 0
	}
	for _, f := range a.tmp {
		f.Close()
		os.Remove(f.Name())
	}
	for _, p := range a.parts {
		p.released = true
		p.chunks = nil
	}
	serverPutChunks(a.chunks)
	if cap(a.chunks) > 1024 {
		a.chunks = nil
	}
	a.chunks = a.chunks[:0]
	clear(a.vals)
	clear(a.parts)
	clear(a.tmp)
	a.vals, a.parts, a.tmp = a.vals[:0], a.parts[:0], a.tmp[:0]
	a.uploaded, a.texts = 0, 0
	a.cfg, a.cr, a.json = nil, nil, nil
	if cap(a.body) > 64<<10 {
		a.body = nil
	}
	a.body = a.body[:0]
	serverArgsPool.Put(a)
}

// get returns the value of the parameter name: the first non-empty one, or
// the first empty one when no other is given.
func (a *serverArgs) get(name string) (serverValue, bool) {
	var empty serverValue
	found := false
	for i := range a.vals {
		v := &a.vals[i]
		if v.name != name {
			continue
		}
		if v.empty() {
			if !found {
				empty, found = *v, true
			}
			continue
		}
		return *v, true
	}
	return empty, found
}

// add appends a parameter, refusing more than serverMaxParams.
func (a *serverArgs) add(v serverValue) error {
	if len(a.vals) >= serverMaxParams {
		return serverErrTooManyParams
	}
	a.vals = append(a.vals, v)
	return nil
}

var serverErrTooManyParams = serverBad("more than " + strconv.Itoa(serverMaxParams) + " parameters")

// parse reads the query string and the body.
func (a *serverArgs) parse(req *http.Request) error {
	if int64(len(req.URL.RawQuery)) > a.cfg.maxBody {
		return &Error{Code: http.StatusRequestEntityTooLarge, Description: "Request Entity Too Large: the query string is longer than the body limit"}
	}
	if err := a.parseForm(req.URL.RawQuery, "query string"); err != nil {
		return err
	}
	if req.Body == nil || req.Body == http.NoBody {
		return nil
	}
	ct := req.Header.Get("Content-Type")
	mt := ct
	if i := strings.IndexByte(mt, ';'); i >= 0 {
		mt = mt[:i]
	}
	mt = strings.ToLower(strings.TrimSpace(mt))
	switch mt {
	case "multipart/form-data":
		_, params, err := mime.ParseMediaType(ct)
		if err != nil || params["boundary"] == "" {
			return serverBad("multipart/form-data without a valid boundary")
		}
		return a.parseMultipart(req, params["boundary"])
	case "application/json", "application/x-www-form-urlencoded", "", "text/plain", "application/octet-stream":
	default:
		if !strings.HasSuffix(mt, "+json") {
			return serverBad("unsupported Content-Type " + strconv.Quote(mt) + ": use application/json, application/x-www-form-urlencoded or multipart/form-data")
		}
		mt = "application/json"
	}
	if req.ContentLength > a.cfg.maxBody {
		return serverErrTooLarge
	}
	body, err := a.readBody(req.Body)
	if err != nil {
		return err
	}
	if mt != "application/json" && mt != "application/x-www-form-urlencoded" {
		// No or a generic content type: a JSON object or a form, by its
		// first byte.
		t := bytes.TrimLeft(body, " \t\r\n")
		switch {
		case len(t) == 0:
			return nil
		case t[0] == '{':
			mt = "application/json"
		default:
			mt = "application/x-www-form-urlencoded"
		}
	}
	if mt == "application/json" {
		if len(a.vals) == 0 && serverJSONObjectBody(body) && serverCheckJSONBody(body) == nil {
			a.json = body
			return nil
		}
		// Also a body with bad text: the split path names the parameter.
		return a.parseJSON(body)
	}
	return a.parseForm(string(body), "form body")
}

// serverJSONObjectBody reports whether a JSON body starts like an object.
func serverJSONObjectBody(body []byte) bool {
	t := bytes.TrimLeft(body, " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}

func (a *serverArgs) readBody(r io.Reader) ([]byte, error) {
	buf := a.body[:0]
	limit := a.cfg.maxBody
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			a.body = buf
			return nil, serverErrTooLarge
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			a.body = buf
			return nil, serverBad("reading the body: " + serverReadErr(err))
		}
	}
	a.body = buf
	return buf, nil
}

// serverReadErr describes a failure to read the request body without the
// error's own text, which names the socket addresses.
func serverReadErr(err error) string {
	var ne net.Error
	switch {
	case errors.As(err, &ne) && ne.Timeout(), errors.Is(err, os.ErrDeadlineExceeded):
		return "timed out"
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "unexpected end of the body"
	}
	return "the connection failed"
}

// serverCheckText rejects a text parameter that is not valid UTF-8 (the
// Common request rules: requests are UTF-8) or holds a NUL character, the
// same way for every encoding.
func serverCheckText(name, s string) error {
	if !utf8.ValidString(s) {
		return serverBad("parameter " + strconv.Quote(serverPrintable(name)) + " is not valid UTF-8")
	}
	if strings.IndexByte(s, 0) >= 0 {
		return serverBad("parameter " + strconv.Quote(name) + " contains a NUL character")
	}
	return nil
}

// serverPrintable makes a name that may not be UTF-8 safe to quote.
func serverPrintable(s string) string { return strings.ToValidUTF8(s, "\ufffd") }

// serverBadEscape reports an escape in JSON text b that stands for no
// valid text: \u0000 (a NUL character, refused in every encoding) or a
// surrogate that is not half of a pair, which a JSON reader would replace
// by U+FFFD. It returns what is wrong, or "". Escapes are read in order
// from the start, so an escaped backslash before "u0000" is no escape.
func serverBadEscape(b []byte) string {
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], '\\')
		if j < 0 || i+j+1 >= len(b) {
			return ""
		}
		i += j
		if b[i+1] != 'u' {
			i += 2
			continue
		}
		u := serverHex4(b[i+2:])
		switch {
		case u == 0:
			return "contains a NUL character (\\u0000)"
		case u >= 0xd800 && u < 0xdc00:
			// A high surrogate: a low one must follow.
			if lo := serverHex4(b[min(i+8, len(b)):]); i+7 < len(b) && b[i+6] == '\\' && b[i+7] == 'u' && lo >= 0xdc00 && lo < 0xe000 {
				i += 12
				continue
			}
			return "contains a lone surrogate escape (\\u" + string(b[i+2:i+6]) + ")"
		case u >= 0xdc00 && u < 0xe000:
			return "contains a lone surrogate escape (\\u" + string(b[i+2:i+6]) + ")"
		}
		i += 2
	}
}

// serverHex4 reads the 4 hex digits at the start of b; -1 if there are none.
func serverHex4(b []byte) int {
	if len(b) < 4 {
		return -1
	}
	u := 0
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			u = u<<4 | int(c-'0')
		case c >= 'a' && c <= 'f':
			u = u<<4 | int(c-'a'+10)
		case c >= 'A' && c <= 'F':
			u = u<<4 | int(c-'A'+10)
		default:
			return -1
		}
	}
	return u
}

// parseForm reads name=value pairs separated by '&'.
func (a *serverArgs) parseForm(s, what string) error {
	// Count before allocating anything for the pairs.
	if strings.Count(s, "&") >= serverMaxParams+len(a.vals) {
		return serverErrTooManyParams
	}
	for s != "" {
		var kv string
		kv, s, _ = strings.Cut(s, "&")
		if kv == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		k, err := serverUnescape(k)
		if err != nil {
			return serverBad("invalid " + what + ": " + err.Error())
		}
		v, err = serverUnescape(v)
		if err != nil {
			return serverBad("invalid " + what + ": " + err.Error())
		}
		if err := serverCheckText(k, k); err != nil {
			return err
		}
		if err := serverCheckText(k, v); err != nil {
			return err
		}
		if err := a.add(serverValue{name: k, text: v}); err != nil {
			return err
		}
	}
	return nil
}

func serverUnescape(s string) (string, error) {
	if strings.IndexByte(s, '%') < 0 && strings.IndexByte(s, '+') < 0 {
		return s, nil
	}
	return url.QueryUnescape(s)
}

// parseJSON reads a JSON object body; empty and null bodies carry nothing.
// Text that is not valid (serverCheckJSONBody) is a 400 naming the member
// that holds it.
func (a *serverArgs) parseJSON(body []byte) error {
	bad := serverCheckJSONBody(body)
	r := jsonGetReader(body)
	defer jsonPutReader(r)
	switch r.Next() {
	case jsonKindInvalid:
		if len(bytes.TrimSpace(body)) == 0 {
			return nil
		}
	case jsonKindNull:
		r.Null()
		if err := r.End(); err != nil {
			return serverBad("invalid JSON body: " + serverTrimJSON(err))
		}
		return nil
	case jsonKindObject:
	default:
		return serverBad("the JSON body must be an object, found " + r.Next().String())
	}
	err := r.Object(func(r *jsonReader, key []byte) error {
		raw, err := r.Raw()
		if err != nil {
			return err
		}
		if bad != nil {
			if err := serverCheckJSONText(string(key), raw); err != nil {
				return err
			}
		}
		return a.add(serverValue{name: string(key), raw: raw, json: true})
	})
	if err == nil {
		err = r.End()
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	if err != nil {
		return serverBad("invalid JSON body: " + serverTrimJSON(err))
	}
	return bad
}

// serverCheckJSONText is serverCheckText for a JSON value raw: UTF-8,
// without NUL characters or lone surrogates (serverBadEscape). The name is
// checked too.
func serverCheckJSONText(name string, raw []byte) error {
	if err := serverCheckText(name, name); err != nil {
		return err
	}
	if !utf8.Valid(raw) {
		return serverBad("parameter " + strconv.Quote(name) + " is not valid UTF-8")
	}
	if msg := serverBadEscape(raw); msg != "" {
		return serverBad("parameter " + strconv.Quote(name) + " " + msg)
	}
	return nil
}

// serverCheckJSONBody rejects a JSON body that is not UTF-8 or holds an
// escaped NUL or a lone surrogate (serverBadEscape), like a form or a
// multipart text, rather than letting a JSON reader replace the bytes by
// U+FFFD. parseJSON then names the member (this error is for text outside
// any member's value, such as a key).
func serverCheckJSONBody(body []byte) error {
	if !utf8.Valid(body) {
		return serverBad("the JSON body is not valid UTF-8")
	}
	if msg := serverBadEscape(body); msg != "" {
		return serverBad("the JSON body " + msg)
	}
	return nil
}

func serverTrimJSON(err error) string {
	return strings.TrimPrefix(err.Error(), "json: ")
}

// serverCountingReader counts the bytes read and stops at a limit.
type serverCountingReader struct {
	r     io.Reader
	n     int64
	limit int64
}

var serverErrBodyLimit = errors.New("body limit")

func (c *serverCountingReader) Read(p []byte) (int, error) {
	if c.n >= c.limit {
		return 0, serverErrBodyLimit
	}
	if int64(len(p)) > c.limit-c.n {
		p = p[:c.limit-c.n]
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// parseMultipart streams the parts: text parts become values, parts with
// a filename (even an empty one) become uploads, kept in memory up to the
// multipart memory limit and spooled to temporary files beyond.
func (a *serverArgs) parseMultipart(req *http.Request, boundary string) error {
	total := a.cfg.maxBody + a.cfg.maxUpload + 1<<20
	if req.ContentLength > total {
		return serverErrTooLarge
	}
	// Part headers, boundaries, text parts and parts that are not form
	// fields count against the body limit; file contents raise the limit
	// as they are read (serverCredit), within the upload limit.
	cr := &serverCountingReader{r: req.Body, limit: a.cfg.maxBody + serverPartSlack}
	a.cr = cr
	mr := serverNewMultipart(cr, boundary)
	defer mr.release()
	for n := 0; ; n++ {
		p, err := mr.NextPart()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			var ne net.Error
			if errors.Is(err, serverErrBodyLimit) || errors.As(err, &ne) || errors.Is(err, os.ErrDeadlineExceeded) {
				return a.partErr(err)
			}
			if n == 0 && cr.n == 0 {
				return nil // an empty body: no parameters
			}
			if n == 0 && errors.Is(err, io.EOF) {
				return serverBad("malformed multipart body: no part boundary found")
			}
			return a.partErr(err)
		}
		if n >= serverMaxParts {
			return serverBad("malformed multipart body: more than " + strconv.Itoa(serverMaxParts) + " parts")
		}
		if len(a.vals)+len(a.parts) >= serverMaxParams {
			return serverErrTooManyParams
		}
		name, filename, isFile := serverDisposition(p.Header.Get("Content-Disposition"))
		if name == "" {
			continue // not a form field
		}
		// A part's name and file name are text like a form key.
		if err := serverCheckText(name, name); err != nil {
			return err
		}
		if isFile && !utf8.ValidString(filename) || strings.IndexByte(filename, 0) >= 0 {
			return serverBad("parameter " + strconv.Quote(name) + ": the file name is not valid UTF-8 or contains a NUL character")
		}
		var src io.Reader = p
		if isFile {
			src = &serverCredit{r: p, cr: cr}
			if err := a.readUpload(src, name, filename); err != nil {
				return err
			}
			continue
		}
		var b bytes.Buffer
		rest := a.cfg.maxBody - a.texts
		m, err := io.Copy(&b, io.LimitReader(src, rest+1))
		a.texts += m
		if err != nil {
			return a.partErr(err)
		}
		if a.texts > a.cfg.maxBody {
			return serverErrTooLarge
		}
		if err := serverCheckText(name, b.String()); err != nil {
			return err
		}
		if err := a.add(serverValue{name: name, text: b.String()}); err != nil {
			return err
		}
	}
}

// ---------------------------------------------------------------- multipart

// serverMultipart reads a multipart body part by part with the grammar of
// mime/multipart's Reader.NextPart (a preamble, boundary lines with
// trailing blanks, lines ending in a bare \n when the first boundary line
// does, quoted-printable parts decoded, the final boundary with or
// without a line end), through a pooled 16 KiB buffer. It exists for CPU:
// mime/multipart, after finding no boundary in its 4 KiB window, searches
// the whole window backwards for '\r' one byte at a time, which for a file
// without that byte (text with \n line ends, base64, many images) costs
// more than reading the request; here only the window's last
// len("\r\n--boundary")-1 bytes, the only place a boundary cut by the
// window's end can start, are searched.
type serverMultipart struct {
	br *bufio.Reader
	// nl is the line end ("\r\n", or "\n" when the first boundary line
	// ends so); nlDashBoundary is nl+"--"+boundary, dashBoundary
	// "--"+boundary, dashBoundaryDash "--"+boundary+"--".
	nl, nlDashBoundary, dashBoundaryDash, dashBoundary []byte
	partsRead                                          int
	current                                            *serverMultipartPart
	// headerLines counts the part header lines read (serverMaxHeaderLines);
	// hdr holds the current part's header, read through hb.
	headerLines int
	hdr         []byte
	hr          bytes.Reader
	hb          *bufio.Reader
}

// serverMultipartBufSize is the read buffer of a multipart body. It reads
// ahead of what the parts consumed, so it must stay well within
// serverPartSlack.
const serverMultipartBufSize = 16 << 10

var serverMultipartBufPool = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, serverMultipartBufSize) }}

func serverNewMultipart(r io.Reader, boundary string) *serverMultipart {
	b := []byte("\r\n--" + boundary + "--")
	br := serverMultipartBufPool.Get().(*bufio.Reader)
	br.Reset(&serverStickyReader{r: r})
	return &serverMultipart{br: br, nl: b[:2], nlDashBoundary: b[:len(b)-2], dashBoundaryDash: b[2:], dashBoundary: b[2 : len(b)-2]}
}

// release gives the buffer back to the pool.
func (m *serverMultipart) release() {
	m.br.Reset(nil)
	serverMultipartBufPool.Put(m.br)
	m.br = nil
}

// serverStickyReader returns its first error forever, so that a body that
// failed (a limit, a broken connection) is not read on after the buffer
// has reported the error once.
type serverStickyReader struct {
	r   io.Reader
	err error
}

func (s *serverStickyReader) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.r.Read(p)
	s.err = err
	return n, err
}

// serverMultipartPart is one part: its header and its body up to the next
// boundary.
type serverMultipartPart struct {
	Header textproto.MIMEHeader
	m      *serverMultipart
	body   io.Reader // the part itself, or a quoted-printable decoder over it
	// n is how many buffered bytes are known to be part of the body; err
	// is returned once they are consumed; readErr is the buffer's error.
	n            int
	total        int64
	err, readErr error
}

// NextPart skips the rest of the current part and returns the next; io.EOF
// after the final boundary.
func (m *serverMultipart) NextPart() (*serverMultipartPart, error) {
	if m.current != nil {
		io.Copy(io.Discard, m.current)
		m.current = nil
	}
	if string(m.dashBoundary) == "--" {
		return nil, errors.New("multipart: boundary is empty")
	}
	expectNewPart := false
	for {
		line, err := m.br.ReadSlice('\n')
		if err == io.EOF && m.isFinalBoundary(line) {
			return nil, io.EOF
		}
		if err == bufio.ErrBufferFull {
			return nil, errServerMultipartLine
		}
		if err != nil {
			return nil, fmt.Errorf("multipart: NextPart: %w", err)
		}
		switch {
		case m.isBoundaryLine(line):
			m.partsRead++
			return m.newPart()
		case m.isFinalBoundary(line):
			return nil, io.EOF
		case expectNewPart:
			return nil, errors.New("multipart: expected a boundary line, found " + serverDescribe(string(line)))
		case m.partsRead == 0:
			continue // the preamble
		case bytes.Equal(line, m.nl):
			expectNewPart = true // the line end before a boundary line
			continue
		}
		return nil, errors.New("multipart: unexpected line between parts: " + serverDescribe(string(line)))
	}
}

// errServerMultipartLine is a line between parts (preamble, boundary
// line) longer than the read buffer.
var errServerMultipartLine = errors.New("multipart: a line between parts is longer than " + strconv.Itoa(serverMultipartBufSize>>10) + " KiB")

// errServerHeaderLines is a multipart body with too many part header lines.
var errServerHeaderLines = errors.New("multipart: more than " + strconv.Itoa(serverMaxHeaderLines) + " part header lines")

func (m *serverMultipart) newPart() (*serverMultipartPart, error) {
	h, err := m.readHeader()
	if err != nil {
		return nil, err
	}
	p := &serverMultipartPart{Header: h, m: m}
	p.body = serverMultipartBody{p}
	const cte = "Content-Transfer-Encoding"
	if strings.EqualFold(h.Get(cte), "quoted-printable") {
		h.Del(cte)
		p.body = quotedprintable.NewReader(p.body)
	}
	m.current = p
	return p, nil
}

// readHeader reads a part's header up to its blank line, counting the
// lines against serverMaxHeaderLines before any is parsed, then parses it
// with textproto as mime/multipart does.
func (m *serverMultipart) readHeader() (textproto.MIMEHeader, error) {
	m.hdr = m.hdr[:0]
	for {
		start := len(m.hdr)
		var err error
		for {
			var line []byte
			line, err = m.br.ReadSlice('\n')
			m.hdr = append(m.hdr, line...)
			if err != bufio.ErrBufferFull {
				break // a line longer than the buffer goes on
			}
		}
		if err == io.EOF {
			break // textproto meets the end where mime/multipart's does
		}
		if err != nil {
			return nil, err
		}
		if line := m.hdr[start:]; len(line) <= 2 && (len(line) == 1 || line[0] == '\r') {
			break // the blank line ending the header
		}
		if m.headerLines++; m.headerLines > serverMaxHeaderLines {
			return nil, errServerHeaderLines
		}
	}
	m.hr.Reset(m.hdr)
	if m.hb == nil {
		m.hb = bufio.NewReaderSize(&m.hr, 1<<10)
	} else {
		m.hb.Reset(&m.hr)
	}
	return textproto.NewReader(m.hb).ReadMIMEHeader()
}

// isBoundaryLine reports a line "--boundary" + blanks + line end; on the
// first one, a bare \n switches the reader to \n line ends.
func (m *serverMultipart) isBoundaryLine(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, m.dashBoundary)
	if !ok {
		return false
	}
	rest = serverSkipBlanks(rest)
	if m.partsRead == 0 && len(rest) == 1 && rest[0] == '\n' {
		m.nl = m.nl[1:]
		m.nlDashBoundary = m.nlDashBoundary[1:]
	}
	return bytes.Equal(rest, m.nl)
}

// isFinalBoundary reports a line "--boundary--" + blanks + an optional
// line end.
func (m *serverMultipart) isFinalBoundary(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, m.dashBoundaryDash)
	if !ok {
		return false
	}
	rest = serverSkipBlanks(rest)
	return len(rest) == 0 || bytes.Equal(rest, m.nl)
}

func serverSkipBlanks(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	return b
}

func (p *serverMultipartPart) Read(d []byte) (int, error) { return p.body.Read(d) }

// serverMultipartBody reads a part's raw body.
type serverMultipartBody struct{ p *serverMultipartPart }

func (b serverMultipartBody) Read(d []byte) (int, error) {
	p := b.p
	br := p.m.br
	for p.n == 0 && p.err == nil {
		peek, _ := br.Peek(br.Buffered())
		p.n, p.err = p.m.scan(peek, p.total, p.readErr)
		if p.n == 0 && p.err == nil {
			// Nothing decided yet: read more into the buffer.
			_, p.readErr = br.Peek(len(peek) + 1)
			if p.readErr == io.EOF {
				p.readErr = io.ErrUnexpectedEOF
			}
		}
	}
	if p.n == 0 {
		return 0, p.err
	}
	n, _ := br.Read(d[:min(len(d), p.n)])
	p.total += int64(n)
	p.n -= n
	if p.n == 0 {
		return n, p.err
	}
	return n, nil
}

// scan returns how many bytes of buf are body before the next boundary,
// and io.EOF when the boundary follows them (readErr when buf ends the
// input). total is how much of the body was read before buf.
func (m *serverMultipart) scan(buf []byte, total int64, readErr error) (int, error) {
	if total == 0 {
		// At the start of the body the boundary may follow at once.
		if bytes.HasPrefix(buf, m.dashBoundary) {
			switch serverMatchAfter(buf, m.dashBoundary, readErr) {
			case -1:
				return len(m.dashBoundary), nil
			case 0:
				return 0, nil
			case +1:
				return 0, io.EOF
			}
		}
		if bytes.HasPrefix(m.dashBoundary, buf) {
			return 0, readErr
		}
	}
	if i := bytes.Index(buf, m.nlDashBoundary); i >= 0 {
		switch serverMatchAfter(buf[i:], m.nlDashBoundary, readErr) {
		case -1:
			return i + len(m.nlDashBoundary), nil
		case 0:
			return i, nil
		case +1:
			return i, io.EOF
		}
	}
	if bytes.HasPrefix(m.nlDashBoundary, buf) {
		return 0, readErr
	}
	// A boundary cut by the end of buf starts in its last
	// len(nlDashBoundary)-1 bytes, with the line end's first byte: only
	// there is it searched.
	tail := max(0, len(buf)-len(m.nlDashBoundary)+1)
	if i := bytes.LastIndexByte(buf[tail:], m.nlDashBoundary[0]); i >= 0 && bytes.HasPrefix(m.nlDashBoundary, buf[tail+i:]) {
		return tail + i, nil
	}
	return len(buf), readErr
}

// serverMatchAfter tells what follows a boundary prefix at the start of
// buf: +1 a boundary (blank, line end, "--" or the end of the input), -1
// body bytes, 0 not known before more is read.
func serverMatchAfter(buf, prefix []byte, readErr error) int {
	if len(buf) == len(prefix) {
		if readErr != nil {
			return +1
		}
		return 0
	}
	c := buf[len(prefix)]
	if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
		return +1
	}
	if c == '-' {
		if len(buf) == len(prefix)+1 {
			if readErr != nil {
				return -1
			}
			return 0
		}
		if buf[len(prefix)+1] == '-' {
			return +1
		}
	}
	return -1
}

// serverCredit reads a file part and raises the body's byte budget by what
// it read: file contents count against the upload limit instead.
type serverCredit struct {
	r  io.Reader
	cr *serverCountingReader
}

func (c *serverCredit) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.cr.limit += int64(n)
	return n, err
}

func (a *serverArgs) partErr(err error) error {
	if errors.Is(err, serverErrBodyLimit) {
		return serverErrTooLarge
	}
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, os.ErrDeadlineExceeded) {
		return serverBad("reading the body: " + serverReadErr(err))
	}
	return serverBad("malformed multipart body: " + strings.TrimPrefix(err.Error(), "multipart: "))
}

func (a *serverArgs) readUpload(src io.Reader, name, filename string) error {
	part := &serverPart{name: name, filename: filename}
	rest := a.cfg.maxUpload - a.uploaded
	lim := io.LimitReader(src, rest+1)
	// In memory while the request's budget allows.
	var mem int64
	for _, q := range a.parts {
		if q.file == nil {
			mem += q.size
		}
	}
	// In memory while the request's budget and the handler's shared
	// budget allow; held is given back when the request ends.
	budget := a.cfg.reserve(a.cfg.multipartMemory - mem)
	a.held += budget
	start := len(a.chunks)
	n, err := a.readChunks(lim, budget+1)
	if err != nil {
		return a.partErr(err)
	}
	a.uploaded += n
	if a.uploaded > a.cfg.maxUpload {
		return serverErrTooLarge
	}
	if n <= budget {
		a.cfg.memUsed.Add(n - budget)
		a.held += n - budget
		part.chunks, part.size = a.chunks[start:len(a.chunks):len(a.chunks)], n
		a.parts = append(a.parts, part)
		return nil
	}
	defer func() {
		// Spooled: the memory taken for it is free again.
		a.cfg.memUsed.Add(-budget)
		a.held -= budget
	}()
	f, err := os.CreateTemp(a.cfg.tempDir, "apigen-upload-*")
	if err != nil {
		a.dropChunks(start)
		return fmt.Errorf("spooling an upload: %w", err)
	}
	a.tmp = append(a.tmp, f)
	// The bytes read so far go first, then the rest through one of the
	// chunks as the copy buffer; the chunks go back to the pool.
	for i, c := range a.chunks[start:] {
		k := min(n-int64(i)*serverChunkSize, serverChunkSize)
		if _, err := f.Write(c[:k]); err != nil {
			a.dropChunks(start)
			return fmt.Errorf("spooling an upload: %w", err)
		}
	}
	a.dropChunks(start)
	buf := serverChunkPool.Get().(*serverChunk)
	m, err := io.CopyBuffer(serverFileWriter{f}, lim, buf[:])
	serverChunkPool.Put(buf)
	a.uploaded += m
	if err != nil {
		if errors.Is(err, serverErrBodyLimit) {
			return serverErrTooLarge
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return fmt.Errorf("spooling an upload: %w", err)
		}
		return a.partErr(err)
	}
	if a.uploaded > a.cfg.maxUpload {
		return serverErrTooLarge
	}
	part.file, part.size = f, n+m
	a.parts = append(a.parts, part)
	return nil
}

// serverFileWriter hides *os.File's ReadFrom so that io.CopyBuffer uses
// the pooled buffer it is given.
type serverFileWriter struct{ f *os.File }

func (w serverFileWriter) Write(p []byte) (int, error) { return w.f.Write(p) }

// readChunks reads up to max bytes of r into pooled chunks appended to
// a.chunks, every chunk full but the last.
func (a *serverArgs) readChunks(r io.Reader, max int64) (int64, error) {
	var n int64
	for n < max {
		c := serverChunkPool.Get().(*serverChunk)
		want := min(max-n, serverChunkSize)
		k := 0
		var err error
		for int64(k) < want && err == nil {
			var m int
			m, err = r.Read(c[k:want])
			k += m
		}
		if k > 0 {
			a.chunks = append(a.chunks, c)
		} else {
			serverChunkPool.Put(c)
		}
		n += int64(k)
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// dropChunks gives the chunks from start on back to the pool.
func (a *serverArgs) dropChunks(start int) {
	serverPutChunks(a.chunks[start:])
	a.chunks = a.chunks[:start]
}

// serverDisposition reads the name and filename of a Content-Disposition
// header. isFile is true when a filename parameter is present, even empty
// (filename=""). Unquoted values and header values mime.ParseMediaType
// rejects are read leniently.
func serverDisposition(cd string) (name, filename string, isFile bool) {
	if _, params, err := mime.ParseMediaType(cd); err == nil {
		name = params["name"]
		filename, isFile = params["filename"]
		return name, filename, isFile
	}
	// Lenient: split on ';' outside quotes.
	_, rest, _ := strings.Cut(cd, ";")
	for rest != "" {
		var kv string
		kv, rest = serverCutParam(rest)
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		k = strings.ToLower(strings.TrimSpace(k))
		v = strings.TrimSpace(v)
		if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
			v = strings.ReplaceAll(strings.ReplaceAll(v[1:len(v)-1], `\"`, `"`), `\\`, `\`)
		}
		switch k {
		case "name":
			name = v
		case "filename":
			if !isFile {
				filename, isFile = v, true
			}
		case "filename*":
			if _, enc, ok := strings.Cut(v, "''"); ok {
				if d, err := url.PathUnescape(enc); err == nil {
					filename, isFile = d, true
				}
			}
		}
	}
	return name, filename, isFile
}

// serverCutParam cuts the next ';'-separated parameter, keeping quoted
// strings whole.
func serverCutParam(s string) (param, rest string) {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if quoted {
				i++
			}
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				return s[:i], s[i+1:]
			}
		}
	}
	return s, ""
}

// ---------------------------------------------------------------- values

// serverMissing is the error of a required parameter that is absent.
func serverMissing(name string) error {
	return serverBad("parameter " + strconv.Quote(name) + " is required")
}

// serverParamErr reports a value that does not decode.
func serverParamErr(name string, err error) error {
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	if je, ok := err.(*jsonError); ok {
		if je.Msg == "" && je.Err != nil && je.Path != "" {
			// Not a syntax error: a reference inside a decoded value.
			return serverBad("parameter " + strconv.Quote(name) + " at " + name + serverPathSep(je.Path) + je.Path + ": " + je.Err.Error())
		}
		if je.Path != "" {
			return serverBad("can't parse parameter " + strconv.Quote(name) + " at " + name + serverPathSep(je.Path) + je.Path + ": " + serverJSONMsg(je))
		}
		return serverBad("can't parse parameter " + strconv.Quote(name) + ": " + serverJSONMsg(je))
	}
	return serverBad("parameter " + strconv.Quote(name) + ": " + err.Error())
}

func serverPathSep(p string) string {
	if p != "" && p[0] == '[' {
		return ""
	}
	return "."
}

func serverJSONMsg(e *jsonError) string {
	msg := e.Msg
	if e.Err != nil {
		if msg != "" {
			msg += ": "
		}
		msg += strings.TrimPrefix(e.Err.Error(), "json: ")
	}
	if e.Off >= 0 {
		msg += " (offset " + strconv.Itoa(e.Off) + ")"
	}
	return msg
}

// serverScalar reads a scalar parameter with parse. ok is false when the
// parameter is absent (an error if required). An empty text counts as
// absent unless keepEmpty (strings).
func serverScalar[T any](a *serverArgs, name string, required, keepEmpty bool, parse func(v serverValue) (T, error)) (x T, ok bool, err error) {
	v, found := a.get(name)
	if found && (v.json && v.absent() || !v.json && v.text == "" && !keepEmpty) {
		found = false
	}
	if !found {
		if required {
			return x, false, serverMissing(name)
		}
		return x, false, nil
	}
	return serverScalarValue(name, v, parse)
}

// serverScalarValue parses the value v of a scalar parameter that is given.
func serverScalarValue[T any](name string, v serverValue, parse func(v serverValue) (T, error)) (x T, ok bool, err error) {
	x, err = parse(v)
	if err != nil {
		return x, false, serverParamErr(name, err)
	}
	return x, true, nil
}

// serverText returns the text of v: the text itself, or the contents of a
// JSON string, or the literal of another JSON scalar. isString reports a
// text or JSON string.
func serverText(v *serverValue) (s string, isString bool, err error) {
	if !v.json {
		return v.text, true, nil
	}
	if len(v.raw) > 0 && v.raw[0] == '"' {
		r := jsonGetReader(v.raw)
		defer jsonPutReader(r)
		s, err := r.Str()
		return s, true, err
	}
	return string(v.raw), false, nil
}

func serverDescribe(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return strconv.Quote(s)
}

// serverNumberShape reports whether s is a number as JSON writes it
// (optional '-', digits, then for non-integers an optional fraction and
// exponent): no '+', hex, underscores, "Inf" or "NaN", which strconv would
// accept. Leading zeros are allowed.
func serverNumberShape(s string, integer bool) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() bool {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i > start
	}
	if !digits() {
		return false
	}
	if !integer && i < len(s) && s[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if !integer && i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	return i == len(s)
}

func serverParseInt64(v serverValue) (int64, error) {
	s, _, err := serverText(&v)
	if err != nil {
		return 0, err
	}
	t := strings.TrimSpace(s)
	if !serverNumberShape(t, true) {
		return 0, errors.New("expected an integer, found " + serverDescribe(s))
	}
	x, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		return 0, errors.New("integer " + serverDescribe(t) + " out of range")
	}
	return x, nil
}

func serverParseInt(v serverValue) (int, error) {
	x, err := serverParseInt64(v)
	if err != nil {
		return 0, err
	}
	if int64(int(x)) != x {
		return 0, errors.New("integer out of range")
	}
	return int(x), nil
}

func serverParseFloat64(v serverValue) (float64, error) {
	s, _, err := serverText(&v)
	if err != nil {
		return 0, err
	}
	t := strings.TrimSpace(s)
	if !serverNumberShape(t, false) {
		return 0, errors.New("expected a number, found " + serverDescribe(s))
	}
	x, err := strconv.ParseFloat(t, 64)
	if err != nil || x > 1.7976931348623157e308 || x < -1.7976931348623157e308 {
		return 0, errors.New("number " + serverDescribe(t) + " out of range")
	}
	if x == 0 {
		// Underflow: 1e-400 reads as 0 without an error.
		mant, _, _ := strings.Cut(strings.ToLower(t), "e")
		if strings.Trim(mant, "-0.") != "" {
			return 0, errors.New("number " + serverDescribe(t) + " out of range (too close to 0)")
		}
	}
	return x, nil
}

func serverParseBool(v serverValue) (bool, error) {
	s, _, err := serverText(&v)
	if err != nil {
		return false, err
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, errors.New("expected a boolean (true, false, 1 or 0), found " + serverDescribe(s))
}

func serverParseTrue(v serverValue) (True, error) {
	b, err := serverParseBool(v)
	if err == nil && !b {
		err = errors.New("can only be true")
	}
	return True{}, err
}

func serverParseString(v serverValue) (string, error) {
	if v.json && len(v.raw) > 0 && (v.raw[0] == '{' || v.raw[0] == '[') {
		return "", errors.New("expected a string, found " + map[byte]string{'{': "an object", '[': "an array"}[v.raw[0]])
	}
	s, _, err := serverText(&v)
	return s, err
}

// serverDecode reads a structured parameter (object, array, union of
// objects) with dec from its JSON text: the form value, or the JSON value
// of a JSON body, or the contents of a JSON string there. ok is false when
// the parameter is absent or null (an error if required).
func serverDecode(a *serverArgs, name string, required bool, dec func(r *jsonReader) error) (ok bool, err error) {
	if v, found := a.get(name); found {
		var data []byte
		switch {
		case v.json && len(v.raw) > 0 && v.raw[0] == '"':
			s, _, err := serverText(&v)
			if err != nil {
				return false, serverParamErr(name, err)
			}
			data = []byte(s)
		case v.json:
			data = v.raw
		default:
			data = []byte(v.text)
		}
		if ok, err := serverDecodeData(name, data, dec); ok || err != nil {
			return ok, err
		}
	}
	if required {
		return false, serverMissing(name)
	}
	return false, nil
}

// serverDecodeData reads a structured parameter from its JSON text data;
// ok is false when data is blank or null.
func serverDecodeData(name string, data []byte, dec func(r *jsonReader) error) (ok bool, err error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return false, nil
	}
	if msg := serverBadEscape(data); msg != "" {
		return false, serverBad("parameter " + strconv.Quote(name) + " " + msg)
	}
	r := jsonGetReader(data)
	defer jsonPutReader(r)
	if r.Null() {
		if err := r.End(); err != nil {
			return false, serverParamErr(name, err)
		}
		return false, nil
	}
	if err := dec(r); err != nil {
		return false, serverParamErr(name, err)
	}
	if err := r.End(); err != nil {
		return false, serverParamErr(name, err)
	}
	return true, nil
}

// serverUnion reads a union with primitive variants (a chat identifier or
// a username). A JSON body's non-string value decodes with dec. A text (or
// a JSON string):
//   - shaped like a number must decode with dec (an integer variant must
//     fit: 9223372036854775808 is no chat identifier, and not a username);
//   - otherwise decodes with dec when it reads as a JSON object, array or
//     boolean, and else (or when that fails) is the String variant
//     (fromText; nil: no such variant), which must be non-blank and, when
//     the schema states a form for it (form, e.g. "@channelusername"), have
//     that form: the same leading symbols, then letters, digits or '_'.
func serverUnion(a *serverArgs, name string, required bool, dec func(r *jsonReader) error, fromText func(s string), form string) (ok bool, err error) {
	v, found := a.get(name)
	if found && v.absent() {
		found = false
	}
	if !found {
		if required {
			return false, serverMissing(name)
		}
		return false, nil
	}
	if v.json && v.raw[0] != '"' {
		if err := serverDecodeAll(v.raw, dec); err != nil {
			return false, serverParamErr(name, err)
		}
		return true, nil
	}
	s, _, err := serverText(&v)
	if err != nil {
		return false, serverParamErr(name, err)
	}
	return serverUnionText(name, s, dec, fromText, form)
}

// serverDecodeAll reads data, one JSON value, with dec.
func serverDecodeAll(data []byte, dec func(r *jsonReader) error) error {
	r := jsonGetReader(data)
	defer jsonPutReader(r)
	if err := dec(r); err != nil {
		return err
	}
	return r.End()
}

// serverUnionText reads a union with primitive variants from a text (or
// the contents of a JSON string): see serverUnion.
func serverUnionText(name, s string, dec func(r *jsonReader) error, fromText func(s string), form string) (ok bool, err error) {
	decode := func(data []byte) error { return serverDecodeAll(data, dec) }
	t := strings.TrimSpace(s)
	var derr error
	switch {
	case serverNumberShape(t, false):
		if derr = decode([]byte(t)); derr == nil {
			return true, nil
		}
		return false, serverParamErr(name, errors.New("number "+serverDescribe(t)+" out of range or not allowed here"))
	case t != "" && strings.IndexByte("{[tf", t[0]) >= 0:
		if derr = decode([]byte(t)); derr == nil {
			return true, nil
		}
	}
	if fromText != nil {
		if msg := serverTextForm(s, form); msg != "" {
			return false, serverBad("parameter " + strconv.Quote(name) + ": " + msg)
		}
		fromText(s)
		return true, nil
	}
	if derr == nil {
		derr = errors.New("unexpected value " + serverDescribe(s))
	}
	return false, serverParamErr(name, derr)
}

// serverTextForm checks the text of a union's String variant: non-blank,
// and in form when one is given. It returns the problem, or "".
func serverTextForm(s, form string) string {
	if strings.TrimSpace(s) == "" {
		return "expected a value, found " + serverDescribe(s)
	}
	if form == "" {
		return ""
	}
	prefix := form[:len(form)-len(strings.TrimLeftFunc(form, func(r rune) bool { return !serverWordRune(r) }))]
	rest, ok := strings.CutPrefix(s, prefix)
	if ok && rest != "" && strings.TrimLeftFunc(rest, serverWordRune) == "" {
		return ""
	}
	return "neither a number nor a text in the form " + form + ": found " + serverDescribe(s)
}

func serverWordRune(r rune) bool {
	return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}

// ---------------------------------------------------------------- files

const serverAttachPrefix = "attach://"

// serverFile reads a file parameter: a non-empty value (a file_id, an
// HTTP URL, or attach://<part>) wins, then an upload part of that name.
func serverFile(a *serverArgs, name string, required bool) (f InputFile, ok bool, err error) {
	v, found := a.get(name)
	if found && !v.absent() {
		return serverFileValue(a, name, &v)
	}
	for _, p := range a.parts {
		if p.name == name {
			return Upload(p.filename, p.reader()), true, nil
		}
	}
	if required {
		return f, false, serverMissing(name)
	}
	return f, false, nil
}

// serverFileValue reads the value v of a file parameter that is given: a
// file_id, an HTTP URL or attach://<part>.
func serverFileValue(a *serverArgs, name string, v *serverValue) (f InputFile, ok bool, err error) {
	s, isString, err := serverText(v)
	if err != nil || !isString {
		if err == nil {
			err = errors.New("expected a file_id, an HTTP URL, attach://<part> or an uploaded file")
		}
		return f, false, serverParamErr(name, err)
	}
	if strings.HasPrefix(s, serverAttachPrefix) {
		f, err := a.attach(s[len(serverAttachPrefix):])
		if err != nil {
			return f, false, serverParamErr(name, err)
		}
		return f, true, nil
	}
	if strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") {
		return FileURL(s), true, nil
	}
	return FileID(s), true, nil
}

// attach returns the upload in the part named part. A text part may also be
// named: its contents are the file.
func (a *serverArgs) attach(part string) (InputFile, error) {
	for _, p := range a.parts {
		if p.name == part {
			return Upload(p.filename, p.reader()), nil
		}
	}
	if part != "" {
		for i := range a.vals {
			if v := &a.vals[i]; v.name == part && !v.json {
				return Upload(part, strings.NewReader(v.text)), nil
			}
		}
	}
	return InputFile{}, errors.New(serverAttachPrefix + part + ": the request has no part named " + strconv.Quote(part))
}

// serverBindFile gives an attach://<part> reference decoded from JSON the
// contents of its part.
func serverBindFile(a *serverArgs, f *InputFile) error {
	part := f.attachName()
	if part == "" || f.Reader() != nil {
		return nil
	}
	u, err := a.attach(part)
	if err != nil {
		return err
	}
	*f = f.bindUpload(u.Name(), u.Reader())
	return nil
}

// serverAttachText reports whether s is an attach://<part> reference and
// returns the upload it names (for unions of InputFile and String that
// decode the reference as their String variant).
func serverAttachText(a *serverArgs, s string) (InputFile, bool, error) {
	if !strings.HasPrefix(s, serverAttachPrefix) {
		return InputFile{}, false, nil
	}
	f, err := a.attach(s[len(serverAttachPrefix):])
	return f, err == nil, err
}

// ---------------------------------------------------------------- one-pass JSON

// A request whose only parameters are a JSON object body is decoded in one
// pass: the method's generated JSON decoder walks the object, switches on
// each key and decodes the value in place into the parameters struct, with
// the same per-parameter helpers as the split path (serverJSONScalar is
// serverScalar reading the member's value, and so on). It only has to get
// the successes right: when it fails for any reason, serverDecodeParams
// splits the body into values and decodes them the usual way, which gives
// the error (the first parameter in the method's order that fails, a
// syntax error anywhere in the body before any of them) exactly as before.

// errServerJSONMissing is what a JSON decoder returns when a required
// parameter is absent; the split path then names it.
var errServerJSONMissing = errors.New("a required parameter is missing")

// serverDecodeParams reads the parameters of a method into p: in one pass
// over a JSON body with fromJSON (nil for a method with more parameters
// than its bit sets hold) when the request has only that body, else, and
// whenever that pass fails, from the split values with fromArgs.
func serverDecodeParams[P any](a *serverArgs, p *P, fromArgs func(a *serverArgs, p *P) error, fromJSON func(a *serverArgs, r *jsonReader, p *P) error) error {
	if body := a.json; body != nil {
		a.json = nil
		if fromJSON != nil && serverDecodeJSONBody(a, body, p, fromJSON) == nil {
			return nil
		}
		var zero P
		*p = zero
		if err := a.parseJSON(body); err != nil {
			return err
		}
	}
	return fromArgs(a, p)
}

func serverDecodeJSONBody[P any](a *serverArgs, body []byte, p *P, fromJSON func(a *serverArgs, r *jsonReader, p *P) error) error {
	r := jsonGetReader(body)
	defer jsonPutReader(r)
	if err := fromJSON(a, r, p); err != nil {
		return err
	}
	return r.End()
}

// serverNoParams checks the JSON body of a method without parameters, which
// no decoder walks: it must be well-formed all the same.
func serverNoParams(a *serverArgs) error {
	if body := a.json; body != nil {
		a.json = nil
		return a.parseJSON(body)
	}
	return nil
}

// serverJSONTake decides what to do with the value of a known member whose
// parameter has bit in seen: the first value that is neither null nor ""
// is taken, later ones are skipped (null says nothing, as in the split
// path). A "" is taken too but leaves bit unset, so that a later non-empty
// value replaces it: for one name the first non-empty value wins, as in a
// form.
func serverJSONTake(r *jsonReader, seen *uint64, bit uint64) (take bool, err error) {
	if *seen&bit != 0 {
		return false, r.Skip()
	}
	if r.Null() {
		return false, nil
	}
	if !r.EmptyStr() {
		*seen |= bit
	}
	return true, nil
}

// serverJSONValue reads a member's value (not null) as the split path
// sees it: a string's contents as a text, anything else as its JSON text.
// Every helper reads a JSON string and a text alike once the value is
// known to be given.
func serverJSONValue(r *jsonReader) (serverValue, error) {
	if r.Next() == jsonKindString {
		s, err := r.Str()
		return serverValue{text: s}, err
	}
	raw, err := r.Raw()
	return serverValue{raw: raw, json: true}, err
}

// serverJSONScalar is serverScalar for the member's value at r. Like every
// serverJSON helper it first asks serverJSONTake whether the value is the
// parameter's (bit in seen): ok is false for null and for duplicates.
func serverJSONScalar[T any](_ *serverArgs, r *jsonReader, seen *uint64, bit uint64, name string, parse func(v serverValue) (T, error)) (x T, ok bool, err error) {
	if take, err := serverJSONTake(r, seen, bit); !take {
		return x, false, err
	}
	v, err := serverJSONValue(r)
	if err != nil {
		return x, false, err
	}
	return serverScalarValue(name, v, parse)
}

// serverJSONFile is serverFile for the member's value at r.
func serverJSONFile(a *serverArgs, r *jsonReader, seen *uint64, bit uint64, name string) (f InputFile, ok bool, err error) {
	if take, err := serverJSONTake(r, seen, bit); !take {
		return f, false, err
	}
	v, err := serverJSONValue(r)
	if err != nil {
		return f, false, err
	}
	return serverFileValue(a, name, &v)
}

// serverJSONUnion is serverUnion for the member's value at r: anything but
// a string decodes in place.
func serverJSONUnion(_ *serverArgs, r *jsonReader, seen *uint64, bit uint64, name string, dec func(r *jsonReader) error, fromText func(s string), form string) (ok bool, err error) {
	if take, err := serverJSONTake(r, seen, bit); !take {
		return false, err
	}
	s, isText, err := serverJSONInPlace(r, name, dec)
	if err != nil || !isText {
		return err == nil, err
	}
	return serverUnionText(name, s, dec, fromText, form)
}

// serverJSONInPlace decodes the member's value at r with dec unless it is a
// string, whose contents it returns instead (isText).
func serverJSONInPlace(r *jsonReader, name string, dec func(r *jsonReader) error) (s string, isText bool, err error) {
	if r.Next() != jsonKindString {
		if err := dec(r); err != nil {
			return "", false, serverParamErr(name, err)
		}
		return "", false, nil
	}
	if s, err = r.Str(); err != nil {
		return "", false, serverParamErr(name, err)
	}
	return s, true, nil
}

// serverJSONDecode is serverDecode for the member's value at r: anything
// but a string (which holds the JSON text) decodes in place.
func serverJSONDecode(_ *serverArgs, r *jsonReader, seen *uint64, bit uint64, name string, dec func(r *jsonReader) error) (ok bool, err error) {
	if take, err := serverJSONTake(r, seen, bit); !take {
		return false, err
	}
	s, isText, err := serverJSONInPlace(r, name, dec)
	if err != nil || !isText {
		return err == nil, err
	}
	return serverDecodeData(name, []byte(s), dec)
}
