package schema_test

import (
	"reflect"
	"testing"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
)

func TestMarshalMatchesYAMLv3(t *testing.T) {
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := schema.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	want, err := schema.MarshalYAMLv3(s)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatalf("differs: %s", firstDiff(string(got), string(want)))
	}
}

func firstDiff(a, b string) string {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			lo := max(0, i-200)
			return "at " + a[lo:min(len(a), i+100)] + "\n----- want\n" + b[lo:min(len(b), i+100)]
		}
	}
	return "length"
}

// hostileYAML is text that YAML reads as something else, or cannot hold
// plainly: indicators, comments, numbers, bools, nulls, quotes, line
// breaks, leading and trailing spaces, control and non-ASCII characters.
// (Not a leading line break: yaml.v3 itself reads "|2-" back without it.)
var hostileYAML = []string{
	"", " ", "plain text", "a: b", "a:b", "ends:", "a #b", "a#b", "#c", "- x", "-x", "? x", "x?", "[a]", "a, b", "{a}",
	"'q'", "it's", `say "hi"`, "&a", "*a", "!t", "|", ">", "%", "@", "`", "5.0", "12", "0x1F", "1e3", ".5", "-1", "+1",
	"1:20", "007", "1.2.3", "1.", "12a", "tRue", "Yes", "YES", "yEs", "NULL", "\u00a0nbsp", "x\u00a0y", "x\ufffdy", "x\ue000y", "x\ud7ffy", "2001-12-14", "true", "False", "yes", "No", "on", "OFF", "y", "N", "null", "~", "Null", ".inf", ".NaN",
	"<<", "---", "...", " lead", "trail ", "two\nlines", "end\n", "end\n\n", "  indented\nblock", "a\n\nb",
	"tab\there", "nul\x00", "bell\a", "caf\u00e9", "emoji \U0001F600", "nel\u0085x", "ls\u2028x", "bom\ufeffx",
	"cr\rx", "crlf\r\nx", "ps\u2029x", "\ufffd", "back\\slash", "x: y\nz", "a ", "a,b: c", "x]", "x}", "x{", "what's: up #1", "Z",
}

// hostileSchema returns a copy of s whose every string (fields, list
// items) is replaced, in turn, by the hostile texts.
func hostileSchema(t *testing.T, s *schema.Schema, offset int) *schema.Schema {
	t.Helper()
	data, err := schema.MarshalYAMLv3(s)
	if err != nil {
		t.Fatal(err)
	}
	c, err := schema.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	n := offset
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			if v.Type() == reflect.TypeOf(schema.Type{}) {
				return // a type reference must stay one to read back
			}
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.String:
			if v.CanSet() {
				v.SetString(hostileYAML[n%len(hostileYAML)])
				n++
			}
		}
	}
	walk(reflect.ValueOf(c))
	return c
}

// TestMarshalMatchesYAMLv3OnHostileText: every style decision of the direct
// writer is yaml.v3's, wherever the string stands (block value, list item,
// flow mapping or sequence), and the result reads back.
func TestMarshalMatchesYAMLv3OnHostileText(t *testing.T) {
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	for offset := 0; offset < 5; offset++ {
		h := hostileSchema(t, s, offset*7)
		got, err := schema.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		want, err := schema.MarshalYAMLv3(h)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("offset %d differs: %s", offset, firstDiff(string(got), string(want)))
		}
		back, err := schema.Unmarshal(got)
		if err != nil {
			t.Fatalf("offset %d: does not read back: %v", offset, err)
		}
		again, err := schema.MarshalYAMLv3(back)
		if err != nil || string(again) != string(want) {
			t.Fatalf("offset %d: read back as a different schema (%v): %s", offset, err, firstDiff(string(again), string(want)))
		}
	}
}

// BenchmarkMarshal: the direct writer against yaml.v3's encoder on the
// embedded schema (the schema file and the docs' schema.yaml, each run).
func BenchmarkMarshal(b *testing.B) {
	s, err := loader.Load(loader.Input{})
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name    string
		marshal func(*schema.Schema) ([]byte, error)
	}{{"direct", schema.Marshal}, {"yaml.v3", schema.MarshalYAMLv3}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bc.marshal(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
