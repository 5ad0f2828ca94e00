package maketest

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the repository's root, two levels up.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// testedByAnother are modules that make test reaches through another
// module's test rather than by running go test in them: bench/api90 builds
// only after a step that generates a package from the shared pages (which
// the repository does not hold), so the bench module's TestAPI90 runs that
// step and then api90's tests.
var testedByAnother = map[string]bool{"bench/api90": true}

// modules are the directories of the repository that have a go.mod, but
// those in testedByAnother.
func modules(t *testing.T, root string) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.Name() == "go.mod" {
			if rel, _ := filepath.Rel(root, filepath.Dir(path)); !testedByAnother[filepath.ToSlash(rel)] {
				dirs = append(dirs, filepath.Dir(path))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// Issue 24, defect 1: `make test` stopped at the first module whose tests
// failed, so the other modules were never tested. It tests every module,
// names the ones that failed, and exits non-zero. The go command is
// replaced by a script that records where it ran and fails in the first
// module.
func TestMakeTestRunsEveryModuleWhenOneFails(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("skipped: make is not installed")
	}
	root := repoRoot(t)
	log := filepath.Join(t.TempDir(), "ran")
	fakeGo := filepath.Join(t.TempDir(), "go")
	script := "#!/bin/sh\n[ -s " + log + " ] && first=no || first=yes\npwd >> " + log + "\n[ $first = no ]\n"
	if err := os.WriteFile(fakeGo, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("make", "-s", "test", "GO="+fakeGo)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Errorf("make test exited 0 although the tests of one module failed:\n%s", out)
	}
	ran, _ := os.ReadFile(log)
	got := strings.Fields(string(ran))
	want := modules(t, root)
	if len(got) != len(want) {
		t.Errorf("make test ran the go command in %d of %d modules:\n%s\nwant every one of %s\n%s", len(got), len(want), ran, want, out)
	}
	if !strings.Contains(string(out), "make test: FAIL in") {
		t.Errorf("make test does not name the modules that failed:\n%s", out)
	}
}
