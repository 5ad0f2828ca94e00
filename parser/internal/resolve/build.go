package resolve

import (
	"path/filepath"

	"github.com/apigen/apigen/parser/internal/facts"
	"github.com/apigen/apigen/schema"
)

// Resolve turns the facts a layout read from the document named file into
// its schema, under the layout's policy, and reports to report (which may
// be nil) what was kept as text. It is the one function that writes the
// schema: the facts become the core's state here (build), in the order the
// layout read them, and are then resolved (resolve.go). When the layout
// met errors, the schema is built but not resolved, and the errors are
// returned.
func Resolve(file string, d *facts.Doc, pol Policy, report *Report) (*schema.Schema, []error) {
	p := &core{
		file:       file,
		pol:        pol,
		report:     report,
		out:        &schema.Schema{Title: d.Title, Source: filepath.Base(file)},
		listed:     map[*schema.Union]bool{},
		unionWhere: map[*schema.Union]string{},
		defs:       map[string]map[string][]*pending{},
		results:    map[string]string{},
		always:     map[string]string{},
		objects:    map[string]*objectCtx{},
		shorthands: map[string]*shorthandCtx{},
	}
	for _, k := range d.Kept {
		report.add(k.Kind, k.Where, k.Line, k.Text)
	}
	for _, e := range d.Errs {
		p.errs = append(p.errs, &Error{File: file, Line: e.Line, Msg: e.Msg})
	}
	p.build(d)
	if len(p.errs) > 0 {
		return p.out, p.errs
	}
	p.resolve()
	return p.out, p.errs
}

// source is the schema's record of a place: the innermost heading and the
// line.
func source(at facts.Place) schema.Source {
	return schema.Source{Section: at.Heading(), Line: at.Line}
}

// build makes the core's state from the facts: the schema's elements the
// document states whole, and the fields and parameters pending resolution.
func (p *core) build(d *facts.Doc) {
	s := p.out
	for _, w := range d.Warnings {
		p.warn(Warning{Construct: w.Construct, Target: w.Target, Where: w.Place.Where(), Line: w.Place.Line, Text: w.Text, Settle: w.Settle})
	}
	for _, fu := range d.Unions {
		u := &schema.Union{Name: fu.Name, Description: fu.Description, Source: source(fu.Place), Discriminator: fu.Discriminator, Degraded: fu.Degraded}
		for _, v := range fu.Variants {
			t, err := schema.ParseType(v.Type)
			if err != nil {
				p.errorf(fu.Place.Line, "union %s: variant %q: %v", fu.Name, v.Type, err)
				continue
			}
			u.Variants = append(u.Variants, &schema.Variant{Type: t, Tag: v.Tag, Note: v.Note})
		}
		s.Unions = append(s.Unions, u)
		p.listed[u] = fu.Listed
		p.unionWhere[u] = fu.Place.Where()
	}
	if d.Formatting != "" {
		s.Formatting = &schema.Formatting{Field: d.Formatting, Enum: pascal(d.Formatting)}
	}
	if d.Events != nil {
		s.Events = &schema.Events{}
		for _, k := range d.Events.Kinds {
			s.Events.Kinds = append(s.Events.Kinds, &schema.EventKind{Fields: k.Fields, When: k.When, Source: source(k.Place)})
		}
		p.eventOwner, p.eventLine = d.Events.Owner, d.Events.Line
	}
	for _, fe := range d.Enums {
		e := &schema.Enum{Name: p.enumOf(fe.Of), Description: fe.Description, Source: source(fe.Place)}
		for _, v := range fe.Values {
			e.Values = append(e.Values, &schema.EnumValue{Value: v.Value, Note: v.Note})
		}
		s.Enums = append(s.Enums, e)
	}
	p.addClauses(d.Clauses)
	for _, l := range d.Limits {
		s.Limits = append(s.Limits, &schema.Limit{Area: l.Area, Limit: l.Limit, Source: source(l.Place)})
	}
	for _, t := range d.Transitions {
		s.States = append(s.States, &schema.Transition{Subject: t.Subject, Trigger: t.Trigger, Condition: t.Condition, Next: t.Next, Also: t.Also, Source: source(t.Place)})
	}
	if svc := d.Service; svc != nil {
		s.Service = &schema.Service{BaseURL: svc.BaseURL, FileURL: svc.FileURL, Source: schema.Source{Line: svc.Line}}
	}
	for _, v := range d.Versions {
		sv := &schema.Version{Version: v.Name, Date: v.Date, Source: source(v.Place)}
		for _, c := range v.Changes {
			sv.Changes = append(sv.Changes, &schema.Change{Text: c})
		}
		s.Versions = append(s.Versions, sv)
	}
	for _, n := range d.NotShown {
		p.opaque = append(p.opaque, opaqueRef{Name: n.Name, Src: source(n.Place)})
	}
	for _, r := range d.Results {
		p.results[r.Place.Where()] = r.Type
	}
	// Definitions first: a bare name takes the nearest, and the fields
	// are registered when resolution starts.
	for _, def := range d.Definitions {
		scope := def.Place.Where()
		if def.Object != "" {
			scope = "object:" + def.Object
		}
		p.register(&pending{Field: &schema.Field{Name: def.Name}, Facts: def.Facts, Line: def.Place.Line, Scopes: []string{scope}})
	}
	for _, e := range d.Entries {
		switch e := e.(type) {
		case *facts.Object:
			p.buildObject(e)
		case *facts.Shorthand:
			p.buildShorthand(e)
		case *facts.Method:
			p.buildMethod(e)
		}
	}
}

// enumOf names an enum by what its values are.
func (p *core) enumOf(of facts.EnumOf) string {
	switch of {
	case facts.EventKinds:
		return kindsEnum(p.eventOwner)
	default:
		if p.out.Formatting == nil {
			return ""
		}
		return p.out.Formatting.Enum
	}
}

// kindsEnum names the enum of the kinds owner's fields carry ("Update" ->
// "UpdateType").
func kindsEnum(owner string) string { return owner + "Type" }

// addClauses keeps each statement in the list it belongs to.
func (p *core) addClauses(cs []facts.Clause) {
	s := p.out
	lists := map[facts.List]*[]schema.Clause{
		facts.Notes: &s.Notes, facts.Auth: &s.Auth, facts.Errors: &s.Errors,
		facts.Overview: &s.Overview, facts.RequestRules: &s.RequestRules, facts.Conventions: &s.Conventions,
	}
	for _, fc := range cs {
		list := lists[fc.List]
		switch fc.List {
		case facts.EventRules:
			if s.Events == nil {
				s.Events = &schema.Events{}
			}
			list = &s.Events.Rules
		case facts.FormattingRules:
			if s.Formatting == nil {
				s.Formatting = &schema.Formatting{}
			}
			list = &s.Formatting.Rules
		}
		*list = append(*list, schema.Clause{Name: fc.Name, Text: fc.Text, Source: source(fc.Place)})
	}
}

// buildObject adds an object, and its fields to the pending ones.
func (p *core) buildObject(fo *facts.Object) {
	o := &schema.Object{Name: fo.Name, Opaque: fo.Opaque, Description: fo.Description, Notes: fo.Notes, StringForm: fo.StringForm, Unions: fo.Unions, Source: source(fo.Place)}
	p.out.Objects = append(p.out.Objects, o)
	if fo.Opaque {
		return
	}
	ctx := &objectCtx{Obj: o, RawRules: fo.Rules}
	p.objects[o.Name] = ctx
	req := !fo.AllOptional
	for _, f := range fo.Fields {
		fld := &schema.Field{Name: f.Name, Source: source(f.Place)}
		o.Fields = append(o.Fields, fld)
		pd := &pending{
			Field: fld, Facts: f.Facts, Owner: o.Name, Line: f.Place.Line,
			Scopes:          append([]string{"object:" + o.Name}, f.Place.Scopes()...),
			defaultRequired: &req,
			Where:           f.Place.Where(),
			Rules:           &o.Rules,
			MarkedTable:     f.MarkedTable,
			Fixed:           f.Fixed,
		}
		p.pending = append(p.pending, pd)
		ctx.fields = append(ctx.fields, pd)
	}
}

// param makes a pending parameter of a method or shorthand group.
func (p *core) param(f *facts.Field, owner string, rules *[]*schema.Rule) *pending {
	pd := &pending{
		Field: &schema.Field{Name: f.Name, Source: source(f.Place)}, Facts: f.Facts,
		Owner: owner, Method: true, Line: f.Place.Line, Scopes: f.Place.Scopes(), Rules: rules, Where: f.Place.Where(),
	}
	p.pending = append(p.pending, pd)
	return pd
}

// buildShorthand adds a group of parameters several methods share.
func (p *core) buildShorthand(fg *facts.Shorthand) {
	g := &schema.Shorthand{Name: fg.Name, Notes: fg.Notes, Source: source(fg.Place)}
	ctx := &shorthandCtx{G: g, Rules: fg.Rules, Result: fg.Result}
	for _, f := range fg.Params {
		pd := p.param(f, g.Name, &g.Rules)
		g.Params = append(g.Params, pd.Field)
		ctx.Pending = append(ctx.Pending, pd)
	}
	p.shorthands[g.Name] = ctx
	p.out.Shorthands = append(p.out.Shorthands, g)
}

// buildMethod adds a method, its parameters to the pending ones, and its
// result kept as raw JSON when its prose states none the reader reads.
func (p *core) buildMethod(fm *facts.Method) {
	m := &schema.Method{Name: fm.Name, Group: fm.Group, Description: fm.Description, Source: source(fm.Place)}
	ctx := &methodCtx{M: m, Place: fm.Place.Where(), Line: fm.Place.Line, Result: fm.Result, Rules: fm.Rules}
	if fm.ResultUnread {
		ctx.Result = p.rawResult(fm)
	}
	for _, prm := range fm.Params {
		if prm.Field == nil {
			ctx.Entries = append(ctx.Entries, methodEntry{Group: prm.Group, Override: prm.Override, Line: prm.Line})
			continue
		}
		pd := p.param(prm.Field, m.Name, &m.Rules)
		ctx.Pending = append(ctx.Pending, pd)
		ctx.Entries = append(ctx.Entries, methodEntry{Param: pd, Line: prm.Line})
	}
	p.methods = append(p.methods, ctx)
	p.out.Methods = append(p.out.Methods, m)
}

// rawResult degrades the result of a method whose prose states it in
// words the result reader does not read ("The bot gets back the new
// Message."): the result is an object of its own kept as raw JSON (an
// object without fields keeps the JSON as received, whatever it is), with
// a warning naming the method and the overlay line that states the type.
// It returns the object's name.
func (p *core) rawResult(fm *facts.Method) string {
	method := fm.Name
	name := pascal(method) + "Result"
	for p.knownType(name) {
		name += "Raw"
	}
	p.out.Objects = append(p.out.Objects, &schema.Object{
		Name: name, Opaque: true, Source: source(fm.Place),
		Description: "The result of " + method + ", kept as raw JSON: the page states it in words apigen does not read.",
	})
	p.warn(Warning{
		Construct: "method " + method, Target: method, Where: fm.Place.Where(), Line: fm.Place.Line,
		Text:   "no sentence of its description states the result as \"Returns <type>\" or \"<type> is returned\"; the result is kept as raw JSON (" + name + ")",
		Settle: "to settle it, add to an overlay for this page (docs/overlays.md) the result the page states: - {target: " + method + ", returns: <its type>, reason: <the sentence that says so>}",
	})
	return name
}
