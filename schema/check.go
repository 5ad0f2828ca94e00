package schema

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
)

// Check proves the schema is closed and well formed. It returns every
// problem it finds, one per line, each with the source location it is about.
func (s *Schema) Check() error {
	c := &checker{s: s, types: map[string]string{}}
	c.run()
	if len(c.errs) == 0 {
		return nil
	}
	return errors.Join(c.errs...)
}

type checker struct {
	s     *Schema
	types map[string]string // type name -> what declared it
	errs  []error
	// since reports a since value that names no listed version.
	since func(src Source, what, since string)
}

// fail records a problem about the element at src. A schema read from YAML
// names the YAML line ("44: ..."; Load adds the file name); a schema fresh
// from the parser names the specification's line and section.
func (c *checker) fail(src Source, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	switch {
	case src.yamlLine > 0:
		msg = fmt.Sprintf("%d: %s", src.yamlLine, msg)
	case src.Line > 0:
		msg = fmt.Sprintf("line %d (%s): %s", src.Line, src.Section, msg)
	}
	c.errs = append(c.errs, errors.New(msg))
}

// at says where a declaration is, for a message about another: " at
// line 12 (sendMessage)", or "" when the schema does not say.
func at(src Source) string {
	switch {
	case src.yamlLine > 0:
		return fmt.Sprintf(" at line %d", src.yamlLine)
	case src.Line > 0:
		return fmt.Sprintf(" at line %d (%s)", src.Line, src.Section)
	}
	return ""
}

// failType is fail for a problem with the element's type: in YAML it points
// at the "type:" line.
func (c *checker) failType(src Source, format string, args ...any) {
	if src.yamlTypeLine > 0 {
		src.yamlLine = src.yamlTypeLine
	}
	c.fail(src, format, args...)
}

func (c *checker) run() {
	s := c.s
	if s.Version == "" {
		c.fail(Source{}, "schema has no version")
	}
	if n := len(s.Objects); n > MaxDefinitions {
		c.fail(s.Objects[MaxDefinitions].Source, "the schema has %d objects; at most %d are allowed", n, MaxDefinitions)
	}
	if n := len(s.Methods); n > MaxDefinitions {
		c.fail(s.Methods[MaxDefinitions].Source, "the schema has %d methods; at most %d are allowed", n, MaxDefinitions)
	}
	for _, p := range Primitives {
		c.types[p] = "primitive"
	}
	for _, o := range s.Objects {
		c.declare(o.Name, "object", o.Source)
	}
	for _, u := range s.Unions {
		c.declare(u.Name, "union", u.Source)
	}
	enums := map[string]bool{}
	for _, e := range s.Enums {
		if enums[e.Name] {
			c.fail(e.Source, "enum %s declared twice", e.Name)
		}
		enums[e.Name] = true
		if len(e.Values) == 0 {
			c.fail(e.Source, "enum %s has no values", e.Name)
		}
		seen := map[string]bool{}
		for _, v := range e.Values {
			if seen[v.Value] {
				c.fail(e.Source, "enum %s lists %q twice", e.Name, v.Value)
			}
			seen[v.Value] = true
		}
	}
	versions := map[string]bool{}
	for _, v := range s.Versions {
		versions[v.Version] = true
	}
	c.since = func(src Source, what, since string) {
		if since != "" && len(versions) > 0 && !versions[since] {
			c.fail(src, "%s: since %q is not a listed version", what, since)
		}
	}
	for _, o := range s.Objects {
		c.since(o.Source, o.Name, o.Since)
		if o.Opaque && len(o.Fields) > 0 {
			c.fail(o.Source, "opaque object %s has fields", o.Name)
		}
		if !o.Opaque && len(o.Fields) == 0 {
			c.fail(o.Source, "object %s has no fields and is not opaque", o.Name)
		}
		for _, name := range o.Unions {
			if u := s.Union(name); u == nil || !unionHas(u, o.Name) {
				c.fail(o.Source, "object %s: union %s is not declared, or does not list it", o.Name, name)
			}
		}
		c.fields(o.Name, o.Fields)
		c.rules(o.Name, o.Fields, o.Rules)
	}
	for _, u := range s.Unions {
		c.union(u)
	}
	c.requiredCycles()
	for _, g := range s.Shorthands {
		c.fields(g.Name, g.Params)
		c.rules(g.Name, g.Params, g.Rules)
		if g.Returns != nil {
			c.typeRef(g.Source, g.Name+" result", *g.Returns)
		}
	}
	methods := map[string]*Method{}
	for _, m := range s.Methods {
		// Method names are case-insensitive on the wire: two spellings
		// are one method declared twice, which no Go name can settle
		// (the service would answer both calls with one of them).
		key := strings.ToLower(m.Name)
		if first := methods[key]; first != nil {
			c.fail(m.Source, "method %s is declared twice: method %s%s has the same name without case, and the service tells method names apart without case; keep one of the two headings (or rename one, if they are different methods)", m.Name, first.Name, at(first.Source))
		} else {
			methods[key] = m
		}
		c.since(m.Source, m.Name, m.Since)
		c.fields(m.Name, m.Params)
		c.rules(m.Name, m.Params, m.Rules)
		c.typeRef(m.Source, m.Name+" result", m.Returns)
		upload := false
		for _, p := range m.Params {
			if s.FieldCanUpload(p) {
				upload = true
			}
		}
		if upload != m.Multipart {
			c.fail(m.Source, "method %s: multipart is %v but its parameters say %v", m.Name, m.Multipart, upload)
		}
	}
	if f := s.Formatting; f != nil && s.Enum(f.Enum) == nil {
		c.fail(Source{}, "formatting: enum %s is not declared", f.Enum)
	}
}

func (c *checker) declare(name, what string, src Source) {
	if prev, ok := c.types[name]; ok {
		c.fail(src, "%s %s: name already used by a %s", what, name, prev)
		return
	}
	if name == "" || strings.ContainsAny(name, " \t,") {
		c.fail(src, "%s name %q is not a single word", what, name)
	}
	c.types[name] = what
}

func (c *checker) typeRef(src Source, what string, t Type) {
	if t.IsZero() {
		c.fail(src, "%s has no type", what)
		return
	}
	if d := t.Depth(); d > MaxArrayDepth {
		c.failType(src, "%s: %v", what, ErrArrayDepth(d))
		return
	}
	if _, ok := c.types[t.Base()]; !ok {
		c.failType(src, "%s: type %q is not declared (known: primitives, objects, unions)", what, t.Base())
	}
}

func (c *checker) fields(owner string, fields []*Field) {
	seen := map[string]bool{}
	for _, f := range fields {
		what := owner + "." + f.Name
		if f.Name == "" {
			c.fail(f.Source, "%s: field with no name", owner)
		}
		if seen[f.Name] {
			c.fail(f.Source, "%s declared twice", what)
		}
		seen[f.Name] = true
		c.typeRef(f.Source, what, f.Type)
		c.since(f.Source, what, f.Since)
		c.constraints(f.Source, what, f.Type, f.Constraints)
	}
}

func (c *checker) constraints(src Source, what string, t Type, k *Constraints) {
	if k == nil {
		return
	}
	base := t.Name
	if k.Length != nil {
		if base != String && !(base == InputFile || c.isStringUnion(base)) {
			c.fail(src, "%s: length on a %s", what, t)
		}
		if k.Length.Unit != UnitCharacters && k.Length.Unit != UnitBytes {
			c.fail(src, "%s: length unit %q (want characters or bytes)", what, k.Length.Unit)
		}
		c.intBounds(src, what+" length", k.Length.Min, k.Length.Max)
	}
	if k.Items != nil {
		if !t.IsArray() {
			c.fail(src, "%s: item count on a %s", what, t)
		}
		c.bounds(src, what+" items", k.Items)
	}
	if k.TotalLength != nil {
		if !t.IsArray() || t.Elem.IsArray() || t.Elem.Name != String {
			c.fail(src, "%s: total length on a %s (only an Array of String has one)", what, t)
		}
		if k.TotalLength.Unit != UnitCharacters && k.TotalLength.Unit != UnitBytes {
			c.fail(src, "%s: total length unit %q (want characters or bytes)", what, k.TotalLength.Unit)
		}
		c.intBounds(src, what+" total length", k.TotalLength.Min, k.TotalLength.Max)
	}
	if len(k.Values) > 0 && (t.IsArray() || base != Integer && base != Integer64) {
		c.fail(src, "%s: values on a %s (only an Integer has a list of whole numbers)", what, t)
	}
	if k.Range != nil {
		if base != Integer && base != Integer64 && base != Float {
			c.fail(src, "%s: numeric range on a %s", what, t)
		}
		c.bounds(src, what+" range", k.Range)
	}
	if k.Ahead != nil {
		c.bounds(src, what+" ahead", k.Ahead)
	}
	if k.Enum != "" {
		e := c.s.Enum(k.Enum)
		switch {
		case e == nil:
			c.fail(src, "%s: enum %s is not declared", what, k.Enum)
		case base != String:
			c.fail(src, "%s: enum on a %s", what, t)
		}
		if d, ok := k.Default.(string); ok && e != nil && !enumHas(e, d) {
			c.fail(src, "%s: default %q is not a value of %s", what, d, k.Enum)
		}
	}
	if k.Attach {
		// An attach reference is a string naming a part; an enum or a
		// pattern would constrain that name, which the document never does.
		switch {
		case t.IsArray() || base != String:
			c.fail(src, "%s: attach on a %s (only a String may name an attach:// upload)", what, t)
		case k.Enum != "" || k.Pattern != "":
			c.fail(src, "%s: attach together with an enum or a pattern", what)
		}
	}
	if k.Pattern != "" {
		if _, err := regexp.Compile(k.Pattern); err != nil {
			c.fail(src, "%s: pattern: %v", what, err)
		} else if !Anchored(k.Pattern) {
			c.fail(src, "%s: pattern %q is not anchored at both ends: a pattern is over the whole string and says so itself; write ^(?:%s)$", what, k.Pattern, k.Pattern)
		}
	}
	if len(k.Variants) > 0 {
		u := c.s.Union(base)
		if u == nil {
			c.fail(src, "%s: variants on a %s, which is not a union", what, t)
		} else {
			for _, v := range k.Variants {
				if !unionHas(u, v) {
					c.fail(src, "%s: %s is not a variant of %s", what, v, u.Name)
				}
			}
		}
	}
	if k.Each != nil {
		if !t.IsArray() {
			c.fail(src, "%s: element constraints on a %s", what, t)
		} else {
			c.constraints(src, what+"[]", *t.Elem, k.Each)
		}
	}
}

func (c *checker) isStringUnion(name string) bool {
	u := c.s.Union(name)
	if u == nil {
		return false
	}
	for _, v := range u.Variants {
		if v.Type.Name == String {
			return true
		}
	}
	return false
}

func (c *checker) intBounds(src Source, what string, lo, hi *int) {
	if lo != nil && *lo < 0 {
		c.fail(src, "%s: negative minimum %d", what, *lo)
	}
	if lo != nil && hi != nil && *lo > *hi {
		c.fail(src, "%s: minimum %d above maximum %d", what, *lo, *hi)
	}
}

func (c *checker) bounds(src Source, what string, b *Bounds) {
	if b.Min == nil && b.Max == nil {
		c.fail(src, "%s: empty bounds", what)
	}
	if b.Min != nil && b.Max != nil && *b.Min > *b.Max {
		c.fail(src, "%s: minimum %v above maximum %v", what, *b.Min, *b.Max)
	}
}

func (c *checker) rules(owner string, fields []*Field, rules []*Rule) {
	has := func(name string) bool {
		for _, f := range fields {
			if f.Name == name {
				return true
			}
		}
		return false
	}
	for _, r := range rules {
		what := owner + " rule " + r.Kind
		var names []string
		names = append(names, r.Fields...)
		for _, g := range r.Groups {
			names = append(names, g...)
		}
		if r.When != nil {
			names = append(names, r.When.Field)
		}
		for _, n := range names {
			if !has(n) {
				c.fail(r.Source, "%s: no field %q", what, n)
			}
		}
		switch r.Kind {
		case RuleMutuallyExclusive, RuleAtMostOne, RuleExactlyOne:
			if len(r.Fields) < 2 {
				c.fail(r.Source, "%s: needs at least two fields", what)
			}
		case RuleOneOf:
			if len(r.Groups) < 2 {
				c.fail(r.Source, "%s: needs at least two groups", what)
			}
		case RuleRequiredIf:
			if len(r.Fields) != 1 || r.When == nil {
				c.fail(r.Source, "%s: needs one field and a condition", what)
			} else if (r.When.Set != nil) == (r.When.Equals != "") {
				c.fail(r.Source, "%s: the condition needs either equals or set", what)
			}
		case RuleSameKindItems:
			if len(r.Fields) != 1 || len(r.Kinds) == 0 {
				c.fail(r.Source, "%s: needs one array field and kinds", what)
			}
		default:
			c.fail(r.Source, "%s: unknown rule kind", what)
		}
	}
}

func (c *checker) union(u *Union) {
	c.since(u.Source, u.Name, u.Since)
	if len(u.Variants) < 2 {
		c.fail(u.Source, "union %s has fewer than two variants", u.Name)
	}
	for _, v := range u.Variants {
		c.typeRef(u.Source, u.Name+" variant", v.Type)
		c.variantFacts(u, v)
		if u.Discriminator == "" {
			continue
		}
		if IsForm(v) && Mixed(u) {
			// A String or an Array next to tagged objects: its JSON
			// kind, not a tag, tells it apart.
			if v.Tag != "" {
				c.fail(u.Source, "union %s: variant %s is no object and takes no tag", u.Name, v.Type)
			}
			continue
		}
		if v.Tag == "" {
			c.fail(u.Source, "union %s: variant %s needs a tag", u.Name, v.Type)
		}
		o := c.s.Object(v.Type.Name)
		if o == nil {
			c.fail(u.Source, "union %s: discriminated variant %s is not an object", u.Name, v.Type)
			continue
		}
		f := o.Field(u.Discriminator)
		if f == nil || f.Constraints == nil || f.Constraints.Fixed != v.Tag {
			c.fail(o.Source, "union %s: %s.%s must be fixed to %q", u.Name, o.Name, u.Discriminator, v.Tag)
		}
	}
	// Variants that fields must tell apart (no discriminator, or a shared
	// tag) must differ in their required fields or stated constant.
	for _, g := range c.s.FieldGroups(u) {
		for i, a := range g {
			for _, b := range g[i+1:] {
				if Indistinct(a, b) && u.Degraded == "" {
					c.fail(u.Source, "union %s: variants %s and %s have the same required fields and stated constant, so JSON cannot tell them apart", u.Name, a.Type, b.Type)
				}
			}
		}
	}
}

// variantFacts checks that Requires and Const name required fields of the
// variant's object.
func (c *checker) variantFacts(u *Union, v *Variant) {
	if len(v.Requires) == 0 && v.Const == nil {
		return
	}
	o := c.s.Object(v.Type.Name)
	if o == nil {
		c.fail(u.Source, "union %s: variant %s has requires or const but is not an object", u.Name, v.Type)
		return
	}
	names := slices.Clone(v.Requires)
	if v.Const != nil {
		names = append(names, v.Const.Field)
	}
	for _, n := range names {
		if f := o.Field(n); f == nil || !f.Required {
			c.fail(u.Source, "union %s: variant %s: %s is not a required field of %s", u.Name, v.Type, n, o.Name)
		}
	}
}

func enumHas(e *Enum, v string) bool {
	for _, x := range e.Values {
		if x.Value == v || x.Name == v {
			return true
		}
	}
	return false
}

func unionHas(u *Union, name string) bool {
	for _, v := range u.Variants {
		if v.Type.Name == name {
			return true
		}
	}
	return false
}

// mentionsUpload reports whether a value of type t may carry an uploaded
// file: an InputFile, a union with an InputFile variant, or an object (or
// union of objects) with such a field or a String field that may name an
// attach:// upload, at any depth.
func mentionsUpload(s *Schema, t Type) bool {
	return uploadIn(s, t, map[string]bool{})
}

// CanUpload reports whether a value of type t may carry an uploaded file.
func (s *Schema) CanUpload(t Type) bool { return mentionsUpload(s, t) }

// FieldCanUpload reports whether the field's value may carry an uploaded
// file: its type may, or it is a String that may name an attach:// upload.
func (s *Schema) FieldCanUpload(f *Field) bool {
	return f.Constraints.attach() || mentionsUpload(s, f.Type)
}

// attach reports constraints.attach (a String that may name an upload).
func (c *Constraints) attach() bool { return c != nil && c.Attach }

func uploadIn(s *Schema, t Type, seen map[string]bool) bool {
	name := t.Base()
	if name == InputFile {
		return true
	}
	if seen[name] {
		return false
	}
	seen[name] = true
	if u := s.Union(name); u != nil {
		for _, v := range u.Variants {
			if uploadIn(s, v.Type, seen) {
				return true
			}
		}
	}
	if o := s.Object(name); o != nil {
		for _, f := range o.Fields {
			if f.Constraints.attach() || uploadIn(s, f.Type, seen) {
				return true
			}
		}
	}
	return false
}

// Anchored reports whether a pattern matches only the whole string: it
// begins with ^ and ends with $ around everything it says (not "^a|b$").
// Every writer uses a pattern as written: the validators compile it, and
// OpenAPI's pattern, a search, needs the anchors in the text.
func Anchored(pattern string) bool {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return false
	}
	re = re.Simplify()
	return re.Op == syntax.OpConcat && len(re.Sub) >= 2 &&
		re.Sub[0].Op == syntax.OpBeginText && re.Sub[len(re.Sub)-1].Op == syntax.OpEndText
}
