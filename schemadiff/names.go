package schemadiff

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/apigen/apigen/schema"
)

// enumUsers maps each enum to the fields and parameters that take its
// values ("MessageEntity.type", "getUpdates.allowed_updates"), from the
// first schema that has users for it: the enum's name is apigen's (the
// document has value lists, not named enums), its users are the API's.
func enumUsers(schemas ...*schema.Schema) map[string]string {
	out := map[string]string{}
	for _, s := range schemas {
		users := map[string][]string{}
		note := func(owner string, fields []*schema.Field) {
			for _, f := range fields {
				for c := f.Constraints; c != nil; c = c.Each {
					if c.Enum != "" && !slices.Contains(users[c.Enum], owner+"."+f.Name) {
						users[c.Enum] = append(users[c.Enum], owner+"."+f.Name)
					}
				}
			}
		}
		for _, m := range s.Methods {
			note(m.Name, m.Params)
		}
		for _, o := range s.Objects {
			note(o.Name, o.Fields)
		}
		for name, u := range users {
			if _, done := out[name]; !done {
				out[name] = strings.Join(u, ", ")
			}
		}
	}
	return out
}

// enumLabel names an enum by its users or, when nothing uses it, by the
// section of the document that lists its values.
func (c *comparer) enumLabel(e *schema.Enum) string {
	if u := c.users[e.Name]; u != "" {
		return u
	}
	if e.Source.Section != "" {
		return "values listed in " + e.Source.Section
	}
	return e.Name
}

// unionLabel names a union as the document does. A union the document
// defines has its name (ChatRef, InputMedia); one apigen made for a type
// expression of the document ("InlineKeyboardMarkup or ReplyKeyboardMarkup
// or …", named ReplyMarkup by apigen) has that expression as its
// description, and is named by it: the document's own words.
func unionLabel(u *schema.Union) string {
	var vs []string
	for _, v := range u.Variants {
		vs = append(vs, v.Type.String())
	}
	if expr := strings.Join(vs, " or "); u.Description == expr {
		return expr
	}
	return u.Name
}

// unionName is unionLabel for a comma-separated list of union names, as
// either schema has them.
func (c *comparer) unionName(names string, schemas ...*schema.Schema) string {
	if names == "" {
		return ""
	}
	var out []string
	for _, n := range strings.Split(names, ", ") {
		label := n
		for _, s := range schemas {
			if u := s.Union(n); u != nil {
				label = unionLabel(u)
				break
			}
		}
		out = append(out, label)
	}
	return strings.Join(out, "; ")
}

// rulesDiff compares cross-field rules by what they say (kind, names,
// condition), not by their wording. A rule whose kind and condition stay
// while its names change is one change, shown as its delta ("added
// my_chat_member"), not as a removed and an added rule. fields are the
// owner's fields before the change: a new member that is a new field asks
// nothing of an old request.
func rulesDiff(old, new []*schema.Rule, oldFields []*schema.Field, fl flow) []Change {
	var out []Change
	same := func(a, b *schema.Rule) bool { return ruleKey(a) == ruleKey(b) }
	var oldLeft, newLeft []*schema.Rule
	for _, o := range old {
		if !slices.ContainsFunc(new, func(n *schema.Rule) bool { return same(o, n) }) {
			oldLeft = append(oldLeft, o)
		}
	}
	for _, n := range new {
		if !slices.ContainsFunc(old, func(o *schema.Rule) bool { return same(o, n) }) {
			newLeft = append(newLeft, n)
		}
	}
	existed := map[string]bool{}
	for _, f := range oldFields {
		existed[f.Name] = true
	}
	paired := map[*schema.Rule]bool{}
	for _, o := range oldLeft {
		var match *schema.Rule
		for _, n := range newLeft {
			if !paired[n] && n.Kind == o.Kind && whenKey(n) == whenKey(o) && overlaps(o, n) {
				match = n
				break
			}
		}
		if match == nil {
			c := ch(Removed, "rule", ruleKey(o), fl.level(loosened))
			c.parts = ruleMembers(o)
			out = append(out, c)
			continue
		}
		paired[match] = true
		c := ruleDelta(o, match, existed, fl)
		c.parts = append(ruleMembers(o), ruleMembers(match)...)
		out = append(out, c)
	}
	for _, n := range newLeft {
		if !paired[n] {
			c := ch(Added, "rule", ruleKey(n), fl.level(tightened))
			c.parts = ruleMembers(n)
			out = append(out, c)
		}
	}
	return out
}

// ruleMembers are the fields a rule names as its members (not the field
// of its condition).
func ruleMembers(r *schema.Rule) []string {
	out := slices.Clone(r.Fields)
	for _, g := range r.Groups {
		out = append(out, g...)
	}
	return out
}

// ruleDelta is the change of one rule whose names changed.
func ruleDelta(o, n *schema.Rule, existed map[string]bool, fl flow) Change {
	var parts []string
	level := Note
	raise := func(l Level) { level = maxLevel(level, l) }
	addedF, removedF := minus(n.Fields, o.Fields), minus(o.Fields, n.Fields)
	groups := func(r *schema.Rule) []string {
		var gs []string
		for _, g := range r.Groups {
			gs = append(gs, strings.Join(g, " + "))
		}
		return gs
	}
	addedG, removedG := minus(groups(n), groups(o)), minus(groups(o), groups(n))
	addedK, removedK := minus(n.Kinds, o.Kinds), minus(o.Kinds, n.Kinds)
	switch o.Kind {
	case "at_most_one", "mutually_exclusive":
		// One more member that excludes the others: an old request that set
		// it with another is refused, unless it is a new field (no old
		// request sets it). In a result, a new member is a new kind of the
		// object (a new kind of Update): a value an old client never saw.
		for _, f := range addedF {
			if existed[f] {
				raise(fl.level(tightened))
				continue
			}
			b := fl.both()
			if b.request {
				raise(Addition)
			}
			if b.result {
				raise(Widening)
			}
		}
		if len(removedF) > 0 {
			raise(fl.level(loosened))
		}
	case "one_of":
		// One more way to give the required values accepts more.
		if len(addedG) > 0 {
			raise(fl.level(loosened))
		}
		if len(removedG) > 0 {
			raise(fl.level(tightened))
		}
	default:
		raise(fl.level(other))
	}
	if len(addedK) > 0 || len(removedK) > 0 {
		raise(fl.level(other))
	}
	list := func(verb string, names []string) {
		if len(names) > 0 {
			parts = append(parts, verb+" "+strings.Join(names, ", "))
		}
	}
	list("added", addedF)
	list("removed", removedF)
	list("added alternative", addedG)
	list("removed alternative", removedG)
	list("added kind", addedK)
	list("removed kind", removedK)
	detail := strings.Join(parts, "; ")
	if len(n.Fields) > 0 {
		detail += fmt.Sprintf(" (now %d field%s)", len(n.Fields), plural(len(n.Fields)))
	}
	return ch(Changed, "rule "+ruleWords(o), detail, level)
}

// ruleWords is the rule's kind (and condition) in words.
func ruleWords(r *schema.Rule) string {
	s := strings.ReplaceAll(r.Kind, "_", " ")
	if r.Kind == "at_most_one" {
		s += " of"
	}
	if r.When != nil {
		s += fmt.Sprintf(" when %s = %q", r.When.Field, r.When.Equals)
	}
	return s
}

func whenKey(r *schema.Rule) string {
	if r.When == nil {
		return ""
	}
	return r.When.Field + "=" + r.When.Equals
}

// overlaps reports whether two rules share a name: the same rule, edited.
func overlaps(a, b *schema.Rule) bool {
	names := func(r *schema.Rule) []string {
		out := append([]string(nil), r.Fields...)
		for _, g := range r.Groups {
			out = append(out, g...)
		}
		return out
	}
	bn := names(b)
	for _, n := range names(a) {
		if slices.Contains(bn, n) {
			return true
		}
	}
	return false
}

// minus is a without the members of b, in a's order.
func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// renameUnions replaces, in the report's summaries and details, the names
// of the unions the document does not name (ChatRef, ReplyMarkup) with the
// document's own words for them ("Integer or String"), as unionLabel does
// for the unions' own entries.
func renameUnions(r *Report, schemas ...*schema.Schema) {
	labels := map[string]string{}
	var names []string
	for _, s := range schemas {
		for _, u := range s.Unions {
			if l := unionLabel(u); l != u.Name && labels[u.Name] == "" {
				labels[u.Name] = l
				names = append(names, regexp.QuoteMeta(u.Name))
			}
		}
	}
	if len(names) == 0 {
		return
	}
	re := regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\b`)
	rename := func(s string) string {
		return re.ReplaceAllStringFunc(s, func(n string) string { return labels[n] })
	}
	for _, e := range r.Entries {
		e.Summary = rename(e.Summary)
		for i := range e.Changes {
			e.Changes[i].Detail = rename(e.Changes[i].Detail)
		}
	}
}
