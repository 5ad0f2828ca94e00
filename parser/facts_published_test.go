package parser_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/schema"
)

// TestPublishedPageFacts lists every length, range, item count, enum,
// default and pattern the reader draws from each published page, one
// "owner.field: fact" line each, and compares the list with
// testdata/facts/bot-api-<version>.txt: the reviewed reading (the page's
// text is not committed, only the facts read from it). With -v each fact
// is logged next to the sentence of the page it came from, read from the
// page beside the checkout at run time, so a reviewer sees both; -update
// rewrites the lists after a change that is meant.
func TestPublishedPageFacts(t *testing.T) {
	for _, v := range []string{"6.3", "7.10", "9.0"} {
		t.Run(v, func(t *testing.T) {
			page := readGzip(t, filepath.Join(publishedDir, "bot-api-"+v+".html.gz"))
			s, err := parser.Parse(page, parser.Options{Name: "bot-api-" + v + ".html"})
			if err != nil {
				t.Fatal(err)
			}
			facts := pageFacts(s)
			cells := pageCells(t, page)
			var got bytes.Buffer
			for _, f := range facts {
				fmt.Fprintln(&got, f.line)
				t.Logf("%s\n\t<- %s", f.line, sentenceOf(cells[f.key], f.hints))
			}
			path := filepath.Join("testdata", "facts", "bot-api-"+v+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it, then review it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("the facts read from the %s page differ from %s (review, then -update):\n%s", v, path, lineDiff(string(want), got.String()))
			}
		})
	}
}

// pageFact is one line of the list: where, what, and the words that find
// the sentence it came from.
type pageFact struct {
	key   string // owner.field
	line  string
	hints []string
}

func pageFacts(s *schema.Schema) []pageFact {
	var out []pageFact
	add := func(owner string, fields []*schema.Field) {
		for _, f := range fields {
			if f.Constraints == nil {
				continue
			}
			key := owner + "." + f.Name
			for _, fact := range constraintFacts(s, "", f.Constraints) {
				out = append(out, pageFact{key: key, line: key + ": " + fact.text, hints: fact.hints})
			}
		}
	}
	for _, o := range s.Objects {
		add(o.Name, o.Fields)
	}
	for _, m := range s.Methods {
		add(m.Name, m.Params)
	}
	return out
}

type factText struct {
	text  string
	hints []string
}

func constraintFacts(s *schema.Schema, prefix string, c *schema.Constraints) []factText {
	var out []factText
	num := func(f *float64) string { return strconv.FormatFloat(*f, 'f', -1, 64) }
	hintsOf := func(b *schema.Bounds) []string {
		var h []string
		if b.Max != nil {
			h = append(h, num(b.Max))
		}
		if b.Min != nil {
			h = append(h, num(b.Min))
		}
		return h
	}
	if l := c.Length; l != nil {
		b := &schema.Bounds{}
		if l.Min != nil {
			v := float64(*l.Min)
			b.Min = &v
		}
		if l.Max != nil {
			v := float64(*l.Max)
			b.Max = &v
		}
		text := prefix + "length " + b.Text() + " " + l.Unit
		if l.AfterEntityParsing {
			text += " after entity parsing"
		}
		out = append(out, factText{text, append(hintsOf(b), l.Unit)})
	}
	if c.MaxLineFeeds != nil {
		out = append(out, factText{prefix + "line feeds at most " + strconv.Itoa(*c.MaxLineFeeds), []string{"line feed"}})
	}
	if c.Range != nil {
		text := prefix + "range " + c.Range.Text()
		if c.Unit != "" {
			text += " " + c.Unit
		}
		out = append(out, factText{text, hintsOf(c.Range)})
	}
	if c.Items != nil {
		out = append(out, factText{prefix + "items " + c.Items.Text(), hintsOf(c.Items)})
	}
	if len(c.Values) > 0 {
		var vals []string
		for _, v := range c.Values {
			vals = append(vals, strconv.FormatInt(v, 10))
		}
		out = append(out, factText{prefix + "values [" + strings.Join(vals, " ") + "]", vals})
	}
	if l := c.TotalLength; l != nil {
		b := l.Bounds()
		out = append(out, factText{prefix + "total length " + b.Text() + " " + l.Unit, append(hintsOf(b), "total length")})
	}
	if c.Ahead != nil {
		out = append(out, factText{prefix + "ahead " + c.Ahead.Text() + " seconds", hintsOf(c.Ahead)})
	}
	if c.Enum != "" {
		var vals []string
		if e := s.Enum(c.Enum); e != nil {
			for _, v := range e.Values {
				vals = append(vals, v.Value)
			}
		}
		out = append(out, factText{prefix + "enum " + c.Enum + " [" + strings.Join(vals, " ") + "]", vals})
	}
	if c.Default != nil {
		d := fmt.Sprint(c.Default)
		out = append(out, factText{prefix + "default " + d, []string{"efault", d}})
	}
	if c.Pattern != "" {
		out = append(out, factText{prefix + "pattern " + c.Pattern, []string{"only", "allowed"}})
	}
	if c.Each != nil {
		out = append(out, constraintFacts(s, prefix+"each ", c.Each)...)
	}
	return out
}

// pageCells reads the description cell of every row of the page's field
// and parameter tables, by "entry.name" (the h4 heading before the table).
func pageCells(t *testing.T, page []byte) map[string]string {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	cells := map[string]string{}
	entry := ""
	doc.Find("h4, table").Each(func(_ int, sel *goquery.Selection) {
		if goquery.NodeName(sel) == "h4" {
			entry = strings.TrimSpace(sel.Text())
			return
		}
		sel.Find("tbody tr").Each(func(_ int, tr *goquery.Selection) {
			tds := tr.Find("td")
			if tds.Length() < 3 {
				return
			}
			last := tds.Last()
			last.Find("img").Each(func(_ int, img *goquery.Selection) {
				alt, _ := img.Attr("alt")
				img.ReplaceWithHtml(alt)
			})
			cells[entry+"."+strings.TrimSpace(tds.First().Text())] = strings.Join(strings.Fields(last.Text()), " ")
		})
	})
	return cells
}

var reSentenceEnd = regexp.MustCompile(`[.;]\s+`)

// sentenceOf picks the sentence of a cell that holds the first hint found.
func sentenceOf(cell string, hints []string) string {
	sents := reSentenceEnd.Split(cell, -1)
	for _, h := range hints {
		for _, s := range sents {
			if h != "" && strings.Contains(s, h) {
				return s
			}
		}
	}
	return cell
}

// lineDiff lists the lines only one side has.
func lineDiff(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var out []string
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			out = append(out, "- "+l)
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}
