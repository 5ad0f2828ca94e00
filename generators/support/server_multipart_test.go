package support

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"reflect"
	"strings"
	"testing"
)

// multipartParts reads every part of body with next, one of the two
// readers, into "header|body" strings; the last entry is the error that
// ended the walk ("EOF" for a clean end).
func multipartParts(next func() (hdr map[string][]string, body io.Reader, err error)) []string {
	var out []string
	for i := 0; i < 100; i++ {
		h, body, err := next()
		if err != nil {
			if err == io.EOF {
				return append(out, "EOF")
			}
			return append(out, "error")
		}
		b, err := io.ReadAll(body)
		entry := fmt.Sprintf("%v|%q", h, b)
		if err != nil {
			entry += "|read error"
		}
		out = append(out, entry)
	}
	return out
}

// serverMultipartParts is multipartParts with serverMultipart.
func serverMultipartParts(r io.Reader, boundary string) []string {
	m := serverNewMultipart(r, boundary)
	defer m.release()
	return multipartParts(func() (map[string][]string, io.Reader, error) {
		p, err := m.NextPart()
		if err != nil {
			return nil, nil, err
		}
		return p.Header, p, nil
	})
}

// compareMultipart reads body with serverMultipart and mime/multipart and
// reports where they differ.
func compareMultipart(t *testing.T, boundary, body string) {
	t.Helper()
	std := multipart.NewReader(strings.NewReader(body), boundary)
	want := multipartParts(func() (map[string][]string, io.Reader, error) {
		p, err := std.NextPart()
		if err != nil {
			return nil, nil, err
		}
		return p.Header, p, nil
	})
	got := serverMultipartParts(strings.NewReader(body), boundary)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("boundary %q body %q:\nserverMultipart: %q\nmime/multipart:  %q", boundary, body, got, want)
	}
}

var multipartCases = []struct{ boundary, body string }{
	{"b", "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x\"\r\n\r\nfile\r\ndata\r\n--b--\r\n"},
	{"b", "preamble\r\nmore\r\n--b\r\nA: 1\r\n\r\nx\r\n--b--"},
	{"b", "--b\nA: 1\n\nlf only\n--b\nB: 2\n\n\n--b--\n"},
	{"b", "--b  \r\nA: 1\r\n\r\nblank after boundary\r\n--b--  \r\nepilogue"},
	{"b", "--b\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\na=3Db=\r\nc\r\n--b--\r\n"},
	{"b", "--b\r\nA: 1\r\n\r\n--b-not-a-boundary\r\n--bx\r\n\r\n--b--\r\n"},
	{"b", "--b\r\nA: 1\r\n\r\ntruncated"},
	{"b", "--b\r\nno colon\r\n\r\n1\r\n--b--\r\n"},
	{"b", "not multipart at all"},
	{"b", ""},
	{"b", "--b\r\nA: 1\r\n\r\nx\r\n--b\r\n"},
	{"b", "--b\r\nA: 1\r\n\r\nx\r\nunexpected\r\n--b--\r\n"},
	{"b", "--b\r\n\r\n--b\r\n\r\n\r\n--b--"},
	{"boundary-with-length-0123456789", "--boundary-with-length-0123456789\r\nA: 1\r\n\r\n" + strings.Repeat("no carriage return here\n", 2000) + "\r\n--boundary-with-length-0123456789--\r\n"},
	{"xyz", "--xyz\r\nA: 1\r\n\r\n" + strings.Repeat("ab\r", 12000) + "\r\n--xy\r\n--xyz--\r\n"},
}

func TestServerMultipartMatchesMimeMultipart(t *testing.T) {
	for _, c := range multipartCases {
		compareMultipart(t, c.boundary, c.body)
	}
	// A boundary cut at every position of the read buffer.
	for pad := serverMultipartBufSize - 40; pad < serverMultipartBufSize+40; pad++ {
		compareMultipart(t, "bnd", "--bnd\r\nA: 1\r\n\r\n"+strings.Repeat("z", pad)+"\r\n--bnd\r\nB: 2\r\n\r\ny\r\n--bnd--\r\n")
	}
}

// oneByteReader returns one byte per Read.
type oneByteReader struct{ r io.Reader }

func (o oneByteReader) Read(p []byte) (int, error) { return o.r.Read(p[:min(1, len(p))]) }

func TestServerMultipartOneByteReads(t *testing.T) {
	got := serverMultipartParts(oneByteReader{strings.NewReader(multipartCases[0].body)}, "b")
	if len(got) != 3 || !strings.Contains(got[1], `"file\r\ndata"`) || got[2] != "EOF" {
		t.Fatalf("parts %q", got)
	}
}

func FuzzServerMultipart(f *testing.F) {
	for _, c := range multipartCases {
		f.Add(c.boundary, []byte(c.body))
	}
	f.Fuzz(func(t *testing.T, boundary string, body []byte) {
		// Past serverMaxHeaderLines lines the readers count differently
		// (lines against mime/multipart's headers).
		if bytes.ContainsAny([]byte(boundary), "\r\n") || len(body) > 64<<10 || bytes.Count(body, []byte("\n")) > serverMaxHeaderLines {
			t.Skip()
		}
		compareMultipart(t, boundary, string(body))
	})
}
