package document

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
)

// FromHTML reads HTML (rendered from Markdown, whose data-line attributes
// give the Markdown lines, or written by hand in the seed's layout) into
// the document model.
func FromHTML(htmlDoc []byte) (*Document, error) {
	gq, err := goquery.NewDocumentFromReader(bytes.NewReader(htmlDoc))
	if err != nil {
		return nil, fmt.Errorf("read HTML: %w", err)
	}
	d := &Document{}
	var walk func(sel *goquery.Selection)
	walk = func(sel *goquery.Selection) {
		sel.Each(func(_ int, el *goquery.Selection) {
			node := el.Get(0)
			if node.Type != html.ElementNode {
				return
			}
			line := dataLine(el)
			switch node.Data {
			case "h1", "h2", "h3", "h4", "h5", "h6":
				b := &Block{Kind: HeadingBlock, Level: int(node.Data[1] - '0'), Line: line, Text: CleanText(el.Text())}
				if b.Level == 1 && d.Title == "" {
					d.Title = b.Text
				}
				d.Blocks = append(d.Blocks, b)
			case "p":
				d.Blocks = append(d.Blocks, &Block{Kind: ParagraphBlock, Line: line, Text: CleanText(el.Text())})
			case "ul", "ol":
				b := &Block{Kind: ListBlock, Line: line, Ordered: node.Data == "ol"}
				el.ChildrenFiltered("li").Each(func(_ int, li *goquery.Selection) {
					l := dataLine(li)
					if l == 0 {
						l = line
					}
					b.Items = append(b.Items, &Item{Text: CleanText(li.Text()), Line: l})
				})
				if len(b.Items) > 0 {
					b.Line = b.Items[0].Line
				}
				d.Blocks = append(d.Blocks, b)
			case "table":
				d.Blocks = append(d.Blocks, &Block{Kind: TableBlock, Line: line, Table: readTable(el, line)})
			case "html", "body", "div", "section", "article", "main":
				walk(el.Children())
			}
		})
	}
	walk(gq.Find("body").Children())
	return d, nil
}

// ReadTree reads HTML into the seed layout's view: FromHTML, then NewTree.
func ReadTree(htmlDoc []byte) (*Tree, error) {
	d, err := FromHTML(htmlDoc)
	if err != nil {
		return nil, err
	}
	return NewTree(d)
}

func readTable(el *goquery.Selection, line int) *Table {
	t := &Table{Line: line}
	el.Find("tr").Each(func(i int, tr *goquery.Selection) {
		var cells []string
		tr.ChildrenFiltered("th,td").Each(func(_ int, c *goquery.Selection) {
			cells = append(cells, CleanText(c.Text()))
		})
		l := dataLine(tr)
		if l == 0 {
			l = line
		}
		if tr.ChildrenFiltered("th").Length() > 0 && t.Header == nil {
			t.Header = cells
			if t.Line == 0 {
				t.Line = l
			}
			return
		}
		n := len(cells)
		if v, ok := tr.Attr("data-cells"); ok {
			if k, err := strconv.Atoi(v); err == nil {
				n = k // GFM pads short rows and drops extra cells: the source's count
			}
		}
		t.Rows = append(t.Rows, &Row{Cells: cells, Line: l, SrcCells: n})
	})
	t.Rows = mergeBrokenRows(t.Rows)
	return t
}

// mergeBrokenRows repairs a row that an HTML renderer split in two because
// a cell went on over a line break (the Markdown path joins such lines before
// rendering; HTML from elsewhere may still have the split). The sign is a
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

func dataLine(el *goquery.Selection) int {
	v, ok := el.Attr("data-line")
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0
	}
	return n
}
