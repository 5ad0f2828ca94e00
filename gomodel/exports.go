package gomodel

import (
	"strings"

	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/schema"
)

// Exports are the names an export (the OpenAPI document, the docs)
// declares whatever the document says, and the forms of the names it
// makes from the document's, where names are told apart without case (a
// component or a page per type, an operation per method): the model
// settles them with the document's names (ExportName, Operation,
// Delivery), so that no export refuses a name or re-derives one.
type Exports struct {
	// Components are component names of the export's own among the
	// types' and the methods' parameters' (the OpenAPI error envelope
	// "ErrorResponse"): a type the document names so takes its kind's
	// word.
	Components []string
	// Operations are operation names of the export's own among the
	// methods' (the file download "downloadFile"): a method named so
	// takes its kind's word.
	Operations []string
	// Forms are the further operations of a method, named after its own
	// with a suffix (its GET form: "ViaGet").
	Forms []OperationForm
	// Delivery starts the name of the operation that delivers the event
	// holder (EventHolder) to a webhook, followed by the holder's name
	// ("receive": receiveUpdate); "" when the export has none.
	Delivery string
}

// OperationForm is a further operation of a method: its name is the
// method's operation name followed by Suffix.
type OperationForm struct {
	Suffix string
	// What names the form in warnings ("GET operation").
	What string
	// Of reports whether the method has the form; nil: every method.
	Of func(*schema.Method) bool
}

// exportNames gives the types and the methods' parameters their names
// where names are told apart without case (ExportName), by naming's rule
// in a scope of lower-cased names holding the exports' own
// (Exports.Components): a name keeps its spelling and takes the qualifier
// the rule gives it, so that an export never refuses two names that
// differ only in case, nor a type named like its own component.
func (m *Model) exportNames() {
	var cs []claim
	add := func(wire, since string, phase int, src schema.Source, what string) {
		c := caseless(func() string { return wire }, since, naming.TypeKind, what, func(n string) {
			if n != wire {
				m.exportName[what] = n
			}
		})
		c.phase, c.src = phase, src
		c.text = func(r naming.Rename) string {
			head := "its docs page and OpenAPI component are named " + spelt(r)
			if r.Reserved() {
				return head + ": the OpenAPI export declares " + wire + " itself"
			}
			return head + ": another type's name or a method's parameters component (<method>Params) differs from its own only in case, and those are told apart without case (a file per page or per schema on a case-insensitive file system); naming's rule decides which keeps it"
		}
		cs = append(cs, c)
	}
	s := m.Schema
	for _, o := range s.Objects {
		add(o.Name, o.Since, 0, o.Source, "object "+o.Name)
	}
	for _, u := range s.Unions {
		add(u.Name, u.Since, 0, u.Source, "union "+u.Name)
	}
	for _, e := range s.Enums {
		add(e.Name, enumSince(e), 0, e.Source, "enum "+e.Name)
	}
	for _, sm := range s.Methods {
		if len(sm.Params) > 0 {
			add(sm.Name+"Params", sm.Since, 1, sm.Source, "parameters of method "+sm.Name)
		}
	}
	m.settle(naming.NewScope(lowered(m.exports.Components)...), cs)
}

// ExportName is the name of a type (what: "object LoginUrl", "union …",
// "enum …") or of a method's parameters ("parameters of method getUpdates",
// spelt <method>Params) where names are told apart without case: a docs
// page per type, an OpenAPI component. It is the wire name, unless another
// one differs from it only in case (naming's rule: the older keeps it; the
// others take a qualifier) or an export declares it itself
// (Exports.Components: it takes its kind's word, Type), with a warning.
func (m *Model) ExportName(what, wire string) string {
	if n, ok := m.exportName[what]; ok {
		return n
	}
	return wire
}

// operationNames gives every method's operations (its own, named after
// it, and its Exports.Forms) and the event holder's delivery their names,
// by naming's rule in a scope of lower-cased names holding the exports'
// own operations (Exports.Operations). At one age the methods' own
// operations come before the names made from them, so that a method
// keeps its name before a form of another's; and adding a method never
// renames an older operation.
func (m *Model) operationNames() {
	var cs []claim
	add := func(c claim, phase int, src schema.Source) {
		c.phase, c.src = phase, src
		c.text = func(r naming.Rename) string {
			head := "its OpenAPI operationId is " + spelt(r) + ", not " + r.Claim.Wire
			if r.Reserved() {
				return head + ", which the OpenAPI export declares itself"
			}
			if r.Holder != "" {
				return head + ": " + r.Holder + " has it (operationIds are told apart without case)"
			}
			return head + ": " + strings.Join(r.Others, " and ") + " spells it too (operationIds are told apart without case) and the document does not say which is older, so none keeps it"
		}
		cs = append(cs, c)
	}
	for _, sm := range m.Schema.Methods {
		own := "operation of method " + sm.Name
		add(caseless(func() string { return sm.Name }, sm.Since, naming.MethodKind, own, func(n string) { m.operation[own] = n }), 0, sm.Source)
		for _, f := range m.exports.Forms {
			if f.Of != nil && !f.Of(sm) {
				continue
			}
			what := f.What + " of method " + sm.Name
			// Made once the method's own operation has its name.
			form := func() string { return m.operation[own] + f.Suffix }
			add(caseless(form, sm.Since, naming.MethodKind, what, func(n string) { m.operation[what] = n }), 1, sm.Source)
		}
	}
	if h := m.EventHolder(); h != nil && m.exports.Delivery != "" {
		what := "delivery of object " + h.Name
		name := m.exports.Delivery + h.Name
		add(caseless(func() string { return name }, h.Since, naming.MethodKind, what, func(n string) { m.operation[what] = n }), 1, h.Source)
	}
	m.settle(naming.NewScope(lowered(m.exports.Operations)...), cs)
}

// Operation is the operation name (an OpenAPI operationId) of a method's
// own operation (form "") or of one of its Exports.Forms (by suffix): the
// method's name, or the form's suffix after it, unless naming's rule
// told it apart from another operation's (without case), with a warning.
func (m *Model) Operation(method, suffix string) string {
	if suffix == "" {
		return m.operation["operation of method "+method]
	}
	for _, f := range m.exports.Forms {
		if f.Suffix == suffix {
			return m.operation[f.What+" of method "+method]
		}
	}
	return ""
}

// Delivery is the operation name of the event holder's delivery to a
// webhook (Exports.Delivery followed by EventHolder's name, unless
// naming's rule told it apart); "" when there is none.
func (m *Model) Delivery() string {
	if h := m.EventHolder(); h != nil {
		return m.operation["delivery of object "+h.Name]
	}
	return ""
}

// EventHolder is the object the Events section's kinds are fields of (the
// update object a webhook receives): the first, in document order, with
// every field the section names; nil when there is none.
func (m *Model) EventHolder() *schema.Object {
	ev := m.Schema.Events
	if ev == nil || len(ev.Kinds) == 0 {
		return nil
	}
	for _, o := range m.Schema.Objects {
		all := true
		for _, k := range ev.Kinds {
			for _, f := range k.Fields {
				all = all && o.Field(f) != nil
			}
		}
		if all {
			return o
		}
	}
	return nil
}

// caseless is the claim of a name told apart without case: it is settled
// lower-cased, and set takes the name spelt as plain is, followed by the
// qualifier the rule gave it. plain is called when the claim's turn
// comes, so that a name made from another's is made once that one is
// settled.
func caseless(plain func() string, since string, kind naming.Kind, what string, set func(string)) claim {
	var p string
	return claim{since: since,
		make: func() naming.Claim {
			p = plain()
			return naming.Claim{Name: strings.ToLower(p), Wire: p, Since: since, Kind: kind, What: what}
		},
		set: func(n string) { set(p + n[len(strings.ToLower(p)):]) }}
}

// spelt is the name a caseless claim got, spelt as its plain name is.
func spelt(r naming.Rename) string { return r.Claim.Wire + r.Name[len(r.Claim.Name):] }

// lowered is names lower-cased.
func lowered(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.ToLower(n)
	}
	return out
}
