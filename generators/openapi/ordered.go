package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apigen/apigen/generators/runtime"
)

// Map is a JSON object whose keys keep the order they were added in. The
// whole document is built from Map, []any and scalars (string, bool, int,
// float64), so JSON and YAML come out in the same, fixed order: no Go map
// is ever iterated while emitting.
type Map struct {
	keys []string
	vals map[string]any
}

// newMap returns a Map holding the key/value pairs kv (k1, v1, k2, v2, ...);
// pairs whose value is nil, "" or false are left out, so callers can list
// optional keys without an if each.
func newMap(kv ...any) *Map {
	m := &Map{}
	for i := 0; i+1 < len(kv); i += 2 {
		m.Set(kv[i].(string), kv[i+1])
	}
	return m
}

// Set adds or replaces key. A nil, empty-string, false, empty-slice or
// empty-Map value removes nothing and adds nothing.
func (m *Map) Set(key string, v any) *Map {
	if isEmpty(v) {
		return m
	}
	if m.vals == nil {
		m.vals = map[string]any{}
	}
	if _, ok := m.vals[key]; !ok {
		m.keys = append(m.keys, key)
	}
	m.vals[key] = v
	return m
}

// SetAlways adds key even when its value is empty (false, "", 0 are real
// values for const and default).
func (m *Map) SetAlways(key string, v any) *Map {
	if m.vals == nil {
		m.vals = map[string]any{}
	}
	if _, ok := m.vals[key]; !ok {
		m.keys = append(m.keys, key)
	}
	m.vals[key] = v
	return m
}

// Delete removes key.
func (m *Map) Delete(key string) {
	if _, ok := m.vals[key]; !ok {
		return
	}
	delete(m.vals, key)
	for i, k := range m.keys {
		if k == key {
			m.keys = append(m.keys[:i:i], m.keys[i+1:]...)
			break
		}
	}
}

// extensionsLast moves the x- keys after the others, keeping each group's
// order, so that a schema reads standard keywords first.
func (m *Map) extensionsLast() *Map {
	var std, ext []string
	for _, k := range m.keys {
		if strings.HasPrefix(k, "x-") {
			ext = append(ext, k)
		} else {
			std = append(std, k)
		}
	}
	m.keys = append(std, ext...)
	return m
}

// Get returns the value of key.
func (m *Map) Get(key string) (any, bool) {
	if m == nil {
		return nil, false
	}
	v, ok := m.vals[key]
	return v, ok
}

// Len is the number of keys.
func (m *Map) Len() int {
	if m == nil {
		return 0
	}
	return len(m.keys)
}

func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case bool:
		return !x
	case []any:
		return len(x) == 0
	case []string:
		return len(x) == 0
	case *Map:
		return x == nil || x.Len() == 0
	}
	return false
}

// mapValues rewrites every value of a tree, depth first (used to turn
// component references into bundle references).
func mapValues(v any, f func(key string, v any) any) any {
	switch x := v.(type) {
	case *Map:
		out := &Map{}
		for _, k := range x.keys {
			out.SetAlways(k, f(k, mapValues(x.vals[k], f)))
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = mapValues(e, f)
		}
		return out
	}
	return v
}

// encodeJSON writes v as indented JSON (two spaces, no HTML escaping, a
// final newline). It writes into scratch (reset first) and returns a copy
// of the result at its size: the backend's three files share one buffer
// that grows once, instead of each regrowing its own by doubling and
// keeping the slack until the end of the run.
func encodeJSON(scratch *bytes.Buffer, v any) ([]byte, error) {
	scratch.Reset()
	if err := writeJSON(scratch, v, ""); err != nil {
		return nil, err
	}
	scratch.WriteByte('\n')
	return bytes.Clone(scratch.Bytes()), nil
}

func writeJSON(b *bytes.Buffer, v any, indent string) error {
	switch x := v.(type) {
	case *Map:
		if x.Len() == 0 {
			b.WriteString("{}")
			return nil
		}
		b.WriteString("{\n")
		for i, k := range x.keys {
			b.WriteString(indent + "  ")
			if err := writeScalar(b, k); err != nil {
				return err
			}
			b.WriteString(": ")
			if err := writeJSON(b, x.vals[k], indent+"  "); err != nil {
				return err
			}
			if i < len(x.keys)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return nil
		}
		b.WriteString("[\n")
		for i, e := range x {
			b.WriteString(indent + "  ")
			if err := writeJSON(b, e, indent+"  "); err != nil {
				return err
			}
			if i < len(x)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	case []string:
		return writeJSON(b, anyStrings(x), indent)
	default:
		return writeScalar(b, v)
	}
	return nil
}

func anyStrings(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

func writeScalar(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case float64:
		s, err := formatFloat(x)
		if err != nil {
			return err
		}
		b.WriteString(s)
		return nil
	case string:
		// Most of the document's scalars: written here rather than by a
		// json.Encoder per value, which cost half of the writers' time.
		b.Grow(len(x) + 2)
		b.Write(runtime.AppendJSONString(b.AvailableBuffer(), x))
		return nil
	case bool:
		b.WriteString(strconv.FormatBool(x))
		return nil
	case int:
		b.WriteString(strconv.Itoa(x))
		return nil
	}
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("openapi: cannot write %T value as JSON: %w", v, err)
	}
	b.Truncate(b.Len() - 1) // Encode's newline
	return nil
}

// formatFloat writes integral values without a fraction (5, not 5.0 or
// 5e+00), so bounds read the way the document writes them.
func formatFloat(f float64) (string, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "", fmt.Errorf("openapi: %v is not a JSON number", f)
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10), nil
	}
	return strconv.FormatFloat(f, 'g', -1, 64), nil
}

// encodeYAML writes m as block-style YAML (two-space indentation) after a
// header comment. It is written here rather than by yaml.v3, whose emitter
// keeps every event of a document until its end and took most of the
// backend's time on a document this size. Strings are plain where that is
// unambiguous and JSON-quoted otherwise (a JSON string is a valid YAML
// double-quoted scalar); TestYAMLAndJSONAreOneDocument parses the result
// back with yaml.v3 and compares it with openapi.json.
//
// Like encodeJSON it writes into scratch and returns a copy.
func encodeYAML(scratch *bytes.Buffer, m *Map, header string) ([]byte, error) {
	scratch.Reset()
	b := scratch
	for _, line := range strings.Split(header, "\n") {
		b.WriteString("# " + line + "\n")
	}
	b.WriteString("\n")
	if err := writeYAMLMap(b, m, "", ""); err != nil {
		return nil, err
	}
	return bytes.Clone(b.Bytes()), nil
}

// writeYAMLMap writes the entries of m, the first after first (a sequence
// item's "- " or nothing), the others at indent.
func writeYAMLMap(b *bytes.Buffer, m *Map, indent, first string) error {
	for i, k := range m.keys {
		if i == 0 {
			b.WriteString(first)
		} else {
			b.WriteString(indent)
		}
		start := b.Len()
		if err := writeYAMLScalar(b, k); err != nil {
			return err
		}
		if b.Len()-start > 1024 {
			// YAML's limit for a key on the same line as its value.
			return fmt.Errorf("openapi: key %.40q... is too long for YAML", k)
		}
		b.WriteByte(':')
		if err := writeYAMLValue(b, m.vals[k], indent+"  "); err != nil {
			return err
		}
	}
	return nil
}

// writeYAMLValue writes v after a key's colon or a sequence dash: a scalar
// or an empty collection on the same line, anything else on the next lines
// at indent.
func writeYAMLValue(b *bytes.Buffer, v any, indent string) error {
	switch x := v.(type) {
	case *Map:
		if x.Len() == 0 {
			b.WriteString(" {}\n")
			return nil
		}
		b.WriteByte('\n')
		return writeYAMLMap(b, x, indent, indent)
	case []string:
		return writeYAMLValue(b, anyStrings(x), indent)
	case []any:
		if len(x) == 0 {
			b.WriteString(" []\n")
			return nil
		}
		b.WriteByte('\n')
		return writeYAMLSeq(b, x, indent, indent)
	}
	if str, ok := v.(string); ok && blockSafe(str) {
		// A literal block keeps multi-line text readable.
		b.WriteString(" |-\n")
		for _, line := range strings.Split(str, "\n") {
			if line != "" {
				b.WriteString(indent + line)
			}
			b.WriteByte('\n')
		}
		return nil
	}
	b.WriteByte(' ')
	if err := writeYAMLScalar(b, v); err != nil {
		return err
	}
	b.WriteByte('\n')
	return nil
}

// blockSafe reports whether s, a multi-line string, reads back the same
// from a "|-" literal block: no line starts the block with a space, no
// line ends in white space, nothing is a control character, and s does not
// end in a newline (which "|-" would strip).
func blockSafe(s string) bool {
	if !strings.Contains(s, "\n") || !utf8.ValidString(s) || strings.HasSuffix(s, "\n") || strings.HasPrefix(s, " ") || strings.HasPrefix(s, "\n") {
		return false
	}
	for _, line := range strings.Split(s, "\n") {
		if line != strings.TrimRight(line, " \t") {
			return false
		}
		for _, r := range line {
			if r == '\t' || r == 0x85 || !yamlPrintable(r) {
				return false
			}
		}
	}
	return true
}

func writeYAMLSeq(b *bytes.Buffer, items []any, indent, first string) error {
	for i, e := range items {
		lead := indent
		if i == 0 {
			lead = first
		}
		switch x := e.(type) {
		case *Map:
			if x.Len() > 0 {
				if err := writeYAMLMap(b, x, indent+"  ", lead+"- "); err != nil {
					return err
				}
				continue
			}
		case []any:
			if len(x) > 0 {
				if err := writeYAMLSeq(b, x, indent+"  ", lead+"- "); err != nil {
					return err
				}
				continue
			}
		}
		b.WriteString(lead + "-")
		if err := writeYAMLValue(b, e, indent+"  "); err != nil {
			return err
		}
	}
	return nil
}

func writeYAMLScalar(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case string:
		if plainSafe(x) {
			b.WriteString(x)
			return nil
		}
		// JSON-quoted, with the characters YAML does not allow raw (JSON
		// does) escaped too.
		var q bytes.Buffer
		if err := writeScalar(&q, x); err != nil {
			return err
		}
		for _, r := range q.String() {
			if yamlPrintable(r) {
				b.WriteRune(r)
			} else {
				fmt.Fprintf(b, "\\u%04x", r)
			}
		}
		return nil
	case bool, int, float64, nil:
		return writeScalar(b, x)
	}
	return fmt.Errorf("openapi: cannot write %T value as YAML", v)
}

// yamlPrintable: the characters YAML 1.2 allows in a document as they
// are (c-printable, less the line breaks a quoted scalar must escape).
func yamlPrintable(r rune) bool {
	switch {
	case r == '\t', r >= 0x20 && r <= 0x7e, r == 0x85:
		return true
	case r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd && r != 0xfeff, r >= 0x10000 && r <= 0x10ffff:
		return r != 0x2028 && r != 0x2029
	}
	return false
}

// plainSafe reports whether s can be written as a plain YAML scalar and
// read back as the same string: conservative, anything doubtful is quoted.
func plainSafe(s string) bool {
	if s == "" || s != strings.TrimSpace(s) || !utf8.ValidString(s) {
		return false
	}
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "y", "n", "null", "~", ".inf", "-.inf", "+.inf", ".nan", "<<":
		return false
	}
	if strings.ContainsRune("-?:,[]{}#&*!|>'\"%@`0123456789+.=", rune(s[0])) {
		return false
	}
	if strings.HasSuffix(s, ":") || strings.Contains(s, ": ") || strings.Contains(s, " #") {
		return false
	}
	for _, r := range s {
		if r == '\t' || r == 0x85 || !yamlPrintable(r) {
			return false
		}
	}
	return true
}
