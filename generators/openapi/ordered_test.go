package openapi

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// FuzzYAMLString: any string written by encodeYAML, as a key or a value,
// reads back the same with yaml.v3.
func FuzzYAMLString(f *testing.F) {
	for _, s := range []string{
		"", " ", "a", "true", "True", "no", "~", "null", "0", "007", "1e3", "-1", ".5", "3.1.0", "0x10",
		"a: b", "a:", "#x", "a #b", "a#b", "- x", "-x", "[a]", "{a}", "/bot{token}/getMe", "$ref", "x-apigen-since",
		"'q'", "\"q\"", "a\nb", "a\n\nb", "a\n", "\na", " a\nb", "a \nb", "a\n  b", "tab\there", "emoji 🎲", "\u2028",
		"%x", "@x", "`x`", "!x", "&x", "*x", "|x", ">x", "? x", "<<", "=", "a\r\nb",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			// Both writers replace invalid UTF-8 with U+FFFD (JSON-quoted,
			// never plain), so it cannot read back the same.
			t.Skip()
		}
		key := s
		if len(key) > 128 {
			key = "long" // a key of over 1024 characters is an error (YAML's limit)
		}
		m := (&Map{}).SetAlways("k", s)
		m.SetAlways(key, []any{s, (&Map{}).SetAlways("v", s)})
		data, err := encodeYAML(new(bytes.Buffer), m, "header")
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		if err := yaml.Unmarshal(data, &got); err != nil {
			t.Fatalf("%q: not YAML: %v\n%s", s, err, data)
		}
		seq, _ := got[key].([]any)
		if key != "k" && (got["k"] != s || len(seq) != 2 || seq[0] != s || seq[1].(map[string]any)["v"] != s) {
			t.Fatalf("%q read back as %#v\n%s", s, got, data)
		}
	})
}

// FuzzJSONString: a string scalar is written as encoding/json writes it
// with HTML escaping off, whatever it holds (invalid UTF-8 included).
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{
		"", "plain", `"q"`, `back\slash`, "<a href='x'>&amp;</a>", "\b\f\n\r\t", "\x00\x01\x1f\x7f", "caf\u00e9",
		"emoji 🎲", "\u2028\u2029", "bad\xffutf8", "\xe2\x80", "\ufffd", "\u0085", "end\\",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := writeScalar(&got, s); err != nil {
			t.Fatal(err)
		}
		if got.String()+"\n" != want.String() {
			t.Fatalf("%q: got %s, encoding/json %s", s, got.String(), want.String())
		}
	})
}
