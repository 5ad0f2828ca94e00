package client

import (
	"context"
	"encoding/json"

	"reflect"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/naming"
	"github.com/apigen/apigen/schema"
)

func loadSchema(t testing.TB) *schema.Schema {
	s, err := schema.Load("../../schema/bot-api-5.0.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sampler builds JSON values for schema types: every field set, strings
// taking their enum's first value.
type sampler struct {
	s      *schema.Schema
	objs   map[string]*schema.Object
	unions map[string]*schema.Union
	enums  map[string]*schema.Enum
}

func newSampler(s *schema.Schema) *sampler {
	sm := &sampler{s: s, objs: map[string]*schema.Object{}, unions: map[string]*schema.Union{}, enums: map[string]*schema.Enum{}}
	for _, o := range s.Objects {
		sm.objs[o.Name] = o
	}
	for _, u := range s.Unions {
		sm.unions[u.Name] = u
	}
	for _, e := range s.Enums {
		sm.enums[e.Name] = e
	}
	return sm
}

func (sm *sampler) fields(fs []*schema.Field, skip string, depth int) map[string]any {
	m := map[string]any{}
	for _, f := range fs {
		if f.Name == skip {
			continue
		}
		if depth > 2 && !f.Required {
			continue
		}
		m[f.Name] = sm.value(f.Type, f.Constraints, depth+1)
	}
	return m
}

func (sm *sampler) value(t schema.Type, c *schema.Constraints, depth int) any {
	if t.IsArray() {
		var each *schema.Constraints
		if c != nil {
			each = c.Each
		}
		return []any{sm.value(*t.Elem, each, depth)}
	}
	switch t.Name {
	case schema.Integer, schema.Integer64:
		return 7
	case schema.Float:
		return 1.5
	case schema.Boolean, schema.True:
		return true
	case schema.String:
		if c != nil && c.Enum != "" {
			return sm.enums[c.Enum].Values[0].Value
		}
		if c != nil && c.Fixed != "" {
			return c.Fixed
		}
		return "s"
	case schema.InputFile:
		return "file-id"
	}
	if o := sm.objs[t.Name]; o != nil {
		if o.Opaque {
			return map[string]any{"opaque": 1}
		}
		return sm.fields(o.Fields, "", depth)
	}
	u := sm.unions[t.Name]
	v := u.Variants[0]
	if c != nil && len(c.Variants) > 0 {
		for _, x := range u.Variants {
			if x.Type.Name == c.Variants[0] || x.Tag == c.Variants[0] {
				v = x
				break
			}
		}
	}
	val := sm.value(v.Type, nil, depth)
	if u.Discriminator != "" {
		obj := sm.fields(sm.objs[v.Type.Name].Fields, u.Discriminator, depth)
		obj[u.Discriminator] = v.Tag
		return obj
	}
	return val
}

func jsonEqual(t *testing.T, what string, got []byte, want any) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Errorf("%s: body is not JSON: %v\n%s", what, err, got)
		return
	}
	wb, _ := json.Marshal(want)
	json.Unmarshal(wb, &w)
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s: body\n got  %s\n want %s", what, got, wb)
	}
}

// TestEveryMethod calls every method of the schema through the generated
// client, with every parameter set, and checks the raw request (path,
// content type, body) and the typed result.
func TestEveryMethod(t *testing.T) {
	s := loadSchema(t)
	sm := newSampler(s)
	rec := newRecorder(t)
	c := rec.client(botapi.WithValidation(false))
	cv := reflect.ValueOf(c)
	for _, m := range s.Methods {
		t.Run(m.Name, func(t *testing.T) {
			goName := naming.Exported(m.Name)
			fn := cv.MethodByName(goName)
			if !fn.IsValid() {
				t.Fatalf("Client has no method %s", goName)
			}
			result := sm.value(m.Returns, nil, 0)
			rb, _ := json.Marshal(result)
			rec.setResponses(ok(string(rb)))
			args := []reflect.Value{reflect.ValueOf(context.Background())}
			var want map[string]any
			if len(m.Params) > 0 {
				want = sm.fields(m.Params, "", 0)
				pt := fn.Type().In(1).Elem()
				if pt.Name() != goName+"Params" {
					t.Fatalf("parameter type %s", pt.Name())
				}
				p := reflect.New(pt)
				in, _ := json.Marshal(want)
				if err := p.Interface().(json.Unmarshaler).UnmarshalJSON(in); err != nil {
					t.Fatalf("building params from %s: %v", in, err)
				}
				args = append(args, p)
			} else if fn.Type().NumIn() != 1 {
				t.Fatalf("parameterless method takes %d arguments", fn.Type().NumIn())
			}
			out := fn.Call(args)
			if err, _ := out[len(out)-1].Interface().(error); err != nil {
				t.Fatalf("call: %v", err)
			}
			r := rec.last()
			if r.Method != "POST" || r.Path != "/bot"+token+"/"+m.Name {
				t.Errorf("request %s %s", r.Method, r.Path)
			}
			if len(m.Params) == 0 {
				if len(r.Body) != 0 || r.ContentType != "" {
					t.Errorf("parameterless call sent %q (%s)", r.Body, r.ContentType)
				}
			} else {
				if r.ContentType != "application/json" {
					t.Errorf("content type %q", r.ContentType)
				}
				jsonEqual(t, m.Name, r.Body, want)
			}
			// The typed result: True gives error only; others are set.
			switch {
			case !m.Returns.IsArray() && m.Returns.Name == schema.True:
				if len(out) != 1 {
					t.Errorf("True result: %d return values", len(out))
				}
			default:
				v := out[0]
				if len(out) != 2 || v.IsZero() {
					t.Errorf("result %v is zero", v)
				}
				if m.Returns.IsArray() && v.Len() != 1 {
					t.Errorf("array result has %d items", v.Len())
				}
				back, err := json.Marshal(v.Interface())
				if err != nil {
					t.Errorf("re-encoding result: %v", err)
				} else if !strings.HasPrefix(string(rb), "{") || m.Returns.Name == "" {
					jsonEqual(t, "result", back, result)
				}
			}
		})
	}
	if n := len(rec.requests()); n != len(s.Methods) {
		t.Errorf("%d requests for %d methods", n, len(s.Methods))
	}
}

// TestResultUnion checks that a Message-or-True result decodes both ways.
func TestResultUnion(t *testing.T) {
	rec := newRecorder(t, ok(`true`))
	c := rec.client()
	p := &botapi.EditMessageTextParams{InlineMessageID: "im", Text: "hi"}
	r, err := c.EditMessageText(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if !r.AsTrue() {
		t.Errorf("want True, got %+v", r)
	}
	rec.setResponses(ok(`{"message_id":5,"date":1,"chat":{"id":1,"type":"private"}}`))
	r, err = c.EditMessageText(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if m, isMsg := r.AsMessage(); !isMsg || m.MessageID != 5 {
		t.Errorf("want the message, got %+v", r)
	}

}
