package chatwindow_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/emulator/chatwindow"
	"github.com/apigen/apigen/emulator/cli"
)

type fixture struct {
	emu    *emulator.Emulator
	win    *chatwindow.Window
	srv    *httptest.Server
	cookie *http.Cookie
	user   int64
	bot    int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	emu := emulator.New(emulator.Config{Clock: emulator.ManualClock(time.Unix(1_800_000_000, 0))})
	t.Cleanup(emu.Shutdown)
	win := chatwindow.New(emu)
	t.Cleanup(win.Close)
	srv := httptest.NewServer(win.Handler(emu.Handler()))
	t.Cleanup(srv.Close)
	bot, err := emu.AddBot("777:x")
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{emu: emu, win: win, srv: srv, user: emu.NewUser("Alice", "").ID, bot: bot.ID}
	resp := f.get(t, win.LoginPath(), nil)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/chat/" || resp.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("login: %d, Location %q, Referrer-Policy %q", resp.StatusCode, resp.Header.Get("Location"), resp.Header.Get("Referrer-Policy"))
	}
	for _, c := range resp.Cookies() {
		if c.Name == "apigen_chat" {
			f.cookie = c
		}
	}
	if f.cookie == nil || !f.cookie.HttpOnly || f.cookie.SameSite != http.SameSiteStrictMode {
		t.Fatalf("login cookie %+v: want HttpOnly, SameSite=Strict", f.cookie)
	}
	return f
}

var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 10 * time.Second}

func (f *fixture) get(t *testing.T, path string, header map[string]string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", f.srv.URL+path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// post makes a window action; header adds or (with "") removes headers.
func (f *fixture) post(t *testing.T, action, body string, header map[string]string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", f.srv.URL+"/chat/api/"+action, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", f.srv.URL)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.AddCookie(f.cookie)
	for k, v := range header {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	if header["Cookie"] == "none" {
		req.Header.Del("Cookie")
	}
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if acao := resp.Header.Get("Access-Control-Allow-Origin"); acao != "" {
		t.Errorf("%s: Access-Control-Allow-Origin %q: the window never grants CORS", action, acao)
	}
	return resp.StatusCode, string(b)
}

// Issue 43: the window is guarded like the control API: a login token
// exchanged for a session cookie, actions from the window's own origin
// only, no CORS, the control API's rules behind it.
func TestWindowGuards(t *testing.T) {
	f := newFixture(t)
	send := fmt.Sprintf(`{"user_id":%d,"bot_id":%d,"text":"hi"}`, f.user, f.bot)

	if resp := f.get(t, "/chat/login?token=wrong", nil); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("a wrong login token: %d, want 401", resp.StatusCode)
	}
	if resp := f.get(t, "/chat/", nil); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("the page without a session: %d, want 401", resp.StatusCode)
	}
	page := f.get(t, "/chat/", map[string]string{"Cookie": "apigen_chat=" + f.cookie.Value})
	if csp := page.Header.Get("Content-Security-Policy"); page.StatusCode != 200 || !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "connect-src 'self'") {
		t.Errorf("the page: %d, CSP %q", page.StatusCode, csp)
	}
	if xfo := page.Header.Get("X-Frame-Options"); xfo != "DENY" {
		t.Errorf("X-Frame-Options %q, want DENY", xfo)
	}
	for _, c := range []struct {
		name   string
		header map[string]string
		code   int
	}{
		{"no session", map[string]string{"Cookie": "none"}, 401},
		{"a forged session", map[string]string{"Cookie": "apigen_chat=forged"}, 401},
		{"no Origin", map[string]string{"Origin": ""}, 403},
		{"another origin", map[string]string{"Origin": "http://evil.example"}, 403},
		{"a cross-site fetch", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"a text/plain body (a form's)", map[string]string{"Content-Type": "text/plain"}, 415},
	} {
		if code, body := f.post(t, "send", send, c.header); code != c.code {
			t.Errorf("%s: %d %s, want %d", c.name, code, body, c.code)
		}
	}
	if n := f.emu.Stats().Messages; n != 0 {
		t.Fatalf("%d messages after refused requests, want 0", n)
	}
	if code, body := f.post(t, "send", send, nil); code != 200 || !strings.Contains(body, `"text":"hi"`) {
		t.Errorf("the window's own send: %d %s", code, body)
	}
	if code, body := f.post(t, "send", `{"user":1}`, nil); code != 400 || !strings.Contains(body, `unknown key \"user\"`) {
		t.Errorf("a misspelt key through the window: %d %s; want the control API's 400", code, body)
	}
	req, _ := http.NewRequest("OPTIONS", f.srv.URL+"/chat/api/send", nil)
	req.Header.Set("Origin", "http://evil.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("Access-Control-Allow-Origin") != "" || resp.StatusCode < 400 {
		t.Errorf("a CORS preflight: %d, Access-Control-Allow-Origin %q; want it refused", resp.StatusCode, resp.Header.Get("Access-Control-Allow-Origin"))
	}
}

// stream reads server-sent events.
type stream struct {
	resp *http.Response
	r    *bufio.Reader
}

type sse struct{ id, kind, data string }

func (f *fixture) events(t *testing.T, lastID string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/chat/events?user_id=%d", f.srv.URL, f.user), nil)
	req.AddCookie(f.cookie)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	return &stream{resp, bufio.NewReader(resp.Body)}
}

func (s *stream) next(t *testing.T) sse {
	t.Helper()
	var e sse
	done := make(chan error, 1)
	go func() {
		for {
			line, err := s.r.ReadString('\n')
			if err != nil {
				done <- err
				return
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case line == "" && e.kind != "":
				done <- nil
				return
			case strings.HasPrefix(line, "id: "):
				e.id = line[4:]
			case strings.HasPrefix(line, "event: "):
				e.kind = line[7:]
			case strings.HasPrefix(line, "data: "):
				e.data = line[6:]
			}
		}
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no event in 10 s")
	}
	return e
}

// nextOf skips events until one of kind.
func (s *stream) nextOf(t *testing.T, kind string) sse {
	t.Helper()
	for {
		if e := s.next(t); e.kind == kind {
			return e
		}
	}
}

// Issue 43: changes reach the page as they happen, and a page that
// reconnects (Last-Event-ID) gets what it missed.
func TestEventsLiveAndReplayedAfterAReconnection(t *testing.T) {
	f := newFixture(t)
	s := f.events(t, "")
	hello := s.next(t)
	if hello.kind != "hello" {
		t.Fatalf("first event %+v, want hello", hello)
	}
	send := func(text string) {
		t.Helper()
		if code, body := f.post(t, "send", fmt.Sprintf(`{"user_id":%d,"bot_id":%d,"text":%q}`, f.user, f.bot, text), nil); code != 200 {
			t.Fatalf("send: %d %s", code, body)
		}
	}
	send("one")
	m := s.nextOf(t, "message")
	if !strings.Contains(m.data, `"text":"one"`) || !strings.Contains(m.data, fmt.Sprintf(`"chat":"b%d"`, f.bot)) {
		t.Fatalf("message event %s", m.data)
	}
	s.resp.Body.Close() // the page goes away
	send("two")
	send("three")
	time.Sleep(300 * time.Millisecond)
	r := f.events(t, m.id)
	var texts []string
	for len(texts) < 2 {
		e := r.next(t)
		if e.kind == "reset" {
			t.Fatal("a reconnection within the buffer got a reset")
		}
		if e.kind == "message" {
			texts = append(texts, e.data)
		}
	}
	if !strings.Contains(texts[0], `"text":"two"`) || !strings.Contains(texts[1], `"text":"three"`) {
		t.Errorf("replayed %q, want two then three", texts)
	}
	// An id from before the emulator's buffer (or from another run): the
	// page reloads.
	if e := f.events(t, "999999").next(t); e.kind != "reset" {
		t.Errorf("an unknown Last-Event-ID: %+v, want reset", e)
	}
}

// Issue 43: a button press shows the bot's answer: the feed carries it.
func TestEventsCarryTheCallbackAnswer(t *testing.T) {
	f := newFixture(t)
	s := f.events(t, "")
	s.next(t)
	c := newBotClient(f)
	if _, err := f.emu.Send(f.user, emulator.Private(f.bot), "/start"); err != nil {
		t.Fatal(err)
	}
	m := c.sendButton(t, f.user)
	code, body := f.post(t, "press", fmt.Sprintf(`{"user_id":%d,"bot_id":%d,"message_id":%d,"data":"go"}`, f.user, f.bot, m), nil)
	if code != 200 {
		t.Fatalf("press: %d %s", code, body)
	}
	c.answerAll(t, "Done!")
	if e := s.nextOf(t, "answer"); !strings.Contains(e.data, `"text":"Done!"`) {
		t.Errorf("answer event %s", e.data)
	}
}

// Issue 43: an open window's event stream held the command's shutdown
// for its whole 5-second grace. The streams end when the server starts
// shutting down.
func TestCommandStopsPromptlyWithAWindowOpen(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan string, 1)
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- cli.Run(ctx, []string{"-listen", "127.0.0.1:0", "-control-token", "stop"}, &stderr, ready, nil)
	}()
	base := "http://" + <-ready
	login := windowLine.FindStringSubmatch(stderr.String())[1]
	jar := &cookieJar{}
	client := &http.Client{Jar: jar, Timeout: 20 * time.Second}
	if resp, err := client.Get(login); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	req, _ := http.NewRequest("POST", base+"/control/user", strings.NewReader(`{"first_name":"Alice"}`))
	req.Header.Set("Authorization", "Bearer stop")
	req.Header.Set("Content-Type", "application/json")
	if resp, err := http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	resp, err := client.Get(base + "/chat/events?user_id=100001")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("events: %d", resp.StatusCode)
	}
	bufio.NewReader(resp.Body).ReadString('\n') // the stream is open
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("the command ended with %v", err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("the command took %v to stop with a window open", d)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the command did not stop in 10 s")
	}
}

// cookieJar keeps the window's session cookie (one host).
type cookieJar struct {
	mu      sync.Mutex
	cookies []*http.Cookie
}

func (j *cookieJar) SetCookies(_ *url.URL, cs []*http.Cookie) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.cookies = append(j.cookies, cs...)
}

func (j *cookieJar) Cookies(*url.URL) []*http.Cookie {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.cookies
}
