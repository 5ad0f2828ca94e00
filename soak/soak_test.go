// Package soak is a bounded load test of the generated client against the
// generated server over loopback HTTP: many clients, for a fixed time, mixing
// JSON and urlencoded calls, streamed multipart uploads and bad requests.
//
// It is skipped unless -soak.duration is set; run it with `make soak` (100
// clients, 20 s, uploads of 1-20 MB) or `make soak-ci` (the short version CI
// runs). It fails on any answer whose status is not the one expected for its
// request, on an upload whose SHA-256 as the service received it differs
// from what the client sent, on goroutines or temporary files left behind,
// and reports peak RSS. Traffic goes to 127.0.0.1 only.
package soak

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

var (
	duration  = flag.Duration("soak.duration", 0, "how long the clients send requests (0: skip the soak test)")
	clients   = flag.Int("soak.clients", 100, "number of concurrent clients")
	minUpload = flag.Int("soak.minupload", 1<<20, "smallest upload, bytes")
	maxUpload = flag.Int("soak.maxupload", 20<<20, "largest upload, bytes")
	report    = flag.String("soak.report", "", "file to write the SHA-256 of every upload as received (default: none)")
)

const token = "123456:soak-token"

// service records the SHA-256 of every upload as it reads it.
type service struct {
	botapiserver.Unimplemented
	mu       sync.Mutex
	received map[string]string // caption (upload id) -> hex SHA-256
	sizes    map[string]int64
	messages atomic.Int64
}

func (s *service) SendMessage(ctx context.Context, p *botapi.SendMessageParams) (*botapi.Message, error) {
	s.messages.Add(1)
	return &botapi.Message{MessageID: 1, Date: 1700000000, Chat: botapi.Chat{ID: 1, Type: botapi.ChatTypePrivate}, Text: botapi.Some(p.Text)}, nil
}

func (s *service) SendDocument(ctx context.Context, p *botapi.SendDocumentParams) (*botapi.Message, error) {
	r := p.Document.Reader()
	if r == nil {
		return nil, &botapi.Error{Code: 400, Description: "Bad Request: want an upload"}
	}
	h := sha256.New()
	n, err := io.Copy(h, r)
	if err != nil {
		return nil, err
	}
	id := p.Caption.Value()
	s.mu.Lock()
	s.received[id] = hex.EncodeToString(h.Sum(nil))
	s.sizes[id] = n
	s.mu.Unlock()
	return &botapi.Message{MessageID: 2, Date: 1700000000, Chat: botapi.Chat{ID: 1, Type: botapi.ChatTypePrivate}}, nil
}

// payload is a deterministic pseudo-random stream of n bytes.
type payload struct {
	rng *rand.ChaCha8
	n   int
}

func (p *payload) Read(b []byte) (int, error) {
	if p.n == 0 {
		return 0, io.EOF
	}
	if len(b) > p.n {
		b = b[:p.n]
	}
	p.rng.Read(b)
	p.n -= len(b)
	return len(b), nil
}

// badRequest is a request the server must refuse with status.
type badRequest struct {
	name, method, path, ctype, body string
	status                          int
}

func badRequests(base string) []badRequest {
	mp := "multipart/form-data; boundary=b0undary"
	return []badRequest{
		{"truncated JSON", "POST", "/bot" + token + "/sendMessage", "application/json", `{"chat_id":1,"text":`, 400},
		{"unknown method", "POST", "/bot" + token + "/noSuchMethod", "application/json", `{}`, 404},
		{"wrong token", "POST", "/bot123:wrong/sendMessage", "application/json", `{"chat_id":1,"text":"x"}`, 401},
		{"chat_id garbage", "POST", "/bot" + token + "/sendMessage", "application/x-www-form-urlencoded", "chat_id=abc&text=hi", 400},
		{"empty text", "POST", "/bot" + token + "/sendMessage", "application/json", `{"chat_id":1,"text":""}`, 400},
		{"body over the limit", "POST", "/bot" + token + "/sendMessage", "application/json", `{"chat_id":1,"text":"` + strings.Repeat("x", 2<<20) + `"}`, 413},
		{"too many parameters", "POST", "/bot" + token + "/sendMessage", "application/x-www-form-urlencoded", strings.Repeat("a=b&", 5000), 400},
		{"broken multipart", "POST", "/bot" + token + "/sendDocument", mp, "--b0undary\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n1\r\n--b0und", 400},
		{"invalid UTF-8", "POST", "/bot" + token + "/sendMessage", "application/x-www-form-urlencoded", "chat_id=1&text=%FF", 400},
		{"PUT", "PUT", "/bot" + token + "/sendMessage", "", "", 405},
	}
}

type tally struct {
	mu         sync.Mutex
	ok         map[string]int
	unexpected map[string]int // "kind: status/error" -> count
	sent       map[string]string
}

func (t *tally) good(kind string) {
	t.mu.Lock()
	t.ok[kind]++
	t.mu.Unlock()
}

func (t *tally) bad(kind, what string) {
	t.mu.Lock()
	t.unexpected[kind+": "+what]++
	t.mu.Unlock()
}

func TestSoak(t *testing.T) {
	if *duration <= 0 {
		t.Skip("set -soak.duration (make soak, make soak-ci)")
	}
	tmp := t.TempDir()
	goroutinesBefore := runtime.NumGoroutine()

	svc := &service{received: map[string]string{}, sizes: map[string]int64{}}
	h := botapiserver.NewServer(svc, botapiserver.WithTokens(token), botapiserver.WithTempDir(tmp),
		botapiserver.WithErrorHook(func(_ context.Context, method string, err error) { t.Errorf("500 from %s: %v", method, err) }))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 30 * time.Second}
	go srv.Serve(l)
	base := "http://" + l.Addr().String()

	tr := &http.Transport{MaxIdleConnsPerHost: *clients, MaxConnsPerHost: *clients}
	hc := &http.Client{Transport: tr}
	tl := &tally{ok: map[string]int{}, unexpected: map[string]int{}, sent: map[string]string{}}
	bads := badRequests(base)
	var uploadSeq atomic.Int64
	var uploadedBytes atomic.Int64

	ctx, cancel := context.WithTimeout(context.Background(), *duration)
	defer cancel()
	var wg sync.WaitGroup
	for i := 0; i < *clients; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			c := botapi.NewClient(token, botapi.WithBaseURL(base), botapi.WithHTTPClient(hc))
			for ctx.Err() == nil {
				switch k := rng.IntN(20); {
				case k < 8: // JSON through the generated client
					_, err := c.SendMessage(ctx, &botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(int64(i)), Text: "hello " + strconv.Itoa(k)})
					record(ctx, tl, "json", err)
				case k < 14: // urlencoded, by hand
					body := "chat_id=" + strconv.Itoa(i) + "&text=hi+%E2%9C%93&disable_notification=true"
					status, err := raw(ctx, hc, "POST", base+"/bot"+token+"/sendMessage", "application/x-www-form-urlencoded", body)
					recordStatus(ctx, tl, "form", status, 200, err)
				case k < 16: // a streamed multipart upload
					n := *minUpload + rng.IntN(*maxUpload-*minUpload+1)
					id := "u" + strconv.FormatInt(uploadSeq.Add(1), 10)
					sum := sha256.New()
					src := io.TeeReader(&payload{rng: rand.NewChaCha8(seed(id)), n: n}, sum)
					_, err := c.SendDocument(ctx, &botapi.SendDocumentParams{
						ChatID: botapi.ChatRefFromInteger64(int64(i)), Document: botapi.Upload(id+".bin", src), Caption: botapi.Some(id),
					})
					if err == nil {
						tl.mu.Lock()
						tl.sent[id] = hex.EncodeToString(sum.Sum(nil))
						tl.mu.Unlock()
						uploadedBytes.Add(int64(n))
					}
					record(ctx, tl, "upload", err)
				default: // a bad request
					b := bads[rng.IntN(len(bads))]
					status, err := raw(ctx, hc, b.method, base+b.path, b.ctype, b.body)
					recordStatus(ctx, tl, "bad request ("+b.name+")", status, b.status, err)
				}
			}
		}(i)
	}
	wg.Wait()
	cancel()

	shutdown, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	if err := srv.Shutdown(shutdown); err != nil {
		t.Errorf("shutdown: %v", err)
	}
	tr.CloseIdleConnections()

	// Goroutines settle once connections are closed (allow a loaded
	// machine up to 10 s; this is not a timing assertion).
	var goroutinesAfter int
	for i := 0; i < 500; i++ {
		if goroutinesAfter = runtime.NumGoroutine(); goroutinesAfter <= goroutinesBefore {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	left, _ := filepath.Glob(filepath.Join(tmp, "*"))

	// Compare every upload as received with what was sent.
	svc.mu.Lock()
	defer svc.mu.Unlock()
	tl.mu.Lock()
	defer tl.mu.Unlock()
	mismatch := 0
	ids := make([]string, 0, len(tl.sent))
	for id, want := range tl.sent {
		ids = append(ids, id)
		if got := svc.received[id]; got != want {
			mismatch++
			t.Errorf("upload %s: received SHA-256 %s, sent %s", id, got, want)
		}
	}
	sort.Slice(ids, func(a, b int) bool { return len(ids[a]) < len(ids[b]) || len(ids[a]) == len(ids[b]) && ids[a] < ids[b] })
	if *report != "" {
		f, err := os.Create(*report)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		for _, id := range ids {
			fmt.Fprintf(w, "%s  %s (%d bytes)\n", svc.received[id], id, svc.sizes[id])
		}
		w.Flush()
		f.Close()
	}

	total := 0
	kinds := make([]string, 0, len(tl.ok))
	for k, n := range tl.ok {
		total += n
		kinds = append(kinds, k+"="+strconv.Itoa(n))
	}
	sort.Strings(kinds)
	t.Logf("%d clients, %v: %d requests answered as expected (%s)", *clients, *duration, total, strings.Join(kinds, ", "))
	t.Logf("uploads: %d (%.0f MB), SHA-256 as received equal to sent: %d, differing: %d", len(tl.sent), float64(uploadedBytes.Load())/1e6, len(tl.sent)-mismatch, mismatch)
	t.Logf("peak RSS %s; goroutines before %d, after %d; temp files left %d", peakRSS(), goroutinesBefore, goroutinesAfter, len(left))
	for what, n := range tl.unexpected {
		t.Errorf("unexpected: %s (%d times)", what, n)
	}
	if goroutinesAfter > goroutinesBefore {
		t.Errorf("%d goroutines left behind", goroutinesAfter-goroutinesBefore)
	}
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if len(tl.sent) == 0 || total == 0 {
		t.Errorf("nothing was sent")
	}
}

func seed(id string) [32]byte { return sha256.Sum256([]byte(id)) }

// record counts a generated-client call: success is expected; a call cut
// short by the end of the run is not counted.
func record(ctx context.Context, tl *tally, kind string, err error) {
	switch {
	case err == nil:
		tl.good(kind)
	case ctx.Err() != nil:
	default:
		var ae *botapi.Error
		if errors.As(err, &ae) {
			tl.bad(kind, strconv.Itoa(ae.Code)+" "+ae.Description)
		} else {
			tl.bad(kind, err.Error())
		}
	}
}

func recordStatus(ctx context.Context, tl *tally, kind string, status, want int, err error) {
	switch {
	case err != nil && ctx.Err() != nil:
	case err != nil:
		tl.bad(kind, err.Error())
	case status != want:
		tl.bad(kind, "status "+strconv.Itoa(status)+", want "+strconv.Itoa(want))
	default:
		tl.good(kind)
	}
}

func raw(ctx context.Context, hc *http.Client, method, url, ctype, body string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}

// peakRSS is the process's peak resident set size (VmHWM), where /proc
// has it.
func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}
