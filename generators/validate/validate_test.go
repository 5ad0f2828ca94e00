package validate_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/validate"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
)

// edgeSchema exercises what the spec parser does not produce today: fixed
// on a real field, string constraints on a union's String variant and on an
// InputFile, upload_only and variant restrictions on a primitive union, a
// primitive union with an object variant, required_if on a Boolean and on
// another field being set or not,
// open-ended bounds, a Float with ahead, rules naming required fields, an
// Array of Array of Array and enums inside nested arrays, and total lengths
// over a list's strings, and a list of whole numbers an Integer must be one
// of.
const edgeSchema = `
title: edge
version: "1.0"
objects:
  - name: Item
    fields:
      - {name: kind, type: String, required: true, constraints: {fixed: item}}
      - {name: label, type: String, required: false, constraints: {length: {min: 2, unit: characters}, no_emoji: true}}
      - {name: weight, type: Float, required: false, constraints: {range: {max: 2.5}}}
      - {name: count, type: Integer, required: true, constraints: {range: {min: -3}}}
  - name: Box
    fields:
      - {name: cells, type: Array of Array of Array of String, required: false, constraints: {items: {max: 2}, each: {each: {items: {min: 1}, each: {enum: Color}}}}}
      - {name: main, type: Item, required: true}
      - {name: extra, type: Item, required: false}
      - {name: flag, type: Boolean, required: false}
      - {name: reason, type: String, required: false}
      - {name: tag, type: String, required: false}
      - {name: tag_color, type: String, required: false}
    rules:
      - {kind: required_if, fields: [reason], when: {field: flag, equals: "true"}, text: reason needed when flagged}
      - {kind: exactly_one, fields: [main, extra], text: main is always there}
      - {kind: required_if, fields: [tag_color], when: {field: tag, set: true}, text: tag_color needed with a tag}
  - name: Pair
    fields:
      - {name: first, type: Integer, required: false}
      - {name: second, type: Integer, required: false}
      - {name: list, type: Array of Integer, required: false}
    rules:
      - {kind: required_if, fields: [second], when: {field: first, set: false}, text: second needed without a first}
      - {kind: required_if, fields: [list], when: {field: first, equals: "3"}, text: a list when first is 3}
unions:
  - name: Ref
    variants: [{type: Integer64}, {type: String}]
  - name: FileOrID
    variants: [{type: InputFile}, {type: String}]
  - name: ItemOrTrue
    variants: [{type: Item}, {type: "True"}]
enums:
  - name: Color
    values: [{value: red}, {value: blue}]
methods:
  - name: put
    params:
      - {name: ref, type: Ref, required: true, constraints: {length: {max: 5, unit: bytes}, pattern: "^@[a-z]+$"}}
      - {name: file, type: FileOrID, required: false, constraints: {upload_only: true}}
      - {name: doc, type: FileOrID, required: false, constraints: {length: {max: 8, unit: characters}}}
      - {name: raw, type: InputFile, required: false}
      - {name: link, type: FileOrID, required: false, constraints: {variants: [String]}}
      - {name: files, type: Array of FileOrID, required: false, constraints: {each: {variants: [InputFile]}}}
      - {name: target, type: ItemOrTrue, required: false, constraints: {variants: [Item]}}
      - {name: box, type: Box, required: false}
      - {name: when, type: Float, required: false, constraints: {ahead: {min: 10}}}
      - {name: pair, type: Pair, required: false}
      - {name: words, type: Array of String, required: false, constraints: {items: {max: 3}, total_length: {max: 6, unit: characters}}}
      - {name: weeks, type: Integer, required: false, constraints: {values: [2, 4, 8]}}
      - {name: tags, type: Array of String, required: false, constraints: {total_length: {min: 2, max: 4, unit: bytes}}}
    returns: "True"
    multipart: true
`

func edge(t *testing.T) *schema.Schema {
	t.Helper()
	s, err := schema.Unmarshal([]byte(edgeSchema))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}

func backends(t *testing.T) []generators.Backend {
	t.Helper()
	bs, err := pipeline.Select("validate")
	if err != nil {
		t.Fatal(err)
	}
	return bs
}

// TestEdgeSchemaBehaviour generates the edge schema, then builds, vets and
// tests it as its own module with testdata/edge/edge_test.go, a test that
// runs inside the generated package.
func TestEdgeSchemaBehaviour(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	outs, err := pipeline.Generate(edge(t), backends(t), generators.Options{Package: "edge", Source: "edge.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module edge\n\ngo 1.26\n")
	behaviour, err := os.ReadFile(filepath.Join("testdata", "edge", "edge_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	write("edge_test.go", string(behaviour))
	for _, f := range outs.Go {
		write(f.Path, string(f.Data))
	}
	for _, args := range [][]string{{"vet", "./..."}, {"test", "-count=1", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

func generate(t *testing.T, s *schema.Schema) (string, error) {
	t.Helper()
	m, err := generators.Model(s, "p", nil)
	if err != nil {
		return "", err
	}
	files, err := validate.Generate(m, generators.Options{Package: "p", Source: "x"})
	if err != nil {
		return "", err
	}
	return string(files[0].Data), nil
}

// TestReceivedOnly: objects no method parameter reaches get no Validate.
func TestReceivedOnly(t *testing.T) {
	s := edge(t)
	s.Objects = append(s.Objects, &schema.Object{Name: "Event", Fields: []*schema.Field{
		{Name: "a", Type: schema.Named(schema.Integer)}, {Name: "b", Type: schema.Named(schema.Integer)},
	}, Rules: []*schema.Rule{{Kind: schema.RuleAtMostOne, Fields: []string{"a", "b"}}}})
	code, err := generate(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(code, "*Event)") {
		t.Error("Validate emitted for a received-only object")
	}
	for _, want := range []string{"func (v *Box) Validate() error", "func (v *Item) Validate() error", "func (v *PutParams) Validate() error"} {
		if !strings.Contains(code, want) {
			t.Errorf("missing %q", want)
		}
	}
}

// TestParseModePairing: a text pairs with <text>_parse_mode before
// parse_mode, and only texts counted after entity parsing are parsed.
func TestParseModePairing(t *testing.T) {
	s := edge(t)
	s.Enums = append(s.Enums, &schema.Enum{Name: "Mode", Values: []*schema.EnumValue{{Value: "HTML"}}})
	s.Formatting = &schema.Formatting{Field: "parse_mode", Enum: "Mode"}
	after := func(n int) *schema.Constraints {
		return &schema.Constraints{Length: &schema.Length{Max: &n, Unit: schema.UnitCharacters, AfterEntityParsing: true}}
	}
	mode := &schema.Constraints{Enum: "Mode"}
	s.Methods = append(s.Methods, &schema.Method{Name: "say", Returns: schema.Named(schema.True), Params: []*schema.Field{
		{Name: "text", Type: schema.Named(schema.String), Required: true, Constraints: after(10)},
		{Name: "note", Type: schema.Named(schema.String), Constraints: after(20)},
		{Name: "note_parse_mode", Type: schema.Named(schema.String), Constraints: mode},
		{Name: "title", Type: schema.Named(schema.String), Constraints: &schema.Constraints{Length: &schema.Length{Unit: schema.UnitCharacters}}},
		{Name: "parse_mode", Type: schema.Named(schema.String), Constraints: mode},
	}})
	code, err := generate(t, s)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`if m, ok := v.ParseMode.Get(); ok && m.Known() {`,
		`s.formatted(at, "text", v.Text, textMode, validateNoLimit, 10, validateCharacters, validateNoLimit)`,
		`if m, ok := v.NoteParseMode.Get(); ok && m.Known() {`,
		`s.formatted(at, "note", note, noteMode, validateNoLimit, 20, validateCharacters, validateNoLimit)`,
		// The parse mode's own check reads it into a local named after it,
		// not numbered (parseMode2) for the text's mode.
		`if parseMode, ok := v.ParseMode.Get(); ok {`,
	} {
		if !strings.Contains(code, want) {
			t.Errorf("missing %q in\n%s", want, code[strings.Index(code, "func (v *SayParams) validateAt"):])
		}
	}
}

// TestUnsupported: constraints and rules the backend cannot check stop
// generation with an error naming them.
func TestUnsupported(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(s *schema.Schema)
		want   string
	}{
		{"unknown rule", func(s *schema.Schema) {
			s.Object("Box").Rules = append(s.Object("Box").Rules, &schema.Rule{Kind: "all_or_none", Fields: []string{"flag", "reason"}})
		}, `object Box, rule all_or_none: unknown rule kind "all_or_none"`},
		{"unknown position", func(s *schema.Schema) {
			s.Object("Item").Fields[1].Constraints.Position = "last"
			s.Object("Box").Fields[0].Type = schema.ArrayOf(schema.ArrayOf(schema.Named("Item")))
			s.Object("Box").Fields[0].Constraints = nil
		}, `Item.label: unknown position "last"`},
		{"length on a number", func(s *schema.Schema) {
			n := 3
			s.Object("Item").Fields[3].Constraints.Length = &schema.Length{Max: &n, Unit: schema.UnitCharacters}
		}, "constraint length does not apply to Integer"},
		{"length on an upload", func(s *schema.Schema) {
			n := 3
			s.Method("put").Params[3].Constraints = &schema.Constraints{Length: &schema.Length{Min: &n, Unit: schema.UnitBytes}}
		}, "constraint length does not apply to InputFile"},
		{"no file form left", func(s *schema.Schema) {
			s.Method("put").Params[4].Constraints.UploadOnly = true
		}, "no form of InputFile is allowed"},
		{"pattern", func(s *schema.Schema) {
			s.Method("put").Params[0].Constraints.Pattern = "(("
		}, `pattern "((": error parsing regexp`},
		{"rule over unknown field", func(s *schema.Schema) {
			s.Object("Box").Rules[1].Fields = []string{"main", "nope"}
		}, "rule exactly_one names field nope, which Box does not have"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := edge(t)
			c.change(s)
			_, err := generate(t, s)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	a, err := generate(t, edge(t))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		b, _ := generate(t, edge(t))
		if a != b {
			t.Fatal("output differs between runs")
		}
	}
}

// TestAttachStringAcceptsReferences: a String that may name an attach://
// upload (constraints.attach) is an InputFile of any form in Go; its check
// must not demand an upload (the first cut did, rejecting every file_id).
func TestAttachStringAcceptsReferences(t *testing.T) {
	s, err := schema.Unmarshal([]byte(`
title: attach
version: "1.0"
objects:
  - name: Snap
    fields:
      - {name: picture, type: String, required: true, constraints: {attach: true}}
methods:
  - name: sendSnaps
    params:
      - {name: snaps, type: Array of Snap, required: true, json_serialized: true}
    returns: "True"
    multipart: true
`))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	code, err := generate(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(code, "v.Picture.IsSet()") {
		t.Errorf("no required check of picture as an InputFile:\n%s", code)
	}
	if strings.Contains(code, "uploadOnly(") {
		t.Errorf("picture demands an upload; a file_id or URL is allowed:\n%s", code)
	}
}

// TestPatternAnchoredOnce is the defect where the schema's pattern, which
// the parser writes anchored ("^[a-z0-9_]*$": over the whole string, as
// schema/README.md says), was anchored again by the validators
// ("^(?:^[a-z0-9_]*$)$"): the regexp the package compiles is the schema's,
// as written.
func TestPatternAnchoredOnce(t *testing.T) {
	s, err := schema.Unmarshal([]byte(`
title: pattern
version: "1.0"
methods:
  - name: setCommand
    params:
      - {name: command, type: String, required: true, constraints: {pattern: "^[a-z0-9_]*$"}}
    returns: "True"
`))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	out, err := generate(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `regexp.MustCompile("^[a-z0-9_]*$")`) || strings.Contains(out, `(?:^`) {
		t.Errorf("the pattern is not compiled as the schema writes it:\n%s", out)
	}
}
