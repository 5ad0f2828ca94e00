// Package schemadiff compares two schemas and reports what changed between
// them: objects and their fields, methods and their parameters, unions and
// their variants, enums and their values, types, required-ness,
// constraints (with whether a bound was tightened or loosened), cross-field
// rules, `since` versions, limits and the versions list. Descriptions and
// source positions are not compared: they change with every edit of the
// prose and say nothing about the wire format.
//
// Each change has a Level (breaking, widening, addition, note: see Level).
// Elements are named as the API names them: an enum apigen named
// (ChatAction, UpdateType) is shown as the fields and parameters that take
// its values; a union the document names only by its variants
// (ReplyMarkup) by those variants. A changed rule is one change, shown as
// its delta.
//
// Compare returns a Report; WriteText renders it as a readable changelog,
// WriteMarkdown as release notes.
package schemadiff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/apigen/apigen/schema"
)

// Op says what happened to an element.
type Op int

// Ops, in the order they are shown.
const (
	Added Op = iota
	Removed
	Changed
)

// Sign is the one-character marker of the op: "+", "-" or "~".
func (o Op) Sign() string { return [...]string{"+", "-", "~"}[o] }

// Section groups changes in the report.
type Section string

// The report's sections, in order.
const (
	SecMethods  Section = "Methods"
	SecObjects  Section = "Objects"
	SecUnions   Section = "Unions"
	SecEnums    Section = "Allowed values"
	SecLimits   Section = "Limits"
	SecVersions Section = "Versions"
	SecDocument Section = "Document"
)

var sectionOrder = []Section{SecDocument, SecMethods, SecObjects, SecUnions, SecEnums, SecLimits, SecVersions}

// Entry is a top-level element (a method, object, union, enum, limit or
// version) that was added, removed or changed.
type Entry struct {
	Section Section
	Op      Op
	// Name is the element's name.
	Name string
	// Summary describes an added or removed element in one line, or a
	// changed element that has no parts ("5.0 -> 5.1").
	Summary string
	// Changes are the changes inside a changed element.
	Changes []Change
	// Level is the level of an added or removed element, or of a changed
	// element without parts.
	Level Level

	// key is the schema's name of a method, object, union or enum (Name
	// may be a label for those): the Go comparison finds it by key.
	key string
}

// Change is one change inside an element.
type Change struct {
	Op Op
	// What names the part: "field caption", "parameter text", "returns".
	What string
	// Detail says how: "String, optional" for an added field,
	// "type Integer -> Integer64" for a changed one.
	Detail string
	// Level is what the change means for clients (see Level).
	Level Level

	// parts are the fields a rule's change concerns (its members): the
	// change is theirs too, for the Go comparison (a field a new rule
	// requires under a condition may change its Go type).
	parts []string
	// conditional: a required field became optional but required under a
	// condition, which changes no Go type (design: the page only made it
	// optional-with-a-condition).
	conditional bool
}

// Report is the difference between two schemas.
type Report struct {
	Old, New Side
	Entries  []*Entry
}

// Side names one of the compared schemas.
type Side struct {
	Name    string
	Version string
}

// Empty reports whether nothing changed.
func (r *Report) Empty() bool { return len(r.Entries) == 0 }

// Counts returns how many changes there are of each kind: an added or
// removed element counts once, a changed element once per change inside it.
func (r *Report) Counts() (added, removed, changed, total int) {
	count := func(op Op) {
		switch op {
		case Added:
			added++
		case Removed:
			removed++
		case Changed:
			changed++
		}
		total++
	}
	for _, e := range r.Entries {
		if e.Op != Changed || len(e.Changes) == 0 {
			count(e.Op)
			continue
		}
		for _, c := range e.Changes {
			count(c.Op)
		}
	}
	return
}

// Compare reports what changed from old to new. The names label the two
// sides in the report.
func Compare(old, new *schema.Schema, oldName, newName string) *Report {
	r := &Report{Old: Side{oldName, old.Version}, New: Side{newName, new.Version}}
	c := &comparer{r: r, flows: flowsOf(old, new), users: enumUsers(new, old), oldHistory: history(old), newHistory: history(new)}
	c.document(old, new)
	c.methods(old, new)
	c.objects(old, new)
	c.unions(old, new)
	c.enums(old, new)
	c.limits(old, new)
	c.versions(old, new)
	// Group by section, keeping the order of discovery inside each.
	var sorted []*Entry
	for _, sec := range sectionOrder {
		for _, e := range r.Entries {
			if e.Section == sec {
				sorted = append(sorted, e)
			}
		}
	}
	r.Entries = sorted
	renameUnions(r, old, new)
	return r
}

type comparer struct {
	r     *Report
	flows map[string]flow
	users map[string]string // enum name -> the fields and parameters that take its values
	// oldHistory and newHistory are the versions each side's changelog
	// lists (see sinceChange).
	oldHistory, newHistory map[string]bool
}

// history is the set of versions a schema's changelog lists.
func history(s *schema.Schema) map[string]bool {
	h := map[string]bool{}
	for _, v := range s.Versions {
		h[v.Version] = true
	}
	return h
}

func (c *comparer) add(e *Entry) { c.r.Entries = append(c.r.Entries, e) }

// ch is a Change with its level.
func ch(op Op, what, detail string, l Level) Change {
	return Change{Op: op, What: what, Detail: detail, Level: l}
}

// matchByName walks two named lists: removed and changed elements in old
// order, then added ones in new order.
func matchByName[T any](old, new []T, name func(T) string, removed, added func(T), both func(o, n T)) {
	newBy := map[string]T{}
	for _, n := range new {
		newBy[name(n)] = n
	}
	oldBy := map[string]bool{}
	for _, o := range old {
		oldBy[name(o)] = true
		if n, ok := newBy[name(o)]; ok {
			both(o, n)
		} else {
			removed(o)
		}
	}
	for _, n := range new {
		if !oldBy[name(n)] {
			added(n)
		}
	}
}

func (c *comparer) document(old, new *schema.Schema) {
	if old.Title != new.Title {
		c.add(&Entry{Section: SecDocument, Op: Changed, Name: "title", Summary: quote(old.Title) + " -> " + quote(new.Title)})
	}
	if old.Version != new.Version {
		c.add(&Entry{Section: SecDocument, Op: Changed, Name: "version", Summary: orNone(old.Version) + " -> " + orNone(new.Version)})
	}
	// The service's address is the generated client's default: a new one
	// moves every client built with NewClient(token) alone.
	addr := func(s *schema.Schema) (base, file string) {
		if s.Service != nil {
			return s.Service.BaseURL, s.Service.FileURL
		}
		return "", ""
	}
	ob, of := addr(old)
	nb, nf := addr(new)
	if ob != nb {
		c.add(&Entry{Section: SecDocument, Op: Changed, Name: "base URL", Summary: orNone(ob) + " -> " + orNone(nb), Level: Breaking})
	}
	if of != nf {
		c.add(&Entry{Section: SecDocument, Op: Changed, Name: "file URL", Summary: orNone(of) + " -> " + orNone(nf), Level: Breaking})
	}
}

func (c *comparer) methods(old, new *schema.Schema) {
	matchByName(old.Methods, new.Methods, func(m *schema.Method) string { return m.Name },
		func(m *schema.Method) {
			c.add(&Entry{Section: SecMethods, Op: Removed, Name: m.Name, key: m.Name, Summary: methodSummary(m), Level: Breaking})
		},
		func(m *schema.Method) {
			c.add(&Entry{Section: SecMethods, Op: Added, Name: m.Name, key: m.Name, Summary: methodSummary(m), Level: Addition})
		},
		func(o, n *schema.Method) {
			e := &Entry{Section: SecMethods, Op: Changed, Name: n.Name, key: n.Name}
			if o.Returns.String() != n.Returns.String() {
				e.Changes = append(e.Changes, ch(Changed, "returns", o.Returns.String()+" -> "+n.Returns.String(), Breaking))
			}
			if o.Multipart != n.Multipart {
				l := Addition
				if o.Multipart {
					l = Breaking // uploads are refused
				}
				e.Changes = append(e.Changes, ch(Changed, "file upload", yesNo(o.Multipart)+" -> "+yesNo(n.Multipart), l))
			}
			e.Changes = append(e.Changes, c.sinceChange(o.Since, n.Since)...)
			e.Changes = append(e.Changes, c.fieldsDiff("parameter", o.Params, n.Params, n.Rules, request, old, new)...)
			e.Changes = append(e.Changes, rulesDiff(o.Rules, n.Rules, o.Params, request)...)
			if len(e.Changes) > 0 {
				c.add(e)
			}
		})
}

func (c *comparer) objects(old, new *schema.Schema) {
	matchByName(old.Objects, new.Objects, func(o *schema.Object) string { return o.Name },
		func(o *schema.Object) {
			c.add(&Entry{Section: SecObjects, Op: Removed, Name: o.Name, key: o.Name, Summary: objectSummary(o), Level: Breaking})
		},
		func(o *schema.Object) {
			c.add(&Entry{Section: SecObjects, Op: Added, Name: o.Name, key: o.Name, Summary: objectSummary(o), Level: Addition})
		},
		func(o, n *schema.Object) {
			e := &Entry{Section: SecObjects, Op: Changed, Name: n.Name, key: n.Name}
			fl := c.flows[n.Name]
			if o.Opaque != n.Opaque {
				l := Addition
				if n.Opaque {
					l = Breaking // the Go fields are gone
				}
				e.Changes = append(e.Changes, ch(Changed, "fields shown", yesNo(!o.Opaque)+" -> "+yesNo(!n.Opaque), l))
			}
			if (o.StringForm != "") != (n.StringForm != "") {
				dir := loosened
				if o.StringForm != "" {
					dir = tightened
				}
				e.Changes = append(e.Changes, ch(Changed, "string form", yesNo(o.StringForm != "")+" -> "+yesNo(n.StringForm != ""), fl.level(dir)))
			}
			if ou, nu := strings.Join(o.Unions, ", "), strings.Join(n.Unions, ", "); ou != nu {
				// The union's own change (a variant added or removed) has the level.
				e.Changes = append(e.Changes, ch(Changed, "variant of", orNone(c.unionName(ou, old, new))+" -> "+orNone(c.unionName(nu, old, new)), Note))
			}
			e.Changes = append(e.Changes, c.sinceChange(o.Since, n.Since)...)
			e.Changes = append(e.Changes, c.fieldsDiff("field", o.Fields, n.Fields, n.Rules, fl, old, new)...)
			e.Changes = append(e.Changes, rulesDiff(o.Rules, n.Rules, o.Fields, fl)...)
			if len(e.Changes) > 0 {
				c.add(e)
			}
		})
}

func (c *comparer) unions(old, new *schema.Schema) {
	matchByName(old.Unions, new.Unions, func(u *schema.Union) string { return u.Name },
		func(u *schema.Union) {
			c.add(&Entry{Section: SecUnions, Op: Removed, Name: unionLabel(u), key: u.Name, Summary: unionSummary(u), Level: Breaking})
		},
		func(u *schema.Union) {
			c.add(&Entry{Section: SecUnions, Op: Added, Name: unionLabel(u), key: u.Name, Summary: unionSummary(u), Level: Addition})
		},
		func(o, n *schema.Union) {
			e := &Entry{Section: SecUnions, Op: Changed, Name: unionLabel(n), key: n.Name}
			fl := c.flows[n.Name]
			if o.Discriminator != n.Discriminator {
				e.Changes = append(e.Changes, ch(Changed, "discriminator", orNone(o.Discriminator)+" -> "+orNone(n.Discriminator), Breaking))
			}
			e.Changes = append(e.Changes, c.sinceChange(o.Since, n.Since)...)
			vname := func(v *schema.Variant) string { return v.Type.String() }
			matchByName(o.Variants, n.Variants, vname,
				func(v *schema.Variant) {
					// The variant's Go constructor is gone.
					e.Changes = append(e.Changes, ch(Removed, "variant "+vname(v), variantDetail(v), Breaking))
				},
				func(v *schema.Variant) {
					e.Changes = append(e.Changes, ch(Added, "variant "+vname(v), variantDetail(v), fl.level(loosened)))
				},
				func(ov, nv *schema.Variant) {
					if ov.Tag != nv.Tag {
						e.Changes = append(e.Changes, ch(Changed, "variant "+vname(nv), "tag "+orNone(ov.Tag)+" -> "+orNone(nv.Tag), Breaking))
					}
					if od, nd := evidence(ov), evidence(nv); od != nd {
						e.Changes = append(e.Changes, ch(Changed, "variant "+vname(nv), "told apart by "+orNone(od)+" -> "+orNone(nd), Breaking))
					}
				})
			if len(e.Changes) > 0 {
				c.add(e)
			}
		})
}

func (c *comparer) enums(old, new *schema.Schema) {
	matchByName(old.Enums, new.Enums, func(e *schema.Enum) string { return e.Name },
		func(e *schema.Enum) {
			c.add(&Entry{Section: SecEnums, Op: Removed, Name: c.enumLabel(e), key: e.Name, Summary: enumSummary(e), Level: Breaking})
		},
		func(e *schema.Enum) {
			c.add(&Entry{Section: SecEnums, Op: Added, Name: c.enumLabel(e), key: e.Name, Summary: enumSummary(e), Level: Addition})
		},
		func(o, n *schema.Enum) {
			e := &Entry{Section: SecEnums, Op: Changed, Name: c.enumLabel(n), key: n.Name}
			fl := c.flows[n.Name]
			matchByName(o.Values, n.Values, func(v *schema.EnumValue) string { return v.Value },
				func(v *schema.EnumValue) {
					// The Go constant is gone.
					e.Changes = append(e.Changes, ch(Removed, "value "+valueName(v), "", Breaking))
				},
				func(v *schema.EnumValue) {
					d := ""
					if v.Since != "" {
						d = "since " + v.Since
					}
					e.Changes = append(e.Changes, ch(Added, "value "+valueName(v), d, fl.level(loosened)))
				},
				func(ov, nv *schema.EnumValue) {
					if ov.Name != nv.Name {
						e.Changes = append(e.Changes, ch(Changed, "value "+quote(nv.Value), "name "+orNone(ov.Name)+" -> "+orNone(nv.Name), Breaking))
					}
					for _, ch := range c.sinceChange(ov.Since, nv.Since) {
						ch.What = "value " + valueName(nv) + " " + ch.What
						e.Changes = append(e.Changes, ch)
					}
				})
			if len(e.Changes) > 0 {
				c.add(e)
			}
		})
}

func (c *comparer) limits(old, new *schema.Schema) {
	matchByName(old.Limits, new.Limits, func(l *schema.Limit) string { return l.Area },
		func(l *schema.Limit) { c.add(&Entry{Section: SecLimits, Op: Removed, Name: l.Area, Summary: l.Limit}) },
		func(l *schema.Limit) { c.add(&Entry{Section: SecLimits, Op: Added, Name: l.Area, Summary: l.Limit}) },
		func(o, n *schema.Limit) {
			if o.Limit != n.Limit {
				c.add(&Entry{Section: SecLimits, Op: Changed, Name: n.Area, Changes: []Change{{Op: Changed, What: "limit", Detail: quote(o.Limit) + " -> " + quote(n.Limit)}}})
			}
		})
}

func (c *comparer) versions(old, new *schema.Schema) {
	summary := func(v *schema.Version) string {
		s := v.Date
		if n := len(v.Changes); n > 0 {
			s = strings.TrimPrefix(s+fmt.Sprintf("; %d listed change%s", n, plural(n)), "; ")
		}
		return s
	}
	matchByName(old.Versions, new.Versions, func(v *schema.Version) string { return v.Version },
		func(v *schema.Version) {
			c.add(&Entry{Section: SecVersions, Op: Removed, Name: v.Version, Summary: summary(v)})
		},
		func(v *schema.Version) {
			c.add(&Entry{Section: SecVersions, Op: Added, Name: v.Version, Summary: summary(v)})
		},
		func(o, n *schema.Version) {
			if o.Date != n.Date {
				c.add(&Entry{Section: SecVersions, Op: Changed, Name: n.Version, Changes: []Change{{Op: Changed, What: "date", Detail: orNone(o.Date) + " -> " + orNone(n.Date)}}})
			}
		})
}

// fieldsDiff compares object fields or method parameters; newRules are
// the new side's rules of their owner; fl says which way the values
// travel, and so whom a change breaks.
func (c *comparer) fieldsDiff(kind string, old, new []*schema.Field, newRules []*schema.Rule, fl flow, olds, news *schema.Schema) []Change {
	var out []Change
	matchByName(old, new, func(f *schema.Field) string { return f.Name },
		func(f *schema.Field) {
			// The Go field is gone: code that reads or sets it breaks.
			out = append(out, ch(Removed, kind+" "+f.Name, fieldSummary(f), Breaking))
		},
		func(f *schema.Field) {
			l := Addition
			if f.Required && fl.both().request {
				l = Breaking // a request without it is refused
			}
			out = append(out, ch(Added, kind+" "+f.Name, fieldSummary(f), l))
		},
		func(o, n *schema.Field) {
			what := kind + " " + n.Name
			ok, nk := typeKey(olds, o), typeKey(news, n)
			switch {
			case ok != nk:
				out = append(out, ch(Changed, what, "type "+o.Type.String()+attachText(o)+" -> "+n.Type.String()+attachText(n), Breaking))
			case o.Type.String() != n.Type.String():
				// "InputFile or String" written as a String that may name
				// an attach:// upload, or back: the same values, the same
				// Go type.
				out = append(out, ch(Changed, what, "type "+o.Type.String()+attachText(o)+" -> "+n.Type.String()+attachText(n)+" (the same values)", Note))
			case isAttach(o) != isAttach(n):
				dir := loosened // uploads are now accepted
				if isAttach(o) {
					dir = tightened
				}
				out = append(out, ch(Changed, what, "may name an attach:// upload "+yesNo(isAttach(o))+" -> "+yesNo(isAttach(n)), fl.level(dir)))
			}
			if o.Required != n.Required {
				// A request without a newly required value is refused, a
				// result may now lack a value clients relied on. A field
				// that stays required under a condition keeps its Go type
				// (gomodel: conditionally required fields); any other
				// changes between T and Opt[T].
				rc := ch(Changed, what, requiredText(o.Required)+" -> "+requiredText(n.Required), Breaking)
				if o.Required && slices.ContainsFunc(newRules, func(r *schema.Rule) bool {
					return (r.Kind == schema.RuleRequiredIf || r.Kind == schema.RuleOneOf) && slices.Contains(ruleMembers(r), n.Name)
				}) {
					rc.Detail += " (required under a condition)"
					rc.conditional = true
				}
				out = append(out, rc)
			}
			if o.JSONSerialized != n.JSONSerialized {
				out = append(out, ch(Changed, what, "JSON-serialized "+yesNo(o.JSONSerialized)+" -> "+yesNo(n.JSONSerialized), Breaking))
			}
			for _, sc := range c.sinceChange(o.Since, n.Since) {
				out = append(out, ch(sc.Op, what, sc.What+" "+sc.Detail, Note))
			}
			for _, d := range constraintsDiff(o.Constraints, n.Constraints) {
				out = append(out, ch(Changed, what, d.text, fl.level(d.dir)))
			}
		})
	return out
}

// fileUnionKey is typeKey's word for a value that is a file_id, a URL or
// an upload.
const fileUnionKey = "InputFile or String"

// typeKey is the field's type for comparison: an "InputFile or String"
// union and a String that may name an attach:// upload (constraints.attach,
// how the published page writes InputMedia's media) accept the same values
// and have the same Go type, so they compare equal.
func typeKey(s *schema.Schema, f *schema.Field) string {
	if isAttach(f) {
		return fileUnionKey
	}
	if !f.Type.IsArray() {
		if u := s.Union(f.Type.Name); u != nil && u.Discriminator == "" && len(u.Variants) == 2 {
			has := map[string]bool{}
			for _, v := range u.Variants {
				has[v.Type.String()] = true
			}
			if has[schema.InputFile] && has[schema.String] {
				return fileUnionKey
			}
		}
	}
	return f.Type.String()
}

func isAttach(f *schema.Field) bool {
	return f.Constraints != nil && f.Constraints.Attach && f.Type.String() == schema.String
}

// attachText marks a String that may name an attach:// upload.
func attachText(f *schema.Field) string {
	if isAttach(f) {
		return " (may name an attach:// upload)"
	}
	return ""
}

// sinceChange compares two since versions. A since known on one side only
// is a change only when the other side's changelog lists that version: a
// document keeps only its recent changes, so a since falls off (7.6 ->
// none) when the version that added the element is cut from the history,
// and appears (none -> 5.1) when the other side never had a history that
// reached it. Neither says anything about the element.
func (c *comparer) sinceChange(old, new string) []Change {
	if old == new {
		return nil
	}
	if new == "" && !c.newHistory[old] || old == "" && !c.oldHistory[new] {
		return nil
	}
	return []Change{{Op: Changed, What: "since", Detail: orNone(old) + " -> " + orNone(new), Level: Note}}
}

func ruleKey(r *schema.Rule) string {
	s := strings.ReplaceAll(r.Kind, "_", " ")
	if len(r.Fields) > 0 {
		s += " " + strings.Join(r.Fields, ", ")
	}
	for i, g := range r.Groups {
		sep := " "
		if i > 0 {
			sep = " | "
		}
		s += sep + strings.Join(g, " + ")
	}
	if r.When != nil {
		s += fmt.Sprintf(" when %s = %q", r.When.Field, r.When.Equals)
	}
	if len(r.Kinds) > 0 {
		s += " (kinds " + strings.Join(r.Kinds, ", ") + ")"
	}
	return s
}

func methodSummary(m *schema.Method) string {
	var params []string
	for _, p := range m.Params {
		s := p.Name + " " + p.Type.String()
		if !p.Required {
			s += "?"
		}
		params = append(params, s)
	}
	s := "(" + strings.Join(params, ", ") + ")"
	if !m.Returns.IsZero() {
		s += " -> " + m.Returns.String()
	}
	return s + sinceSuffix(m.Since)
}

func objectSummary(o *schema.Object) string {
	if o.Opaque {
		return "fields not shown" + sinceSuffix(o.Since)
	}
	return fmt.Sprintf("%d field%s", len(o.Fields), plural(len(o.Fields))) + sinceSuffix(o.Since)
}

func unionSummary(u *schema.Union) string {
	var vs []string
	for _, v := range u.Variants {
		vs = append(vs, v.Type.String())
	}
	return strings.Join(vs, " | ") + sinceSuffix(u.Since)
}

func enumSummary(e *schema.Enum) string {
	var vs []string
	for _, v := range e.Values {
		vs = append(vs, valueName(v))
	}
	return strings.Join(vs, ", ")
}

func variantDetail(v *schema.Variant) string {
	switch {
	case v.Tag != "":
		return "tag " + quote(v.Tag)
	case len(v.Requires) > 0 || v.Const != nil:
		return "told apart by " + evidence(v)
	}
	return ""
}

// evidence is what tells a variant apart in JSON besides its tag: its
// required members and stated constant.
func evidence(v *schema.Variant) string {
	out := strings.Join(v.Requires, ", ")
	if c := v.Const; c != nil {
		out += "; " + c.Field + " " + c.JSON
	}
	return out
}

func valueName(v *schema.EnumValue) string {
	if v.Name != "" && v.Name != v.Value {
		return v.Name + " (" + quote(v.Value) + ")"
	}
	return quote(v.Value)
}

func fieldSummary(f *schema.Field) string {
	s := f.Type.String() + attachText(f) + ", " + strings.ToLower(requiredText(f.Required))
	for _, fc := range facts(f.Constraints, "") {
		s += ", " + fc.kind + " " + fc.value
	}
	return s + sinceSuffix(f.Since)
}

func sinceSuffix(v string) string {
	if v == "" {
		return ""
	}
	return " (since " + v + ")"
}

func requiredText(req bool) string {
	if req {
		return "Required"
	}
	return "Optional"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func quote(s string) string { return fmt.Sprintf("%q", s) }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
