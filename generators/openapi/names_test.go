package openapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/apigen/apigen/generators"
	"github.com/apigen/apigen/generators/openapi"
	"github.com/apigen/apigen/schema"
)

// exported generates the export of s through the model, as the pipeline
// does, and returns the model's warnings and the document.
func exported(t *testing.T, s *schema.Schema) ([]schema.Warning, map[string]any) {
	t.Helper()
	m, err := generators.Model(s, "", []generators.Backend{openapi.Backend})
	if err != nil {
		t.Fatal(err)
	}
	files, err := openapi.Backend.Generate(m, generators.Options{Source: "small"})
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	var doc map[string]any
	for _, f := range files {
		if f.Path == openapi.JSONFile {
			if err := json.Unmarshal(f.Data, &doc); err != nil {
				t.Fatal(err)
			}
		}
	}
	return m.Warnings, doc
}

// warnedAbout is the warning about construct, if any.
func warnedAbout(ws []schema.Warning, construct string) *schema.Warning {
	for i := range ws {
		if ws[i].Construct == construct {
			return &ws[i]
		}
	}
	return nil
}

// operationIDs are the document's operationIds (paths and webhooks), each
// once without case, by path and HTTP method.
func operationIDs(t *testing.T, doc map[string]any) map[string]string {
	t.Helper()
	ids, seen := map[string]string{}, map[string]string{}
	for _, key := range []string{"paths", "webhooks"} {
		items, _ := doc[key].(map[string]any)
		for path, item := range items {
			for verb, op := range item.(map[string]any) {
				o, ok := op.(map[string]any)
				if !ok || o["operationId"] == nil {
					continue
				}
				id := o["operationId"].(string)
				if other, ok := seen[strings.ToLower(id)]; ok {
					t.Errorf("%s %s and %s share the operationId %s", verb, path, other, id)
				}
				seen[strings.ToLower(id)] = verb + " " + path
				ids[verb+" "+path] = id
			}
		}
	}
	return ids
}

// refsResolve fails on a $ref of the document that names no component.
func refsResolve(t *testing.T, doc map[string]any) {
	t.Helper()
	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if r, ok := v["$ref"].(string); ok && strings.HasPrefix(r, "#/components/schemas/") && schemas[strings.TrimPrefix(r, "#/components/schemas/")] == nil {
				t.Errorf("$ref %s names no component", r)
			}
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(doc)
}

// TestObjectNamedErrorResponseInOpenAPI: the export's error envelope is
// the component ErrorResponse; an API object named so used to stop the
// export ("would share the OpenAPI component"). The envelope keeps its
// name, the object's component takes its kind's word, with a warning,
// and every reference finds its component.
func TestObjectNamedErrorResponseInOpenAPI(t *testing.T) {
	s := small()
	s.Objects = append(s.Objects, &schema.Object{Name: "ErrorResponse", Fields: []*schema.Field{{Name: "note", Type: schema.Named(schema.String), Required: true}}})
	s.Methods[0].Params = append(s.Methods[0].Params, &schema.Field{Name: "error", Type: schema.Named("ErrorResponse"), JSONSerialized: true})
	ws, doc := exported(t, s)
	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	envelope, _ := schemas["ErrorResponse"].(map[string]any)
	object, _ := schemas["ErrorResponseType"].(map[string]any)
	if envelope == nil || envelope["properties"].(map[string]any)["error_code"] == nil {
		t.Errorf("ErrorResponse is not the error envelope: %v", envelope)
	}
	if object == nil || object["properties"].(map[string]any)["note"] == nil {
		t.Errorf("the object's component is not ErrorResponseType: %v", object)
	}
	if w := warnedAbout(ws, "object ErrorResponse"); w == nil || !strings.Contains(w.Text, "ErrorResponseType") {
		t.Errorf("no warning naming ErrorResponseType: %v", ws)
	}
	refsResolve(t, doc)
}

// TestMethodNamedLikeAGetOperation: a method's GET form is the operation
// <method>ViaGet, the file download is downloadFile and the webhook's
// delivery receive<Update>; methods named so used to stop the export
// ("would share the operationId"). The older declaration keeps the name
// (the method's own operation before the forms made from a name, at one
// age), the export's own names always; the others are told apart, with
// a warning each, and every operationId is unique without case.
func TestMethodNamedLikeAGetOperation(t *testing.T) {
	s := small()
	s.Objects = append(s.Objects, &schema.Object{Name: "Update", Fields: []*schema.Field{
		{Name: "update_id", Type: schema.Named(schema.Integer), Required: true}, {Name: "thing", Type: schema.Named("Thing")}}})
	s.Events = &schema.Events{Kinds: []*schema.EventKind{{Fields: []string{"thing"}, When: "a thing"}}}
	for _, n := range []string{"getThingViaGet", "downloadFile", "receiveUpdate"} {
		s.Methods = append(s.Methods, &schema.Method{Name: n, Params: []*schema.Field{{Name: "ref", Type: schema.Named("Ref"), Required: true}}, Returns: schema.Named(schema.True)})
	}
	ws, doc := exported(t, s)
	ids := operationIDs(t, doc)
	for where, want := range map[string]string{
		"get /bot{token}/getThing":         "getThingViaGetMixed",
		"post /bot{token}/getThingViaGet":  "getThingViaGet",
		"get /file/bot{token}/{file_path}": "downloadFile",
		"post /bot{token}/downloadFile":    "downloadFileMethod",
		"get /bot{token}/downloadFile":     "downloadFileMethodViaGet",
		"post /bot{token}/receiveUpdate":   "receiveUpdate",
		"post Update":                      "receiveUpdateMixed",
	} {
		if ids[where] != want {
			t.Errorf("%s: operationId %q, want %q", where, ids[where], want)
		}
	}
	for _, c := range []string{"GET operation of method getThing", "operation of method downloadFile", "delivery of object Update"} {
		if w := warnedAbout(ws, c); w == nil || !strings.Contains(w.Text, "operationId") {
			t.Errorf("no warning about the operationId of %s: %v", c, ws)
		}
	}
}

// TestObjectNamedLikeParametersInOpenAPI: a method's parameters are the
// component <method>Params; an object named so stopped openapi.Generate
// ("would share the OpenAPI component"), the entry point without the
// pipeline, which kept the refusals the model had dropped. It goes
// through the model now: the object keeps its component (the document's
// type before a name made from a method's, at one age), the parameters
// take the rule's qualifier.
func TestObjectNamedLikeParametersInOpenAPI(t *testing.T) {
	s := small()
	s.Objects = append(s.Objects, &schema.Object{Name: "GetThingParams", Fields: []*schema.Field{{Name: "note", Type: schema.Named(schema.String)}}})
	s.Methods[0].Params = append(s.Methods[0].Params, &schema.Field{Name: "params", Type: schema.Named("GetThingParams"), JSONSerialized: true})
	files, err := openapi.Generate(s, generators.Options{Source: "small"})
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(files[1].Data, &doc); err != nil {
		t.Fatal(err)
	}
	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	if schemas["GetThingParams"] == nil || schemas["getThingParamsMixed"] == nil {
		t.Errorf("want the components GetThingParams and getThingParamsMixed: %v", schemas)
	}
	refsResolve(t, doc)
}
