package document

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	gmparser "github.com/yuin/goldmark/parser"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"golang.org/x/net/html"
)

// RenderHTML turns a Markdown spec into HTML. Inline Markdown is left as
// literal text on purpose: the spec writes markup examples ("*bold*",
// "<token>", "__") that are data, not formatting, and a cell's text must
// come out exactly as written. Every block and table row carries a
// data-line attribute with its line in the Markdown source, so that errors
// found while walking the HTML can point at the document.
func RenderHTML(md []byte) ([]byte, error) {
	src, lineOf := joinBrokenRows(md)
	p := gmparser.NewParser(
		gmparser.WithBlockParsers(gmparser.DefaultBlockParsers()...),
		gmparser.WithParagraphTransformers(gmparser.DefaultParagraphTransformers()...),
	)
	gm := goldmark.New(
		goldmark.WithParser(p),
		goldmark.WithExtensions(extension.Table),
		goldmark.WithRendererOptions(gmhtml.WithWriter(literalWriter{})),
	)
	root := gm.Parser().Parse(text.NewReader(src))
	starts := lineStarts(src)
	err := ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.(type) {
		case *ast.Heading, *ast.Paragraph, *ast.ListItem, *extast.Table, *extast.TableRow, *extast.TableHeader:
			if off, ok := firstOffset(n); ok {
				at := lineAt(starts, off)
				n.SetAttributeString("data-line", []byte(strconv.Itoa(lineOf(at))))
				if _, isRow := n.(*extast.TableRow); isRow {
					// GFM drops the cells past the header's count; record
					// how many the source row has so that the parser can
					// refuse to lose one.
					n.SetAttributeString("data-cells", []byte(strconv.Itoa(sourceCells(src, starts, at))))
				}
			}
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := gm.Renderer().Render(&buf, src, root); err != nil {
		return nil, fmt.Errorf("render markdown: %w", err)
	}
	return buf.Bytes(), nil
}

// literalWriter writes text exactly as it stands in the source: no backslash
// escapes or character references are resolved, only HTML-special bytes are
// escaped so that the HTML's text is the source's text.
type literalWriter struct{}

func (literalWriter) Write(w util.BufWriter, source []byte)       { writeEscaped(w, source) }
func (literalWriter) RawWrite(w util.BufWriter, source []byte)    { writeEscaped(w, source) }
func (literalWriter) SecureWrite(w util.BufWriter, source []byte) { writeEscaped(w, source) }

func writeEscaped(w util.BufWriter, source []byte) {
	_, _ = w.WriteString(html.EscapeString(string(source)))
}

// joinBrokenRows joins a table row whose line does not end with "|" to the
// lines that follow it, up to the line that closes the row. A cell written
// across two lines (the sendDice row) is one row, not a row and a stray
// line. It returns the joined source and a map from its line numbers (1-based)
// back to the original ones.
func joinBrokenRows(md []byte) ([]byte, func(int) int) {
	lines := strings.Split(string(md), "\n")
	var out []string
	var orig []int
	inTable := false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		if !strings.HasPrefix(trimmed, "|") {
			inTable = false
		} else if !inTable && i+1 < len(lines) && IsDelimiterRow(lines[i+1]) {
			inTable = true
		}
		start := i
		if inTable && !strings.HasSuffix(strings.TrimSpace(line), "|") {
			// Joined once at the end: linear in the lines joined.
			parts := []string{strings.TrimRight(line, " \t")}
			for !strings.HasSuffix(strings.TrimSpace(line), "|") && i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
				i++
				line = strings.TrimSpace(lines[i])
				parts = append(parts, line)
			}
			line = strings.Join(parts, " ")
		}
		out = append(out, line)
		orig = append(orig, start+1)
	}
	return []byte(strings.Join(out, "\n")), func(n int) int {
		if n >= 1 && n <= len(orig) {
			return orig[n-1]
		}
		return n
	}
}

// IsDelimiterRow reports whether a Markdown line is a table's delimiter row
// ("|---|:---:|").
func IsDelimiterRow(line string) bool {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "|") {
		return false
	}
	return strings.Trim(t, "|-: \t") == "" && strings.Contains(t, "-")
}

func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// sourceCells counts the cells of the Markdown table row on line (1-based):
// the unescaped pipes between the optional outer ones, plus one.
func sourceCells(src []byte, starts []int, line int) int {
	end := len(src)
	if line < len(starts) {
		end = starts[line]
	}
	return CountCells(string(src[starts[line-1]:end]))
}

// lineAt returns the 1-based line holding byte offset off.
func lineAt(starts []int, off int) int {
	lo, hi := 0, len(starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1
}

// firstOffset finds the first source byte a block node covers.
func firstOffset(n ast.Node) (int, bool) {
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return n.Lines().At(0).Start, true
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			return t.Segment.Start, true
		}
		if off, ok := firstOffset(c); ok {
			return off, true
		}
	}
	return 0, false
}

// Document is the document model both front ends produce: a title and a
// flat run of blocks (headings, paragraphs, lists, tables, quotes, pre),
// each with the line it starts on.
type Document struct {
	Title  string
	Blocks []*Block
}

// Tree is the seed layout's view of a Document: headed sections holding
// blocks.
type Tree struct {
	Title    string
	Line     int
	Sections []*Section // level-2 sections
	Blocks   []*Block   // blocks before the first level-2 heading
}

// Section is an h2 section of a Tree, or an h3 or h4 section in one.
type Section struct {
	Level    int
	Title    string
	Line     int
	Blocks   []*Block
	Children []*Section
	Parent   *Section
}

// Path is "Resources and their fields / Update".
func (s *Section) Path() string {
	if s == nil {
		return ""
	}
	if s.Parent == nil {
		return s.Title
	}
	return s.Parent.Path() + " / " + s.Title
}

// BlockKind is the kind of one block.
type BlockKind int

// The kinds of block.
const (
	ParagraphBlock BlockKind = iota
	ListBlock
	TableBlock
	HeadingBlock
	QuoteBlock
	PreBlock
)

// Block is one block of a document.
type Block struct {
	Kind  BlockKind
	Level int // heading level
	Line  int
	Text  string   // heading, paragraph, quote or pre text
	Items []*Item  // list items
	Table *Table   // header and rows
	Used  bool     // claimed by a section handler
	Sec   *Section // owning section, in a Tree
	// Ordered marks an <ol> list.
	Ordered bool
}

// ItemTexts is the text of each list item.
func (b *Block) ItemTexts() []string {
	out := make([]string, len(b.Items))
	for i, it := range b.Items {
		out[i] = it.Text
	}
	return out
}

// Item is one item of a list.
type Item struct {
	Text string
	Line int
	Used bool
}

// Table is a table's header and rows.
type Table struct {
	Header []string
	Rows   []*Row
	Line   int
}

// Row is one row of a table.
type Row struct {
	Cells []string
	Line  int
	Used  bool
	// SrcCells is the number of cells the source row has (Markdown rows
	// may have more or fewer than the header; GFM drops the extra ones and
	// pads short rows).
	SrcCells int
}

// Claimed reports whether a handler already took the whole block.
func (b *Block) Claimed() bool {
	switch b.Kind {
	case ListBlock:
		for _, it := range b.Items {
			if !it.Used {
				return false
			}
		}
		return len(b.Items) > 0
	case TableBlock:
		for _, r := range b.Table.Rows {
			if !r.Used {
				return false
			}
		}
		return true
	}
	return b.Used
}

// Cell returns the i-th cell, or "" past the end: GFM fills short rows.
func (r *Row) Cell(i int) string {
	if i < len(r.Cells) {
		return r.Cells[i]
	}
	return ""
}

// FromMarkdown reads a Markdown document: RenderHTML, then FromHTML.
func FromMarkdown(md []byte) (*Document, error) {
	htmlDoc, err := RenderHTML(md)
	if err != nil {
		return nil, err
	}
	return FromHTML(htmlDoc)
}

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

// NewTree groups a document's blocks into the seed layout's sections: the
// first h1 is the title, an h2 opens a section, an h3 or h4 a section
// inside it; other headings are not the seed's.
func NewTree(d *Document) (*Tree, error) {
	t := &Tree{}
	var h2, h3 *Section
	for _, b := range d.Blocks {
		if b.Kind != HeadingBlock {
			switch {
			case h3 != nil:
				b.Sec = h3
				h3.Blocks = append(h3.Blocks, b)
			case h2 != nil:
				b.Sec = h2
				h2.Blocks = append(h2.Blocks, b)
			default:
				t.Blocks = append(t.Blocks, b)
			}
			continue
		}
		switch b.Level {
		case 1:
			if t.Title == "" {
				t.Title, t.Line = b.Text, b.Line
			}
		case 2:
			h2 = &Section{Level: 2, Title: b.Text, Line: b.Line}
			h3 = nil
			t.Sections = append(t.Sections, h2)
		case 3, 4:
			s := &Section{Level: 3, Title: b.Text, Line: b.Line, Parent: h2}
			if h2 == nil {
				h2 = &Section{Level: 2, Line: b.Line}
				t.Sections = append(t.Sections, h2)
			}
			h2.Children = append(h2.Children, s)
			h3 = s
		}
	}
	if t.Title == "" && len(t.Sections) == 0 {
		return nil, fmt.Errorf("no headings found: the spec needs a title and level-2 sections")
	}
	return t, nil
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

// CleanText folds runs of white space (including line breaks inside a cell)
// into single spaces.
func CleanText(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// allUnused lists what no handler claimed.
func (d *Tree) Unclaimed() []string {
	var out []string
	check := func(b *Block) {
		where := "document start"
		if b.Sec != nil {
			where = b.Sec.Path()
		}
		switch b.Kind {
		case TableBlock:
			for _, r := range b.Table.Rows {
				if !r.Used {
					out = append(out, fmt.Sprintf("line %d (%s): table row %q is not accounted for", r.Line, where, strings.Join(r.Cells, " | ")))
				}
			}
		case ListBlock:
			for _, it := range b.Items {
				if !it.Used {
					out = append(out, fmt.Sprintf("line %d (%s): list item %q is not accounted for", it.Line, where, it.Text))
				}
			}
		default:
			if !b.Used {
				out = append(out, fmt.Sprintf("line %d (%s): paragraph %q is not accounted for", b.Line, where, b.Text))
			}
		}
	}
	for _, b := range d.Blocks {
		check(b)
	}
	for _, s := range d.Sections {
		for _, b := range s.Blocks {
			check(b)
		}
		for _, c := range s.Children {
			for _, b := range c.Blocks {
				check(b)
			}
		}
	}
	return out
}

// CountCells counts the cells of a Markdown table row: the unescaped pipes
// between the optional outer ones, plus one.
func CountCells(row string) int {
	row = strings.TrimPrefix(strings.TrimSpace(row), "|")
	if strings.HasSuffix(row, "|") && !strings.HasSuffix(row, `\|`) {
		row = row[:len(row)-1]
	}
	n := 1
	for i := 0; i < len(row); i++ {
		switch row[i] {
		case '\\':
			i++
		case '|':
			n++
		}
	}
	return n
}
