package gomodel

import (
	"strings"

	"github.com/apigen/apigen/naming"
)

// Referent is what the bot library's replies and answers read from an
// object a handler receives (the object of a kind of an update): its own
// identifier and its places, decided from names and types, never from a
// list. For an object O (o its snake-case name) the identifier is its
// required scalar field id or o_id; a place is a required object field
// whose object has a required scalar id (a message's chat).
type Referent struct {
	Object *Struct
	// Own is the identifier, or nil.
	Own *Field
	// Places are the places, in field order.
	Places []*Field
	// Via is the one interface union Object is a variant of whose common
	// fields include Own and every place, or nil (none, or several: no
	// choice is made between them). The helpers then take the union, so
	// that a value that may be another variant (a message that may be
	// inaccessible, which still has its chat and message_id) is replied
	// to as the object is; and the union itself offers them (Union.Offers).
	Via *Union
	// Reply and Answer name the helpers (see Helper).
	Reply, Answer Helper
}

// Helper names one of a referent's helpers: the method of the object (and
// of the union offering it), the interface of the parameters structs it
// takes, the package-level function returning the method's result and the
// unexported method of each parameters struct filling it; and decides
// which parameters structs it fills, and how (see Filled).
type Helper struct {
	Method string // Reply
	Params string // MessageReply
	Result string // ReplyMessage
	Filler string // dispatchReplyMessage
	// Fills are the parameters structs the helper fills, in the model's
	// order (Model.Params).
	Fills []*Filled
}

// ReplyOption is the dispatcher runtime's type of a helper's options
// (NoQuote): a union offering the helpers names it in its interface.
const ReplyOption = "ReplyOption"

// SnakeName is the object's name in snake case ("chat_join_request"), the
// prefix of parameters that refer to it.
func (r *Referent) SnakeName() string {
	return strings.ToLower(strings.Join(naming.Words(r.Object.Object.Name), "_"))
}

// Common is the method of Via reading the common field wire, or "".
func (r *Referent) Common(wire string) string {
	if r.Via == nil {
		return ""
	}
	for _, c := range r.Via.Common {
		if c.Wire == wire {
			return c.Method
		}
	}
	return ""
}

// referents decides the Referent of every object of a kind accessor's
// fields (Struct.Referent) with the fills of its helpers, and the union each offers its helpers through
// (Union.Offers): a union that several objects would reach offers none.
func (m *Model) referents() {
	taken := map[*Union]int{}
	var all []*Referent
	for _, st := range m.Objects {
		if st.Kind == nil {
			continue
		}
		for _, kf := range st.Kind.Fields {
			b := kf.Type.Base()
			if b.Kind != Object || b.Struct.Opaque || b.Struct.Referent != nil {
				continue
			}
			r := newReferent(b.Struct)
			m.fills(r)
			b.Struct.Referent = r
			all = append(all, r)
			if r.Via != nil {
				taken[r.Via]++
			}
		}
	}
	for _, r := range all {
		if r.Via != nil && taken[r.Via] == 1 {
			r.Via.Offers = r
		}
	}
	for _, r := range all {
		m.settleHelpers(r)
	}
}

// settleHelpers gives the names the reply helpers of r make from its
// object's name (<O>Reply, Reply<O>, ReplyTo<O>) by naming's rule, after
// the document's: a type the document names so keeps its name. The
// dispatcher declares them where it writes them: a helper that fills
// nothing and no union offers is not written, and takes no name.
func (m *Model) settleHelpers(r *Referent) {
	o := r.Object
	src, since := o.Object.Source, o.Object.Since
	offered := r.Via != nil && r.Via.Offers == r
	for _, h := range []*Helper{&r.Reply, &r.Answer} {
		if len(h.Fills) == 0 && !offered {
			continue // not written
		}
		h.Params = m.Made(m.Scope, h.Params, naming.TypeKind, since, src, "parameters "+o.GoName+"."+h.Method+" takes")
		m.Scope.Hold(h.Params)
		h.Result = m.Made(m.Scope, h.Result, naming.ValueKind, since, src, "helper "+h.Method+o.GoName)
		m.Scope.Hold(h.Result)
		for _, fd := range h.Fills {
			if fd.Builder != "" {
				fd.Builder = m.Made(fd.Params.Scope, fd.Builder, naming.ValueKind, since, src, "builder "+fd.Builder+" of "+fd.Params.GoName)
				fd.Params.Scope.Hold(fd.Builder)
			}
		}
	}
}

func newReferent(o *Struct) *Referent {
	r := &Referent{Object: o,
		Reply:  Helper{Method: "Reply", Params: o.GoName + "Reply", Result: "Reply" + o.GoName, Filler: "dispatchReply" + o.GoName},
		Answer: Helper{Method: "Answer", Params: o.GoName + "Answer", Result: "Answer" + o.GoName, Filler: "dispatchAnswer" + o.GoName},
	}
	on := r.SnakeName()
	for _, f := range o.Fields {
		if (f.Name == "id" || f.Name == on+"_id") && f.Required() && f.Type.Kind == Scalar && f.Type.Enum == nil {
			r.Own = f
			break
		}
	}
	for _, f := range o.Fields {
		if !f.Required() || f.Type.Kind != Object || f.Type.Struct.Opaque {
			continue
		}
		if idf := f.Type.Struct.Field("id"); idf != nil && idf.Required() && idf.Type.Kind == Scalar {
			r.Places = append(r.Places, f)
		}
	}
	var found *Union
	for _, u := range o.Members {
		has := func(wire string) bool {
			for _, c := range u.Common {
				if c.Wire == wire {
					return true
				}
			}
			return false
		}
		ok := r.Own == nil || has(r.Own.Name)
		for _, f := range r.Places {
			ok = ok && has(f.Name)
		}
		if !ok {
			continue
		}
		if found != nil {
			return r
		}
		found = u
	}
	r.Via = found
	return r
}
