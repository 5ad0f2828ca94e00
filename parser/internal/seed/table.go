package seed

import (
	"strings"

	"github.com/apigen/apigen/parser/internal/document"
)

// checkTable reports a table's rows that cannot be read as its columns say
// (a cell more or less than the header) and keeps the rows that can. The
// bounds of tables and cells are the document's (document.CheckTables),
// checked before any layout walks it.
func (p *seedLayout) checkTable(t *document.Table) {
	header := clipText(strings.Join(t.Header, " | "), 200)
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
		}
		if bad {
			r.Used = true // reported at its cause, not again as a consequence
			continue
		}
		kept = append(kept, r)
	}
	t.Rows = kept
}

// clipText bounds a piece of the document quoted in a message.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
