package emulator_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
)

// Issue 33: a method of the version the emulator does not implement
// answered 404. Over a service that implements nothing, every method of the
// seed, called with minimal valid parameters (built from the schema), is
// validated by the generated server and answered with a deterministic
// result that decodes into the method's Go result type.
func TestEveryMethodAnswersTypedResultWhenUnimplemented(t *testing.T) {
	s, err := loader.Load(loader.Input{})
	ok(t, err)
	srv := httptest.NewServer(emulator.Synthesized(botapi.NewServer(botapi.Unimplemented{})))
	defer srv.Close()
	svc := reflect.TypeOf((*botapi.Service)(nil)).Elem()
	results := map[string]reflect.Type{}
	for i := range svc.NumMethod() {
		m := svc.Method(i)
		if m.Type.NumOut() == 1 { // error only: the result is True
			results[strings.ToLower(m.Name)] = reflect.TypeFor[botapi.True]()
			continue
		}
		results[strings.ToLower(m.Name)] = m.Type.Out(0)
	}
	for _, m := range s.Methods {
		rt, found := results[strings.ToLower(m.Name)]
		if !found {
			t.Errorf("%s: no Service method", m.Name)
			continue
		}
		ct, body := requestOf(t, m, emulator.SynthParams(m.Name))
		var first []byte
		for range 2 { // deterministic: the same answer twice
			resp, err := http.Post(srv.URL+"/bot"+token+"/"+m.Name, ct, bytes.NewReader(body))
			ok(t, err)
			var env struct {
				OK          bool            `json:"ok"`
				Result      json.RawMessage `json:"result"`
				Description string          `json:"description"`
			}
			err = json.NewDecoder(resp.Body).Decode(&env)
			resp.Body.Close()
			if err != nil {
				t.Fatalf("%s %s: %d: %v", m.Name, body, resp.StatusCode, err)
			}
			if resp.StatusCode != 200 || !env.OK {
				t.Errorf("%s %s: %d %s", m.Name, body, resp.StatusCode, env.Description)
				break
			}
			typed := reflect.New(rt)
			if err := json.Unmarshal(env.Result, typed.Interface()); err != nil {
				t.Errorf("%s: result %s does not decode as %s: %v", m.Name, env.Result, rt, err)
			}
			if first != nil && !bytes.Equal(first, env.Result) {
				t.Errorf("%s: %s then %s", m.Name, first, env.Result)
			}
			first = env.Result
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

// requestOf is a JSON body of params, or a multipart one when a parameter
// takes only an upload (a plain InputFile): that one is sent as a file.
func requestOf(t *testing.T, m *schema.Method, params map[string]any) (contentType string, body []byte) {
	upload := false
	for _, p := range m.Params {
		if _, given := params[p.Name]; given && p.Type.Name == schema.InputFile {
			upload = true
		}
	}
	if !upload {
		b, err := json.Marshal(params)
		ok(t, err)
		return "application/json", b
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range m.Params {
		v, given := params[p.Name]
		switch {
		case !given:
		case p.Type.Name == schema.InputFile:
			fw, err := mw.CreateFormFile(p.Name, p.Name+".png")
			ok(t, err)
			fw.Write(pngImage(8, 8))
		default:
			text, isText := v.(string)
			if !isText {
				b, err := json.Marshal(v)
				ok(t, err)
				text = string(b)
			}
			mw.WriteField(p.Name, text)
		}
	}
	ok(t, mw.Close())
	return mw.FormDataContentType(), buf.Bytes()
}
