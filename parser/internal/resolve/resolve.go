package resolve

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/parser/internal/grammar"
	"github.com/apigen/apigen/schema"
)

// resolve completes the schema once every fact is built (Resolve): it
// gives each field and parameter its type and constraints, expands
// shorthand groups into methods, turns sentences into rules, applies the
// version list and types the update kinds.
func (p *core) resolve() {
	p.addOpaque()
	for _, pd := range p.pending {
		p.register(pd)
	}
	for _, pd := range p.pending {
		p.resolvePending(pd)
	}
	p.warnUndefined()
	if len(p.errs) > 0 {
		return
	}
	// Every union exists now, listed or made from a type cell: tags are
	// found for all of them in one pass.
	if p.pol.tagsFromFixedValues {
		p.tagsFromFixedValues()
	}
	p.linkFormattingEnum()
	p.checkEventEnum()
	for _, name := range p.objectOrder() {
		p.finishObject(p.objects[name])
		if o := p.objects[name].Obj; p.pol.conditionSentences {
			// Before the unions' requires: "Optional if X is present"
			// makes a field optional.
			p.conditionRules(o.Name, o.Source, o.Fields, &o.Rules, false)
		}
	}
	for _, g := range p.out.Shorthands {
		p.finishShorthand(p.shorthands[g.Name])
	}
	for _, m := range p.methods {
		p.finishMethod(m)
	}
	p.unionVariants()
	p.applyVersions()
	if p.pol.changeSentences {
		p.applyChangeSentences()
	}
	p.updateKinds()
	if p.pol.conditionSentences {
		// A method's conditions, once its parameters are final (the
		// shorthands expanded, the update kinds typed).
		for _, m := range p.methods {
			p.conditionRules(m.M.Name, m.M.Source, m.M.Params, &m.M.Rules, true)
		}
	}
	if n := len(p.out.Versions); n > 0 {
		p.out.Version = p.out.Versions[n-1].Version
	}
}

func (p *core) objectOrder() []string {
	names := make([]string, 0, len(p.out.Objects))
	for _, o := range p.out.Objects {
		if p.objects[o.Name] != nil {
			names = append(names, o.Name)
		}
	}
	return names
}

// addOpaque adds the objects the document names without showing them.
func (p *core) addOpaque() {
	for _, ref := range p.opaque {
		if ctx := p.objects[ref.Name]; ctx != nil {
			p.errorf(ref.Src.Line, "object %s is listed as not shown but is defined at line %d", ref.Name, ctx.Obj.Source.Line)
			continue
		}
		o := &schema.Object{Name: ref.Name, Opaque: true, Description: "Named by the document; fields not shown.", Source: ref.Src}
		p.out.Objects = append(p.out.Objects, o)
	}
}

// register makes a field with an explicit type visible to bare mentions of
// the same name in its scopes.
func (p *core) register(pd *pending) {
	if pd.Facts.Typ.IsZero() {
		return
	}
	for _, sc := range pd.Scopes {
		m := p.defs[sc]
		if m == nil {
			m = map[string][]*pending{}
			p.defs[sc] = m
		}
		m[pd.Field.Name] = append(m[pd.Field.Name], pd)
	}
}

// lookup finds the definition a bare name refers to: the nearest scope
// that defines the name with a type, which must agree on that type.
func (p *core) lookup(pd *pending) *pending {
	for _, sc := range pd.Scopes {
		var cands []*pending
		for _, c := range p.defs[sc][pd.Field.Name] {
			if c != pd {
				cands = append(cands, c)
			}
		}
		if len(cands) == 0 {
			continue
		}
		first := cands[0]
		for _, c := range cands[1:] {
			if c.Facts.Typ.String() != first.Facts.Typ.String() {
				p.errorf(pd.Line, "%s.%s has no type, and the nearest definitions disagree: %s at line %d, %s at line %d",
					pd.Owner, pd.Field.Name, first.Facts.Typ, first.Line, c.Facts.Typ, c.Line)
				return nil
			}
		}
		return first
	}
	p.errorf(pd.Line, "%s.%s has no type, and the document gives none for %q elsewhere", pd.Owner, pd.Field.Name, pd.Field.Name)
	return nil
}

func (p *core) resolvePending(pd *pending) {
	if pd.resolved || pd.Owner == "" {
		return
	}
	pd.resolved = true
	f := pd.Facts
	if f.Typ.IsZero() {
		def := p.lookup(pd)
		if def == nil {
			return
		}
		if f.IsBare() || f.AsAbove {
			own := f
			cp := *def.Facts
			cp.Desc = append([]string(nil), def.Facts.Desc...)
			cp.Rules = nil
			if own.Marker != "" || pd.MarkedTable {
				// A table that marks only optional fields decides
				// required-ness itself.
				cp.Marker = own.Marker
			}
			f = &cp
		} else {
			f.Typ, f.TypeText = def.Facts.Typ, def.Facts.TypeText
			f.Bits64 = f.Bits64 || def.Facts.Bits64
			if f.Marker == "" && f.RequiredIf == "" && !pd.MarkedTable {
				f.Marker = def.Facts.Marker
			}
			if len(f.Desc) == 0 {
				f.Desc = def.Facts.Desc
			}
		}
		pd.Facts = f
	}
	fld := pd.Field
	t, variants, ok := p.resolveType(f, pd)
	if !ok {
		return
	}
	fld.Type = t
	fld.Description = f.Description()
	fld.JSONSerialized = f.Json
	switch {
	case f.RequiredIf != "":
		fld.Required = false
	case f.Marker == "Required":
		fld.Required = true
	case f.Marker == "Optional":
		fld.Required = false
	case pd.defaultRequired != nil:
		fld.Required = *pd.defaultRequired
	default:
		p.errorf(pd.Line, "%s.%s: the document says neither Required nor Optional", pd.Owner, fld.Name)
	}
	fld.Constraints = p.constraints(pd, f, t, variants)
	if fld.Constraints != nil {
		// A default that is not the zero value makes the zero a real
		// choice (is_anonymous: false against default true). Strings are
		// left out: "" is no value of an enum with a default.
		if d := fld.Constraints.Default; d != nil && !isZeroValue(d) {
			if _, isString := d.(string); !isString {
				fld.ZeroMeaningful = true
			}
		}
	}
	if f.ZeroBased {
		fld.ZeroMeaningful = true
	}
	if f.Always != "" && !pd.Method && constFits(f.Always, t) {
		p.always[pd.Owner+"."+fld.Name] = f.Always
	}
}

// constFits reports whether a stated constant is a value of type t.
func constFits(val string, t schema.Type) bool {
	if t.IsArray() {
		return false
	}
	switch t.Name {
	case schema.Boolean, schema.True:
		return val == "true" || val == "false"
	case schema.Integer, schema.Integer64:
		_, err := strconv.ParseInt(val, 10, 64)
		return err == nil
	case schema.Float:
		_, err := strconv.ParseFloat(val, 64)
		return err == nil
	}
	return false
}

func isZeroValue(v any) bool {
	switch x := v.(type) {
	case bool:
		return !x
	case int:
		return x == 0
	case float64:
		return x == 0
	case string:
		return x == ""
	}
	return false
}

// resolveType turns the written type into a schema type. Alternatives
// become a union; when an existing union has exactly those variants it is
// reused, and when it has more, the value is restricted to the subset.
func (p *core) resolveType(f *grammar.Facts, pd *pending) (schema.Type, []string, bool) {
	te := f.Typ
	if te.Depth > schema.MaxArrayDepth {
		p.errorf(pd.Line, "%s.%s: %v: write the type with fewer levels", pd.Owner, pd.Field.Name, schema.ErrArrayDepth(te.Depth))
		return schema.Type{}, nil, false
	}
	var base schema.Type
	var variants []string
	alts := te.Alts
	// A String that may name an attach:// upload (saysAttach) is a file
	// reference or an upload. The seed layout writes it "InputFile or
	// String" (its schema has always done so, and stays byte for byte);
	// the published page's type column is its own word for the type and
	// stays String, with the fact kept as constraints.attach (see
	// constraints). The Go model gives both the same Go type.
	if len(alts) == 1 && alts[0] == schema.String && f.AttachRef && !p.pol.attachAsConstraint {
		alts = []string{schema.InputFile, schema.String}
	}
	for _, a := range alts {
		known := p.knownType(a)
		if p.pol.undefinedAsRaw && (!known || len(p.undefined) > 0) && p.keepUndefined(a, pd) {
			continue
		}
		if !known {
			p.errorf(pd.Line, "%s.%s: unknown type %q (not a primitive, and no object or union of that name is defined or listed as not shown)", pd.Owner, pd.Field.Name, a)
			return schema.Type{}, nil, false
		}
	}
	if len(alts) == 1 {
		name := alts[0]
		if name == schema.Integer && f.Bits64 {
			name = schema.Integer64
		}
		base = schema.Named(name)
	} else {
		where := pd.Field.Source
		if where.Line == 0 {
			where.Line = pd.Line
		}
		u, subset, err := p.unionFor(alts, pd.Owner, pd.Field.Name, where)
		if err != nil {
			p.errorf(pd.Line, "%s.%s: %v", pd.Owner, pd.Field.Name, err)
			return schema.Type{}, nil, false
		}
		base, variants = schema.Named(u.Name), subset
	}
	for range te.Depth {
		base = schema.ArrayOf(base)
	}
	return base, variants, true
}

func (p *core) knownType(name string) bool {
	if schema.IsPrimitive(name) || p.objects[name] != nil || p.out.Union(name) != nil || p.out.Object(name) != nil {
		return true
	}
	for _, o := range p.opaque {
		if o.Name == name {
			return true
		}
	}
	return false
}

// unionFor finds or creates the union of alts. A new union is named by
// the rule of naming.InlineUnion (two members joined with "Or", more
// named after the field that carries them).
func (p *core) unionFor(alts []string, owner, field string, src schema.Source) (*schema.Union, []string, error) {
	want := slices.Clone(alts)
	slices.Sort(want)
	want = slices.Compact(want)
	for _, u := range p.out.Unions {
		var have []string
		for _, v := range u.Variants {
			have = append(have, v.Type.String())
		}
		slices.Sort(have)
		if slices.Equal(have, want) {
			return u, nil, nil
		}
	}
	// A list of some variants of a union the document defines is that
	// union restricted to exactly them (checked by the validators), never
	// a wider union: the smallest that holds them all, the first in
	// document order among equals.
	var best *schema.Union
	for _, u := range p.out.Unions {
		if u.Discriminator == "" && !p.listed[u] {
			continue
		}
		all := true
		for _, a := range alts {
			if !slices.ContainsFunc(u.Variants, func(v *schema.Variant) bool { return !v.Type.IsArray() && v.Type.Name == a }) {
				all = false
			}
		}
		if all && (best == nil || len(u.Variants) < len(best.Variants)) {
			best = u
		}
	}
	if best != nil {
		return best, slices.Clone(alts), nil
	}
	// The naming rule of an inline union is naming's (naming/unions.go).
	name := naming.InlineUnion(alts, field)
	if p.knownType(name) && p.pol.tolerant && len(alts) > 2 {
		// Another entry's field of that name holds other members: on the
		// page, this one is named after its owner too.
		name = naming.OwnedInlineUnion(owner, field)
	}
	if p.knownType(name) {
		return nil, nil, fmt.Errorf("a union of %s would be named %s, which is already taken", strings.Join(alts, ", "), name)
	}
	// No description: the document gives the union none of its own, and
	// its variants are said where it is documented (the types backend's
	// "is one of").
	u := &schema.Union{Name: name, Source: src}
	for _, a := range alts {
		u.Variants = append(u.Variants, &schema.Variant{Type: schema.Named(a)})
	}
	p.out.Unions = append(p.out.Unions, u)
	return u, nil, nil
}

func intp(v *float64) *int {
	if v == nil {
		return nil
	}
	n := int(math.Round(*v))
	return &n
}

func bounds(r *grammar.RawRange) *schema.Bounds {
	if r == nil {
		return nil
	}
	return &schema.Bounds{Min: r.Min, Max: r.Max}
}

func length(r *grammar.RawRange, unit string, after bool) *schema.Length {
	if unit == "" {
		unit = schema.UnitCharacters
	}
	return &schema.Length{Min: intp(r.Min), Max: intp(r.Max), Unit: unit, AfterEntityParsing: after}
}

// constraints turns facts into constraints on a value of type t. A bare
// range means a length for strings, a count for arrays and a range for
// numbers.
func (p *core) constraints(pd *pending, f *grammar.Facts, t schema.Type, variants []string) *schema.Constraints {
	c := &schema.Constraints{}
	// bad reports a fact that does not fit the type and says whether to
	// keep it. The page's prose is not written to a grammar: there a
	// phrase read as a fact that does not fit stays text, and the report
	// says so; in the seed layout it is an error.
	bad := func(what string) bool {
		if p.pol.tolerant {
			p.report.add("fact does not apply", pd.Owner+"."+pd.Field.Name, pd.Line, what+" does not apply to a "+t.String())
			return false
		}
		p.errorf(pd.Line, "%s.%s: %s does not apply to a %s", pd.Owner, pd.Field.Name, what, t)
		return true
	}
	name := t.Name
	isString := name == schema.String || p.hasStringVariant(name)
	isNumber := name == schema.Integer || name == schema.Integer64 || name == schema.Float
	isArray := t.IsArray()
	if f.Length != nil && (isString || bad("a length")) {
		c.Length = length(f.Length, f.LengthUnit, f.AfterParse)
	}
	c.MaxLineFeeds = f.LineFeeds
	if r := f.Bare; r != nil {
		switch {
		case isString && c.Length != nil:
			// A range bound to its unit word ("1-64 characters") is the
			// length; a second, bare one in the same text is not.
			p.report.add("second range", pd.Owner+"."+pd.Field.Name, pd.Line, "a bare range "+bounds(r).Text()+" besides the length of "+bounds(f.Length).Text()+" "+c.Length.Unit)
		case isString:
			c.Length = length(r, schema.UnitCharacters, false)
		case isArray:
			c.Items = bounds(r)
		case isNumber:
			c.Range = bounds(r)
		default:
			bad("a range")
		}
	}
	if f.AtMost != nil {
		r := &grammar.RawRange{Max: f.AtMost}
		switch {
		case isArray:
			c.Items = bounds(r)
		case isString:
			c.Length = length(r, schema.UnitCharacters, false)
		case isNumber:
			c.Range = bounds(r)
		default:
			bad("\"at most\"")
		}
	}
	if f.Items != nil && (isArray || bad("an item count")) {
		c.Items = bounds(f.Items)
	}
	if f.EachLength != nil {
		c.Each = &schema.Constraints{Length: length(f.EachLength, f.EachUnit, false)}
	}
	if f.TotalLength != nil && (isArray && t.Elem.Name == schema.String && !t.Elem.IsArray() || bad("a total length")) {
		c.TotalLength = length(f.TotalLength, f.TotalUnit, false)
	}
	if len(f.Numbers) > 0 && (name == schema.Integer || name == schema.Integer64) && !isArray || len(f.Numbers) > 0 && bad("a list of whole numbers") {
		c.Values = f.Numbers
	}
	if f.NumRange != nil && (isNumber || bad("a numeric range")) {
		c.Range = bounds(f.NumRange)
	}
	c.Ahead = bounds(f.Ahead)
	c.Unit = f.Unit
	fitsEnum := name == schema.String || (isArray && t.Elem.Name == schema.String)
	if len(f.Enum) > 0 && (fitsEnum || !p.pol.tolerant || bad("a list of values")) {
		e := p.enumFor(pd, f.Enum)
		switch {
		case e == nil:
		case name == schema.String:
			c.Enum = e.Name
		case isArray && t.Elem.Name == schema.String:
			if c.Each == nil {
				c.Each = &schema.Constraints{}
			}
			c.Each.Enum = e.Name
		default:
			bad("a list of values")
		}
	}
	if f.DefaultRaw != "" {
		v, err := literal(f.DefaultRaw, t)
		if err != nil {
			// "default returns all" and the like are prose, not values.
			pd.Field.Description = grammar.JoinText(pd.Field.Description, "Default: "+f.DefaultRaw+".")
		} else {
			c.Default = v
		}
	}
	if f.DefaultRaw == "" && f.DefaultsTo != "" {
		if v, err := literal(f.DefaultsTo, t); err == nil {
			c.Default = v
		} else if c.Enum != "" && slices.ContainsFunc(f.Enum, func(e grammar.EnumVal) bool { return e.Value == f.DefaultsTo }) {
			// A listed value that is no word ("Defaults to “🎲”").
			c.Default = f.DefaultsTo
		}
	}
	c.Fixed = pd.Fixed
	c.Pattern, c.PatternText = f.Pattern, f.PatternText
	c.NoEmoji = f.NoEmoji
	c.Position = f.Position
	c.UploadOnly = f.UploadOnly
	c.Attach = p.pol.attachAsConstraint && f.AttachRef && !isArray && name == schema.String
	if len(variants) > 0 && isArray {
		if c.Each == nil {
			c.Each = &schema.Constraints{}
		}
		c.Each.Variants = variants
	} else {
		c.Variants = variants
	}
	if c.Unit == "unix_time" && name != schema.Integer && name != schema.Integer64 && !bad("a Unix time") {
		c.Unit = ""
	}
	if c.IsEmpty() {
		return nil
	}
	return c
}

func (p *core) hasStringVariant(name string) bool {
	u := p.out.Union(name)
	if u == nil {
		return false
	}
	for _, v := range u.Variants {
		if v.Type.Name == schema.String {
			return true
		}
	}
	return false
}

// literal reads a default value as the type says.
func literal(s string, t schema.Type) (any, error) {
	switch t.Name {
	case schema.Boolean:
		return strconv.ParseBool(s)
	case schema.Integer, schema.Integer64:
		return strconv.Atoi(s)
	case schema.Float:
		return strconv.ParseFloat(s, 64)
	case schema.String:
		if !grammar.IsIdent(s) {
			return nil, fmt.Errorf("not a word")
		}
		return s, nil
	}
	return nil, fmt.Errorf("no literal for %s", t)
}

// enumName derives an enum's name from where its values are listed: the
// object and field (Chat.type -> ChatType), or the method without its verb
// and the parameter (sendChatAction.action -> ChatAction).
func enumName(owner string, method bool, field string) string {
	o := owner
	if method {
		if i := strings.IndexFunc(owner, func(r rune) bool { return r >= 'A' && r <= 'Z' }); i > 0 {
			o = owner[i:]
		} else {
			o = pascal(strings.ToLower(owner))
		}
	}
	fp := pascal(field)
	if strings.HasSuffix(o, fp) {
		return o
	}
	return o + fp
}

// enumFor finds or creates the enum for listed values. The same name with
// the same set of values is one enum; the same name with other values is an
// error.
func (p *core) enumFor(pd *pending, vals []grammar.EnumVal) *schema.Enum {
	name := enumName(pd.Owner, pd.Method, pd.Field.Name)
	if p.pol.tolerant && p.knownType(name) {
		// MoodEmoji.emoji: the object is named MoodEmoji already.
		name = pascal(pd.Owner) + pascal(pd.Field.Name)
	}
	set := func(vs []string) []string { s := slices.Clone(vs); slices.Sort(s); return s }
	var want []string
	for _, v := range vals {
		want = append(want, v.Value)
	}
	if e := p.out.Enum(name); e != nil {
		var have []string
		for _, v := range e.Values {
			have = append(have, v.Value)
		}
		if !slices.Equal(set(have), set(want)) {
			// On the published page the same field of two entries may
			// list different values ("type" of two unions): the enum is
			// then named after the whole owner.
			if alt := pascal(pd.Owner) + pascal(pd.Field.Name); p.pol.tolerant && alt != name && p.out.Enum(alt) == nil {
				name = alt
			} else {
				p.errorf(pd.Line, "%s.%s: enum %s lists %v here but %v at line %d", pd.Owner, pd.Field.Name, name, want, have, e.Source.Line)
				return nil
			}
		} else {
			return e
		}
	}
	e := &schema.Enum{Name: name, Description: "Values of " + pd.Owner + "." + pd.Field.Name + ".", Source: pd.Field.Source}
	for _, v := range vals {
		e.Values = append(e.Values, &schema.EnumValue{Name: v.Name, Value: v.Value})
	}
	p.out.Enums = append(p.out.Enums, e)
	return e
}

// linkFormattingEnum gives every String field named like the formatting
// section's field ("parse_mode") that section's enum, and every String
// field whose name ends in "_" and that field (quote_parse_mode,
// explanation_parse_mode) whose description points at the formatting
// section by its title ("See formatting options"): a prefixed name alone
// could be some other mode.
func (p *core) linkFormattingEnum() {
	f := p.out.Formatting
	if f == nil || p.out.Enum(f.Enum) == nil {
		return
	}
	var titles []string
	for _, r := range f.Rules {
		if t := strings.ToLower(r.Source.Section); t != "" && !slices.Contains(titles, t) {
			titles = append(titles, t)
		}
	}
	links := func(fld *schema.Field) bool {
		if !strings.HasSuffix(fld.Name, "_"+f.Field) {
			return false
		}
		d := strings.ToLower(fld.Description)
		return slices.ContainsFunc(titles, func(t string) bool { return strings.Contains(d, t) })
	}
	link := func(fields []*schema.Field) {
		for _, fld := range fields {
			if (fld.Name != f.Field && !links(fld)) || fld.Type.Name != schema.String {
				continue
			}
			if fld.Constraints == nil {
				fld.Constraints = &schema.Constraints{}
			}
			if fld.Constraints.Enum == "" {
				fld.Constraints.Enum = f.Enum
			}
		}
	}
	for _, o := range p.out.Objects {
		link(o.Fields)
	}
	for _, g := range p.out.Shorthands {
		link(g.Params)
	}
	for _, m := range p.methods {
		for _, pd := range m.Pending {
			link([]*schema.Field{pd.Field})
		}
	}
}

// checkEventEnum checks that every event kind names a field of the object
// the Events table is about.
func (p *core) checkEventEnum() {
	if p.eventOwner == "" {
		return
	}
	ctx := p.objects[p.eventOwner]
	if ctx == nil {
		p.errorf(p.eventLine, "events table names %s fields, but there is no object %s", p.eventOwner, p.eventOwner)
		return
	}
	for _, k := range p.out.Events.Kinds {
		for _, f := range k.Fields {
			if ctx.Obj.Field(f) == nil {
				p.errorf(k.Source.Line, "event %q is not a field of %s", f, p.eventOwner)
			}
		}
	}
}
