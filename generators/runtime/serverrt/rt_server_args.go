// The server part of the runtime, a request's arguments: how they are held
// (values, uploads kept in pooled chunks, serverArgs and its pool) and read
// from the query string and the urlencoded or JSON body, and where a
// multipart body starts. The whole part is described in rt_server.go. This
// comment, above the package clause, describes the source file only and is
// not copied into the generated package.

package serverrt

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	botapi "github.com/apigen/apigen/generators/runtime"
)

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

// serverSource is where a request's parameters come from: an HTTP
// request's query string and body, or a Call's.
type serverSource struct {
	query, contentType string
	// length is the body's declared length, -1 when unknown.
	length int64
	// body is nil when there is none.
	body io.Reader
}

// serverSourceOf is req's query string and body.
func serverSourceOf(req *http.Request) serverSource {
	src := serverSource{query: req.URL.RawQuery, contentType: req.Header.Get("Content-Type"), length: req.ContentLength}
	if req.Body != nil && req.Body != http.NoBody {
		src.body = req.Body
	}
	return src
}

// parse reads the query string and the body.
func (a *serverArgs) parse(src serverSource) error {
	if int64(len(src.query)) > a.cfg.maxBody {
		return &botapi.Error{Code: http.StatusRequestEntityTooLarge, Description: "Request Entity Too Large: the query string is longer than the body limit"}
	}
	if err := a.parseForm(src.query, "query string"); err != nil {
		return err
	}
	if src.body == nil {
		return nil
	}
	ct := src.contentType
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
		return a.parseMultipart(src, params["boundary"])
	case "application/json", "application/x-www-form-urlencoded", "", "text/plain", "application/octet-stream":
	default:
		if !strings.HasSuffix(mt, "+json") {
			return serverBad("unsupported Content-Type " + strconv.Quote(mt) + ": use application/json, application/x-www-form-urlencoded or multipart/form-data")
		}
		mt = "application/json"
	}
	if src.length > a.cfg.maxBody {
		return serverErrTooLarge
	}
	body, err := a.readBody(src.body)
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
	r := botapi.WireGetReader(body)
	defer botapi.WirePutReader(r)
	switch r.Next() {
	case botapi.WireKindInvalid:
		if len(bytes.TrimSpace(body)) == 0 {
			return nil
		}
	case botapi.WireKindNull:
		r.Null()
		if err := r.End(); err != nil {
			return serverBad("invalid JSON body: " + serverTrimJSON(err))
		}
		return nil
	case botapi.WireKindObject:
	default:
		return serverBad("the JSON body must be an object, found " + r.Next().String())
	}
	err := r.Object(func(r *botapi.WireReader, key []byte) error {
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
	var e *botapi.Error
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
func (a *serverArgs) parseMultipart(src serverSource, boundary string) error {
	total := a.cfg.maxBody + a.cfg.maxUpload + 1<<20
	if src.length > total {
		return serverErrTooLarge
	}
	// Part headers, boundaries, text parts and parts that are not form
	// fields count against the body limit; file contents raise the limit
	// as they are read (serverCredit), within the upload limit.
	cr := &serverCountingReader{r: src.body, limit: a.cfg.maxBody + serverPartSlack}
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
