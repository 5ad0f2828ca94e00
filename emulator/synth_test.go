package emulator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
)

// Issue 33: a method of the version the emulator does not implement
// answered 404. Over a service that implements nothing, every method of the
// seed is called through the generated client (its own validation on) with
// minimal valid parameters built from the schema: the generated server
// validates them and the answer is a deterministic result that the client
// decodes into the method's Go result type.
func TestEveryMethodAnswersTypedResultWhenUnimplemented(t *testing.T) {
	s, err := loader.Load(loader.Input{})
	ok(t, err)
	srv := httptest.NewServer(emulator.Synthesized(botapiserver.NewServer(botapiserver.Unimplemented{}, botapiserver.WithNotImplementedHook(emulator.Validated))))
	defer srv.Close()
	client := reflect.ValueOf(botapi.NewClient(token, botapi.WithBaseURL(srv.URL)))
	svc := reflect.TypeOf((*botapiserver.Service)(nil)).Elem()
	goName := map[string]string{}
	for i := range svc.NumMethod() {
		goName[strings.ToLower(svc.Method(i).Name)] = svc.Method(i).Name
	}
	ctx := reflect.ValueOf(context.Background())
	for _, m := range s.Methods {
		call := client.MethodByName(goName[strings.ToLower(m.Name)])
		if !call.IsValid() {
			t.Errorf("%s: no client method", m.Name)
			continue
		}
		args := []reflect.Value{ctx}
		if call.Type().NumIn() == 2 {
			args = append(args, paramsOf(t, m, call.Type().In(1), emulator.SynthParams(m.Name)))
		}
		var first []byte
		for range 2 { // deterministic: the same answer twice
			out := call.Call(args)
			if err, _ := out[len(out)-1].Interface().(error); err != nil {
				t.Errorf("%s: %v", m.Name, err)
				break
			}
			if len(out) == 1 {
				break // the result is True
			}
			if k := out[0].Kind(); (k == reflect.Pointer || k == reflect.Slice) && out[0].IsNil() {
				t.Errorf("%s: nil result", m.Name)
				break
			}
			got, err := json.Marshal(out[0].Interface())
			ok(t, err)
			if first != nil && !bytes.Equal(first, got) {
				t.Errorf("%s: %s then %s", m.Name, first, got)
			}
			first = got
		}
	}
	// An unknown method keeps its 404.
	resp, err := http.Post(srv.URL+"/bot"+token+"/noSuchMethod", "application/json", strings.NewReader(`{}`))
	ok(t, err)
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("unknown method: %d", resp.StatusCode)
	}
}

// paramsOf decodes params into a new *P (typ); a parameter that takes only
// an upload (a plain InputFile) becomes an upload of a small PNG.
func paramsOf(t *testing.T, m *schema.Method, typ reflect.Type, params map[string]any) reflect.Value {
	t.Helper()
	uploads := map[string]bool{}
	for _, p := range m.Params {
		if _, given := params[p.Name]; given && p.Type.Name == schema.InputFile {
			uploads[p.Name] = true
		}
	}
	b, err := json.Marshal(params)
	ok(t, err)
	v := reflect.New(typ.Elem())
	if err := json.Unmarshal(b, v.Interface()); err != nil {
		t.Fatalf("%s: params %s: %v", m.Name, b, err)
	}
	for i := range typ.Elem().NumField() {
		f := typ.Elem().Field(i)
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); uploads[name] {
			v.Elem().Field(i).Set(reflect.ValueOf(botapi.Upload(name+".png", bytes.NewReader(pngImage(8, 8)))))
		}
	}
	return v
}
