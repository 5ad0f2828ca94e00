package document

import (
	"strconv"
	"strings"
	"testing"
)

// The fragments below are written for these tests.

// TestReadPageKeepsBlocksAndLines: the page front end keeps the content
// element's headings, paragraphs, lists and tables in order with the line
// each starts on, the title from before the content, and nothing of the
// site around it.
func TestReadPageKeepsBlocksAndLines(t *testing.T) {
	src := `<!DOCTYPE html>
<html><body>
<div class="nav"><p>Menu</p></div>
<h1>Garden API</h1>
<div id="dev_page_content">
<h3>Available types</h3>
<h4>Pot</h4>
<p>A pot for <img alt="🌱"> seedlings.</p>
<table><thead><tr><th>Field</th><th>Type</th></tr></thead>
<tbody><tr><td>size</td><td>Integer</td></tr>
<tr><td>color</td><td>String</td></tr></tbody></table>
<ul><li>first <em>item</em></li><li>second</li></ul>
</div>
<div class="footer"><p>Footer</p></div>
</body></html>`
	d := FromHTML([]byte(src))
	if d.Title != "Garden API" {
		t.Errorf("title %q, want Garden API", d.Title)
	}
	var got []string
	for _, b := range d.Blocks {
		switch b.Kind {
		case HeadingBlock:
			got = append(got, "h"+string(rune('0'+b.Level))+" "+b.Text)
		case ParagraphBlock:
			got = append(got, "p "+b.Text)
		case ListBlock:
			got = append(got, "ul "+strings.Join(b.ItemTexts(), " | "))
		case TableBlock:
			got = append(got, "table "+strings.Join(b.Table.Header, ",")+" @"+strconv.Itoa(b.Line))
			for _, r := range b.Table.Rows {
				got = append(got, "  row "+strings.Join(r.Cells, ","))
			}
		}
		if b.Kind != TableBlock {
			got[len(got)-1] += " @" + strconv.Itoa(b.Line)
		} else {
			for i, r := range b.Table.Rows {
				got[len(got)-len(b.Table.Rows)+i] += " @" + strconv.Itoa(r.Line)
			}
		}
	}
	want := []string{
		"h1 Garden API @4",
		"h3 Available types @6",
		"h4 Pot @7",
		"p A pot for 🌱 seedlings. @8",
		"table Field,Type @9",
		"  row size,Integer @10",
		"  row color,String @11",
		"ul first item | second @12",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestMarkdownTreeKeepsMarkdownLines: the Markdown front end gives h2 and
// h3 sections, and every block and table row the line it has in the
// Markdown source, so that an error can point at it.
func TestMarkdownTreeKeepsMarkdownLines(t *testing.T) {
	md := "# Garden API\n\n## Types\n\nSome prose.\n\n### Pot\n\n| Field | Type |\n|---|---|\n| size | Integer |\n| color | String |\n\n- one\n- two\n"
	html, err := RenderHTML([]byte(md))
	if err != nil {
		t.Fatal(err)
	}
	d, err := ReadTree(html)
	if err != nil {
		t.Fatal(err)
	}
	if d.Title != "Garden API" || len(d.Sections) != 1 || d.Sections[0].Title != "Types" {
		t.Fatalf("title %q, sections %d", d.Title, len(d.Sections))
	}
	types := d.Sections[0]
	if len(types.Blocks) != 1 || types.Blocks[0].Text != "Some prose." || types.Blocks[0].Line != 5 {
		t.Errorf("Types blocks: %+v", types.Blocks)
	}
	if len(types.Children) != 1 || types.Children[0].Path() != "Types / Pot" || types.Children[0].Line != 7 {
		t.Fatalf("Types children: %+v", types.Children)
	}
	pot := types.Children[0].Blocks
	if len(pot) != 2 || pot[0].Kind != TableBlock || pot[1].Kind != ListBlock {
		t.Fatalf("Pot blocks: %+v", pot)
	}
	rows := pot[0].Table.Rows
	if len(rows) != 2 || rows[0].Line != 11 || rows[1].Line != 12 || rows[1].Cell(0) != "color" || rows[1].Cell(5) != "" {
		t.Errorf("rows: %+v %+v", rows[0], rows[1])
	}
	if items := pot[1].Items; len(items) != 2 || items[1].Text != "two" || items[1].Line != 15 {
		t.Errorf("items: %+v", items)
	}
}

// TestPageNestedListTextIsSpaced is the defect where the page front end
// joined a nested list's text to its parent item with no space
// ("Seedsannualsperennials"): the words of a nested list stay words.
func TestPageNestedListTextIsSpaced(t *testing.T) {
	src := `<!DOCTYPE html><html><body><h1>Garden API</h1><div id="dev_page_content">
<h3>Plants</h3>
<ul><li>Seeds<ul><li>annuals</li><li>perennials</li></ul></li><li>Bulbs<ol><li>tulips</li></ol>and corms</li></ul>
</div></body></html>`
	d := FromHTML([]byte(src))
	var items []string
	for _, b := range d.Blocks {
		if b.Kind == ListBlock {
			items = append(items, b.ItemTexts()...)
		}
	}
	if want := []string{"Seeds annuals perennials", "Bulbs tulips and corms"}; strings.Join(items, " | ") != strings.Join(want, " | ") {
		t.Errorf("items %q, want %q", items, want)
	}
}
