package docs

import (
	"bytes"
	"encoding/json"
	"go/format"
	"strconv"
	"strings"

	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/schema"
)

// goExample is the method's example request as a call of the generated Go
// client: the same parameters as the JSON example (every required one,
// and those a rule requires), as Go values of the model's types. It is ""
// when a value has no literal form here (an upload: see the JSON example
// and Upload).
func (b *builder) goExample(m *schema.Method) string {
	gm := b.m.Method(m.Name)
	if gm == nil {
		return ""
	}
	pkg := b.m.Package
	var call strings.Builder
	// A True result gives an error-only method (it can only be true).
	if r := m.Returns; !r.IsZero() && !(!r.IsArray() && r.Name == schema.True) {
		call.WriteString("res, err := ")
	} else {
		call.WriteString("err := ")
	}
	call.WriteString("c." + gm.GoName + "(ctx")
	if gm.Params != nil {
		needed := neededByRules(m.Rules)
		var lines []string
		for _, p := range m.Params {
			if !p.Required && !needed[p.Name] || isUploadOnly(p) {
				continue
			}
			f := gm.Params.Field(p.Name)
			if f == nil {
				return ""
			}
			var buf bytes.Buffer
			b.exampleValue(&buf, p.Name, p.Type, p.Constraints, 1, map[string]bool{})
			v, ok := decodeExample(buf.Bytes())
			if !ok {
				return ""
			}
			lit, ok := goLiteral(pkg, f.Type, v, 1)
			if !ok {
				return ""
			}
			lines = append(lines, "\t"+f.GoName+": "+lit+",")
		}
		call.WriteString(", &" + pkg + "." + gm.Params.GoName + "{")
		if len(lines) > 0 {
			call.WriteString("\n" + strings.Join(lines, "\n") + "\n")
		}
		call.WriteString("}")
	}
	call.WriteString(")")
	return gofmtStatements(call.String())
}

// gofmtStatements formats Go statements as gofmt would (aligned keyed
// fields), or returns "" when they do not parse.
func gofmtStatements(code string) string {
	const head, tail = "package p\n\nfunc f() {\n", "\n}\n"
	out, err := format.Source([]byte(head + code + tail))
	if err != nil {
		return ""
	}
	body := strings.TrimSuffix(strings.TrimPrefix(string(out), head), tail)
	var lines []string
	for _, l := range strings.Split(body, "\n") {
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	return strings.Join(lines, "\n")
}

func decodeExample(data []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	return v, true
}

// goLiteral is a Go expression of type t for the JSON value v.
func goLiteral(pkg string, t *gomodel.Type, v any, depth int) (string, bool) {
	switch t.Kind {
	case gomodel.Opt:
		inner, ok := goLiteral(pkg, t.Elem, v, depth)
		if !ok {
			return "", false
		}
		if t.Elem.Kind == gomodel.Scalar && t.Elem.Enum == nil && t.Elem.Name != "string" && t.Elem.Name != "bool" {
			inner = t.Elem.Name + "(" + inner + ")" // Some(int64(1)), not Some(1) = Opt[int]
		}
		return pkg + ".Some(" + inner + ")", true
	case gomodel.Scalar:
		if t.Enum != nil {
			s, ok := v.(string)
			if !ok {
				return "", false
			}
			for i, ev := range t.Enum.Schema.Values {
				if ev.Value == s {
					return pkg + "." + t.Enum.Consts[i], true
				}
			}
			return "", false
		}
		switch x := v.(type) {
		case string:
			if t.Name == "string" {
				return strconv.Quote(x), true
			}
		case json.Number:
			if t.Name == "int" || t.Name == "int64" || t.Name == "float64" {
				return x.String(), true
			}
		case bool:
			if t.Name == "bool" {
				return strconv.FormatBool(x), true
			}
		}
		return "", false
	case gomodel.Slice:
		items, ok := v.([]any)
		if !ok {
			return "", false
		}
		var parts []string
		for _, it := range items {
			s, ok := goLiteral(pkg, t.Elem, it, depth)
			if !ok {
				return "", false
			}
			parts = append(parts, s)
		}
		typ, ok := goTypeExpr(pkg, t)
		if !ok {
			return "", false
		}
		return typ + "{" + strings.Join(parts, ", ") + "}", true
	case gomodel.Pointer:
		s, ok := goLiteral(pkg, t.Elem, v, depth)
		if !ok || t.Elem.Kind != gomodel.Object {
			return "", false
		}
		return "&" + s, true
	case gomodel.Object:
		obj, ok := v.(map[string]any)
		if !ok || t.Struct == nil {
			return "", false
		}
		return structLiteral(pkg, t.Struct, obj, depth)
	case gomodel.Value:
		if t.Union == nil {
			return "", false
		}
		for _, vr := range t.Union.Variants {
			if vr.Type == nil || vr.Struct != nil {
				continue
			}
			inner, ok := goLiteral(pkg, vr.Type, v, depth)
			if !ok {
				continue
			}
			ctor := vr.Ctor
			if vr.Short != "" {
				ctor = vr.Short
			}
			return pkg + "." + ctor + "(" + inner + ")", true
		}
	case gomodel.Interface:
		obj, ok := v.(map[string]any)
		if !ok || t.Union == nil || len(t.Union.Variants) == 0 || t.Union.Variants[0].Struct == nil {
			return "", false
		}
		s, ok := structLiteral(pkg, t.Union.Variants[0].Struct, obj, depth)
		if !ok {
			return "", false
		}
		return "&" + s, true
	}
	return "", false
}

// structLiteral is pkg.Name{...} with the members of obj, in field order.
func structLiteral(pkg string, st *gomodel.Struct, obj map[string]any, depth int) (string, bool) {
	if depth > 4 {
		return "", false
	}
	var parts []string
	for _, f := range st.Fields {
		v, ok := obj[f.Name]
		if !ok {
			continue
		}
		if f.Type.Kind == gomodel.Scalar && f.Schema.Constraints != nil && f.Schema.Constraints.Fixed != "" {
			continue // a discriminator: the Go type sets it
		}
		s, ok := goLiteral(pkg, f.Type, v, depth+1)
		if !ok {
			return "", false
		}
		parts = append(parts, f.GoName+": "+s)
	}
	return pkg + "." + st.GoName + "{" + strings.Join(parts, ", ") + "}", true
}

// goTypeExpr is t as Go source, qualified with pkg where it names a
// declaration of the generated package.
func goTypeExpr(pkg string, t *gomodel.Type) (string, bool) {
	switch t.Kind {
	case gomodel.Slice:
		s, ok := goTypeExpr(pkg, t.Elem)
		return "[]" + s, ok
	case gomodel.Pointer:
		s, ok := goTypeExpr(pkg, t.Elem)
		return "*" + s, ok
	case gomodel.Opt:
		s, ok := goTypeExpr(pkg, t.Elem)
		return pkg + ".Opt[" + s + "]", ok
	case gomodel.Scalar:
		if t.Enum != nil {
			return pkg + "." + t.Name, true
		}
		return t.Name, t.Name != "" && t.Name != "True"
	}
	return pkg + "." + t.Name, t.Name != ""
}
