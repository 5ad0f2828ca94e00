package openapicheck

import (
	"bytes"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/openapi"
	"github.com/apigen/apigen/schema"
)

// TestCollidingClauses: when two rules of one object want the same
// keyword (two required_if, two one_of, an entity limit next to a
// required_if), the later ones are said as violations under "not". An
// independent validator must give the same verdicts as the rules read
// plainly, for every instance below.
func TestCollidingClauses(t *testing.T) {
	max, feeds := 5, 1
	str := schema.Named(schema.String)
	text := &schema.Constraints{Length: &schema.Length{Max: &max, Unit: schema.UnitCharacters, AfterEntityParsing: true}, MaxLineFeeds: &feeds}
	s := &schema.Schema{
		Title: "T", Version: "1",
		Formatting: &schema.Formatting{Field: "parse_mode"},
		Objects: []*schema.Object{{Name: "Obj", Fields: []*schema.Field{
			{Name: "kind", Type: str}, {Name: "a", Type: str}, {Name: "b", Type: str},
			{Name: "c", Type: str}, {Name: "d", Type: str},
			{Name: "text", Type: str, Constraints: text}, {Name: "parse_mode", Type: str},
		}, Rules: []*schema.Rule{
			{Kind: schema.RuleRequiredIf, Fields: []string{"a"}, When: &schema.Condition{Field: "kind", Equals: "x"}},
			{Kind: schema.RuleRequiredIf, Fields: []string{"b"}, When: &schema.Condition{Field: "kind", Equals: "y"}},
			{Kind: schema.RuleMutuallyExclusive, Fields: []string{"c", "d"}},
			{Kind: schema.RuleExactlyOne, Fields: []string{"a", "c"}},
			{Kind: schema.RuleOneOf, Groups: [][]string{{"b"}, {"d"}}},
		}}},
		Methods: []*schema.Method{{Name: "m", Returns: schema.Named("Obj")}},
	}
	files, err := openapi.Generate(s, generators.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var bundle []byte
	for _, f := range files {
		if f.Path == openapi.JSONSchemaFile {
			bundle = f.Data
		}
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(bundle))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem://schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("mem://schema.json#/$defs/Obj")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(bundle), `"not": {`) {
		t.Fatal("no violation under not: the rules did not collide")
	}
	// Each invalid instance breaks exactly one rule. The entity limit takes
	// if/then first, so both required_if rules become violations; the
	// exactly_one takes oneOf, so the one_of becomes a violation; all of
	// them join the mutually_exclusive rule's not.
	cases := []struct {
		json  string
		valid bool
	}{
		{`{"a":"1","b":"1"}`, true},
		{`{"a":"1","d":"1"}`, true},
		{`{"c":"1","b":"1"}`, true},
		{`{"kind":"x","a":"1","b":"1"}`, true},
		{`{"kind":"y","a":"1","b":"1"}`, true},
		{`{"kind":"x","c":"1","b":"1"}`, false},                         // required_if kind=x: a
		{`{"kind":"y","a":"1","d":"1"}`, false},                         // required_if kind=y: b
		{`{"a":"1","c":"1","b":"1"}`, false},                            // exactly_one a, c
		{`{"c":"1","d":"1"}`, false},                                    // mutually_exclusive c, d
		{`{"a":"1","b":"1","d":"1"}`, false},                            // one_of [b] [d]: both
		{`{"a":"1"}`, false},                                            // one_of [b] [d]: neither
		{`{"a":"1","b":"1","text":"123456"}`, false},                    // 6 characters, no parse mode
		{`{"a":"1","b":"1","text":"12345"}`, true},                      //
		{`{"a":"1","b":"1","text":"1\n2\n3"}`, false},                   // 2 line feeds, no parse mode
		{`{"a":"1","b":"1","text":"*1234567*","parse_mode":"M"}`, true}, // with a parse mode the raw text may be longer
	}
	for _, tc := range cases {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(tc.json))
		if err != nil {
			t.Fatal(err)
		}
		err = sch.Validate(v)
		if (err == nil) != tc.valid {
			t.Errorf("%s: valid %v, want %v (%v)", tc.json, err == nil, tc.valid, err)
		}
	}
}
