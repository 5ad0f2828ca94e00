// Package headless drives headless Chromium for the browser tests (the
// documentation site's, the emulator's chat window's) through the DevTools
// protocol over --remote-debugging-pipe (fd 3 and 4, messages separated by
// NUL), with the standard library only.
package headless

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// DefaultChromium is where Debian's chromium package puts the browser.
const DefaultChromium = "/usr/bin/chromium"

// Find returns the Chromium to run ($APIGEN_CHROMIUM, else
// DefaultChromium) and, when it is absent, a message that says how to get
// it.
func Find() (bin, missing string) {
	bin = os.Getenv("APIGEN_CHROMIUM")
	if bin == "" {
		bin = DefaultChromium
	}
	if _, err := os.Stat(bin); err != nil {
		return bin, fmt.Sprintf("headless browser check skipped: %s not found (apt-get install -y chromium, or set APIGEN_CHROMIUM)", bin)
	}
	return bin, ""
}

// Page opens a new tab and attaches to it, with the page, runtime, log and
// network events on; it returns the session id that Call and Eval take.
func (b *Browser) Page(ctx context.Context) (string, error) {
	var targetID string
	if err := b.Call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &struct {
		TargetID *string `json:"targetId"`
	}{&targetID}); err != nil {
		return "", err
	}
	var session string
	if err := b.Call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": targetID, "flatten": true}, &struct {
		SessionID *string `json:"sessionId"`
	}{&session}); err != nil {
		return "", err
	}
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable", "Network.enable"} {
		if err := b.Call(ctx, session, m, nil, nil); err != nil {
			return "", err
		}
	}
	return session, nil
}

// Browser is a minimal DevTools protocol client over a pipe.
type Browser struct {
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

// Start runs Chromium bin headless with its profile in userDataDir (a
// test's TempDir), driven over --remote-debugging-pipe.
func Start(ctx context.Context, bin, userDataDir string) (*Browser, error) {
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
		"--user-data-dir="+userDataDir, "--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{toBrowserR, fromBrowserW} // fd 3: commands in, fd 4: messages out
	stderr := &strings.Builder{}
	cmd.Stderr = &lockedWriter{w: stderr}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	toBrowserR.Close()
	fromBrowserW.Close()
	b := &Browser{cmd: cmd, w: toBrowserW, stderr: stderr, pending: map[int]chan message{},
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

func (b *Browser) read(r io.Reader) {
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

func (b *Browser) Call(ctx context.Context, session, method string, params any, result any) error {
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

// Eval evaluates expr in the page and decodes its value into into (nil:
// the value is dropped).
func (b *Browser) Eval(ctx context.Context, session, expr string, into any) error {
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	// A promise is awaited: its value is the result.
	if err := b.Call(ctx, session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &res); err != nil {
		return err
	}
	if res.ExceptionDetails != nil {
		return fmt.Errorf("evaluating probe: %s %s", res.ExceptionDetails.Text, res.ExceptionDetails.Exception.Description)
	}
	if into == nil {
		return nil
	}
	return json.Unmarshal(res.Result.Value, into)
}

// Reset forgets the events so far and any pending load signal.
func (b *Browser) Reset() {
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

func (b *Browser) WaitLoad(ctx context.Context, d time.Duration) error {
	select {
	case <-b.loaded:
		return nil
	case <-time.After(d):
		return fmt.Errorf("page did not finish loading in %v", d)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Problems lists the console errors, exceptions, failed loads and requests
// outside origin seen since the last reset.
func (b *Browser) Problems(origin string) []string {
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
				Canceled  bool   `json:"canceled"`
			}
			json.Unmarshal(ev.Params, &p)
			if !p.Canceled { // the page's own doing (an EventSource it closed)
				out = append(out, "resource failed to load: "+p.ErrorText)
			}
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

func (b *Browser) Close() {
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
