package dispatch

// A kind object that is a variant of an interface union whose common
// fields include every field a reply or an answer reads (its identifier
// and places: gomodel.Referent.Via) has helpers taking the union, so that
// a value that may be another variant (a message that may be inaccessible,
// which still has its chat and message_id) is replied to as the object is,
// and the object itself still fits. When the union offers them
// (gomodel.Union.Offers), every variant, the unknown one included, has the
// object's Reply and Answer methods, which the union's interface declares.

import "github.com/apigen/apigen/gomodel"

// viaDoc says, in a helper's doc comment, that it takes the union.
func (r *relation) viaDoc(o *gomodel.Struct) string {
	if r.via == nil {
		return ""
	}
	return " o is any " + r.via.GoName + ", a *" + o.GoName + " or another variant: the fields it reads are common to them all."
}

// receivers are the types that get the relation's method: the object, and
// every other variant of the union offering it with its unknown variant.
func (r *relation) receivers(o *gomodel.Struct) []string {
	out := []string{o.GoName}
	if !r.offered {
		return out
	}
	for _, v := range r.via.Variants {
		if v.Struct != nil && v.Struct != o {
			out = append(out, v.Struct.GoName)
		}
	}
	return append(out, r.via.Unknown)
}

// variantStruct is the variant struct named name, nil for the unknown variant
// (which has no fields).
func variantStruct(via *gomodel.Union, name string) *gomodel.Struct {
	if via == nil {
		return nil
	}
	for _, v := range via.Variants {
		if v.Struct != nil && v.Struct.GoName == name {
			return v.Struct
		}
	}
	return nil
}
