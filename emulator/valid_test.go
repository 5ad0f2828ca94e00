package emulator_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
	"github.com/apigen/apigen/schema"
)

// Defect: the version front read whether the version's server accepted a
// request from the text of its 404 ("method not implemented"). It reads
// an explicit value: the server's not-implemented hook (emulator.Validated,
// given to botapiserver.WithNotImplementedHook), whatever the 404 says.
func TestVersionFrontKnowsValidFromAnExplicitValue(t *testing.T) {
	s := laterVersion(t)
	// Accepted, worded otherwise: the request reaches the core.
	worded := func(s *schema.Schema) emulator.Caller {
		return emulator.CallerFunc(func(ctx context.Context, _, _, _, _ string, _ io.Reader) (json.RawMessage, error) {
			emulator.Validated(ctx, "")
			return nil, emulator.APIError(404, "Not Found")
		})
	}
	v := newEnv(t, emulator.Config{Version: &emulator.Version{Schema: s,
		Service: reflect.TypeOf((*botapiserver.Service)(nil)).Elem(), Strict: worded(s)}})
	if me := call(t, v.srv.URL, "getMe", map[string]any{}); me["is_bot"] != true {
		t.Errorf("getMe through a server that accepted it = %v", me)
	}
	// The not-implemented text without the value: not accepted, the
	// server's answer is the answer.
	texted := func(s *schema.Schema) emulator.Caller {
		return emulator.CallerFunc(func(context.Context, string, string, string, string, io.Reader) (json.RawMessage, error) {
			return nil, emulator.APIError(404, "Not Found: method not implemented")
		})
	}
	v = newEnv(t, emulator.Config{Version: &emulator.Version{Schema: s,
		Service: reflect.TypeOf((*botapiserver.Service)(nil)).Elem(), Strict: texted(s)}})
	resp, err := http.Post(v.srv.URL+"/bot"+token+"/getMe", "application/json", strings.NewReader("{}"))
	ok(t, err)
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("getMe through a server that never accepted it: %d, want its 404", resp.StatusCode)
	}
}
