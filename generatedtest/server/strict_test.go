package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// TestServerRefusesObjectMissingRequiredField: the client reads received
// objects tolerantly (issue 32), the server shares their decoders and must
// stay strict: an object inside a request without a required field is a
// 400 naming the field, in every encoding, and the implementation is not
// called.
func TestServerRefusesObjectMissingRequiredField(t *testing.T) {
	r := newRecorder()
	h := botapiserver.NewServer(r)
	for _, c := range []struct{ name, ct, body, desc string }{
		{"JSON body", "application/json", `{"chat_id":1,"text":"hi","entities":[{"type":"bold","offset":0}]}`, `missing required field "length"`},
		{"form field", "application/x-www-form-urlencoded", `chat_id=1&text=hi&entities=` + strings.ReplaceAll(`[{"type":"bold","length":1}]`, `"`, `%22`), `missing required field "offset"`},
		{"keyboard button", "application/json", `{"chat_id":1,"text":"hi","reply_markup":{"inline_keyboard":[[{"callback_data":"x"}]]}}`, `missing required field "text"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r.calls = nil
			res := serve(t, h, newReq(t, "POST", methodURL("sendMessage"), c.ct, strings.NewReader(c.body)))
			wantErr(t, res, 400, c.desc)
			if len(r.calls) != 0 {
				t.Fatalf("implementation called: %v", r.calls)
			}
		})
	}
}

// TestServerStaysStrictWhileUnmarshalJSONIsTolerant: UnmarshalJSON reads
// tolerantly (issue 40); the server keeps its own strict readers. The same
// request that json.Unmarshal reads into the parameters struct without an
// error is refused: a required field missing two levels down, and a True
// written false.
func TestServerStaysStrictWhileUnmarshalJSONIsTolerant(t *testing.T) {
	r := newRecorder()
	h := botapiserver.NewServer(r)
	for _, c := range []struct{ name, body, desc string }{
		{"missing required field", `{"chat_id":1,"text":"hi","reply_markup":{"inline_keyboard":[[{"url":"https://example.org"}]]}}`, `missing required field "text"`},
		{"True written false", `{"chat_id":1,"text":"hi","reply_markup":{"force_reply":false}}`, `expected true, found false`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var p botapi.SendMessageParams
			if err := json.Unmarshal([]byte(c.body), &p); err != nil {
				t.Fatalf("json.Unmarshal (tolerant): %v", err)
			}
			r.calls = nil
			res := serve(t, h, newReq(t, "POST", methodURL("sendMessage"), "application/json", strings.NewReader(c.body)))
			wantErr(t, res, 400, c.desc)
			if len(r.calls) != 0 {
				t.Fatalf("implementation called: %v", r.calls)
			}
		})
	}
}
