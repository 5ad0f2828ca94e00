package docs

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/apigen/apigen/schema"
)

// exampleRequest is a JSON body for m built from the schema alone: every
// required parameter, with a value its type and constraints accept (the
// smallest allowed number, a string of an allowed length, an enum's first
// value, the first variant of a union, the required fields of an object).
// Optional parameters are left out, except those a rule makes necessary
// (the first group of a one_of rule, the first field of an exactly_one
// rule): the example shows what a call needs.
func (b *builder) exampleRequest(m *schema.Method) string {
	var buf bytes.Buffer
	buf.WriteString("{")
	n := 0
	needed := neededByRules(m.Rules)
	for _, p := range m.Params {
		if !p.Required && !needed[p.Name] || isUploadOnly(p) {
			continue
		}
		if n > 0 {
			buf.WriteString(",")
		}
		n++
		buf.WriteString("\n  ")
		writeJSON(&buf, p.Name)
		buf.WriteString(": ")
		b.exampleValue(&buf, p.Name, p.Type, p.Constraints, 1, map[string]bool{})
	}
	if n > 0 {
		buf.WriteString("\n")
	}
	buf.WriteString("}")
	return buf.String()
}

// writeJSON writes v as JSON, leaving <, > and & as they are (the page's
// template escapes them for HTML).
func writeJSON(buf *bytes.Buffer, v any) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	buf.Truncate(buf.Len() - 1) // Encode ends with a newline
}

// exampleValue writes a value of type t that the constraints c accept.
// depth is the indentation; seen stops recursive objects.
func (b *builder) exampleValue(buf *bytes.Buffer, name string, t schema.Type, c *schema.Constraints, depth int, seen map[string]bool) {
	if t.IsArray() {
		buf.WriteString("[")
		var each *schema.Constraints
		if c != nil {
			each = c.Each
		}
		count := 1
		if c != nil && c.Items != nil && c.Items.Min != nil && *c.Items.Min > 1 {
			count = int(*c.Items.Min)
		}
		for i := 0; i < count; i++ {
			if i > 0 {
				buf.WriteString(", ")
			}
			b.exampleValue(buf, name, *t.Elem, each, depth, seen)
		}
		buf.WriteString("]")
		return
	}
	if c != nil {
		if c.Fixed != "" {
			writeJSON(buf, c.Fixed)
			return
		}
		if c.Enum != "" {
			if e := b.s.Enum(c.Enum); e != nil && len(e.Values) > 0 {
				writeJSON(buf, e.Values[0].Value)
				return
			}
		}
		if c.Default != nil && t.Name != schema.String {
			writeJSON(buf, c.Default)
			return
		}
	}
	switch t.Name {
	case schema.Integer, schema.Integer64:
		v := 1.0
		if strings.HasSuffix(name, "_id") || name == "id" {
			v = 123456789
		}
		if c != nil && c.Range != nil {
			switch {
			case c.Range.Min != nil:
				v = *c.Range.Min
			case c.Range.Max != nil && *c.Range.Max < v:
				v = *c.Range.Max
			}
		}
		buf.WriteString(strconv.FormatFloat(v, 'f', 0, 64))
	case schema.Float:
		v := 0.5
		if c != nil && c.Range != nil && c.Range.Min != nil {
			v = *c.Range.Min
		}
		buf.WriteString(strconv.FormatFloat(v, 'f', -1, 64))
	case schema.Boolean, schema.True:
		buf.WriteString("true")
	case schema.String:
		writeJSON(buf, exampleString(name, c))
	case schema.InputFile:
		writeJSON(buf, "<file_id or URL>")
	default:
		b.exampleNamed(buf, name, t.Name, depth, seen)
	}
}

// exampleString is a string for field name that fits c's length.
func exampleString(name string, c *schema.Constraints) string {
	s := strings.ReplaceAll(name, "_", " ")
	if c == nil || c.Length == nil {
		return s
	}
	if c.Length.Max != nil && len([]rune(s)) > *c.Length.Max {
		s = string([]rune(s)[:*c.Length.Max])
	}
	for c.Length.Min != nil && len([]rune(s)) < *c.Length.Min {
		s += "x"
	}
	return s
}

// exampleNamed writes an object (its required fields), or a union's first
// variant.
func (b *builder) exampleNamed(buf *bytes.Buffer, name, typ string, depth int, seen map[string]bool) {
	if u := b.s.Union(typ); u != nil && len(u.Variants) > 0 {
		v := u.Variants[0]
		if u.Discriminator != "" && v.Tag != "" {
			if o := b.s.Object(v.Type.Name); o != nil {
				b.exampleObject(buf, o, u.Discriminator, v.Tag, depth, seen)
				return
			}
		}
		b.exampleValue(buf, name, v.Type, nil, depth, seen)
		return
	}
	o := b.s.Object(typ)
	if o == nil || o.Opaque || seen[typ] {
		buf.WriteString("{}")
		return
	}
	b.exampleObject(buf, o, "", "", depth, seen)
}

func (b *builder) exampleObject(buf *bytes.Buffer, o *schema.Object, tagField, tag string, depth int, seen map[string]bool) {
	seen = copySeen(seen)
	seen[o.Name] = true
	indent := strings.Repeat("  ", depth+1)
	buf.WriteString("{")
	n := 0
	if tagField != "" {
		buf.WriteString("\n" + indent)
		writeJSON(buf, tagField)
		buf.WriteString(": ")
		writeJSON(buf, tag)
		n++
	}
	for _, f := range o.Fields {
		if !f.Required || f.Name == tagField {
			continue
		}
		if n > 0 {
			buf.WriteString(",")
		}
		n++
		buf.WriteString("\n" + indent)
		writeJSON(buf, f.Name)
		buf.WriteString(": ")
		b.exampleValue(buf, f.Name, f.Type, f.Constraints, depth+1, seen)
	}
	if n > 0 {
		buf.WriteString("\n" + strings.Repeat("  ", depth))
	}
	buf.WriteString("}")
}

func copySeen(m map[string]bool) map[string]bool {
	out := make(map[string]bool, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// neededByRules lists the optional parameters a call must still send to
// satisfy the method's rules.
func neededByRules(rules []*schema.Rule) map[string]bool {
	need := map[string]bool{}
	for _, r := range rules {
		switch r.Kind {
		case schema.RuleOneOf:
			if len(r.Groups) > 0 {
				for _, f := range r.Groups[0] {
					need[f] = true
				}
			}
		case schema.RuleExactlyOne:
			if len(r.Fields) > 0 {
				need[r.Fields[0]] = true
			}
		}
	}
	return need
}

// isUploadOnly reports whether p must be a file upload, which a JSON body
// cannot carry (it is a multipart/form-data part).
func isUploadOnly(p *schema.Field) bool {
	return p.Constraints != nil && p.Constraints.UploadOnly
}

// uploadParts lists the required upload-only parameters of m.
func uploadParts(m *schema.Method) []string {
	var out []string
	for _, p := range m.Params {
		if p.Required && isUploadOnly(p) {
			out = append(out, p.Name)
		}
	}
	return out
}
