// Command generate writes the Go package of the platform's published
// reference page into ./botapi of the api90 bench module: it reads the
// gzip'd page (the shared test data beside the checkout, never committed),
// and runs `go tool apigen generate` on it with the backends the bench
// measures (types, validate, client). Run it from bench/api90:
//
//	go run ./internal/generate [-page FILE.html.gz] [-out botapi]
//
// Exit status 3 means the page is absent (a checkout without ../shared):
// the message says where it was looked for.
package main

import (
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// defaultPage is the newest shared page, relative to bench/api90.
const defaultPage = "../../../shared/spec/published/bot-api-9.0.html.gz"

// errNoPage is a page that is not there.
var errNoPage = errors.New("page absent")

func main() {
	page := flag.String("page", defaultPage, "the published page, gzip'd (.gz) or not")
	out := flag.String("out", "botapi", "directory of the generated package")
	flag.Parse()
	if err := run(*page, *out); err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		if errors.Is(err, errNoPage) {
			os.Exit(3)
		}
		os.Exit(1)
	}
}

func run(page, out string) error {
	html, err := readPage(page)
	if err != nil {
		return err
	}
	// apigen reads UTF-8 text, not gzip: the page goes to a temporary
	// file with the page's own name (the generated files' "source:" line).
	dir, err := os.MkdirTemp("", "api90-page-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	spec := filepath.Join(dir, strings.TrimSuffix(filepath.Base(page), ".gz"))
	if err := os.WriteFile(spec, html, 0o644); err != nil {
		return err
	}
	// No overlay: the project's overlay is written for the seed document
	// (it adds enum facts only, which cost nothing at run time).
	cmd := exec.Command("go", "tool", "apigen", "generate",
		"--spec", spec, "--overlay", "none", "--only", "types,validate,client",
		"--out", out, "--docs", "none", "--schema-out", "none", "--openapi", "none")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go tool apigen generate: %w", err)
	}
	fmt.Printf("generate: %s -> %s\n", page, out)
	return nil
}

// readPage returns the page's text, gunzipped when its name ends in .gz.
func readPage(page string) ([]byte, error) {
	f, err := os.Open(page)
	if errors.Is(err, fs.ErrNotExist) {
		abs, _ := filepath.Abs(page)
		return nil, fmt.Errorf("%w: %s does not exist; the platform's published pages are test data kept beside the checkout (../shared/spec/published), not in the repository: put them there or pass -page", errNoPage, abs)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(page, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", page, err)
		}
		defer zr.Close()
		r = zr
	}
	return io.ReadAll(r)
}
