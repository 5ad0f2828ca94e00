package parser_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/parser"
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
	for _, n := range []int{schema.MaxArrayDepth + 1, 400, 5000} {
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

// Issue 26, items 3 and 10: a table header with 100 000 columns gave an
// 889 KB one-line error; tables and cells are bounded now, each a short
// error at the table or row.
func TestTableAndCellBoundsAreShortErrorsAtTheirLine(t *testing.T) {
	wide := "| Field |" + strings.Repeat(" x |", 100000)
	for _, c := range []struct{ name, old, new, want string }{
		{"columns", "| Field | Type | Notes |\n|---|---|---|\n| id | Integer | Required |", wide + "\n|---|---|---|\n| id | Integer | Required |", "spec.md:62: table header has 100001 columns; at most 16 are allowed"},
		{"cell", "| last_name | String | Optional |", "| last_name | String | Optional. " + strings.Repeat("long ", 20000) + "|", "spec.md:67: the notes cell is 100009 bytes long; at most 65536 are allowed"},
	} {
		_, err := loader.FromSpec(edited(t, c.old, c.new), "spec.md", nil)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, shorten(err), c.want)
		} else if len(err.Error()) > 5000 {
			t.Errorf("%s: the error is %d bytes", c.name, len(err.Error()))
		}
	}
}

// A document with thousands of bad rows reports the first MaxErrors and a
// count, not one error per row.
func TestThousandsOfBadRowsGiveABoundedReport(t *testing.T) {
	rows := strings.Repeat("| a | String | Sometimes |\n", 5000)
	_, err := loader.FromSpec(edited(t, "| last_name | String | Optional |\n", rows), "spec.md", nil)
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != parser.MaxErrors+1 || !strings.HasPrefix(lines[len(lines)-1], "… and ") {
		t.Errorf("%d lines, the last %q", len(lines), lines[len(lines)-1])
	}
}

// Issue 24, item 5: broken tables were reported at the consequence: a
// missing cell as "neither Required nor Optional", a missing trailing '|'
// as "row has 6 cells", a missing |---| line as unknown types 330 lines
// away. Each is reported at its row and says what is missing.
func TestBrokenTableIsReportedAtTheCause(t *testing.T) {
	for _, c := range []struct{ name, old, new, want string }{
		{"missing cell", "| last_name | String | Optional |", "| last_name | String |",
			`spec.md:67: table row has 2 cells, the table has 3 columns ("Field | Type | Notes"): the notes cell is missing; write an empty cell as '| |'`},
		{"missing trailing pipe", "| last_name | String | Optional |", "| last_name | String | Optional",
			"spec.md:67: the table row does not end with '|', so line 68 was read as the rest of it: add '|' at the end of line 67"},
		{"missing delimiter line", "### User\n\n| Field | Type | Notes |\n|---|---|---|\n", "### User\n\n| Field | Type | Notes |\n",
			"spec.md:62: a table row with no table: the line after the header row must be the delimiter line (|---|---|---|)"},
	} {
		_, err := loader.FromSpec(edited(t, c.old, c.new), "spec.md", nil)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, shorten(err), c.want)
		} else if n := strings.Count(err.Error(), "\n"); n > 0 {
			t.Errorf("%s: the cause is followed by %d consequences:\n%s", c.name, n, shorten(err))
		}
	}
	// A cell that goes on over a line break (as sendDice's does) is still
	// one row.
	if _, err := loader.FromSpec(spec.Document(), "spec.md", nil); err != nil {
		t.Fatal(err)
	}
}

// TestPageTableAndCellBoundsAreErrors is the defect where the bounds of a
// table (MaxColumns) and of a cell (MaxCellBytes) held for the seed's
// layout only: the published page's reader took a table of 100 000
// columns or a cell of 100 KB as it came. Both layouts read one document
// model, and the bounds are checked on it, at the table's or the row's
// line, before either layout walks it.
func TestPageTableAndCellBoundsAreErrors(t *testing.T) {
	head := "<h3>Available types</h3><h4>Pal</h4><p>A pal.</p>\n<table><thead><tr><th>Field</th><th>Type</th><th>Description</th>"
	for _, c := range []struct{ name, body, want string }{
		{"columns", head + strings.Repeat("<th>x</th>", 100000) + "</tr></thead><tbody><tr><td>id</td><td>Integer</td><td>Id</td></tr></tbody></table>", "table header has 100003 columns; at most 16 are allowed"},
		{"cell", head + "</tr></thead><tbody>\n<tr><td>id</td><td>Integer</td><td>Id. " + strings.Repeat("long ", 20000) + "</td></tr></tbody></table>", "the description cell is 100003 bytes long; at most 65536 are allowed"},
	} {
		_, err := parser.Parse(page(recent+c.body), parser.Options{Name: "demo.html"})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, shorten(err), c.want)
		} else if len(err.Error()) > 5000 {
			t.Errorf("%s: the error is %d bytes", c.name, len(err.Error()))
		}
	}
}
