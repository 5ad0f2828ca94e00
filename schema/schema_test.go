package schema_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/apigen/apigen/schema"
)

const minimal = `title: T
version: "1.0"
source: t.md
objects:
  - name: A
    fields:
      - {name: id, type: Integer64, required: true, source: {line: 3}}
      - {name: tags, type: Array of String, required: false, constraints: {items: {max: 3}, each: {length: {min: 1, max: 5, unit: characters}}}}
      - {name: b, type: B, required: false}
    source: {line: 1}
  - name: B
    opaque: true
    source: {line: 9}
unions:
  - name: AOrTrue
    variants: [{type: A}, {type: "True"}]
    source: {line: 10}
enums:
  - name: Color
    values: [{value: red}, {value: blue}]
    source: {line: 11}
methods:
  - name: getA
    group: G
    params:
      - {name: color, type: String, required: false, constraints: {enum: Color, default: red}}
    returns: AOrTrue
    multipart: false
    source: {line: 12}
`

func TestRoundTrip(t *testing.T) {
	s, err := schema.Unmarshal([]byte(minimal))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	out, err := schema.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	again, err := schema.Unmarshal(out)
	if err != nil {
		t.Fatal(err)
	}
	out2, _ := schema.Marshal(again)
	if !bytes.Equal(out, out2) {
		t.Fatalf("marshal is not stable:\n%s\n---\n%s", out, out2)
	}
	if got := s.Object("A").Fields[1].Type.String(); got != "Array of String" {
		t.Errorf("type = %q", got)
	}
}

func TestUnknownKeysAreErrors(t *testing.T) {
	_, err := schema.Unmarshal([]byte(minimal + "colour: red\n"))
	if err == nil || !strings.Contains(err.Error(), "colour") {
		t.Fatalf("err = %v", err)
	}
}

// TestCheckFindsProblems breaks a valid schema in one way at a time.
func TestCheckFindsProblems(t *testing.T) {
	cases := []struct{ old, new, want string }{
		{"type: B, required", "type: C, required", `type "C" is not declared`},
		{"name: B\n", "name: A\n", "name already used"},
		{"{items: {max: 3}", "{items: {min: 4, max: 3}", "minimum 4 above maximum 3"},
		{"{enum: Color, default: red}", "{enum: Colour}", "enum Colour is not declared"},
		{"{enum: Color, default: red}", "{enum: Color, default: green}", `default "green" is not a value of Color`},
		{"type: Integer64, required: true", "type: Integer64, required: true, constraints: {length: {max: 3, unit: characters}}", "length on a Integer64"},
		{"returns: AOrTrue", "returns: Nothing", `type "Nothing" is not declared`},
		{"multipart: false", "multipart: true", "multipart is true"},
		{`variants: [{type: A}, {type: "True"}]`, `variants: [{type: A}]`, "fewer than two variants"},
		{"type: Integer64, required: true", "type: Integer64, required: true, constraints: {attach: true}", "attach on a Integer64 (only a String may name an attach:// upload)"},
		{"pattern: x", "", ""},
	}
	for _, c := range cases {
		if c.want == "" {
			continue
		}
		if !strings.Contains(minimal, c.old) {
			t.Fatalf("fixture lacks %q", c.old)
		}
		s, err := schema.Unmarshal([]byte(strings.Replace(minimal, c.old, c.new, 1)))
		if err != nil {
			t.Fatalf("%s: %v", c.want, err)
		}
		err = s.Check()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check() = %v, want %q", err, c.want)
		}
	}
}

func TestOverlay(t *testing.T) {
	load := func() *schema.Schema {
		s, err := schema.Unmarshal([]byte(strings.Replace(minimal, "{enum: Color, default: red}", "{default: red}", 1)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := load()
	ov, err := schema.ParseOverlay([]byte("entries:\n  - {target: getA.color, enum: Color, reason: listed elsewhere}\n  - {target: A.tags, each_enum: Color, reason: same list}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.ApplyOverlay(s, ov); err != nil {
		t.Fatal(err)
	}
	if s.Method("getA").Param("color").Constraints.Enum != "Color" || len(s.Overlay) != 2 {
		t.Fatalf("overlay not applied: %+v", s.Overlay)
	}
	bad := []struct{ yaml, want string }{
		{"entries:\n  - {target: A.nope, enum: Color, reason: r}\n", "overlay line 2: A.nope: no such field"},
		{"entries:\n  - {target: getA.color, enum: Color}\n", "needs a reason"},
		{"entries:\n  - {target: getA.color, enum: Shade, reason: r}\n", "enum Shade is not in the schema"},
		{"entries:\n  - {target: A.id, enum: Color, reason: r}\n", "enum on a Integer64"},
		{"entries:\n  - {target: getA.color, reason: r}\n", "exactly one fact"},
	}
	for _, b := range bad {
		ov, err := schema.ParseOverlay([]byte(b.yaml))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.ApplyOverlay(load(), ov); err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("ApplyOverlay = %v, want %q", err, b.want)
		}
	}
	// The overlay may not change what the document states; an entry that
	// states the same is redundant (written when the document's fact was
	// not read): skipped, not listed again.
	s = load()
	first, _ := schema.ParseOverlay([]byte("entries:\n  - {target: getA.color, enum: Color, reason: r}\n"))
	_ = schema.ApplyOverlay(s, first)
	if err := schema.ApplyOverlay(s, first); err != nil || len(s.Overlay) != 1 {
		t.Errorf("the same fact again = %v, %d facts listed", err, len(s.Overlay))
	}
	s.Method("getA").Param("color").Constraints.Enum = "Shade"
	if err := schema.ApplyOverlay(s, first); err == nil || !strings.Contains(err.Error(), "may not change") {
		t.Errorf("another enum than the document's = %v", err)
	}
}

const sharedTag = `title: T
version: "1.0"
source: t.md
objects:
  - name: P
    unions: [U]
    fields:
      - {name: type, type: String, required: true, constraints: {fixed: p}}
      - {name: media, type: String, required: true}
      - {name: x, type: String, required: false}
    source: {line: 1}
  - name: Q
    unions: [U]
    fields:
      - {name: type, type: String, required: true, constraints: {fixed: p}}
      - {name: media, type: String, required: true}
      - {name: file_id, type: String, required: true}
    source: {line: 2}
unions:
  - name: U
    discriminator: type
    variants: [{type: P, tag: p, requires: [media]}, {type: Q, tag: p, requires: [media, file_id]}]
    source: {line: 3}
enums: []
methods: []
`

// TestCheckSharedTags: variants may share a tag when their members tell
// them apart; Check rejects what no JSON value can tell apart and facts
// that name no required field.
func TestCheckSharedTags(t *testing.T) {
	s, err := schema.Unmarshal([]byte(sharedTag))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatalf("shared tag told apart by members: %v", err)
	}
	cases := []struct{ old, new, want string }{
		{"requires: [media, file_id]", "requires: [media]", "variants P and Q have the same required fields and stated constant"},
		{"requires: [media, file_id]", "requires: [media], const: {field: file_id, json: '\"a\"'}", ""},
		{"requires: [media]}, {type: Q", "requires: [x]}, {type: Q", "x is not a required field of P"},
		{"unions: [U]\n    fields:\n      - {name: type, type: String, required: true, constraints: {fixed: p}}\n      - {name: media, type: String, required: true}\n      - {name: x", "unions: [V]\n    fields:\n      - {name: type, type: String, required: true, constraints: {fixed: p}}\n      - {name: media, type: String, required: true}\n      - {name: x", "union V is not declared"},
		{"{type: Q, tag: p,", "{type: Q, tag: q,", "Q.type must be fixed to \"q\""},
	}
	for _, c := range cases {
		if !strings.Contains(sharedTag, c.old) {
			t.Fatalf("fixture lacks %q", c.old)
		}
		s, err := schema.Unmarshal([]byte(strings.Replace(sharedTag, c.old, c.new, 1)))
		if err != nil {
			t.Fatalf("%s: %v", c.want, err)
		}
		err = s.Check()
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v", c.new, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check() = %v, want %q", err, c.want)
		}
	}
}

// TestPatternMustBeAnchored: a pattern is over the whole string, and says
// so itself (^…$), so every writer (the validators, OpenAPI, whose pattern
// is a search) uses it as written; one that is not anchored at both ends
// is refused with what to write.
func TestPatternMustBeAnchored(t *testing.T) {
	for p, ok := range map[string]bool{"^[a-z]*$": true, "^(?:a|b)$": true, "[a-z]*": false, "^a|b$": false, "^a": false, "a$": false} {
		s, err := schema.Unmarshal([]byte("title: t\nversion: \"1.0\"\nobjects:\n  - name: A\n    fields:\n      - {name: a, type: String, required: true, constraints: {pattern: \"" + p + "\"}}\n"))
		if err != nil {
			t.Fatal(err)
		}
		err = s.Check()
		if (err == nil) != ok {
			t.Errorf("pattern %q: %v, want accepted %v", p, err, ok)
		}
		if err != nil && !strings.Contains(err.Error(), "^(?:") {
			t.Errorf("pattern %q: %v, want the anchored form suggested", p, err)
		}
	}
}

// TestMethodDeclaredTwiceSaysWhatToDo: sendMessage and SendMessage are one
// method on the wire (the service tells method names apart without case),
// so the schema refuses them, the one refusal of a name that stays: the
// error points at both headings and says what to do.
func TestMethodDeclaredTwiceSaysWhatToDo(t *testing.T) {
	s := &schema.Schema{Version: "1", Methods: []*schema.Method{
		{Name: "sendMessage", Returns: schema.Named(schema.True), Source: schema.Source{Section: "sendMessage", Line: 12}},
		{Name: "SendMessage", Returns: schema.Named(schema.True), Source: schema.Source{Section: "SendMessage", Line: 40}},
	}}
	err := s.Check()
	if err == nil {
		t.Fatal("two methods differing only in case are accepted")
	}
	for _, want := range []string{"line 40 (SendMessage): method SendMessage", "line 12 (sendMessage)", "without case", "keep one of the two headings"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}
