package docs

import (
	"fmt"
	htmltemplate "html/template"
	"strings"
)

// The page template's hot loops (prose with links, the blocks of a page
// with their lists and tables, the sidebar's sections: thousands per run)
// are written here in Go and handed to the template as htmltemplate.HTML.
// Executing them as template actions cost most of the backend's time: every
// action is a reflect call plus html/template's contextual escaping. The
// escaping below is html/template's own, byte for byte, for the contexts
// these fragments use (element text, quoted attributes, an href, a URL
// fragment); TestHTMLFragmentsMatchTemplate renders hostile text both ways
// and compares.

// textHTML is a run of prose with links, in element-text context.
func textHTML(t Text) htmltemplate.HTML {
	var b strings.Builder
	writeText(&b, t)
	return htmltemplate.HTML(b.String())
}

// writeRows writes a table's rows, each on its own line.
func writeRows(b *strings.Builder, rows []*Row) {
	for _, r := range rows {
		b.WriteString("\n<tr")
		if r.ID != "" {
			b.WriteString(` id="`)
			writeEscaped(b, r.ID)
			b.WriteByte('"')
		}
		if r.Class != "" {
			b.WriteString(` class="`)
			writeEscaped(b, r.Class)
			b.WriteByte('"')
		}
		b.WriteByte('>')
		for _, c := range r.Cells {
			b.WriteString("<td>")
			writeCell(b, c)
			b.WriteString("</td>")
		}
		b.WriteString("</tr>")
	}
}

// blocksHTML is a page's blocks, each a <section> with its anchor, title,
// intro, list, example and table, in that order.
func blocksHTML(blocks []*Block) htmltemplate.HTML {
	var b strings.Builder
	for _, blk := range blocks {
		writeBlock(&b, blk)
	}
	return htmltemplate.HTML(b.String())
}

func writeBlock(b *strings.Builder, blk *Block) {
	b.WriteString("\n<section id=\"")
	writeEscaped(b, blk.ID)
	b.WriteString("\">\n<h2><a class=\"anchor\" href=\"#")
	writeEscaped(b, escapeURLPart(blk.ID))
	b.WriteString("\">")
	writeEscaped(b, blk.Title)
	b.WriteString("</a></h2>")
	if len(blk.Intro) > 0 {
		b.WriteString("\n<p>")
		writeText(b, blk.Intro)
		b.WriteString("</p>")
	}
	if len(blk.Items) > 0 {
		list := "ul"
		if blk.Ordered {
			list = "ol"
		}
		b.WriteString("\n<" + list + ">")
		for _, it := range blk.Items {
			b.WriteString("\n<li>")
			writeText(b, it)
			b.WriteString("</li>")
		}
		b.WriteString("\n</" + list + ">")
	}
	if blk.Code != "" {
		b.WriteString("\n<pre class=\"example\"><code class=\"language-")
		writeEscaped(b, blk.Lang)
		b.WriteString("\">")
		writeEscaped(b, blk.Code)
		b.WriteString("</code></pre>")
	}
	if t := blk.Table; t != nil {
		b.WriteString("\n<table>\n<thead><tr>")
		for _, h := range t.Head {
			b.WriteString("<th>")
			writeEscaped(b, h)
			b.WriteString("</th>")
		}
		b.WriteString("</tr></thead>\n<tbody>")
		writeRows(b, t.Rows)
		b.WriteString("\n</tbody>\n</table>")
	}
	b.WriteString("\n</section>")
}

// navHTML is the sidebar's list of sections, each on its own line, with
// page's own entry (a whole page, not an anchor in one) marked current.
func navHTML(nav []Link, page string) htmltemplate.HTML {
	var b strings.Builder
	for _, l := range nav {
		b.WriteString("\n<li")
		if l.Page == page && l.Frag == "" {
			b.WriteString(` class="current"`)
		}
		b.WriteString(`><a href="`)
		writeHref(&b, l)
		b.WriteString(`">`)
		writeEscaped(&b, l.Text)
		b.WriteString("</a></li>")
	}
	return htmltemplate.HTML(b.String())
}

func writeText(b *strings.Builder, t Text) {
	for _, l := range t {
		if !l.linked() {
			writeEscaped(b, l.Text)
			continue
		}
		b.WriteString(`<a href="`)
		writeHref(b, l)
		b.WriteString(`">`)
		writeEscaped(b, l.Text)
		b.WriteString("</a>")
	}
}

func writeCell(b *strings.Builder, c Cell) {
	if c.Code {
		b.WriteString("<code>")
		writeText(b, c.Text)
		b.WriteString("</code>")
	} else {
		writeText(b, c.Text)
	}
	for _, bd := range c.Badges {
		if !bd.linked() {
			b.WriteString(` <span class="badge">`)
			writeEscaped(b, bd.Text)
			b.WriteString("</span>")
			continue
		}
		b.WriteString(` <a class="badge" href="`)
		writeHref(b, bd)
		b.WriteString(`">`)
		writeEscaped(b, bd.Text)
		b.WriteString("</a>")
	}
}

// htmlReplacement is html/template's escaping of text and of quoted
// attribute values (its htmlReplacementTable): NUL, quotes, '&', '+', '<'
// and '>'.
var htmlReplacement = [...]string{
	0:    "\uFFFD",
	'"':  "&#34;",
	'&':  "&amp;",
	'\'': "&#39;",
	'+':  "&#43;",
	'<':  "&lt;",
	'>':  "&gt;",
}

// writeEscaped writes s escaped for element text or a quoted attribute.
// Bytes from 0x80 up (UTF-8, or invalid) are never replaced, so a byte loop
// does what html/template's rune loop does.
func writeEscaped(b *strings.Builder, s string) {
	written := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if int(c) >= len(htmlReplacement) || htmlReplacement[c] == "" {
			continue
		}
		b.WriteString(s[written:i])
		b.WriteString(htmlReplacement[c])
		written = i + 1
	}
	b.WriteString(s[written:])
}

// writeHref writes the link's URL as the value of an href attribute, as
// html/template does: an unsafe scheme becomes "#ZgotmplZ", bytes outside
// URLs are percent-encoded (valid escapes kept), then the result is
// attribute-escaped.
func writeHref(b *strings.Builder, l Link) {
	u := href(l)
	if !safeURL(u) {
		b.WriteString("#ZgotmplZ")
		return
	}
	writeEscaped(b, percentEncode(u, normalizerKeeps))
}

// escapeURLPart is html/template's escaping of a value in a URL's query or
// fragment: every byte but the unreserved ones is percent-encoded.
func escapeURLPart(s string) string { return percentEncode(s, unreserved) }

// safeURL is html/template's isSafeURL: no scheme, or http, https, mailto.
func safeURL(s string) bool {
	if protocol, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(protocol, "/") {
		return strings.EqualFold(protocol, "http") || strings.EqualFold(protocol, "https") || strings.EqualFold(protocol, "mailto")
	}
	return true
}

// percentEncode writes every byte of s that keep refuses as %xx, as
// html/template's URL escapers do.
func percentEncode(s string, keep func(s string, i int) bool) string {
	var b strings.Builder
	written := 0
	for i := 0; i < len(s); i++ {
		if keep(s, i) {
			continue
		}
		b.WriteString(s[written:i])
		fmt.Fprintf(&b, "%%%02x", s[i])
		written = i + 1
	}
	if written == 0 {
		return s
	}
	b.WriteString(s[written:])
	return b.String()
}

// unreserved: RFC 3986's unreserved bytes, which no URL escaping changes.
func unreserved(s string, i int) bool {
	c := s[i]
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0
}

// normalizerKeeps: html/template's URL normalizer keeps unreserved and
// reserved bytes, and valid %XX escapes.
func normalizerKeeps(s string, i int) bool {
	switch c := s[i]; {
	case unreserved(s, i):
		return true
	case c == '%':
		return i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])
	default:
		return strings.IndexByte("!#$&*+,/:;=?@[]", c) >= 0
	}
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// MaxSidebarLinks is the most entries (methods, objects, unions and enums)
// a site lists in full in every page's sidebar. Every page carrying every
// entry makes the site grow with the square of the document (the 5.0
// document multiplied ten times gave 104 MB of docs, fifty times about
// 2.5 GB); past the bound each page's sidebar shows SidebarWindow entries
// of its own group around itself, and the other groups whole when they fit
// in that window, else as a link to their full list on the index page, so
// that the site grows with the document. The seed (about 130
// entries) stays under the bound; the published 9.0 page (about 440) is over it.
const MaxSidebarLinks = 256

// SidebarWindow is how many entries of its own group a page's sidebar shows
// on a site over MaxSidebarLinks: the page itself and its neighbours.
const SidebarWindow = 40

// sidebarLinks counts the sidebar's entries.
func sidebarLinks(site *Site) int {
	n := 0
	for _, g := range site.NavGroups {
		n += len(g.Links)
	}
	return n
}

// windowedGroups is the sidebar's groups on a site over MaxSidebarLinks, in
// the markup of the "groups" template: page's own group open with a window
// of SidebarWindow entries around page (the earlier and later ones a link
// to the group's full list on the index page), every other group closed,
// listed whole when it fits in the window and as that link alone when not.
// at is where each page stands in groups (navPositions): looking it up by
// scanning the groups would cost the whole sidebar again on every page.
//
// sizeHint is the length of another page's window (0: none): windows are
// about the same length, and growing the builder by doubling allocated two
// to three times the window for every page of a large site.
func windowedGroups(groups []NavGroup, at map[string]navPosition, page string, sizeHint int) htmltemplate.HTML {
	var b strings.Builder
	b.Grow(sizeHint + sizeHint/8)
	pos, inGroup := at[page]
	for gi, g := range groups {
		cur := -1
		if inGroup && pos.group == gi {
			cur = pos.index
		}
		b.WriteString("\n<details class=\"group\"")
		if cur >= 0 {
			b.WriteString(" open")
		}
		b.WriteString(">\n<summary>")
		writeEscaped(&b, g.Title)
		fmt.Fprintf(&b, " <span class=\"count\">%d</span></summary>\n<ul>", len(g.Links))
		more := func(text string) {
			b.WriteString("\n<li class=\"more\"><a href=\"")
			writeHref(&b, g.All)
			b.WriteString("\">")
			writeEscaped(&b, text)
			b.WriteString("</a></li>")
		}
		if cur < 0 && len(g.Links) > SidebarWindow {
			more(fmt.Sprintf("All %d on the index page", len(g.Links)))
			b.WriteString("\n</ul>\n</details>")
			continue
		}
		// A group that fits in the window is listed whole.
		lo := max(0, min(cur-SidebarWindow/2, len(g.Links)-SidebarWindow))
		hi := min(len(g.Links), lo+SidebarWindow)
		if lo > 0 {
			more(fmt.Sprintf("… %d before", lo))
		}
		for i, l := range g.Links[lo:hi] {
			b.WriteString("\n<li")
			if lo+i == cur {
				b.WriteString(` class="current"`)
			}
			b.WriteString(`><a href="`)
			writeHref(&b, l)
			b.WriteString(`">`)
			writeEscaped(&b, l.Text)
			b.WriteString("</a></li>")
		}
		if hi < len(g.Links) {
			more(fmt.Sprintf("… %d after", len(g.Links)-hi))
		}
		b.WriteString("\n</ul>\n</details>")
	}
	return htmltemplate.HTML(b.String())
}

// navPosition is a page's place in the sidebar: its group and its index there.
type navPosition struct{ group, index int }

// navPositions maps each page listed in groups to its first place there.
func navPositions(groups []NavGroup) map[string]navPosition {
	at := map[string]navPosition{}
	for gi, g := range groups {
		for i, l := range g.Links {
			if _, seen := at[l.Page]; !seen && l.Frag == "" {
				at[l.Page] = navPosition{gi, i}
			}
		}
	}
	return at
}
