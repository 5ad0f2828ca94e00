package maketest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Issue 24, defect 1: CI passed only because an earlier step (go mod
// tidy) had filled the module cache with what a test needed. .ci/run runs
// the README's commands first (generate, then `make test`), with an empty
// module cache of its own that it exports for the whole run and cleans
// with go clean -modcache.
func TestCIRunsTheREADMECommandsFirstWithAnEmptyModuleCache(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string // the script's commands that build or test
	fresh, cleaned := -1, false
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "#"):
		case regexp.MustCompile(`^GOMODCACHE=\$\(mktemp -d\)$`).MatchString(line):
			fresh = len(cmds)
		case strings.HasPrefix(line, "trap ") && strings.Contains(line, "go clean -modcache"):
			cleaned = true
		case strings.HasPrefix(line, "make ") || strings.HasPrefix(line, "go run ") || strings.HasPrefix(line, "go test "):
			cmds = append(cmds, line)
		}
	}
	if fresh != 0 {
		t.Errorf(".ci/run does not set GOMODCACHE=$(mktemp -d) before its first command (at command %d of %q)", fresh, cmds)
	}
	if !strings.Contains(string(data), "export GOMODCACHE") || !cleaned {
		t.Error(".ci/run must export the fresh GOMODCACHE and remove it with go clean -modcache in its EXIT trap")
	}
	// generate writes in place: what it changed was stale in the commit.
	if !strings.Contains(string(data), "git status --porcelain -- schema generated") {
		t.Error(".ci/run does not fail when the README's generate command changes committed output")
	}
	if len(cmds) < 2 || cmds[0] != "go run ./cmd/apigen generate" || !strings.HasPrefix(cmds[1], "make test") {
		t.Errorf(".ci/run's first commands are %q, want the README's: go run ./cmd/apigen generate, then make test", cmds[:min(2, len(cmds))])
	}
}
