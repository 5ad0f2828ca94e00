package docs

import (
	htmltemplate "html/template"
	"strconv"
	"strings"
	"sync"
	texttemplate "text/template"

	"github.com/apigen/apigen/templates"
)

// href is the relative URL of a link in the HTML site (all pages are in one
// directory).
func href(l Link) string {
	if l.URL != "" {
		return l.URL
	}
	u := l.Page + ".html"
	if l.Frag != "" {
		u += "#" + l.Frag
	}
	return u
}

// mdID is the anchor of a page, or of an anchor inside it, in the Markdown
// reference (which holds every page).
func mdID(page, frag string) string {
	if frag == "" {
		return page
	}
	return page + "." + frag
}

var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", `*`, `\*`, `[`, `\[`, `]`, `\]`, `<`, `&lt;`, `>`, `&gt;`,
	`&`, `&amp;`, `|`, `\|`, `~`, `\~`, "\r\n", " ", "\n", " ",
)

// mdSpecial lists the bytes mdEscape may change.
const mdSpecial = "\\`*[]<>&|~\r\n_"

// mdEscape escapes s for Markdown text (safe in table cells too). An
// underscore is escaped only where it could start or end emphasis, so that
// identifiers like file_id stay readable in the source.
func mdEscape(s string) string {
	if !strings.ContainsAny(s, mdSpecial) {
		return s // most text: nothing to escape, and no Replacer pass
	}
	s = mdEscaper.Replace(s)
	if !strings.Contains(s, "_") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '_' {
			inWord := i > 0 && i+1 < len(s) && alnum(s[i-1]) && alnum(s[i+1])
			if !inWord {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func alnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// mdCodeEscaper keeps a code span inside its table cell and line (built
// once: building a Replacer per call cost more than the rest of mdCode).
var mdCodeEscaper = strings.NewReplacer("|", `\|`, "\n", " ")

// mdCode writes s as a code span that is safe in a table cell.
func mdCode(s string) string {
	if s == "" {
		return ""
	}
	s = mdCodeEscaper.Replace(s)
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

func mdLink(text string, l Link) string {
	if l.URL != "" {
		return "[" + text + "](" + l.URL + ")"
	}
	return "[" + text + "](#" + mdID(l.Page, l.Frag) + ")"
}

func mdText(t Text) string {
	var b strings.Builder
	for _, l := range t {
		if l.linked() {
			b.WriteString(mdLink(mdEscape(l.Text), l))
		} else {
			b.WriteString(mdEscape(l.Text))
		}
	}
	return b.String()
}

func mdBadge(l Link) string {
	if !l.linked() {
		return "_" + mdEscape(l.Text) + "_"
	}
	return "_" + mdLink(mdEscape(l.Text), l) + "_"
}

// mdBlocks writes a page's blocks: each an anchor and a heading, then its
// intro, list, example and table, each after a blank line. (Template
// actions here cost more than the rest of the Markdown reference.)
func mdBlocks(p *Page) string {
	var b strings.Builder
	for _, blk := range p.Blocks {
		b.WriteString("\n\n<a id=\"" + mdID(p.ID, blk.ID) + "\"></a>\n### " + mdEscape(blk.Title))
		if len(blk.Intro) > 0 {
			b.WriteString("\n\n" + mdText(blk.Intro))
		}
		if len(blk.Items) > 0 {
			b.WriteString("\n")
			for i, it := range blk.Items {
				marker := "-"
				if blk.Ordered {
					marker = strconv.Itoa(i+1) + "."
				}
				b.WriteString("\n" + marker + " " + mdText(it))
			}
		}
		if blk.Code != "" {
			b.WriteString("\n\n```" + blk.Lang + "\n" + blk.Code + "\n```")
		}
		if t := blk.Table; t != nil {
			b.WriteString("\n\n|")
			for _, h := range t.Head {
				b.WriteString(" " + mdEscape(h) + " |")
			}
			b.WriteString("\n|" + strings.Repeat("---|", len(t.Head)))
			writeMDRows(&b, p.ID, t.Rows)
		}
	}
	return b.String()
}

// writeMDRows writes a table's rows of page, each on its own line; a row
// with an ID gets an anchor in its first cell.
func writeMDRows(b *strings.Builder, page string, rows []*Row) {
	for _, r := range rows {
		b.WriteString("\n|")
		for i, c := range r.Cells {
			b.WriteByte(' ')
			if i == 0 && r.ID != "" {
				b.WriteString(`<a id="` + mdID(page, r.ID) + `"></a>`)
			}
			writeMDCell(b, c)
			b.WriteString(" |")
		}
	}
}

// writeMDCell writes one table cell: code spans (linked per name when the
// cell holds links), prose, then badges.
func writeMDCell(b *strings.Builder, c Cell) {
	start := b.Len()
	linked := false
	for _, l := range c.Text {
		linked = linked || l.linked()
	}
	switch {
	case c.Code && !linked:
		b.WriteString(mdCode(c.Text.String()))
	case c.Code:
		for _, l := range c.Text {
			switch {
			case l.linked():
				b.WriteString(mdLink(mdCode(l.Text), l))
			case strings.TrimSpace(l.Text) == "":
				b.WriteString(l.Text)
			default:
				// Separators between linked names ("Array of ", ", ") stay prose.
				b.WriteString(mdEscape(l.Text))
			}
		}
	default:
		b.WriteString(mdText(c.Text))
	}
	for _, bd := range c.Badges {
		if b.Len() > start {
			b.WriteString(" ")
		}
		b.WriteString(mdBadge(bd))
	}
}

type tmpls struct {
	page *htmltemplate.Template
	md   *texttemplate.Template
}

var loadTemplates = sync.OnceValues(func() (*tmpls, error) {
	page, err := htmltemplate.New("page.html.tmpl").Funcs(htmltemplate.FuncMap{"href": href, "text": textHTML, "blocks": blocksHTML, "nav": navHTML}).
		ParseFS(templates.FS, "page.html.tmpl")
	if err != nil {
		return nil, err
	}
	md, err := texttemplate.New("reference.md.tmpl").Funcs(texttemplate.FuncMap{
		"md":       mdEscape,
		"mdtext":   mdText,
		"mdblocks": mdBlocks,
		"mdbadge":  mdBadge,
	}).ParseFS(templates.FS, "reference.md.tmpl")
	if err != nil {
		return nil, err
	}
	return &tmpls{page: page, md: md}, nil
})
