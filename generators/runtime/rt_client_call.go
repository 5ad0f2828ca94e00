// The client part of the runtime, calls: one attempt, retries and their
// waits, redaction of the token from errors, reading and decoding the answer
// envelope. The whole part is described in rt_client.go. This comment, above
// the package clause, describes the source file only and is not copied into
// the generated package.

package runtime

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

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
