package loader

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/apigen/apigen/parser"
)

// Bounds of reading a specification from a URL (docs/input-limits.md).
// The size bound is the parser's (parser.MaxDocumentBytes), checked while
// the body arrives, so a larger answer is never held in memory.
const (
	// FetchTimeout bounds the whole request: connecting, redirects and
	// reading the body. The published page is about 600 KiB.
	FetchTimeout = 60 * time.Second
	// FetchConnectTimeout bounds connecting to the server, so that an
	// unreachable host fails fast.
	FetchConnectTimeout = 10 * time.Second
	// FetchMaxRedirects bounds the redirects followed.
	FetchMaxRedirects = 5
)

// IsURL reports whether a specification path is an http or https URL.
func IsURL(path string) bool {
	return strings.HasPrefix(path, "https://") || strings.HasPrefix(path, "http://")
}

// ReadSpec reads a specification as LoadReport does: a file (a .gz one
// decompressed) or an http(s) URL, within the same bounds. html says
// whether the document is HTML (see readSpec).
func ReadSpec(path string) (data []byte, html bool, err error) { return readSpec(path) }

// readSpec reads a specification file, or fetches it when path is a URL,
// never reading more than parser.MaxDocumentBytes (+1 to tell that it is
// larger). html says whether the document is HTML: by the file's
// extension, or by the answer's Content-Type (else the URL's extension,
// else the first byte).
func readSpec(path string) (data []byte, html bool, err error) {
	if IsURL(path) {
		return fetch(path, http.DefaultTransport, FetchTimeout)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > parser.MaxDocumentBytes {
		return nil, false, tooLarge(path, st.Size())
	}
	data, err = io.ReadAll(io.LimitReader(f, parser.MaxDocumentBytes+1))
	if err != nil {
		return nil, false, err
	}
	if len(data) > parser.MaxDocumentBytes {
		return nil, false, tooLarge(path, -1)
	}
	if data, err = gunzip(path, data); err != nil {
		return nil, false, err
	}
	return data, KindOf(path) == KindHTML, nil
}

// gunzip decompresses a gzip-compressed document (a saved page kept as
// .html.gz), within the document bound; other data is returned as it is.
// A compressed stream that ends early is a file cut short (an interrupted
// download or copy), said as such: read on, its bytes would only be a
// document missing its end.
func gunzip(name string, data []byte) ([]byte, error) {
	if !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		return data, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err == nil {
		var out []byte
		out, err = io.ReadAll(io.LimitReader(zr, parser.MaxDocumentBytes+1))
		if err == nil && len(out) > parser.MaxDocumentBytes {
			return nil, tooLarge(name+" (decompressed)", -1)
		}
		if err == nil {
			return out, nil
		}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: the gzip-compressed document is cut short (its stream ends early, %d bytes): download or copy it again", name, len(data))
	}
	return nil, fmt.Errorf("%s: not a readable gzip file (%v): download or copy it again, or give the uncompressed document", name, err)
}

func tooLarge(name string, size int64) error {
	what := "more than " + fmt.Sprint(parser.MaxDocumentBytes) + " bytes"
	if size >= 0 {
		what = fmt.Sprint(size) + " bytes"
	}
	return fmt.Errorf("%s: the document is %s; apigen reads documents of at most %d bytes (%d MiB)", name, what, parser.MaxDocumentBytes, parser.MaxDocumentBytes>>20)
}

// fetch GETs a specification with the bounds above. Every failure is one
// line that names the URL and says what to do.
func fetch(raw string, transport http.RoundTripper, timeout time.Duration) ([]byte, bool, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, false, fmt.Errorf("%s: not a URL apigen can fetch (want http:// or https://host/path)", raw)
	}
	if t, ok := transport.(*http.Transport); ok {
		t = t.Clone()
		t.DialContext = (&net.Dialer{Timeout: FetchConnectTimeout}).DialContext
		t.TLSHandshakeTimeout = FetchConnectTimeout
		transport = t
	}
	client := &http.Client{
		Transport: transport,
		Timeout:   timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > FetchMaxRedirects {
				return fmt.Errorf("more than %d redirects", FetchMaxRedirects)
			}
			return nil
		},
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %v", raw, err)
	}
	req.Header.Set("Accept", "text/html, text/markdown;q=0.9, text/plain;q=0.5")
	resp, err := client.Do(req)
	if err != nil {
		return nil, false, fmt.Errorf("%s: cannot fetch the document (%s): check the address and the network, or download the page and give its file with --spec", raw, fetchCause(err, timeout))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, false, fmt.Errorf("%s: the server answered %s, not 200 OK: check the address, or download the page and give its file with --spec", raw, resp.Status)
	}
	if resp.ContentLength > parser.MaxDocumentBytes {
		return nil, false, tooLarge(raw, resp.ContentLength)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, parser.MaxDocumentBytes+1))
	if err != nil {
		return nil, false, fmt.Errorf("%s: reading the document failed (%s): try again, or download the page and give its file with --spec", raw, fetchCause(err, timeout))
	}
	if len(data) > parser.MaxDocumentBytes {
		return nil, false, tooLarge(raw, -1)
	}
	if data, err = gunzip(raw, data); err != nil {
		return nil, false, err
	}
	return data, isHTML(resp.Header.Get("Content-Type"), u.Path, data), nil
}

// fetchCause is the innermost, most telling part of a request error, on
// one line.
func fetchCause(err error, timeout time.Duration) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	if errors.Is(err, context.DeadlineExceeded) || os.IsTimeout(err) {
		return fmt.Sprintf("no complete answer within %v", timeout)
	}
	return strings.ReplaceAll(err.Error(), "\n", " ")
}

// isHTML tells an answer's kind: its Content-Type when it names one, else
// the URL path's extension, else whether the text starts with '<'.
func isHTML(contentType, path string, data []byte) bool {
	if mt, _, err := mime.ParseMediaType(contentType); err == nil {
		switch mt {
		case "text/html", "application/xhtml+xml":
			return true
		case "text/markdown", "text/x-markdown":
			return false
		}
	}
	switch KindOf(path) {
	case KindHTML:
		return true
	case KindMarkdown:
		return false
	}
	return bytes.HasPrefix(bytes.TrimSpace(data), []byte("<"))
}
