package loader_test

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/spec"
)

// Issue 21: users regenerate from the live page in one command, --spec
// https://…; the document is fetched with bounded size and time, its kind
// told by the answer's Content-Type, and the seed's own overlay applies to
// the seed wherever it comes from.
func TestSpecFromURL(t *testing.T) {
	html, err := parser.SeedHTML(spec.Document())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/bots/api":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(html)
		case "/spec.md":
			w.Header().Set("Content-Type", "text/plain")
			w.Write(spec.Document())
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	seed, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/spec.md", "/bots/api"} {
		s, use, err := loader.LoadReport(loader.Input{SpecPath: srv.URL + path})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if len(s.Objects) != len(seed.Objects) || len(s.Methods) != len(seed.Methods) || use.Facts != len(seed.Overlay) {
			t.Errorf("%s: %d objects, %d methods, %v; the seed has %d, %d, %d facts", path, len(s.Objects), len(s.Methods), use, len(seed.Objects), len(seed.Methods), len(seed.Overlay))
		}
	}
	if got := loader.SchemaFileName(srv.URL + "/bots/api?hash=1"); got != "api.yaml" {
		t.Errorf("schema file of a URL: %s", got)
	}
}

// Issue 21: fetching fails with one line that names the URL and the
// cause: a server that cannot be reached (offline), an answer that is not
// 200, a document larger than parser.MaxDocumentBytes (declared or not),
// an answer that does not come in time.
func TestSpecFromURLFailsWithOneClearLine(t *testing.T) {
	big := bytes.Repeat([]byte("x"), parser.MaxDocumentBytes+1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/big":
			w.Header().Set("Content-Length", strconv.Itoa(len(big)))
			w.Write(big)
		case "/big-chunked":
			w.(http.Flusher).Flush() // no Content-Length
			for range 9 {
				w.Write(big[:1<<20])
			}
		case "/slow":
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		default:
			http.Error(w, "gone", http.StatusNotFound)
		}
	}))
	defer srv.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	for _, c := range []struct{ url, want string }{
		{srv.URL + "/missing", srv.URL + "/missing: the server answered 404 Not Found, not 200 OK"},
		{srv.URL + "/big", srv.URL + "/big: the document is 8388609 bytes; apigen reads documents of at most 8388608 bytes (8 MiB)"},
		{srv.URL + "/big-chunked", srv.URL + "/big-chunked: the document is more than 8388608 bytes"},
		{closed.URL + "/api", closed.URL + "/api: cannot fetch the document ("},
		{srv.URL + "/slow", srv.URL + "/slow: reading the document failed (no complete answer within 200ms)"},
		{"https://", "https://: not a URL apigen can fetch"},
	} {
		timeout := 30 * time.Second
		if strings.HasSuffix(c.url, "/slow") {
			timeout = 200 * time.Millisecond
		}
		_, _, err := loader.Fetch(c.url, http.DefaultTransport, timeout)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want %q", c.url, err, c.want)
		}
	}
}

// Issue 26, item 3: a document larger than the bound is refused before it
// is read whole (a 50 MB file took 180 s and 2.6 GB), and so is one from a
// file that is not regular.
func TestDocumentLargerThanTheBoundIsRefusedBeforeParsing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.md")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(50 << 20) // a sparse 50 MiB file
	f.Close()
	_, err = loader.Load(loader.Input{SpecPath: path})
	if err == nil || err.Error() != path+": the document is 52428800 bytes; apigen reads documents of at most 8388608 bytes (8 MiB)" {
		t.Errorf("50 MiB file: %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err = loader.Load(loader.Input{SpecPath: "/dev/zero"})
		if err == nil || err.Error() != "/dev/zero: the document is more than 8388608 bytes; apigen reads documents of at most 8388608 bytes (8 MiB)" {
			t.Errorf("/dev/zero: %v", err)
		}
	}
	// The parser itself refuses it too, whatever gives it the bytes.
	_, err = parser.Parse(make([]byte, parser.MaxDocumentBytes+1), parser.Options{Name: "big.md"})
	if err == nil || !strings.HasPrefix(err.Error(), "big.md: the document is 8388609 bytes") {
		t.Errorf("parser: %v", err)
	}
}

// TestErrGzipCutShort: a compressed page cut short (an interrupted
// download) gave "invalid UTF-8 … convert the file"; a whole one reads as
// the document it holds.
func TestErrGzipCutShort(t *testing.T) {
	html, err := parser.SeedHTML(spec.Document())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(html)
	zw.Close()
	dir := t.TempDir()
	whole := filepath.Join(dir, "spec.html.gz")
	cut := filepath.Join(dir, "cut.html.gz")
	os.WriteFile(whole, b.Bytes(), 0o644)
	os.WriteFile(cut, b.Bytes()[:b.Len()/2], 0o644)
	s, err := loader.File(whole, "")
	if err != nil || s.Method("sendMessage") == nil {
		t.Fatalf("whole .gz: %v", err)
	}
	_, err = loader.File(cut, "")
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "cut short") || !strings.Contains(err.Error(), "download or copy it again") {
		t.Errorf("cut .gz: %v, want one line saying it is cut short", err)
	}
	if got := loader.SchemaFileName(whole); got != "spec.yaml" {
		t.Errorf("schema file of a .gz: %s", got)
	}
}
