package serverrt

import (
	"bufio"
	"bytes"
	"errors"
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
			switch {
			case err == io.EOF:
				return append(out, "EOF")
			case errors.Is(err, errServerMultipartLine):
				return append(out, "line error")
			}
			return append(out, "error")
		}
		b, err := io.ReadAll(body)
		// The body unquoted: formatting 64 KiB bodies with %q was most of
		// the fuzz target's time.
		entry := fmt.Sprint(h) + "|" + string(b)
		if err != nil {
			entry += "|read error"
		}
		out = append(out, entry)
	}
	return out
}

// serverMultipartParts is multipartParts with serverMultipart.
func serverMultipartParts(r io.Reader, boundary string) []string {
	return serverMultipartPartsSize(r, boundary, serverMultipartBufSize)
}

// serverMultipartPartsSize is serverMultipartParts with a read buffer of
// size bytes: a small one puts the window's edge, where a boundary is cut,
// within reach of small fuzz inputs.
func serverMultipartPartsSize(r io.Reader, boundary string, size int) []string {
	m := serverNewMultipart(r, boundary)
	if size == serverMultipartBufSize {
		defer m.release()
	} else {
		m.release()
		m.br = bufio.NewReaderSize(&serverStickyReader{r: r}, size)
	}
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
	// With a small buffer (bounded below by the delimiter's length), unless
	// a line between parts is longer than it.
	if len(boundary) > 60 {
		return
	}
	got = serverMultipartPartsSize(strings.NewReader(body), boundary, smallMultipartBuf)
	if got[len(got)-1] != "line error" && !reflect.DeepEqual(got, want) {
		t.Fatalf("%d-byte buffer: boundary %q body %q:\nserverMultipart: %q\nmime/multipart:  %q", smallMultipartBuf, boundary, body, got, want)
	}
}

// smallMultipartBuf is the small read buffer compareMultipart tries too.
const smallMultipartBuf = 128

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
	if len(got) != 3 || !strings.HasSuffix(got[1], "|file\r\ndata") || got[2] != "EOF" {
		t.Fatalf("parts %q", got)
	}
}

// fuzzMultipartSeeds are small bodies that reach the reader's corners: with
// compareMultipart's 128-byte buffer a boundary falls across the window's
// edge, a header line is longer than the buffer, and lookalike delimiters
// stand at every offset. Small seeds keep the fuzzer fast (the large cases
// above ran it at ~4 000 executions a minute).
var fuzzMultipartSeeds = []struct{ boundary, body string }{
	{"b", "--b\r\nA: 1\r\n\r\n" + strings.Repeat("x", 105) + "\r\n--b\r\nB: 2\r\n\r\n" + strings.Repeat("y", 120) + "\r\n--b--\r\n"},
	{"bound", "--bound\r\nA: 1\r\n\r\n" + strings.Repeat("z", 110) + "\r\n--boundary\r\n--bound \tx\r\n--bound--x\r\n--bound\r\n\r\n\r\n--bound--"},
	{"b", "--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"" + strings.Repeat("n", 150) + "\"\r\nX-Folded: a\r\n b\r\n\tc\r\n\r\nbody\r\n--b--\r\n"},
	{"b", "--b\r\ncontent-transfer-encoding: QUOTED-PRINTABLE\r\n\r\nsoft=\r\nbreak =3d =3D=\n=e2=9c=93 =ZZ\r\n--b--\r\n"},
	{"b", "--b\nA: 1\n\n\n--b\n\n\n--b\nB: 2\n\nlf\r\n--b\n--b--\n"},
	{"b", "pre --b\r\n--bb\r\n--b\r\nA: 1\r\n\r\nx\r\n--b--  \t\r\nepilogue --b\r\n"},
	{"b", "--b\r\nA: 1\r\n"},
	{"b", "--b\r\nA: 1\r\n\r\nx\r\n--b\r\n: no name\r\n\r\ny\r\n--b--"},
	{"q", "--q\r\nA: 1\r\n\r\n\r\r\n-\r\n--\r\n--q\r--q\r\n\r\n--q--\r\n"},
}

func FuzzServerMultipart(f *testing.F) {
	for _, c := range multipartCases {
		if len(c.body) <= 4<<10 {
			f.Add(c.boundary, []byte(c.body))
		}
	}
	for _, c := range fuzzMultipartSeeds {
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
