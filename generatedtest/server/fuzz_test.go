package server

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// FuzzServer feeds arbitrary method names, content types and bodies to the
// handler: it must never panic, and must always answer a well-formed
// envelope whose ok matches the status.
func FuzzServer(f *testing.F) {
	mpct := "multipart/form-data; boundary=" + boundary
	seeds := []struct{ method, ct, body string }{
		{"getMe", "", ""},
		{"sendMessage", "application/json", `{"chat_id":1,"text":"hi","reply_markup":{"inline_keyboard":[[{"text":"a","callback_data":"b"}]]}}`},
		{"sendMessage", "application/json", `{"chat_id":"@x","text":"*b*","parse_mode":"MarkdownV2","entities":"[{\"type\":\"bold\",\"offset\":0,\"length\":1}]"}`},
		{"SENDMESSAGE", "application/x-www-form-urlencoded", "chat_id=1&text=hi&disable_notification=1&reply_markup=%7B%22force_reply%22%3Atrue%7D"},
		{"sendPoll", "application/x-www-form-urlencoded", "chat_id=1&question=q&options=%5B%22a%22%2C%22b%22%5D&type=quiz&correct_option_id=0"},
		{"sendLocation", "application/x-www-form-urlencoded", "chat_id=1&latitude=52.520000&longitude=13.4"},
		{"sendPhoto", mpct, multipartBody(field("chat_id", "1"), filePart("photo", "", "data"))},
		{"sendMediaGroup", mpct, multipartBody(field("chat_id", "1"),
			field("media", `[{"type":"photo","media":"attach://0"},{"type":"video","media":"attach://a/b","thumb":"attach://0"}]`),
			filePart("0", "a.jpg", "A"), filePart("a/b", "b.mp4", "B"))},
		{"editMessageMedia", mpct, multipartBody(field("chat_id", "1"), field("message_id", "1"), field("media", `{"type":"document","media":"attach://d"}`), filePart("d", "d", "D"))},
		{"setChatPhoto", mpct, multipartBody(field("chat_id", "1"), part{headers: []string{"content-disposition: form-data; name=photo; filename=x y.png"}, body: "P"})},
		{"getUpdates", "application/json", `{"offset":-1,"allowed_updates":null}`},
		{"getUpdates", "application/json", `null`},
		{"setMyCommands", "application/json", `{"commands":[{"command":"a","description":"abc"}]}`},
		{"sendMessage", mpct, ""},
		{"sendMessage", "multipart/form-data", "x"},
		{"x", "text/plain", "{"},
	}
	for _, s := range seeds {
		f.Add(s.method, s.ct, []byte(s.body))
	}
	r := newRecorder()
	h := botapiserver.NewServer(r, botapiserver.WithMaxBodySize(4<<10), botapiserver.WithMaxUploadSize(8<<10), botapiserver.WithMaxMultipartMemory(1<<10),
		botapiserver.WithTempDir(f.TempDir()))
	f.Fuzz(func(t *testing.T, method, ct string, body []byte) {
		req, err := http.NewRequest("POST", "http://example.invalid/", bytes.NewReader(body))
		if err != nil {
			t.Skip()
		}
		req.URL.Path = "/bot" + token + "/" + method
		if ct != "" {
			req.Header["Content-Type"] = []string{ct}
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var env struct {
			OK        *bool           `json:"ok"`
			Result    json.RawMessage `json:"result"`
			ErrorCode int             `json:"error_code"`
			Desc      string          `json:"description"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.OK == nil {
			t.Fatalf("bad envelope (%v): %s", err, rec.Body.String())
		}
		if *env.OK != (rec.Code == 200) {
			t.Fatalf("status %d with %s", rec.Code, rec.Body.String())
		}
		if !*env.OK && (env.ErrorCode != rec.Code || env.Desc == "") {
			t.Fatalf("status %d with %s", rec.Code, rec.Body.String())
		}
		if rec.Code == 500 {
			t.Fatalf("internal error: %s", rec.Body.String())
		}
		_, _ = io.Discard.Write(nil)
	})
}
