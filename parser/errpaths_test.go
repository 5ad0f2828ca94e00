package parser_test

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"

	"github.com/apigen/apigen/parser"
)

// The documents below are written for these tests.

// oneLine parses src and wants one line of error that contains every want.
func oneLine(t *testing.T, name string, src []byte, want ...string) {
	t.Helper()
	_, err := parser.Parse(src, parser.Options{Name: name})
	if err == nil {
		t.Fatalf("%s: no error", name)
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") || strings.Contains(msg, "…(") {
		t.Errorf("%s: want one whole line, got %q", name, msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("%s: error %q lacks %q", name, msg, w)
		}
	}
}

// TestErrGoDocPageIsNotReference: the documentation page of a Go package
// (headings, prose, code, no API tables) read as the seed's layout gave
// "schema has no version".
func TestErrGoDocPageIsNotReference(t *testing.T) {
	doc := `<!DOCTYPE html>
<html lang="en"><head><title>strutil package</title></head>
<body><main>
<h1>strutil</h1>
<h2 id="pkg-overview">Overview</h2>
<p>Package strutil has small helpers for strings.</p>
<h2 id="pkg-index">Index</h2>
<ul><li><a href="#Reverse">func Reverse(s string) string</a></li></ul>
<h3 id="Reverse">func Reverse</h3>
<pre>func Reverse(s string) string</pre>
<p>Reverse returns s with its runes in reverse order.</p>
</main></body></html>`
	oneLine(t, "strutil.html", []byte(doc), "not an API reference", "Field | Type | Description", "give the API's reference page")
}

// TestErrSmallHTMLTableIsNotReference: a small page with a table of its
// own gave `table row "Bob | 42" is not accounted for`.
func TestErrSmallHTMLTableIsNotReference(t *testing.T) {
	doc := `<html><body><h1>People</h1><table><tr><th>Name</th><th>Age</th></tr><tr><td>Bob</td><td>42</td></tr></table></body></html>`
	oneLine(t, "people.html", []byte(doc), "not an API reference")
}

// TestErrHTMLCutShort: a page whose download stopped part way read as a
// smaller API, or failed with an error per entry it lost.
func TestErrHTMLCutShort(t *testing.T) {
	whole := page(recent + "<h3>Available types</h3>" + palObject)
	if _, err := parser.Parse(whole, parser.Options{Name: "demo.html"}); err != nil {
		t.Fatal(err)
	}
	cut := whole[:bytes.Index(whole, []byte("<h4>Picture"))]
	oneLine(t, "demo.html", cut, "cut short", "without </html>", "download or copy it again")
}

// TestErrCutInCharacter: a document cut inside a multi-byte character gave
// "invalid UTF-8 … convert the file to UTF-8", the advice for another
// encoding.
func TestErrCutInCharacter(t *testing.T) {
	doc := []byte("# Demo API\n\n## Versioning\n\nThe first version, “1.0")
	doc = append(doc, "”"[:2]...) // the closing quote's first bytes only
	oneLine(t, "demo.md", doc, "ends in the middle of a character", "cut short")
	if _, err := parser.Parse([]byte("# Demo\n\nLatin-1 \xe9t\xe9 throughout\n"), parser.Options{Name: "latin1.md"}); err == nil || !strings.Contains(err.Error(), "convert the file") {
		t.Errorf("another encoding: %v, want the advice to convert the file", err)
	}
}

// TestErrGzipGivenToParser: compressed bytes are named as such, not as
// invalid UTF-8.
func TestErrGzipGivenToParser(t *testing.T) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(page(recent))
	zw.Close()
	oneLine(t, "demo.html.gz", b.Bytes(), "gzip-compressed", "decompress")
}
