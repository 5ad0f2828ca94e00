package schemadiff_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/schemadiff"
	"github.com/apigen/apigen/spec"
)

var update = flag.Bool("update", false, "rewrite the golden diff")

func loadSpec(t *testing.T, data []byte, name string) *schema.Schema {
	t.Helper()
	s, err := loader.FromSpec(data, name, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// goModel is the Go model of s, as apigen diff builds it.
func goModel(t *testing.T, s *schema.Schema) *gomodel.Model {
	t.Helper()
	m, err := pipeline.Model(s, "")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func modified(t *testing.T) *schema.Schema {
	data, err := os.ReadFile(filepath.Join("testdata", "modified.md"))
	if err != nil {
		t.Fatal(err)
	}
	return loadSpec(t, data, "modified.md")
}

// TestGoldenDiff compares the embedded specification with a modified copy
// (an added method, a removed field, a changed type, a tightened and a
// loosened constraint, a parameter made required, an enum value, a limit
// and a version) and checks the changelog against testdata/spec-vs-modified.txt.
func TestGoldenDiff(t *testing.T) {
	old := loadSpec(t, spec.Document(), spec.DefaultName)
	r := schemadiff.Compare(old, modified(t), "spec/"+spec.DefaultName, "schemadiff/testdata/modified.md")
	var buf bytes.Buffer
	if err := r.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	// apigen diff's text: the wire changes, then the Go code that breaks.
	if err := schemadiff.WriteGoText(&buf, schemadiff.CompareGo(goModel(t, old), goModel(t, modified(t)), r)); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "spec-vs-modified.txt")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, buf.Bytes()) {
		t.Errorf("diff output changed (run 'go test ./schemadiff -update' if intended)\n--- want\n%s\n--- got\n%s", want, buf.Bytes())
	}
	for _, must := range []string{
		"+ sendGreeting", "- field author_signature", "type Integer -> String",
		"1-4096 characters after entity parsing -> 1-2048 characters after entity parsing (tightened)",
		"1-255 characters -> 1-512 characters (loosened)", "Optional -> Required", `+ value "choose_sticker"`,
		"+ 5.1", "~ version: 5.0 -> 5.1",
		"Go code that breaks", "- Message.AuthorSignature (Opt[string]): gone  [the page changed: object Message field author_signature]",
	} {
		if !strings.Contains(buf.String(), must) {
			t.Errorf("diff does not mention %q", must)
		}
	}
}

func TestSameIsEmpty(t *testing.T) {
	a := loadSpec(t, spec.Document(), "a.md")
	b := loadSpec(t, spec.Document(), "b.md")
	r := schemadiff.Compare(a, b, "a.md", "b.md")
	if !r.Empty() {
		var buf bytes.Buffer
		r.WriteText(&buf)
		t.Fatalf("same spec reports changes:\n%s", buf.String())
	}
	var buf bytes.Buffer
	r.WriteText(&buf)
	if !strings.Contains(buf.String(), "No changes.") {
		t.Errorf("empty report says %q", buf.String())
	}
}

// TestReverse checks that swapping the sides swaps added and removed.
func TestReverse(t *testing.T) {
	old, new := loadSpec(t, spec.Document(), "old.md"), modified(t)
	fa, fr, fc, _ := schemadiff.Compare(old, new, "a", "b").Counts()
	ra, rr, rc, _ := schemadiff.Compare(new, old, "b", "a").Counts()
	if fa != rr || fr != ra || fc != rc {
		t.Errorf("forward %d/%d/%d, reverse %d/%d/%d", fa, fr, fc, ra, rr, rc)
	}
}
