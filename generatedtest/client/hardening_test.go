package client

// Tests of defects found by probing the generated client as an attacker and
// as a flaky network would (issue 12). Each test is named after its defect.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

// collect runs the Updates iterator until it has yielded n values.
func collect(t *testing.T, c *botapi.Client, p *botapi.GetUpdatesParams, n int) (ids []int64, errs []error) {
	t.Helper()
	for u, err := range c.Updates(context.Background(), p) {
		if err != nil {
			errs = append(errs, err)
		} else {
			ids = append(ids, u.UpdateID)
		}
		if len(ids)+len(errs) == n {
			break
		}
	}
	return ids, errs
}

func TestOneBadUpdateDoesNotStopPolling(t *testing.T) {
	bad := `{"update_id":10,"message":{"message_id":"five","date":1,"chat":{"id":1,"type":"private"}}}`
	rec := newRecorder(t,
		ok(`[`+bad+`,{"update_id":11}]`),
		ok(`[{"update_id":12}]`),
	)
	clk := &fakeClock{}
	ids, errs := collect(t, rec.client(botapi.WithSleep(clk.sleep)), &botapi.GetUpdatesParams{Timeout: botapi.Some(5)}, 3)
	if fmt.Sprint(ids) != "[11 12]" || len(errs) != 1 {
		t.Fatalf("ids %v errs %v", ids, errs)
	}
	var de *botapi.ItemDecodeError
	if !errors.As(errs[0], &de) {
		t.Fatalf("error %T %v, want *ItemDecodeError", errs[0], errs[0])
	}
	if de.ID != 10 || string(de.Raw) != bad || !strings.Contains(de.Error(), "message_id") || !strings.Contains(de.Error(), "10") {
		t.Errorf("error %v: ID %d raw %s", de, de.ID, de.Raw)
	}
	reqs := rec.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	if !strings.Contains(string(reqs[1].Body), `"offset":12`) {
		t.Errorf("second request does not confirm the bad update: %s", reqs[1].Body)
	}
	if len(clk.got()) != 0 {
		t.Errorf("waited %v after a decodable batch", clk.got())
	}
}

func TestBadUpdateWithoutIDDoesNotSpin(t *testing.T) {
	// The only update has no usable id: the offset cannot move, so the
	// iterator reports it and backs off instead of asking again at once.
	rec := newRecorder(t, ok(`[{"update_id":"x"}]`))
	clk := &fakeClock{}
	ids, errs := collect(t, rec.client(botapi.WithSleep(clk.sleep)), nil, 3)
	if len(ids) != 0 || len(errs) != 3 {
		t.Fatalf("ids %v errs %v", ids, errs)
	}
	if w := clk.got(); len(w) < 2 || w[0] <= 0 {
		t.Errorf("no back-off between undecodable batches: %v", w)
	}
}

func TestTokenNotSentOnRedirect(t *testing.T) {
	var mu sync.Mutex
	var leaked []string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		leaked = append(leaked, r.URL.String()+" Referer="+r.Header.Get("Referer"))
		mu.Unlock()
		io.WriteString(w, `{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"x"}}`)
	}))
	defer other.Close()
	for _, code := range []int{301, 302, 307, 308} {
		redir := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+"/elsewhere", code)
		}))
		c := botapi.NewClient(token, botapi.WithBaseURL(redir.URL))
		_, err := c.GetMe(context.Background())
		var he *botapi.HTTPError
		if !errors.As(err, &he) || he.StatusCode != code {
			t.Errorf("%d: want the redirect as an *HTTPError, got %v", code, err)
		}
		// A caller's own http.Client does not follow redirects either.
		c = botapi.NewClient(token, botapi.WithBaseURL(redir.URL), botapi.WithHTTPClient(&http.Client{}))
		if _, err := c.GetMe(context.Background()); err == nil {
			t.Errorf("%d: redirect followed with WithHTTPClient", code)
		}
		if _, err := c.DownloadFile(context.Background(), "a/b.jpg"); err == nil {
			t.Errorf("%d: download redirect followed", code)
		}
		redir.Close()
	}
	mu.Lock()
	defer mu.Unlock()
	if len(leaked) != 0 {
		t.Errorf("requests reached the other host: %q", leaked)
	}
}

func TestResponseSizeUnbounded(t *testing.T) {
	huge := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"`)
		chunk := strings.Repeat("a", 64<<10)
		for i := 0; i < 64; i++ { // 4 MiB
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
		io.WriteString(w, `"}}`)
	}))
	defer huge.Close()
	c := botapi.NewClient(token, botapi.WithBaseURL(huge.URL), botapi.WithMaxResponseSize(1<<20))
	_, err := c.GetMe(context.Background())
	if err == nil || !strings.Contains(err.Error(), "getMe") || !strings.Contains(err.Error(), "1048576 bytes") || !strings.Contains(err.Error(), "WithMaxResponseSize") {
		t.Errorf("got %v", err)
	}
	// The default bound admits it.
	c = botapi.NewClient(token, botapi.WithBaseURL(huge.URL))
	if u, err := c.GetMe(context.Background()); err != nil || len(u.FirstName) != 4<<20 {
		t.Errorf("default limit: %v", err)
	}
}

func TestHugeRetryAfterRetriesAtOnce(t *testing.T) {
	flood := response{429, "application/json", `{"ok":false,"error_code":429,"description":"Too Many Requests","parameters":{"retry_after":10000000000}}`}
	rec := newRecorder(t, flood, ok(msg))
	clk := &fakeClock{}
	err := send(rec.client(botapi.WithSleep(clk.sleep), botapi.WithRetry(botapi.RetryPolicy{})))
	var ae *botapi.Error
	if !errors.As(err, &ae) || ae.RetryAfter != 10000000000 {
		t.Fatalf("want the 429 *Error at once, got %v", err)
	}
	if n := len(rec.requests()); n != 1 || len(clk.got()) != 0 {
		t.Errorf("%d requests, waits %v", n, clk.got())
	}

	// The iterator caps its wait too (default: 60 s, the policy's
	// MaxRetryAfter when retries are on), and never waits a negative time.
	for _, tc := range []struct {
		opts []botapi.ClientOption
		max  time.Duration
	}{
		{nil, time.Minute},
		{[]botapi.ClientOption{botapi.WithRetry(botapi.RetryPolicy{MaxAttempts: 1, MaxRetryAfter: 5 * time.Second})}, 5 * time.Second},
	} {
		for _, ra := range []string{"10000000000", "3600"} {
			rec := newRecorder(t, response{429, "application/json", `{"ok":false,"error_code":429,"parameters":{"retry_after":` + ra + `}}`})
			clk := &fakeClock{}
			_, errs := collect(t, rec.client(append(tc.opts, botapi.WithSleep(clk.sleep))...), nil, 2)
			if len(errs) != 2 {
				t.Fatalf("errs %v", errs)
			}
			if w := clk.got(); len(w) == 0 || w[0] != tc.max {
				t.Errorf("retry_after %s: iterator waited %v, want %v", ra, w, tc.max)
			}
		}
	}
}

func TestUpdatesDefaultTimeoutIsZero(t *testing.T) {
	rec := newRecorder(t, ok(`[]`), ok(`[{"update_id":1}]`))
	collect(t, rec.client(), nil, 1)
	if b := string(rec.requests()[0].Body); b != `{"timeout":30}` {
		t.Errorf("default request %s", b)
	}
	// A timeout the caller sets is kept, 0 included.
	rec = newRecorder(t, ok(`[{"update_id":1}]`))
	collect(t, rec.client(), &botapi.GetUpdatesParams{Timeout: botapi.Some(0), Limit: botapi.Some(5)}, 1)
	if b := string(rec.requests()[0].Body); !strings.Contains(b, `"timeout":0`) || !strings.Contains(b, `"limit":5`) {
		t.Errorf("explicit request %s", b)
	}
}

func TestUpdatesYieldsDuplicateAndOlderIDs(t *testing.T) {
	rec := newRecorder(t,
		ok(`[{"update_id":10},{"update_id":11},{"update_id":11},{"update_id":9},{"update_id":12}]`),
		ok(`[{"update_id":12},{"update_id":13}]`),
	)
	ids, errs := collect(t, rec.client(), nil, 4)
	if fmt.Sprint(ids) != "[10 11 12 13]" || len(errs) != 0 {
		t.Errorf("ids %v errs %v", ids, errs)
	}
	// An offset given by the caller drops older ids too.
	rec = newRecorder(t, ok(`[{"update_id":4},{"update_id":5}]`))
	ids, _ = collect(t, rec.client(), &botapi.GetUpdatesParams{Offset: botapi.Some[int64](5)}, 1)
	if fmt.Sprint(ids) != "[5]" {
		t.Errorf("ids %v", ids)
	}
}

func TestOkWithoutResult(t *testing.T) {
	for _, body := range []string{`{"ok":true}`, `{"ok":true,"result":null}`} {
		rec := newRecorder(t, response{200, "application/json", body})
		c := rec.client()
		// A method with a value result needs the value.
		u, err := c.GetMe(context.Background())
		if err == nil || u != nil || !strings.Contains(err.Error(), "getMe") || !strings.Contains(err.Error(), "result") {
			t.Errorf("%s: getMe: %v, %v", body, u, err)
		}
		var he *botapi.HTTPError
		if errors.As(err, &he) {
			t.Errorf("%s: reported as a malformed envelope: %v", body, err)
		}
		// A method whose result can only be True: ok says it all.
		if err := c.DeleteWebhook(context.Background(), nil); err != nil {
			t.Errorf("%s: deleteWebhook: %v", body, err)
		}
	}
}

func TestTokenLeaksPercentEncoded(t *testing.T) {
	body := "proxy error for /bot" + url.QueryEscape(token) + "/sendMessage and " + strings.Replace(url.QueryEscape(token), "%3A", "%3a", 1) + " and " + url.PathEscape(token)
	rec := newRecorder(t, response{502, "text/plain", body})
	err := send(rec.client())
	var he *botapi.HTTPError
	if !errors.As(err, &he) {
		t.Fatalf("got %v", err)
	}
	for _, form := range []string{token, url.QueryEscape(token), strings.Replace(url.QueryEscape(token), "%3A", "%3a", 1), "SECRET"} {
		if strings.Contains(string(he.Body), form) || strings.Contains(err.Error(), form) {
			t.Errorf("token leaked as %q: %s", form, he.Body)
		}
	}
}

func TestDownloadFileSendsDotSegments(t *testing.T) {
	var mu sync.Mutex
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.EscapedPath())
		mu.Unlock()
		io.WriteString(w, "X")
	}))
	defer srv.Close()
	c := botapi.NewClient(token, botapi.WithBaseURL(srv.URL))
	for _, p := range []string{"../../etc/passwd", "photos/../../x", "photos/./a.jpg", "a/..", "..%2f..%2fx"} {
		if rc, err := c.DownloadFile(context.Background(), p); err == nil {
			rc.Close()
			if !strings.Contains(p, "%") {
				t.Errorf("%q: downloaded", p)
			}
		}
	}
	rc, err := c.DownloadFile(context.Background(), "docs/a?b#c%d.txt")
	if err != nil {
		t.Fatal(err)
	}
	rc.Close()
	mu.Lock()
	defer mu.Unlock()
	want := "/file/bot" + token + "/..%252f..%252fx," + "/file/bot" + token + "/docs/a%3Fb%23c%25d.txt"
	if strings.Join(paths, ",") != want {
		t.Errorf("paths %q\nwant    %q", paths, want)
	}
}

func TestLocalFilesOpensAnyPath(t *testing.T) {
	root := t.TempDir()
	store := filepath.Join(root, "store")
	os.MkdirAll(filepath.Join(store, "photos"), 0o700)
	os.WriteFile(filepath.Join(store, "photos", "a.jpg"), []byte("IN"), 0o600)
	secret := filepath.Join(root, "secret")
	os.WriteFile(secret, []byte("SECRET"), 0o600)
	linked := os.Symlink(secret, filepath.Join(store, "photos", "link.jpg")) == nil

	c := botapi.NewClient(token, botapi.WithBaseURL("http://127.0.0.1:1"), botapi.WithLocalFiles(store))
	rc, err := c.DownloadFile(context.Background(), filepath.Join(store, "photos", "a.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(rc)
	rc.Close()
	if string(data) != "IN" {
		t.Errorf("got %q", data)
	}
	bad := []string{secret, filepath.Join(store, "..", "secret"), "/etc/passwd"}
	if linked {
		bad = append(bad, filepath.Join(store, "photos", "link.jpg"))
	}
	for _, p := range bad {
		if rc, err := c.DownloadFile(context.Background(), p); err == nil {
			data, _ := io.ReadAll(rc)
			rc.Close()
			t.Errorf("%s: opened outside the directory: %q", p, data)
		} else if !strings.Contains(err.Error(), "download") {
			t.Errorf("%s: error %v does not name the operation", p, err)
		}
	}
}

// A body without a usable update_id is not handed to the handler; being
// well-formed JSON it is reported as undecodable and answered with success
// (issue 32: a failure only makes the service deliver it again).
func TestWebhookAcceptsUpdateWithoutID(t *testing.T) {
	called, reported := 0, 0
	h := botapi.WebhookHandler(func(ctx context.Context, u *botapi.Update) (botapi.WebhookReply, error) {
		called++
		return nil, nil
	}, botapi.WebhookOnUndecodable(func(ctx context.Context, e *botapi.ItemDecodeError) { reported++ }))
	bodies := []string{`{}`, `{"message":{"message_id":1,"date":1,"chat":{"id":1,"type":"private"}}}`, `{"update_id":null}`, `{"update_id":"1"}`}
	for _, body := range bodies {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("POST", "/", strings.NewReader(body)))
		if w.Code != 200 {
			t.Errorf("%s: %d", body, w.Code)
		}
	}
	if called != 0 || reported != len(bodies) {
		t.Errorf("handler called %d times, %d reported", called, reported)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "/", strings.NewReader(`{"update_id":0}`)))
	if w.Code != 200 || called != 1 {
		t.Errorf("update_id 0: %d, called %d", w.Code, called)
	}
}

func TestAPIErrorDoesNotNameMethod(t *testing.T) {
	rec := newRecorder(t, response{404, "application/json", `{"ok":false,"error_code":404,"description":"Not Found"}`})
	err := send(rec.client())
	var ae *botapi.Error
	if !errors.As(err, &ae) || ae.Method != "sendMessage" || err.Error() != "sendMessage: api error 404: Not Found" {
		t.Errorf("got %v", err)
	}
}
