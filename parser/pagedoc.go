package parser

import (
	"bytes"
	"io"
	"strings"

	"golang.org/x/net/html"
)

// This file reads the platform's published reference page into a flat list
// of blocks (headings, paragraphs, tables, lists, quotes) with the line each
// starts on. The page is one long run of h3 sections and h4 entries; unlike
// the seed layout it has no h2, and what belongs to an entry is everything
// up to the next heading, so a flat list is the natural shape. The page's
// HTML leaves some elements implicitly closed (a <table> inside a <p>), so
// the reader closes an open paragraph at any block-level tag, as a browser
// does.

// pageBlockKind is the kind of one block of the page.
type pageBlockKind int

const (
	pageHeading pageBlockKind = iota
	pageParagraph
	pageTable
	pageList
	pageQuote
	pagePre
)

// pageBlock is one block of the published page.
type pageBlock struct {
	kind  pageBlockKind
	level int // heading level
	line  int
	text  string   // heading, paragraph, quote or pre text
	items []string // list items
	table *table   // header and rows
	// ordered marks an <ol> list.
	ordered bool
}

// pageDoc is the published page as blocks.
type pageDoc struct {
	title  string
	blocks []*pageBlock
}

// blockTags are the tags that start a block of their own.
var blockTags = map[string]bool{
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"p": true, "table": true, "ul": true, "ol": true, "blockquote": true, "pre": true,
	"div": true, "hr": true,
}

// readPageDoc tokenises the page. It starts at the element with id
// "dev_page_content" when there is one (the page's own content, without the
// site's navigation and footer), else at the body.
func readPageDoc(src []byte) *pageDoc {
	d := &pageDoc{}
	start := bytes.Index(src, []byte(`id="dev_page_content"`))
	scoped := start >= 0
	z := html.NewTokenizer(bytes.NewReader(src))
	line := 1
	var (
		cur       *pageBlock
		curTag    string
		depth     int // nesting of curTag inside cur
		text      strings.Builder
		rowCells  []string
		cell      *strings.Builder
		inHeader  bool
		listDepth int
		skipTag   string // an element whose content is not text (script, style, nested div)
		skipDepth int
		inContent = !scoped
		rowLine   int
		offset    int
	)
	flushText := func() string { s := cleanText(text.String()); text.Reset(); return s }
	finish := func() {
		if cur == nil {
			return
		}
		switch cur.kind {
		case pageHeading, pageParagraph, pageQuote, pagePre:
			cur.text = flushText()
			if cur.text == "" && cur.kind != pageHeading {
				cur = nil
				return
			}
			if cur.kind == pageHeading && cur.level == 1 && d.title == "" {
				d.title = cur.text
			}
		case pageList:
			if text.Len() > 0 {
				if s := flushText(); s != "" && len(cur.items) > 0 {
					cur.items[len(cur.items)-1] = strings.TrimSpace(cur.items[len(cur.items)-1] + " " + s)
				}
			}
		}
		d.blocks = append(d.blocks, cur)
		cur, curTag, depth = nil, "", 0
	}
	endCell := func() {
		if cell != nil {
			rowCells = append(rowCells, cleanText(cell.String()))
			cell = nil
		}
	}
	endRow := func() {
		endCell()
		if cur == nil || cur.table == nil || rowCells == nil {
			rowCells = nil
			return
		}
		if inHeader && cur.table.header == nil {
			cur.table.header = rowCells
		} else {
			cur.table.rows = append(cur.table.rows, &row{cells: rowCells, line: rowLine, srcCells: len(rowCells)})
		}
		rowCells = nil
	}
	for {
		tt := z.Next()
		raw := z.Raw()
		tokLine := line
		line += bytes.Count(raw, []byte{'\n'})
		offset += len(raw)
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				break
			}
			finish()
			break
		}
		tok := z.Token()
		if !inContent {
			if scoped && tt == html.StartTagToken && offset > start && tok.Data == "div" {
				inContent = true
			} else if tt == html.StartTagToken && tok.Data == "h1" {
				// The title stands before the content element.
				cur = &pageBlock{kind: pageHeading, level: 1, line: tokLine}
				curTag = "h1"
			} else if tt == html.EndTagToken && tok.Data == "h1" && cur != nil {
				finish()
			} else if tt == html.TextToken && cur != nil {
				text.WriteString(tok.Data)
			}
			continue
		}
		if skipTag != "" {
			switch {
			case tt == html.StartTagToken && tok.Data == skipTag:
				skipDepth++
			case tt == html.EndTagToken && tok.Data == skipTag:
				skipDepth--
				if skipDepth == 0 {
					skipTag = ""
				}
			}
			continue
		}
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name := tok.Data
			if name == "script" || name == "style" {
				if tt == html.StartTagToken {
					skipTag, skipDepth = name, 1
				}
				continue
			}
			if name == "img" {
				// Emoji are images on the page; their alt text is the
				// character ("must be one of “🎲”, “🎯”").
				for _, a := range tok.Attr {
					if a.Key == "alt" && cur != nil {
						switch {
						case cell != nil:
							cell.WriteString(a.Val)
						case cur.kind == pageList && len(cur.items) > 0:
							cur.items[len(cur.items)-1] += a.Val
						default:
							text.WriteString(a.Val)
						}
					}
				}
				continue
			}
			if name == "br" {
				if cell != nil {
					cell.WriteString(" ")
				} else {
					text.WriteString(" ")
				}
				continue
			}
			if cur != nil {
				// A block-level tag ends an open paragraph or heading.
				if (cur.kind == pageParagraph || cur.kind == pageHeading) && blockTags[name] {
					finish()
				} else {
					switch cur.kind {
					case pageTable:
						switch name {
						case "thead":
							inHeader = true
						case "tbody":
							inHeader = false
						case "tr":
							endRow()
							rowCells, rowLine = []string{}, tokLine
						case "th", "td":
							endCell()
							if name == "th" && cur.table.header == nil && len(cur.table.rows) == 0 {
								inHeader = true
							}
							cell = &strings.Builder{}
						}
					case pageList:
						switch name {
						case "ul", "ol":
							listDepth++
						case "li":
							if listDepth == 1 {
								if s := flushText(); s != "" && len(cur.items) > 0 {
									cur.items[len(cur.items)-1] = strings.TrimSpace(cur.items[len(cur.items)-1] + " " + s)
								}
								cur.items = append(cur.items, "")
							}
						}
					case pageQuote:
						if name == "blockquote" {
							depth++
						}
						if name == "p" {
							text.WriteString(" ")
						}
					case pagePre:
					}
					continue
				}
			}
			if name == "div" {
				if tt == html.StartTagToken {
					skipTag, skipDepth = "div", 1
				}
				continue
			}
			switch name {
			case "h1", "h2", "h3", "h4", "h5", "h6":
				cur = &pageBlock{kind: pageHeading, level: int(name[1] - '0'), line: tokLine}
			case "p":
				cur = &pageBlock{kind: pageParagraph, line: tokLine}
			case "table":
				cur = &pageBlock{kind: pageTable, line: tokLine, table: &table{line: tokLine}}
				inHeader = false
			case "ul", "ol":
				cur = &pageBlock{kind: pageList, line: tokLine, ordered: name == "ol"}
				listDepth = 1
			case "blockquote":
				cur = &pageBlock{kind: pageQuote, line: tokLine}
				depth = 1
			case "pre":
				cur = &pageBlock{kind: pagePre, line: tokLine}
			default:
				continue
			}
			curTag = name
		case html.EndTagToken:
			name := tok.Data
			if cur == nil {
				if name == "div" {
					if scoped {
						// The content element closed: the rest is the site's.
						finish()
						return d.cleanItems()
					}
				}
				continue
			}
			switch cur.kind {
			case pageTable:
				switch name {
				case "th", "td":
					endCell()
				case "tr":
					endRow()
				case "table":
					endRow()
					finish()
				}
			case pageList:
				if name == "ul" || name == "ol" {
					listDepth--
					if listDepth == 0 {
						finish()
					}
				}
			case pageQuote:
				if name == "blockquote" {
					depth--
					if depth == 0 {
						finish()
					}
				}
			default:
				if name == curTag {
					finish()
				}
			}
		case html.TextToken:
			if cell != nil {
				cell.WriteString(tok.Data)
				continue
			}
			if cur == nil {
				if strings.TrimSpace(tok.Data) != "" {
					// Loose text between blocks is a paragraph of its own.
					d.blocks = append(d.blocks, &pageBlock{kind: pageParagraph, line: tokLine, text: cleanText(tok.Data)})
				}
				continue
			}
			if cur.kind == pageList && listDepth >= 1 && len(cur.items) > 0 {
				cur.items[len(cur.items)-1] += tok.Data
				continue
			}
			text.WriteString(tok.Data)
		}
	}
	return d.cleanItems()
}

// cleanItems folds the white space of list items, which collect their
// text token by token.
func (d *pageDoc) cleanItems() *pageDoc {
	for _, b := range d.blocks {
		if b.kind == pageList {
			for i, it := range b.items {
				b.items[i] = cleanText(it)
			}
		}
	}
	return d
}
