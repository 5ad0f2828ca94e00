package client

import (
	"context"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
)

// zeroStream yields n bytes without holding them (and is not an io.WriterTo,
// so the client copies it chunk by chunk like a file or network stream).
type zeroStream struct{ n int64 }

func (z *zeroStream) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > z.n {
		p = p[:z.n]
	}
	clear(p)
	z.n -= int64(len(p))
	return len(p), nil
}

// drainTransport consumes the request body like a server would and answers
// a fixed envelope.
type drainTransport struct{ got int64 }

func (d *drainTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	n, err := io.Copy(io.Discard, r.Body)
	r.Body.Close()
	if err != nil {
		return nil, err
	}
	d.got = n
	return &http.Response{StatusCode: 200, Status: "200 OK", Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(`{"ok":true,"result":` + msg + `}`)), Request: r}, nil
}

// TestUploadMemory streams a 50 MB upload and measures every byte the heap
// allocated meanwhile: the contents must never be buffered.
func TestUploadMemory(t *testing.T) {
	const size = 50 << 20
	tr := &drainTransport{}
	c := botapi.NewClient(token, botapi.WithBaseURL("http://bot.test"), botapi.WithHTTPClient(&http.Client{Transport: tr}))
	upload := func() {
		_, err := c.SendVideo(context.Background(), &botapi.SendVideoParams{ChatID: chat(1), Video: botapi.Upload("big.mp4", &zeroStream{n: size})})
		if err != nil {
			t.Fatal(err)
		}
	}
	upload() // warm pools
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	upload()
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("50 MB upload: %d bytes allocated in total, body %d bytes", alloc, tr.got)
	if tr.got < size {
		t.Fatalf("body %d bytes", tr.got)
	}
	if alloc > 1<<20 {
		t.Errorf("upload allocated %d bytes, want < 1 MB", alloc)
	}
}
