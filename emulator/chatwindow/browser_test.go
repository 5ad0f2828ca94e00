package chatwindow_test

import (
	"context"
	"flag"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/apigen/apigen/emulator/chatwindow/windowtest"
	"github.com/apigen/apigen/emulator/cli"
)

var updateShots = flag.Bool("update-screenshots", false, "rewrite docs/images/chat-window-{light,dark}.png from the browser session")

// syncBuffer is the command's stderr, read while it runs.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var windowLine = regexp.MustCompile(`chat window: (http://\S+)`)

// runCommand starts the emulator's command (the seed's version) on a free
// port and returns its address and the window URL it printed.
func runCommand(t *testing.T, args ...string) (base, login string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() { done <- cli.Run(ctx, append([]string{"-listen", "127.0.0.1:0"}, args...), &stderr, ready, nil) }()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case addr := <-ready:
		base = "http://" + addr
	case err := <-done:
		t.Fatalf("the command ended: %v\n%s", err, stderr.String())
	}
	m := windowLine.FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("the command printed no chat window URL:\n%s", stderr.String())
	}
	return base, m[1]
}

// Issue 43: the scripted session in headless Chromium at the seed's
// version: the printed URL, /start, the answer, a button, the edit, a
// vote, a photo; no console error, no request outside the emulator.
// -update-screenshots rewrites the documentation's screenshots.
func TestBrowserSessionAtTheSeed(t *testing.T) {
	if testing.Short() {
		t.Skip("headless browser session: not in -short")
	}
	base, login := runCommand(t, "-control-token", "window-test")
	o := windowtest.Options{Base: base, Login: login, Control: "window-test", Load: true}
	if *updateShots {
		o.Shots = filepath.Join("..", "..", "docs", "images")
	}
	fig := windowtest.Run(t, o)
	t.Logf("%d messages: first render %.0f ms, all in the page %.0f ms, page heap %.1f MB, %d DOM nodes, scrolling frames %.1f ms mean, %.1f ms max",
		windowtest.LoadMessages, fig.RenderMS, fig.AllMS, fig.HeapMB, fig.Nodes, fig.ScrollMeanMS, fig.ScrollMaxMS)
}
