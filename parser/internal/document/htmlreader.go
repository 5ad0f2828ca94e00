package document

import (
	"bytes"
	"io"
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// This file is the one HTML reader, for both layouts: HTML read with the
// tokenizer into the document model, a flat list of blocks (headings,
// paragraphs, tables, lists, quotes) with the line each starts on. The
// published page is one long run of h3 sections and h4 entries, and what
// belongs to an entry is everything up to the next heading, so a flat
// list is the natural shape; the seed's layout groups it under its
// headings afterwards (NewTree). The page's HTML leaves some elements
// implicitly closed (a <table> inside a <p>), so the reader closes an open
// paragraph at any block-level tag, as a browser does. HTML rendered from
// Markdown (RenderHTML) marks each block and row with its Markdown line
// (data-line) and each row with its source cell count (data-cells), which
// the reader takes instead of the HTML's own.

// blockTags are the tags that start a block of their own.
var blockTags = map[string]bool{
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"p": true, "table": true, "ul": true, "ol": true, "blockquote": true, "pre": true,
	"div": true, "hr": true,
}

// FromHTML reads an HTML document. It starts at the element with id
// "dev_page_content" when there is one (the published page's own content,
// without the site's navigation and footer: another div inside it is not
// the page's text), else at the body, whose containers (div, section,
// article, main) it reads through.
func FromHTML(src []byte) *Document {
	start := bytes.Index(src, []byte(`id="dev_page_content"`))
	r := &pageReader{doc: &Document{}, scoped: start >= 0, inContent: start < 0}
	z := html.NewTokenizer(bytes.NewReader(src))
	line, offset := 1, 0
	for {
		tt := z.Next()
		raw := z.Raw()
		tokLine := line
		line += bytes.Count(raw, []byte{'\n'})
		offset += len(raw)
		if tt == html.ErrorToken {
			if z.Err() == io.EOF {
				r.finish()
			}
			break
		}
		tok := z.Token()
		switch {
		case !r.inContent:
			r.beforeContent(tt, tok, tokLine, r.scoped && offset > start)
		case r.skipTag != "":
			r.skip(tt, tok.Data)
		case tt == html.StartTagToken || tt == html.SelfClosingTagToken:
			r.startTag(tt, tok, tokLine)
		case tt == html.EndTagToken:
			if r.endTag(tok.Data) {
				return r.doc.cleanItems()
			}
		case tt == html.TextToken:
			r.textToken(tok.Data, tokLine)
		}
	}
	return r.doc.cleanItems()
}

// pageReader is the state of readPageDoc between tokens: the block being
// read, the text collected for it, and the table cell or list item open in
// it.
type pageReader struct {
	doc *Document
	// scoped says the page has a content element; inContent that the
	// tokenizer is inside it (always, when the page has none).
	scoped, inContent bool

	cur    *Block
	curTag string
	depth  int // nesting of curTag inside cur (quotes in quotes)
	Text   strings.Builder

	rowCells  []string
	rowLine   int
	rowSrc    int // the row's data-cells, when given
	Cell      *strings.Builder
	inHeader  bool
	listDepth int

	// skipTag is an element whose content is not text (script, style,
	// a nested div), skipDepth its nesting.
	skipTag   string
	skipDepth int
}

// beforeContent reads what stands before the content element: only the
// title (an h1) is kept. pastID says the tokenizer is past the content
// element's id, so that the next div opens it.
func (r *pageReader) beforeContent(tt html.TokenType, tok html.Token, line int, pastID bool) {
	switch {
	case pastID && tt == html.StartTagToken && tok.Data == "div":
		r.inContent = true
	case tt == html.StartTagToken && tok.Data == "h1":
		// The title stands before the content element.
		r.cur = &Block{Kind: HeadingBlock, Level: 1, Line: line}
		r.curTag = "h1"
	case tt == html.EndTagToken && tok.Data == "h1" && r.cur != nil:
		r.finish()
	case tt == html.TextToken && r.cur != nil:
		r.Text.WriteString(tok.Data)
	}
}

// skip passes over the content of the element being skipped.
func (r *pageReader) skip(tt html.TokenType, name string) {
	switch {
	case tt == html.StartTagToken && name == r.skipTag:
		r.skipDepth++
	case tt == html.EndTagToken && name == r.skipTag:
		r.skipDepth--
		if r.skipDepth == 0 {
			r.skipTag = ""
		}
	}
}

// startTag reads an opening tag: inline content (images, line breaks), a
// part of the open block (a row, a cell, a list item), or a new block.
func (r *pageReader) startTag(tt html.TokenType, tok html.Token, line int) {
	name := tok.Data
	line = attrInt(tok, "data-line", line)
	switch name {
	case "script", "style":
		if tt == html.StartTagToken {
			r.skipTag, r.skipDepth = name, 1
		}
		return
	case "img":
		r.image(tok)
		return
	case "br":
		if r.Cell != nil {
			r.Cell.WriteString(" ")
		} else {
			r.Text.WriteString(" ")
		}
		return
	}
	if r.cur != nil {
		// A block-level tag ends an open paragraph or heading; any other
		// tag is a part of the open block.
		if !((r.cur.Kind == ParagraphBlock || r.cur.Kind == HeadingBlock) && blockTags[name]) {
			r.partOfBlock(tok, line)
			return
		}
		r.finish()
	}
	if name == "div" {
		if tt == html.StartTagToken && r.scoped {
			r.skipTag, r.skipDepth = "div", 1
		}
		return
	}
	r.openBlock(name, line)
}

// image writes an image's alt text where its text would stand: emoji are
// images on the page, and their alt text is the character ("must be one of
// “🎲”, “🎯”").
func (r *pageReader) image(tok html.Token) {
	for _, a := range tok.Attr {
		if a.Key != "alt" || r.cur == nil {
			continue
		}
		switch {
		case r.Cell != nil:
			r.Cell.WriteString(a.Val)
		case r.cur.Kind == ListBlock && len(r.cur.Items) > 0:
			r.cur.Items[len(r.cur.Items)-1].Text += a.Val
		default:
			r.Text.WriteString(a.Val)
		}
	}
}

// partOfBlock reads a tag inside the open block.
func (r *pageReader) partOfBlock(tok html.Token, line int) {
	name := tok.Data
	switch r.cur.Kind {
	case TableBlock:
		switch name {
		case "thead":
			r.inHeader = true
		case "tbody":
			r.inHeader = false
		case "tr":
			r.endRow()
			r.rowCells, r.rowLine = []string{}, line
			r.rowSrc = attrInt(tok, "data-cells", 0)
		case "th", "td":
			r.endCell()
			if name == "th" && r.cur.Table.Header == nil && len(r.cur.Table.Rows) == 0 {
				r.inHeader = true
			}
			r.Cell = &strings.Builder{}
		}
	case ListBlock:
		switch name {
		case "ul", "ol":
			r.listDepth++
			r.spaceItem()
		case "li":
			if r.listDepth == 1 {
				r.appendToItem(r.flushText())
				r.cur.Items = append(r.cur.Items, &Item{Line: line})
			} else {
				r.spaceItem()
			}
		}
	case QuoteBlock:
		if name == "blockquote" {
			r.depth++
		}
		if name == "p" {
			r.Text.WriteString(" ")
		}
	}
}

// openBlock starts a block at a block-level tag.
func (r *pageReader) openBlock(name string, line int) {
	switch name {
	case "h1", "h2", "h3", "h4", "h5", "h6":
		r.cur = &Block{Kind: HeadingBlock, Level: int(name[1] - '0'), Line: line}
	case "p":
		r.cur = &Block{Kind: ParagraphBlock, Line: line}
	case "table":
		r.cur = &Block{Kind: TableBlock, Line: line, Table: &Table{Line: line}}
		r.inHeader = false
	case "ul", "ol":
		r.cur = &Block{Kind: ListBlock, Line: line, Ordered: name == "ol"}
		r.listDepth = 1
	case "blockquote":
		r.cur = &Block{Kind: QuoteBlock, Line: line}
		r.depth = 1
	case "pre":
		r.cur = &Block{Kind: PreBlock, Line: line}
	default:
		return
	}
	r.curTag = name
}

// endTag reads a closing tag. It reports whether the content element
// closed, after which the rest of the page is the site's.
func (r *pageReader) endTag(name string) (contentEnded bool) {
	if r.cur == nil {
		if name == "div" && r.scoped {
			r.finish()
			return true
		}
		return false
	}
	switch r.cur.Kind {
	case TableBlock:
		switch name {
		case "th", "td":
			r.endCell()
		case "tr":
			r.endRow()
		case "table":
			r.endRow()
			r.finish()
		}
	case ListBlock:
		if name == "ul" || name == "ol" {
			r.listDepth--
			if r.listDepth == 0 {
				r.finish()
			} else {
				r.spaceItem() // the parent item's text may go on
			}
		}
	case QuoteBlock:
		if name == "blockquote" {
			r.depth--
			if r.depth == 0 {
				r.finish()
			}
		}
	default:
		if name == r.curTag {
			r.finish()
		}
	}
	return false
}

// textToken adds text to the open cell, list item or block; loose text
// between blocks is a paragraph of its own.
func (r *pageReader) textToken(s string, line int) {
	switch {
	case r.Cell != nil:
		r.Cell.WriteString(s)
	case r.cur == nil:
		if strings.TrimSpace(s) != "" {
			r.doc.Blocks = append(r.doc.Blocks, &Block{Kind: ParagraphBlock, Line: line, Text: CleanText(s)})
		}
	case r.cur.Kind == ListBlock && r.listDepth >= 1 && len(r.cur.Items) > 0:
		r.cur.Items[len(r.cur.Items)-1].Text += s
	default:
		r.Text.WriteString(s)
	}
}

// spaceItem separates what a nested list adds to the open item from the
// words before it: the item's text is one run of words, and a nested
// list's items are words of their own ("Seeds annuals perennials").
func (r *pageReader) spaceItem() {
	if n := len(r.cur.Items); n > 0 {
		r.cur.Items[n-1].Text += " "
	}
}

// flushText returns the text collected so far, cleaned, and empties it.
func (r *pageReader) flushText() string {
	s := CleanText(r.Text.String())
	r.Text.Reset()
	return s
}

// appendToItem adds text read after a nested list to the last list item.
func (r *pageReader) appendToItem(s string) {
	if s != "" && len(r.cur.Items) > 0 {
		last := r.cur.Items[len(r.cur.Items)-1]
		last.Text = strings.TrimSpace(last.Text + " " + s)
	}
}

// finish closes the open block and adds it to the document; an empty
// paragraph, quote or pre is dropped.
func (r *pageReader) finish() {
	cur := r.cur
	if cur == nil {
		return
	}
	switch cur.Kind {
	case HeadingBlock, ParagraphBlock, QuoteBlock, PreBlock:
		cur.Text = r.flushText()
		if cur.Text == "" && cur.Kind != HeadingBlock {
			r.cur = nil
			return
		}
		if cur.Kind == HeadingBlock && cur.Level == 1 && r.doc.Title == "" {
			r.doc.Title = cur.Text
		}
	case ListBlock:
		if r.Text.Len() > 0 {
			r.appendToItem(r.flushText())
		}
	}
	r.doc.Blocks = append(r.doc.Blocks, cur)
	r.cur, r.curTag, r.depth = nil, "", 0
}

// endCell closes the open table cell.
func (r *pageReader) endCell() {
	if r.Cell != nil {
		r.rowCells = append(r.rowCells, CleanText(r.Cell.String()))
		r.Cell = nil
	}
}

// endRow closes the open table row: the table's header, or one of its rows.
func (r *pageReader) endRow() {
	r.endCell()
	if r.cur == nil || r.cur.Table == nil || r.rowCells == nil {
		r.rowCells = nil
		return
	}
	if r.inHeader && r.cur.Table.Header == nil {
		r.cur.Table.Header = r.rowCells
	} else {
		n := len(r.rowCells)
		if r.rowSrc > 0 {
			n = r.rowSrc // GFM pads short rows and drops extra cells: the source's count
		}
		r.cur.Table.Rows = append(r.cur.Table.Rows, &Row{Cells: r.rowCells, Line: r.rowLine, SrcCells: n})
	}
	r.rowCells = nil
}

// cleanItems folds the white space of list items, which collect their
// text token by token.
func (d *Document) cleanItems() *Document {
	for _, b := range d.Blocks {
		if b.Kind == ListBlock {
			for _, it := range b.Items {
				it.Text = CleanText(it.Text)
			}
		}
	}
	return d
}

// attrInt is the integer value of the attribute key of tok, or def.
func attrInt(tok html.Token, key string, def int) int {
	for _, a := range tok.Attr {
		if a.Key == key {
			if n, err := strconv.Atoi(a.Val); err == nil && n > 0 {
				return n
			}
		}
	}
	return def
}
