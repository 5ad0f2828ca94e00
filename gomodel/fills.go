package gomodel

import (
	"fmt"
	"strings"

	"github.com/apigen/apigen/schema"
)

// The parameters a referent's helpers fill are decided here, from names
// and types, never from a list: for a kind object O (o its snake-case
// name, see Referent), a parameters struct with a parameter o_id is
// filled by O.Answer (o_id from the identifier, f_id from each place f);
// one with a required f_id parameter by O.Reply (f_id from each place,
// and, only when quoting, a parameter ending in _<identifier name> such
// as a reply-to reference, or an optional object with a field of the
// identifier's name and no other field required unconditionally, such as
// reply parameters, from the identifier: facts that survive a release,
// where "exactly one required field" does not once the identifier is
// required only under a condition). A parameter that refers to the object
// so but cannot be filled is a warning (Model.Warnings), never a reply
// that stops quoting in silence. A struct is taken only when every required reference
// parameter (id or *_id) is filled. A struct Reply fills with a quote
// gets the builder ReplyTo<Object>. Backends turn these facts into code
// and re-derive none of them.

// Filled is a parameters struct a helper fills, and how.
type Filled struct {
	Params *Struct
	// Fills are the parameters filled, in the order they are set: every
	// fill that is no quote before the quote fills.
	Fills []Fill
	// Builder is the method of Params filling it as the helper does,
	// quote included, for code that sends Params itself
	// (ReplyTo<Object>), or "" (Answer; a Reply without a quote fill).
	Builder string
}

// Quoted reports whether some fill is applied only when quoting.
func (fd *Filled) Quoted() bool {
	for _, f := range fd.Fills {
		if f.Quote {
			return true
		}
	}
	return false
}

// FillKind is how a value read from the object is stored in a parameter,
// which is set only while it is unset.
type FillKind int

const (
	// FillScalar: the parameter is a scalar (unset: its zero value) set
	// to the value.
	FillScalar FillKind = iota
	// FillSome: the parameter is an Opt (unset: !IsSet) set to Some of
	// the value.
	FillSome
	// FillCtor: the parameter is a value union (unset: !IsSet) set with
	// the constructor of the variant holding the value (Fill.Ctor).
	FillCtor
	// FillSole: the parameter is a pointer to an object (unset: nil) set
	// to a new object whose sole required field (Fill.Sole) is the value.
	FillSole
)

// FillSource is where a fill's value is read in the object a helper is
// called with: a field of the object (through the union's common-field
// method when the helper takes the union), then the place's id.
type FillSource struct {
	// Field is the object's field read: a place or the identifier.
	Field *Field
	// Getter is the method of Referent.Via reading Field (Common.Method)
	// when the helpers take the union, else "" (the field itself).
	Getter string
	// ID is the field of the place's object read next, or nil when Field
	// is the identifier.
	ID *Field
	// Type is the type of the value read.
	Type *Type
}

// Fill is one parameter a helper fills from the object.
type Fill struct {
	// Param is the parameter set.
	Param *Field
	From  FillSource
	Kind  FillKind
	// Convert is the integer Go type the value is converted to (int64 to
	// int or back: the value's integer type differs from the one stored),
	// or "" when it is stored as it is.
	Convert string
	// Ctor is the value union's constructor (FillCtor).
	Ctor string
	// Object and Sole are the object built and the field the value
	// becomes (FillSole); SoleSome: Sole is an Opt, set to Some of the
	// value.
	Object   *Struct
	Sole     *Field
	SoleSome bool
	// Quote: the fill refers to the object itself (a reply-to reference)
	// and is applied only when quoting.
	Quote bool
}

// fills decides r.Reply.Fills and r.Answer.Fills over the parameters
// structs of m, in their order.
func (m *Model) fills(r *Referent) {
	var places []FillSource
	for _, f := range r.Places {
		id := f.Type.Struct.Field("id")
		places = append(places, FillSource{Field: f, Getter: r.Common(f.Name), ID: id, Type: id.Type})
	}
	var own FillSource
	if r.Own != nil {
		own = FillSource{Field: r.Own, Getter: r.Common(r.Own.Name), Type: r.Own.Type}
	}
	on := r.SnakeName()
	for _, p := range m.Params {
		var placeFills []Fill
		placed := map[string]bool{}
		requiredPlace := false
		for _, src := range places {
			pf := p.Field(src.Field.Name + "_id")
			if pf == nil {
				continue
			}
			if fl, ok := newFill(pf, src); ok {
				placeFills = append(placeFills, fl)
				placed[pf.Name] = true
				requiredPlace = requiredPlace || pf.Required()
			}
		}
		if r.Own != nil {
			if pf := p.Field(on + "_id"); pf != nil {
				if fl, ok := newFill(pf, own); ok && refsFilled(p, placed, pf.Name) {
					r.Answer.Fills = append(r.Answer.Fills, &Filled{Params: p, Fills: append([]Fill{fl}, placeFills...)})
				}
			}
		}
		if !requiredPlace || !refsFilled(p, placed, "") {
			continue
		}
		fd := &Filled{Params: p, Fills: append([]Fill(nil), placeFills...)}
		if r.Own != nil {
			for _, pf := range p.Fields {
				if pf.Name == r.Own.Name {
					continue
				}
				refers, why := quotes(pf, r.Own, quoteRef(r))
				if !refers {
					continue
				}
				if why == "" {
					if fl, ok := newFill(pf, own); ok {
						fl.Quote = true
						fd.Fills = append(fd.Fills, fl)
						continue
					}
					why = "its type " + pf.Type.String() + " does not hold " + r.Object.GoName + "." + r.Own.GoName + " (" + r.Own.Type.String() + ")"
				}
				m.noQuote(r, p, pf, why)
			}
		}
		if fd.Quoted() {
			fd.Builder = "ReplyTo" + r.Object.GoName
		}
		r.Reply.Fills = append(r.Reply.Fills, fd)
	}
}

// newFill decides how the value src is stored in the parameter dst: a
// scalar of its type or another integer, an Opt of one, a value union
// with a variant of one, or a pointer to an object whose sole required
// field is one (the reply parameters that replaced a reply-to
// identifier). ok is false when the value fits none.
func newFill(dst *Field, src FillSource) (fl Fill, ok bool) {
	fits := func(t *Type) bool {
		return t.Kind == Scalar && t.Enum == nil && (t.Name == src.Type.Name || (t.IsInteger() && src.Type.IsInteger()))
	}
	convert := func(to string) string {
		if to == src.Type.Name {
			return ""
		}
		return to
	}
	fl = Fill{Param: dst, From: src}
	switch t := dst.Type; t.Kind {
	case Scalar:
		if !fits(t) {
			return fl, false
		}
		fl.Kind, fl.Convert = FillScalar, convert(t.Name)
		return fl, true
	case Opt:
		if !fits(t.Elem) {
			return fl, false
		}
		fl.Kind, fl.Convert = FillSome, convert(t.Elem.Name)
		return fl, true
	case Value:
		for _, va := range t.Union.Variants {
			if va.Type != nil && fits(va.Type) {
				fl.Kind, fl.Ctor, fl.Convert = FillCtor, va.Ctor, convert(va.Type.Name)
				return fl, true
			}
		}
	case Pointer:
		if t.Elem.Kind != Object {
			return fl, false
		}
		f, blocker := t.Elem.Struct.madeOf(src.Field.Name)
		if f == nil || blocker != nil {
			return fl, false
		}
		switch {
		case fits(f.Type):
			fl.Convert = convert(f.Type.Name)
		case f.Type.Kind == Opt && fits(f.Type.Elem):
			fl.SoleSome, fl.Convert = true, convert(f.Type.Elem.Name)
		default:
			return fl, false
		}
		fl.Kind, fl.Object, fl.Sole = FillSole, t.Elem.Struct, f
		return fl, true
	}
	return fl, false
}

// madeOf is the field named wire of an object a value is made from alone
// (reply parameters, made from the message_id replied to), and the first
// other field that is required unconditionally, which forbids it (nil
// when none does). Facts that survive a release decide it: the field is
// there, whether the document calls it required, optional, or required
// under a condition ("Required if ephemeral_message_id is not
// specified"), and no other field must always be given. f is nil when
// the struct has no such field, or is no object a value can be built of.
func (s *Struct) madeOf(wire string) (f, blocker *Field) {
	if s.Object == nil || s.Opaque || s.Tagged != nil {
		return nil, nil
	}
	f = s.Field(wire)
	if f == nil {
		return nil, nil
	}
	for _, o := range s.Fields {
		if o != f && o.Required() {
			return f, o
		}
	}
	return f, nil
}

// quotes reports whether the parameter pf refers to the object whose
// identifier is own, as a reply-to reference does: its name ends in
// _<ref> (reply_to_message_id), or it is an optional object with a field
// named own (reply_parameters). ref is own's name qualified by the
// object's when it is a bare "id" (reply_to_business_connection_id):
// every user_id or chat_id ends in "_id" and refers to something else.
// why says, when it refers to it, what keeps the helpers from filling it
// ("" when nothing does).
func quotes(pf *Field, own *Field, ref string) (refers bool, why string) {
	if strings.HasSuffix(pf.Name, "_"+ref) {
		return true, ""
	}
	if pf.Type.Kind != Pointer || pf.Type.Elem.Kind != Object {
		return false, ""
	}
	f, blocker := pf.Type.Elem.Struct.madeOf(own.Name)
	switch {
	case f == nil:
		return false, ""
	case blocker != nil:
		return true, pf.Type.Elem.Struct.GoName + " requires " + blocker.Name + " besides " + own.Name
	}
	return true, ""
}

// quoteRef is the name a reply-to parameter ends in for r's object: its
// identifier's name, or <object>_id when the identifier is named "id".
func quoteRef(r *Referent) string {
	if r.Own.Name == "id" {
		return r.SnakeName() + "_id"
	}
	return r.Own.Name
}

// noQuote records that a reply to r's object cannot quote it through the
// parameter pf of p, and why: one warning per object and reason, naming
// every method (the same parameter recurs in every send method).
func (m *Model) noQuote(r *Referent, p *Struct, pf *Field, why string) {
	key := r.Object.GoName + "\x00" + pf.Name + "\x00" + why
	if m.quoteWarned == nil {
		m.quoteWarned = map[string]int{}
	}
	if i, ok := m.quoteWarned[key]; ok {
		m.Warnings[i].Text += ", " + p.Method.Name
		return
	}
	m.quoteWarned[key] = len(m.Warnings)
	m.Warnings = append(m.Warnings, schema.Warning{
		Construct: "helper " + r.Object.GoName + "." + r.Reply.Method,
		Target:    r.Object.Object.Name,
		Where:     r.Object.Object.Source.Section,
		Line:      r.Object.Object.Source.Line,
		Text: fmt.Sprintf("%s.%s and the builder ReplyTo%s do not quote the %s through the parameter %s (%s), so a reply sent with them is no reply to it; the methods: %s",
			r.Object.GoName, r.Reply.Method, r.Object.GoName, r.SnakeName(), pf.Name, why, p.Method.Name),
		Settle: "set " + pf.Name + " yourself where a reply must quote",
	})
}

// refsFilled reports whether every required reference parameter of p (id
// or *_id) is filled: one of placed, or also.
func refsFilled(p *Struct, placed map[string]bool, also string) bool {
	for _, f := range p.Fields {
		if f.Required() && (f.Name == "id" || strings.HasSuffix(f.Name, "_id")) && !placed[f.Name] && f.Name != also {
			return false
		}
	}
	return true
}
