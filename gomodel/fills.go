package gomodel

import "strings"

// The parameters a referent's helpers fill are decided here, from names
// and types, never from a list: for a kind object O (o its snake-case
// name, see Referent), a parameters struct with a parameter o_id is
// filled by O.Answer (o_id from the identifier, f_id from each place f);
// one with a required f_id parameter by O.Reply (f_id from each place,
// and, only when quoting, a parameter ending in _<identifier name> such
// as a reply-to reference, or an optional object whose sole required
// field has the identifier's name, such as reply parameters, from the
// identifier). A struct is taken only when every required reference
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
	// becomes (FillSole).
	Object *Struct
	Sole   *Field
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
				if pf.Name != r.Own.Name && (strings.HasSuffix(pf.Name, "_"+r.Own.Name) || madeFrom(pf, r.Own)) {
					if fl, ok := newFill(pf, own); ok {
						fl.Quote = true
						fd.Fills = append(fd.Fills, fl)
					}
				}
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
		if sole := t.Elem.Struct.Sole(); sole != nil && fits(sole.Type) {
			fl.Kind, fl.Object, fl.Sole, fl.Convert = FillSole, t.Elem.Struct, sole, convert(sole.Type.Name)
			return fl, true
		}
	}
	return fl, false
}

// madeFrom reports whether pf is an optional object made from own alone:
// its sole required field has own's name (reply_parameters, whose
// message_id is the message replied to).
func madeFrom(pf *Field, own *Field) bool {
	if pf.Type.Kind != Pointer || pf.Type.Elem.Kind != Object {
		return false
	}
	sole := pf.Type.Elem.Struct.Sole()
	return sole != nil && sole.Name == own.Name
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
