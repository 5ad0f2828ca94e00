package interop

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// newestPage is the newest published page shared beside the checkout
// (never committed; the tests that need it skip without it).
const newestPage = "bot-api-9.0.html.gz"

// versionEmulator is the emulator program of the newest page, built once
// per test run by `apigen emulator --build-only` (about a minute).
var versionEmulator = sync.OnceValues(func() (string, error) {
	src, err := filepath.Abs("..")
	if err != nil {
		return "", err
	}
	cache := os.Getenv("APIGEN_EMULATOR_CACHE")
	if cache == "" {
		if cache, err = os.MkdirTemp("", "interop-emulator-"); err != nil {
			return "", err
		}
	}
	cmd := exec.Command("go", "run", "./cmd/apigen", "emulator", "--spec", filepath.Join(src, "..", "shared", "spec", "published", newestPage), "--cache", cache, "--build-only")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "APIGEN_SOURCE="+src)
	var out, log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &log
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("apigen emulator --build-only: %v\n%s", err, log.String())
	}
	return strings.TrimSpace(out.String()), nil
})

// startVersionEmulator runs the newest page's emulator on loopback with
// the control token control and returns its address; skips in -short and
// without the page.
func startVersionEmulator(t *testing.T, control string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the emulator of the newest published page: not in -short")
	}
	page := filepath.Join("..", "..", "shared", "spec", "published", newestPage)
	if _, err := os.Stat(page); err != nil {
		t.Skipf("%s is absent (the published pages live beside the checkout, in ../shared): %v", page, err)
	}
	bin, err := versionEmulator()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-listen", "127.0.0.1:0", "-control-token", control)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait() })
	addr := make(chan string, 1)
	go func() {
		served := regexp.MustCompile(`server on (http://\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := served.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
				break
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	select {
	case a := <-addr:
		return a
	case <-time.After(30 * time.Second):
		t.Fatal("the emulator did not say where it listens")
	}
	return ""
}

// Issue 33: grammY speaks Bot API 9.x; against the emulator of the 9.0
// page it runs the whole conversation with no adapter (poll options go as
// InputPollOption objects, as grammY sends them).
func TestEmulatorConversationJavaScriptAtNewestPage(t *testing.T) {
	if os.Getenv("APIGEN_SKIP_JS") != "" {
		t.Skip("APIGEN_SKIP_JS is set")
	}
	dir := installJS(t)
	base := startVersionEmulator(t, "interop-control")
	node := exec.Command("node", "--test", "--test-reporter=spec", "conversation.test.js")
	node.Dir = dir
	node.Env = append(os.Environ(), "EMULATOR_URL="+base, "BOT_TOKEN="+token, "CONTROL_TOKEN=interop-control", "EMULATOR_AT=9.0")
	out, err := node.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
