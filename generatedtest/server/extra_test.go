package server

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// WithMethod adds a method the document leaves out (issue 23, item 13):
// routed case-insensitively in every encoding, its parameters read by
// name, its result encoded; other unknown methods stay 404 "Not Found",
// and a document method cannot be replaced.
func TestWithMethodAddsMethodTheDocumentLeavesOut(t *testing.T) {
	var got struct {
		chat   string
		msg    int64
		markup botapi.InlineKeyboardMarkup
		token  string
	}
	h := botapiserver.NewServer(newRecorder(), botapiserver.WithMethod("stopPoll", func(ctx context.Context, p *botapiserver.ExtraParams) (any, error) {
		got.token, _ = botapiserver.TokenFromContext(ctx)
		chat, ok, err := p.Text("chat_id")
		if err != nil || !ok {
			return nil, &botapi.Error{Code: 400, Description: "Bad Request: chat_id is required"}
		}
		got.chat = chat
		if got.msg, _, err = p.Int64("message_id"); err != nil {
			return nil, err
		}
		if _, err := p.JSON("reply_markup", &got.markup); err != nil {
			return nil, err
		}
		return botapi.Poll{ID: "p1", Question: "q?"}, nil
	}))
	markup := `{"inline_keyboard":[[{"text":"a","callback_data":"b"}]]}`
	for _, tc := range []struct{ method, name, ct, body string }{
		{"POST", "stopPoll", "application/json", `{"chat_id":-100,"message_id":7,"reply_markup":` + markup + `}`},
		{"POST", "STOPPOLL", "application/x-www-form-urlencoded", "chat_id=-100&message_id=7&reply_markup=" + strings.ReplaceAll(markup, `"`, "%22")},
		{"GET", "stoppoll?chat_id=-100&message_id=7", "", ""},
	} {
		got.markup = botapi.InlineKeyboardMarkup{}
		res := serve(t, h, newReq(t, tc.method, methodURL(tc.name), tc.ct, strings.NewReader(tc.body)))
		mustOK(t, res)
		if !strings.Contains(string(res.env.Result), `"id":"p1"`) || got.chat != "-100" || got.msg != 7 || got.token != token {
			t.Fatalf("%s %s: %s, handler saw %+v", tc.method, tc.name, res.body, got)
		}
		if tc.ct != "" && len(got.markup.InlineKeyboard) != 1 {
			t.Fatalf("%s: reply_markup %+v", tc.ct, got.markup)
		}
	}
	res := serve(t, h, newReq(t, "POST", methodURL("stopPoll"), "application/json", strings.NewReader(`{"message_id":"x"}`)))
	if res.status != 400 {
		t.Fatalf("bad parameter: %d %s", res.status, res.body)
	}
	res = serve(t, h, newReq(t, "POST", methodURL("deleteMessage"), "", nil))
	if res.status != http.StatusNotFound || res.env.Description != "Not Found" {
		t.Fatalf("a method neither in the document nor added: %d %s", res.status, res.body)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("WithMethod replaced getMe")
		}
	}()
	botapiserver.NewServer(newRecorder(), botapiserver.WithMethod("GetMe", func(context.Context, *botapiserver.ExtraParams) (any, error) { return true, nil }))
}
