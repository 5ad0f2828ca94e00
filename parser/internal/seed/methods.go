package seed

import (
	"regexp"
	"strings"

	"github.com/apigen/apigen/parser/internal/document"
	"github.com/apigen/apigen/parser/internal/facts"
	"github.com/apigen/apigen/parser/internal/grammar"
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
		p.clauses(facts.RequestRules, s, b)
		return
	}
	for _, it := range b.Items {
		it.Used = true
		m := reShorthand.FindStringSubmatch(it.Text)
		if m == nil {
			p.AddClause(facts.Notes, it.Text, at(s, it.Line))
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
		p.Clauses = append(p.Clauses, facts.Clause{List: facts.Notes, Name: name, Text: name + " = " + body, Place: at(s, line)})
		return
	}
	if p.Shorthand(name) != nil {
		p.Errorf(line, "shorthand %s is defined twice", name)
		return
	}
	g := &facts.Shorthand{Name: name, Place: at(s, line)}
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
		g.Params = append(g.Params, &facts.Field{Name: fi.Name, Facts: f, Place: at(s, line)})
	}
	for _, sent := range sentences {
		if r, ok := grammar.EitherRule(sent); ok {
			g.Rules = append(g.Rules, r)
			continue
		}
		if m := reEditResults.FindStringSubmatch(sent); m != nil {
			g.Result = m[1] + " or " + m[2]
		}
		g.Notes = append(g.Notes, sent)
	}
	p.Entries = append(p.Entries, g)
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
		m := &facts.Method{Name: name, Group: s.Title, Place: at(s, r.Line)}
		if hasResult {
			m.Result = r.Cell(2)
		} else {
			m.Description = r.Cell(2)
		}
		p.methodParams(m, r.Cell(1))
		p.Entries = append(p.Entries, m)
	}
}

// methodParams reads a parameter cell: ';'-separated segments, each a
// shorthand name (optionally with an override in parentheses) or a list of
// names whose last parenthesis is shared by the names without their own.
func (p *seedLayout) methodParams(m *facts.Method, cell string) {
	if strings.EqualFold(cell, "none") || cell == "" {
		return
	}
	line := m.Place.Line
	for _, seg := range grammar.SplitTop(cell, ';') {
		if seg == "" {
			continue
		}
		head, _ := grammar.ParseParenItem(seg)
		if reGroupName.MatchString(head.Name) && len(head.Name) > 1 {
			m.Params = append(m.Params, facts.Param{Group: head.Name, Override: head.Paren, Line: line})
			continue
		}
		items := grammar.SplitTop(seg, ',')
		parsed := make([]grammar.ParenItem, 0, len(items))
		for _, raw := range items {
			it, rest := grammar.ParseParenItem(raw)
			if !grammar.IsIdent(it.Name) || rest != "" {
				p.Errorf(line, "%s: %q is not a parameter (want \"name (Type, Required|Optional; notes)\")", m.Name, raw)
				return
			}
			parsed = append(parsed, it)
		}
		last := parsed[len(parsed)-1]
		shared, err := grammar.ReadParen(last.Paren)
		if err != nil {
			p.Errorf(line, "%s.%s: %v", m.Name, last.Name, err)
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
						p.Errorf(line, "%s.%s: %v", m.Name, it.Name, err)
						return
					}
					mergeShared(own, shared)
					f = own
				}
			}
			if !it.Has && !last.Has {
				f = &grammar.Facts{}
			}
			m.Params = append(m.Params, facts.Param{Field: &facts.Field{Name: it.Name, Facts: f, Place: m.Place}, Line: line})
		}
	}
}

// formatting reads the "Text formatting (field)" section: the allowed
// values become an enum for every field of that name, the bullets its rules.
func (p *seedLayout) formatting(s *document.Section, b *document.Block) {
	field := "parse_mode"
	if m := reTitleField.FindStringSubmatch(s.Title); m != nil {
		field = m[1]
	}
	p.Format(field)
	switch b.Kind {
	case document.ParagraphBlock:
		sents := grammar.SplitSentences(b.Text)
		if len(sents) > 0 {
			if m := reAllowed.FindStringSubmatch(sents[0]); m != nil {
				b.Used = true
				e := &facts.Enum{Of: facts.FormattingValues, Description: b.Text, Place: at(s, b.Line)}
				for _, v := range grammar.SplitNameList(m[1]) {
					it, _ := grammar.ParseParenItem(v)
					e.Values = append(e.Values, facts.EnumValue{Value: it.Name, Note: it.Paren})
				}
				p.Enums = append(p.Enums, e)
				return
			}
		}
		p.note(s, b)
	case document.ListBlock:
		p.clauses(facts.FormattingRules, s, b)
	}
}

// eventTable reads "<Object> field | Emitted when": which field of the
// update object carries which event. The field names become the enum
// <Object>Type, the values of allowed_updates-style lists.
func (p *seedLayout) eventTable(s *document.Section, t *document.Table) {
	owner := grammar.FirstWord(t.Header[0])
	e := &facts.Enum{Of: facts.EventKinds, Description: "The " + owner + " fields that name an event kind (" + s.Title + ").", Place: at(s, t.Line)}
	ev := p.StartEvents()
	for _, r := range t.Rows {
		r.Used = true
		fields := grammar.SplitNameList(r.Cell(0))
		ev.Kinds = append(ev.Kinds, facts.EventKind{Fields: fields, When: r.Cell(1), Place: at(s, r.Line)})
		for _, f := range fields {
			e.Values = append(e.Values, facts.EnumValue{Value: f})
		}
	}
	ev.Owner, ev.Line = owner, t.Line
	p.Enums = append(p.Enums, e)
}

func (p *seedLayout) events(s *document.Section, b *document.Block) {
	p.StartEvents()
	if b.Kind == document.ListBlock {
		p.clauses(facts.EventRules, s, b)
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
				p.Version(vi.Name, at(s, it.Line), false).Date = vi.Paren
			}
			p.AddClause(facts.Notes, it.Text, at(s, it.Line))
			continue
		}
		if m := reAdded.FindStringSubmatch(it.Text); m != nil {
			v := p.Version(m[1], at(s, it.Line), false)
			v.Place = at(s, it.Line)
			for _, c := range grammar.SplitTop(m[2], ',') {
				v.Changes = append(v.Changes, strings.TrimSpace(c))
			}
			continue
		}
		p.AddClause(facts.Notes, it.Text, at(s, it.Line))
	}
}
