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
//     seed's: parser.go, objects.go, methods.go; the published page's:
//     page.go, service.go, updatekinds.go) and the core they share, which
//     resolves the facts into a schema (resolve.go, finish.go,
//     versions.go). Parse recognises the layout from the document.
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
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apigen/apigen/parser/document"
	"github.com/apigen/apigen/parser/grammar"
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

// Error is a parse error at a line of the document.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	msg := clipMsg(e.Msg)
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	}
	return fmt.Sprintf("%s: %s", e.File, msg)
}

// maxMsg bounds the text of one error: a message quotes the input it is
// about, and a table header of 100 000 columns made an 889 KB line.
const maxMsg = 400

// clipMsg cuts a message longer than maxMsg at a character boundary and
// says how long it was.
func clipMsg(s string) string {
	if len(s) <= maxMsg {
		return s
	}
	cut := maxMsg
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…(" + strconv.Itoa(len(s)) + " bytes)"
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
	htmlDoc := src
	if looksLikeHTML(src) {
		opts.HTML = true
	}
	if opts.HTML {
		// The layout is told by the document: the published reference
		// page (h4 entries with Field/Parameter tables) or the seed's.
		if pd := document.ReadPage(src); isPage(pd) {
			return parsePage(pd, name, opts)
		}
	}
	if !opts.HTML {
		var err error
		if htmlDoc, err = document.RenderHTML(src); err != nil {
			return nil, &Error{File: name, Msg: err.Error()}
		}
	}
	doc, err := document.ReadTree(htmlDoc)
	if err != nil {
		if opts.HTML {
			return nil, errNotReference(name)
		}
		return nil, &Error{File: name, Msg: err.Error()}
	}
	if opts.HTML && !seedTables(doc) {
		return nil, errNotReference(name)
	}
	p := &parser{
		file:    name,
		doc:     doc,
		out:     &schema.Schema{Title: doc.Title, Source: filepath.Base(name)},
		defs:    map[string]map[string][]*pending{},
		results: map[string]string{},
		always:  map[string]string{},
	}
	p.run()
	if len(p.errs) > 0 {
		return nil, errors.Join(capErrors(p.errs)...)
	}
	return p.out, nil
}

// parsePage reads the published reference page.
func parsePage(d *document.Page, name string, opts Options) (*schema.Schema, error) {
	p := &parser{
		file:    name,
		out:     &schema.Schema{Title: d.Title, Source: filepath.Base(name)},
		defs:    map[string]map[string][]*pending{},
		results: map[string]string{},
		always:  map[string]string{},
		page:    true,
		strict:  opts.Strict,
	}
	p.report = opts.Report
	p.runPage(d, opts.Report)
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

// parser holds the state of one parse.
type parser struct {
	file string
	doc  *document.Tree
	// page is set when reading the published reference page.
	page bool
	// report receives what the page reader keeps as text only.
	report *Report
	// strict turns the page reader's warnings into errors.
	strict bool
	// listed holds the unions the document defines by a list or a variant
	// table (not made from a type cell): the ones a restricted list may
	// name a subset of.
	listed map[*schema.Union]bool
	// unionWhere is the heading path of each listed union, for warnings.
	unionWhere map[*schema.Union]string
	// tagUnions, set by the page reader, finds the discriminators of
	// every union once all unions exist (see resolve).
	tagUnions func()
	out       *schema.Schema
	errs      []error

	// pending fields and parameters, resolved once every definition is known.
	pending []*pending
	// defs maps a scope ("" for the document, a section path) to the
	// fields defined with an explicit type in it, by name. A name written
	// bare ("width", "chat_id (Required)") takes its type from here.
	defs map[string]map[string][]*pending

	objects    map[string]*objectCtx
	methods    []*methodCtx
	shorthands map[string]*shorthandCtx
	// results maps a section path to the result its methods have when a
	// row gives none ("All return the sent Message unless noted").
	results map[string]string
	// opaque lists objects named but not shown, with the line naming them.
	opaque []opaqueRef
	// always maps "Object.field" to the constant its notes state ("Always
	// 0"), as JSON text; it tells union variants apart.
	always map[string]string
	// eventOwner is the object whose fields the Events table names.
	eventOwner string
	eventLine  int
}

type opaqueRef struct {
	name string
	src  schema.Source
}

// pending is a field or parameter whose type and constraints are resolved
// after the whole document is read.
type pending struct {
	field  *schema.Field
	facts  *grammar.Facts
	scopes []string // most specific first
	owner  string   // object or method name, for enum names and errors
	method bool     // owner is a method or shorthand
	// defaultRequired applies when neither the text nor an earlier
	// definition says Required or Optional.
	defaultRequired *bool
	// markedTable: the field comes from a table that marks only its
	// optional fields ("Fields (Optional marked)"), so an unmarked field is
	// required even where the name is optional elsewhere.
	markedTable bool
	rules       *[]*schema.Rule
	line        int
	// fixed is the only value a discriminator field may hold.
	fixed string
	// resolved is set once the field's type and constraints are final.
	resolved bool
}

type objectCtx struct {
	obj *schema.Object
	// listing is set on an object a variant table defines.
	listing   *variantListing
	rawRules  []grammar.RawRule
	allOption bool // "all fields Optional"
	sec       *document.Section
	// marksRequired: some row of the object says "Required"; unmarked are
	// the rows that say neither (see fieldRow).
	marksRequired bool
	unmarked      []*pending
}

type methodCtx struct {
	m       *schema.Method
	sec     *document.Section
	result  string // result cell
	line    int
	pending []*pending
	entries []methodEntry
	// rules are stated in the method's prose (the published page).
	rules []grammar.RawRule
}

type shorthandCtx struct {
	g       *schema.Shorthand
	pending []*pending
	rules   []grammar.RawRule
	result  string // "Edit results: ..." sentence
	line    int
}

// warnf records a construct of the page kept in a degraded form: an error
// under Strict, else a warning for the report and the schema's record.
func (p *parser) warnf(construct, where string, line int, format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	if p.strict {
		p.errorf(line, "%s: %s: %s (refused under --strict)", where, construct, text)
		return
	}
	if p.report != nil {
		p.report.Warnings = append(p.report.Warnings, Warning{Construct: construct, Where: where, Line: line, Text: text})
	}
}

func (p *parser) errorf(line int, format string, args ...any) {
	p.errs = append(p.errs, &Error{File: p.file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

func src(sec *document.Section, line int) schema.Source {
	title := ""
	if sec != nil {
		title = sec.Title
	}
	return schema.Source{Section: title, Line: line}
}

// scopesOf lists the lookup scopes of a section: itself, its parent, the
// document.
func scopesOf(sec *document.Section) []string {
	var out []string
	for s := sec; s != nil; s = s.Parent {
		out = append(out, s.Path())
	}
	return append(out, "")
}

func (p *parser) run() {
	p.objects = map[string]*objectCtx{}
	p.shorthands = map[string]*shorthandCtx{}
	for _, b := range p.doc.Blocks {
		p.note(nil, b)
	}
	for _, s := range p.doc.Sections {
		p.section(s)
		for _, c := range s.Children {
			p.section(c)
		}
	}
	if len(p.errs) > 0 {
		return
	}
	p.resolve()
	p.updateKinds()
	for _, msg := range p.doc.Unclaimed() {
		p.errs = append(p.errs, fmt.Errorf("%s: %s", p.file, msg))
	}
}

// section dispatches a section's blocks. Tables are recognised by their
// header; other blocks by the section they stand in.
func (p *parser) section(s *document.Section) {
	for _, b := range s.Blocks {
		if b.Kind == document.TableBlock {
			p.table(s, b)
		}
	}
	title := strings.ToLower(s.Title)
	for _, b := range s.Blocks {
		if b.Kind == document.TableBlock || b.Claimed() {
			continue
		}
		switch {
		case title == "common conventions":
			p.conventions(s, b)
		case title == "common request rules":
			p.requestRules(s, b)
		case strings.HasPrefix(title, "text formatting"):
			p.formatting(s, b)
		case title == "authentication":
			p.clauses(&p.out.Auth, s, b)
		case title == "errors":
			p.clauses(&p.out.Errors, s, b)
		case title == "events":
			p.events(s, b)
		case title == "versioning":
			p.versions(s, b)
		case title == "what the service does":
			p.clauses(&p.out.Overview, s, b)
		default:
			p.note(s, b)
		}
	}
}

// note keeps a paragraph or list as free text, after checking it for the
// statements the parser acts on wherever they stand.
func (p *parser) note(s *document.Section, b *document.Block) {
	switch b.Kind {
	case document.ParagraphBlock:
		b.Used = true
		p.statement(s, b.Text, b.Line)
	case document.ListBlock:
		for _, it := range b.Items {
			it.Used = true
			p.statement(s, it.Text, it.Line)
		}
	}
}

// statement acts on a free-text statement (opaque object lists, default
// results, object rules) and keeps it in the schema's notes.
func (p *parser) statement(s *document.Section, text string, line int) {
	if names, ok := notShownObjects(text); ok {
		for _, n := range names {
			p.opaque = append(p.opaque, opaqueRef{name: n, src: src(s, line)})
		}
		p.out.Notes = append(p.out.Notes, schema.Clause{Text: text, Source: src(s, line)})
		return
	}
	if s != nil {
		if m := reDefaultResult.FindStringSubmatch(text); m != nil {
			p.results[s.Path()] = m[1]
		}
		// A paragraph under an object's own heading describes the object.
		if ctx := p.objects[s.Title]; ctx != nil && ctx.sec == s {
			ctx.obj.Description = joinText(ctx.obj.Description, text)
			ctx.rawRules = append(ctx.rawRules, objectRules(text)...)
			return
		}
	}
	p.out.Notes = append(p.out.Notes, schema.Clause{Text: text, Source: src(s, line)})
}

func joinText(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

// clauses keeps every statement of a block in dst.
func (p *parser) clauses(dst *[]schema.Clause, s *document.Section, b *document.Block) {
	switch b.Kind {
	case document.ParagraphBlock:
		b.Used = true
		*dst = append(*dst, schema.Clause{Text: b.Text, Source: src(s, b.Line)})
	case document.ListBlock:
		for _, it := range b.Items {
			it.Used = true
			*dst = append(*dst, schema.Clause{Text: it.Text, Source: src(s, it.Line)})
		}
	}
}

// table dispatches on the header shape.
func (p *parser) table(s *document.Section, b *document.Block) {
	t := b.Table
	if !p.checkTable(t) {
		return
	}
	h := strings.ToLower(strings.Join(t.Header, "|"))
	switch {
	case h == "field|type|notes" || h == "field|type":
		p.objectTable(s, t)
	case h == "object|field|type|notes":
		p.multiObjectTable(s, t)
	case strings.HasPrefix(h, "object|fields"):
		p.fieldListTable(s, t)
	case strings.HasPrefix(h, "variant|") && len(t.Header) == 3:
		p.variantTable(s, b)
	case strings.HasPrefix(h, "method|parameters|"):
		p.methodTable(s, t)
	case len(t.Header) == 2 && strings.HasSuffix(h, "|emitted when"):
		p.eventTable(s, t)
	case h == "area|limit":
		for _, r := range t.Rows {
			r.Used = true
			p.out.Limits = append(p.out.Limits, &schema.Limit{Area: r.Cell(0), Limit: r.Cell(1), Source: src(s, r.Line)})
		}
	case len(t.Header) == 5 && strings.HasPrefix(h, "subject|"):
		for _, r := range t.Rows {
			r.Used = true
			p.out.States = append(p.out.States, &schema.Transition{
				Subject: r.Cell(0), Trigger: r.Cell(1), Condition: r.Cell(2), Next: r.Cell(3), Also: r.Cell(4),
				Source: src(s, r.Line),
			})
		}
	default:
		p.errorf(t.Line, "table with columns %q: unknown table shape (known: Field|Type|Notes, Object|Field|Type|Notes, Object|Fields, Variant|<tag>|Extra fields, Method|Parameters|Result, <field>|Emitted when, Area|Limit, Subject|State|Condition|Next|Also)", clipText(strings.Join(t.Header, " | "), 200))
	}
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
