// Package docs is apigen's reference-docs backend. From the schema alone it
// renders a single-file Markdown reference (reference.md, with anchors) and a
// static HTML site: index.html, one page per method, object, union and enum,
// one page per guide section of the document (request rules, authentication,
// formatting, events, errors, limits, states, versions), a stylesheet and an
// offline search box whose index is generated here (search-index.js).
//
// The view models are computed in Go (site.go); the templates in the
// templates package only lay them out. Output is deterministic.
package docs

import (
	"bytes"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"sort"
	"strings"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/templates"
)

// Name is the backend's name for --only.
const Name = "docs"

// schemaFile is the YAML schema shipped with the site, linked from every
// page's header.
const schemaFile = "schema.yaml"

// Static files copied from the templates package as they are.
var staticFiles = []string{"style.css", "search.js"}

// Backend is the docs backend.
var Backend = generators.Backend{Name: Name, Kind: generators.Docs, Generate: Generate}

// Generate renders the reference docs of the model's schema.
func Generate(m *gomodel.Model, opts generators.Options) ([]output.File, error) {
	s := m.Schema
	t, err := loadTemplates()
	if err != nil {
		return nil, fmt.Errorf("docs templates: %w", err)
	}
	site := buildSite(m, opts.ImportPath)
	pages := append([]*Page{site.Index}, site.Pages...)
	seen := map[string]string{}
	for _, p := range pages {
		key := strings.ToLower(p.ID)
		if other, dup := seen[key]; dup {
			return nil, fmt.Errorf("pages %q and %q would be written to the same file", other, p.ID)
		}
		seen[key] = p.ID
	}

	// The sidebar's lists of every method, object, union and enum are the
	// same on every page but for the current entry: render them once and
	// mark the entry per page (rendering them on each page tripled the
	// backend's time and memory).
	// A large site's pages carry a window of the sidebar instead
	// (windowedGroups), or the site would grow with the square of the
	// document.
	var groups string
	var at map[string]navPosition
	windowed := sidebarLinks(site) > MaxSidebarLinks
	if windowed {
		at = navPositions(site.NavGroups)
	} else {
		var buf bytes.Buffer
		if err := t.page.ExecuteTemplate(&buf, "groups", site); err != nil {
			return nil, fmt.Errorf("sidebar: %w", err)
		}
		groups = buf.String()
	}
	var files []output.File
	sideHint := 0 // the length of the previous page's window
	var page bytes.Buffer
	for _, p := range pages {
		var side htmltemplate.HTML
		if windowed {
			side = windowedGroups(site.NavGroups, at, p.ID, sideHint)
			sideHint = len(side)
		} else {
			side = currentInGroups(groups, p.ID)
		}
		// Every page is written into one buffer, which grows to the
		// largest page once, and copied out at its size: a buffer per
		// page regrew by doubling, and the files keep their slices
		// until the end of the run.
		page.Reset()
		if err := t.page.Execute(&page, struct {
			Site   *Site
			Page   *Page
			Groups htmltemplate.HTML
		}{site, p, side}); err != nil {
			return nil, fmt.Errorf("page %s: %w", p.ID, err)
		}
		files = append(files, output.File{Path: p.ID + ".html", Data: bytes.Clone(page.Bytes())})
	}

	var md bytes.Buffer
	if err := t.md.Execute(&md, struct{ Site *Site }{site}); err != nil {
		return nil, fmt.Errorf("reference.md: %w", err)
	}
	files = append(files, output.File{Path: "reference.md", Data: tidyMarkdown("<!-- "+output.GeneratedMarker+" -->\n", md.Bytes())})

	idx, err := searchIndex(pages, opts.Source)
	if err != nil {
		return nil, err
	}
	files = append(files, output.File{Path: "search-index.js", Data: idx})

	y, err := schema.Marshal(s)
	if err != nil {
		return nil, err
	}
	files = append(files, output.File{Path: schemaFile, Data: y})

	for _, name := range staticFiles {
		data, err := templates.FS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		files = append(files, output.File{Path: name, Data: data})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// currentInGroups marks page's entry of the rendered sidebar groups as
// current and opens its group.
func currentInGroups(groups, page string) htmltemplate.HTML {
	entry := `<li><a href="` + href(Link{Page: page}) + `">`
	i := strings.Index(groups, entry)
	if i < 0 {
		return htmltemplate.HTML(groups) // a guide page: no entry
	}
	const group = `<details class="group">`
	g := strings.LastIndex(groups[:i], group)
	var b strings.Builder
	b.Grow(len(groups) + 32)
	b.WriteString(groups[:g])
	b.WriteString(`<details class="group" open>`)
	b.WriteString(groups[g+len(group) : i])
	b.WriteString(`<li class="current"><a href="` + href(Link{Page: page}) + `">`)
	b.WriteString(groups[i+len(entry):])
	return htmltemplate.HTML(b.String())
}

// tidyMarkdown returns head followed by b with trailing spaces trimmed and
// at most one blank line in a row, so that template whitespace never shows
// in the output. It copies b once, into a slice of its final size:
// reference.md is the largest file of the docs (1 MB on the newest
// published page), and splitting it into lines and joining them again
// cost five copies.
func tidyMarkdown(head string, b []byte) []byte {
	b = bytes.TrimSpace(b)
	out := make([]byte, 0, len(head)+len(b)+1)
	out = append(out, head...)
	blank := false
	for {
		ln, rest, more := bytes.Cut(b, []byte("\n"))
		ln = bytes.TrimRight(ln, " \t")
		if len(ln) > 0 || !blank {
			out = append(append(out, ln...), '\n')
		}
		blank = len(ln) == 0
		if !more {
			return out
		}
		b = rest
	}
}

// searchEntry is one entry of the offline search index.
type searchEntry struct {
	Text string `json:"t"`
	Kind string `json:"k"`
	Href string `json:"h"`
	Desc string `json:"d,omitempty"`
}

// searchIndex writes search-index.js: every page, field, parameter and enum
// value, as a global the search box reads (a script, not a fetched JSON
// file, so that the site also works from file://).
func searchIndex(pages []*Page, source string) ([]byte, error) {
	var entries []searchEntry
	for _, p := range pages {
		if p.ID == pageIndex {
			continue
		}
		kind := p.Kind
		if kind == "" {
			kind = "section"
		}
		entries = append(entries, searchEntry{Text: p.Title, Kind: kind, Href: href(Link{Page: p.ID}), Desc: clip(p.Summary, 90)})
		for _, gn := range p.GoNames {
			entries = append(entries, searchEntry{Text: gn, Kind: "Go", Href: href(Link{Page: p.ID}), Desc: p.Title})
		}
		for _, blk := range p.Blocks {
			if blk.Table == nil {
				continue
			}
			for _, r := range blk.Table.Rows {
				if r.Search != "" {
					entries = append(entries, searchEntry{Text: r.Search, Kind: r.SearchKind, Href: href(Link{Page: p.ID, Frag: r.ID}), Desc: r.SearchDesc})
				}
				if r.SearchGo != "" {
					entries = append(entries, searchEntry{Text: r.SearchGo, Kind: "Go", Href: href(Link{Page: p.ID, Frag: r.ID}), Desc: r.Search})
				}
			}
		}
	}
	data, err := json.Marshal(entries)
	if err != nil {
		return nil, err
	}
	head := "// Code generated by apigen. DO NOT EDIT.\n"
	if source != "" {
		head += "// source: " + source + "\n"
	}
	head += "window.APIGEN_SEARCH = "
	// One entry per line keeps diffs of the generated file readable. The
	// file is written once into a slice of its final size (it is 0.7 MB
	// on the newest published page).
	sep := []byte(`},{`)
	out := make([]byte, 0, len(head)+len(data)+bytes.Count(data, sep)+2)
	out = append(out, head...)
	for {
		before, after, found := bytes.Cut(data, sep)
		out = append(out, before...)
		if !found {
			break
		}
		out = append(out, "},\n{"...)
		data = after
	}
	return append(out, ";\n"...), nil
}

// clip shortens s to at most n runes at a word boundary.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n])
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:.") + "…"
}
