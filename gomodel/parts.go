package gomodel

import (
	"strings"

	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/schema"
)

// PartPrefix starts the multipart part names the runtime gives the uploads
// nested in a call's parameters (a list's or an object's files) when a
// method says nothing else: file0, file1, … (the runtime's
// clientPartPrefix). A top-level file parameter's part has the
// parameter's wire name.
const PartPrefix = "file"

// partPrefixes gives every method the start of its nested uploads' part
// names (Method.PartPrefix): PartPrefix, unless a parameter of the method
// is named so followed by digits (a part and a form field of one name in
// one request). Then it is the first of "file_", "file__", … no parameter
// is named so followed by digits, with a warning: the client names the
// parts, the server and the emulator find them by the attach://<part>
// references, so that one decision here keeps them together.
func (m *Model) partPrefixes() {
	for _, me := range m.Methods {
		me.PartPrefix = PartPrefix
		if me.Params == nil || !nestedUploads(me.Params) {
			continue
		}
		named := partsNamed(me.Schema.Params, PartPrefix)
		if len(named) == 0 {
			continue
		}
		for me.PartPrefix += "_"; len(partsNamed(me.Schema.Params, me.PartPrefix)) > 0; {
			me.PartPrefix += "_"
		}
		src := me.Schema.Source
		m.Warnings = append(m.Warnings, schema.Warning{Construct: "method " + me.Schema.Name, Where: src.Section, Line: src.Line, Settle: naming.Settle,
			Text: "the uploads nested in its parameters are sent as the multipart parts " + me.PartPrefix + "0, " + me.PartPrefix + "1, …, not " +
				PartPrefix + "0, " + PartPrefix + "1, …, because its parameter" + plural(named, " ", "s ") + strings.Join(named, ", ") + plural(named, " has such a name", " have such names") + " (a part and a parameter of one name would share a form field)"})
	}
}

// nestedUploads reports whether a parameter can carry an upload other
// than as itself: inside a list, an object or a union.
func nestedUploads(p *Struct) bool {
	for _, f := range p.Fields {
		if f.Uploads && f.Type.Kind != File {
			return true
		}
	}
	return false
}

// plural is one when names holds one name, else many.
func plural(names []string, one, many string) string {
	if len(names) == 1 {
		return one
	}
	return many
}

// partsNamed are the parameters named prefix followed by digits.
func partsNamed(params []*schema.Field, prefix string) []string {
	var named []string
	for _, f := range params {
		digits, ok := strings.CutPrefix(f.Name, prefix)
		if ok && digits != "" && strings.Trim(digits, "0123456789") == "" {
			named = append(named, f.Name)
		}
	}
	return named
}
