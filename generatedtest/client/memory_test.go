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

// TestUploadMemory streams a 50 MiB upload and measures every byte the heap
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
	t.Logf("50 MiB upload: %d bytes allocated in total, body %d bytes", alloc, tr.got)
	if tr.got < size {
		t.Fatalf("body %d bytes", tr.got)
	}
	if alloc > 1<<20 {
		t.Errorf("upload allocated %d bytes, want < 1 MB", alloc)
	}
}

// answerTransport answers every request with n zero bytes of a 200 JSON
// answer, its length announced or not.
type answerTransport struct {
	n     int64
	known bool
}

func (a answerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	io.Copy(io.Discard, r.Body)
	r.Body.Close()
	res := &http.Response{StatusCode: 200, Status: "200 OK", Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(&zeroStream{n: a.n}), ContentLength: -1, Request: r}
	if a.known {
		res.ContentLength = a.n
	}
	return res, nil
}

// TestOverLimitAnswerCostsFourTimesTheLimit: refusing an answer over
// WithMaxResponseSize read it into a doubling buffer, 141 MB at the 32 MiB
// default. Now an announced length over the limit is refused unread and an
// unannounced one costs about the limit (TotalAlloc delta).
func TestOverLimitAnswerCostsFourTimesTheLimit(t *testing.T) {
	const limit = 16 << 20
	for _, known := range []bool{false, true} {
		c := botapi.NewClient(token, botapi.WithBaseURL("http://bot.test"), botapi.WithMaxResponseSize(limit),
			botapi.WithHTTPClient(&http.Client{Transport: answerTransport{n: 4 * limit, known: known}}))
		get := func() {
			if _, err := c.GetMe(context.Background()); err == nil || !strings.Contains(err.Error(), "WithMaxResponseSize") {
				t.Fatalf("got %v", err)
			}
		}
		get() // warm pools
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		get()
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("refusing a %d MiB answer (length known: %v) at a %d MiB limit: %.1f MiB allocated", 4*limit>>20, known, limit>>20, float64(alloc)/(1<<20))
		if max := uint64(limit) * 5 / 4; alloc > max {
			t.Errorf("length known %v: %d bytes allocated, want at most %d (1.25x the limit)", known, alloc, max)
		}
	}
}
