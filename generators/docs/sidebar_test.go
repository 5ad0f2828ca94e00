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
		// The guide's entries, and for each of the four groups at most a
		// window of entries, an "earlier" and a "later" link.
		if n := len(links.FindAllString(side, -1)); n > 4*(docs.SidebarWindow+2)+20 {
			t.Errorf("%s: %d links in the sidebar, want at most a window (%d) per group and a few more", name, n, docs.SidebarWindow)
		}
		// The groups larger than the window link their full list.
		for _, g := range []string{"methods", "objects"} {
			if !strings.Contains(side, `<li class="more"><a href="index.html#`+g+`">`) {
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
	// A group that fits in the window (the 5x document's unions) is
	// listed whole on every page.
	if n := len(s.Unions); n == 0 || n > docs.SidebarWindow {
		t.Fatalf("%d unions: the test wants a group that fits in the window", n)
	}
	side := nav.FindString(string(files["object-Message.html"]))
	for _, u := range s.Unions {
		if !strings.Contains(side, `href="union-`+u.Name+`.html"`) {
			t.Errorf("object-Message.html: the sidebar does not list union %s, although its group fits in the window", u.Name)
		}
	}
}
