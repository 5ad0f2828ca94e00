package parser_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGoldenParser parses each fixture spec under golden/parser/<case>/ and
// compares the schema YAML with schema.yaml, or the error with stderr.txt.
// One case per table shape and per kind of parse error. A case's spec.md is
// in the seed's layout; a case's spec.html (cases named page-*) is a
// fragment written in the published page's layout, read by the page's
// walker.
func TestGoldenParser(t *testing.T) {
	seed, err := filepath.Glob("../golden/parser/*/spec.md")
	if err != nil || len(seed) == 0 {
		t.Fatalf("no golden parser cases: %v", err)
	}
	pages, err := filepath.Glob("../golden/parser/*/spec.html")
	if err != nil || len(pages) == 0 {
		t.Fatalf("no golden parser cases of the page layout: %v", err)
	}
	for _, specPath := range append(seed, pages...) {
		dir := filepath.Dir(specPath)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			src, err := os.ReadFile(specPath)
			if err != nil {
				t.Fatal(err)
			}
			var got []byte
			name, want := "schema.yaml", "stderr.txt"
			s, err := loader.FromSpec(src, filepath.Base(specPath), nil)
			if err == nil {
				if got, err = schema.Marshal(s); err != nil {
					t.Fatal(err)
				}
			} else {
				name, want = want, name
				got = []byte(err.Error() + "\n")
			}
			if *update {
				os.Remove(filepath.Join(dir, want))
				if err := os.WriteFile(filepath.Join(dir, name), got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			expected, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatalf("%v (the case produced %s; run 'make golden' if that is intended)", err, name)
			}
			if !bytes.Equal(expected, got) {
				t.Errorf("%s differs (run 'make golden' if intended):\n--- want\n%s\n--- got\n%s", name, expected, got)
			}
			if strings.HasPrefix(filepath.Base(dir), "err-") != (name == "stderr.txt") {
				t.Errorf("cases named err-* must fail and only they: %s produced %s", filepath.Base(dir), name)
			}
		})
	}
}
