package gomodel

import (
	"sort"
	"strings"
)

// Decl is one exported Go identifier of the generated package that the
// model decides, with what a user's code written against it depends on:
// its Go type, or the signature of a function or method. Two models'
// declarations compared by name say which code stops compiling when the
// package is regenerated (a name gone, a type changed): what apidiff says
// of the two packages, read from the decisions instead of the output.
type Decl struct {
	// Name is the identifier as code spells it: "SendMessageParams",
	// "SendMessageParams.Text", "Client.SendMessage", "ParseModeHTML",
	// "*SendMessageParams implements MessageReply".
	Name string
	// Type is what code depends on: "string", "Opt[int64]", "struct",
	// "func(*Message) *SendMessageParams", "const ParseMode".
	Type string
	// Origin is the schema element the identifier stands for, and Deps
	// the others it is derived from (a reply helper: the fields of the
	// object replied to that it reads).
	Origin Origin
	Deps   []Origin
}

// Origin names the schema element a declaration stands for, as the
// document names it: Kind is "object", "method", "union" or "enum"; Name
// is its name; Part, when set, is the field, parameter, variant or value
// inside it ("text", "InaccessibleMessage", "HTML"). A helper derived from
// several elements (a reply builder) names the parameters struct's method
// and its parameter Part the helper fills, or "" when none stands out.
type Origin struct {
	Kind, Name, Part string
}

// String is the origin as one phrase: "method editMessageText parameter text".
func (o Origin) String() string {
	s := o.Kind + " " + o.Name
	if o.Part != "" {
		part := map[string]string{"object": "field", "method": "parameter", "union": "variant", "enum": "value"}[o.Kind]
		s += " " + part + " " + o.Part
	}
	return s
}

// API lists the exported declarations the model decides, sorted by name:
// object and params structs with their fields and helper methods, unions
// with their constructors, accessors and unknown types, enums with their
// constants, the client's and the Service's methods, and the bot library's
// helpers decided here (replies and answers, reply builders, list setters,
// kind accessors). What a backend decides alone (the keyboard builders) is
// not listed.
func (m *Model) API() []Decl {
	var out []Decl
	add := func(name, typ string, o Origin, deps ...Origin) {
		out = append(out, Decl{Name: name, Type: typ, Origin: o, Deps: deps})
	}
	for _, st := range m.Objects {
		o := Origin{Kind: "object", Name: st.Object.Name}
		if st.Opaque {
			add(st.GoName, "opaque struct", o)
			continue
		}
		m.structAPI(st, o, add)
	}
	for _, p := range m.Params {
		m.structAPI(p, Origin{Kind: "method", Name: p.Method.Name}, add)
	}
	for _, u := range m.Unions {
		o := Origin{Kind: "union", Name: u.Schema.Name}
		if u.Kind.IsInterface() {
			add(u.GoName, "interface", o)
			add(u.Unknown, "struct", o)
			for _, v := range u.Variants {
				add("*"+v.GoName+" implements "+u.GoName, "", Origin{Kind: "union", Name: u.Schema.Name, Part: v.Schema.Type.String()})
			}
			for _, v := range u.Forms {
				add(v.GoName, v.Type.String(), Origin{Kind: "union", Name: u.Schema.Name, Part: v.Schema.Type.String()})
			}
			for _, c := range u.Common {
				add(u.GoName+"."+c.Method, "func() "+c.Type.String(), o)
			}
			continue
		}
		add(u.GoName, "struct", o)
		for _, v := range u.Variants {
			vo := Origin{Kind: "union", Name: u.Schema.Name, Part: v.Schema.Type.String()}
			add(v.Ctor, "func("+v.Type.String()+") "+u.GoName, vo)
			add(u.GoName+"."+v.As, "func() ("+v.Type.String()+", bool)", vo)
			if v.Short != "" {
				add(v.Short, "func("+v.Type.String()+") "+u.GoName, vo)
			}
		}
	}
	for _, e := range m.Enums {
		o := Origin{Kind: "enum", Name: e.Schema.Name}
		add(e.GoName, "string", o)
		add(e.Values, "func() []"+e.GoName, o)
		for i, c := range e.Consts {
			add(c, "const "+e.GoName, Origin{Kind: "enum", Name: e.Schema.Name, Part: e.Schema.Values[i].Value})
		}
	}
	for _, me := range m.Methods {
		o := Origin{Kind: "method", Name: me.Schema.Name}
		sig := "func(context.Context"
		if me.Params != nil {
			sig += ", *" + me.Params.GoName
		}
		sig += ") "
		if me.Return != nil {
			sig += "(" + me.Return.String() + ", error)"
		} else {
			sig += "error"
		}
		add("Client."+me.GoName, sig, o)
		// A method added to Service is no break for an implementation
		// embedding Unimplemented; a changed one is.
		add("Service."+me.GoName, sig, o)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// structAPI lists a struct, its fields and the methods the model gives it.
func (m *Model) structAPI(st *Struct, o Origin, add func(name, typ string, o Origin, deps ...Origin)) {
	add(st.GoName, "struct", o)
	part := func(wire string) Origin { return Origin{Kind: o.Kind, Name: o.Name, Part: wire} }
	for _, f := range st.Fields {
		add(st.GoName+"."+f.GoName, f.Type.String(), part(f.Name))
	}
	for _, c := range st.Getters {
		add(st.GoName+"."+c.Method, "func() "+c.Type.String(), part(c.Wire))
	}
	if k := st.Kind; k != nil {
		add(st.GoName+"."+k.Method, "func()", o)
		for _, h := range k.Helpers {
			add(st.GoName+"."+h.Method, "func() *"+h.GoType, o)
		}
	}
	for _, l := range st.Lists {
		add(st.GoName+"."+l.Method, "func(...string) *"+st.GoName, part(l.Field.Name))
	}
	if r := st.Referent; r != nil {
		for _, h := range []*Helper{&r.Reply, &r.Answer} {
			if len(h.Fills) > 0 {
				add(st.GoName+"."+h.Method, "func(context.Context, "+h.Params+", ...ReplyOption) error", o)
			}
			for _, fd := range h.Fills {
				po := Origin{Kind: "method", Name: fd.Params.Method.Name, Part: fillPart(fd)}
				deps := fillDeps(st, fd)
				add("*"+fd.Params.GoName+" implements "+h.Params, "", po, deps...)
				if fd.Builder != "" {
					add(fd.Params.GoName+"."+fd.Builder, "func(*"+st.GoName+") *"+fd.Params.GoName, po, deps...)
				}
			}
		}
	}
}

// fillDeps are what a helper's fill of fd reads: the fields of the
// object replied to, and of the objects the fills reach through them.
func fillDeps(st *Struct, fd *Filled) []Origin {
	var out []Origin
	for _, f := range fd.Fills {
		out = append(out, Origin{Kind: "object", Name: st.Object.Name, Part: f.From.Field.Name}, Origin{Kind: "method", Name: fd.Params.Method.Name, Part: f.Param.Name})
		if f.From.ID != nil {
			out = append(out, Origin{Kind: "object", Name: f.From.Field.Type.Struct.Object.Name, Part: f.From.ID.Name})
		}
		if f.Object != nil {
			out = append(out, Origin{Kind: "object", Name: f.Object.Object.Name})
		}
	}
	if r := st.Referent; r != nil {
		// Losing a place or the identifier loses the helper.
		for _, p := range r.Places {
			out = append(out, Origin{Kind: "object", Name: st.Object.Name, Part: p.Name})
		}
		if r.Own != nil {
			out = append(out, Origin{Kind: "object", Name: st.Object.Name, Part: r.Own.Name})
		}
	}
	return out
}

// fillPart is the parameter a helper's fill of fd stands for: the one it
// quotes with, else its first.
func fillPart(fd *Filled) string {
	var names []string
	for _, f := range fd.Fills {
		if f.Quote {
			return f.Param.Name
		}
		names = append(names, f.Param.Name)
	}
	return strings.Join(names[:min(len(names), 1)], "")
}
