package runtime

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
	"fmt"
	"io"
	"math"
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
	fileBase   string // downloads: base + "/file", or DefaultFileURL with the default base
	httpClient *http.Client
	validate   bool
	retry      *RetryPolicy
	hook       func(ctx context.Context, method string, dur time.Duration, err error)
	sleep      func(ctx context.Context, d time.Duration) error
	localDir   string // absolute; "" = never open local files
	maxResp    int64
	recv       *clientReceive // how answers are read (rt_client_receive.go)
}

// ClientOption configures a Client.
type ClientOption func(*Client)

// NewClient returns a client for the bot with the given token.
//
// Defaults: base URL DefaultBaseURL, http.DefaultClient (redirects not
// followed), validation on, no retries, no request hook, absolute file paths
// not read from disk, answers of at most DefaultMaxResponseSize bytes.
func NewClient(token string, opts ...ClientOption) *Client {
	c := &Client{token: token, httpClient: clientNoRedirects(http.DefaultClient), validate: true, maxResp: DefaultMaxResponseSize, recv: &clientReceive{}}
	c.setBase(DefaultBaseURL)
	if DefaultFileURL != "" {
		// The document's download address goes with its base URL;
		// WithBaseURL (a local server) sets both anew.
		c.fileBase = strings.TrimRight(DefaultFileURL, "/")
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *Client) setBase(base string) {
	c.base, c.baseErr = strings.TrimRight(base, "/"), nil
	if c.base == "" {
		c.baseErr = clientConfigError("no base URL: pass WithBaseURL or set DefaultBaseURL")
	} else if u, err := url.Parse(c.base); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		c.baseErr = clientConfigError("base URL " + strconv.Quote(c.base) + " is not an absolute http(s) URL")
	}
	c.prefix = c.base + "/bot" + c.token + "/"
	c.fileBase = c.base + "/file"
}

// WithBaseURL sets the service address, for example the cloud address or
// "http://localhost:8081" for a local server. Requests go to
// {base}/bot<token>/<method>, downloads to {base}/file/bot<token>/<path>.
func WithBaseURL(base string) ClientOption {
	return func(c *Client) { c.setBase(base) }
}

// WithHTTPClient sets the HTTP client (transport, proxy, TLS). Its Timeout,
// if any, must exceed the long-polling timeout used with getUpdates; prefer
// contexts for deadlines. The client uses a copy of h that never follows
// redirects, whatever h.CheckRedirect says: every request URL carries the
// token, which a redirect would send on to another host (in the URL or the
// Referer header). A 3xx answer is returned as an *HTTPError.
func WithHTTPClient(h *http.Client) ClientOption {
	return func(c *Client) {
		if h != nil {
			c.httpClient = clientNoRedirects(h)
		}
	}
}

// clientNoRedirects returns a copy of h that returns 3xx answers instead of
// following them.
func clientNoRedirects(h *http.Client) *http.Client {
	cp := *h
	cp.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &cp
}

// DefaultMaxResponseSize bounds the body of an API answer (see
// WithMaxResponseSize): 32 MiB. The largest regular answer, a getUpdates
// batch of 100 updates each carrying texts of the longest allowed length,
// escaped, with their entities and a quoted message, stays well under a
// third of it, while a hostile or broken server cannot make the client hold
// more than that (decoding costs a few times the body size).
const DefaultMaxResponseSize = 32 << 20

// WithMaxResponseSize bounds the body of an API answer (default
// DefaultMaxResponseSize); a longer answer fails the call with an error
// saying so, after reading n+1 bytes. It does not apply to DownloadFile,
// whose body the caller streams.
func WithMaxResponseSize(n int64) ClientOption {
	return func(c *Client) {
		if n > 0 {
			c.maxResp = n
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

// WithLocalFiles lets DownloadFile open an absolute file_path inside dir
// from the local disk. A local server (see Limits) returns absolute paths
// from getFile and runs on the same machine as the bot; the cloud service
// never does. Off by default (dir ""), so a path from the network is never
// opened on disk unless asked; with it, only files under dir are opened
// (through os.Root: no ".." and no symbolic link leads out of dir), so a
// server cannot make the bot read any other file.
func WithLocalFiles(dir string) ClientOption {
	return func(c *Client) {
		c.localDir = ""
		if dir != "" {
			if abs, err := filepath.Abs(dir); err == nil {
				c.localDir = abs
			}
		}
	}
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
		return clientWrap(method, c.baseErr)
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

// clientConfigError is a client set up so that no call can succeed (no
// base URL, or one that is no http(s) URL): retrying cannot mend it.
type clientConfigError string

func (e clientConfigError) Error() string { return string(e) }

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
			// Compare in seconds: a huge retry_after overflows a Duration.
			if int64(ae.RetryAfter) > int64(p.MaxRetryAfter/time.Second) {
				return 0, false
			}
			return time.Duration(ae.RetryAfter) * time.Second, true
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
		if msg := inner.Error(); c.redact(msg) != msg {
			inner = errors.New(c.redact(msg))
		}
		err = &url.Error{Op: ue.Op, URL: c.redact(ue.URL), Err: inner}
	} else if msg := err.Error(); c.redact(msg) != msg {
		err = errors.New(c.redact(msg))
	}
	ne := &clientNetError{method: method, err: err}
	var dns *net.DNSError
	var op *net.OpError
	if errors.As(err, &dns) || (errors.As(err, &op) && op.Op == "dial") {
		ne.notSent = true
	}
	return ne
}

// redact replaces the token in s, also where some of its bytes are
// percent-encoded ("123456%3AABC..." in a proxy's error page).
func (c *Client) redact(s string) string {
	if c.token == "" {
		return s
	}
	if strings.IndexByte(s, '%') < 0 {
		return strings.ReplaceAll(s, c.token, "<token>")
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if n := clientMatchEscaped(s[i:], c.token); n > 0 {
			b.WriteString(s[last:i])
			b.WriteString("<token>")
			i += n
			last = i
			continue
		}
		i++
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// clientMatchEscaped returns the length of the prefix of s that spells tok,
// each byte either as itself or as %XX (either case), or 0.
func clientMatchEscaped(s, tok string) int {
	k := 0
	for j := 0; j < len(tok); j++ {
		switch {
		case k < len(s) && s[k] == tok[j]:
			k++
		case k+2 < len(s) && s[k] == '%' && jsonHexVal(s[k+1]) >= 0 && jsonHexVal(s[k+2]) >= 0 &&
			byte(jsonHexVal(s[k+1])<<4|jsonHexVal(s[k+2])) == tok[j]:
			k += 3
		default:
			return 0
		}
	}
	return k
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
	answer, tooLarge, err := clientReadAnswer(buf, resp.Body, resp.ContentLength, c.maxResp)
	if err != nil {
		if ctx.Err() != nil {
			return clientWrap(req.method, ctx.Err())
		}
		return c.redactErr(req.method, err)
	}
	if tooLarge {
		return clientWrap(req.method, fmt.Errorf("the answer (HTTP %d) is larger than %d bytes: raise WithMaxResponseSize to accept it", resp.StatusCode, c.maxResp))
	}
	return c.decodeResponse(req.method, resp, answer, res)
}

// clientMinChunk is the first chunk of an answer of unknown size when the
// pooled buffer has no room.
const clientMinChunk = 4 << 10

// clientReadAnswer reads an answer body of at most limit bytes. size is its
// Content-Length (-1 when unknown): beyond limit the answer is refused
// unread, within it read into one buffer of that size. An answer of
// unknown size is read in chunks, each as large as all before it together,
// and joined once at the end: refusing it costs about the limit, where a
// doubling buffer cost four times the limit (141 MB at the 32 MiB
// default). buf (pooled) lends its storage as the first chunk and keeps the
// answer's buffer for the next call when it is at most 1 MiB.
func clientReadAnswer(buf *bytes.Buffer, r io.Reader, size, limit int64) (answer []byte, tooLarge bool, err error) {
	if size > limit {
		return nil, true, nil
	}
	b := buf.AvailableBuffer()
	if size >= 0 && int64(cap(b)) <= size {
		b = make([]byte, 0, size+1) // +1: room to see the end
	} else if cap(b) == 0 {
		b = make([]byte, 0, clientMinChunk)
	}
	var chunks [][]byte
	var total int64 // bytes in chunks
	for {
		if len(b) == cap(b) {
			chunks = append(chunks, b)
			total += int64(len(b))
			b = make([]byte, 0, min(max(total, clientMinChunk), limit+1-total))
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if total+int64(len(b)) > limit {
			return nil, true, nil
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, false, err
		}
	}
	if chunks != nil {
		joined := make([]byte, 0, total+int64(len(b)))
		for _, c := range chunks {
			joined = append(joined, c...)
		}
		b = append(joined, b...)
	}
	if cap(b) <= 1<<20 {
		*buf = *bytes.NewBuffer(b[:0])
	}
	return b, false, nil
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
	r := c.recv.reader(body)
	defer jsonPutReader(r)
	var (
		okSet, ok  bool
		code       int
		desc       string
		retryAfter int
		migrate    int64
		resultErr  error
		resultSet  bool // a non-null result was present
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
			if res == nil {
				return r.Skip()
			}
			if r.Null() {
				return nil
			}
			resultSet = true
			if derr := res.decodeJSON(r); derr != nil {
				// Keep scanning: a failure envelope may come after a result.
				resultErr = jsonErrField(derr, "result")
				return r.Skip()
			}
		// The members of a failure are read leniently: an API error whose
		// retry_after is 2.5 or "3" is still the API error (a 429 that
		// code checks for), not a malformed answer. A member of the wrong
		// kind is skipped.
		case "description":
			if r.Next() != jsonKindString {
				return r.Skip()
			}
			desc, err = r.Str()
		case "error_code":
			code, err = clientLenientIntOf(r, code)
		case "parameters":
			if r.Next() != jsonKindObject {
				return r.Skip()
			}
			err = r.Object(func(r *jsonReader, key []byte) error {
				var err error
				switch string(key) {
				case "retry_after":
					retryAfter, err = clientLenientIntOf(r, retryAfter)
				case "migrate_to_chat_id":
					migrate, err = clientLenientInt(r, migrate)
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
		if code == 0 && resp.StatusCode >= 400 {
			// No error_code: the HTTP status says what failed; a 2xx
			// status says nothing, and Code stays 0.
			code = resp.StatusCode
		}
		return &Error{Method: method, Code: code, Description: desc, RetryAfter: retryAfter, MigrateToChatID: migrate}
	case resultErr != nil:
		return clientWrap(method, resultErr)
	case res != nil && !resultSet && !clientIsTrue(res):
		// A result that carries a value must be there: null is no value
		// of any result type. A method whose result can only be True is
		// answered by "ok" alone.
		return clientWrap(method, errors.New(`the answer says "ok": true but has no "result" (missing or null)`))
	}
	c.recv.report(method, body, r)
	return nil
}

// clientLenientInt reads a member of a failure envelope that should be an
// integer: a number (2.5 is rounded up, 1e9 read, beyond int64 clamped)
// or a string holding one ("3"). Anything else, and null, leave def.
func clientLenientInt(r *jsonReader, def int64) (int64, error) {
	var lit string
	switch r.Next() {
	case jsonKindNumber:
		b, err := r.Number()
		if err != nil {
			return def, err
		}
		lit = string(b)
	case jsonKindString:
		s, err := r.Str()
		if err != nil {
			return def, err
		}
		lit = strings.TrimSpace(s)
	default:
		return def, r.Skip()
	}
	if x, err := strconv.ParseInt(lit, 10, 64); err == nil {
		return x, nil
	}
	f, err := strconv.ParseFloat(lit, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange), f != f:
		return def, nil
	case f >= math.MaxInt64:
		return math.MaxInt64, nil
	case f <= math.MinInt64:
		return math.MinInt64, nil
	}
	return int64(math.Ceil(f)), nil
}

// clientLenientIntOf is clientLenientInt for an int, clamped to its range.
func clientLenientIntOf(r *jsonReader, def int) (int, error) {
	x, err := clientLenientInt(r, int64(def))
	return int(max(min(x, math.MaxInt), math.MinInt)), err
}

// clientIsTrue reports whether res is the result of a method whose result
// type is True.
func clientIsTrue(res clientResult) bool {
	_, ok := res.(*True)
	return ok
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
// from {base}/file/bot<token>/<filePath>, or, while the base URL is
// DefaultBaseURL and DefaultFileURL is set, from
// DefaultFileURL/bot<token>/<filePath>. The caller closes the reader.
// Each segment of filePath is percent-escaped; a path with "." or ".."
// segments is an error, so that a path from the network cannot address
// anything but a file below the bot's file directory.
//
// A local server returns an absolute path on its own disk; with
// WithLocalFiles(dir) such a path is opened directly when it lies inside
// dir. Without it an absolute path is an error.
func (c *Client) DownloadFile(ctx context.Context, filePath string) (io.ReadCloser, error) {
	const method = "download"
	if strings.HasPrefix(filePath, "/") || filepath.IsAbs(filePath) {
		f, err := c.openLocal(filePath)
		if err != nil {
			return nil, clientWrap(method, err)
		}
		return f, nil
	}
	if c.baseErr != nil {
		return nil, clientWrap(method, c.baseErr)
	}
	segs := strings.Split(filePath, "/")
	for i, seg := range segs {
		if seg == "." || seg == ".." {
			return nil, clientWrap(method, errors.New("file path "+strconv.Quote(filePath)+` has a "." or ".." segment`))
		}
		segs[i] = url.PathEscape(seg)
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodGet, c.fileBase+"/bot"+url.PathEscape(c.token)+"/"+strings.Join(segs, "/"), nil)
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

// openLocal opens an absolute path of a local server inside the
// WithLocalFiles directory, through os.Root so that neither ".." nor a
// symbolic link leads out of it.
func (c *Client) openLocal(filePath string) (*os.File, error) {
	if c.localDir == "" {
		return nil, errors.New("absolute file path " + strconv.Quote(filePath) + " is on a local server's disk: pass WithLocalFiles(dir) with the local server's working directory to open it")
	}
	rel, err := filepath.Rel(c.localDir, filepath.Clean(filePath))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return nil, errors.New("file path " + strconv.Quote(filePath) + " is outside the WithLocalFiles directory " + strconv.Quote(c.localDir))
	}
	root, err := os.OpenRoot(c.localDir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.Open(rel)
	if err != nil {
		return nil, errors.New("file path " + strconv.Quote(filePath) + ": " + err.Error())
	}
	return f, nil
}

// ---------------------------------------------------------------- polling

// clientBackoff is the bounded exponential wait of the long-polling
// iterator after an error: 1s, 2s, 4s, ... up to 30s; retry_after wins, up
// to clientPollMaxRetryAfter (or the retry policy's MaxRetryAfter).
type clientBackoff struct{ next time.Duration }

// clientPollMaxRetryAfter caps the iterator's wait for retry_after when no
// retry policy is set: a longer wait is cut to it, so a broken or hostile
// answer cannot park the bot for hours (the next attempt just gets another
// 429 if the service meant it).
const clientPollMaxRetryAfter = time.Minute

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
		max := clientPollMaxRetryAfter
		if c.retry != nil {
			max = c.retry.MaxRetryAfter
		}
		d = max
		if int64(ae.RetryAfter) < int64(max/time.Second) {
			d = time.Duration(ae.RetryAfter) * time.Second
		}
	}
	return c.wait(ctx, d)
}

// DefaultPollTimeout is the long-polling timeout, in seconds, the Updates
// iterator asks for when its parameters leave timeout unset: the service
// holds each request up to that long while there is nothing new, instead of
// answering an empty batch at once (a timeout of 0 is short polling, a
// request loop when nothing happens). An HTTP client Timeout must exceed it.
const DefaultPollTimeout = 30

// ItemDecodeError is yielded by the Updates iterator for an item of a batch
// that does not decode, or lacks its id: the iterator reports it, moves the
// offset past it (when its id is readable) and goes on with the next item,
// so one bad item never blocks the ones after it.
type ItemDecodeError struct {
	Field string // wire name of the item's id field (e.g. update_id)
	ID    int64  // the id, when readable (0 otherwise)
	Raw   []byte // the item's JSON, as received
	Err   error  // the decoding problem
	hasID bool
}

func (e *ItemDecodeError) Error() string {
	id := "an unreadable " + e.Field
	if e.hasID {
		id = e.Field + " " + strconv.FormatInt(e.ID, 10)
	}
	return "item with " + id + " skipped: " + e.Err.Error()
}

func (e *ItemDecodeError) Unwrap() error { return e.Err }

// clientPollKeys are the wire names the long-polling loop works with.
type clientPollKeys struct {
	id, offset, timeout string
}

// clientPollParams is the parameters of one long-polling request: the
// caller's parameters, encoded once, with offset and timeout replaced.
type clientPollParams struct {
	base    []byte
	keys    clientPollKeys
	offset  int64
	hasOff  bool
	timeout int64
	hasTime bool
}

func (p *clientPollParams) encodeJSON(w *jsonWriter) {
	w.ObjStart()
	if p.hasOff {
		w.Field(p.keys.offset)
		w.Int64(p.offset)
	}
	if p.hasTime {
		w.Field(p.keys.timeout)
		w.Int64(p.timeout)
	}
	r := jsonGetReader(p.base)
	defer jsonPutReader(r)
	err := r.Object(func(r *jsonReader, key []byte) error {
		if k := string(key); k == p.keys.offset || k == p.keys.timeout {
			return r.Skip()
		}
		raw, err := r.Raw()
		if err == nil {
			w.Field(string(key))
			w.Raw(raw)
		}
		return err
	})
	if err != nil && w.err == nil {
		w.err = err
	}
	w.ObjEnd()
}

// read takes offset and timeout from the encoded caller's parameters.
func (p *clientPollParams) read() error {
	r := jsonGetReader(p.base)
	defer jsonPutReader(r)
	return r.Object(func(r *jsonReader, key []byte) error {
		var err error
		switch string(key) {
		case p.keys.offset:
			if !r.Null() {
				p.offset, err = r.Int64()
				p.hasOff = err == nil
			}
		case p.keys.timeout:
			if !r.Null() {
				p.timeout, err = r.Int64()
				p.hasTime = err == nil
			}
		default:
			err = r.Skip()
		}
		return err
	})
}

// clientRawItems keeps the items of a JSON array undecoded.
type clientRawItems struct{ items [][]byte }

func (b *clientRawItems) decodeJSON(r *jsonReader) error {
	b.items = b.items[:0]
	return r.Array(func(r *jsonReader) error {
		raw, err := r.RawCopy()
		b.items = append(b.items, raw)
		return err
	})
}

// clientItemID reads the integer member key of the JSON object raw.
func clientItemID(raw []byte, key string) (int64, error) {
	r := jsonGetReader(raw)
	defer jsonPutReader(r)
	var id int64
	found := false
	err := r.Object(func(r *jsonReader, k []byte) error {
		if string(k) != key || found {
			return r.Skip()
		}
		if r.Null() {
			return errors.New(strconv.Quote(key) + " is null")
		}
		v, err := r.Int64()
		if err != nil {
			return jsonErrField(err, key)
		}
		id, found = v, true
		return nil
	})
	if err == nil && !found {
		err = errors.New("required field " + strconv.Quote(key) + " is missing")
	}
	return id, err
}

// clientPoll is the long-polling loop behind the generated iterator: it
// calls method with p (offset and timeout replaced, see keys) and yields
// every item of every batch, decoding items one by one.
//
//   - The offset moves past every item whose id is readable, decodable or
//     not, which confirms it to the service; an item that does not decode
//     is yielded as an *ItemDecodeError.
//   - Items whose id is below the offset (duplicates, older ones) are
//     dropped: each id is yielded at most once, in increasing order.
//   - An unset timeout becomes DefaultPollTimeout.
//   - After an error, and after a batch in which nothing could be confirmed
//     (the offset cannot move), it backs off (clientBackoff).
func clientPoll[T any, PT jsonCodec[T]](ctx context.Context, c *Client, method string, p clientParams, keys clientPollKeys, yield func(T, error) bool) {
	var zero T
	if c.baseErr != nil {
		yield(zero, clientWrap(method, c.baseErr))
		return
	}
	if c.validate {
		if v, ok := p.(interface{ Validate() error }); ok {
			if err := v.Validate(); err != nil {
				yield(zero, clientWrap(method, err))
				return
			}
		}
	}
	w := jsonGetWriter()
	p.encodeJSON(w)
	q := &clientPollParams{base: append([]byte(nil), w.Bytes()...), keys: keys}
	err := w.Err()
	jsonPutWriter(w)
	if err == nil {
		err = q.read()
	}
	if err != nil {
		yield(zero, clientWrap(method, err))
		return
	}
	if !q.hasTime {
		q.timeout, q.hasTime = DefaultPollTimeout, true
	}
	var b clientBackoff
	var batch clientRawItems
	for ctx.Err() == nil {
		if err := c.call(ctx, method, q, &batch); err != nil {
			if ctx.Err() != nil || !yield(zero, err) {
				return
			}
			if c.backoff(ctx, &b, err) != nil {
				return
			}
			continue
		}
		before, hadOff := q.offset, q.hasOff
		for _, raw := range batch.items {
			id, err := clientItemID(raw, keys.id)
			if err == nil {
				if q.hasOff && id < q.offset {
					continue // already yielded, or older than what was confirmed
				}
				q.offset, q.hasOff = id+1, true
			}
			hasID := err == nil
			var v T
			if err == nil {
				r := c.recv.reader(raw)
				err = PT(&v).decodeJSON(r)
				if err == nil {
					err = r.End()
				}
				if err == nil {
					c.recv.report(method, raw, r)
				}
				jsonPutReader(r)
			}
			if err != nil {
				if !yield(zero, &ItemDecodeError{Field: keys.id, ID: id, Raw: raw, Err: err, hasID: hasID}) {
					return
				}
				continue
			}
			if !yield(v, nil) {
				return
			}
		}
		if len(batch.items) == 0 || q.offset != before || q.hasOff != hadOff {
			b = clientBackoff{}
			continue
		}
		// Nothing in the batch could be confirmed: asking again at once
		// would get the same answer.
		if c.backoff(ctx, &b, nil) != nil {
			return
		}
	}
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
	// secretHeader and secretToken: deliveries must carry the token in
	// that header (set by the generated WebhookSecretToken where the
	// document defines the header).
	secretHeader string
	secretToken  string
	onError      func(r *http.Request, err error)
	maxBody      int64
	// recv reads deliveries (WebhookClient); onUndecodable gets the ones
	// that do not decode (WebhookOnUndecodable).
	recv          *clientReceive
	onUndecodable func(ctx context.Context, e *ItemDecodeError)
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
// An error answers 500 so that the service delivers the update again; a
// well-formed delivery that does not decode is answered 200 and reported
// (clientUndecodable), since delivering it again cannot help.
//
// idKey is the wire name of the item's required integer id (update_id): a
// body without it is answered 400, like one that does not decode.
func clientWebhook[T any, PT jsonCodec[T]](h func(ctx context.Context, u PT) (WebhookReply, error), idKey string, opts []WebhookOption) http.Handler {
	cfg := &clientWebhookConfig{maxBody: 4 << 20, recv: &clientReceive{}}
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
		if cfg.secretHeader != "" && subtle.ConstantTimeCompare([]byte(r.Header.Get(cfg.secretHeader)), []byte(cfg.secretToken)) != 1 {
			fail(http.StatusUnauthorized, errors.New("webhook: missing or wrong "+cfg.secretHeader))
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
		dr := cfg.recv.reader(buf.Bytes())
		err := u.decodeJSON(dr)
		if err == nil {
			err = dr.End()
		}
		if err == nil {
			cfg.recv.report("webhook", buf.Bytes(), dr)
		}
		jsonPutReader(dr)
		if err == nil && idKey != "" {
			_, err = clientItemID(buf.Bytes(), idKey)
		}
		if err != nil && clientUndecodable(r.Context(), cfg, w, buf.Bytes(), idKey, err) {
			return
		}
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
