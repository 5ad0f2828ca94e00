package docs

import "github.com/apigen/apigen/gomodel"

// goName is the Go identifier the generated package gives a schema element,
// read from the Go model (the docs backend computes no Go name itself):
//
//	goName("type", "ThingId")        = "ThingID"
//	goName("field", "thing_id")      = "ThingID"
//	goName("method", "postThing")    = "Client.PostThing"
//	goName("params", "postThing")    = "PostThingParams"
//	goName("service", "postThing")   = "Service.PostThing"
//	goName("const", "Mode", "HTML")  = "ModeHTML"
//
// An element with no Go declaration of its own gives "" (a file union is
// InputFile).
func (b *builder) goName(kind string, parts ...string) string {
	m := b.m
	switch kind {
	case "type":
		if m.IsFileUnion(parts[0]) {
			return "InputFile"
		}
		return m.GoName(parts[0])
	case "field":
		return b.fieldGoName[parts[0]]
	case "method", "service", "params":
		me := m.Method(parts[0])
		if me == nil {
			return ""
		}
		switch kind {
		case "method":
			return "Client." + me.GoName
		case "service":
			return "Service." + me.GoName
		}
		if me.Params != nil {
			return me.Params.GoName
		}
	case "const":
		e := m.Enum(parts[0])
		if e == nil {
			return ""
		}
		for i, v := range e.Schema.Values {
			if v.Label() == parts[1] {
				return e.Consts[i]
			}
		}
	}
	return ""
}

// fieldGoNames maps every wire name of a field or parameter to its Go
// field name (the model spells one wire name the same way everywhere).
func (b *builder) fieldGoNames() map[string]string {
	out := map[string]string{}
	for _, st := range append(append([]*gomodel.Struct(nil), b.m.Objects...), b.m.Params...) {
		for _, f := range st.Fields {
			out[f.Name] = f.GoName
		}
	}
	return out
}

// goDoc is a Go name linked to its documentation on pkg.go.dev, or plain
// text when the package's import path is not known. Names such as
// "Client.SendMessage" are pkg.go.dev's own anchors.
func (b *builder) goDoc(name string) Link {
	if b.importPath == "" || name == "" {
		return Link{Text: name}
	}
	return Link{Text: name, URL: "https://pkg.go.dev/" + b.importPath + "#" + name}
}

// goPackageDoc links the generated package's documentation, or is nil.
func (b *builder) goPackageDoc() Text {
	if b.importPath == "" {
		return nil
	}
	return Text{{Text: b.importPath, URL: "https://pkg.go.dev/" + b.importPath}}
}

// goTypeText is a field's Go type as the model spells it ("Opt[ParseMode]",
// "[]MessageEntity", "*Message"), its named type linked to its docs.
func (b *builder) goTypeText(t *gomodel.Type) Link {
	s := t.String()
	base := t.Base()
	if base.Kind == gomodel.Scalar && base.Enum == nil {
		return Link{Text: s}
	}
	lk := b.goDoc(base.Name)
	lk.Text = s
	return lk
}
