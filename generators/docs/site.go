package docs

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/schema"
)

// buildSite computes every page of the reference from the schema.
func buildSite(m *gomodel.Model, importPath string) *Site {
	s := m.Schema
	l := newLinker(s)
	l.export = m.ExportName
	b := &builder{l: l, s: s, m: m, importPath: importPath}
	b.fieldGoName = b.fieldGoNames()
	b.collectUsage()

	site := &Site{Title: s.Title, Version: s.Version, Source: s.Source, SchemaFile: schemaFile}
	guides := b.guidePages()
	site.Index = b.indexPage(guides)
	site.Nav = append(site.Nav, Link{Text: "Overview", Page: pageIndex})
	for _, g := range guides {
		site.Nav = append(site.Nav, Link{Text: g.Title, Page: g.ID})
	}
	for _, sec := range []struct{ title, id string }{
		{"Methods", "methods"}, {"Objects", "objects"}, {"Unions", "unions"}, {"Enums", "enums"},
	} {
		for _, blk := range site.Index.Blocks {
			if blk.ID == sec.id {
				site.Nav = append(site.Nav, Link{Text: sec.title, Page: pageIndex, Frag: sec.id})
			}
		}
	}
	site.NavGroups = b.navGroups()
	site.Pages = append(site.Pages, guides...)
	for _, m := range s.Methods {
		site.Pages = append(site.Pages, b.methodPage(m))
	}
	for _, o := range s.Objects {
		site.Pages = append(site.Pages, b.objectPage(o))
	}
	for _, u := range s.Unions {
		site.Pages = append(site.Pages, b.unionPage(u))
	}
	for _, e := range s.Enums {
		site.Pages = append(site.Pages, b.enumPage(e))
	}
	return site
}

type builder struct {
	l *linker
	s *schema.Schema
	m *gomodel.Model
	// importPath is the generated Go package's import path ("" when
	// unknown): Go names link to its documentation on pkg.go.dev.
	importPath string
	// fieldGoName maps wire names of fields and parameters to Go names.
	fieldGoName map[string]string
	// usedBy lists, per type or enum name, the fields, parameters and
	// unions that refer to it; returnedBy the methods that return it.
	usedBy, returnedBy map[string][]Link
}

func (b *builder) collectUsage() {
	b.usedBy, b.returnedBy = map[string][]Link{}, map[string][]Link{}
	// The links each list already has: scanning the list instead made the
	// lists of common types (String, Integer: every field of that type)
	// cost the square of the document.
	type entry struct {
		usedBy bool
		name   string
		link   Link
	}
	seen := map[entry]bool{}
	add := func(usedBy bool, name string, lk Link) {
		e := entry{usedBy, name, lk}
		if seen[e] {
			return
		}
		seen[e] = true
		m := b.returnedBy
		if usedBy {
			m = b.usedBy
		}
		m[name] = append(m[name], lk)
	}
	field := func(f *schema.Field, lk Link) {
		add(true, f.Type.Base(), lk)
		for c := f.Constraints; c != nil; c = c.Each {
			if c.Enum != "" {
				add(true, c.Enum, lk)
			}
		}
	}
	for _, o := range b.s.Objects {
		for _, f := range o.Fields {
			field(f, Link{Text: o.Name + "." + f.Name, Page: b.l.pageID(kindObject, o.Name), Frag: fieldFrag(f.Name)})
		}
	}
	for _, m := range b.s.Methods {
		for _, p := range m.Params {
			field(p, Link{Text: m.Name + "." + p.Name, Page: b.l.pageID(kindMethod, m.Name), Frag: paramFrag(p.Name)})
		}
		if !m.Returns.IsZero() {
			add(false, m.Returns.Base(), b.l.methodLink(m.Name))
		}
	}
	for _, u := range b.s.Unions {
		for _, v := range u.Variants {
			add(true, v.Type.Base(), b.l.typeLink(u.Name))
		}
	}
	if f := b.s.Formatting; f != nil && f.Enum != "" {
		add(true, f.Enum, Link{Text: "Text formatting", Page: pageFormatting})
	}
}

// linkList joins links with commas.
func linkList(links []Link) Text {
	var t Text
	for i, lk := range links {
		if i > 0 {
			t = append(t, Link{Text: ", "})
		}
		t = append(t, lk)
	}
	return t
}

func sourceText(src schema.Source) string {
	switch {
	case src.Section != "" && src.Line > 0:
		return fmt.Sprintf("section %q, line %d", src.Section, src.Line)
	case src.Line > 0:
		return fmt.Sprintf("line %d", src.Line)
	case src.Section != "":
		return fmt.Sprintf("section %q", src.Section)
	}
	return ""
}

// summary is the first sentence of a description.
func summary(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

func requiredText(req bool) string {
	if req {
		return "Required"
	}
	return "Optional"
}

// fieldsTable renders object fields or method parameters. st is their Go
// struct (nil for a shorthand group: no struct of its own); frag names the
// row anchors; rowPrefix prefixes the search names ("Message.").
func (b *builder) fieldsTable(fields []*schema.Field, st *gomodel.Struct, self, first string, frag func(string) string, rowPrefix, searchKind string) *Table {
	t := &Table{Head: []string{first, "Type", "Required", "Go field", "Description"}}
	for _, f := range fields {
		name := Cell{Text: plain(f.Name), Code: true}
		if sb := b.l.since(f.Since); sb != nil {
			name.Badges = append(name.Badges, *sb)
		}
		desc := Cell{Text: b.l.linkify(f.Description, self)}
		if f.Description == "" {
			desc = b.describedElsewhere(f, self, frag != nil)
		}
		if f.JSONSerialized {
			desc.Badges = append(desc.Badges, Link{Text: "JSON-serialized"})
		}
		if f.ZeroMeaningful {
			desc.Badges = append(desc.Badges, Link{Text: "zero is a value"})
		}
		if f.From != "" {
			from := Link{Text: "from " + f.From}
			if b.s.Shorthand(f.From) != nil {
				from.Page, from.Frag = pageRequests, "shorthand-"+anchor(f.From)
			}
			desc.Badges = append(desc.Badges, from)
		}
		typ := b.l.typeText(f.Type)
		for c := f.Constraints; c != nil; c = c.Each {
			if c.Enum != "" {
				typ = append(typ, Link{Text: " ("}, b.l.typeLink(c.Enum), Link{Text: ")"})
				break
			}
		}
		goField := Text{{Text: b.goName("field", f.Name)}}
		if st != nil {
			if gf := st.Field(f.Name); gf != nil {
				goField = append(goField, Link{Text: " "}, b.goTypeText(gf.Type))
			}
		}
		row := &Row{Class: "opt", Cells: []Cell{name, {Text: typ}, {Text: plain(requiredText(f.Required))}, {Text: goField, Code: true}, desc}}
		if f.Required {
			row.Class = "req"
		}
		if frag != nil {
			row.ID = frag(f.Name)
			row.Search = rowPrefix + f.Name
			row.SearchKind = searchKind
			row.SearchDesc = f.Type.String()
			if gf := b.goName("field", f.Name); gf != "" {
				row.SearchGo = b.goName("type", strings.TrimSuffix(rowPrefix, ".")) + "." + gf
				if searchKind == "parameter" {
					row.SearchGo = b.goName("params", strings.TrimSuffix(rowPrefix, ".")) + "." + gf
				}
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// constraintsBlock is the table of every constraint of fields, or nil.
func (b *builder) constraintsBlock(fields []*schema.Field, member func(string) Link, first string) *Block {
	t := &Table{Head: []string{first, "Constraint", "Value"}}
	for _, f := range fields {
		for _, r := range b.l.constraintRows(f.Constraints, "") {
			t.Rows = append(t.Rows, &Row{Cells: []Cell{{Text: Text{member(f.Name)}, Code: true}, {Text: plain(r.kind)}, {Text: r.value}}})
		}
	}
	if len(t.Rows) == 0 {
		return nil
	}
	return &Block{ID: "constraints", Title: "Constraints", Table: t}
}

func (b *builder) rulesBlock(rules []*schema.Rule, self string, member func(string) Link) *Block {
	if len(rules) == 0 {
		return nil
	}
	t := &Table{Head: []string{"Rule", "Applies to", "As the document says"}}
	for _, r := range rules {
		t.Rows = append(t.Rows, b.l.ruleRow(r, self, member))
	}
	return &Block{ID: "rules", Title: "Rules", Table: t}
}

func (b *builder) usageBlocks(name string) []*Block {
	var out []*Block
	if rb := b.returnedBy[name]; len(rb) > 0 {
		out = append(out, &Block{ID: "returned-by", Title: "Returned by", Intro: linkList(rb)})
	}
	if ub := b.usedBy[name]; len(ub) > 0 {
		out = append(out, &Block{ID: "used-by", Title: "Used by", Intro: linkList(ub)})
	}
	return out
}

func appendBlocks(p *Page, blocks ...*Block) {
	for _, blk := range blocks {
		if blk != nil {
			p.Blocks = append(p.Blocks, blk)
		}
	}
}

func (b *builder) objectPage(o *schema.Object) *Page {
	id := b.l.pageID(kindObject, o.Name)
	p := &Page{ID: id, Kind: kindObject, Title: o.Name, Since: b.l.since(o.Since),
		Desc: b.l.linkify(o.Description, id), Source: sourceText(o.Source), Summary: summary(o.Description)}
	member := func(n string) Link {
		if o.Field(n) != nil {
			return Link{Text: n, Page: id, Frag: fieldFrag(n)}
		}
		return Link{Text: n}
	}
	p.Facts = append(p.Facts, Fact{"Go type", Text{b.goDoc(b.goName("type", o.Name))}})
	p.GoNames = []string{b.goName("type", o.Name)}
	for _, un := range o.Unions {
		v := Text{b.l.typeLink(un)}
		if u := b.s.Union(un); u != nil && u.Discriminator != "" {
			for _, vr := range u.Variants {
				if vr.Type.Name == o.Name && vr.Tag != "" {
					v = append(v, Link{Text: fmt.Sprintf(" (%s = %s)", u.Discriminator, strconv.Quote(vr.Tag))})
				}
			}
		}
		p.Facts = append(p.Facts, Fact{"Variant of", v})
	}
	if o.StringForm != "" {
		p.Facts = append(p.Facts, Fact{"String form", b.l.linkify(o.StringForm, id)})
	}
	if o.Opaque {
		p.Facts = append(p.Facts, Fact{"Fields", plain("not shown in the specification; the JSON is passed through unchanged")})
	}
	if len(o.Fields) > 0 {
		appendBlocks(p, &Block{ID: "fields", Title: "Fields", Table: b.fieldsTable(o.Fields, b.m.Object(o.Name), id, "Field", fieldFrag, o.Name+".", "field")})
	}
	appendBlocks(p, b.constraintsBlock(o.Fields, member, "Field"), b.rulesBlock(o.Rules, id, member))
	if len(o.Notes) > 0 {
		blk := &Block{ID: "notes", Title: "Notes"}
		for _, n := range o.Notes {
			blk.Items = append(blk.Items, b.l.linkify(n, id))
		}
		appendBlocks(p, blk)
	}
	appendBlocks(p, b.usageBlocks(o.Name)...)
	return p
}

func (b *builder) methodPage(m *schema.Method) *Page {
	id := b.l.pageID(kindMethod, m.Name)
	what := b.whatItDoes(m, id)
	p := &Page{ID: id, Kind: kindMethod, Title: m.Name, Since: b.l.since(m.Since),
		Desc: join(" ", what, b.l.linkify(m.Description, id)), Source: sourceText(m.Source), Summary: summary(join(" ", what, plain(m.Description)).String())}
	member := func(n string) Link {
		if m.Param(n) != nil {
			return Link{Text: n, Page: id, Frag: paramFrag(n)}
		}
		return Link{Text: n}
	}
	if !m.Returns.IsZero() {
		ret := b.l.typeText(m.Returns)
		if m.ReturnsNote != "" {
			ret = join(". ", ret, b.l.linkify(m.ReturnsNote, id))
		}
		p.Facts = append(p.Facts, Fact{"Returns", ret})
	}
	if m.Group != "" {
		p.Facts = append(p.Facts, Fact{"Group", Text{{Text: m.Group, Page: pageIndex, Frag: groupFrag(m.Group)}}})
	}
	if m.Multipart {
		p.Facts = append(p.Facts, Fact{"Uploads", plain("multipart/form-data when a file is uploaded")})
	}
	p.Facts = append(p.Facts,
		Fact{"Go client", Text{b.goDoc(b.goName("method", m.Name)), {Text: "(ctx, *"}, b.goDoc(b.goName("params", m.Name)), {Text: ")"}}},
		Fact{"Go server", Text{b.goDoc(b.goName("service", m.Name)), {Text: " (implement it; NewServer routes " + m.Name + " to it)"}}})
	p.GoNames = []string{b.goName("method", m.Name), b.goName("params", m.Name)}
	if len(m.Params) > 0 {
		var st *gomodel.Struct
		if gm := b.m.Method(m.Name); gm != nil {
			st = gm.Params
		}
		appendBlocks(p, &Block{ID: "parameters", Title: "Parameters", Table: b.fieldsTable(m.Params, st, id, "Parameter", paramFrag, m.Name+".", "parameter")})
	} else {
		appendBlocks(p, &Block{ID: "parameters", Title: "Parameters", Intro: plain("None.")})
	}
	appendBlocks(p, b.constraintsBlock(m.Params, member, "Parameter"), b.rulesBlock(m.Rules, id, member))
	intro := "POST " + m.Name + " with a JSON body holding what a call needs: the required parameters, and those its rules require (built from the schema; the other optional ones are left out):"
	if parts := uploadParts(m); len(parts) > 0 {
		intro = "POST " + m.Name + " as multipart/form-data: the file as the part " + strings.Join(parts, ", ") + " (an upload cannot travel in JSON), and these fields (built from the schema; the optional ones are left out):"
	}
	appendBlocks(p, &Block{ID: "example", Title: "Example request", Intro: plain(intro), Code: b.exampleRequest(m), Lang: "json"})
	if code := b.goExample(m); code != "" {
		appendBlocks(p, &Block{ID: "example-go", Title: "Example in Go", Lang: "go", Code: code,
			Intro: Text{{Text: "The same request with the generated client ("}, b.goDoc("NewClient"), {Text: "), in a function with a context ctx:"}}})
	}
	if t := b.statesTable(func(tr *schema.Transition) bool {
		return hasWord(tr.Subject, m.Name) || hasWord(tr.Trigger, m.Name) || hasWord(tr.Condition, m.Name) || hasWord(tr.Also, m.Name)
	}, id); t != nil {
		appendBlocks(p, &Block{ID: "transitions", Title: "States and transitions", Table: t})
	}
	return p
}

func groupFrag(g string) string {
	return "group-" + anchor(strings.ReplaceAll(strings.ToLower(g), " ", "-"))
}

// hasWord reports whether w occurs in s as a whole identifier.
func hasWord(s, w string) bool {
	for i := 0; ; {
		k := strings.Index(s[i:], w)
		if k < 0 {
			return false
		}
		start, end := i+k, i+k+len(w)
		if (start == 0 || !identByte(s[start-1])) && (end == len(s) || !identByte(s[end])) {
			return true
		}
		i = start + 1
	}
}

func (b *builder) unionPage(u *schema.Union) *Page {
	id := b.l.pageID(kindUnion, u.Name)
	p := &Page{ID: id, Kind: kindUnion, Title: u.Name, Since: b.l.since(u.Since),
		Desc: b.l.linkify(u.Description, id), Source: sourceText(u.Source), Summary: summary(u.Description)}
	p.Facts = append(p.Facts, Fact{"Go type", Text{b.goDoc(b.goName("type", u.Name))}})
	p.GoNames = []string{b.goName("type", u.Name)}
	if u.Discriminator != "" {
		p.Facts = append(p.Facts, Fact{"Discriminator", plain(u.Discriminator)})
	}
	var hasTag, hasKey, hasNote bool
	for _, v := range u.Variants {
		hasTag = hasTag || v.Tag != ""
		hasKey = hasKey || len(v.Requires) > 0
		hasNote = hasNote || v.Note != ""
	}
	t := &Table{Head: []string{"Variant"}}
	if hasTag {
		t.Head = append(t.Head, u.Discriminator+" value")
	}
	if hasKey {
		t.Head = append(t.Head, "Told apart by")
	}
	if hasNote {
		t.Head = append(t.Head, "Note")
	}
	for _, v := range u.Variants {
		row := &Row{Cells: []Cell{{Text: b.l.typeText(v.Type)}}}
		if hasTag {
			row.Cells = append(row.Cells, Cell{Text: plain(v.Tag), Code: v.Tag != ""})
		}
		if hasKey {
			key := b.l.variantKey(b.s, u, v)
			row.Cells = append(row.Cells, Cell{Text: key, Code: len(key) > 0})
		}
		if hasNote {
			row.Cells = append(row.Cells, Cell{Text: b.l.linkify(v.Note, id)})
		}
		t.Rows = append(t.Rows, row)
	}
	appendBlocks(p, &Block{ID: "variants", Title: "Variants", Table: t})
	appendBlocks(p, b.usageBlocks(u.Name)...)
	return p
}

// variantKey says how JSON tells v apart from the other variants of its
// group: the member only it has, else its required members and any stated
// constant (schema.Variant gives the rule).
func (l *linker) variantKey(s *schema.Schema, u *schema.Union, v *schema.Variant) Text {
	o := l.objects[v.Type.Name]
	link := func(n string) Link {
		if o != nil && o.Field(n) != nil {
			return Link{Text: n, Page: l.pageID(kindObject, o.Name), Frag: fieldFrag(n)}
		}
		return Link{Text: n}
	}
	if k := s.VariantKey(u, v); k != "" && v.Const == nil {
		return Text{link(k)}
	}
	var out Text
	for i, n := range v.Requires {
		if i > 0 {
			out = append(out, Link{Text: ", "})
		}
		out = append(out, link(n))
	}
	if c := v.Const; c != nil {
		out = append(out, Link{Text: "; "}, link(c.Field), Link{Text: " = " + c.JSON})
	}
	return out
}

func (b *builder) enumPage(e *schema.Enum) *Page {
	id := b.l.pageID(kindEnum, e.Name)
	p := &Page{ID: id, Kind: kindEnum, Title: e.Name,
		Desc: b.l.linkify(e.Description, id), Source: sourceText(e.Source), Summary: summary(e.Description)}
	var named, noted bool
	for _, v := range e.Values {
		named = named || v.Name != ""
		noted = noted || v.Note != ""
	}
	t := &Table{Head: []string{"Value"}}
	if named {
		t.Head = []string{"Name", "Value"}
	}
	t.Head = append(t.Head, "Go constant")
	if noted {
		t.Head = append(t.Head, "Note")
	}
	p.Facts = append(p.Facts, Fact{"Go type", Text{b.goDoc(b.goName("type", e.Name))}})
	p.GoNames = []string{b.goName("type", e.Name)}
	for _, v := range e.Values {
		first := Cell{Text: plain(v.Label()), Code: true}
		if sb := b.l.since(v.Since); sb != nil {
			first.Badges = append(first.Badges, *sb)
		}
		row := &Row{ID: valueFrag(v.Label()), Cells: []Cell{first},
			Search: e.Name + "." + v.Label(), SearchKind: "enum value", SearchDesc: v.Value}
		if named {
			row.Cells = append(row.Cells, Cell{Text: plain(v.Value), Code: true})
		}
		row.Cells = append(row.Cells, Cell{Text: plain(b.goName("const", e.Name, v.Label())), Code: true})
		row.SearchGo = b.goName("const", e.Name, v.Label())
		if noted {
			row.Cells = append(row.Cells, Cell{Text: b.l.linkify(v.Note, id)})
		}
		t.Rows = append(t.Rows, row)
	}
	appendBlocks(p, &Block{ID: "values", Title: "Values", Table: t})
	appendBlocks(p, b.usageBlocks(e.Name)...)
	return p
}

// clauses renders free-text statements as list items.
func (b *builder) clauses(cs []schema.Clause, self string) []Text {
	var out []Text
	for _, c := range cs {
		out = append(out, b.l.linkify(c.Text, self))
	}
	return out
}

// statesTable renders the transitions keep accepts, or nil.
func (b *builder) statesTable(keep func(*schema.Transition) bool, self string) *Table {
	t := &Table{Head: []string{"Subject", "State / trigger", "Condition", "Next state", "Also happens"}}
	for _, tr := range b.s.States {
		if keep != nil && !keep(tr) {
			continue
		}
		t.Rows = append(t.Rows, &Row{Cells: []Cell{
			{Text: b.l.linkify(tr.Subject, self)}, {Text: b.l.linkify(tr.Trigger, self)},
			{Text: b.l.linkify(tr.Condition, self)}, {Text: b.l.linkify(tr.Next, self)},
			{Text: b.l.linkify(tr.Also, self)},
		}})
	}
	if len(t.Rows) == 0 {
		return nil
	}
	return t
}

// guidePages renders the document's sections other than the reference
// proper, each only when the schema has it.
func (b *builder) guidePages() []*Page {
	s := b.s
	var pages []*Page
	if len(s.RequestRules) > 0 || len(s.Shorthands) > 0 {
		p := &Page{ID: pageRequests, Title: "Request rules", Summary: "How requests are made, and the parameter groups methods share."}
		if len(s.RequestRules) > 0 {
			appendBlocks(p, &Block{ID: "rules", Title: "Common request rules", Ordered: true, Items: b.clauses(s.RequestRules, p.ID)})
		}
		for _, g := range s.Shorthands {
			blk := &Block{ID: "shorthand-" + anchor(g.Name), Title: g.Name, Table: b.fieldsTable(g.Params, nil, p.ID, "Parameter", nil, "", "")}
			var intro []Text
			for _, r := range g.Rules {
				intro = append(intro, b.l.linkify(r.Text, p.ID))
			}
			if g.Returns != nil {
				intro = append(intro, join("", plain("Result: "), b.l.typeText(*g.Returns), plain(".")))
			}
			for _, n := range g.Notes {
				intro = append(intro, b.l.linkify(n, p.ID))
			}
			var users []Link
			for _, m := range s.Methods {
				for _, prm := range m.Params {
					if prm.From == g.Name {
						users = append(users, b.l.methodLink(m.Name))
						break
					}
				}
			}
			if len(users) > 0 {
				intro = append(intro, join("", plain("Used by: "), linkList(users), plain(".")))
			}
			blk.Intro = join(" ", intro...)
			appendBlocks(p, blk)
		}
		pages = append(pages, p)
	}
	if len(s.Auth) > 0 {
		p := &Page{ID: pageAuth, Title: "Authentication", Summary: "How a bot authenticates."}
		appendBlocks(p, &Block{ID: "rules", Title: "Rules", Ordered: true, Items: b.clauses(s.Auth, p.ID)})
		pages = append(pages, p)
	}
	if f := s.Formatting; f != nil {
		p := &Page{ID: pageFormatting, Title: "Text formatting", Summary: "Markup accepted in " + f.Field + "."}
		if f.Field != "" {
			p.Facts = append(p.Facts, Fact{"Parameter", plain(f.Field)})
		}
		if f.Enum != "" {
			modes := Text{b.l.typeLink(f.Enum)}
			if e := s.Enum(f.Enum); e != nil {
				var vals []string
				for _, v := range e.Values {
					vals = append(vals, v.Label())
				}
				modes = append(modes, Link{Text: ": " + strings.Join(vals, ", ")})
			}
			p.Facts = append(p.Facts, Fact{"Modes", modes})
		}
		if len(f.Rules) > 0 {
			appendBlocks(p, &Block{ID: "rules", Title: "Rules", Items: b.clauses(f.Rules, p.ID)})
		}
		pages = append(pages, p)
	}
	if ev := s.Events; ev != nil {
		p := &Page{ID: pageEvents, Title: "Events", Summary: "Which update field carries which event."}
		holder := b.m.EventHolder()
		t := &Table{Head: []string{"Field", "Emitted when"}}
		for _, k := range ev.Kinds {
			var fields Text
			for i, f := range k.Fields {
				if i > 0 {
					fields = append(fields, Link{Text: ", "})
				}
				lk := Link{Text: f}
				if holder != nil {
					lk.Page, lk.Frag = b.l.pageID(kindObject, holder.Name), fieldFrag(f)
				}
				fields = append(fields, lk)
			}
			t.Rows = append(t.Rows, &Row{Cells: []Cell{{Text: fields, Code: true}, {Text: b.l.linkify(k.When, p.ID)}}})
		}
		if holder != nil {
			p.Facts = append(p.Facts, Fact{"Carried by", Text{b.l.typeLink(holder.Name)}})
		}
		appendBlocks(p, &Block{ID: "kinds", Title: "Event kinds", Table: t})
		if len(ev.Rules) > 0 {
			appendBlocks(p, &Block{ID: "rules", Title: "Rules", Ordered: true, Items: b.clauses(ev.Rules, p.ID)})
		}
		pages = append(pages, p)
	}
	if len(s.Errors) > 0 {
		p := &Page{ID: pageErrors, Title: "Errors", Summary: "How failures are reported."}
		appendBlocks(p, &Block{ID: "rules", Title: "Rules", Ordered: true, Items: b.clauses(s.Errors, p.ID)})
		pages = append(pages, p)
	}
	if len(s.Limits) > 0 {
		p := &Page{ID: pageLimits, Title: "Limits", Summary: "Size, rate and range limits."}
		t := &Table{Head: []string{"Area", "Limit"}}
		for _, lim := range s.Limits {
			t.Rows = append(t.Rows, &Row{Cells: []Cell{{Text: b.l.linkify(lim.Area, p.ID)}, {Text: b.l.linkify(lim.Limit, p.ID)}}})
		}
		appendBlocks(p, &Block{ID: "limits", Title: "Limits", Table: t})
		pages = append(pages, p)
	}
	if t := b.statesTable(nil, pageStates); t != nil {
		p := &Page{ID: pageStates, Title: "States and transitions", Summary: "What changes state, and what else happens."}
		appendBlocks(p, &Block{ID: "transitions", Title: "Transitions", Table: t})
		pages = append(pages, p)
	}
	if len(s.Versions) > 0 {
		p := &Page{ID: pageVersions, Title: "Versions", Summary: "What each version added."}
		for i := len(s.Versions) - 1; i >= 0; i-- {
			v := s.Versions[i]
			blk := &Block{ID: versionFrag(v.Version), Title: v.Version, Intro: plain(v.Date)}
			for _, c := range v.Changes {
				blk.Items = append(blk.Items, b.change(c))
			}
			appendBlocks(p, blk)
		}
		pages = append(pages, p)
	}
	return pages
}

// change renders one item of a version: its words, then the schema
// elements it was resolved to.
func (b *builder) change(c *schema.Change) Text {
	if len(c.Targets) == 1 && c.Targets[0] == c.Text {
		return Text{b.l.target(c.Text)}
	}
	t := b.l.linkify(c.Text, pageVersions)
	if len(c.Targets) > 0 {
		var links []Link
		for _, tg := range c.Targets {
			links = append(links, b.l.target(tg))
		}
		t = append(t, Link{Text: " → "})
		t = append(t, linkList(links)...)
	}
	return t
}

// indexPage is the start page: the overview and a table of everything.
func (b *builder) indexPage(guides []*Page) *Page {
	s := b.s
	title := s.Title
	if title == "" {
		title = "API reference"
	}
	p := &Page{ID: pageIndex, Title: title}
	if s.Version != "" {
		vt := Text{{Text: s.Version}}
		if b.l.hasVersions {
			vt[0].Page = pageVersions
		}
		p.Facts = append(p.Facts, Fact{"Version", vt})
	}
	if s.Source != "" {
		p.Facts = append(p.Facts, Fact{"Specification", plain(s.Source)})
	}
	if doc := b.goPackageDoc(); doc != nil {
		p.Facts = append(p.Facts, Fact{"Go package", doc})
	}
	if len(s.Overview) > 0 {
		appendBlocks(p, &Block{ID: "overview", Title: "What the service does", Items: b.clauses(s.Overview, p.ID)})
	}
	if len(s.Conventions) > 0 {
		appendBlocks(p, &Block{ID: "conventions", Title: "Common conventions", Items: b.clauses(s.Conventions, p.ID)})
	}
	if len(guides) > 0 {
		t := &Table{Head: []string{"Section", "About"}}
		for _, g := range guides {
			t.Rows = append(t.Rows, &Row{Cells: []Cell{{Text: Text{{Text: g.Title, Page: g.ID}}}, {Text: plain(g.Summary)}}})
		}
		appendBlocks(p, &Block{ID: "guide", Title: "Guide", Table: t})
	}
	if len(s.Methods) > 0 {
		var groups []string
		byGroup := map[string][]*schema.Method{}
		for _, m := range s.Methods {
			if _, ok := byGroup[m.Group]; !ok {
				groups = append(groups, m.Group)
			}
			byGroup[m.Group] = append(byGroup[m.Group], m)
		}
		idx := &Block{ID: "methods", Title: "Methods", Intro: plain(fmt.Sprintf("%d methods in %d groups.", len(s.Methods), len(groups)))}
		for _, g := range groups {
			idx.Items = append(idx.Items, Text{{Text: groupTitle(g), Page: pageIndex, Frag: groupFrag(g)}})
		}
		appendBlocks(p, idx)
		for _, g := range groups {
			t := &Table{Head: []string{"Method", "Returns", "About"}}
			for _, m := range byGroup[g] {
				name := Cell{Text: Text{b.l.methodLink(m.Name)}, Code: true}
				if sb := b.l.since(m.Since); sb != nil {
					name.Badges = append(name.Badges, *sb)
				}
				var ret Text
				if !m.Returns.IsZero() {
					ret = b.l.typeText(m.Returns)
				}
				about := m.Description
				if about == "" {
					about = m.ReturnsNote
				}
				t.Rows = append(t.Rows, &Row{Cells: []Cell{name, {Text: ret}, {Text: b.l.linkify(summary(about), p.ID)}}})
			}
			appendBlocks(p, &Block{ID: groupFrag(g), Title: groupTitle(g), Table: t})
		}
	}
	if len(s.Objects) > 0 {
		t := &Table{Head: []string{"Object", "Fields", "Description"}}
		for _, o := range s.Objects {
			name := Cell{Text: Text{b.l.typeLink(o.Name)}, Code: true}
			if sb := b.l.since(o.Since); sb != nil {
				name.Badges = append(name.Badges, *sb)
			}
			n := strconv.Itoa(len(o.Fields))
			if o.Opaque {
				n = "not shown"
			}
			t.Rows = append(t.Rows, &Row{Cells: []Cell{name, {Text: plain(n)}, {Text: b.l.linkify(summary(o.Description), p.ID)}}})
		}
		appendBlocks(p, &Block{ID: "objects", Title: "Objects", Table: t})
	}
	if len(s.Unions) > 0 {
		t := &Table{Head: []string{"Union", "Variants"}}
		for _, u := range s.Unions {
			var vs Text
			for i, v := range u.Variants {
				if i > 0 {
					vs = append(vs, Link{Text: " | "})
				}
				vs = append(vs, b.l.typeText(v.Type)...)
			}
			t.Rows = append(t.Rows, &Row{Cells: []Cell{{Text: Text{b.l.typeLink(u.Name)}, Code: true}, {Text: vs}}})
		}
		appendBlocks(p, &Block{ID: "unions", Title: "Unions", Table: t})
	}
	if len(s.Enums) > 0 {
		t := &Table{Head: []string{"Enum", "Values"}}
		for _, e := range s.Enums {
			var vals []string
			for _, v := range e.Values {
				vals = append(vals, v.Label())
			}
			t.Rows = append(t.Rows, &Row{Cells: []Cell{{Text: Text{b.l.typeLink(e.Name)}, Code: true}, {Text: plain(strings.Join(vals, ", "))}}})
		}
		appendBlocks(p, &Block{ID: "enums", Title: "Enums", Table: t})
	}
	if len(s.Notes) > 0 {
		t := &Table{Head: []string{"Section", "Note"}}
		for _, n := range s.Notes {
			t.Rows = append(t.Rows, &Row{Cells: []Cell{{Text: plain(n.Source.Section)}, {Text: b.l.linkify(n.Text, p.ID)}}})
		}
		appendBlocks(p, &Block{ID: "notes", Title: "Notes", Table: t})
	}
	if len(s.Overlay) > 0 {
		t := &Table{Head: []string{"Target", "Fact", "Reason"}}
		for _, o := range s.Overlay {
			t.Rows = append(t.Rows, &Row{Cells: []Cell{{Text: Text{b.l.target(o.Target)}, Code: true}, {Text: plain(o.Fact)}, {Text: b.l.linkify(o.Reason, p.ID)}}})
		}
		appendBlocks(p, &Block{ID: "overlay", Title: "Facts added by the overlay", Intro: plain("The specification does not state these; the overlay file adds them, each with its reason."), Table: t})
	}
	return p
}

func groupTitle(g string) string {
	if g == "" {
		return "Other methods"
	}
	return g
}

// whatItDoes says what a method does when the document gives no
// description: its name as a sentence ("postThing" -> "Posts thing."),
// the parameters a call needs, and what it returns.
func (b *builder) whatItDoes(m *schema.Method, self string) Text {
	words := naming.Words(m.Name)
	if len(words) == 0 {
		return nil
	}
	for i := range words {
		words[i] = strings.ToLower(words[i])
	}
	verb := thirdPerson(words[0])
	out := plain(strings.ToUpper(verb[:1]) + verb[1:] + strings.TrimRight(" "+strings.Join(words[1:], " "), " ") + ".")
	var req []Link
	opt := 0
	for _, p := range m.Params {
		if p.Required {
			req = append(req, Link{Text: p.Name, Page: self, Frag: paramFrag(p.Name)})
		} else {
			opt++
		}
	}
	switch {
	case len(req) > 0:
		out = append(out, Link{Text: " Call it with "})
		for i, lk := range req {
			switch {
			case i > 0 && i == len(req)-1:
				out = append(out, Link{Text: " and "})
			case i > 0:
				out = append(out, Link{Text: ", "})
			}
			out = append(out, lk)
		}
		if opt > 0 {
			out = append(out, Link{Text: fmt.Sprintf("; %d more parameter%s optional.", opt, pluralAre(opt))})
		} else {
			out = append(out, Link{Text: "."})
		}
	case opt > 0:
		out = append(out, Link{Text: fmt.Sprintf(" Every parameter is optional (%d).", opt)})
	default:
		out = append(out, Link{Text: " It takes no parameters."})
	}
	if !m.Returns.IsZero() {
		out = append(out, Link{Text: " It returns "})
		out = append(out, b.l.typeText(m.Returns)...)
		if m.ReturnsNote != "" {
			out = append(out, Link{Text: ": "})
			out = append(out, b.l.linkify(m.ReturnsNote, self)...)
		}
		out = append(out, Link{Text: "."})
	}
	return out
}

func pluralAre(n int) string {
	if n == 1 {
		return " is"
	}
	return "s are"
}

// thirdPerson conjugates an English verb for "it": send -> sends,
// copy -> copies, close -> closes, push -> pushes.
func thirdPerson(v string) string {
	switch {
	case strings.HasSuffix(v, "y") && len(v) > 1 && !strings.ContainsAny(v[len(v)-2:len(v)-1], "aeiou"):
		return v[:len(v)-1] + "ies"
	case strings.HasSuffix(v, "s"), strings.HasSuffix(v, "sh"), strings.HasSuffix(v, "ch"), strings.HasSuffix(v, "x"), strings.HasSuffix(v, "z"):
		return v + "es"
	}
	return v + "s"
}

// navGroups list every method, object, union and enum for the sidebar.
func (b *builder) navGroups() []NavGroup {
	var out []NavGroup
	add := func(title string, links []Link) {
		if len(links) > 0 {
			// The index page's block listing the group has the group's
			// name, lower case, as its id (indexPage).
			out = append(out, NavGroup{Title: title, Links: links, All: Link{Page: pageIndex, Frag: strings.ToLower(title)}})
		}
	}
	var ms, os, us, es []Link
	for _, m := range b.s.Methods {
		ms = append(ms, b.l.methodLink(m.Name))
	}
	for _, o := range b.s.Objects {
		os = append(os, b.l.typeLink(o.Name))
	}
	for _, u := range b.s.Unions {
		us = append(us, b.l.typeLink(u.Name))
	}
	for _, e := range b.s.Enums {
		es = append(es, b.l.typeLink(e.Name))
	}
	add("Methods", ms)
	add("Objects", os)
	add("Unions", us)
	add("Enums", es)
	return out
}

// describedElsewhere is the description of a field the document leaves
// empty in its own table, from what the document says elsewhere: its
// values (an enum), its constraints, or its type's description (ChatRef:
// "Integer (chat identifier) or String (username …)"). A badge says where
// the words come from; with nothing to say the cell stays empty.
func (b *builder) describedElsewhere(f *schema.Field, self string, constraintsBlock bool) Cell {
	for c := f.Constraints; c != nil; c = c.Each {
		if e := b.s.Enum(c.Enum); e != nil {
			var vs []string
			for _, v := range e.Values {
				vs = append(vs, v.Value)
			}
			return Cell{Text: plain("One of " + strings.Join(vs, ", ") + "."), Badges: []Link{b.l.typeLink(e.Name)}}
		}
	}
	if rows := b.l.constraintRows(f.Constraints, ""); len(rows) > 0 {
		var t Text
		for i, r := range rows {
			if i > 0 {
				t = append(t, Link{Text: "; "})
			}
			t = append(t, Link{Text: strings.ToUpper(r.kind[:1]) + r.kind[1:] + " "})
			t = append(t, r.value...)
		}
		badge := Link{Text: "constraints"}
		if constraintsBlock {
			badge.Page, badge.Frag = self, "constraints"
		}
		return Cell{Text: append(t, Link{Text: "."}), Badges: []Link{badge}}
	}
	name := f.Type.Base()
	var desc string
	if u := b.s.Union(name); u != nil {
		desc = u.Description
	} else if o := b.s.Object(name); o != nil {
		desc = o.Description
	}
	if desc == "" || desc == f.Type.String() {
		return Cell{}
	}
	return Cell{Text: b.l.linkify(summary(desc), self), Badges: []Link{b.l.typeLink(name)}}
}
