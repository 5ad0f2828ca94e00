package document

import (
	"fmt"
	"strings"
)

// Bounds of an input document, in one place. A document is untrusted input
// (it may come from a URL): each bound is checked where it is exceeded,
// before the work it would cost, and reported at its line, for both
// layouts (they read one document model). docs/input-limits.md lists them
// with the tests that prove them; the grammar's bound on "Array of"
// nesting is the schema's (schema.MaxArrayDepth).
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
)

// CheckSize refuses a document larger than MaxDocumentBytes.
func CheckSize(src []byte) error {
	if len(src) > MaxDocumentBytes {
		return fmt.Errorf("the document is %d bytes; apigen reads documents of at most %d bytes (%d MiB)", len(src), MaxDocumentBytes, MaxDocumentBytes>>20)
	}
	return nil
}

// CheckTables checks every table of d against the bounds, whichever
// layout reads it: a table with more than MaxColumns columns is dropped
// whole, a row with a cell longer than MaxCellBytes is dropped, each
// reported at its line, so that no walker spends work on them.
func (d *Document) CheckTables() []LineError {
	var errs []LineError
	kept := d.Blocks[:0]
	for _, b := range d.Blocks {
		if b.Kind == TableBlock && b.Table != nil {
			t := b.Table
			if len(t.Header) > MaxColumns {
				errs = append(errs, LineError{t.Line, fmt.Sprintf("table header has %d columns; at most %d are allowed", len(t.Header), MaxColumns)})
				continue
			}
			rows := t.Rows[:0]
			for _, r := range t.Rows {
				if i := longCell(r.Cells); i >= 0 {
					what := "last"
					if len(t.Header) > 0 {
						what = strings.ToLower(t.Header[min(i, len(t.Header)-1)])
					}
					errs = append(errs, LineError{r.Line, fmt.Sprintf("the %s cell is %d bytes long; at most %d are allowed", what, len(r.Cells[i]), MaxCellBytes)})
					continue
				}
				rows = append(rows, r)
			}
			t.Rows = rows
		}
		kept = append(kept, b)
	}
	d.Blocks = kept
	return errs
}

// longCell is the index of the first cell longer than MaxCellBytes,
// or -1.
func longCell(cells []string) int {
	for i, c := range cells {
		if len(c) > MaxCellBytes {
			return i
		}
	}
	return -1
}

// LineError is a bound or a mistake of the document at a line.
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
			if i+1 < len(lines) && IsDelimiterRow(lines[i+1]) {
				inTable = true
				cols = CountCells(t)
				if cols > MaxColumns {
					errs = append(errs, LineError{i + 1, fmt.Sprintf("table header has %d columns; at most %d are allowed", cols, MaxColumns)})
				}
				i++ // the delimiter line
				continue
			}
			// A block of '|' lines after a blank line is a table without
			// its delimiter line.
			if (i == 0 || strings.TrimSpace(lines[i-1]) == "") && strings.HasSuffix(t, "|") && strings.Count(t, "|") >= 3 {
				n := CountCells(t)
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
		if j > i && CountCells(b.String()) > cols && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "|") {
			errs = append(errs, LineError{i + 1, fmt.Sprintf("the table row does not end with '|', so line %d was read as the rest of it: add '|' at the end of line %d", i+2, i+1)})
		}
		i = j
	}
	return errs
}
