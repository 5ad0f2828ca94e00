package parser

import (
	"fmt"
	"strings"

	"github.com/apigen/apigen/parser/document"
	"github.com/apigen/apigen/schema"
)

// This file walks the seed layout: a Tree of h2/h3 sections whose tables
// are recognised by their header shape (seed_objects.go, seed_methods.go)
// and whose paragraphs and lists are notes, conventions and statements.

// seedLayout walks a document in the seed's layout over the core.
type seedLayout struct {
	*parser
	doc *document.Tree
}

func (p *seedLayout) run() {
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
func (p *seedLayout) note(s *document.Section, b *document.Block) {
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
func (p *seedLayout) statement(s *document.Section, text string, line int) {
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

// clauses keeps every statement of a block in dst.
func (p *seedLayout) clauses(dst *[]schema.Clause, s *document.Section, b *document.Block) {
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
func (p *seedLayout) table(s *document.Section, b *document.Block) {
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
