package seed

import (
	"regexp"
	"strings"

	"github.com/apigen/apigen/parser/internal/document"
	"github.com/apigen/apigen/parser/internal/grammar"
	"github.com/apigen/apigen/parser/internal/resolve"
	"github.com/apigen/apigen/schema"
)

var (
	reShorthand    = regexp.MustCompile(`^([A-Z][A-Z0-9_]*) = (.+)$`)
	reGroupName    = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
	reMethodName   = regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)
	reEditResults  = regexp.MustCompile(`^Edit results: the edited (\w+) if .+?, otherwise (\w+)`)
	reAllowed      = regexp.MustCompile(`^Allowed values: (.+?)\.?$`)
	reTitleField   = regexp.MustCompile(`\(([a-z_]+)\)$`)
	reVersionsList = regexp.MustCompile(`Versions listed: (.+?)\.?$`)
	reAdded        = regexp.MustCompile(`^(\d+(?:\.\d+)*) added (.+?)\.?$`)
	reWithAnd      = regexp.MustCompile(` (?:with|and) `)
)

// requestRules reads the "Common request rules": the numbered rules, and the
// shorthand definitions ("SEND_OPTS = a (...), b (...). Sentences.").
func (p *seedLayout) requestRules(s *document.Section, b *document.Block) {
	if b.Kind == document.ParagraphBlock {
		p.note(s, b)
		return
	}
	if b.Kind != document.ListBlock {
		return
	}
	isShorthands := false
	for _, it := range b.Items {
		if reShorthand.MatchString(it.Text) {
			isShorthands = true
		}
	}
	if !isShorthands {
		p.clauses(resolve.RequestRules, s, b)
		return
	}
	for _, it := range b.Items {
		it.Used = true
		m := reShorthand.FindStringSubmatch(it.Text)
		if m == nil {
			p.AddClause(resolve.Notes, schema.Clause{Text: it.Text, Source: at(s, it.Line).Source()})
			continue
		}
		p.shorthand(s, it.Line, m[1], m[2])
	}
}

func (p *seedLayout) shorthand(s *document.Section, line int, name, body string) {
	// "ChatRef = Integer or String (see Resources)" restates a type; it
	// defines no parameters.
	if te, rest, ok := grammar.ParseTypePrefix(body); ok && (rest == "" || strings.HasPrefix(rest, "(") || rest == ".") {
		_ = te
		p.AddClause(resolve.Notes, schema.Clause{Name: name, Text: name + " = " + body, Source: at(s, line).Source()})
		return
	}
	if p.Shorthands[name] != nil {
		p.Errorf(line, "shorthand %s is defined twice", name)
		return
	}
	g := &schema.Shorthand{Name: name, Source: at(s, line).Source()}
	ctx := &resolve.ShorthandCtx{G: g, Line: line}
	items, sentences := grammar.SplitItemList(body)
	for _, raw := range items {
		fi, rest := grammar.ParseParenItem(raw)
		if !grammar.IsIdent(fi.Name) || rest != "" {
			p.Errorf(line, "%s: %q is not a parameter (want \"name (Type, Required|Optional; notes)\")", name, raw)
			continue
		}
		f, err := grammar.ReadParen(fi.Paren)
		if err != nil {
			p.Errorf(line, "%s.%s: %v", name, fi.Name, err)
			continue
		}
		fld := &schema.Field{Name: fi.Name, Source: at(s, line).Source()}
		pd := &resolve.Pending{Field: fld, Facts: f, Owner: name, Method: true, Line: line, Scopes: at(s, 0).Scopes(), Rules: &g.Rules}
		g.Params = append(g.Params, fld)
		ctx.Pending = append(ctx.Pending, pd)
		p.Pending = append(p.Pending, pd)
	}
	for _, sent := range sentences {
		if r, ok := eitherRule(sent); ok {
			ctx.Rules = append(ctx.Rules, r)
			continue
		}
		if m := reEditResults.FindStringSubmatch(sent); m != nil {
			ctx.Result = m[1] + " or " + m[2]
		}
		g.Notes = append(g.Notes, sent)
	}
	p.AddShorthand(ctx)
}

// eitherRule reads "Either a with b, or c, must be given".
func eitherRule(sent string) (grammar.RawRule, bool) {
	m := grammar.ReEither.FindStringSubmatch(sent)
	if m == nil {
		return grammar.RawRule{}, false
	}
	r := grammar.RawRule{Kind: schema.RuleOneOf, Text: sent}
	for _, part := range grammar.SplitTop(m[1], ',') {
		part = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(part), "or "))
		if part == "" {
			continue
		}
		var group []string
		for _, w := range reWithAnd.Split(part, -1) {
			group = append(group, strings.TrimSpace(w))
		}
		r.Groups = append(r.Groups, group)
	}
	return r, len(r.Groups) >= 2
}

// methodTable reads "Method | Parameters | Result" tables (the third column
// may be "Result / notes" or only "Notes").
func (p *seedLayout) methodTable(s *document.Section, t *document.Table) {
	third := strings.ToLower(t.Header[2])
	hasResult := strings.Contains(third, "result")
	for _, r := range t.Rows {
		r.Used = true
		name := r.Cell(0)
		if !reMethodName.MatchString(name) {
			p.Errorf(r.Line, "method name %q is not a lowerCamel identifier", name)
			continue
		}
		m := &schema.Method{Name: name, Group: s.Title, Source: at(s, r.Line).Source()}
		ctx := &resolve.MethodCtx{M: m, Place: at(s, r.Line), Line: r.Line}
		if hasResult {
			ctx.Result = r.Cell(2)
		} else {
			m.Description = r.Cell(2)
		}
		p.methodParams(ctx, r.Cell(1))
		p.AddMethod(ctx)
	}
}

// methodParams reads a parameter cell: ';'-separated segments, each a
// shorthand name (optionally with an override in parentheses) or a list of
// names whose last parenthesis is shared by the names without their own.
func (p *seedLayout) methodParams(ctx *resolve.MethodCtx, cell string) {
	if strings.EqualFold(cell, "none") || cell == "" {
		return
	}
	var entries []resolve.MethodEntry
	for _, seg := range grammar.SplitTop(cell, ';') {
		if seg == "" {
			continue
		}
		head, _ := grammar.ParseParenItem(seg)
		if reGroupName.MatchString(head.Name) && len(head.Name) > 1 {
			entries = append(entries, resolve.MethodEntry{Group: head.Name, Override: head.Paren, Line: ctx.Line})
			continue
		}
		items := grammar.SplitTop(seg, ',')
		parsed := make([]grammar.ParenItem, 0, len(items))
		for _, raw := range items {
			it, rest := grammar.ParseParenItem(raw)
			if !grammar.IsIdent(it.Name) || rest != "" {
				p.Errorf(ctx.Line, "%s: %q is not a parameter (want \"name (Type, Required|Optional; notes)\")", ctx.M.Name, raw)
				return
			}
			parsed = append(parsed, it)
		}
		last := parsed[len(parsed)-1]
		shared, err := grammar.ReadParen(last.Paren)
		if err != nil {
			p.Errorf(ctx.Line, "%s.%s: %v", ctx.M.Name, last.Name, err)
			return
		}
		for i, it := range parsed {
			f := shared
			if i < len(parsed)-1 {
				cp := *shared
				f = &cp
				if it.Has {
					own, err := grammar.ReadParen(it.Paren)
					if err != nil {
						p.Errorf(ctx.Line, "%s.%s: %v", ctx.M.Name, it.Name, err)
						return
					}
					mergeShared(own, shared)
					f = own
				}
			}
			if !it.Has && !last.Has {
				f = &grammar.Facts{}
			}
			fld := &schema.Field{Name: it.Name, Source: ctx.Place.At(ctx.Line).Source()}
			pd := &resolve.Pending{Field: fld, Facts: f, Owner: ctx.M.Name, Method: true, Line: ctx.Line, Scopes: ctx.Place.Scopes(), Rules: &ctx.M.Rules}
			p.Pending = append(p.Pending, pd)
			ctx.Pending = append(ctx.Pending, pd)
			entries = append(entries, resolve.MethodEntry{Param: pd, Line: ctx.Line})
		}
	}
	ctx.Entries = entries
}

// formatting reads the "Text formatting (field)" section: the allowed
// values become an enum for every field of that name, the bullets its rules.
func (p *seedLayout) formatting(s *document.Section, b *document.Block) {
	field := "parse_mode"
	if m := reTitleField.FindStringSubmatch(s.Title); m != nil {
		field = m[1]
	}
	f := p.Formatting(field)
	switch b.Kind {
	case document.ParagraphBlock:
		sents := grammar.SplitSentences(b.Text)
		if len(sents) > 0 {
			if m := reAllowed.FindStringSubmatch(sents[0]); m != nil {
				b.Used = true
				e := &schema.Enum{Name: f.Enum, Description: b.Text, Source: at(s, b.Line).Source()}
				for _, v := range grammar.SplitNameList(m[1]) {
					it, _ := grammar.ParseParenItem(v)
					e.Values = append(e.Values, &schema.EnumValue{Value: it.Name, Note: it.Paren})
				}
				p.AddEnum(e)
				return
			}
		}
		p.note(s, b)
	case document.ListBlock:
		p.clauses(resolve.FormattingRules, s, b)
	}
}

// eventTable reads "<Object> field | Emitted when": which field of the
// update object carries which event. The field names become the enum
// <Object>Type, the values of allowed_updates-style lists.
func (p *seedLayout) eventTable(s *document.Section, t *document.Table) {
	owner := grammar.FirstWord(t.Header[0])
	e := &schema.Enum{Name: owner + "Type", Description: "The " + owner + " fields that name an event kind (" + s.Title + ").", Source: at(s, t.Line).Source()}
	for _, r := range t.Rows {
		r.Used = true
		fields := grammar.SplitNameList(r.Cell(0))
		p.AddEventKind(&schema.EventKind{Fields: fields, When: r.Cell(1), Source: at(s, r.Line).Source()})
		for _, f := range fields {
			e.Values = append(e.Values, &schema.EnumValue{Value: f})
		}
	}
	p.EventOwner = owner
	p.EventLine = t.Line
	p.AddEnum(e)
}

func (p *seedLayout) events(s *document.Section, b *document.Block) {
	p.StartEvents()
	if b.Kind == document.ListBlock {
		p.clauses(resolve.EventRules, s, b)
		return
	}
	p.note(s, b)
}

// versions reads the Versioning bullets: the list of versions with dates,
// and "<version> added a, b (c, d), e" items.
func (p *seedLayout) versions(s *document.Section, b *document.Block) {
	if b.Kind != document.ListBlock {
		p.note(s, b)
		return
	}
	for _, it := range b.Items {
		it.Used = true
		if m := reVersionsList.FindStringSubmatch(it.Text); m != nil {
			for _, v := range grammar.SplitTop(m[1], ',') {
				vi, _ := grammar.ParseParenItem(v)
				p.version(vi.Name, s, it.Line).Date = vi.Paren
			}
			p.AddClause(resolve.Notes, schema.Clause{Text: it.Text, Source: at(s, it.Line).Source()})
			continue
		}
		if m := reAdded.FindStringSubmatch(it.Text); m != nil {
			v := p.version(m[1], s, it.Line)
			v.Source = at(s, it.Line).Source()
			for _, c := range grammar.SplitTop(m[2], ',') {
				v.Changes = append(v.Changes, &schema.Change{Text: strings.TrimSpace(c)})
			}
			continue
		}
		p.AddClause(resolve.Notes, schema.Clause{Text: it.Text, Source: at(s, it.Line).Source()})
	}
}

func (p *seedLayout) version(name string, s *document.Section, line int) *schema.Version {
	return p.Version(name, at(s, line).Source(), false)
}
