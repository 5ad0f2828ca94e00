// Package parser reads the API specification document and builds its schema.
//
// The reader's parts, each a folder under internal/ (nothing outside the
// reader imports them):
//
//   - document/: the document model (headings, paragraphs, lists, tables,
//     each with its line) and its front ends, Markdown (goldmark) and HTML;
//   - grammar/: the one grammar for type expressions and prose facts
//     (lengths, ranges, enums, defaults, rules, "Returns …") shared by
//     every layout;
//   - facts/: what a layout returns: the entries it read, each with its
//     place (headings and line), never a schema value;
//   - resolve/: the core, whose one function turns a layout's facts into
//     the schema (types, unions and their tags, constraints, rules,
//     since);
//   - seed/ and page/: the two layouts, each a walker of the document
//     model that returns the facts it reads;
//   - this package: Parse, the one entry point, which recognises the
//     layout from the document.
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
	"fmt"
	"strings"

	"github.com/apigen/apigen/parser/internal/document"
	"github.com/apigen/apigen/parser/internal/page"
	"github.com/apigen/apigen/parser/internal/resolve"
	"github.com/apigen/apigen/parser/internal/seed"
	"github.com/apigen/apigen/schema"
)

// The reader's errors and report are the core's (package resolve).
type (
	// Error is a parse error at a line of the document.
	Error = resolve.Error
	// Report is what the reader of the published page kept as text
	// without a schema fact, and what it degraded with a warning.
	Report = resolve.Report
	// Warning is a construct of the page kept in a degraded form.
	Warning = resolve.Warning
	// ReportEntry is one text the reader kept without a schema fact.
	ReportEntry = resolve.ReportEntry
)

// Bounds of an input document (internal/document's bounds.go, the one
// place they are stated and checked) and of the errors listed.
const (
	MaxDocumentBytes = document.MaxDocumentBytes
	MaxColumns       = document.MaxColumns
	MaxCellBytes     = document.MaxCellBytes
	MaxErrors        = resolve.MaxErrors
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
	Report *resolve.Report
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
	// One reading of the document, whichever its layout.
	var d *document.Document
	if opts.HTML {
		d = document.FromHTML(src)
	} else {
		var err error
		if d, err = document.FromMarkdown(src); err != nil {
			return nil, &resolve.Error{File: name, Msg: err.Error()}
		}
	}
	if err := lineErrors(name, d.CheckTables()); err != nil {
		return nil, err
	}
	// The layout is told by the document: the published reference page
	// (h4 entries with Field/Parameter tables) or the seed's.
	if opts.HTML && page.IsPage(d) {
		return parsePage(d, name, opts)
	}
	doc, err := document.NewTree(d)
	if err != nil {
		if opts.HTML {
			return nil, errNotReference(name)
		}
		return nil, &resolve.Error{File: name, Msg: err.Error()}
	}
	if opts.HTML && !seedTables(doc) {
		return nil, errNotReference(name)
	}
	return parseSeed(doc, name)
}

// parseSeed reads a document in the seed's layout, which its author
// controls: every error is reported, and once it reads, every block of it
// must have been accounted for.
func parseSeed(doc *document.Tree, name string) (*schema.Schema, error) {
	d := seed.Read(doc)
	s, errs := resolve.Resolve(name, d, resolve.SeedPolicy, nil)
	if len(d.Errs) == 0 {
		for _, msg := range doc.Unclaimed() {
			errs = append(errs, fmt.Errorf("%s: %s", name, msg))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(resolve.CapErrors(errs)...)
	}
	return s, nil
}

// parsePage reads the published reference page.
func parsePage(d *document.Document, name string, opts Options) (*schema.Schema, error) {
	facts := page.Read(d)
	s, errs := resolve.Resolve(name, facts, resolve.PagePolicy, opts.Report)
	if len(errs) == 0 && len(s.Versions) == 0 {
		errs = append(errs, page.ErrNoVersion(name))
	}
	if opts.Report != nil {
		opts.Report.Warnings = append(opts.Report.Warnings, s.Warnings...)
	}
	if opts.Strict {
		// Every warning is in the schema's one list: each refuses the
		// page, saying why and what settles it.
		for _, w := range s.Warnings {
			errs = append(errs, &schema.StrictError{File: name, Warning: w})
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return s, nil
}

// looksLikeHTML reports whether src starts as an HTML document.
func looksLikeHTML(src []byte) bool {
	s := strings.TrimSpace(string(src[:min(len(src), 512)]))
	s = strings.TrimPrefix(s, "\ufeff")
	low := strings.ToLower(s)
	return strings.HasPrefix(low, "<!doctype html") || strings.HasPrefix(low, "<html")
}

// SeedHTML renders a Markdown document in the seed's layout as HTML that
// Parse reads as the same document, each element marked with the Markdown
// line it comes from (the form "HTML with the same headings and tables"
// takes when it is produced from the Markdown).
func SeedHTML(md []byte) ([]byte, error) { return document.RenderHTML(md) }
