package resolve

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/apigen/apigen/parser/internal/grammar"
	"github.com/apigen/apigen/schema"
)

// toRule turns a raw rule into a schema rule, expanding "the optional fields".
func toRule(r grammar.RawRule, fields []*schema.Field, src schema.Source) *schema.Rule {
	out := &schema.Rule{Kind: r.Kind, Groups: r.Groups, Kinds: r.Kinds, Text: r.Text, Source: src}
	for _, f := range r.Fields {
		switch f {
		case grammar.OptionalFields:
			for _, fld := range fields {
				if !fld.Required {
					out.Fields = append(out.Fields, fld.Name)
				}
			}
		case grammar.AllFields:
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

func (p *core) finishObject(ctx *objectCtx) {
	o := ctx.Obj
	for _, r := range ctx.RawRules {
		if p.namesFields(r, o.Name, o.Fields, o.Source.Line) {
			o.Rules = append(o.Rules, toRule(r, o.Fields, o.Source))
		}
	}
}

// namesFields reports whether every field a rule names is one of fields.
// On the published page a rule naming another is kept as text and
// reported (the sentence may speak of something else).
func (p *core) namesFields(r grammar.RawRule, owner string, fields []*schema.Field, line int) bool {
	if !p.pol.tolerant {
		return true
	}
	for _, n := range append(slices.Clone(r.Fields), r.Except...) {
		if n == grammar.OptionalFields || n == grammar.AllFields {
			continue
		}
		if !slices.ContainsFunc(fields, func(f *schema.Field) bool { return f.Name == n }) {
			p.report.add("rule", owner, line, fmt.Sprintf("%q names %s, which is not a field of %s", r.Text, n, owner))
			return false
		}
	}
	return true
}

// paramRules reads the rules stated in one parameter's own text.
func (p *core) paramRules(pd *pending, params []*schema.Field, dst *[]*schema.Rule) {
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
			if e := p.out.Enum(q.Constraints.Enum); e != nil && slices.ContainsFunc(e.Values, func(x *schema.EnumValue) bool { return x.Value == v }) {
				cond = &schema.Condition{Field: q.Name, Equals: v}
				break
			}
		}
		if cond == nil {
			p.errorf(pd.Line, "%s.%s: \"required for %s\": no parameter of %s has the value %q", pd.Owner, pd.Field.Name, v, pd.Owner, v)
			return
		}
		*dst = append(*dst, &schema.Rule{Kind: schema.RuleRequiredIf, Fields: []string{pd.Field.Name}, When: cond, Text: pd.Field.Name + ": required for " + v, Source: pd.Field.Source})
	}
}

func (p *core) finishShorthand(ctx *shorthandCtx) {
	g := ctx.G
	for _, pd := range ctx.Pending {
		p.paramRules(pd, g.Params, &g.Rules)
	}
	for _, r := range ctx.Rules {
		g.Rules = append(g.Rules, toRule(r, g.Params, g.Source))
	}
	if ctx.Result != "" {
		te, _ := grammar.ParseTypeExact(ctx.Result)
		if t, ok := p.typeOf(te, g.Name, "result", g.Source); ok {
			g.Returns = &t
		}
	}
}

// typeOf resolves a written type outside a field.
func (p *core) typeOf(te grammar.TypeExpr, owner, what string, where schema.Source) (schema.Type, bool) {
	pd := &pending{Field: &schema.Field{Name: what, Source: where}, Owner: owner, Line: where.Line}
	t, _, ok := p.resolveType(&grammar.Facts{Typ: te}, pd)
	return t, ok
}

// copyField deep-copies a field so that a method can adjust its copy of a
// shorthand parameter.
func copyField(f *schema.Field) *schema.Field {
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

var reOverride = regexp.MustCompile(`^([a-z_][a-z0-9_]*) (.+)$`)

func (p *core) finishMethod(ctx *methodCtx) {
	m := ctx.M
	var groupReturns *schema.Type
	for _, e := range ctx.Entries {
		if e.Param != nil {
			m.Params = append(m.Params, e.Param.Field)
			continue
		}
		g := p.shorthands[e.Group]
		if g == nil {
			p.errorf(e.Line, "%s: %s is not a defined shorthand (defined: %s)", m.Name, e.Group, strings.Join(sortedKeys(p.shorthands), ", "))
			continue
		}
		for _, prm := range g.G.Params {
			cp := copyField(prm)
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
			p.override(m, e)
		}
	}
	seen := map[string]bool{}
	for _, prm := range m.Params {
		if seen[prm.Name] {
			p.errorf(ctx.Line, "%s: parameter %s is given twice", m.Name, prm.Name)
		}
		seen[prm.Name] = true
	}
	for _, pd := range ctx.Pending {
		p.paramRules(pd, m.Params, &m.Rules)
	}
	switch {
	case ctx.Result != "":
		te, note, ok := parseResult(ctx.Result)
		if !ok {
			p.errorf(ctx.Line, "%s: result %q does not start with a type", m.Name, ctx.Result)
			return
		}
		t, ok := p.typeOf(te, m.Name, "result", m.Source)
		if !ok {
			return
		}
		m.Returns, m.ReturnsNote = t, note
		for _, sent := range grammar.SplitSentences(note) {
			if r, ok := p.groupingRule(m, sent); ok {
				m.Rules = append(m.Rules, r)
			}
		}
	case groupReturns != nil:
		m.Returns = *groupReturns
	case p.results[ctx.Place] != "":
		t, ok := p.typeOf(grammar.TypeExpr{Alts: []string{p.results[ctx.Place]}}, m.Name, "result", m.Source)
		if !ok {
			return
		}
		m.Returns = t
	default:
		p.errorf(ctx.Line, "%s: no result given, and neither its section nor its shorthands say one", m.Name)
	}
	for _, prm := range m.Params {
		if p.out.FieldCanUpload(prm) {
			m.Multipart = true
		}
	}
	for _, r := range ctx.Rules {
		if p.namesFields(r, m.Name, m.Params, m.Source.Line) {
			m.Rules = append(m.Rules, toRule(r, m.Params, m.Source))
		}
	}
}

// override applies "GROUP (param constraint, note)" to the expanded group.
func (p *core) override(m *schema.Method, e methodEntry) {
	clauses := grammar.SplitTop(e.Override, ',')
	mm := reOverride.FindStringSubmatch(clauses[0])
	var target *schema.Field
	if mm != nil {
		target = m.Param(mm[1])
	}
	if target == nil {
		p.errorf(e.Line, "%s: %s (%s): the override does not start with a parameter of the group", m.Name, e.Group, e.Override)
		return
	}
	f := &grammar.Facts{}
	f.Part(mm[2])
	for _, c := range clauses[1:] {
		f.Part(c)
	}
	pd := &pending{Field: target, Owner: m.Name, Method: true, Line: e.Line}
	c := p.constraints(pd, f, target.Type, nil)
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
		target.Description = grammar.JoinText(target.Description, d)
	}
}

// groupingRule reads "Documents and audios can be grouped only with items
// of the same type" for a method with an array of a discriminated union.
func (p *core) groupingRule(m *schema.Method, sent string) (*schema.Rule, bool) {
	mm := grammar.ReGrouping.FindStringSubmatch(sent)
	if mm == nil {
		return nil, false
	}
	for _, prm := range m.Params {
		if !prm.Type.IsArray() {
			continue
		}
		u := p.out.Union(prm.Type.Base())
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
	p.errorf(m.Source.Line, "%s: %q names no variants of an array parameter", m.Name, sent)
	return nil, false
}

// unionVariants records, for the variants of unions of objects that JSON
// must tell apart by their fields (no discriminator, or a shared tag), the
// required fields and any stated constant (schema.Variant gives the rule),
// and reports variants no JSON value can tell apart, with the fields that
// would.
func (p *core) unionVariants() {
	for _, u := range p.out.Unions {
		groups := p.out.FieldGroups(u)
		for _, g := range groups {
			for _, v := range g {
				o := p.out.Object(v.Type.Name)
				v.Requires = nil
				for _, f := range o.Fields {
					if !f.Required || f.Name == u.Discriminator {
						continue
					}
					v.Requires = append(v.Requires, f.Name)
					if val := p.always[o.Name+"."+f.Name]; val != "" && v.Const == nil {
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
					oa, ob := p.out.Object(a.Type.Name), p.out.Object(b.Type.Name)
					fields := strings.Join(a.Requires, ", ")
					if fields == "" {
						fields = "none"
					}
					msg := fmt.Sprintf("union %s: variants %s and %s require the same fields (%s)", u.Name, oa.Name, ob.Name, fields)
					if a.Const != nil {
						msg += fmt.Sprintf(" and state the same constant (%s always %s)", a.Const.Field, a.Const.JSON)
					}
					msg += ", so JSON cannot tell them apart"
					apart := p.out.TellApart(oa, ob)
					if p.pol.tolerant {
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
						where := p.unionWhere[u]
						if where == "" {
							where = u.Source.Section
						}
						p.warn(Warning{Construct: "union " + u.Name, Target: u.Name, Where: where, Line: u.Source.Line,
							Text: strings.TrimPrefix(msg, "union "+u.Name+": "), Settle: settle})
						continue
					}
					if apart != "" {
						msg += "; fields only one of them has: " + apart + ". Mark one of those Required in its variant, or state a constant in a Notes cell (\"Always 0\")"
					} else {
						msg += "; they have the same fields. Give one of them a field of its own, or state a constant in a Notes cell (\"Always 0\")"
					}
					p.errorf(ob.Source.Line, "%s", msg)
				}
			}
		}
	}
}

// conditionRules turns the statements of parameters (or of an object's
// fields) that they are required (or optional) depending on others into
// rules, whatever the wording (grammar.ReadCondition): a required_if rule
// per parameter and other field, which names the parameter and the
// condition, so the Go model knows which field is required when. With
// oneOf (a method's parameters), parameters that are each required if the
// others are not specified, and whose others say the same of them, are one
// one_of rule instead. A statement the reader cannot place (its other is
// no field, its value one the other cannot hold, its words no condition on
// fields) is an "unread" line of the report, never silence.
func (p *core) conditionRules(owner string, src schema.Source, fields []*schema.Field, rules *[]*schema.Rule, oneOf bool) {
	var all []statedCondition
	for _, f := range fields {
		for _, cl := range grammar.ConditionClauses(f.Description) {
			c, ok := grammar.ReadCondition(cl.Clause)
			if !ok {
				p.unreadCondition(owner, f, cl.Sentence, "no condition on another field read")
				continue
			}
			all = append(all, statedCondition{f, c, cl.Sentence})
		}
	}
	var done map[string]bool
	if oneOf {
		done = oneOfRules(fields, all, rules, src)
	}
	for _, st := range all {
		if !done[st.field.Name] {
			p.conditionRule(owner, fields, st, rules)
		}
	}
}

// statedCondition is a condition a field's description states.
type statedCondition struct {
	field    *schema.Field
	cond     grammar.Condition
	sentence string
}

// unreadCondition reports a condition the reader cannot place.
func (p *core) unreadCondition(owner string, f *schema.Field, sentence, why string) {
	p.report.add("unread", owner+"."+f.Name, f.Source.Line, sentence+" ("+why+")")
}

// conditionRule turns one statement into required_if rules: "Required if
// X is not specified" is required when X is not set; "Required if X and Y
// are not specified" when either is not set (one rule each); "Optional if
// X is present" makes the field optional and required when X is not set;
// "Required if X is “v”" when X equals v.
func (p *core) conditionRule(owner string, fields []*schema.Field, st statedCondition, rules *[]*schema.Rule) {
	f, c := st.field, st.cond
	var others []*schema.Field
	for _, name := range c.Fields {
		i := slices.IndexFunc(fields, func(o *schema.Field) bool { return o.Name == name })
		if i < 0 || fields[i] == f {
			p.unreadCondition(owner, f, st.sentence, name+" is not another field of "+owner)
			return
		}
		others = append(others, fields[i])
	}
	var whens []*schema.Condition
	switch set := c.Required != c.Not; {
	case c.Value == "" && (len(others) == 1 || !set):
		for _, o := range others {
			whens = append(whens, &schema.Condition{Field: o.Name, Set: &set})
		}
	case c.Value != "" && c.Required && !c.Not && len(others) == 1 && conditionValue(c.Value, others[0].Type) != "":
		whens = append(whens, &schema.Condition{Field: others[0].Name, Equals: conditionValue(c.Value, others[0].Type)})
	default:
		p.unreadCondition(owner, f, st.sentence, "no condition on "+strings.Join(c.Fields, " and ")+" read")
		return
	}
	if !c.Required {
		f.Required = false
	}
	for _, w := range whens {
		*rules = append(*rules, &schema.Rule{Kind: schema.RuleRequiredIf, Fields: []string{f.Name}, When: w, Text: st.sentence, Source: f.Source})
	}
}

// oneOfRules turns statements that agree into one_of rules: the
// parameters that are required if the same others are not specified form
// one group, and those others say exactly that of the group. It returns
// the parameters in a one_of rule.
func oneOfRules(fields []*schema.Field, all []statedCondition, rules *[]*schema.Rule, src schema.Source) map[string]bool {
	cond := map[string][]string{}
	for _, st := range all {
		c := st.cond
		if _, seen := cond[st.field.Name]; seen || !c.Required || !c.Not || c.Value != "" {
			continue
		}
		names := slices.Clone(c.Fields)
		slices.Sort(names)
		cond[st.field.Name] = names
	}
	done := map[string]bool{}
	for _, prm := range fields {
		c, ok := cond[prm.Name]
		if !ok || done[prm.Name] {
			continue
		}
		var group []string
		for _, q := range fields {
			if slices.Equal(cond[q.Name], c) {
				group = append(group, q.Name)
			}
		}
		sorted := slices.Clone(group)
		slices.Sort(sorted)
		var other []string
		agree := true
		for _, q := range fields {
			if slices.Contains(c, q.Name) {
				other = append(other, q.Name)
				if !slices.Equal(cond[q.Name], sorted) {
					agree = false
				}
			}
		}
		if !agree || len(other) != len(c) {
			continue
		}
		for _, n := range append(slices.Clone(group), other...) {
			done[n] = true
		}
		*rules = append(*rules, &schema.Rule{
			Kind:   schema.RuleOneOf,
			Groups: [][]string{group, other},
			Text:   "Either " + strings.Join(group, " and ") + ", or " + strings.Join(other, " and ") + ", must be given (each is \"Required if\" the other is \"not specified\")",
			Source: src,
		})
	}
	return done
}

// conditionValue spells a stated value of a parameter of type t as a
// condition compares it ("False" of a Boolean is "false"), or "" when t
// cannot hold it.
func conditionValue(v string, t schema.Type) string {
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
