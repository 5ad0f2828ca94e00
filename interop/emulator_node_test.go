package interop

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
)

// TestEmulatorConversationJavaScript runs js/conversation.test.js (grammY
// from npm, installed with `npm ci` from js/package-lock.json) against an
// emulator served on loopback. node and npm must be installed: CI installs
// the packages itself; set APIGEN_SKIP_JS=1 to skip on a machine without
// node.
func TestEmulatorConversationJavaScript(t *testing.T) {
	if os.Getenv("APIGEN_SKIP_JS") != "" {
		t.Skip("APIGEN_SKIP_JS is set")
	}
	dir := installJS(t)
	emu := emulator.New(emulator.Config{Clock: emulator.ManualClock(time.Now().Truncate(time.Second))})
	t.Cleanup(emu.Shutdown)
	srv := httptest.NewServer(emu.Handler())
	t.Cleanup(srv.Close)

	node := exec.Command("node", "--test", "--test-reporter=spec", "conversation.test.js")
	node.Dir = dir
	node.Env = append(os.Environ(), "EMULATOR_URL="+srv.URL, "BOT_TOKEN="+token, "CONTROL_TOKEN="+emu.ControlToken())
	out, err := node.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// installJS installs js/'s packages when they are missing or stale and
// returns the directory.
func installJS(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed (needed for the JavaScript interop test; set APIGEN_SKIP_JS=1 to skip it)", tool)
		}
	}
	dir, err := filepath.Abs("js")
	if err != nil {
		t.Fatal(err)
	}
	if stale(filepath.Join(dir, "node_modules", ".package-lock.json"), filepath.Join(dir, "package-lock.json")) {
		npm := exec.Command("npm", "ci", "--no-audit", "--no-fund")
		npm.Dir = dir
		if out, err := npm.CombinedOutput(); err != nil {
			t.Fatalf("npm ci: %v\n%s", err, out)
		}
	}
	return dir
}

// stale reports whether the installed packages are missing or older than
// the lock file.
func stale(installed, lock string) bool {
	a, err := os.Stat(installed)
	if err != nil {
		return true
	}
	b, err := os.Stat(lock)
	return err != nil || a.ModTime().Before(b.ModTime())
}
