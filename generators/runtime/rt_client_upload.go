// The client part of the runtime, uploads and request bodies: UploadFunc,
// the parameters' upload bindings, the JSON or streamed multipart/form-data
// body of a call. The whole part is described in rt_client.go. This comment,
// above the package clause, describes the source file only and is not copied
// into the generated package.

package runtime

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

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
