// Package server tests the server stubs generated into
// generated/botapi: every request encoding, file uploads, errors, limits,
// a fuzz target (FuzzServer) and a table of bad requests.
package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

func TestGetMe(t *testing.T) {
	r := newRecorder()
	h := botapiserver.NewServer(r)
	for _, tc := range []struct{ method, name string }{
		{"GET", "getMe"}, {"POST", "getMe"}, {"GET", "GETME"}, {"POST", "getme"},
	} {
		res := serve(t, h, newReq(t, tc.method, methodURL(tc.name), "", nil))
		mustOK(t, res)
		if got := string(res.env.Result); got != `{"id":1,"is_bot":true,"first_name":"Bot","username":"the_bot"}` {
			t.Fatalf("%s %s: result %s", tc.method, tc.name, got)
		}
	}
	if r.tokens[0] != token {
		t.Fatalf("token in context %q", r.tokens[0])
	}
}

const keyboardJSON = `{"inline_keyboard":[[{"text":"A","callback_data":"a"},{"text":"B","url":"https://example.com"}]]}`

func checkSendMessage(t *testing.T, r *recorder, wantChat any) {
	t.Helper()
	p, ok := r.last.(*botapi.SendMessageParams)
	if !ok {
		t.Fatalf("last call %v with %T", r.calls, r.last)
	}
	if got := chatID(t, p.ChatID); got != wantChat {
		t.Fatalf("chat_id %#v, want %#v", got, wantChat)
	}
	if p.Text != "hello *world*" {
		t.Fatalf("text %q", p.Text)
	}
	if p.ParseMode.Value() != botapi.ParseModeMarkdownV2 {
		t.Fatalf("parse_mode %v", p.ParseMode)
	}
	if v, ok := p.DisableNotification.Get(); !ok || !v {
		t.Fatalf("disable_notification %v", p.DisableNotification)
	}
	if v, ok := p.ReplyToMessageID.Get(); !ok || v != 0 {
		t.Fatalf("reply_to_message_id %v (a set zero must stay set)", p.ReplyToMessageID)
	}
	kb, ok := p.ReplyMarkup.(*botapi.InlineKeyboardMarkup)
	if !ok {
		t.Fatalf("reply_markup %T", p.ReplyMarkup)
	}
	if len(kb.InlineKeyboard) != 1 || len(kb.InlineKeyboard[0]) != 2 ||
		kb.InlineKeyboard[0][0].CallbackData.Value() != "a" || kb.InlineKeyboard[0][1].URL.Value() != "https://example.com" {
		t.Fatalf("keyboard %+v", kb.InlineKeyboard)
	}
}

func TestSendMessageEncodings(t *testing.T) {
	form := url.Values{
		"chat_id":              {"-1001234567890"},
		"text":                 {"hello *world*"},
		"parse_mode":           {"MarkdownV2"},
		"disable_notification": {"true"},
		"reply_to_message_id":  {"0"},
		"reply_markup":         {keyboardJSON},
		"unknown_param":        {"ignored"},
	}.Encode()
	usernameForm := strings.Replace(form, "chat_id=-1001234567890", "chat_id=%40channel", 1)
	jsonBody := `{"chat_id":-1001234567890,"text":"hello *world*","parse_mode":"MarkdownV2","disable_notification":true,` +
		`"reply_to_message_id":0,"reply_markup":` + keyboardJSON + `,"unknown":{"nested":[1,2,3]}}`
	jsonStrings := `{"chat_id":"-1001234567890","text":"hello *world*","parse_mode":"MarkdownV2","disable_notification":"1",` +
		`"reply_to_message_id":"0","reply_markup":` + quoteJSON(keyboardJSON) + `}`
	mp := multipartBody(
		field("chat_id", "-1001234567890"), field("text", "hello *world*"), field("parse_mode", "MarkdownV2"),
		field("disable_notification", "true"), field("reply_to_message_id", "0"), field("reply_markup", keyboardJSON),
	)
	cases := []struct {
		name string
		req  func() *httpReq
		chat any
	}{
		{"query GET", func() *httpReq { return &httpReq{"GET", methodURL("sendMessage") + "?" + form, "", ""} }, int64(-1001234567890)},
		{"query POST no body", func() *httpReq { return &httpReq{"POST", methodURL("sendMessage") + "?" + form, "", ""} }, int64(-1001234567890)},
		{"urlencoded", func() *httpReq {
			return &httpReq{"POST", methodURL("sendMessage"), "application/x-www-form-urlencoded", form}
		}, int64(-1001234567890)},
		{"urlencoded charset", func() *httpReq {
			return &httpReq{"POST", methodURL("sendMessage"), "application/x-www-form-urlencoded; charset=UTF-8", form}
		}, int64(-1001234567890)},
		{"username", func() *httpReq {
			return &httpReq{"POST", methodURL("sendMessage"), "application/x-www-form-urlencoded", usernameForm}
		}, "@channel"},
		{"json", func() *httpReq { return &httpReq{"POST", methodURL("sendMessage"), "application/json", jsonBody} }, int64(-1001234567890)},
		{"json strings", func() *httpReq {
			return &httpReq{"POST", methodURL("sendMessage"), "application/json; charset=utf-8", jsonStrings}
		}, int64(-1001234567890)},
		{"multipart", func() *httpReq {
			return &httpReq{"POST", methodURL("sendMessage"), "multipart/form-data; boundary=" + boundary, mp}
		}, int64(-1001234567890)},
		{"no content type form", func() *httpReq { return &httpReq{"POST", methodURL("sendMessage"), "", form} }, int64(-1001234567890)},
		{"no content type json", func() *httpReq { return &httpReq{"POST", methodURL("sendMessage"), "", jsonBody} }, int64(-1001234567890)},
		{"query wins over body", func() *httpReq {
			return &httpReq{"POST", methodURL("sendMessage") + "?chat_id=%40first&text=", "application/json",
				strings.Replace(jsonBody, `"chat_id":-1001234567890`, `"chat_id":"@second"`, 1)}
		}, "@first"},
	}
	for _, tc := range cases {
		for _, chunk := range []bool{false, true} {
			name := tc.name
			if chunk {
				name += " chunked"
			}
			t.Run(name, func(t *testing.T) {
				r := newRecorder()
				hr := tc.req()
				req := hr.build(t, chunk)
				res := serve(t, botapiserver.NewServer(r), req)
				mustOK(t, res)
				checkSendMessage(t, r, tc.chat)
				if !strings.Contains(string(res.env.Result), `"message_id":7`) {
					t.Fatalf("result %s", res.env.Result)
				}
			})
		}
	}
}

type httpReq struct{ method, target, ct, body string }

func (h *httpReq) build(t testing.TB, chunk bool) *http.Request {
	var body = strings.NewReader(h.body)
	req := newReq(t, h.method, h.target, h.ct, nil)
	if h.body != "" || h.method == "POST" {
		req = newReq(t, h.method, h.target, h.ct, body)
		if chunk {
			req = newReq(t, h.method, h.target, h.ct, chunked{body})
			req.ContentLength = -1
			req.TransferEncoding = []string{"chunked"}
		}
	}
	return req
}

func quoteJSON(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

func TestEmptyBodies(t *testing.T) {
	for _, tc := range []struct{ ct, body string }{
		{"application/x-www-form-urlencoded", ""},
		{"multipart/form-data; boundary=" + boundary, ""},
		{"application/json", ""},
		{"application/json", "null"},
		{"application/json", "  null \n"},
		{"application/json", "{}"},
		{"", ""},
	} {
		r := newRecorder()
		h := botapiserver.NewServer(r)
		mustOK(t, serve(t, h, newReq(t, "POST", methodURL("getMe"), tc.ct, strings.NewReader(tc.body))))
		res := serve(t, h, newReq(t, "POST", methodURL("sendMessage"), tc.ct, strings.NewReader(tc.body)))
		wantErr(t, res, 400, `Bad Request: parameter "chat_id" is required`)
		// chunked, no Content-Length
		req := newReq(t, "POST", methodURL("getMe"), tc.ct, chunked{strings.NewReader(tc.body)})
		req.ContentLength = -1
		mustOK(t, serve(t, h, req))
	}
}

func TestNumbersAndBooleansAsText(t *testing.T) {
	r := newRecorder()
	h := botapiserver.NewServer(r)
	mustOK(t, serve(t, h, postForm(t, "sendLocation", "chat_id=1&latitude=52.520000&longitude=-13.404954&live_period=60&heading=1")))
	p := r.last.(*botapi.SendLocationParams)
	if p.Latitude != 52.52 || p.Longitude != -13.404954 || p.LivePeriod.Value() != 60 || p.Heading.Value() != 1 {
		t.Fatalf("%+v", p)
	}
	mustOK(t, serve(t, h, postForm(t, "sendPoll", "chat_id=1&question=Q%3F&options=%5B%22a%22%2C%22b%22%5D&type=quiz&correct_option_id=0&is_anonymous=false&explanation_entities=null")))
	q := r.last.(*botapi.SendPollParams)
	if v, ok := q.CorrectOptionID.Get(); !ok || v != 0 {
		t.Fatalf("correct_option_id %v", q.CorrectOptionID)
	}
	if v, ok := q.IsAnonymous.Get(); !ok || v {
		t.Fatalf("is_anonymous %v", q.IsAnonymous)
	}
	if q.ExplanationEntities != nil {
		t.Fatalf("explanation_entities %v: null is unset", q.ExplanationEntities)
	}
	if strings.Join(q.Options, ",") != "a,b" || q.Type.Value() != botapi.PollTypeQuiz {
		t.Fatalf("%+v", q)
	}
	mustOK(t, serve(t, h, postJSON(t, "sendPoll", `{"chat_id":"1","question":"Q?","options":"[\"a\",\"b\"]","type":"quiz","correct_option_id":"0","is_anonymous":"0"}`)))
	q = r.last.(*botapi.SendPollParams)
	if v, ok := q.CorrectOptionID.Get(); !ok || v != 0 || chatID(t, q.ChatID) != int64(1) || q.IsAnonymous.Value() {
		t.Fatalf("%+v", q)
	}
	mustOK(t, serve(t, h, newReq(t, "GET", methodURL("getUpdates")+"?offset=-1&limit=100&timeout=0&allowed_updates=%5B%22message%22%2C%22callback_query%22%5D", "", nil)))
	u := r.last.(*botapi.GetUpdatesParams)
	if u.Offset.Value() != -1 || len(u.AllowedUpdates) != 2 || u.AllowedUpdates[1] != botapi.UpdateTypeCallbackQuery {
		t.Fatalf("%+v", u)
	}
	if v, ok := u.Timeout.Get(); !ok || v != 0 {
		t.Fatal("timeout=0 must stay set")
	}
	// Empty list is a set, empty list.
	mustOK(t, serve(t, h, postJSON(t, "getUpdates", `{"allowed_updates":[]}`)))
	if u := r.last.(*botapi.GetUpdatesParams); u.AllowedUpdates == nil || len(u.AllowedUpdates) != 0 {
		t.Fatalf("allowed_updates %#v", u.AllowedUpdates)
	}
}

func TestResults(t *testing.T) {
	r := newRecorder()
	h := botapiserver.NewServer(r)
	res := serve(t, h, postForm(t, "getChatMembersCount", "chat_id=5"))
	mustOK(t, res)
	if string(res.env.Result) != "12" {
		t.Fatal(string(res.env.Result))
	}
	res = serve(t, h, postForm(t, "exportChatInviteLink", "chat_id=5"))
	if string(res.env.Result) != `"https://example.invalid/join"` {
		t.Fatal(string(res.env.Result))
	}
	res = serve(t, h, postForm(t, "sendChatAction", "chat_id=5&action=typing"))
	if string(res.env.Result) != `true` {
		t.Fatal(res.body)
	}
	res = serve(t, h, postForm(t, "getUpdates", ""))
	if !strings.HasPrefix(string(res.env.Result), `[{"update_id":100,"message":{"message_id":7`) {
		t.Fatal(res.body)
	}
	res = serve(t, h, postJSON(t, "setMyCommands", `{"commands":[{"command":"start","description":"Start it","extra":1}]}`))
	mustOK(t, res)
	if c := r.last.(*botapi.SetMyCommandsParams).Commands; len(c) != 1 || c[0].Command != "start" {
		t.Fatalf("%+v", c)
	}
}
