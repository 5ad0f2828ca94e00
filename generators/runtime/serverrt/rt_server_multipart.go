// The server part of the runtime, multipart bodies: the part reader, upload
// spooling to memory or a temporary file, and Content-Disposition. The whole
// part is described in rt_server.go. This comment, above the package
// clause, describes the source file only and is not copied into the
// generated package.

package serverrt

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/textproto"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
)

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
