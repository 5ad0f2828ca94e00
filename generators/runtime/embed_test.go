package runtime

import (
	"bytes"
	"go/format"
	"io/fs"
	"testing"
)

// TestMergedRuntimeIsFormatted: merging joins gofmt-clean sources without
// running gofmt again, so every combination the backends emit must come out
// gofmt-clean as it is.
func TestMergedRuntimeIsFormatted(t *testing.T) {
	sets := [][]Part{{TypesPart}, {ValidatePart}, {ValidatePart, FormatPart}, {ClientPart}, {WirePart}, {ServerPart}, {DispatchPart}, Parts}
	for _, parts := range sets {
		f, err := FileImporting("x", "botapi", "spec.md", Import{Path: "example.com/bot/botapi", Name: "botapi"}, parts...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := format.Source(f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		if !bytes.Equal(got, f.Data) {
			t.Errorf("%v: merged runtime is not gofmt-clean", parts)
		}
	}
}

// TestEveryRuntimeFileInOnePart: each rt_*.go file belongs to exactly one
// part, so nothing is emitted twice or never.
func TestEveryRuntimeFileInOnePart(t *testing.T) {
	names, err := fs.Glob(sources, "rt_*.go")
	if err != nil {
		t.Fatal(err)
	}
	server, err := fs.Glob(sources, "serverrt/rt_*.go")
	if err != nil {
		t.Fatal(err)
	}
	names = append(names, server...)
	owner := map[string]string{}
	for _, p := range Parts {
		for _, f := range p.Files {
			if prev, ok := owner[f]; ok {
				t.Errorf("%s is in parts %s and %s", f, prev, p.Name)
			}
			owner[f] = p.Name
		}
	}
	for _, n := range names {
		if owner[n] == "" {
			t.Errorf("%s belongs to no part: it would never be emitted", n)
		}
	}
	if len(owner) != len(names) {
		t.Errorf("parts list %d files, %d are embedded", len(owner), len(names))
	}
}
