package bench

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestAPI90 keeps bench/api90 building: it generates the package of the
// 9.0 page into bench/api90/botapi (git-ignored; the page is never
// committed) and runs that module's tests, which check that the three
// libraries read every fixture, that both generated packages keep every
// member of it, and that the 9.0 package and telego write the same
// sendMessage. bench/api90 is a module of its own, outside make test's
// list, because it cannot build before that step. Generating and building
// the 9.0 package takes about a minute: skipped under -short, and where the
// shared pages are absent.
func TestAPI90(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: generating and building the 9.0 package takes about a minute (make bench90 runs the same step)")
	}
	page, err := filepath.Abs("../../shared/spec/published/bot-api-9.0.html.gz")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(page); err != nil {
		t.Skipf("the platform's published page is test data beside the checkout, not in the repository: %v", err)
	}
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = "api90"
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("cd bench/api90 && go %v: %v\n%s", args, err, out)
		}
	}
	run("run", "./internal/generate", "-page", page)
	run("vet", ".")
	run("test", "-count=1", ".")
}
