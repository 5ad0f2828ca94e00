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
	"context"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
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
