package client

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

const token = "123456:SECRET-token_abc"

// recorded is one raw request seen by the recording server.
type recorded struct {
	Method      string
	Path        string
	ContentType string
	Body        []byte
}

// recorder is an httptest server that records requests and answers from a
// queue of responses (the last one repeats).
type recorder struct {
	t    *testing.T
	srv  *httptest.Server
	mu   sync.Mutex
	reqs []recorded
	resp []response
}

type response struct {
	status int
	ctype  string
	body   string
}

func ok(result string) response {
	return response{200, "application/json", `{"ok":true,"result":` + result + `}`}
}

func newRecorder(t *testing.T, resp ...response) *recorder {
	r := &recorder{t: t, resp: resp}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, err := io.ReadAll(req.Body)
		if err != nil { // an aborted upload
			http.Error(w, "bad body", http.StatusBadRequest)
			return
		}
		r.mu.Lock()
		r.reqs = append(r.reqs, recorded{req.Method, req.URL.Path, req.Header.Get("Content-Type"), body})
		res := ok("true")
		if len(r.resp) > 0 {
			res = r.resp[0]
			if len(r.resp) > 1 {
				r.resp = r.resp[1:]
			}
		}
		r.mu.Unlock()
		if res.ctype != "" {
			w.Header().Set("Content-Type", res.ctype)
		}
		w.WriteHeader(res.status)
		io.WriteString(w, res.body)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *recorder) setResponses(resp ...response) {
	r.mu.Lock()
	r.resp = resp
	r.mu.Unlock()
}

func (r *recorder) requests() []recorded {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]recorded(nil), r.reqs...)
}

func (r *recorder) last() recorded {
	reqs := r.requests()
	if len(reqs) == 0 {
		r.t.Fatal("no request recorded")
	}
	return reqs[len(reqs)-1]
}

func (r *recorder) client(opts ...botapi.ClientOption) *botapi.Client {
	return botapi.NewClient(token, append([]botapi.ClientOption{botapi.WithBaseURL(r.srv.URL)}, opts...)...)
}

// fakeClock records the waits asked for and returns at once.
type fakeClock struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (f *fakeClock) sleep(ctx context.Context, d time.Duration) error {
	f.mu.Lock()
	f.waits = append(f.waits, d)
	f.mu.Unlock()
	return ctx.Err()
}

func (f *fakeClock) got() []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Duration(nil), f.waits...)
}

func chat(id int64) botapi.ChatRef { return botapi.ChatRefFromInteger64(id) }
