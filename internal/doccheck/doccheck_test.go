// Package doccheck tests the repository's documentation as a reader meets
// it: every relative link of the README and of docs/ leads somewhere (a file
// or directory of the repository, and a heading when it names one), the
// layout table of docs/development.md names the repository's folders, and
// the README's bot builds against the generated package.
package doccheck

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// root is the repository root, relative to this package's directory.
const root = "../.."

// pages are the Markdown files whose links are checked: the README and
// every page under docs/.
func pages(t *testing.T) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{filepath.Join(root, "README.md")}, docs...)
}

// link is one link of a page, with the line it is on.
type link struct {
	dest string
	line int
}

// links returns the destinations of a page's links and images, in order
// (links inside code are not links, so the Markdown is parsed, not grepped).
func links(src []byte) []link {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	doc := md.Parser().Parse(text.NewReader(src))
	var out []link
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var dest []byte
		switch n := n.(type) {
		case *ast.Link:
			dest = n.Destination
		case *ast.Image:
			dest = n.Destination
		default:
			return ast.WalkContinue, nil
		}
		out = append(out, link{string(dest), lineOf(src, n)})
		return ast.WalkContinue, nil
	})
	return out
}

// lineOf is the 1-based line of the first text under n (0 when unknown).
func lineOf(src []byte, n ast.Node) int {
	for c := n; c != nil; c = c.FirstChild() {
		if t, ok := c.(*ast.Text); ok {
			return bytes.Count(src[:t.Segment.Start], []byte("\n")) + 1
		}
		if c.Type() == ast.TypeBlock && c.Lines().Len() > 0 {
			return bytes.Count(src[:c.Lines().At(0).Start], []byte("\n")) + 1
		}
	}
	return 0
}

var scheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)

// TestRelativeLinksResolve fails on a relative link of README.md or
// docs/*.md whose file is missing, or whose #fragment names no heading of
// the Markdown page it points at.
func TestRelativeLinksResolve(t *testing.T) {
	for _, page := range pages(t) {
		src, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, page)
		for _, l := range links(src) {
			if l.dest == "" || scheme.MatchString(l.dest) || strings.HasPrefix(l.dest, "//") {
				continue // absolute: not this repository's business
			}
			file, frag, _ := strings.Cut(l.dest, "#")
			target := page
			if file != "" {
				target = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
				if _, err := os.Stat(target); err != nil {
					t.Errorf("%s:%d: link %q: %s does not exist", rel, l.line, l.dest, file)
					continue
				}
			}
			if frag == "" || filepath.Ext(target) != ".md" {
				continue
			}
			data, err := os.ReadFile(target)
			if err != nil {
				t.Errorf("%s:%d: link %q: %v", rel, l.line, l.dest, err)
				continue
			}
			if !anchors(data)[frag] {
				t.Errorf("%s:%d: link %q: no heading of %s has the anchor #%s", rel, l.line, l.dest, filepath.Base(target), frag)
			}
		}
	}
}

// anchors are the fragment names GitHub gives a page's headings: the
// heading's text lower-cased, punctuation other than '-' and '_' dropped,
// spaces turned into '-', and "-1", "-2", … appended to repeats.
func anchors(src []byte) map[string]bool {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	doc := md.Parser().Parse(text.NewReader(src))
	out := map[string]bool{}
	seen := map[string]int{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		var b strings.Builder
		for _, r := range strings.ToLower(plain(src, h)) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if k := seen[a]; k > 0 {
			out[a+"-"+itoa(k)] = true
		} else {
			out[a] = true
		}
		seen[a]++
		return ast.WalkSkipChildren, nil
	})
	return out
}

// plain is the text of a node and its descendants (code spans included).
func plain(src []byte, n ast.Node) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

func itoa(k int) string {
	var d []byte
	for ; k > 0; k /= 10 {
		d = append([]byte{byte('0' + k%10)}, d...)
	}
	return string(d)
}

// TestAnchors pins the anchor rule on headings the pages use.
func TestAnchors(t *testing.T) {
	a := anchors([]byte("# apigen\n\n## Install and use in your module\n\n## The CLI in brief\n\n## Limits and why\n\n## `diff`: what breaks\n\n## Limits and why\n"))
	for _, want := range []string{"apigen", "install-and-use-in-your-module", "the-cli-in-brief", "limits-and-why", "diff-what-breaks", "limits-and-why-1"} {
		if !a[want] {
			t.Errorf("no anchor %q in %v", want, a)
		}
	}
}

// TestBrokenLinkIsFound makes sure the link check can fail: a page with a
// missing file and a missing heading.
func TestBrokenLinkIsFound(t *testing.T) {
	got := links([]byte("See [a](docs/nope.md), `[not](a link)`, and\n[b](#nowhere).\n\n```\n[c](in/code.md)\n```\n"))
	if len(got) != 2 || got[0].dest != "docs/nope.md" || got[1].dest != "#nowhere" || got[1].line != 2 {
		t.Fatalf("links: %+v", got)
	}
}

// TestReadmeBotBuilds builds the README's bot (the Go block that declares
// package main) against a copy of generated/botapi, under the import path
// the README gives it, so that the README's code stays the package's API.
func TestReadmeBotBuilds(t *testing.T) {
	dir, bot := readmeBotModule(t)
	if out, err := goIn(dir, "build", "-o", os.DevNull, "."); err != nil {
		t.Fatalf("the README's bot does not build: %v\n%s\n%s", err, out, bot)
	}
}

// Issue 40: the README's bot compiled the server stubs, which a bot never
// calls (most of its compile memory at the newest page). The server is a
// package of its own beside the types package, and the bot's build does not
// include it.
func TestBotDoesNotCompileServerStubs(t *testing.T) {
	dir, _ := readmeBotModule(t)
	out, err := goIn(dir, "list", "-deps", ".")
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, readmeImportPath) {
		t.Fatalf("the bot does not depend on %s: %v", readmeImportPath, deps)
	}
	for _, d := range deps {
		if strings.HasPrefix(d, readmeImportPath+"/") {
			t.Errorf("the README's bot compiles %s", d)
		}
	}
	// The server package is there, beside the types package, and builds.
	if out, err := goIn(dir, "build", "./botapi/..."); err != nil {
		t.Fatalf("the server package does not build: %v\n%s", err, out)
	}
}

// Issue 42: Service gained every new method, so every implementation broke
// on every release. An implementation must embed Unimplemented (gRPC-Go's
// mustEmbedUnimplemented rule): one that does not, does not compile, and one
// that does answers a method it does not write with "not implemented".
func TestServiceRequiresUnimplemented(t *testing.T) {
	dir, _ := readmeBotModule(t)
	write := func(name, src string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A type that writes every method of Service (Unimplemented's, as the
	// generated file has them) but does not embed Unimplemented.
	gen, err := os.ReadFile(filepath.Join(dir, "botapi", "botapiserver", "server_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	var methods strings.Builder
	for _, m := range regexp.MustCompile(`(?s)\nfunc \(Unimplemented\) [A-Z]\w*\(.*?\n}\n`).FindAllString(string(gen), -1) {
		methods.WriteString(strings.NewReplacer("(Unimplemented)", "(own)", "serverNotImplemented()", "nil").Replace(m))
	}
	if methods.Len() == 0 {
		t.Fatal("no method of Unimplemented found in server_gen.go")
	}
	write("bare/main.go", `package main

import (
	"context"

	"example.com/bot/botapi"
	"example.com/bot/botapi/botapiserver"
)

var _ = context.Background
var _ botapi.Error

type own struct{}

func main() { _ = botapiserver.NewServer(own{}) }
`+methods.String())
	out, err := goIn(dir, "build", "-o", os.DevNull, "./bare")
	if strings.Contains(string(out), "missing method ") && !strings.Contains(string(out), "missing method mustEmbedUnimplementedService") {
		t.Fatalf("the implementation misses an API method, not the embedding:\n%s", out)
	}
	if err == nil || !strings.Contains(string(out), "mustEmbedUnimplementedService") {
		t.Fatalf("an implementation without Unimplemented built (err %v):\n%s", err, out)
	}
	write("embeds/main.go", `package main

import (
	"fmt"
	"net/http/httptest"
	"strings"

	"example.com/bot/botapi/botapiserver"
)

type own struct{ botapiserver.Unimplemented }

func main() {
	rec := httptest.NewRecorder()
	botapiserver.NewServer(own{}).ServeHTTP(rec, httptest.NewRequest("POST", "/bot1:x/getMe", strings.NewReader("")))
	fmt.Print(rec.Code, " ", rec.Body.String())
}
`)
	out, err = goIn(dir, "run", "./embeds")
	if err != nil {
		t.Fatalf("an implementation embedding Unimplemented: %v\n%s", err, out)
	}
	if want := `404 {"ok":false,"error_code":404,"description":"Not Found: method not implemented"}`; string(out) != want {
		t.Errorf("a method it does not write answers %s, want %s", out, want)
	}
}

// readmeImportPath is the import path the README's bot gives the package.
const readmeImportPath = "example.com/bot/botapi"

// readmeBotModule writes a module holding the README's bot and a copy of
// generated/botapi and its server package under readmeImportPath, and
// returns its directory and the bot's source.
func readmeBotModule(t *testing.T) (dir, bot string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the generated package: skipped in -short mode")
	}
	src, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	bot = goBlock(t, src, "package main")
	if !strings.Contains(bot, `"`+readmeImportPath+`"`) {
		t.Fatalf("the README's bot does not import %s:\n%s", readmeImportPath, bot)
	}
	dir = t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "go.mod"), []byte("module example.com/bot\n\ngo 1.24.0\n"))
	write(filepath.Join(dir, "main.go"), []byte(bot))
	for _, sub := range []string{"", "botapiserver"} {
		gen, err := filepath.Glob(filepath.Join(root, "generated", "botapi", sub, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range gen {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			data = bytes.ReplaceAll(data, []byte(`"github.com/apigen/apigen/generated/botapi"`), []byte(`"`+readmeImportPath+`"`))
			write(filepath.Join(dir, "botapi", sub, filepath.Base(f)), data)
		}
	}
	return dir, bot
}

// goIn runs the go command in dir, offline, and returns its output.
func goIn(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	return cmd.CombinedOutput()
}

// goBlock returns the one fenced Go block of src that contains marker.
func goBlock(t *testing.T, src []byte, marker string) string {
	t.Helper()
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	doc := md.Parser().Parse(text.NewReader(src))
	var found []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		fc, ok := n.(*ast.FencedCodeBlock)
		if !entering || !ok || string(fc.Language(src)) != "go" {
			return ast.WalkContinue, nil
		}
		var b bytes.Buffer
		for i := 0; i < fc.Lines().Len(); i++ {
			seg := fc.Lines().At(i)
			b.Write(seg.Value(src))
		}
		if strings.Contains(b.String(), marker) {
			found = append(found, b.String())
		}
		return ast.WalkContinue, nil
	})
	if len(found) != 1 {
		t.Fatalf("want one Go block with %q in the README, found %d", marker, len(found))
	}
	return found[0]
}

// Issue 34: the README's "A bot in 20 lines" showed 29. The heading's
// number is the number of lines of the bot's Go block, blank ones included.
func TestReadmeBotHeadingCountsItsLines(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^## A bot in (\d+) lines$`).FindSubmatch(src)
	if m == nil {
		t.Fatal(`the README has no "## A bot in N lines" heading`)
	}
	bot := goBlock(t, src, "package main")
	if n := strings.Count(bot, "\n"); string(m[1]) != fmt.Sprint(n) {
		t.Errorf("the README's heading says %s lines; its bot has %d", m[1], n)
	}
}
