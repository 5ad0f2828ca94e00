package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"gopkg.in/yaml.v3"
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
// final newline).
func encodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	if err := writeJSON(&b, v, ""); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
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
	if f, ok := v.(float64); ok {
		s, err := formatFloat(f)
		if err != nil {
			return err
		}
		b.WriteString(s)
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

// encodeYAML writes v as YAML (two-space indentation) after a header
// comment.
func encodeYAML(v any, header string) ([]byte, error) {
	n, err := yamlNode(v)
	if err != nil {
		return nil, err
	}
	doc := &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{n}, HeadComment: header}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func yamlNode(v any) (*yaml.Node, error) {
	switch x := v.(type) {
	case *Map:
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		for _, k := range x.keys {
			val, err := yamlNode(x.vals[k])
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k}, val)
		}
		return n, nil
	case []any:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, e := range x {
			val, err := yamlNode(e)
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, val)
		}
		return n, nil
	case []string:
		return yamlNode(anyStrings(x))
	case string:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: x}, nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(x)}, nil
	case int:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(x)}, nil
	case float64:
		s, err := formatFloat(x)
		if err != nil {
			return nil, err
		}
		tag := "!!float"
		if _, err := strconv.ParseInt(s, 10, 64); err == nil {
			tag = "!!int"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: s}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
	return nil, fmt.Errorf("openapi: cannot write %T value as YAML", v)
}
