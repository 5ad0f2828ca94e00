package server

import (
	"strings"
	"testing"

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
