package support

// Runtime of the generated client (client_gen.go): the Client, its options,
// request encoding (JSON or streamed multipart/form-data), response decoding,
// retries, file downloads, long-polling support and the webhook handler.
// Owned by the client backend (generators/client).
//
// Identifiers are exported API or start with "client" because this file is
// pasted into generated packages next to generated names. It depends on the
// standard library only and on no generated name, so it compiles for any
// schema; the generated file adds one method per API method.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultBaseURL is the address of the service used by NewClient when no
// WithBaseURL option is given. The specification names the cloud service only
// as {base_url}, so it is empty: set it once (or pass WithBaseURL) to the
// cloud address, or to the address of a local server. With no base URL every
// call fails with an error saying so, before any network access.
var DefaultBaseURL = ""

// Client calls the API. Create one with NewClient; it is safe for concurrent
// use. Each API method is a method of Client (client_gen.go) taking a context
// and the method's parameters struct, and returning the typed result.
//
// The token is part of every request path ({base}/bot<token>/<method>) but
// never of an error, a log line or the Client's String form.
type Client struct {
	token      string
	base       string // without trailing slash
	baseErr    error
	prefix     string // base + "/bot" + token + "/"
	httpClient *http.Client
	validate   bool
	retry      *RetryPolicy
	hook       func(ctx context.Context, method string, dur time.Duration, err error)
	sleep      func(ctx context.Context, d time.Duration) error
	localFiles bool
}

// ClientOption configures a Client.
type ClientOption func(*Client)

// NewClient returns a client for the bot with the given token.
//
// Defaults: base URL DefaultBaseURL, http.DefaultClient, validation on, no
// retries, no request hook, absolute file paths not read from disk.
func NewClient(token string, opts ...ClientOption) *Client {
	c := &Client{token: token, httpClient: http.DefaultClient, validate: true}
	c.setBase(DefaultBaseURL)
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *Client) setBase(base string) {
	c.base, c.baseErr = strings.TrimRight(base, "/"), nil
	if c.base == "" {
		c.baseErr = errors.New("no base URL: pass WithBaseURL or set DefaultBaseURL")
	} else if u, err := url.Parse(c.base); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		c.baseErr = errors.New("base URL " + strconv.Quote(c.base) + " is not an absolute http(s) URL")
	}
	c.prefix = c.base + "/bot" + c.token + "/"
}

// WithBaseURL sets the service address, for example the cloud address or
// "http://localhost:8081" for a local server. Requests go to
// {base}/bot<token>/<method>, downloads to {base}/file/bot<token>/<path>.
func WithBaseURL(base string) ClientOption {
	return func(c *Client) { c.setBase(base) }
}

// WithHTTPClient sets the HTTP client (transport, proxy, TLS). Its Timeout,
// if any, must exceed the long-polling timeout used with getUpdates; prefer
// contexts for deadlines.
func WithHTTPClient(h *http.Client) ClientOption {
	return func(c *Client) {
		if h != nil {
			c.httpClient = h
		}
	}
}

// WithValidation turns the check of parameters before sending (their
// Validate method) on or off; it is on by default, so a request the service
// would reject costs no network round trip.
func WithValidation(on bool) ClientOption {
	return func(c *Client) { c.validate = on }
}

// WithRequestHook calls hook after every HTTP attempt (a retried call calls
// it once per attempt) with the API method, the attempt's duration and its
// error (nil on success). Use it for logging and metrics; the error never
// contains the token.
func WithRequestHook(hook func(ctx context.Context, method string, dur time.Duration, err error)) ClientOption {
	return func(c *Client) { c.hook = hook }
}

// WithSleep replaces the function used to wait between retries and between
// long-polling attempts after an error. It must return ctx.Err() when ctx is
// done first. Tests use it as a fake clock.
func WithSleep(sleep func(ctx context.Context, d time.Duration) error) ClientOption {
	return func(c *Client) { c.sleep = sleep }
}

// WithLocalFiles lets DownloadFile open an absolute file_path from the local
// disk. A local server (see Limits) returns absolute paths from getFile and
// runs on the same machine as the bot; the cloud service never does. Off by
// default, so a path from the network is never opened on disk unless asked.
func WithLocalFiles(on bool) ClientOption {
	return func(c *Client) { c.localFiles = on }
}

// RetryPolicy says which failed calls are sent again. The zero value of a
// field means its default.
//
// A call is retried only when its body can be sent again: JSON bodies always,
// multipart bodies when every upload can be replayed (its reader is an
// io.Seeker, rewound to where the first attempt started, or it was built
// with UploadFunc). An upload that cannot be replayed is never sent twice.
//
//   - 429 with retry_after: waits retry_after seconds (any method), unless
//     that exceeds MaxRetryAfter.
//   - A network error before the request left (dial, DNS): any method.
//   - Other network errors, 5xx answers and non-JSON answers: only methods
//     Idempotent reports, since the service may have acted on the request.
type RetryPolicy struct {
	// MaxAttempts is the number of attempts per call, the first included
	// (default 3).
	MaxAttempts int
	// BaseDelay is the wait before the first retry after an error without
	// retry_after; it doubles per attempt (default 500ms).
	BaseDelay time.Duration
	// MaxDelay bounds that wait (default 10s).
	MaxDelay time.Duration
	// MaxRetryAfter is the longest retry_after honoured (default 60s); a
	// longer one returns the *Error at once.
	MaxRetryAfter time.Duration
	// Idempotent reports whether a method may be repeated after it may have
	// reached the service (default: the method name starts with "get").
	Idempotent func(method string) bool
}

// WithRetry enables retries with the given policy (calls are not retried by
// default).
func WithRetry(p RetryPolicy) ClientOption {
	if p.MaxAttempts <= 0 {
		p.MaxAttempts = 3
	}
	if p.BaseDelay <= 0 {
		p.BaseDelay = 500 * time.Millisecond
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = 10 * time.Second
	}
	if p.MaxRetryAfter <= 0 {
		p.MaxRetryAfter = time.Minute
	}
	if p.Idempotent == nil {
		p.Idempotent = func(m string) bool { return strings.HasPrefix(m, "get") }
	}
	return func(c *Client) { c.retry = &p }
}

// String describes the client without its token.
func (c *Client) String() string { return "Client(" + c.base + ", token redacted)" }

// GoString is String, so that %#v does not print the token either.
func (c *Client) GoString() string { return c.String() }

// HTTPError is returned when the service (or something in front of it, such
// as a proxy) answers with something that is not an API response envelope:
// an HTML error page, an empty 502, a truncated body. Body holds at most
// 512 bytes of the answer, with the token redacted.
type HTTPError struct {
	Method      string // API method, or "download" for DownloadFile
	StatusCode  int
	Status      string // "502 Bad Gateway"
	ContentType string
	Body        []byte
	// Err is the decoding problem when the body looked like JSON.
	Err error
}

func (e *HTTPError) Error() string {
	var b strings.Builder
	b.WriteString(e.Method)
	b.WriteString(": unexpected HTTP response ")
	if e.Status != "" {
		b.WriteString(e.Status)
	} else {
		b.WriteString(strconv.Itoa(e.StatusCode))
	}
	if e.ContentType != "" {
		b.WriteString(" (" + e.ContentType + ")")
	}
	switch {
	case e.Err != nil:
		b.WriteString(": malformed envelope: " + e.Err.Error())
	case len(e.Body) == 0:
		b.WriteString(" with an empty body")
	default:
		b.WriteString(": " + strconv.Quote(string(e.Body)))
	}
	return b.String()
}

func (e *HTTPError) Unwrap() error { return e.Err }

// UploadFunc returns an upload whose contents are opened by open for each
// attempt and closed after it, so that a retried request sends the file
// again from the start (for example open = func() { return os.Open(path) }).
func UploadFunc(name string, open func() (io.ReadCloser, error)) InputFile {
	return Upload(name, &clientReopen{open: open})
}

// clientReopen is the reader behind UploadFunc.
type clientReopen struct {
	open func() (io.ReadCloser, error)
	rc   io.ReadCloser
	err  error
}

func (o *clientReopen) Read(p []byte) (int, error) {
	if o.rc == nil && o.err == nil {
		o.rc, o.err = o.open()
		if o.err == nil && o.rc == nil {
			o.err = errors.New("UploadFunc: open returned no reader")
		}
	}
	if o.err != nil {
		return 0, o.err
	}
	return o.rc.Read(p)
}

func (o *clientReopen) reset() {
	if o.rc != nil {
		o.rc.Close()
	}
	o.rc, o.err = nil, nil
}

// ---------------------------------------------------------------- requests

// clientParams is a parameters struct (or a copy with uploads attached).
type clientParams interface {
	encodeJSON(w *jsonWriter)
}

// clientUploader is implemented by parameters structs that can carry files:
// clientWithUploads returns a copy in which every upload has a multipart part
// name (recorded in a), so that its JSON form is "attach://<part>".
type clientUploader interface {
	clientWithUploads(a *clientUploads) clientParams
}

// clientResult decodes a result into the value behind it.
type clientResult interface {
	decodeJSON(r *jsonReader) error
}

// clientUpload is one file part of a multipart request.
type clientUpload struct {
	part   string
	name   string
	r      io.Reader
	direct bool  // a top-level parameter: the part replaces the form field
	start  int64 // seeker position before the first attempt
	seeker bool
}

// clientUploads collects the uploads of one request. Top-level file
// parameters use their wire name as part name; nested ones (InputMedia, ...)
// get prefix + counter. Part names never come from user file names.
type clientUploads struct {
	prefix string
	files  []clientUpload
	err    error
}

// file gives f a part name when it is an upload; part is the wire name of a
// top-level parameter or "" for a nested value.
func (a *clientUploads) file(f InputFile, part string) InputFile {
	if !f.IsUpload() {
		return f
	}
	r := f.Reader()
	if r == nil {
		if a.err == nil {
			a.err = errors.New("upload " + strconv.Quote(f.Name()) + " has no contents")
		}
		return f
	}
	direct := part != ""
	if !direct {
		part = a.prefix + strconv.Itoa(len(a.files))
	}
	a.files = append(a.files, clientUpload{part: part, name: f.Name(), r: r, direct: direct})
	return f.withAttach(part)
}

// replayable reports whether every upload can be sent again, recording the
// start of seekable readers.
func (a *clientUploads) prepare() (replayable bool) {
	replayable = true
	for i := range a.files {
		u := &a.files[i]
		switch r := u.r.(type) {
		case *clientReopen:
		case io.Seeker:
			pos, err := r.Seek(0, io.SeekCurrent)
			if err != nil {
				replayable = false
				continue
			}
			u.start, u.seeker = pos, true
		default:
			replayable = false
		}
	}
	return replayable
}

func (a *clientUploads) rewind() error {
	for i := range a.files {
		u := &a.files[i]
		if o, ok := u.r.(*clientReopen); ok {
			o.reset()
		} else if u.seeker {
			if _, err := u.r.(io.Seeker).Seek(u.start, io.SeekStart); err != nil {
				return err
			}
		}
	}
	return nil
}

func (a *clientUploads) close() {
	for i := range a.files {
		if o, ok := a.files[i].r.(*clientReopen); ok {
			o.reset()
		}
	}
}

var (
	clientCTJSON  = []string{"application/json"}
	clientBufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}
)

// clientRequest is an encoded request body that can be sent repeatedly.
type clientRequest struct {
	method     string
	json       *jsonWriter    // JSON body, or the fields of a multipart body
	uploads    *clientUploads // nil for a JSON body
	replayable bool
}

func (c *Client) encode(method string, p clientParams) (*clientRequest, error) {
	req := &clientRequest{method: method, replayable: true}
	if p == nil {
		return req, nil
	}
	if c.validate {
		if v, ok := p.(interface{ Validate() error }); ok {
			if err := v.Validate(); err != nil {
				return nil, err
			}
		}
	}
	if u, ok := p.(clientUploader); ok {
		a := &clientUploads{prefix: clientPartPrefix}
		q := u.clientWithUploads(a)
		if a.err != nil {
			return nil, a.err
		}
		if len(a.files) > 0 {
			p = q
			req.uploads = a
			req.replayable = a.prepare()
		}
	}
	w := jsonGetWriter()
	p.encodeJSON(w)
	if err := w.Err(); err != nil {
		jsonPutWriter(w)
		return nil, err
	}
	req.json = w
	return req, nil
}

func (r *clientRequest) release() {
	if r.json != nil {
		jsonPutWriter(r.json)
		r.json = nil
	}
	if r.uploads != nil {
		r.uploads.close()
	}
}

// body returns the request body of one attempt; wait (when not nil) must be
// called after the HTTP exchange to stop and join the multipart writer.
func (r *clientRequest) body() (body io.Reader, n int64, ctype []string, wait func()) {
	if r.json == nil {
		return http.NoBody, 0, nil, nil
	}
	if r.uploads == nil {
		return bytes.NewReader(r.json.Bytes()), int64(len(r.json.Bytes())), clientCTJSON, nil
	}
	pr, pw := io.Pipe()
	boundary := clientBoundary()
	done := make(chan struct{})
	go func() {
		defer close(done)
		pw.CloseWithError(clientWriteMultipart(pw, boundary, "", r.json.Bytes(), r.uploads))
	}()
	wait = func() {
		pr.CloseWithError(errClientAborted)
		<-done
	}
	return pr, -1, []string{"multipart/form-data; boundary=" + boundary}, wait
}

var errClientAborted = errors.New("request aborted")

func clientBoundary() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// clientWriteMultipart streams a multipart/form-data body: the "method"
// field when method is set (webhook replies), one field per top-level member
// of fields (strings as text, everything else as JSON text), then the files,
// copied straight from their readers.
func clientWriteMultipart(dst io.Writer, boundary, method string, fields []byte, up *clientUploads) error {
	bw := bufio.NewWriterSize(dst, 8<<10)
	hdr := func(name, filename string) {
		bw.WriteString("--")
		bw.WriteString(boundary)
		bw.WriteString("\r\nContent-Disposition: form-data; name=\"")
		bw.WriteString(name) // generated wire names and part names: plain identifiers
		if filename != "" {
			bw.WriteString("\"; filename=\"")
			bw.WriteString(clientQuoteFilename(filename))
			bw.WriteString("\"\r\nContent-Type: application/octet-stream")
		} else {
			bw.WriteString("\"")
		}
		bw.WriteString("\r\n\r\n")
	}
	if method != "" {
		hdr("method", "")
		bw.WriteString(method)
		bw.WriteString("\r\n")
	}
	r := jsonGetReader(fields)
	err := r.Object(func(r *jsonReader, key []byte) error {
		if r.Null() {
			return nil
		}
		for i := range up.files {
			if up.files[i].direct && up.files[i].part == string(key) {
				return r.Skip() // sent as the file part itself
			}
		}
		hdr(string(key), "")
		if r.Next() == jsonKindString {
			s, err := r.StrBytes()
			if err != nil {
				return err
			}
			bw.Write(s)
		} else {
			raw, err := r.Raw()
			if err != nil {
				return err
			}
			bw.Write(raw)
		}
		bw.WriteString("\r\n")
		return nil
	})
	jsonPutReader(r)
	if err != nil {
		return err
	}
	for i := range up.files {
		u := &up.files[i]
		name := u.name
		if name == "" {
			name = u.part
		}
		hdr(u.part, name)
		if _, err := io.Copy(bw, u.r); err != nil {
			return err
		}
		bw.WriteString("\r\n")
	}
	bw.WriteString("--")
	bw.WriteString(boundary)
	bw.WriteString("--\r\n")
	return bw.Flush()
}

// clientQuoteFilename makes a user file name safe inside a quoted header
// parameter: quotes and backslashes are escaped, control characters become
// "_".
func clientQuoteFilename(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ---------------------------------------------------------------- calls

// call sends method with params p (nil: none) and decodes the result into
// res (nil: only check success).
func (c *Client) call(ctx context.Context, method string, p clientParams, res clientResult) error {
	if c.baseErr != nil {
		return errors.New(method + ": " + c.baseErr.Error())
	}
	req, err := c.encode(method, p)
	if err != nil {
		return clientWrap(method, err)
	}
	defer req.release()
	for attempt := 1; ; attempt++ {
		start := time.Now()
		err := c.attempt(ctx, req, res)
		if c.hook != nil {
			c.hook(ctx, method, time.Since(start), err)
		}
		if err == nil {
			return nil
		}
		wait, ok := c.retryWait(ctx, req, attempt, err)
		if !ok {
			return err
		}
		if err := c.wait(ctx, wait); err != nil {
			return clientWrap(method, err)
		}
		if req.uploads != nil {
			if rerr := req.uploads.rewind(); rerr != nil {
				return err
			}
		}
	}
}

func clientWrap(method string, err error) error {
	var ae *Error
	if errors.As(err, &ae) {
		return err
	}
	return &clientCallError{method: method, err: err}
}

// clientCallError prefixes an error with the API method.
type clientCallError struct {
	method string
	err    error
}

func (e *clientCallError) Error() string { return e.method + ": " + e.err.Error() }
func (e *clientCallError) Unwrap() error { return e.err }

func (c *Client) wait(ctx context.Context, d time.Duration) error {
	if c.sleep != nil {
		return c.sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (c *Client) retryWait(ctx context.Context, req *clientRequest, attempt int, err error) (time.Duration, bool) {
	p := c.retry
	if p == nil || attempt >= p.MaxAttempts || !req.replayable || ctx.Err() != nil {
		return 0, false
	}
	backoff := p.BaseDelay << (attempt - 1)
	if backoff > p.MaxDelay || backoff <= 0 {
		backoff = p.MaxDelay
	}
	var ae *Error
	if errors.As(err, &ae) {
		switch {
		case ae.RetryAfter > 0:
			d := time.Duration(ae.RetryAfter) * time.Second
			return d, d <= p.MaxRetryAfter
		case ae.Code >= 500:
			return backoff, p.Idempotent(req.method)
		}
		return 0, false
	}
	var he *HTTPError
	if errors.As(err, &he) {
		return backoff, he.StatusCode >= 500 && p.Idempotent(req.method)
	}
	var ne *clientNetError
	if errors.As(err, &ne) {
		return backoff, ne.notSent || p.Idempotent(req.method)
	}
	return 0, false
}

// clientNetError is a transport failure with the token redacted from it.
type clientNetError struct {
	method  string
	err     error // a *url.Error with a redacted URL
	notSent bool  // failed before the request was written (dial, DNS)
}

func (e *clientNetError) Error() string { return e.method + ": " + e.err.Error() }
func (e *clientNetError) Unwrap() error { return e.err }

// redactErr returns err with the token removed from every URL in it.
func (c *Client) redactErr(method string, err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		inner := ue.Err
		if c.token != "" && strings.Contains(inner.Error(), c.token) {
			inner = errors.New(c.redact(inner.Error()))
		}
		err = &url.Error{Op: ue.Op, URL: c.redact(ue.URL), Err: inner}
	} else if c.token != "" && strings.Contains(err.Error(), c.token) {
		err = errors.New(c.redact(err.Error()))
	}
	ne := &clientNetError{method: method, err: err}
	var dns *net.DNSError
	var op *net.OpError
	if errors.As(err, &dns) || (errors.As(err, &op) && op.Op == "dial") {
		ne.notSent = true
	}
	return ne
}

func (c *Client) redact(s string) string {
	if c.token == "" {
		return s
	}
	return strings.ReplaceAll(s, c.token, "<token>")
}

func (c *Client) attempt(ctx context.Context, req *clientRequest, res clientResult) error {
	body, n, ctype, wait := req.body()
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.prefix+req.method, body)
	if err != nil {
		if wait != nil {
			wait()
		}
		return clientWrap(req.method, errors.New(c.redact(err.Error())))
	}
	hr.ContentLength = n
	if ctype != nil {
		hr.Header["Content-Type"] = ctype
	}
	resp, err := c.httpClient.Do(hr)
	if wait != nil {
		if err != nil {
			wait()
		} else {
			defer wait()
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			return clientWrap(req.method, ctx.Err())
		}
		return c.redactErr(req.method, err)
	}
	defer resp.Body.Close()
	buf := clientBufPool.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= 1<<20 {
			clientBufPool.Put(buf)
		}
	}()
	if _, err := buf.ReadFrom(resp.Body); err != nil {
		if ctx.Err() != nil {
			return clientWrap(req.method, ctx.Err())
		}
		return c.redactErr(req.method, err)
	}
	return c.decodeResponse(req.method, resp, buf.Bytes(), res)
}

// decodeResponse decodes the envelope in one pass, the result straight into
// res.
func (c *Client) decodeResponse(method string, resp *http.Response, body []byte, res clientResult) error {
	i := 0
	for i < len(body) && (body[i] == ' ' || body[i] == '\t' || body[i] == '\r' || body[i] == '\n') {
		i++
	}
	if i == len(body) || body[i] != '{' {
		return c.httpError(method, resp, body, nil)
	}
	r := jsonGetReader(body)
	defer jsonPutReader(r)
	var (
		okSet, ok  bool
		code       int
		desc       string
		retryAfter int
		migrate    int64
		resultErr  error
	)
	err := r.Object(func(r *jsonReader, key []byte) error {
		var err error
		switch string(key) {
		case "ok":
			if r.Null() {
				return nil
			}
			ok, err = r.Bool()
			okSet = err == nil
		case "result":
			if res == nil || r.Null() {
				return r.Skip()
			}
			if derr := res.decodeJSON(r); derr != nil {
				// Keep scanning: a failure envelope may come after a result.
				resultErr = jsonErrField(derr, "result")
				return r.Skip()
			}
		case "description":
			if r.Null() {
				return nil
			}
			desc, err = r.Str()
		case "error_code":
			if r.Null() {
				return nil
			}
			code, err = r.Int()
		case "parameters":
			if r.Null() {
				return nil
			}
			err = r.Object(func(r *jsonReader, key []byte) error {
				if r.Null() {
					return nil
				}
				var err error
				switch string(key) {
				case "retry_after":
					retryAfter, err = r.Int()
				case "migrate_to_chat_id":
					migrate, err = r.Int64()
				default:
					err = r.Skip()
				}
				return err
			})
		default:
			err = r.Skip()
		}
		return err
	})
	if err == nil {
		err = r.End()
	}
	if resultErr != nil && err != nil {
		// The result decoder stopped mid-value; the scan error is moot.
		err = nil
	}
	switch {
	case err != nil || !okSet:
		if err == nil {
			err = errors.New(`no "ok" member`)
		}
		return c.httpError(method, resp, body, err)
	case !ok:
		if code == 0 {
			code = resp.StatusCode
		}
		return &Error{Code: code, Description: desc, RetryAfter: retryAfter, MigrateToChatID: migrate}
	case resultErr != nil:
		return clientWrap(method, resultErr)
	}
	return nil
}

func (c *Client) httpError(method string, resp *http.Response, body []byte, err error) error {
	const max = 512
	if len(body) > max {
		body = body[:max]
	}
	return &HTTPError{
		Method:      method,
		StatusCode:  resp.StatusCode,
		Status:      resp.Status,
		ContentType: resp.Header.Get("Content-Type"),
		Body:        []byte(c.redact(string(body))),
		Err:         err,
	}
}

// ---------------------------------------------------------------- files

// DownloadFile streams the file at filePath (File.file_path from getFile)
// from {base}/file/bot<token>/<filePath>. The caller closes the reader.
//
// A local server returns an absolute path on its own disk; with
// WithLocalFiles(true) such a path is opened directly. Without it an
// absolute path is an error.
func (c *Client) DownloadFile(ctx context.Context, filePath string) (io.ReadCloser, error) {
	const method = "download"
	if strings.HasPrefix(filePath, "/") || filepath.IsAbs(filePath) {
		if !c.localFiles {
			return nil, clientWrap(method, errors.New("absolute file path "+strconv.Quote(filePath)+" is on a local server's disk: enable WithLocalFiles(true) to open it"))
		}
		f, err := os.Open(filePath)
		if err != nil {
			return nil, clientWrap(method, err)
		}
		return f, nil
	}
	if c.baseErr != nil {
		return nil, clientWrap(method, c.baseErr)
	}
	u, err := url.Parse(c.base)
	if err != nil {
		return nil, clientWrap(method, c.baseErr)
	}
	u.Path = strings.TrimRight(u.Path, "/") + "/file/bot" + c.token + "/" + strings.TrimLeft(filePath, "/")
	u.RawPath = ""
	hr, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, clientWrap(method, errors.New(c.redact(err.Error())))
	}
	start := time.Now()
	resp, err := c.httpClient.Do(hr)
	if err != nil {
		err = c.redactErr(method, err)
	} else if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		resp.Body.Close()
		err = c.httpError(method, resp, body, nil)
	}
	if c.hook != nil {
		c.hook(ctx, method, time.Since(start), err)
	}
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}

// ---------------------------------------------------------------- polling

// clientBackoff is the bounded exponential wait of the long-polling
// iterator after an error: 1s, 2s, 4s, ... up to 30s; retry_after wins.
type clientBackoff struct{ next time.Duration }

func (c *Client) backoff(ctx context.Context, b *clientBackoff, err error) error {
	if b.next == 0 {
		b.next = time.Second
	}
	d := b.next
	if b.next *= 2; b.next > 30*time.Second {
		b.next = 30 * time.Second
	}
	var ae *Error
	if errors.As(err, &ae) && ae.RetryAfter > 0 {
		d = time.Duration(ae.RetryAfter) * time.Second
	}
	return c.wait(ctx, d)
}

// ---------------------------------------------------------------- webhook

// WebhookReply is a method call answered in the body of a webhook delivery
// (Common request rules, "Webhook reply"): the parameters struct of any API
// method, for example &SendMessageParams{...}. The service does not report
// whether the call succeeded.
type WebhookReply interface {
	clientParams
	clientMethod() string
}

// WebhookOption configures WebhookHandler.
type WebhookOption func(*clientWebhookConfig)

type clientWebhookConfig struct {
	secretPath string
	onError    func(r *http.Request, err error)
	maxBody    int64
}

// WebhookSecretPath makes the handler answer 404 to requests whose URL path
// is not exactly path; put a secret in the webhook URL (Authentication:
// "a secret path") so that only the service knows where to deliver.
func WebhookSecretPath(path string) WebhookOption {
	return func(c *clientWebhookConfig) { c.secretPath = path }
}

// WebhookOnError is called with every delivery that fails: a bad request, an
// error returned by the handler function, or a reply that does not validate
// or cannot be written.
func WebhookOnError(f func(r *http.Request, err error)) WebhookOption {
	return func(c *clientWebhookConfig) { c.onError = f }
}

// clientWebhook decodes one update per POST and writes the reply, if any.
// An error answers 500 so that the service delivers the update again.
func clientWebhook[T any, PT jsonCodec[T]](h func(ctx context.Context, u PT) (WebhookReply, error), opts []WebhookOption) http.Handler {
	cfg := &clientWebhookConfig{maxBody: 4 << 20}
	for _, o := range opts {
		o(cfg)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fail := func(code int, err error) {
			if cfg.onError != nil {
				cfg.onError(r, err)
			}
			http.Error(w, http.StatusText(code), code)
		}
		if cfg.secretPath != "" && subtle.ConstantTimeCompare([]byte(r.URL.Path), []byte(cfg.secretPath)) != 1 {
			http.NotFound(w, r)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			fail(http.StatusMethodNotAllowed, errors.New("webhook: method "+r.Method+" not allowed"))
			return
		}
		buf := clientBufPool.Get().(*bytes.Buffer)
		buf.Reset()
		defer clientBufPool.Put(buf)
		if _, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, cfg.maxBody)); err != nil {
			fail(http.StatusBadRequest, errors.New("webhook: reading the body: "+err.Error()))
			return
		}
		u := PT(new(T))
		dr := jsonGetReader(buf.Bytes())
		err := u.decodeJSON(dr)
		if err == nil {
			err = dr.End()
		}
		jsonPutReader(dr)
		if err != nil {
			fail(http.StatusBadRequest, errors.New("webhook: decoding the update: "+err.Error()))
			return
		}
		reply, err := h(r.Context(), u)
		if err != nil {
			fail(http.StatusInternalServerError, err)
			return
		}
		if reply == nil {
			w.WriteHeader(http.StatusOK)
			return
		}
		if err := clientWriteReply(w, reply); err != nil {
			fail(http.StatusInternalServerError, err)
		}
	})
}

// clientWriteReply writes reply as {"method": ..., params...}, or as a
// multipart body with a method field when it uploads files.
func clientWriteReply(w http.ResponseWriter, reply WebhookReply) error {
	method := reply.clientMethod()
	if v, ok := reply.(interface{ Validate() error }); ok {
		if err := v.Validate(); err != nil {
			return errors.New("webhook reply " + method + ": " + err.Error())
		}
	}
	var p clientParams = reply
	var up *clientUploads
	if u, ok := reply.(clientUploader); ok {
		a := &clientUploads{prefix: clientPartPrefix}
		q := u.clientWithUploads(a)
		if a.err != nil {
			return errors.New("webhook reply " + method + ": " + a.err.Error())
		}
		if len(a.files) > 0 {
			p, up = q, a
		}
	}
	jw := jsonGetWriter()
	defer jsonPutWriter(jw)
	p.encodeJSON(jw)
	if err := jw.Err(); err != nil {
		return errors.New("webhook reply " + method + ": " + err.Error())
	}
	if up != nil {
		defer up.close()
		boundary := clientBoundary()
		w.Header().Set("Content-Type", "multipart/form-data; boundary="+boundary)
		w.WriteHeader(http.StatusOK)
		return clientWriteMultipart(w, boundary, method, jw.Bytes(), up)
	}
	params := jw.Bytes()
	out := make([]byte, 0, len(params)+len(method)+16)
	out = append(out, `{"method":`...)
	out = jsonAppendStr(out, method)
	if len(params) > 2 {
		out = append(out, ',')
		out = append(out, params[1:]...)
	} else {
		out = append(out, '}')
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	_, err := w.Write(out)
	return err
}

// ---------------------------------------------------------------- results

// clientArray decodes a JSON array of a generated type.
type clientArray[T any, PT jsonCodec[T]] struct{ s *[]T }

func (a clientArray[T, PT]) decodeJSON(r *jsonReader) error {
	s := (*a.s)[:0]
	if s == nil {
		s = []T{}
	}
	err := r.Array(func(r *jsonReader) error {
		var zero T
		s = append(s, zero)
		return jsonErrIndex(PT(&s[len(s)-1]).decodeJSON(r), len(s)-1)
	})
	*a.s = s
	return err
}

// clientDecodeFunc adapts a decoding function (union interfaces, nested
// arrays, primitives) to clientResult.
type clientDecodeFunc func(r *jsonReader) error

func (f clientDecodeFunc) decodeJSON(r *jsonReader) error { return f(r) }

// clientString, clientInt, clientInt64, clientFloat and clientBool decode
// primitive results.
type (
	clientString  struct{ v *string }
	clientInt     struct{ v *int }
	clientInt64   struct{ v *int64 }
	clientFloat   struct{ v *float64 }
	clientBoolRes struct{ v *bool }
)

func (x clientString) decodeJSON(r *jsonReader) (err error) {
	*x.v, err = r.Str()
	return err
}

func (x clientInt) decodeJSON(r *jsonReader) (err error) {
	*x.v, err = r.Int()
	return err
}

func (x clientInt64) decodeJSON(r *jsonReader) (err error) {
	*x.v, err = r.Int64()
	return err
}

func (x clientFloat) decodeJSON(r *jsonReader) (err error) {
	*x.v, err = r.Float64()
	return err
}

func (x clientBoolRes) decodeJSON(r *jsonReader) (err error) {
	*x.v, err = r.Bool()
	return err
}

// clientPartPrefix starts the part names of nested uploads ("file0",
// "file1", ...); the client backend checks that no parameter has such a
// name.
const clientPartPrefix = "file"
