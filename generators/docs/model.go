package docs

// The view models handed to the templates. Everything a page shows is
// decided while building these (see site.go); the templates only lay them out.

// Site is the whole reference.
type Site struct {
	Title   string
	Version string
	Source  string
	// Nav links the index and the guide pages, in order.
	Nav []Link
	// NavGroups list every method, object, union and enum for the sidebar.
	NavGroups []NavGroup
	// SchemaFile is the YAML schema shipped with the site ("" for none).
	SchemaFile string
	// Index is the start page.
	Index *Page
	// Pages are the other pages in reading order: guide sections, methods,
	// objects, unions, enums.
	Pages []*Page
}

// NavGroup is a titled list of sidebar links.
type NavGroup struct {
	Title string
	Links []Link
	// All is the group's full list on the index page, which a large
	// site's sidebar links instead of listing it on every page.
	All Link
}

// Link is a run of text, linked when Page is set. Page is a page ID (the
// HTML file is ID+".html"; in the Markdown reference it is an anchor) and
// Frag an anchor inside that page.
type Link struct {
	Text string
	Page string
	Frag string
	// URL is an absolute link outside the site (the Go package docs on
	// pkg.go.dev); Page and Frag are then empty.
	URL string
}

// linked reports whether the link goes anywhere.
func (l Link) linked() bool { return l.Page != "" || l.URL != "" }

// Text is prose with links: a sequence of plain and linked runs.
type Text []Link

// Page is one HTML page, and one top-level section of the Markdown file.
type Page struct {
	// ID names the page: "object-Message", "method-sendMessage", "states".
	ID string
	// Kind is shown above the title ("object", "method"); empty for guides.
	Kind  string
	Title string
	// Since links the version that added the thing.
	Since *Link
	Desc  Text
	Facts []Fact
	// Blocks are the page's sections in order.
	Blocks []*Block
	// Source says where in the specification the thing is defined.
	Source string
	// Summary is the one-line description used by the search index.
	Summary string
	// GoNames are the Go identifiers of the element, for the search index.
	GoNames []string
}

// Fact is one labelled value in a page header.
type Fact struct {
	Label string
	Value Text
}

// Block is a titled section of a page: an intro, a list and/or a table.
type Block struct {
	// ID is the anchor of the block inside its page.
	ID    string
	Title string
	Intro Text
	Items []Text
	// Ordered lists are numbered.
	Ordered bool
	Table   *Table
	// Code is a preformatted example in language Lang ("json").
	Code, Lang string
}

// Table is a table of cells.
type Table struct {
	Head []string
	Rows []*Row
}

// Row is a table row; ID, when set, is the row's anchor.
type Row struct {
	ID    string
	Class string
	Cells []Cell
	// Search, when set, adds the row to the search index under this name,
	// with SearchKind ("field") and SearchDesc (its type) beside it.
	Search     string
	SearchKind string
	SearchDesc string
	// SearchGo, when set, adds the row's Go name ("Message.MessageID").
	SearchGo string
}

// Cell is one table cell: text, optionally shown as code, and badges.
type Cell struct {
	Text   Text
	Code   bool
	Badges []Link
}

// plain returns unlinked text.
func plain(s string) Text {
	if s == "" {
		return nil
	}
	return Text{{Text: s}}
}

// join concatenates texts with sep between non-empty ones.
func join(sep string, parts ...Text) Text {
	var out Text
	for _, p := range parts {
		if len(p) == 0 {
			continue
		}
		if len(out) > 0 && sep != "" {
			out = append(out, Link{Text: sep})
		}
		out = append(out, p...)
	}
	return out
}

// String returns the text without links.
func (t Text) String() string {
	n := 0
	for _, l := range t {
		n += len(l.Text)
	}
	b := make([]byte, 0, n)
	for _, l := range t {
		b = append(b, l.Text...)
	}
	return string(b)
}
