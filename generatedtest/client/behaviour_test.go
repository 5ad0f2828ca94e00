package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

func send(c *botapi.Client) error {
	_, err := c.SendMessage(context.Background(), &botapi.SendMessageParams{ChatID: chat(1), Text: "hi"})
	return err
}

func TestErrorEnvelope(t *testing.T) {
	rec := newRecorder(t, response{400, "application/json", `{"ok":false,"error_code":400,"description":"Bad Request: chat not found","parameters":{"migrate_to_chat_id":-100123}}`})
	err := send(rec.client())
	var ae *botapi.Error
	if !errors.As(err, &ae) {
		t.Fatalf("want *Error, got %T %v", err, err)
	}
	if ae.Code != 400 || ae.Description != "Bad Request: chat not found" || ae.MigrateToChatID != -100123 {
		t.Errorf("got %+v", ae)
	}
	// error_code missing: the HTTP status stands in; "ok" may come last.
	rec.setResponses(response{403, "application/json", `{"description":"Forbidden","ok":false}`})
	if err := send(rec.client()); !errors.As(err, &ae) || ae.Code != 403 {
		t.Errorf("got %v", err)
	}
}

func TestNonJSONResponses(t *testing.T) {
	cases := []struct {
		resp response
		want string
	}{
		{response{502, "", ""}, "502 Bad Gateway with an empty body"},
		{response{502, "text/html", "<html><body>bad gateway for /bot" + token + "/sendMessage</body></html>"}, "502 Bad Gateway (text/html)"},
		{response{200, "text/html", "<!doctype html>"}, "200 OK"},
		{response{200, "application/json", `{"ok":tru`}, "malformed envelope"},
		{response{504, "application/json", `[1,2]`}, "504 Gateway Timeout"},
	}
	for _, tc := range cases {
		rec := newRecorder(t, tc.resp)
		err := send(rec.client())
		var he *botapi.HTTPError
		if !errors.As(err, &he) {
			t.Errorf("%+v: want *HTTPError, got %T %v", tc.resp, err, err)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) || he.StatusCode != tc.resp.status {
			t.Errorf("%+v: error %q, status %d", tc.resp, err, he.StatusCode)
		}
		if strings.Contains(err.Error(), token) || bytes.Contains(he.Body, []byte(token)) {
			t.Errorf("token leaked: %v", err)
		}
	}
}

func TestResultDecodeError(t *testing.T) {
	rec := newRecorder(t, ok(`{"message_id":"nope"}`))
	err := send(rec.client())
	if err == nil || !strings.Contains(err.Error(), "sendMessage") || !strings.Contains(err.Error(), "message_id") {
		t.Errorf("got %v", err)
	}
}

func TestValidationBeforeNetwork(t *testing.T) {
	rec := newRecorder(t, ok(msg))
	_, err := rec.client().SendMessage(context.Background(), &botapi.SendMessageParams{ChatID: chat(1), Text: ""})
	var ve *botapi.ValidationError
	if !errors.As(err, &ve) || len(rec.requests()) != 0 {
		t.Fatalf("got %v after %d requests", err, len(rec.requests()))
	}
	if _, err := rec.client(botapi.WithValidation(false)).SendMessage(context.Background(), &botapi.SendMessageParams{ChatID: chat(1)}); err != nil {
		t.Fatal(err)
	}
	if len(rec.requests()) != 1 {
		t.Fatal("validation off: request not sent")
	}
}

func TestNoBaseURL(t *testing.T) {
	err := send(botapi.NewClient(token))
	if err == nil || !strings.Contains(err.Error(), "WithBaseURL") {
		t.Errorf("got %v", err)
	}
}

func TestRetryAfter(t *testing.T) {
	flood := response{429, "application/json", `{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 3","parameters":{"retry_after":3}}`}
	rec := newRecorder(t, flood, flood, ok(msg))
	clk := &fakeClock{}
	var hooks []string
	c := rec.client(botapi.WithRetry(botapi.RetryPolicy{MaxAttempts: 5}), botapi.WithSleep(clk.sleep),
		botapi.WithRequestHook(func(ctx context.Context, method string, d time.Duration, err error) {
			hooks = append(hooks, fmt.Sprintf("%s:%v", method, err))
		}))
	if err := send(c); err != nil {
		t.Fatal(err)
	}
	if w := clk.got(); len(w) != 2 || w[0] != 3*time.Second || w[1] != 3*time.Second {
		t.Errorf("waits %v", w)
	}
	if n := len(rec.requests()); n != 3 {
		t.Errorf("%d attempts", n)
	}
	for _, r := range rec.requests() {
		if string(r.Body) != `{"chat_id":1,"text":"hi"}` {
			t.Errorf("replayed body %s", r.Body)
		}
	}
	if len(hooks) != 3 || !strings.Contains(hooks[0], "retry after 3") || hooks[2] != "sendMessage:<nil>" {
		t.Errorf("hooks %q", hooks)
	}

	// Bounded: attempts run out, and a wait longer than MaxRetryAfter is not honoured.
	rec.setResponses(flood)
	clk2 := &fakeClock{}
	c = rec.client(botapi.WithRetry(botapi.RetryPolicy{MaxAttempts: 2}), botapi.WithSleep(clk2.sleep))
	var ae *botapi.Error
	if err := send(c); !errors.As(err, &ae) || ae.RetryAfter != 3 || len(clk2.got()) != 1 {
		t.Errorf("got %v after waits %v", err, clk2.got())
	}
	c = rec.client(botapi.WithRetry(botapi.RetryPolicy{MaxRetryAfter: time.Second}), botapi.WithSleep(clk2.sleep))
	if err := send(c); !errors.As(err, &ae) || len(clk2.got()) != 1 {
		t.Errorf("long retry_after honoured: %v %v", err, clk2.got())
	}
	// No retry policy: no retry.
	before := len(rec.requests())
	if err := send(rec.client()); err == nil || len(rec.requests()) != before+1 {
		t.Errorf("retried without a policy")
	}
}

func TestRetryCancel(t *testing.T) {
	flood := response{429, "application/json", `{"ok":false,"error_code":429,"description":"flood","parameters":{"retry_after":30}}`}
	rec := newRecorder(t, flood)
	ctx, cancel := context.WithCancel(context.Background())
	c := rec.client(botapi.WithRetry(botapi.RetryPolicy{}))
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	start := time.Now()
	_, err := c.SendMessage(ctx, &botapi.SendMessageParams{ChatID: chat(1), Text: "hi"})
	if !errors.Is(err, context.Canceled) || time.Since(start) > 5*time.Second {
		t.Errorf("got %v after %v", err, time.Since(start))
	}
}

func TestRetryIdempotentOnly(t *testing.T) {
	bad := response{502, "text/html", "<h1>502</h1>"}
	rec := newRecorder(t, bad, ok(`{"id":1,"is_bot":true,"first_name":"b"}`))
	clk := &fakeClock{}
	c := rec.client(botapi.WithRetry(botapi.RetryPolicy{BaseDelay: time.Second}), botapi.WithSleep(clk.sleep))
	if _, err := c.GetMe(context.Background()); err != nil {
		t.Fatalf("getMe not retried: %v", err)
	}
	if w := clk.got(); len(w) != 1 || w[0] != time.Second {
		t.Errorf("waits %v", w)
	}
	rec.setResponses(bad, ok(msg))
	var he *botapi.HTTPError
	if err := send(c); !errors.As(err, &he) {
		t.Errorf("sendMessage retried after a 502: %v", err)
	}
}

func TestRetryNetworkNotSent(t *testing.T) {
	// A dial error is safe to retry for any method.
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln.Addr().String()
	ln.Close()
	clk := &fakeClock{}
	var errs []error
	c := botapi.NewClient(token, botapi.WithBaseURL("http://"+addr), botapi.WithRetry(botapi.RetryPolicy{MaxAttempts: 3}), botapi.WithSleep(clk.sleep),
		botapi.WithRequestHook(func(_ context.Context, _ string, _ time.Duration, err error) { errs = append(errs, err) }))
	err := send(c)
	if err == nil || len(clk.got()) != 2 {
		t.Fatalf("got %v after waits %v", err, clk.got())
	}
	for _, e := range append(errs, err) {
		if strings.Contains(e.Error(), token) {
			t.Errorf("token in %v", e)
		}
	}
	if !strings.Contains(err.Error(), "/bot<token>/sendMessage") {
		t.Errorf("redacted URL missing: %v", err)
	}
}

// seekReader is a strings.Reader that counts rewinds.
type seekReader struct {
	*strings.Reader
	seeks int
}

func (s *seekReader) Seek(off int64, whence int) (int64, error) {
	s.seeks++
	return s.Reader.Seek(off, whence)
}

func TestRetryUploads(t *testing.T) {
	flood := response{429, "application/json", `{"ok":false,"error_code":429,"description":"flood","parameters":{"retry_after":1}}`}
	clk := &fakeClock{}
	policy := botapi.WithRetry(botapi.RetryPolicy{MaxAttempts: 3})

	// A plain reader cannot be replayed: one attempt only.
	rec := newRecorder(t, flood, ok(msg))
	c := rec.client(policy, botapi.WithSleep(clk.sleep))
	_, err := c.SendDocument(context.Background(), &botapi.SendDocumentParams{ChatID: chat(1), Document: botapi.Upload("a", io.MultiReader(strings.NewReader("once")))})
	if err == nil || len(rec.requests()) != 1 {
		t.Fatalf("non-replayable upload: %v after %d attempts", err, len(rec.requests()))
	}

	// A seeker is rewound to where it started.
	rec = newRecorder(t, flood, ok(msg))
	c = rec.client(policy, botapi.WithSleep(clk.sleep))
	sr := &seekReader{Reader: strings.NewReader("skip|DATA")}
	sr.Seek(5, io.SeekStart)
	if _, err := c.SendDocument(context.Background(), &botapi.SendDocumentParams{ChatID: chat(1), Document: botapi.Upload("a", sr)}); err != nil {
		t.Fatal(err)
	}
	reqs := rec.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d attempts", len(reqs))
	}
	for _, r := range reqs {
		parts := parseMultipart(t, r)
		if got := string(parts[len(parts)-1].data); got != "DATA" {
			t.Errorf("attempt sent %q", got)
		}
	}

	// UploadFunc reopens for each attempt and closes what it opened.
	rec = newRecorder(t, flood, ok(msg))
	c = rec.client(policy, botapi.WithSleep(clk.sleep))
	opens, closes := 0, 0
	f := botapi.UploadFunc("r.bin", func() (io.ReadCloser, error) {
		opens++
		return closer{strings.NewReader("REOPENED"), &closes}, nil
	})
	if _, err := c.SendDocument(context.Background(), &botapi.SendDocumentParams{ChatID: chat(1), Document: f}); err != nil {
		t.Fatal(err)
	}
	if opens != 2 || closes != 2 {
		t.Errorf("opens %d closes %d", opens, closes)
	}
	for _, r := range rec.requests() {
		parts := parseMultipart(t, r)
		if got := string(parts[len(parts)-1].data); got != "REOPENED" {
			t.Errorf("attempt sent %q", got)
		}
	}
}

type closer struct {
	io.Reader
	n *int
}

func (c closer) Close() error { *c.n++; return nil }

func TestTokenNeverShown(t *testing.T) {
	c := botapi.NewClient(token, botapi.WithBaseURL("http://127.0.0.1:1"))
	for _, s := range []string{fmt.Sprint(c), fmt.Sprintf("%+v", c), fmt.Sprintf("%#v", c), send(c).Error()} {
		if strings.Contains(s, token) || strings.Contains(s, "SECRET") {
			t.Errorf("token shown: %s", s)
		}
	}
	_, err := c.DownloadFile(context.Background(), "photos/a.jpg")
	if err == nil || strings.Contains(err.Error(), token) {
		t.Errorf("download error: %v", err)
	}
}

func TestUpdatesOffsets(t *testing.T) {
	rec := newRecorder(t,
		ok(`[{"update_id":10,"message":`+msg+`},{"update_id":11}]`),
		response{502, "", ""},
		ok(`[]`),
		ok(`[{"update_id":12,"callback_query":{"id":"q","from":{"id":1,"is_bot":false,"first_name":"a"},"chat_instance":"c"}}]`),
		ok(`[{"update_id":13}]`),
	)
	clk := &fakeClock{}
	c := rec.client(botapi.WithSleep(clk.sleep))
	var ids []int64
	var errs int
	p := &botapi.GetUpdatesParams{Timeout: botapi.Some(30), AllowedUpdates: []botapi.UpdateType{botapi.UpdateTypeMessage, botapi.UpdateTypeCallbackQuery}}
	for u, err := range c.Updates(context.Background(), p) {
		if err != nil {
			errs++
			continue
		}
		ids = append(ids, u.UpdateID)
		if u.UpdateID == 12 {
			break
		}
	}
	if fmt.Sprint(ids) != "[10 11 12]" || errs != 1 {
		t.Errorf("ids %v errs %d", ids, errs)
	}
	var bodies []string
	for _, r := range rec.requests() {
		bodies = append(bodies, string(r.Body))
	}
	want := []string{
		`{"timeout":30,"allowed_updates":["message","callback_query"]}`,
		`{"offset":12,"timeout":30,"allowed_updates":["message","callback_query"]}`,
		`{"offset":12,"timeout":30,"allowed_updates":["message","callback_query"]}`,
		`{"offset":12,"timeout":30,"allowed_updates":["message","callback_query"]}`,
	}
	if strings.Join(bodies, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests:\n%s", strings.Join(bodies, "\n"))
	}
	if w := clk.got(); len(w) != 1 || w[0] != time.Second {
		t.Errorf("backoff %v", w)
	}
	if p.Offset.IsSet() {
		t.Error("params modified")
	}
}

func TestUpdatesStopsOnCancel(t *testing.T) {
	rec := newRecorder(t, ok(`[]`))
	ctx, cancel := context.WithCancel(context.Background())
	c := rec.client()
	n := 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, err := range c.Updates(ctx, nil) {
			if err != nil {
				t.Errorf("error yielded: %v", err)
			}
		}
	}()
	for len(rec.requests()) < 3 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("iterator did not stop")
	}
	_ = n
	// Backoff is bounded and doubles.
	rec.setResponses(response{500, "", ""})
	clk := &fakeClock{}
	c = rec.client(botapi.WithSleep(clk.sleep))
	i := 0
	for _, err := range c.Updates(context.Background(), nil) {
		if err == nil {
			t.Fatal("want errors")
		}
		if i++; i == 8 {
			break
		}
	}
	if fmt.Sprint(clk.got()) != "[1s 2s 4s 8s 16s 30s 30s]" {
		t.Errorf("backoff %v", clk.got())
	}
}

func TestWebhook(t *testing.T) {
	var seen []int64
	var mu sync.Mutex
	var errs []error
	h := botapi.WebhookHandler(func(ctx context.Context, u *botapi.Update) (botapi.WebhookReply, error) {
		mu.Lock()
		seen = append(seen, u.UpdateID)
		mu.Unlock()
		switch {
		case u.Message != nil:
			return &botapi.SendMessageParams{ChatID: chat(u.Message.Chat.ID), Text: "echo: " + u.Message.Text.Or("")}, nil
		case u.UpdateID == 3:
			return nil, errors.New("handler failed")
		case u.UpdateID == 4:
			return &botapi.SendPhotoParams{ChatID: chat(9), Photo: botapi.Upload("p.png", strings.NewReader("IMG"))}, nil
		case u.UpdateID == 5:
			return &botapi.SendMessageParams{ChatID: chat(9)}, nil // invalid: no text
		}
		return nil, nil
	}, botapi.WebhookSecretPath("/hook/s3cret"), botapi.WebhookOnError(func(r *http.Request, err error) {
		mu.Lock()
		errs = append(errs, err)
		mu.Unlock()
	}))
	do := func(path, body string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("POST", path, strings.NewReader(body)))
		return w
	}
	w := do("/hook/s3cret", `{"update_id":1,"message":{"message_id":1,"date":1,"chat":{"id":77,"type":"private"},"text":"hi"}}`)
	if w.Code != 200 || w.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("reply %d %s", w.Code, w.Header())
	}
	var reply map[string]any
	json.Unmarshal(w.Body.Bytes(), &reply)
	if fmt.Sprint(reply) != "map[chat_id:77 method:sendMessage text:echo: hi]" {
		t.Errorf("reply %s", w.Body)
	}
	if w := do("/hook/s3cret", `{"update_id":2}`); w.Code != 200 || w.Body.Len() != 0 {
		t.Errorf("no reply: %d %q", w.Code, w.Body)
	}
	if w := do("/hook/wrong", `{"update_id":2}`); w.Code != 404 {
		t.Errorf("wrong path: %d", w.Code)
	}
	if w := do("/hook/s3cret", `<html>`); w.Code != 400 {
		t.Errorf("bad body: %d", w.Code)
	}
	if w := do("/hook/s3cret", `{"update_id":3}`); w.Code != 500 {
		t.Errorf("handler error: %d", w.Code)
	}
	if w := do("/hook/s3cret", `{"update_id":5}`); w.Code != 500 {
		t.Errorf("invalid reply: %d", w.Code)
	}
	w = do("/hook/s3cret", `{"update_id":4}`)
	parts := parseMultipart(t, recorded{ContentType: w.Header().Get("Content-Type"), Body: w.Body.Bytes()})
	checkParts(t, parts, []part{
		{name: "method", data: []byte("sendPhoto")},
		{name: "chat_id", data: []byte("9")},
		{name: "photo", filename: "p.png", data: []byte("IMG")},
	})
	if len(errs) != 3 {
		t.Errorf("errors reported: %v", errs)
	}
	if fmt.Sprint(seen) != "[1 2 3 5 4]" {
		t.Errorf("seen %v", seen)
	}
	gw := httptest.NewRecorder()
	h.ServeHTTP(gw, httptest.NewRequest("GET", "/hook/s3cret", nil))
	if gw.Code != 405 {
		t.Errorf("GET: %d", gw.Code)
	}
}

func TestDownloadFile(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/file/bot"+token+"/photos/file 1.jpg" {
			http.Error(w, "no such file", 404)
			return
		}
		io.WriteString(w, "JPEGBYTES")
	}))
	defer srv.Close()
	c := botapi.NewClient(token, botapi.WithBaseURL(srv.URL))
	rc, err := c.DownloadFile(context.Background(), "photos/file 1.jpg")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(rc)
	rc.Close()
	if string(data) != "JPEGBYTES" {
		t.Errorf("got %q", data)
	}
	_, err = c.DownloadFile(context.Background(), "photos/missing.jpg")
	var he *botapi.HTTPError
	if !errors.As(err, &he) || he.StatusCode != 404 {
		t.Errorf("missing file: %v", err)
	}

	local := filepath.Join(t.TempDir(), "local.bin")
	os.WriteFile(local, []byte("LOCAL"), 0o600)
	if _, err := c.DownloadFile(context.Background(), local); err == nil || !strings.Contains(err.Error(), "WithLocalFiles") {
		t.Errorf("absolute path without WithLocalFiles: %v", err)
	}
	c = botapi.NewClient(token, botapi.WithBaseURL(srv.URL), botapi.WithLocalFiles(filepath.Dir(local)))
	rc, err = c.DownloadFile(context.Background(), local)
	if err != nil {
		t.Fatal(err)
	}
	data, _ = io.ReadAll(rc)
	rc.Close()
	if string(data) != "LOCAL" {
		t.Errorf("got %q", data)
	}
}
