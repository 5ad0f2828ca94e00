package openapicheck

import (
	"bytes"
	"context"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/openapi"
	"github.com/apigen/apigen/schema"
)

// TestDisambiguatedNamesValidate: a document whose names meet the
// export's own (an object ErrorResponse next to the error envelope, an
// object named like a method's parameters, methods named like a GET form,
// the file download and the webhook delivery) exports with every name
// told apart, and kin-openapi finds the document valid (unique
// operationIds, every $ref resolved) and the JSON Schema bundle compiles.
func TestDisambiguatedNamesValidate(t *testing.T) {
	str := schema.Named(schema.String)
	note := []*schema.Field{{Name: "note", Type: str, Required: true}}
	s := &schema.Schema{
		Title: "T", Version: "1",
		Objects: []*schema.Object{
			{Name: "ErrorResponse", Fields: note},
			{Name: "GetThingParams", Fields: note},
			{Name: "Update", Fields: []*schema.Field{{Name: "update_id", Type: schema.Named(schema.Integer), Required: true}, {Name: "error", Type: schema.Named("ErrorResponse")}}},
		},
		Events: &schema.Events{Kinds: []*schema.EventKind{{Fields: []string{"error"}, When: "an error"}}},
	}
	for _, n := range []string{"getThing", "getThingViaGet", "downloadFile", "receiveUpdate"} {
		s.Methods = append(s.Methods, &schema.Method{Name: n, Returns: schema.Named("GetThingParams"), Params: []*schema.Field{
			{Name: "error", Type: schema.Named("ErrorResponse"), JSONSerialized: true}, {Name: "text", Type: str}}})
	}
	files, err := openapi.Generate(s, generators.Options{Source: "names"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		switch f.Path {
		case openapi.YAMLFile, openapi.JSONFile:
			doc, err := openapi3.NewLoader().LoadFromData(f.Data)
			if err != nil {
				t.Fatalf("kin-openapi cannot load %s: %v", f.Path, err)
			}
			if err := doc.Validate(context.Background(), openapi3.EnableSchemaPatternValidation()); err != nil {
				t.Errorf("kin-openapi: %s is not valid:\n%v", f.Path, err)
			}
			for _, c := range []string{"ErrorResponse", "ErrorResponseType", "GetThingParams", "getThingParamsMixed"} {
				if doc.Components.Schemas[c] == nil {
					t.Errorf("%s: no component %s", f.Path, c)
				}
			}
		case openapi.JSONSchemaFile:
			bundle, err := jsonschema.UnmarshalJSON(bytes.NewReader(f.Data))
			if err != nil {
				t.Fatal(err)
			}
			c := jsonschema.NewCompiler()
			if err := c.AddResource("mem://schema.json", bundle); err != nil {
				t.Fatal(err)
			}
			for _, def := range []string{"ErrorResponse", "ErrorResponseType", "Update"} {
				if _, err := c.Compile("mem://schema.json#/$defs/" + def); err != nil {
					t.Errorf("schema.json: %s: %v", def, err)
				}
			}
		}
	}
}
