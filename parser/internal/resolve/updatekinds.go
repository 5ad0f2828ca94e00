package resolve

import (
	"regexp"
	"strings"

	"github.com/apigen/apigen/schema"
)

// updateKinds reads the update kinds from the document, in either layout:
// the update object is the one whose description states that at most one
// of its optional fields is present (an at_most_one rule) and of which
// some method returns an Array (the way updates are fetched). Its optional
// fields name the kinds. The page states them nowhere else, so they become
// the enum <Object>Type ("UpdateType"); the seed lists them in its Events
// table, which already made that enum. Then every Array of String whose
// description speaks of "<object> types" ("the update types you want your
// bot to receive", "JSON list of update types") takes its elements from
// it: allowed_updates and the router's On<Kind> are typed from the
// document, with no overlay.
//
// Nothing happens when no object, or more than one, fits, or when an enum
// of that name holds other values.
func (p *core) updateKinds() {
	var owner *schema.Object
	var rule *schema.Rule
	for _, o := range p.out.Objects {
		r := atMostOne(o)
		if r == nil || !p.fetchedAsArray(o.Name) {
			continue
		}
		if owner != nil {
			return // two candidates: which one is meant is not stated
		}
		owner, rule = o, r
	}
	if owner == nil {
		return
	}
	if e := p.out.Enum(kindsEnum(owner.Name)); e != nil {
		if sameValues(e, rule.Fields) {
			p.linkKindLists(owner, e)
		}
		return
	}
	e := &schema.Enum{
		Name:        kindsEnum(owner.Name),
		Description: "The " + owner.Name + " fields that name a kind of " + strings.ToLower(spaced(owner.Name)) + " (at most one is present in any given " + strings.ToLower(spaced(owner.Name)) + ").",
		Source:      rule.Source,
	}
	for _, name := range rule.Fields {
		v := &schema.EnumValue{Value: name}
		if f := owner.Field(name); f != nil {
			v.Since = f.Since
		}
		e.Values = append(e.Values, v)
	}
	p.out.Enums = append(p.out.Enums, e)
	p.linkKindLists(owner, e)
}

// linkKindLists gives the elements of every list of owner's kinds the enum
// e.
func (p *core) linkKindLists(owner *schema.Object, e *schema.Enum) {
	// "update types", "update type": the words the page uses for a list
	// of kinds.
	talk := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(spaced(owner.Name)) + ` types?\b`)
	link := func(f *schema.Field) {
		if f.Type.String() != "Array of "+schema.String || !talk.MatchString(f.Description) {
			return
		}
		if f.Constraints == nil {
			f.Constraints = &schema.Constraints{}
		}
		if f.Constraints.Each == nil {
			f.Constraints.Each = &schema.Constraints{}
		}
		if f.Constraints.Each.Enum == "" {
			f.Constraints.Each.Enum = e.Name
		}
	}
	for _, o := range p.out.Objects {
		for _, f := range o.Fields {
			link(f)
		}
	}
	for _, m := range p.out.Methods {
		for _, f := range m.Params {
			link(f)
		}
	}
}

// sameValues reports whether e's values are exactly names, in any order.
func sameValues(e *schema.Enum, names []string) bool {
	if len(e.Values) != len(names) {
		return false
	}
	have := map[string]bool{}
	for _, v := range e.Values {
		have[v.Value] = true
	}
	for _, n := range names {
		if !have[n] {
			return false
		}
	}
	return true
}

// atMostOne is an object's at_most_one rule, if it has one.
func atMostOne(o *schema.Object) *schema.Rule {
	for _, r := range o.Rules {
		if r.Kind == schema.RuleAtMostOne && len(r.Fields) > 0 {
			return r
		}
	}
	return nil
}

// fetchedAsArray reports whether some method returns an Array of name.
func (p *core) fetchedAsArray(name string) bool {
	for _, m := range p.out.Methods {
		if m.Returns.IsArray() && m.Returns.String() == "Array of "+name {
			return true
		}
	}
	return false
}

// spaced writes a Go-style name as words: "ChatEvent" -> "Chat Event".
func spaced(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}
