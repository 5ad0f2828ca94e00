package docs_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators/docs"
	"github.com/apigen/apigen/internal/specgen"
	"github.com/apigen/apigen/internal/specgen/specgentest"
	"github.com/apigen/apigen/spec"
)

// TestSidebarOfALargeSiteIsBoundedPerPage: every page used to carry the
// whole sidebar (every method, object, union and enum), so the site grew
// with the square of the document: 2.3 MB of docs for the seed, 104 MB for
// ten times the seed, about 2.5 GB for fifty times, most of the generator's
// time and memory. Past docs.MaxSidebarLinks entries a page's sidebar shows
// a window of its own group around it and links every group's full list on
// the index page, which lists everything once.
func TestSidebarOfALargeSiteIsBoundedPerPage(t *testing.T) {
	doc, err := specgen.Multiply(spec.Document(), 5)
	if err != nil {
		t.Fatal(err)
	}
	s := specgentest.Load(t, doc, "scale-5x.md")
	if n := len(s.Methods) + len(s.Objects) + len(s.Unions) + len(s.Enums); n <= docs.MaxSidebarLinks {
		t.Fatalf("%d sidebar entries: the document must be larger than the bound (%d) for this test", n, docs.MaxSidebarLinks)
	}
	files := generate(t, s)
	nav := regexp.MustCompile(`(?s)<nav class="side".*?</nav>`)
	links := regexp.MustCompile(`<a href="`)
	checked := 0
	for name, data := range files {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		side := nav.FindString(string(data))
		if side == "" {
			t.Fatalf("%s: no sidebar", name)
		}
		// The guide's entries, the window of the page's group, an "earlier"
		// and a "later" link, and one link per group to its full list.
		if n := len(links.FindAllString(side, -1)); n > docs.SidebarWindow+40 {
			t.Errorf("%s: %d links in the sidebar, want at most the window (%d) and a few more", name, n, docs.SidebarWindow)
		}
		for _, g := range []string{"methods", "objects", "unions", "enums"} {
			if !strings.Contains(side, `href="index.html#`+g+`"`) {
				t.Errorf("%s: sidebar does not link the full list of %s on the index page", name, g)
			}
		}
		if page := strings.TrimSuffix(name, ".html"); strings.HasPrefix(page, "object-") || strings.HasPrefix(page, "method-") {
			if !strings.Contains(side, `<li class="current"><a href="`+name+`">`) {
				t.Errorf("%s: the sidebar does not show the page itself, marked current", name)
			}
			checked++
		}
	}
	if checked < 500 {
		t.Errorf("checked %d object and method pages, want the 5x document's 555", checked)
	}
	if broken := CheckLinks(files); len(broken) > 0 {
		t.Errorf("%d broken links, first: %s", len(broken), broken[0])
	}
	index := nav.FindString(string(files["index.html"]))
	if strings.Contains(index, "<li class=\"current\">") && strings.Count(index, `<a href="`) > docs.SidebarWindow+40 {
		t.Errorf("index.html: sidebar not bounded")
	}
}
