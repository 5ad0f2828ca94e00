package document

import (
	"fmt"
	"strings"
)

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

// NewTree groups a document's blocks into the seed layout's sections: the
// first h1 is the title, an h2 opens a section, an h3 or h4 a section
// inside it; other headings are not the seed's.
func NewTree(d *Document) (*Tree, error) {
	t := &Tree{}
	var h2, h3 *Section
	for _, b := range d.Blocks {
		if b.Kind == TableBlock && b.Table != nil {
			b.Table.Rows = mergeBrokenRows(b.Table.Rows)
		}
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
