// Package seed is the seed's layout: it walks a document.Tree of h2/h3
// sections whose tables are recognised by their header shape (objects.go,
// methods.go) and whose paragraphs and lists are notes, conventions and
// statements, and returns what it reads as facts (package facts), which
// the core (package resolve) turns into the schema. Its author controls
// the document, so whatever it cannot read is an error that names the
// line.
package seed

import (
	"strings"

	"github.com/apigen/apigen/parser/internal/document"
	"github.com/apigen/apigen/parser/internal/facts"
	"github.com/apigen/apigen/parser/internal/grammar"
)

// Read walks doc, a document in the seed's layout, into facts.
func Read(doc *document.Tree) *facts.Doc {
	p := &seedLayout{Doc: &facts.Doc{Title: doc.Title}, doc: doc, listings: map[*facts.Object]*variantListing{}}
	p.run()
	return p.Doc
}

// seedLayout walks a document in the seed's layout into facts.
type seedLayout struct {
	*facts.Doc
	doc *document.Tree
	// listings are the objects a variant table defined, with what another
	// variant table listing the same object must agree with.
	listings map[*facts.Object]*variantListing
}

func (p *seedLayout) run() {
	for _, b := range p.doc.Blocks {
		p.note(nil, b)
	}
	for _, s := range p.doc.Sections {
		p.section(s)
		for _, c := range s.Children {
			p.section(c)
		}
	}
}

// at is the place of a line of section s (nil: the document's start).
func at(s *document.Section, line int) facts.Place {
	var hs []string
	for ; s != nil; s = s.Parent {
		hs = append([]string{s.Title}, hs...)
	}
	return facts.Place{Headings: hs, Line: line}
}

// section dispatches a section's blocks. Tables are recognised by their
// header; other blocks by the section they stand in.
func (p *seedLayout) section(s *document.Section) {
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
			p.clauses(facts.Auth, s, b)
		case title == "errors":
			p.clauses(facts.Errors, s, b)
		case title == "events":
			p.events(s, b)
		case title == "versioning":
			p.versions(s, b)
		case title == "what the service does":
			p.clauses(facts.Overview, s, b)
		default:
			p.note(s, b)
		}
	}
}

// note keeps a paragraph or list as free text, after checking it for the
// statements the parser acts on wherever they stand.
func (p *seedLayout) note(s *document.Section, b *document.Block) {
	switch b.Kind {
	case document.ParagraphBlock, document.QuoteBlock, document.PreBlock:
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
func (p *seedLayout) statement(s *document.Section, text string, line int) {
	if names, ok := notShownObjects(text); ok {
		for _, n := range names {
			p.NotShown = append(p.NotShown, facts.NotShown{Name: n, Place: at(s, line)})
		}
		p.AddClause(facts.Notes, text, at(s, line))
		return
	}
	if s != nil {
		if m := reDefaultResult.FindStringSubmatch(text); m != nil {
			p.Results = append(p.Results, facts.SectionResult{Place: at(s, line), Type: m[1]})
		}
		// A paragraph under an object's own heading describes the object.
		if o := p.Object(s.Title); o != nil && o.Place.Where() == s.Path() {
			o.Description = grammar.JoinText(o.Description, text)
			o.Rules = append(o.Rules, grammar.ObjectRules(text)...)
			return
		}
	}
	p.AddClause(facts.Notes, text, at(s, line))
}

// clauses keeps every statement of a block in the list dst.
func (p *seedLayout) clauses(dst facts.List, s *document.Section, b *document.Block) {
	switch b.Kind {
	case document.ParagraphBlock:
		b.Used = true
		p.AddClause(dst, b.Text, at(s, b.Line))
	case document.ListBlock:
		for _, it := range b.Items {
			it.Used = true
			p.AddClause(dst, it.Text, at(s, it.Line))
		}
	}
}

// table dispatches on the header shape.
func (p *seedLayout) table(s *document.Section, b *document.Block) {
	t := b.Table
	p.checkTable(t)
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
			p.Limits = append(p.Limits, facts.Limit{Area: r.Cell(0), Limit: r.Cell(1), Place: at(s, r.Line)})
		}
	case len(t.Header) == 5 && strings.HasPrefix(h, "subject|"):
		for _, r := range t.Rows {
			r.Used = true
			p.Transitions = append(p.Transitions, facts.Transition{
				Subject: r.Cell(0), Trigger: r.Cell(1), Condition: r.Cell(2), Next: r.Cell(3), Also: r.Cell(4),
				Place: at(s, r.Line),
			})
		}
	default:
		p.Errorf(t.Line, "table with columns %q: unknown table shape (known: Field|Type|Notes, Object|Field|Type|Notes, Object|Fields, Variant|<tag>|Extra fields, Method|Parameters|Result, <field>|Emitted when, Area|Limit, Subject|State|Condition|Next|Also)", clipText(strings.Join(t.Header, " | "), 200))
	}
}
