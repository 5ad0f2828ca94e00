// Package parser reads the API specification document and builds its schema.
//
// The reader has three parts, each a folder:
//
//   - document/: the document model (headings, paragraphs, lists, tables,
//     each with its line) and its two front ends, Markdown (goldmark) and
//     HTML;
//   - grammar/: the one grammar for type expressions and prose facts
//     (lengths, ranges, enums, defaults, rules, "Returns …") shared by
//     every layout;
//   - this package: the two layouts that walk the document model (the
//     seed's: seed*.go; the published page's: page*.go) and the core they
//     share, which holds what they read and resolves it into a schema
//     (core.go, resolve.go, finish.go, versions.go, updatekinds.go). Parse
//     recognises the layout from the document.
//
// The seed layout is recognised by its tables' header shapes, not by where
// they stand, so a new version of the document with new sections of a
// known shape parses with no code change. Parsing it is strict: an unknown
// word in a type position, a table of an unknown shape, or a row the parser
// cannot read is an error that names the line; and after parsing, every
// table row, list item and paragraph of the document must have been
// accounted for. The published page, which nobody here controls, degrades
// a construct the reader cannot place with a warning instead (Strict makes
// it an error).
package parser

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/apigen/apigen/parser/document"
	"github.com/apigen/apigen/schema"
)

// Options adjust a parse.
type Options struct {
	// Name is the document's file name, recorded in the schema and errors.
	Name string
	// HTML says the input is HTML rather than Markdown. An input that
	// starts as an HTML document ("<!DOCTYPE html", "<html") is read as
	// HTML whatever this says.
	HTML bool
	// Report, when set, receives what the reader of the published page
	// kept as text without a schema fact (see Report).
	Report *Report
	// Strict makes every warning an error: a construct of the published
	// page the reader cannot place refuses the page instead of degrading
	// (for CI, apigen --strict).
	Strict bool
}

// Parse reads a specification document into a schema. The schema is not yet
// overlaid; call schema.ApplyOverlay and then Check.
func Parse(src []byte, opts Options) (*schema.Schema, error) {
	name := opts.Name
	if name == "" {
		name = "spec"
	}
	if err := checkComplete(name, src); err != nil {
		return nil, err
	}
	if err := checkInput(name, src, opts.HTML); err != nil {
		return nil, err
	}
	if looksLikeHTML(src) {
		opts.HTML = true
	}
	if opts.HTML {
		// The layout is told by the document: the published reference
		// page (h4 entries with Field/Parameter tables) or the seed's.
		if pd := document.FromPage(src); isPage(pd) {
			return parsePage(pd, name, opts)
		}
	}
	// Otherwise the document is in the seed's layout, Markdown or HTML.
	var d *document.Document
	var err error
	if opts.HTML {
		d, err = document.FromHTML(src)
	} else {
		d, err = document.FromMarkdown(src)
	}
	var doc *document.Tree
	if err == nil {
		doc, err = document.NewTree(d)
	}
	if err != nil {
		if opts.HTML {
			return nil, errNotReference(name)
		}
		return nil, &Error{File: name, Msg: err.Error()}
	}
	if opts.HTML && !seedTables(doc) {
		return nil, errNotReference(name)
	}
	return parseSeed(doc, name)
}

// newParser starts the core's state for one document.
func newParser(name, title string, pol policy) *parser {
	return &parser{
		file:    name,
		policy:  pol,
		out:     &schema.Schema{Title: title, Source: filepath.Base(name)},
		defs:    map[string]map[string][]*pending{},
		results: map[string]string{},
		always:  map[string]string{},
	}
}

// parseSeed reads a document in the seed's layout, which its author
// controls: every error is reported.
func parseSeed(doc *document.Tree, name string) (*schema.Schema, error) {
	p := newParser(name, doc.Title, policy{})
	(&seedLayout{parser: p, doc: doc}).run()
	if len(p.errs) > 0 {
		return nil, errors.Join(capErrors(p.errs)...)
	}
	return p.out, nil
}

// parsePage reads the published reference page.
func parsePage(d *document.Document, name string, opts Options) (*schema.Schema, error) {
	p := newParser(name, d.Title, pagePolicy)
	p.strict = opts.Strict
	p.report = opts.Report
	(&pageLayout{parser: p}).runPage(d)
	if len(p.errs) > 0 {
		return nil, errors.Join(p.errs...)
	}
	return p.out, nil
}

// looksLikeHTML reports whether src starts as an HTML document.
func looksLikeHTML(src []byte) bool {
	s := strings.TrimSpace(string(src[:min(len(src), 512)]))
	s = strings.TrimPrefix(s, "\ufeff")
	low := strings.ToLower(s)
	return strings.HasPrefix(low, "<!doctype html") || strings.HasPrefix(low, "<html")
}
