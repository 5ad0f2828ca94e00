package document

import "strings"

// mergeBrokenRows repairs a row of the seed's layout that an HTML renderer
// split in two because a cell went on over a line break (the Markdown path
// joins such lines before rendering; HTML from elsewhere may still have the
// split); NewTree applies it. The sign is a
// cell with an unclosed parenthesis followed only by empty cells: the next
// row's cells continue it.
func mergeBrokenRows(rows []*Row) []*Row {
	var out []*Row
	for i := 0; i < len(rows); i++ {
		r := rows[i]
		last := len(r.Cells) - 1
		for last >= 0 && r.Cells[last] == "" {
			last--
		}
		if last >= 0 && last < len(r.Cells)-1 && i+1 < len(rows) &&
			strings.Count(r.Cells[last], "(") > strings.Count(r.Cells[last], ")") {
			next := rows[i+1]
			merged := append([]string(nil), r.Cells[:last]...)
			merged = append(merged, r.Cells[last]+" "+next.Cell(0))
			for j := 1; len(merged) < len(r.Cells); j++ {
				merged = append(merged, next.Cell(j))
			}
			out = append(out, &Row{Cells: merged, Line: r.Line})
			i++
			continue
		}
		out = append(out, r)
	}
	return out
}

// ReadTree reads HTML into the seed layout's view: FromHTML, then NewTree.
func ReadTree(htmlDoc []byte) (*Tree, error) {
	return NewTree(FromHTML(htmlDoc))
}
