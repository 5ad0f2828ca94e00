package resolve

import (
	"path/filepath"
	"strings"

	"github.com/apigen/apigen/schema"
)

// The core owns the schema it builds: a layout hands it what it read
// through these methods and never reaches the schema itself, so that every
// write has one place, the one that also resolves.

// New starts the core's state for one document named file, whose title
// is title, read under the layout's policy.
func New(file, title string, pol Policy) *Core {
	return &Core{
		File:       file,
		Policy:     pol,
		out:        &schema.Schema{Title: title, Source: filepath.Base(file)},
		Defs:       map[string]map[string][]*Pending{},
		Results:    map[string]string{},
		Always:     map[string]string{},
		Objects:    map[string]*ObjectCtx{},
		Shorthands: map[string]*ShorthandCtx{},
	}
}

// Clauses names a list of the document's statements the schema keeps.
type Clauses uint8

const (
	// Notes are statements kept as text.
	Notes Clauses = iota
	// Auth, Errors and Overview are the sections of those names.
	Auth
	Errors
	Overview
	// RequestRules are the rules every request follows.
	RequestRules
	// Conventions are the conventions every value follows.
	Conventions
	// EventRules are the rules of the events section.
	EventRules
	// FormattingRules are the rules of the text formatting.
	FormattingRules
)

// AddClause keeps a statement in the list it belongs to.
func (p *Core) AddClause(list Clauses, c schema.Clause) {
	s := p.out
	switch list {
	case Notes:
		s.Notes = append(s.Notes, c)
	case Auth:
		s.Auth = append(s.Auth, c)
	case Errors:
		s.Errors = append(s.Errors, c)
	case Overview:
		s.Overview = append(s.Overview, c)
	case RequestRules:
		s.RequestRules = append(s.RequestRules, c)
	case Conventions:
		s.Conventions = append(s.Conventions, c)
	case EventRules:
		p.events().Rules = append(p.events().Rules, c)
	case FormattingRules:
		s.Formatting.Rules = append(s.Formatting.Rules, c)
	}
}

// NameConventions names the conventions whose text defines something:
// name returns the name, or "".
func (p *Core) NameConventions(name func(text string) string) {
	for i := range p.out.Conventions {
		if n := name(p.out.Conventions[i].Text); n != "" {
			p.out.Conventions[i].Name = n
		}
	}
}

// AddObject adds an object the document defines whole (an opaque one, or
// a result kept as raw JSON); objects with fields start with NewObject.
func (p *Core) AddObject(o *schema.Object) { p.out.Objects = append(p.out.Objects, o) }

// AddUnion adds a union the document defines.
func (p *Core) AddUnion(u *schema.Union) { p.out.Unions = append(p.out.Unions, u) }

// AddMethod adds a method, read with its context.
func (p *Core) AddMethod(ctx *MethodCtx) {
	p.Methods = append(p.Methods, ctx)
	p.out.Methods = append(p.out.Methods, ctx.M)
}

// AddShorthand adds a group of parameters several methods share.
func (p *Core) AddShorthand(ctx *ShorthandCtx) {
	p.Shorthands[ctx.G.Name] = ctx
	p.out.Shorthands = append(p.out.Shorthands, ctx.G)
}

// AddEnum adds an enum the document lists.
func (p *Core) AddEnum(e *schema.Enum) { p.out.Enums = append(p.out.Enums, e) }

// AddLimit and AddTransition keep the rows of the limits and states
// tables.
func (p *Core) AddLimit(l *schema.Limit)           { p.out.Limits = append(p.out.Limits, l) }
func (p *Core) AddTransition(t *schema.Transition) { p.out.States = append(p.out.States, t) }

// AddEventKind adds a kind of event and the fields that carry it.
func (p *Core) AddEventKind(k *schema.EventKind) { p.events().Kinds = append(p.events().Kinds, k) }

// events is the events section, started at its first fact.
func (p *Core) events() *schema.Events {
	if p.out.Events == nil {
		p.out.Events = &schema.Events{}
	}
	return p.out.Events
}

// StartEvents records that the document has an events section.
func (p *Core) StartEvents() { p.events() }

// Formatting is the text formatting the document states, started for
// field at its first fact.
func (p *Core) Formatting(field string) *schema.Formatting {
	if p.out.Formatting == nil {
		p.out.Formatting = &schema.Formatting{Field: field, Enum: Pascal(field)}
	}
	return p.out.Formatting
}

// SetService records where the service is reached.
func (p *Core) SetService(svc *schema.Service) { p.out.Service = svc }

// Version finds the version name, or adds it (at the end, or first when
// the document lists the newest first).
func (p *Core) Version(name string, src schema.Source, first bool) *schema.Version {
	for _, v := range p.out.Versions {
		if v.Version == name {
			return v
		}
	}
	v := &schema.Version{Version: name, Source: src}
	if first {
		p.out.Versions = append([]*schema.Version{v}, p.out.Versions...)
	} else {
		p.out.Versions = append(p.out.Versions, v)
	}
	return v
}

// Lookups of what has been read so far.

func (p *Core) Object(name string) *schema.Object { return p.out.Object(name) }
func (p *Core) Union(name string) *schema.Union   { return p.out.Union(name) }
func (p *Core) Enum(name string) *schema.Enum     { return p.out.Enum(name) }
func (p *Core) Method(name string) *schema.Method { return p.out.Method(name) }

// MethodAnyCase is the method named name in any case (the wire's method
// names are case-insensitive), or nil.
func (p *Core) MethodAnyCase(name string) *schema.Method {
	for _, m := range p.out.Methods {
		if strings.EqualFold(m.Name, name) {
			return m
		}
	}
	return nil
}

// Unions and Versions list what has been read so far, in order.
func (p *Core) Unions() []*schema.Union     { return p.out.Unions }
func (p *Core) Versions() []*schema.Version { return p.out.Versions }

// Result is the schema built and the errors met: what Parse returns.
func (p *Core) Result() (*schema.Schema, []error) { return p.out, p.Errs }
