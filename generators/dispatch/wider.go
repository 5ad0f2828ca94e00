package dispatch

import "github.com/apigen/apigen/gomodel"

// wider is an interface union a kind object is a variant of, whose common
// fields (gomodel.Union.Common) include every field a reply or an answer
// reads: the object's identifier and places. The helpers then take the
// union, so that a value that may be another variant (a message that may
// be inaccessible, which still has its chat and message_id) is replied to
// as the object is, and the object itself still fits.
type wider struct {
	u *gomodel.Union
}

// common is the method reading the common field wire.
func (w *wider) common(wire string) string {
	for _, c := range w.u.Common {
		if c.Wire == wire {
			return c.Method
		}
	}
	return ""
}

// acceptedUnion is the one interface union o is a variant of whose common
// fields include own (when set) and every place, or nil (none, or several:
// no choice is made between them).
func acceptedUnion(o *gomodel.Struct, own *gomodel.Field, places []*gomodel.Field) *wider {
	var found *wider
	for _, u := range o.Members {
		w := &wider{u}
		ok := own == nil || w.common(own.Name) != ""
		for _, f := range places {
			ok = ok && w.common(f.Name) != ""
		}
		if !ok {
			continue
		}
		if found != nil {
			return nil
		}
		found = w
	}
	return found
}

// viaDoc says, in a helper's doc comment, that it takes the union.
func (r *relation) viaDoc(o *gomodel.Struct) string {
	if r.via == nil {
		return ""
	}
	return " o is any " + r.via.u.GoName + ", a *" + o.GoName + " or another variant: the fields it reads are common to them all."
}
