package gomodel

import (
	"strings"

	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/schema"
)

// heldShortNames names the short constructors of a value union whose
// variants have no notes (a page spells chat_id "Integer or String"
// inline, where the seed's union notes "chat identifier" and "username of
// a channel"), from the fields that hold it, so that one way of writing a
// chat reference compiles against every version: the field name most
// fields holding the union have, when it names an identifier (chat_id),
// names the Integer variant (ChatID); the alternative its description
// gives after " or " names the String variant as a note would
// ("… or username of the target channel" -> Username). A variant keeps ""
// when the fields say nothing.
func (m *Model) heldShortNames(u *Union) (names map[*Variant]string, field string) {
	count := map[string]int{}
	var order []string
	desc := map[string]string{}
	each := func(fields []*schema.Field) {
		for _, f := range fields {
			t := f.Type
			for t.IsArray() {
				t = *t.Elem
			}
			if t.Name != u.Schema.Name {
				continue
			}
			if count[f.Name] == 0 {
				order = append(order, f.Name)
			}
			count[f.Name]++
			if _, ok := desc[f.Name]; !ok && strings.Contains(f.Description, " or ") {
				desc[f.Name] = f.Description
			}
		}
	}
	for _, o := range m.Schema.Objects {
		each(o.Fields)
	}
	for _, me := range m.Schema.Methods {
		each(me.Params)
	}
	most := ""
	for _, n := range order {
		if count[n] > count[most] {
			most = n
		}
	}
	if !strings.HasSuffix(most, "_id") {
		return nil, ""
	}
	out := map[*Variant]string{}
	for _, v := range u.Variants {
		switch v.Type.Prim {
		case PrimInt, PrimInt64:
			out[v] = naming.Exported(most)
		case PrimString:
			if _, alt, ok := strings.Cut(desc[most], " or "); ok {
				out[v] = shortName(alt)
			}
		}
	}
	return out, most
}
