package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const updates = `{"update_id":1,"message":{"message_id":7,"date":1,"chat":{"id":-1001234567890,"type":"supergroup"},"text":"hi *there*"}}
{"update_id":2,"message":{"message_id":8,"date":2,"chat":{"id":42,"type":"private"},"sticker":{"file_id":"x"}}}
{"update_id":3,"edited_message":{"message_id":9,"date":3,"chat":{"id":42,"type":"private"},"text":"edited"}}
{"update_id":4,"message":{"message_id":10,"date":4,"chat":{"id":42,"type":"private"},"text":"0"}}
`

const replies = `{"chat_id":-1001234567890,"text":"hi *there*","reply_to_message_id":7}
{"chat_id":42,"text":"0","reply_to_message_id":10}
`

func TestEcho(t *testing.T) {
	var out bytes.Buffer
	if err := echo(strings.NewReader(updates), &out); err != nil {
		t.Fatal(err)
	}
	if out.String() != replies {
		t.Errorf("got\n%s\nwant\n%s", out.String(), replies)
	}
}

// TestGoGenerate runs the go:generate directive in a copy of this module
// (with the replace directive pointed at this repository), checks that the
// result is what is committed in botapi/, and builds, vets and runs the bot
// against it.
func TestGoGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go generate and builds a module")
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"go.mod", "go.sum", "gen.go", "main.go"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goCmd := func(stdin string, args ...string) string {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		cmd.Stdin = strings.NewReader(stdin)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("go %s: %v\n%s%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
		}
		return stdout.String()
	}
	goCmd("", "mod", "edit", "-replace", "github.com/apigen/apigen="+repo)
	goCmd("", "generate", "./...")

	// Only the Go package, only in ./botapi: no docs, no schema.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() && e.Name() != "botapi" {
			t.Errorf("go generate wrote %s/", e.Name())
		}
	}
	got, _ := filepath.Glob(filepath.Join(dir, "botapi", "*"))
	want, _ := filepath.Glob(filepath.Join("botapi", "*"))
	if len(got) == 0 {
		t.Fatal("go generate wrote no botapi files")
	}
	if len(got) != len(want) {
		t.Errorf("go generate wrote %d files, %d are committed in botapi/ (run 'go generate' in examples/echobot)", len(got), len(want))
	}
	for _, g := range got {
		committed, err := os.ReadFile(filepath.Join("botapi", filepath.Base(g)))
		fresh, _ := os.ReadFile(g)
		if err != nil || !bytes.Equal(committed, fresh) {
			t.Errorf("botapi/%s is stale (run 'go generate' in examples/echobot)", filepath.Base(g))
		}
	}

	goCmd("", "build", "./...")
	goCmd("", "vet", "./...")
	if out := goCmd(updates, "run", "."); out != replies {
		t.Errorf("bot built from the fresh package replied\n%s\nwant\n%s", out, replies)
	}
}
