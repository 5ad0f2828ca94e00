// Package publishedpages gives tests the platform's published reference pages
// and their oracles. They are the platform's and a scraper's text, so they are
// never committed: they live beside the checkout in ../shared/spec/published,
// and a test without them is skipped with a message saying where they belong.
package publishedpages

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// Read returns the unzipped contents of name (e.g. "bot-api-9.0.html.gz") from
// dir, or skips t when the file is absent.
func Read(t testing.TB, dir, name string) []byte {
	t.Helper()
	path := filepath.Join(dir, name)
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("%s is absent (the published pages live beside the checkout, in ../shared): %v", path, err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return data
}
