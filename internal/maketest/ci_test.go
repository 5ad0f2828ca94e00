package maketest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// makeVar returns the value of a `NAME := value` line of the Makefile.
func makeVar(t *testing.T, makefile, name string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + name + `\s*:?=\s*(.*)$`).FindStringSubmatch(makefile)
	if m == nil {
		t.Fatalf("the Makefile has no %s line", name)
	}
	return strings.TrimSpace(m[1])
}

// Issue 24, defect 1: CI passed only because an earlier step (go mod
// tidy) had filled the module cache with what a test needed. .ci/run gives
// the whole run an empty module cache of its own, exported and cleaned with
// go clean -modcache, before its first command.
//
// Issue 34: `make check` was not what CI ran (.ci/run added steps of its
// own). .ci/run's one build command is `make ci`, and the Makefile's
// CI_STEPS start with the README's two commands: generate (failing when it
// changed committed output), then make test.
func TestCIRunsMakeCIWithAnEmptyModuleCache(t *testing.T) {
	root := repoRoot(t)
	data, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
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
	if len(cmds) != 1 || !strings.HasPrefix(cmds[0], "make ci ") && cmds[0] != "make ci" {
		t.Errorf(".ci/run's build and test commands are %q, want only make ci (the steps are listed once, in the Makefile)", cmds)
	}

	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	makefile := string(mk)
	steps := strings.Fields(makeVar(t, makefile, "CI_STEPS"))
	if len(steps) < 2 || steps[0] != "regenerate-check" || steps[1] != "test" {
		t.Errorf("CI_STEPS = %q, want the README's commands first: regenerate-check, then test", steps)
	}
	for _, want := range []string{"fmt-check", "vet", "tidy-check", "generated-check", "soak-ci", "docs-check", "openapi-ts"} {
		if !contains(steps, want) {
			t.Errorf("CI_STEPS = %q lacks %s", steps, want)
		}
	}
	for _, step := range steps {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(step) + `:`).MatchString(makefile) {
			t.Errorf("CI_STEPS names %s, which is not a target of the Makefile", step)
		}
	}
	// regenerate-check runs the README's command as written, then looks
	// for what it changed (generate writes in place).
	recipe := regexp.MustCompile(`(?ms)^regenerate-check:\n((?:\t.*\n)+)`).FindStringSubmatch(makefile)
	if recipe == nil || !strings.Contains(recipe[1], "$(GO) run ./cmd/apigen generate\n") ||
		!strings.Contains(recipe[1], "git status --porcelain -- schema generated") {
		t.Errorf("regenerate-check must run `go run ./cmd/apigen generate` and fail when git status shows schema/ or generated/ changed; recipe:\n%v", recipe)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
