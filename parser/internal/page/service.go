package page

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/apigen/apigen/parser/internal/document"
	"github.com/apigen/apigen/parser/internal/facts"
)

var (
	// reRequestForm is the form every request takes, as the page states
	// it in "Making requests": "<address>/bot<token>/METHOD_NAME", the
	// method an upper-case placeholder.
	reRequestForm = regexp.MustCompile(`\b(https?://[^\s<>"']+?)/bot<[a-z_ ]+>/<?[A-Z][A-Z_]*>?`)
	// reFileForm is the download link of a file, as the page states it
	// under getFile and File: "<address>/bot<token>/<file_path>".
	reFileForm = regexp.MustCompile(`\b(https?://[^\s<>"']+?)/bot<[a-z_ ]+>/<[a-z_ ]+>`)
)

// pageService reads the service's address from the page's prose: the
// first statement of the request form gives the base URL, the first of a
// file's download link the file URL. A client generated from the page
// then talks to the service the page describes with a token alone. An
// address that is not an absolute http(s) URL is not taken.
func (p *pageLayout) pageService(d *document.Document) {
	var svc facts.Service
	for _, b := range d.Blocks {
		text := b.Text
		if b.Kind == document.ListBlock {
			text = strings.Join(b.ItemTexts(), "\n")
		}
		if svc.BaseURL == "" {
			if m := reRequestForm.FindStringSubmatch(text); m != nil && absoluteHTTP(m[1]) {
				svc.BaseURL = m[1]
				svc.Line = b.Line
			}
		}
		if svc.FileURL == "" {
			if m := reFileForm.FindStringSubmatch(text); m != nil && absoluteHTTP(m[1]) {
				svc.FileURL = m[1]
			}
		}
	}
	if svc.BaseURL != "" || svc.FileURL != "" {
		p.Service = &svc
	}
}

// absoluteHTTP reports whether s is an absolute http(s) URL with a host.
func absoluteHTTP(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
