package examples

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoGenerate runs the go:generate directive of gen.go in a copy of this
// module, as a user's module runs it (apigen as a tool, the replace directive
// pointed at this repository), checks that it writes only botapi/ and that
// botapi/ is what is committed, then builds, vets and runs echobot against it.
// `make generated-check` (apigen generate --check here) finds stale output
// faster; this test shows the go:generate story works from a fresh copy.
func TestGoGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go generate and builds a module")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"go.mod", "go.sum", "apigen.yaml", "gen.go", "echobot/main.go", "echobot/main_test.go"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goCmd := func(args ...string) {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out.String())
		}
	}
	goCmd("mod", "edit", "-replace", "github.com/apigen/apigen="+repo)
	goCmd("generate", ".")

	// Only the Go package, only in ./botapi: no docs, no schema.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() && e.Name() != "botapi" && e.Name() != "echobot" {
			t.Errorf("go generate wrote %s/", e.Name())
		}
	}
	// The package and the server package inside it, file by file.
	got, want := files(t, filepath.Join(dir, "botapi")), files(t, "botapi")
	if len(got) == 0 {
		t.Fatal("go generate wrote no botapi files")
	}
	if len(got) != len(want) {
		t.Errorf("go generate wrote %d files, %d are committed in botapi/ (run 'go generate .' in examples/)", len(got), len(want))
	}
	for _, rel := range got {
		committed, err := os.ReadFile(filepath.Join("botapi", rel))
		fresh, _ := os.ReadFile(filepath.Join(dir, "botapi", rel))
		if err != nil || !bytes.Equal(committed, fresh) {
			t.Errorf("botapi/%s is stale (run 'go generate .' in examples/)", filepath.ToSlash(rel))
		}
	}

	goCmd("build", "./...")
	goCmd("vet", "./...")
	goCmd("test", "-run", "TestEchoEndToEnd", "./echobot/")
}

// files lists the regular files below root, relative to it.
func files(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, path)
		out = append(out, rel)
		return err
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return out
}
