package parser_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/spec"
)

// edited is the seed with old replaced by new (once), failing the test
// when the seed no longer holds old.
func edited(t *testing.T, old, new string) []byte {
	t.Helper()
	md := string(spec.Document())
	if !strings.Contains(md, old) {
		t.Fatalf("spec no longer contains %q", old)
	}
	return []byte(strings.Replace(md, old, new, 1))
}

// Issue 26, item 1: "Array of" had no nesting limit: as a parameter type
// generation time exploded (400 levels: 38 s, 532 MB), as a field type
// `go vet` and `go build` failed. A type deeper than schema.MaxArrayDepth
// is now refused at its line, in a field table and in a parameter list,
// however deep it is.
func TestArrayOfNestedBeyondTheLimitIsRefusedAtItsLine(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("Array of ", n) + "String" }
	ok := edited(t, "| allowed_updates | Array of String |", "| allowed_updates | "+deep(schema.MaxArrayDepth)+" |")
	if _, err := loader.FromSpec(ok, "spec.md", nil); err != nil {
		t.Errorf("%d levels (the limit) were refused: %v", schema.MaxArrayDepth, err)
	}
	for _, n := range []int{schema.MaxArrayDepth + 1, 400, 20000} {
		for _, c := range []struct{ name, old, new, want string }{
			{"field", "| allowed_updates | Array of String |", "| allowed_updates | " + deep(n) + " |", "spec.md:58: WebhookInfo.allowed_updates: the type nests"},
			{"parameter", "allowed_updates (Array of String, Optional; JSON list", "allowed_updates (" + deep(n) + ", Optional; JSON list", "spec.md:379: getUpdates.allowed_updates: the type nests"},
		} {
			_, err := loader.FromSpec(edited(t, c.old, c.new), "spec.md", nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s of %d levels: %v, want %q", c.name, n, shorten(err), c.want)
				continue
			}
			if len(err.Error()) > 2000 {
				t.Errorf("%s of %d levels: the error is %d bytes long", c.name, n, len(err.Error()))
			}
		}
	}
}

// shorten keeps a failing test's output readable.
func shorten(err error) string {
	if err == nil {
		return "<nil>"
	}
	s := err.Error()
	if len(s) > 500 {
		return s[:500] + "…"
	}
	return s
}

// Issue 26, item 4: bytes that are not UTF-8 in prose passed parse, and
// generate then failed in gofmt and printed the whole generated file. They
// are refused when the document is read, with their line and column, in
// Markdown and in HTML.
func TestInvalidUTF8InTheDocumentIsAnErrorWithItsLine(t *testing.T) {
	md := edited(t, "| last_name | String | Optional |", "| last_name | String | Optional. Caf\xe9 |")
	_, err := loader.FromSpec(md, "spec.md", nil)
	if err == nil || err.Error() != "spec.md:67:37: invalid UTF-8 (byte 0xe9): apigen reads UTF-8 text only; convert the file to UTF-8 (e.g. iconv -t UTF-8)" {
		t.Errorf("Markdown: %v", err)
	}
	html := []byte("<html><body><h1>T</h1>\n<h2>S</h2>\n<p>bad \xff byte</p></body></html>")
	_, err = loader.FromSpec(html, "page.html", nil)
	if err == nil || !strings.HasPrefix(err.Error(), "page.html:3:8: invalid UTF-8 (byte 0xff)") {
		t.Errorf("HTML: %v", err)
	}
}
