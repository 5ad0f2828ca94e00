package resolve

import (
	"errors"
	"fmt"
	"strings"

	"github.com/apigen/apigen/parser/internal/document"
	"github.com/apigen/apigen/schema"
)

// Bounds of an input document. A document is untrusted input (it may come
// from a URL): each bound is checked where it is exceeded, before the work
// it would cost, and reported at its line. docs/input-limits.md lists them
// with the tests that prove them.
const (
	// MaxDocumentBytes bounds a document's size: 8 MiB is 13 times the
	// published reference page of version 9.0 (604 KiB) and 175 times the
	// seed (46 KiB). Parsing costs about 60 times the document in memory at
	// its peak (docs/input-limits.md), so the bound also bounds that.
	MaxDocumentBytes = 8 << 20
	// MaxColumns bounds a table's columns (the widest known table has 5).
	MaxColumns = 16
	// MaxCellBytes bounds one table cell's text (the longest cell of the
	// 9.0 page is under 8 KiB).
	MaxCellBytes = 64 << 10
	// MaxErrors is how many errors a parse reports before it stops
	// listing them: a document with thousands of bad rows gets the first
	// ones and a count, not a screenful per row.
	MaxErrors = 50
)

// CheckInput refuses a document apigen must not read, before any work is
// spent on it: one larger than MaxDocumentBytes, bytes that are not UTF-8
// (named by line and column) and, in Markdown, tables whose source lines
// are broken (see checkTableLines).
func CheckInput(name string, src []byte, html bool) error {
	if len(src) > MaxDocumentBytes {
		return &Error{File: name, Msg: fmt.Sprintf("the document is %d bytes; apigen reads documents of at most %d bytes (%d MiB)", len(src), MaxDocumentBytes, MaxDocumentBytes>>20)}
	}
	if err := schema.ValidUTF8(name, src); err != nil {
		return err
	}
	if html {
		return nil
	}
	var errs []error
	for _, e := range CheckTableLines(string(src)) {
		errs = append(errs, &Error{File: name, Line: e.Line, Msg: e.Msg})
	}
	return errors.Join(CapErrors(errs)...)
}

type LineError struct {
	Line int
	Msg  string
}

// CheckTableLines finds the Markdown table mistakes whose consequence would
// be reported elsewhere, and reports them at the line that causes them:
//
//   - a header row with no delimiter line (|---|---|) under it is not a
//     table to GFM but a paragraph, and every name its rows define would be
//     "unknown" hundreds of lines later;
//   - a row that does not end with '|' is continued by the next line (a
//     cell may go on over a line break, as sendDice's does), so a missing
//     '|' merges two rows into one with too many cells;
//   - a table with more than MaxColumns columns.
func CheckTableLines(md string) []LineError {
	var errs []LineError
	lines := strings.Split(md, "\n")
	inTable, cols := false, 0
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(t, "|") {
			inTable = false
			continue
		}
		if !inTable {
			if i+1 < len(lines) && document.IsDelimiterRow(lines[i+1]) {
				inTable = true
				cols = document.CountCells(t)
				if cols > MaxColumns {
					errs = append(errs, LineError{i + 1, fmt.Sprintf("table header has %d columns; at most %d are allowed", cols, MaxColumns)})
				}
				i++ // the delimiter line
				continue
			}
			// A block of '|' lines after a blank line is a table without
			// its delimiter line.
			if (i == 0 || strings.TrimSpace(lines[i-1]) == "") && strings.HasSuffix(t, "|") && strings.Count(t, "|") >= 3 {
				n := document.CountCells(t)
				errs = append(errs, LineError{i + 1, fmt.Sprintf("a table row with no table: the line after the header row must be the delimiter line (%s); add it, or this table is read as a paragraph", "|"+strings.Repeat("---|", min(n, MaxColumns)))})
				for i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "|") {
					i++
				}
			}
			continue
		}
		if strings.HasSuffix(t, "|") && !strings.HasSuffix(t, `\|`) {
			continue
		}
		// The row goes on over the following lines up to one that ends it
		// (joinBrokenRows does the same before rendering).
		var b strings.Builder
		b.WriteString(t)
		j := i
		for j+1 < len(lines) && strings.TrimSpace(lines[j+1]) != "" && !strings.HasSuffix(strings.TrimSpace(b.String()), "|") {
			j++
			b.WriteString(" ")
			b.WriteString(strings.TrimSpace(lines[j]))
		}
		if j > i && document.CountCells(b.String()) > cols && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "|") {
			errs = append(errs, LineError{i + 1, fmt.Sprintf("the table row does not end with '|', so line %d was read as the rest of it: add '|' at the end of line %d", i+2, i+1)})
		}
		i = j
	}
	return errs
}

// CheckTable reports a table's rows that cannot be read as its columns say
// and returns the rows that can: a row with a cell more or less than the
// header, a cell longer than MaxCellBytes. A table with more than
// MaxColumns columns is refused whole (ok is false).
func (p *Core) CheckTable(t *document.Table) (ok bool) {
	if len(t.Header) > MaxColumns {
		p.Errorf(t.Line, "table header has %d columns; at most %d are allowed", len(t.Header), MaxColumns)
		for _, r := range t.Rows {
			r.Used = true
		}
		return false
	}
	header := ClipText(strings.Join(t.Header, " | "), 200)
	kept := t.Rows[:0]
	for _, r := range t.Rows {
		n := max(r.SrcCells, len(r.Cells))
		bad := true
		switch {
		case n > len(t.Header):
			p.Errorf(r.Line, "table row has %d cells, the table has %d columns (%q): remove the extra cell, or write a '|' inside a cell as '\\|'", n, len(t.Header), header)
		case r.SrcCells > 0 && r.SrcCells < len(t.Header):
			p.Errorf(r.Line, "table row has %d cells, the table has %d columns (%q): the %s cell is missing; write an empty cell as '| |'", r.SrcCells, len(t.Header), header, strings.ToLower(t.Header[r.SrcCells]))
		default:
			bad = false
			for i, c := range r.Cells {
				if len(c) > MaxCellBytes {
					p.Errorf(r.Line, "the %s cell is %d bytes long; at most %d are allowed", strings.ToLower(t.Header[min(i, len(t.Header)-1)]), len(c), MaxCellBytes)
					bad = true
					break
				}
			}
		}
		if bad {
			r.Used = true // reported at its cause, not again as a consequence
			continue
		}
		kept = append(kept, r)
	}
	t.Rows = kept
	return true
}

// ClipText bounds a piece of the document quoted in a message.
func ClipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

// CapErrors keeps the first MaxErrors errors and counts the rest.
func CapErrors(errs []error) []error {
	if len(errs) <= MaxErrors {
		return errs
	}
	return append(errs[:MaxErrors:MaxErrors], fmt.Errorf("… and %d more errors", len(errs)-MaxErrors))
}
