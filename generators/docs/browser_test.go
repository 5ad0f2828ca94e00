package docs_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/apigen/apigen/internal/headless"
)

// The browser check loads every page of the committed HTML site
// (generated/docs, or $APIGEN_DOCS_DIR) in headless Chromium, served from a
// 127.0.0.1 httptest server, and fails on any console error, uncaught
// exception, failed load or request that leaves the server. It also types
// into the search box and checks the results. It talks to Chromium through
// the DevTools protocol (internal/headless), with the standard library only.
//
// It runs only under 'make docs-check' (APIGEN_REQUIRE_BROWSER=1), where a
// missing Chromium (apt-get install -y chromium) is a failure; a plain
// 'go test ./...' skips it, so that CI loads the pages once, not twice.

func docsDir() string {
	if d := os.Getenv("APIGEN_DOCS_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "generated", "docs")
}

func siteFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatalf("reading %s: %v (run 'make generate')", dir, err)
	}
	if files["index.html"] == nil {
		t.Fatalf("%s has no index.html (run 'make generate')", dir)
	}
	return files
}

// TestGeneratedSiteLinks checks every internal link of the site on disk.
func TestGeneratedSiteLinks(t *testing.T) {
	dir := docsDir()
	if _, err := os.Stat(dir); err != nil && os.Getenv("APIGEN_REQUIRE_BROWSER") == "" {
		t.Skipf("%s does not exist yet (run 'make generate')", dir)
	}
	if n := CheckLinks(siteFiles(t, dir)); len(n) > 0 {
		t.Errorf("%d broken links in %s, first ones:\n%s", len(n), dir, strings.Join(n[:min(len(n), 20)], "\n"))
	}
}

func TestBrowser(t *testing.T) {
	if os.Getenv("APIGEN_REQUIRE_BROWSER") == "" {
		t.Skip("headless browser check: run 'make docs-check'")
	}
	bin, missing := headless.Find()
	if missing != "" {
		if os.Getenv("APIGEN_REQUIRE_BROWSER") != "" {
			t.Fatal(missing)
		}
		t.Skip(missing)
	}
	if testing.Short() {
		t.Skip("headless browser check skipped in -short mode")
	}
	dir := docsDir()
	files := siteFiles(t, dir)
	var pages []string
	for p := range files {
		if strings.HasSuffix(p, ".html") {
			pages = append(pages, p)
		}
	}
	sort.Strings(pages)

	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	b, err := headless.Start(ctx, bin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	session, err := b.Page(ctx)
	if err != nil {
		t.Fatal(err)
	}

	for _, p := range pages {
		url := srv.URL + "/" + p
		b.Reset()
		var nav struct {
			ErrorText string `json:"errorText"`
		}
		if err := b.Call(ctx, session, "Page.navigate", map[string]any{"url": url}, &nav); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if nav.ErrorText != "" {
			t.Errorf("%s: navigation failed: %s", p, nav.ErrorText)
			continue
		}
		if err := b.WaitLoad(ctx, 20*time.Second); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		// A round trip through the page's renderer makes sure every event
		// of the load has been delivered before the problems are read.
		var ok bool
		if err := b.Eval(ctx, session, `!!document.querySelector("main h1") && typeof window.APIGEN_SEARCH === "object"`, &ok); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if !ok {
			t.Errorf("%s: page did not render its heading or the search index did not load", p)
		}
		for _, problem := range b.Problems(srv.URL) {
			t.Errorf("%s: %s", p, problem)
		}
	}

	// The search box finds things offline.
	b.Reset()
	if err := b.Call(ctx, session, "Page.navigate", map[string]any{"url": srv.URL + "/index.html"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.WaitLoad(ctx, 20*time.Second); err != nil {
		t.Fatal(err)
	}
	var first struct {
		Count int    `json:"count"`
		Href  string `json:"href"`
		Hit   string `json:"hit"`
	}
	const probe = `(function () {
		var idx = window.APIGEN_SEARCH, want = idx[idx.length - 1];
		var input = document.getElementById("search");
		input.value = want.t;
		input.dispatchEvent(new Event("input"));
		var links = document.querySelectorAll("#search-results a");
		return {count: links.length, href: links.length ? links[0].getAttribute("href") : "", hit: want.h};
	})()`
	if err := b.Eval(ctx, session, probe, &first); err != nil {
		t.Fatal(err)
	}
	if first.Count == 0 || first.Href != first.Hit {
		t.Errorf("search box: %d results, first %q, want first %q", first.Count, first.Href, first.Hit)
	}
	for _, problem := range b.Problems(srv.URL) {
		t.Errorf("search box: %s", problem)
	}

	// Issue 24, item 9: search ranked the fields containing a name above
	// the exact type, and the sidebar had a horizontal scrollbar. The
	// exact name comes first, a member named exactly the query before the
	// members of longer names; the sidebar never scrolls sideways.
	var ranking []string
	const rank = `(function () {
		var out = [], input = document.getElementById("search");
		function first(q) {
			input.value = q;
			input.dispatchEvent(new Event("input"));
			var a = document.querySelector("#search-results a");
			return a ? a.firstChild.textContent + " " + a.getAttribute("href") : "";
		}
		["Poll", "Chat", "Message", "Sticker", "ParseMode"].forEach(function (q) {
			var got = first(q);
			if (got.split(" ")[0] !== q) { out.push(q + ": first result " + got); }
		});
		var photo = first("photo");
		if (!/\.photo /.test(photo)) { out.push("photo: first result " + photo + ", want a member named photo"); }
		var nav = document.querySelector("nav.side");
		if (nav.scrollWidth > nav.clientWidth) { out.push("sidebar scrolls sideways: " + nav.scrollWidth + " > " + nav.clientWidth); }
		input.value = ""; input.dispatchEvent(new Event("input"));
		return out;
	})()`
	if err := b.Eval(ctx, session, rank, &ranking); err != nil {
		t.Fatal(err)
	}
	for _, problem := range ranking {
		t.Errorf("search ranking / sidebar: %s", problem)
	}

	// "/" focuses the search box (and types nothing into it).
	var focus struct {
		ID    string `json:"id"`
		Value string `json:"value"`
	}
	if err := b.Eval(ctx, session, `(function () { var i = document.getElementById("search"); i.blur(); i.value = ""; return true; })()`, new(bool)); err != nil {
		t.Fatal(err)
	}
	if err := b.Call(ctx, session, "Input.dispatchKeyEvent", map[string]any{"type": "keyDown", "key": "/", "code": "Slash", "text": "/", "windowsVirtualKeyCode": 191}, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.Eval(ctx, session, `({id: document.activeElement ? document.activeElement.id : "", value: document.getElementById("search").value})`, &focus); err != nil {
		t.Fatal(err)
	}
	if focus.ID != "search" || focus.Value != "" {
		t.Errorf(`"/" key: focus on %q, search box holds %q; want the empty search box focused`, focus.ID, focus.Value)
	}

	// ?q= opens a page with the search run; a Go name finds its method.
	b.Reset()
	if err := b.Call(ctx, session, "Page.navigate", map[string]any{"url": srv.URL + "/index.html?q=SendMessageParams"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.WaitLoad(ctx, 20*time.Second); err != nil {
		t.Fatal(err)
	}
	var q struct {
		Hidden bool   `json:"hidden"`
		Value  string `json:"value"`
		Href   string `json:"href"`
	}
	if err := b.Eval(ctx, session, `(function () {
		var list = document.getElementById("search-results"), a = list.querySelector("a");
		return {hidden: list.hidden, value: document.getElementById("search").value, href: a ? a.getAttribute("href") : ""};
	})()`, &q); err != nil {
		t.Fatal(err)
	}
	if q.Hidden || q.Value != "SendMessageParams" || q.Href != "method-sendMessage.html" {
		t.Errorf("?q=SendMessageParams: results hidden %v, box %q, first result %q", q.Hidden, q.Value, q.Href)
	}
	for _, problem := range b.Problems(srv.URL) {
		t.Errorf("?q=: %s", problem)
	}

	// Screenshots of four pages, for people to look at.
	if dir := os.Getenv("APIGEN_SCREENSHOTS"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := b.Call(ctx, session, "Emulation.setDeviceMetricsOverride", map[string]any{"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
			t.Fatal(err)
		}
		for _, shot := range []struct{ page, file string }{
			{"index.html?q=SendMessage", "index-search.png"},
			{"method-sendMessage.html", "method-sendMessage.png"},
			{"object-Message.html", "object-Message.png"},
			{"method-sendPoll.html#example", "method-sendPoll-examples.png"},
		} {
			b.Reset()
			if err := b.Call(ctx, session, "Page.navigate", map[string]any{"url": srv.URL + "/" + shot.page}, nil); err != nil {
				t.Fatal(err)
			}
			if err := b.WaitLoad(ctx, 20*time.Second); err != nil {
				t.Fatal(err)
			}
			var img struct {
				Data []byte `json:"data"` // base64 in JSON
			}
			if err := b.Call(ctx, session, "Page.captureScreenshot", map[string]any{"format": "png"}, &img); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, shot.file), img.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("screenshots of four pages in %s", dir)
	}
	if !t.Failed() {
		t.Logf("loaded %d pages of %s in headless Chromium: no console errors, no failed or outside requests", len(pages), dir)
	}
}
