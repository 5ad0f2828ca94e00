package main

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// strictProxy is a Go module proxy for the tests that build a user's module:
// it forwards every request to the first proxy of the configured GOPROXY and
// answers 403 Forbidden where that one answers 404 or 410, as a company
// proxy that serves only the modules it knows does (and forwards a 403 of
// an upstream that is strict itself). The go command treats a
// 404 or 410 as "not here, try the next source" but a 403 as fatal, so an
// install path that asks the proxy about apigen itself (a module that is not
// published: a user points at a local clone with a replace) fails against
// it; the documented path (docs/install.md) must not.
//
// A machine without a configured proxy, or whose proxy cannot be reached,
// cannot fetch apigen's dependencies: skip says so and skips the test.
type strictProxy struct {
	URL      string
	upstream string
	client   *http.Client

	mu        sync.Mutex
	forbidden []string // module paths answered with 403
	unreached error    // the first transport error talking to upstream
}

// goEnv returns `go env NAME` (which also reads the go env file).
func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// newStrictProxy starts the proxy in front of the configured GOPROXY, or
// skips the test with the reason when there is no proxy to forward to.
func newStrictProxy(t *testing.T) *strictProxy {
	t.Helper()
	configured := goEnv(t, "GOPROXY")
	var upstream string
	for _, p := range strings.FieldsFunc(configured, func(r rune) bool { return r == ',' || r == '|' }) {
		if strings.HasPrefix(p, "https://") || strings.HasPrefix(p, "http://") || strings.HasPrefix(p, "file://") {
			upstream = strings.TrimSuffix(p, "/")
			break
		}
	}
	if upstream == "" {
		t.Skipf("skipped: this test fetches apigen's dependencies through a Go module proxy, and GOPROXY=%q names none (set GOPROXY=https://proxy.golang.org or your company's proxy)", configured)
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.RegisterProtocol("file", http.NewFileTransport(http.Dir("/")))
	p := &strictProxy{upstream: upstream, client: &http.Client{Transport: tr}}
	srv := httptest.NewServer(p)
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

func (p *strictProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	u := p.upstream + r.URL.Path
	if strings.HasPrefix(p.upstream, "file://") {
		u = "file://" + strings.TrimPrefix(p.upstream, "file://") + r.URL.Path
	}
	resp, err := p.client.Get(u)
	if err != nil {
		p.mu.Lock()
		if p.unreached == nil {
			p.unreached = err
		}
		p.mu.Unlock()
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	mod, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/@")
	switch {
	case strings.HasPrefix(r.URL.Path, "/sumdb/"):
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		p.refused(mod)
		http.Error(w, "403 Forbidden: module "+mod+" is not on this proxy's allow list", http.StatusForbidden)
		return
	case resp.StatusCode == http.StatusForbidden: // upstream is strict itself
		p.refused(mod)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}

func (p *strictProxy) refused(mod string) {
	p.mu.Lock()
	p.forbidden = append(p.forbidden, mod)
	p.mu.Unlock()
}

// Forbidden returns the module paths the proxy refused so far.
func (p *strictProxy) Forbidden() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.forbidden...)
}

// skipIfUnreached skips the test when a go command failed because the
// upstream proxy could not be reached (no network): the failure is the
// machine's, not apigen's.
func (p *strictProxy) skipIfUnreached(t *testing.T, goOutput string) {
	t.Helper()
	p.mu.Lock()
	err := p.unreached
	p.mu.Unlock()
	if err != nil {
		t.Skipf("skipped: the Go module proxy %s cannot be reached (%v), and the module cache does not hold what this test needs; run it with network access or a reachable GOPROXY\n%s", p.upstream, err, goOutput)
	}
}

// goRunner runs the go command in dir against the strict proxy, with env
// added to the environment; a failure caused by an unreachable proxy skips
// the test.
type goRunner struct {
	t     *testing.T
	dir   string
	proxy *strictProxy
	env   []string
}

func (g *goRunner) run(wantOK bool, args ...string) string {
	g.t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = g.dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY="+g.proxy.URL, "GONOPROXY=", "GOPRIVATE=")
	cmd.Env = append(cmd.Env, g.env...)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		g.t.Fatalf("go %s: %v", strings.Join(args, " "), err)
	}
	if err != nil && wantOK {
		g.proxy.skipIfUnreached(g.t, string(out))
	}
	if (err == nil) != wantOK {
		g.t.Fatalf("go %s: %v (want success %v)\n%s", strings.Join(args, " "), err, wantOK, out)
	}
	return string(out)
}

// try runs the go command and returns its output and error, asserting nothing.
func (g *goRunner) try(args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = g.dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY="+g.proxy.URL, "GONOPROXY=", "GOPRIVATE=")
	cmd.Env = append(cmd.Env, g.env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// installBlock is docs/install.md's code block that installs apigen from a
// local clone: the block that has the replace.
func installBlock(t *testing.T, root string) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(root, "docs", "install.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, block := range strings.Split(string(doc), "```sh\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		if strings.Contains(block, "-replace github.com/apigen/apigen=") {
			return block
		}
	}
	t.Fatal("docs/install.md has no sh block with -replace github.com/apigen/apigen=")
	return ""
}

// installFromClone runs docs/install.md's commands for a local clone, as
// written, in g's directory, with the clone at root.
func installFromClone(t *testing.T, g *goRunner, root string) {
	t.Helper()
	block := strings.ReplaceAll(installBlock(t, root), "../path/to/apigen", root)
	out, err := g.try("env", "GOROOT") // the go command the test runs
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-ec", block)
	cmd.Dir = g.dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Join(strings.TrimSpace(out), "bin")+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY="+g.proxy.URL, "GONOPROXY=", "GOPRIVATE=")
	cmd.Env = append(cmd.Env, g.env...)
	if combined, err := cmd.CombinedOutput(); err != nil {
		g.proxy.skipIfUnreached(t, string(combined))
		t.Fatalf("docs/install.md's commands:\n%s\nfailed: %v\n%s", block, err, combined)
	}
}
