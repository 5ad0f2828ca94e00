package emulator

// A request's body as the version front holds it (version.go): the front
// validates a request with the version's server, then hands it, translated,
// to the core, so it reads the body once and keeps it for both. It keeps
// it within the core's own bounds: a JSON or form body, and a multipart
// body's text parts, in memory up to the core's body bound (1 MiB),
// refused beyond it as soon as it is read; upload parts streamed into one
// temporary file per request, up to the core's upload bound. The bytes in
// memory across all requests at once are bounded too (frontBudget): a
// request past it is answered 429, as a flood is.

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/apigen/apigen/generated/botapi"
)

// frontBody is a request body read by the front.
type frontBody struct {
	ct       string
	raw      []byte // a body that is not multipart
	boundary string // multipart: the parts below
	texts    []bodyPart
	files    []bodyPart
	spool    *os.File // the upload parts' bytes
	budget   *byteBudget
	held     int64
	mu       sync.Mutex
	pipes    []*io.PipeReader
	// root is the body a translated body was made from: it holds the
	// spool and closes the pipes of both.
	root *frontBody
}

// bodyPart is a multipart part: a text part's value, or an upload's
// place in the spool file.
type bodyPart struct {
	header    textproto.MIMEHeader
	name      string
	text      []byte
	off, size int64
}

// errBodyTooLarge and errBudget are why a body was not read.
var (
	errBodyTooLarge = errors.New("Request Entity Too Large")
	errBudget       = errors.New("Too Many Requests: retry after 1")
)

// frontBudget bounds the body text the version front holds in memory at
// once, across requests: 32 requests at the body bound, thousands of
// ordinary ones.
const frontBudget = 32 << 20

// byteBudget bounds the body bytes the front holds in memory at once,
// across requests.
type byteBudget struct {
	mu        sync.Mutex
	used, max int64
	peak      int64
}

func (b *byteBudget) take(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.max {
		return false
	}
	b.used += n
	b.peak = max(b.peak, b.used)
	return true
}

func (b *byteBudget) give(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used -= n
}

// maxUsed is the most bytes held at once so far.
func (b *byteBudget) maxUsed() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.peak
}

// readFrontBody reads r's body: text up to textMax bytes (a JSON or form
// body, or a multipart body's text parts together), uploads up to
// uploadMax bytes together, spooled into a temporary file in dir.
func readFrontBody(r *http.Request, textMax, uploadMax int64, budget *byteBudget, dir string) (*frontBody, error) {
	b := &frontBody{ct: r.Header.Get("Content-Type"), budget: budget}
	if r.Body == nil || r.Body == http.NoBody {
		return b, nil
	}
	mt, mp, _ := mime.ParseMediaType(b.ct)
	if mt != "multipart/form-data" || mp["boundary"] == "" {
		raw, err := b.readText(r.Body, textMax)
		b.raw = raw
		return b, err
	}
	b.boundary = mp["boundary"]
	mr := multipart.NewReader(r.Body, b.boundary)
	var text, uploads int64
	for {
		p, err := mr.NextRawPart()
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		part := bodyPart{header: p.Header, name: p.FormName()}
		if isUpload(p) {
			if b.spool == nil {
				if b.spool, err = os.CreateTemp(dir, "apigen-emulator-upload-*"); err != nil {
					return b, err
				}
			}
			part.off = uploads
			n, err := io.Copy(b.spool, io.LimitReader(p, uploadMax-uploads+1))
			if err != nil {
				return b, err
			}
			part.size, uploads = n, uploads+n
			if uploads > uploadMax {
				return b, errBodyTooLarge
			}
			b.files = append(b.files, part)
			continue
		}
		v, err := b.readText(p, textMax-text)
		if err != nil {
			return b, err
		}
		text += int64(len(v))
		part.text = v
		b.texts = append(b.texts, part)
	}
}

// readText reads r up to limit bytes, counted against the budget as
// they come.
func (b *frontBody) readText(r io.Reader, limit int64) ([]byte, error) {
	var out []byte
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			if int64(len(out)+n) > limit {
				return nil, errBodyTooLarge
			}
			if !b.budget.take(int64(n)) {
				return nil, errBudget
			}
			b.held += int64(n)
			out = append(out, buf[:n]...)
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// Close frees what the body holds: its budget, its spool file, the pipes
// of its multipart readers.
func (b *frontBody) Close() {
	b.budget.give(b.held)
	b.held = 0
	b.closePipes()
	if b.spool != nil {
		b.spool.Close()
		os.Remove(b.spool.Name())
	}
}

func (b *frontBody) closePipes() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range b.pipes {
		p.Close()
	}
}

// addPipe records a pipe for Close: on the root body.
func (b *frontBody) addPipe(p *io.PipeReader) {
	if b.root != nil {
		b = b.root
	}
	b.appendPipe(p)
}

func (b *frontBody) appendPipe(p *io.PipeReader) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pipes = append(b.pipes, p)
}

// multipart reports whether the body is a multipart one.
func (b *frontBody) multipart() bool { return b.boundary != "" }

// reader is the body's bytes, a multipart body written again from its
// parts as the reader reads.
// callReader is the body as a Caller reads it: nil for an empty body
// that is not multipart.
func (b *frontBody) callReader() io.Reader {
	if len(b.raw) == 0 && !b.multipart() {
		return nil
	}
	r, _ := b.reader()
	return r
}

func (b *frontBody) reader() (io.Reader, int64) {
	if !b.multipart() {
		return bytes.NewReader(b.raw), int64(len(b.raw))
	}
	pr, pw := io.Pipe()
	b.addPipe(pr)
	go func() {
		mw := multipart.NewWriter(pw)
		mw.SetBoundary(b.boundary)
		err := b.writeParts(mw)
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	return pr, -1
}

func (b *frontBody) writeParts(mw *multipart.Writer) error {
	for _, p := range b.texts {
		w, err := mw.CreatePart(p.header)
		if err != nil {
			return err
		}
		if _, err := w.Write(p.text); err != nil {
			return err
		}
	}
	for _, p := range b.files {
		w, err := mw.CreatePart(p.header)
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, io.NewSectionReader(b.spool, p.off, p.size)); err != nil {
			return err
		}
	}
	return nil
}

// request is a copy of r for path and query carrying the body.
func (b *frontBody) request(r *http.Request, path, query string) *http.Request {
	c := r.Clone(r.Context())
	c.URL.Path, c.URL.RawPath, c.URL.RawQuery = path, "", query
	c.RequestURI = ""
	body, n := b.reader()
	c.Body = io.NopCloser(body)
	c.ContentLength = n
	c.Header.Del("Content-Length")
	if n < 0 {
		c.TransferEncoding = []string{"chunked"}
	}
	if b.ct != "" {
		c.Header.Set("Content-Type", b.ct)
	}
	return c
}

// withTexts is the body with the text parts params (form text) and the
// upload parts renamed by rename (a multipart body's translation).
func (b *frontBody) withTexts(params map[string]any, rename map[string]string) *frontBody {
	c := &frontBody{ct: b.ct, boundary: b.boundary, spool: b.spool, budget: b.budget, root: b}
	for k, x := range params {
		s, ok := x.(string)
		if !ok {
			s = string(encodeJSON(x))
		}
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="`+escapeQuotes(k)+`"`)
		c.texts = append(c.texts, bodyPart{header: h, name: k, text: []byte(s)})
	}
	for _, p := range b.files {
		if n, ok := rename[p.name]; ok {
			h := textproto.MIMEHeader{}
			for k, v := range p.header {
				h[k] = v
			}
			h.Set("Content-Disposition", strings.Replace(p.header.Get("Content-Disposition"), `name="`+p.name+`"`, `name="`+n+`"`, 1))
			p.header, p.name = h, n
		}
		c.files = append(c.files, p)
	}
	return c
}

var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"")

func escapeQuotes(s string) string { return quoteEscaper.Replace(s) }

// mentions: the query or the body's text holds one of names (else it
// carries none of those parameters).
func (b *frontBody) mentions(query string, names []string) bool {
	if len(names) == 0 {
		return false
	}
	if b.multipart() {
		for _, p := range b.texts {
			if slices.Contains(names, p.name) {
				return true
			}
		}
	}
	return mentionsAny(b.raw, names) || mentionsAny([]byte(query), names)
}

// textParams are a multipart body's text parts by name.
func (b *frontBody) textParams() map[string]any {
	out := make(map[string]any, len(b.texts))
	for _, p := range b.texts {
		out[p.name] = string(p.text)
	}
	return out
}

// upload is the upload part named name, as an InputFile.
func (b *frontBody) upload(name string) (botapi.InputFile, bool) {
	for _, p := range b.files {
		if p.name == name {
			_, params, _ := mime.ParseMediaType(p.header.Get("Content-Disposition"))
			return botapi.Upload(params["filename"], io.NewSectionReader(b.spool, p.off, p.size)), true
		}
	}
	return botapi.InputFile{}, false
}

// params reads the body's parameters as text (JSON values of a JSON body
// as their JSON text, strings as themselves), with the query's; uploads
// are left out.
func (b *frontBody) params(query string) map[string]string {
	out := map[string]string{}
	if v, err := url.ParseQuery(query); err == nil {
		for k := range v {
			out[k] = v.Get(k)
		}
	}
	if b.multipart() {
		for _, p := range b.texts {
			out[p.name] = string(p.text)
		}
		return out
	}
	mt, _, _ := mime.ParseMediaType(b.ct)
	t := bytes.TrimLeft(b.raw, " \t\r\n")
	switch {
	case len(t) > 0 && t[0] == '{' && mt != "application/x-www-form-urlencoded":
		var v map[string]any
		if decodeJSON(b.raw, &v) {
			for k, x := range v {
				if s, ok := x.(string); ok {
					out[k] = s
				} else {
					out[k] = string(encodeJSON(x))
				}
			}
		}
	case mt == "application/x-www-form-urlencoded" || mt == "":
		if v, err := url.ParseQuery(string(b.raw)); err == nil {
			for k := range v {
				out[k] = v.Get(k)
			}
		}
	}
	return out
}

// answer is an answer kept to be read or written later (a bulk method's
// answer for one id).
type answer struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func newAnswer() *answer { return &answer{header: http.Header{}, code: http.StatusOK} }

func (a *answer) Header() http.Header         { return a.header }
func (a *answer) Write(p []byte) (int, error) { return a.body.Write(p) }
func (a *answer) WriteHeader(code int)        { a.code = code }

// writeTo answers a on w.
func (a *answer) writeTo(w http.ResponseWriter) {
	for k, v := range a.header {
		w.Header()[k] = v
	}
	w.WriteHeader(a.code)
	w.Write(a.body.Bytes())
}
