package docs_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// The browser check loads every page of the committed HTML site
// (generated/docs, or $APIGEN_DOCS_DIR) in headless Chromium, served from a
// 127.0.0.1 httptest server, and fails on any console error, uncaught
// exception, failed load or request that leaves the server. It also types
// into the search box and checks the results. It talks to Chromium through
// the DevTools protocol over --remote-debugging-pipe (fd 3 and 4, messages
// separated by NUL), so it needs nothing beyond the standard library.
//
// It runs only under 'make docs-check' (APIGEN_REQUIRE_BROWSER=1), where a
// missing Chromium (apt-get install -y chromium) is a failure; a plain
// 'go test ./...' skips it, so that CI loads the pages once, not twice.

const defaultChromium = "/usr/bin/chromium"

func docsDir() string {
	if d := os.Getenv("APIGEN_DOCS_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "generated", "docs")
}

func siteFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatalf("reading %s: %v (run 'make generate')", dir, err)
	}
	if files["index.html"] == nil {
		t.Fatalf("%s has no index.html (run 'make generate')", dir)
	}
	return files
}

// TestGeneratedSiteLinks checks every internal link of the site on disk.
func TestGeneratedSiteLinks(t *testing.T) {
	dir := docsDir()
	if _, err := os.Stat(dir); err != nil && os.Getenv("APIGEN_REQUIRE_BROWSER") == "" {
		t.Skipf("%s does not exist yet (run 'make generate')", dir)
	}
	if n := CheckLinks(siteFiles(t, dir)); len(n) > 0 {
		t.Errorf("%d broken links in %s, first ones:\n%s", len(n), dir, strings.Join(n[:min(len(n), 20)], "\n"))
	}
}

func TestBrowser(t *testing.T) {
	if os.Getenv("APIGEN_REQUIRE_BROWSER") == "" {
		t.Skip("headless browser check: run 'make docs-check'")
	}
	bin := os.Getenv("APIGEN_CHROMIUM")
	if bin == "" {
		bin = defaultChromium
	}
	if _, err := os.Stat(bin); err != nil {
		msg := fmt.Sprintf("headless browser check skipped: %s not found (apt-get install -y chromium, or set APIGEN_CHROMIUM)", bin)
		if os.Getenv("APIGEN_REQUIRE_BROWSER") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	if testing.Short() {
		t.Skip("headless browser check skipped in -short mode")
	}
	dir := docsDir()
	files := siteFiles(t, dir)
	var pages []string
	for p := range files {
		if strings.HasSuffix(p, ".html") {
			pages = append(pages, p)
		}
	}
	sort.Strings(pages)

	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	b, err := startBrowser(ctx, t, bin)
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()

	var targetID string
	if err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &struct {
		TargetID *string `json:"targetId"`
	}{&targetID}); err != nil {
		t.Fatal(err)
	}
	var session string
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": targetID, "flatten": true}, &struct {
		SessionID *string `json:"sessionId"`
	}{&session}); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable", "Network.enable"} {
		if err := b.call(ctx, session, m, nil, nil); err != nil {
			t.Fatal(err)
		}
	}

	for _, p := range pages {
		url := srv.URL + "/" + p
		b.reset()
		var nav struct {
			ErrorText string `json:"errorText"`
		}
		if err := b.call(ctx, session, "Page.navigate", map[string]any{"url": url}, &nav); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if nav.ErrorText != "" {
			t.Errorf("%s: navigation failed: %s", p, nav.ErrorText)
			continue
		}
		if err := b.waitLoad(ctx, 20*time.Second); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		// A round trip through the page's renderer makes sure every event
		// of the load has been delivered before the problems are read.
		var ok bool
		if err := b.eval(ctx, session, `!!document.querySelector("main h1") && typeof window.APIGEN_SEARCH === "object"`, &ok); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if !ok {
			t.Errorf("%s: page did not render its heading or the search index did not load", p)
		}
		for _, problem := range b.problems(srv.URL) {
			t.Errorf("%s: %s", p, problem)
		}
	}

	// The search box finds things offline.
	b.reset()
	if err := b.call(ctx, session, "Page.navigate", map[string]any{"url": srv.URL + "/index.html"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.waitLoad(ctx, 20*time.Second); err != nil {
		t.Fatal(err)
	}
	var first struct {
		Count int    `json:"count"`
		Href  string `json:"href"`
		Hit   string `json:"hit"`
	}
	const probe = `(function () {
		var idx = window.APIGEN_SEARCH, want = idx[idx.length - 1];
		var input = document.getElementById("search");
		input.value = want.t;
		input.dispatchEvent(new Event("input"));
		var links = document.querySelectorAll("#search-results a");
		return {count: links.length, href: links.length ? links[0].getAttribute("href") : "", hit: want.h};
	})()`
	if err := b.eval(ctx, session, probe, &first); err != nil {
		t.Fatal(err)
	}
	if first.Count == 0 || first.Href != first.Hit {
		t.Errorf("search box: %d results, first %q, want first %q", first.Count, first.Href, first.Hit)
	}
	for _, problem := range b.problems(srv.URL) {
		t.Errorf("search box: %s", problem)
	}

	// Issue 24, item 9: search ranked the fields containing a name above
	// the exact type, and the sidebar had a horizontal scrollbar. The
	// exact name comes first, a member named exactly the query before the
	// members of longer names; the sidebar never scrolls sideways.
	var ranking []string
	const rank = `(function () {
		var out = [], input = document.getElementById("search");
		function first(q) {
			input.value = q;
			input.dispatchEvent(new Event("input"));
			var a = document.querySelector("#search-results a");
			return a ? a.firstChild.textContent + " " + a.getAttribute("href") : "";
		}
		["Poll", "Chat", "Message", "Sticker", "ParseMode"].forEach(function (q) {
			var got = first(q);
			if (got.split(" ")[0] !== q) { out.push(q + ": first result " + got); }
		});
		var photo = first("photo");
		if (!/\.photo /.test(photo)) { out.push("photo: first result " + photo + ", want a member named photo"); }
		var nav = document.querySelector("nav.side");
		if (nav.scrollWidth > nav.clientWidth) { out.push("sidebar scrolls sideways: " + nav.scrollWidth + " > " + nav.clientWidth); }
		input.value = ""; input.dispatchEvent(new Event("input"));
		return out;
	})()`
	if err := b.eval(ctx, session, rank, &ranking); err != nil {
		t.Fatal(err)
	}
	for _, problem := range ranking {
		t.Errorf("search ranking / sidebar: %s", problem)
	}

	// "/" focuses the search box (and types nothing into it).
	var focus struct {
		ID    string `json:"id"`
		Value string `json:"value"`
	}
	if err := b.eval(ctx, session, `(function () { var i = document.getElementById("search"); i.blur(); i.value = ""; return true; })()`, new(bool)); err != nil {
		t.Fatal(err)
	}
	if err := b.call(ctx, session, "Input.dispatchKeyEvent", map[string]any{"type": "keyDown", "key": "/", "code": "Slash", "text": "/", "windowsVirtualKeyCode": 191}, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.eval(ctx, session, `({id: document.activeElement ? document.activeElement.id : "", value: document.getElementById("search").value})`, &focus); err != nil {
		t.Fatal(err)
	}
	if focus.ID != "search" || focus.Value != "" {
		t.Errorf(`"/" key: focus on %q, search box holds %q; want the empty search box focused`, focus.ID, focus.Value)
	}

	// ?q= opens a page with the search run; a Go name finds its method.
	b.reset()
	if err := b.call(ctx, session, "Page.navigate", map[string]any{"url": srv.URL + "/index.html?q=SendMessageParams"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.waitLoad(ctx, 20*time.Second); err != nil {
		t.Fatal(err)
	}
	var q struct {
		Hidden bool   `json:"hidden"`
		Value  string `json:"value"`
		Href   string `json:"href"`
	}
	if err := b.eval(ctx, session, `(function () {
		var list = document.getElementById("search-results"), a = list.querySelector("a");
		return {hidden: list.hidden, value: document.getElementById("search").value, href: a ? a.getAttribute("href") : ""};
	})()`, &q); err != nil {
		t.Fatal(err)
	}
	if q.Hidden || q.Value != "SendMessageParams" || q.Href != "method-sendMessage.html" {
		t.Errorf("?q=SendMessageParams: results hidden %v, box %q, first result %q", q.Hidden, q.Value, q.Href)
	}
	for _, problem := range b.problems(srv.URL) {
		t.Errorf("?q=: %s", problem)
	}

	// Screenshots of four pages, for people to look at.
	if dir := os.Getenv("APIGEN_SCREENSHOTS"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := b.call(ctx, session, "Emulation.setDeviceMetricsOverride", map[string]any{"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
			t.Fatal(err)
		}
		for _, shot := range []struct{ page, file string }{
			{"index.html?q=SendMessage", "index-search.png"},
			{"method-sendMessage.html", "method-sendMessage.png"},
			{"object-Message.html", "object-Message.png"},
			{"method-sendPoll.html#example", "method-sendPoll-examples.png"},
		} {
			b.reset()
			if err := b.call(ctx, session, "Page.navigate", map[string]any{"url": srv.URL + "/" + shot.page}, nil); err != nil {
				t.Fatal(err)
			}
			if err := b.waitLoad(ctx, 20*time.Second); err != nil {
				t.Fatal(err)
			}
			var img struct {
				Data []byte `json:"data"` // base64 in JSON
			}
			if err := b.call(ctx, session, "Page.captureScreenshot", map[string]any{"format": "png"}, &img); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, shot.file), img.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("screenshots of four pages in %s", dir)
	}
	if !t.Failed() {
		t.Logf("loaded %d pages of %s in headless Chromium: no console errors, no failed or outside requests", len(pages), dir)
	}
}

// browser is a minimal DevTools protocol client over a pipe.
type browser struct {
	cmd    *exec.Cmd
	w      io.WriteCloser
	stderr *strings.Builder

	mu       sync.Mutex
	nextID   int
	pending  map[int]chan message
	loaded   chan struct{}
	events   []message
	readErr  error
	readDone chan struct{}
}

type message struct {
	ID        int             `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

func startBrowser(ctx context.Context, t *testing.T, bin string) (*browser, error) {
	toBrowserR, toBrowserW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	fromBrowserR, fromBrowserW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, bin,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-extensions", "--disable-default-apps", "--mute-audio",
		"--user-data-dir="+t.TempDir(), "--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{toBrowserR, fromBrowserW} // fd 3: commands in, fd 4: messages out
	stderr := &strings.Builder{}
	cmd.Stderr = &lockedWriter{w: stderr}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	toBrowserR.Close()
	fromBrowserW.Close()
	b := &browser{cmd: cmd, w: toBrowserW, stderr: stderr, pending: map[int]chan message{},
		loaded: make(chan struct{}, 16), readDone: make(chan struct{})}
	go b.read(fromBrowserR)
	return b, nil
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (b *browser) read(r io.Reader) {
	defer close(b.readDone)
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		raw, err := br.ReadBytes(0)
		if err != nil {
			b.mu.Lock()
			b.readErr = err
			for id, ch := range b.pending {
				close(ch)
				delete(b.pending, id)
			}
			b.mu.Unlock()
			return
		}
		var m message
		if err := json.Unmarshal(raw[:len(raw)-1], &m); err != nil {
			continue
		}
		b.mu.Lock()
		if m.ID != 0 {
			if ch := b.pending[m.ID]; ch != nil {
				ch <- m
				delete(b.pending, m.ID)
			}
		} else {
			if m.Method == "Page.loadEventFired" {
				select {
				case b.loaded <- struct{}{}:
				default:
				}
			}
			b.events = append(b.events, m)
		}
		b.mu.Unlock()
	}
}

func (b *browser) call(ctx context.Context, session, method string, params any, result any) error {
	b.mu.Lock()
	if b.readErr != nil {
		b.mu.Unlock()
		return fmt.Errorf("browser gone: %v\n%s", b.readErr, b.stderr)
	}
	b.nextID++
	id := b.nextID
	ch := make(chan message, 1)
	b.pending[id] = ch
	b.mu.Unlock()
	req := map[string]any{"id": id, "method": method}
	if params != nil {
		req["params"] = params
	}
	if session != "" {
		req["sessionId"] = session
	}
	data, err := json.Marshal(req)
	if err != nil {
		return err
	}
	if _, err := b.w.Write(append(data, 0)); err != nil {
		return fmt.Errorf("%s: %v", method, err)
	}
	select {
	case m, ok := <-ch:
		if !ok {
			return fmt.Errorf("%s: browser exited\n%s", method, b.stderr)
		}
		if m.Error != nil {
			return fmt.Errorf("%s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if result != nil && len(m.Result) > 0 {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%s: %v", method, ctx.Err())
	}
}

func (b *browser) eval(ctx context.Context, session, expr string, into any) error {
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := b.call(ctx, session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &res); err != nil {
		return err
	}
	if res.ExceptionDetails != nil {
		return fmt.Errorf("evaluating probe: %s", res.ExceptionDetails.Text)
	}
	return json.Unmarshal(res.Result.Value, into)
}

// reset forgets the events so far and any pending load signal.
func (b *browser) reset() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.events = nil
	for {
		select {
		case <-b.loaded:
		default:
			return
		}
	}
}

func (b *browser) waitLoad(ctx context.Context, d time.Duration) error {
	select {
	case <-b.loaded:
		return nil
	case <-time.After(d):
		return fmt.Errorf("page did not finish loading in %v", d)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// problems lists the console errors, exceptions, failed loads and requests
// outside origin seen since the last reset.
func (b *browser) problems(origin string) []string {
	b.mu.Lock()
	events := append([]message(nil), b.events...)
	b.mu.Unlock()
	var out []string
	for _, ev := range events {
		switch ev.Method {
		case "Runtime.exceptionThrown":
			var p struct {
				ExceptionDetails struct {
					Text      string `json:"text"`
					Exception struct {
						Description string `json:"description"`
					} `json:"exception"`
				} `json:"exceptionDetails"`
			}
			json.Unmarshal(ev.Params, &p)
			out = append(out, "uncaught exception: "+p.ExceptionDetails.Text+" "+p.ExceptionDetails.Exception.Description)
		case "Runtime.consoleAPICalled":
			var p struct {
				Type string `json:"type"`
				Args []struct {
					Value       any    `json:"value"`
					Description string `json:"description"`
				} `json:"args"`
			}
			json.Unmarshal(ev.Params, &p)
			if p.Type == "error" || p.Type == "assert" || p.Type == "warning" {
				out = append(out, fmt.Sprintf("console.%s: %v", p.Type, p.Args))
			}
		case "Log.entryAdded":
			var p struct {
				Entry struct {
					Level  string `json:"level"`
					Source string `json:"source"`
					Text   string `json:"text"`
					URL    string `json:"url"`
				} `json:"entry"`
			}
			json.Unmarshal(ev.Params, &p)
			if p.Entry.Level == "error" || p.Entry.Level == "warning" {
				out = append(out, fmt.Sprintf("console %s (%s): %s %s", p.Entry.Level, p.Entry.Source, p.Entry.Text, p.Entry.URL))
			}
		case "Network.requestWillBeSent":
			var p struct {
				Request struct {
					URL string `json:"url"`
				} `json:"request"`
			}
			json.Unmarshal(ev.Params, &p)
			u := p.Request.URL
			if !strings.HasPrefix(u, origin+"/") && !strings.HasPrefix(u, "data:") && u != "about:blank" {
				out = append(out, "request leaves the site: "+u)
			}
		case "Network.loadingFailed":
			var p struct {
				ErrorText string `json:"errorText"`
			}
			json.Unmarshal(ev.Params, &p)
			out = append(out, "resource failed to load: "+p.ErrorText)
		case "Network.responseReceived":
			var p struct {
				Response struct {
					URL    string `json:"url"`
					Status int    `json:"status"`
				} `json:"response"`
			}
			json.Unmarshal(ev.Params, &p)
			if p.Response.Status >= 400 {
				out = append(out, fmt.Sprintf("HTTP %d for %s", p.Response.Status, p.Response.URL))
			}
		}
	}
	return out
}

func (b *browser) close() {
	b.w.Close() // closing the pipe makes Chromium exit
	done := make(chan struct{})
	go func() { b.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		b.cmd.Process.Kill()
		<-done
	}
}
