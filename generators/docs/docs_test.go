package docs_test

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/net/html"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/docs"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/output"
	"github.com/apigen/apigen/schema"
)

func load(t testing.TB) *schema.Schema {
	t.Helper()
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func generate(t testing.TB, s *schema.Schema) map[string][]byte {
	t.Helper()
	m, err := generators.Model(s, "botapi", nil)
	if err != nil {
		t.Fatal(err)
	}
	files, err := docs.Generate(m, generators.Options{Package: "botapi", Source: "bot-api-5.0.md"})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		out[f.Path] = f.Data
	}
	if dir := os.Getenv("APIGEN_DOCS_DUMP"); dir != "" {
		if _, err := output.Write(dir, files); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func TestBackendKind(t *testing.T) {
	if docs.Backend.Kind != generators.Docs || docs.Backend.Name != docs.Name {
		t.Fatalf("docs backend %+v: its files must go to the docs directory", docs.Backend)
	}
}

func TestDeterministic(t *testing.T) {
	a := generate(t, load(t))
	b := generate(t, load(t))
	if len(a) != len(b) {
		t.Fatalf("file count differs: %d vs %d", len(a), len(b))
	}
	for p := range a {
		if !bytes.Equal(a[p], b[p]) {
			t.Fatalf("%s differs between two runs", p)
		}
	}
}

// TestPagesAndLinks checks that there is a page per method, object, union
// and enum, and that every internal link of the site resolves to a file and
// to an element with that id.
func TestPagesAndLinks(t *testing.T) {
	s := load(t)
	files := generate(t, s)
	for _, want := range []string{"index.html", "reference.md", "style.css", "search.js", "search-index.js"} {
		if files[want] == nil {
			t.Errorf("%s missing", want)
		}
	}
	for _, m := range s.Methods {
		expectPage(t, files, "method-"+m.Name+".html")
	}
	for _, o := range s.Objects {
		expectPage(t, files, "object-"+o.Name+".html")
	}
	for _, u := range s.Unions {
		expectPage(t, files, "union-"+u.Name+".html")
	}
	for _, e := range s.Enums {
		expectPage(t, files, "enum-"+e.Name+".html")
	}
	if n := CheckLinks(files); len(n) > 0 {
		t.Errorf("%d broken links, first ones:\n%s", len(n), strings.Join(n[:min(len(n), 20)], "\n"))
	}
}

func expectPage(t *testing.T, files map[string][]byte, p string) {
	t.Helper()
	if files[p] == nil {
		t.Errorf("%s missing", p)
	}
}

// CheckLinks parses every HTML file and reports links (href, src) that do
// not resolve inside the site.
func CheckLinks(files map[string][]byte) []string {
	ids := map[string]map[string]bool{}
	type ref struct{ from, to string }
	var refs []ref
	var names []string
	for p := range files {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		if path.Ext(p) != ".html" {
			continue
		}
		doc, err := html.Parse(bytes.NewReader(files[p]))
		if err != nil {
			return []string{p + ": " + err.Error()}
		}
		ids[p] = map[string]bool{}
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				for _, a := range n.Attr {
					switch a.Key {
					case "id":
						if ids[p][a.Val] {
							refs = append(refs, ref{p, "duplicate id " + a.Val})
						}
						ids[p][a.Val] = true
					case "href", "src":
						refs = append(refs, ref{p, a.Val})
					}
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
	}
	var broken []string
	for _, r := range refs {
		if strings.HasPrefix(r.to, "duplicate id ") {
			broken = append(broken, r.from+": "+r.to)
			continue
		}
		if strings.HasPrefix(r.to, "data:") {
			continue
		}
		// The one outside link the site has: a Go name to the generated
		// package's documentation (a link, never a request).
		if strings.HasPrefix(r.to, "https://pkg.go.dev/") {
			continue
		}
		if strings.Contains(r.to, "://") || strings.HasPrefix(r.to, "//") {
			broken = append(broken, r.from+": external link "+r.to)
			continue
		}
		file, frag, _ := strings.Cut(r.to, "#")
		if file == "" {
			file = r.from
		}
		if _, ok := files[file]; !ok {
			broken = append(broken, r.from+": "+r.to+": no such file")
			continue
		}
		if frag != "" && !ids[file][frag] {
			broken = append(broken, r.from+": "+r.to+": no such anchor")
		}
	}
	return broken
}

// TestMarkdownAnchors renders reference.md as CommonMark/GFM and checks
// that every in-document link has its anchor.
func TestMarkdownAnchors(t *testing.T) {
	files := generate(t, load(t))
	var buf bytes.Buffer
	md := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
	if err := md.Convert(files["reference.md"], &buf); err != nil {
		t.Fatal(err)
	}
	page := map[string][]byte{"reference.html": buf.Bytes()}
	if n := CheckLinks(page); len(n) > 0 {
		t.Errorf("%d broken anchors in reference.md, first ones:\n%s", len(n), strings.Join(n[:min(len(n), 20)], "\n"))
	}
	// Every table row keeps its cell count (an unescaped | would add one).
	for i, line := range strings.Split(string(files["reference.md"]), "\n") {
		if strings.HasPrefix(line, "|") && strings.Count(strings.ReplaceAll(line, `\|`, ""), "|") < 2 {
			t.Errorf("reference.md:%d: malformed table row %q", i+1, line)
		}
	}
}

func TestNoAPINamesInBackend(t *testing.T) {
	// Backends never hard-code names of the API: spot-check the sources and
	// templates for a few of the default spec's names.
	s := load(t)
	var names []string
	for _, o := range s.Objects[:min(len(s.Objects), 10)] {
		names = append(names, `"`+o.Name+`"`)
	}
	for _, m := range s.Methods[:min(len(s.Methods), 10)] {
		names = append(names, `"`+m.Name+`"`)
	}
	srcs, _ := filepath.Glob("*.go")
	tmpls, _ := filepath.Glob("../../templates/*")
	for _, f := range append(srcs, tmpls...) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if bytes.Contains(data, []byte(n)) {
				t.Errorf("%s mentions %s", f, n)
			}
		}
	}
}
