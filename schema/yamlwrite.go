package schema

import (
	"bytes"
	"encoding"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// The schema file is written by a direct writer that walks the schema's
// structs the way yaml.v3's encoder does (yaml tags, omitempty, flow,
// Marshaler, IsZero) and writes the same bytes: yaml.v3's emitter queues
// and analyses every event of the document and took most of Marshal's
// time. Scalars that yaml.v3 would write plainly or single-quoted are
// written here; any other string (multi-line, non-ASCII, looking like a
// number or a bool, starting with an indicator) is handed to yaml.v3 alone,
// in the same context, so its style is yaml.v3's by construction.
// TestMarshalMatchesYAMLv3 compares both writers on the embedded schema and
// on schemas full of hostile text.

// errUnsupported: a value this writer does not handle (a map, a time, an
// inline struct, a yaml.Node); Marshal then falls back to yaml.v3 for the
// whole document.
var errUnsupported = errors.New("schema: value not supported by the direct YAML writer")

// yamlWriter writes YAML in yaml.v3's layout with two-space indentation:
// a sequence under a key is indented by two, its items' mappings by four.
type yamlWriter struct {
	b bytes.Buffer
}

// yamlField is one struct field as yaml.v3 sees it.
type yamlField struct {
	index     int
	key       string
	omitEmpty bool
	flow      bool
	inline    bool // not written here: Marshal falls back to yaml.v3
}

var yamlFieldsCache sync.Map // reflect.Type -> []yamlField

// yamlFields lists t's exported, tagged fields in order (the schema tags
// every field it saves; "-" skips one).
func yamlFields(t reflect.Type) []yamlField {
	if f, ok := yamlFieldsCache.Load(t); ok {
		return f.([]yamlField)
	}
	var fields []yamlField
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("yaml")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(sf.Name)
		}
		f := yamlField{index: i, key: name}
		for _, o := range strings.Split(opts, ",") {
			f.omitEmpty = f.omitEmpty || o == "omitempty"
			f.flow = f.flow || o == "flow"
			f.inline = f.inline || o == "inline"
		}
		fields = append(fields, f)
	}
	yamlFieldsCache.Store(t, fields)
	return fields
}

var (
	marshalerType     = reflect.TypeOf((*yaml.Marshaler)(nil)).Elem()
	textMarshalerType = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
	nodeType          = reflect.TypeOf(yaml.Node{})
	zeroerType        = reflect.TypeOf((*interface{ IsZero() bool })(nil)).Elem()
)

// resolve follows pointers, interfaces and yaml.Marshaler to the value
// that is written; nil means null.
func resolve(v reflect.Value) (reflect.Value, error) {
	for {
		if !v.IsValid() {
			return v, nil
		}
		if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && v.IsNil() {
			return reflect.Value{}, nil
		}
		if t := v.Type(); t == nodeType || t == reflect.PointerTo(nodeType) ||
			!t.Implements(marshalerType) && t.Implements(textMarshalerType) {
			return v, errUnsupported // yaml.v3's own cases (nodes, times, text)
		}
		if v.Type().Implements(marshalerType) {
			out, err := v.Interface().(yaml.Marshaler).MarshalYAML()
			if err != nil {
				return v, err
			}
			v = reflect.ValueOf(out)
			continue
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			v = v.Elem()
		case reflect.Struct, reflect.Slice, reflect.String, reflect.Bool,
			reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Float32, reflect.Float64:
			return v, nil
		default:
			return v, errUnsupported
		}
	}
}

// isEmpty is yaml.v3's omitempty test.
func isEmpty(v reflect.Value) bool {
	if v.Type().Implements(zeroerType) {
		if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && v.IsNil() {
			return true
		}
		return v.Interface().(interface{ IsZero() bool }).IsZero()
	}
	switch v.Kind() {
	case reflect.String:
		return v.Len() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	case reflect.Slice, reflect.Map:
		return v.Len() == 0
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Struct:
		for i := v.NumField() - 1; i >= 0; i-- {
			if v.Type().Field(i).IsExported() && !isEmpty(v.Field(i)) {
				return false
			}
		}
		return true
	}
	return false
}

// mapping writes a struct's fields as a block mapping: the first key after
// first (a sequence item's "- ", or indent), the others at indent. It
// reports false when every field was left out (the caller writes "{}").
func (w *yamlWriter) mapping(v reflect.Value, indent, first string) (bool, error) {
	wrote := false
	for _, f := range yamlFields(v.Type()) {
		if f.inline {
			return wrote, errUnsupported
		}
		fv := v.Field(f.index)
		if f.omitEmpty && isEmpty(fv) {
			continue
		}
		if wrote {
			w.b.WriteString(indent)
		} else {
			w.b.WriteString(first)
		}
		wrote = true
		w.b.WriteString(f.key)
		w.b.WriteByte(':')
		var err error
		if f.flow {
			w.b.WriteByte(' ')
			err = w.flow(fv)
			w.b.WriteByte('\n')
		} else {
			err = w.afterKey(fv, indent)
		}
		if err != nil {
			return wrote, err
		}
	}
	return wrote, nil
}

// afterKey writes a value after "key:" whose key is at indent.
func (w *yamlWriter) afterKey(v reflect.Value, indent string) error {
	v, err := resolve(v)
	if err != nil {
		return err
	}
	switch {
	case v.IsValid() && v.Kind() == reflect.Struct:
		mark := w.b.Len()
		w.b.WriteByte('\n')
		wrote, err := w.mapping(v, indent+"  ", indent+"  ")
		if err != nil || wrote {
			return err
		}
		w.b.Truncate(mark)
		w.b.WriteString(" {}\n")
		return nil
	case v.IsValid() && v.Kind() == reflect.Slice:
		if v.Len() == 0 {
			w.b.WriteString(" []\n")
			return nil
		}
		w.b.WriteByte('\n')
		return w.sequence(v, indent+"  ")
	}
	w.b.WriteByte(' ')
	if err := w.scalar(v, indent, blockValue); err != nil {
		return err
	}
	w.b.WriteByte('\n')
	return nil
}

// sequence writes a block sequence, each item at indent.
func (w *yamlWriter) sequence(v reflect.Value, indent string) error {
	for i := 0; i < v.Len(); i++ {
		item, err := resolve(v.Index(i))
		if err != nil {
			return err
		}
		switch {
		case item.IsValid() && item.Kind() == reflect.Struct:
			mark := w.b.Len()
			wrote, err := w.mapping(item, indent+"  ", indent+"- ")
			if err != nil {
				return err
			}
			if !wrote {
				w.b.Truncate(mark)
				w.b.WriteString(indent + "- {}\n")
			}
		case item.IsValid() && item.Kind() == reflect.Slice && item.Len() > 0:
			// yaml.v3 writes a nested sequence's first item on the dash's line.
			return errUnsupported
		case item.IsValid() && item.Kind() == reflect.Slice:
			w.b.WriteString(indent + "- []\n")
		default:
			w.b.WriteString(indent + "- ")
			if err := w.scalar(item, indent, blockItem); err != nil {
				return err
			}
			w.b.WriteByte('\n')
		}
	}
	return nil
}

// flow writes v in flow style: {k: v, ...}, [a, b], or a scalar.
func (w *yamlWriter) flow(v reflect.Value) error {
	v, err := resolve(v)
	if err != nil {
		return err
	}
	switch {
	case v.IsValid() && v.Kind() == reflect.Struct:
		w.b.WriteByte('{')
		n := 0
		for _, f := range yamlFields(v.Type()) {
			if f.inline {
				return errUnsupported
			}
			fv := v.Field(f.index)
			if f.omitEmpty && isEmpty(fv) {
				continue
			}
			if n > 0 {
				w.b.WriteString(", ")
			}
			n++
			w.b.WriteString(f.key + ": ")
			if err := w.flow(fv); err != nil {
				return err
			}
		}
		w.b.WriteByte('}')
		return nil
	case v.IsValid() && v.Kind() == reflect.Slice:
		w.b.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				w.b.WriteString(", ")
			}
			if err := w.flow(v.Index(i)); err != nil {
				return err
			}
		}
		w.b.WriteByte(']')
		return nil
	}
	return w.scalar(v, "", flowValue)
}

// scalarContext is where a scalar stands: it decides what yaml.v3 may
// write plainly and how it indents a literal block.
type scalarContext int

const (
	blockValue scalarContext = iota // after "key: "
	blockItem                       // after "- "
	flowValue                       // inside [...] or {...}
)

// scalar writes a resolved scalar (invalid = null). indent is the column
// of the key or dash the scalar follows, for a literal block's lines.
func (w *yamlWriter) scalar(v reflect.Value, indent string, ctx scalarContext) error {
	if !v.IsValid() {
		w.b.WriteString("null")
		return nil
	}
	switch v.Kind() {
	case reflect.String:
		return w.str(v.String(), indent, ctx)
	case reflect.Bool:
		w.b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w.b.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Float32, reflect.Float64:
		bits := 64
		if v.Kind() == reflect.Float32 {
			bits = 32
		}
		s := strconv.FormatFloat(v.Float(), 'g', -1, bits)
		switch s {
		case "+Inf":
			s = ".inf"
		case "-Inf":
			s = "-.inf"
		case "NaN":
			s = ".nan"
		}
		w.b.WriteString(s)
	default:
		return errUnsupported
	}
	return nil
}

// str writes a string as yaml.v3 would: plain when it reads back as the
// same string, else single-quoted when that is possible; anything this
// function cannot decide goes to yaml.v3.
func (w *yamlWriter) str(s, indent string, ctx scalarContext) error {
	switch quickStyle(s, ctx == flowValue) {
	case stylePlain:
		w.b.WriteString(s)
		return nil
	case styleSingle:
		w.b.WriteByte('\'')
		w.b.WriteString(strings.ReplaceAll(s, "'", "''"))
		w.b.WriteByte('\'')
		return nil
	case styleDouble:
		w.b.WriteByte('"')
		w.b.WriteString(s)
		w.b.WriteByte('"')
		return nil
	}
	text, err := yamlV3Scalar(s, ctx)
	if err != nil {
		return err
	}
	// A literal block's lines are indented from the column of its key or
	// dash; yaml.v3 wrote them from column 0.
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			w.b.WriteByte('\n')
			if line != "" {
				w.b.WriteString(indent)
			}
		}
		w.b.WriteString(line)
	}
	return nil
}

type scalarStyle int

const (
	styleAsk    scalarStyle = iota // let yaml.v3 decide
	stylePlain                     // as it is
	styleSingle                    // 'single-quoted'
	styleDouble                    // "double-quoted", nothing to escape
)

// nonStrings are the words YAML 1.1 reads as a bool or null: yaml.v3
// double-quotes them (other spellings, such as "tRue", are strings).
var nonStrings = map[string]bool{
	"y": true, "Y": true, "yes": true, "Yes": true, "YES": true, "n": true, "N": true, "no": true, "No": true, "NO": true,
	"on": true, "On": true, "ON": true, "off": true, "Off": true, "OFF": true,
	"true": true, "True": true, "TRUE": true, "false": true, "False": true, "FALSE": true,
	"null": true, "Null": true, "NULL": true,
}

// quickStyle decides the common cases the way yaml.v3 does. A bool or null
// word, or a plain decimal ("12", "5.0"), would read back as another type,
// so yaml.v3 double-quotes it. A one-line string of printable characters
// that starts with a letter and ends with neither a space nor a colon is a
// string, so yaml.v3 asks for plain style; its emitter then writes it plain
// unless an indicator forbids that (": " or " #" anywhere, and in flow
// context also ",?[]{}:"), and single-quoted otherwise. Anything else is
// styleAsk.
func quickStyle(s string, flow bool) scalarStyle {
	if s == "" {
		return styleAsk
	}
	if nonStrings[s] || isDecimal(s) {
		return styleDouble
	}
	if !isLetter(s[0]) || s[len(s)-1] == ' ' {
		return styleAsk
	}
	plain := s[len(s)-1] != ':'
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			r, n := utf8.DecodeRuneInString(s[i:])
			if !printableNonASCII(r, n) {
				return styleAsk
			}
			i += n - 1
			continue
		}
		if c < 0x20 || c > 0x7e {
			return styleAsk
		}
		switch c {
		case ':':
			if flow || i+1 < len(s) && s[i+1] == ' ' {
				plain = false
			}
		case '#':
			if s[i-1] == ' ' {
				plain = false
			}
		case ',', '?', '[', ']', '{', '}':
			if flow {
				plain = false
			}
		}
	}
	if plain {
		return stylePlain
	}
	return styleSingle
}

// printableNonASCII is yaml.v3's is_printable for a rune of n bytes from
// U+0080 up, less the line breaks (NEL, U+2028, U+2029): U+00A0 to U+D7FF
// and U+E000 to U+FFFD but the byte-order mark. (Four-byte runes are not
// printable to yaml.v3: it escapes them.)
func printableNonASCII(r rune, n int) bool {
	switch {
	case n == 1 || r == 0x2028 || r == 0x2029:
		return false
	case r >= 0xa0 && r <= 0xd7ff:
		return true
	case r >= 0xe000 && r <= 0xfffd:
		return r != 0xfeff
	}
	return false
}

// isDecimal: digits, optionally with one inner dot ("12", "5.0").
func isDecimal(s string) bool {
	dot := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.' && !dot && i > 0 && i < len(s)-1:
			dot = true
		case c < '0' || c > '9':
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// yamlV3Scalar has yaml.v3 write s alone in a context like ctx and returns
// the scalar as written (a literal block's lines indented from column 0).
func yamlV3Scalar(s string, ctx scalarContext) (string, error) {
	if strings.ContainsAny(s, "\r\u0085\u2028\u2029") {
		// yaml.v3 indents after these breaks from the emitter's depth,
		// which the context below lacks.
		return "", errUnsupported
	}
	var doc any
	var prefix, suffix string
	switch ctx {
	case blockValue:
		doc, prefix, suffix = struct {
			K string `yaml:"k"`
		}{s}, "k: ", "\n"
	case blockItem:
		doc, prefix, suffix = []string{s}, "- ", "\n"
	default:
		doc, prefix, suffix = struct {
			K []string `yaml:"k,flow"`
		}{[]string{s}}, "k: [", "]\n"
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return "", err
	}
	if err := enc.Close(); err != nil {
		return "", err
	}
	out := b.String()
	if !strings.HasPrefix(out, prefix) || !strings.HasSuffix(out, suffix) {
		return "", errUnsupported
	}
	out = out[len(prefix) : len(out)-len(suffix)]
	if strings.Contains(out, "\n") && out[0] != '|' {
		return "", errUnsupported // a quoted scalar over lines: see above
	}
	return out, nil
}
