package resolve

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/apigen/apigen/parser/grammar"
	"github.com/apigen/apigen/schema"
)

// Rule turns a raw rule into a schema rule, expanding "the optional fields".
func Rule(r grammar.RawRule, fields []*schema.Field, src schema.Source) *schema.Rule {
	out := &schema.Rule{Kind: r.Kind, Groups: r.Groups, Kinds: r.Kinds, Text: r.Text, Source: src}
	for _, f := range r.Fields {
		switch f {
		case OptionalFields:
			for _, fld := range fields {
				if !fld.Required {
					out.Fields = append(out.Fields, fld.Name)
				}
			}
		case AllFields:
			for _, fld := range fields {
				if !slices.Contains(r.Except, fld.Name) {
					out.Fields = append(out.Fields, fld.Name)
				}
			}
		default:
			out.Fields = append(out.Fields, f)
		}
	}
	return out
}

func (p *Core) FinishObject(ctx *ObjectCtx) {
	o := ctx.Obj
	for _, r := range ctx.RawRules {
		if p.NamesFields(r, o.Name, o.Fields, o.Source.Line) {
			o.Rules = append(o.Rules, Rule(r, o.Fields, o.Source))
		}
	}
}

// NamesFields reports whether every field a rule names is one of fields.
// On the published page a rule naming another is kept as text and
// reported (the sentence may speak of something else).
func (p *Core) NamesFields(r grammar.RawRule, owner string, fields []*schema.Field, line int) bool {
	if !p.Policy.Tolerant {
		return true
	}
	for _, n := range append(slices.Clone(r.Fields), r.Except...) {
		if n == OptionalFields || n == AllFields {
			continue
		}
		if !slices.ContainsFunc(fields, func(f *schema.Field) bool { return f.Name == n }) {
			p.Report.Add("rule", owner, line, fmt.Sprintf("%q names %s, which is not a field of %s", r.Text, n, owner))
			return false
		}
	}
	return true
}

// ParamRules reads the rules stated in one parameter's own text.
func (p *Core) ParamRules(pd *Pending, params []*schema.Field, dst *[]*schema.Rule) {
	f := pd.Facts
	for _, other := range f.NotWith {
		pair := []string{pd.Field.Name, other}
		sorted := slices.Clone(pair)
		slices.Sort(sorted)
		dup := slices.ContainsFunc(*dst, func(r *schema.Rule) bool {
			s := slices.Clone(r.Fields)
			slices.Sort(s)
			return r.Kind == schema.RuleMutuallyExclusive && slices.Equal(s, sorted)
		})
		if !dup {
			*dst = append(*dst, &schema.Rule{Kind: schema.RuleMutuallyExclusive, Fields: pair, Text: pd.Field.Name + ": not with " + other, Source: pd.Field.Source})
		}
	}
	if v := f.RequiredIf; v != "" {
		var cond *schema.Condition
		for _, q := range params {
			if q.Constraints == nil || q.Constraints.Enum == "" {
				continue
			}
			if e := p.Out.Enum(q.Constraints.Enum); e != nil && slices.ContainsFunc(e.Values, func(x *schema.EnumValue) bool { return x.Value == v }) {
				cond = &schema.Condition{Field: q.Name, Equals: v}
				break
			}
		}
		if cond == nil {
			p.Errorf(pd.Line, "%s.%s: \"required for %s\": no parameter of %s has the value %q", pd.Owner, pd.Field.Name, v, pd.Owner, v)
			return
		}
		*dst = append(*dst, &schema.Rule{Kind: schema.RuleRequiredIf, Fields: []string{pd.Field.Name}, When: cond, Text: pd.Field.Name + ": required for " + v, Source: pd.Field.Source})
	}
}

func (p *Core) FinishShorthand(ctx *ShorthandCtx) {
	g := ctx.G
	for _, pd := range ctx.Pending {
		p.ParamRules(pd, g.Params, &g.Rules)
	}
	for _, r := range ctx.Rules {
		g.Rules = append(g.Rules, Rule(r, g.Params, g.Source))
	}
	if ctx.Result != "" {
		te, _ := grammar.ParseTypeExact(ctx.Result)
		if t, ok := p.TypeOf(te, g.Name, "result", g.Source); ok {
			g.Returns = &t
		}
	}
}

// TypeOf resolves a written type outside a field.
func (p *Core) TypeOf(te grammar.TypeExpr, owner, what string, where schema.Source) (schema.Type, bool) {
	pd := &Pending{Field: &schema.Field{Name: what, Source: where}, Owner: owner, Line: where.Line}
	t, _, ok := p.ResolveType(&grammar.Facts{Typ: te}, pd)
	return t, ok
}

// CopyField deep-copies a field so that a method can adjust its copy of a
// shorthand parameter.
func CopyField(f *schema.Field) *schema.Field {
	cp := *f
	if f.Constraints != nil {
		c := *f.Constraints
		if c.Each != nil {
			e := *c.Each
			c.Each = &e
		}
		cp.Constraints = &c
	}
	return &cp
}

var ReOverride = regexp.MustCompile(`^([a-z_][a-z0-9_]*) (.+)$`)

func (p *Core) FinishMethod(ctx *MethodCtx) {
	m := ctx.M
	var groupReturns *schema.Type
	for _, e := range ctx.Entries {
		if e.Param != nil {
			m.Params = append(m.Params, e.Param.Field)
			continue
		}
		g := p.Shorthands[e.Group]
		if g == nil {
			p.Errorf(e.Line, "%s: %s is not a defined shorthand (defined: %s)", m.Name, e.Group, strings.Join(SortedKeys(p.Shorthands), ", "))
			continue
		}
		for _, prm := range g.G.Params {
			cp := CopyField(prm)
			cp.From = g.G.Name
			m.Params = append(m.Params, cp)
		}
		for _, r := range g.G.Rules {
			cp := *r
			m.Rules = append(m.Rules, &cp)
		}
		if groupReturns == nil {
			groupReturns = g.G.Returns
		}
		if e.Override != "" {
			p.Override(m, e)
		}
	}
	seen := map[string]bool{}
	for _, prm := range m.Params {
		if seen[prm.Name] {
			p.Errorf(ctx.Line, "%s: parameter %s is given twice", m.Name, prm.Name)
		}
		seen[prm.Name] = true
	}
	for _, pd := range ctx.Pending {
		p.ParamRules(pd, m.Params, &m.Rules)
	}
	switch {
	case ctx.Result != "":
		te, note, ok := ParseResult(ctx.Result)
		if !ok {
			p.Errorf(ctx.Line, "%s: result %q does not start with a type", m.Name, ctx.Result)
			return
		}
		t, ok := p.TypeOf(te, m.Name, "result", m.Source)
		if !ok {
			return
		}
		m.Returns, m.ReturnsNote = t, note
		for _, sent := range grammar.SplitSentences(note) {
			if r, ok := p.GroupingRule(m, sent); ok {
				m.Rules = append(m.Rules, r)
			}
		}
	case groupReturns != nil:
		m.Returns = *groupReturns
	case p.Results[ctx.Sec.Path()] != "":
		t, ok := p.TypeOf(grammar.TypeExpr{Alts: []string{p.Results[ctx.Sec.Path()]}}, m.Name, "result", m.Source)
		if !ok {
			return
		}
		m.Returns = t
	default:
		p.Errorf(ctx.Line, "%s: no result given, and neither its section nor its shorthands say one", m.Name)
	}
	for _, prm := range m.Params {
		if p.Out.FieldCanUpload(prm) {
			m.Multipart = true
		}
	}
	for _, r := range ctx.Rules {
		if p.NamesFields(r, m.Name, m.Params, m.Source.Line) {
			m.Rules = append(m.Rules, Rule(r, m.Params, m.Source))
		}
	}
}

// Override applies "GROUP (param constraint, note)" to the expanded group.
func (p *Core) Override(m *schema.Method, e MethodEntry) {
	clauses := grammar.SplitTop(e.Override, ',')
	mm := ReOverride.FindStringSubmatch(clauses[0])
	var target *schema.Field
	if mm != nil {
		target = m.Param(mm[1])
	}
	if target == nil {
		p.Errorf(e.Line, "%s: %s (%s): the override does not start with a parameter of the group", m.Name, e.Group, e.Override)
		return
	}
	f := &grammar.Facts{}
	f.Part(mm[2])
	for _, c := range clauses[1:] {
		f.Part(c)
	}
	pd := &Pending{Field: target, Owner: m.Name, Method: true, Line: e.Line}
	c := p.Constraints(pd, f, target.Type, nil)
	if c != nil {
		if target.Constraints == nil {
			target.Constraints = &schema.Constraints{}
		}
		if c.Length != nil {
			// "caption 0-1024" restates the bounds; what the group says
			// about counting after entity parsing still holds.
			if old := target.Constraints.Length; old != nil {
				c.Length.AfterEntityParsing = c.Length.AfterEntityParsing || old.AfterEntityParsing
			}
			target.Constraints.Length = c.Length
		}
		if c.Range != nil {
			target.Constraints.Range = c.Range
		}
	}
	if d := f.Description(); d != "" {
		target.Description = JoinText(target.Description, d)
	}
}

// GroupingRule reads "Documents and audios can be grouped only with items
// of the same type" for a method with an array of a discriminated union.
func (p *Core) GroupingRule(m *schema.Method, sent string) (*schema.Rule, bool) {
	mm := grammar.ReGrouping.FindStringSubmatch(sent)
	if mm == nil {
		return nil, false
	}
	for _, prm := range m.Params {
		if !prm.Type.IsArray() {
			continue
		}
		u := p.Out.Union(prm.Type.Base())
		if u == nil || u.Discriminator == "" {
			continue
		}
		r := &schema.Rule{Kind: schema.RuleSameKindItems, Fields: []string{prm.Name}, Text: sent, Source: m.Source}
		for _, w := range grammar.SplitNameList(mm[1]) {
			tag := strings.TrimSuffix(strings.ToLower(w), "s")
			for _, v := range u.Variants {
				if v.Tag == tag {
					r.Kinds = append(r.Kinds, v.Type.Name)
				}
			}
		}
		if len(r.Kinds) > 0 {
			return r, true
		}
	}
	p.Errorf(m.Source.Line, "%s: %q names no variants of an array parameter", m.Name, sent)
	return nil, false
}

// UnionVariants records, for the variants of unions of objects that JSON
// must tell apart by their fields (no discriminator, or a shared tag), the
// required fields and any stated constant (schema.Variant gives the rule),
// and reports variants no JSON value can tell apart, with the fields that
// would.
func (p *Core) UnionVariants() {
	for _, u := range p.Out.Unions {
		groups := p.Out.FieldGroups(u)
		for _, g := range groups {
			for _, v := range g {
				o := p.Out.Object(v.Type.Name)
				v.Requires = nil
				for _, f := range o.Fields {
					if !f.Required || f.Name == u.Discriminator {
						continue
					}
					v.Requires = append(v.Requires, f.Name)
					if val := p.Always[o.Name+"."+f.Name]; val != "" && v.Const == nil {
						v.Const = &schema.Const{Field: f.Name, JSON: val}
					}
				}
			}
		}
		for _, g := range groups {
			for i, a := range g {
				for _, b := range g[i+1:] {
					if !schema.Indistinct(a, b) {
						continue
					}
					oa, ob := p.Out.Object(a.Type.Name), p.Out.Object(b.Type.Name)
					fields := strings.Join(a.Requires, ", ")
					if fields == "" {
						fields = "none"
					}
					msg := fmt.Sprintf("union %s: variants %s and %s require the same fields (%s)", u.Name, oa.Name, ob.Name, fields)
					if a.Const != nil {
						msg += fmt.Sprintf(" and state the same constant (%s always %s)", a.Const.Field, a.Const.JSON)
					}
					msg += ", so JSON cannot tell them apart"
					apart := p.Out.TellApart(oa, ob)
					if p.Policy.Tolerant {
						// A document nobody here controls: the union is
						// kept, its variants tried in order, and named.
						msg += fmt.Sprintf("; a value is decoded as the first variant whose required fields it has (%s before %s)", oa.Name, ob.Name)
						if apart != "" {
							msg += "; fields only one of them has: " + apart + ", which the page marks Optional"
						}
						settle := "they have no required field, so no overlay fact settles it"
						if len(a.Requires) > 0 {
							settle = fmt.Sprintf("to settle it, add to an overlay for this page (docs/overlays.md) the value a required field always holds in one of them: - {target: %s.%s, always: <its JSON value>, reason: <where the platform says so>}", oa.Name, a.Requires[0])
						}
						if u.Degraded != "" {
							continue // one warning per union: its first pair
						}
						u.Degraded = msg + "; " + settle
						where := p.UnionWhere[u]
						if where == "" {
							where = u.Source.Section
						}
						p.Warn(Warning{Construct: "union " + u.Name, Target: u.Name, Where: where, Line: u.Source.Line,
							Text: strings.TrimPrefix(msg, "union "+u.Name+": "), Settle: settle})
						continue
					}
					if apart != "" {
						msg += "; fields only one of them has: " + apart + ". Mark one of those Required in its variant, or state a constant in a Notes cell (\"Always 0\")"
					} else {
						msg += "; they have the same fields. Give one of them a field of its own, or state a constant in a Notes cell (\"Always 0\")"
					}
					p.Errorf(ob.Source.Line, "%s", msg)
				}
			}
		}
	}
}

// ConditionRules turns the statements of parameters (or of an object's
// fields) that they are required (or optional) depending on another into
// required_if rules. done names the parameters already in a one_of rule.
// A statement whose other field is not there, or whose value the other
// cannot hold, is reported.
func (p *Core) ConditionRules(owner string, fields []*schema.Field, rules *[]*schema.Rule, done map[string]bool) {
	field := func(name string) *schema.Field {
		for _, f := range fields {
			if f.Name == name {
				return f
			}
		}
		return nil
	}
	for _, prm := range fields {
		if done[prm.Name] {
			continue
		}
		for _, sent := range grammar.SplitSentences(prm.Description) {
			c := grammar.ReCondition.FindStringSubmatch(sent)
			if c == nil {
				continue
			}
			other := field(c[2])
			if other == nil || other == prm {
				p.Report.Add("rule", owner+"."+prm.Name, prm.Source.Line, fmt.Sprintf("%q: %s is not a field of %s", sent, c[2], owner))
				continue
			}
			not, value := c[3] != "", c[4]+c[5]+c[6]
			when := &schema.Condition{Field: other.Name}
			switch {
			case PresenceWords[value]:
				// "Optional if X is present": required unless X is set.
				set := (c[1] == "Required") != not
				when.Set = &set
			case !not && c[1] == "Required" && ConditionValue(value, other.Type) != "":
				when.Equals = ConditionValue(value, other.Type)
			default:
				p.Report.Add("rule", owner+"."+prm.Name, prm.Source.Line, fmt.Sprintf("%q: no condition on %s read", sent, c[2]))
				continue
			}
			if c[1] == "Optional" {
				prm.Required = false
			}
			*rules = append(*rules, &schema.Rule{Kind: schema.RuleRequiredIf, Fields: []string{prm.Name}, When: when, Text: sent, Source: prm.Source})
		}
	}
}

// ConditionValue spells a stated value of a parameter of type t as a
// condition compares it ("False" of a Boolean is "false"), or "" when t
// cannot hold it.
func ConditionValue(v string, t schema.Type) string {
	if t.IsArray() {
		return ""
	}
	switch t.Name {
	case schema.Boolean, schema.True:
		switch strings.ToLower(v) {
		case "true", "false":
			return strings.ToLower(v)
		}
	case schema.Integer, schema.Integer64:
		if _, err := strconv.ParseInt(v, 10, 64); err == nil {
			return v
		}
	case schema.String:
		if grammar.IsIdent(v) {
			return v
		}
	}
	return ""
}

// PresenceWords say that a value is given.
var PresenceWords = map[string]bool{"specified": true, "present": true, "set": true, "given": true, "passed": true, "provided": true}
