package server

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// Tests of the server's input rules and bounds found by the sweep of
// issue 26 (items 5, 6, 7 and 10); docs/runtime-limits.md lists the
// bounds.

// TestMultipartPartHeaderLinesUncapped: the server's own multipart reader
// read part headers without the 10 000-header cap of mime/multipart; 150 000
// header lines fit in the body limit and cost ~50 ms and 5 MB a request.
func TestMultipartPartHeaderLinesUncapped(t *testing.T) {
	h := botapiserver.NewServer(newRecorder(), botapiserver.WithTempDir(t.TempDir()))
	many := field("text", "hi")
	for i := 0; i < 10001; i++ {
		many.headers = append(many.headers, "X-A: 1")
	}
	res := serve(t, h, postMultipart(t, methodURL("sendMessage"), multipartBody(field("chat_id", "1"), many)))
	wantErr(t, res, 400, "more than 10000 part header lines")
	// Within the bound, across parts: accepted.
	some := field("text", "hi")
	for i := 0; i < 4000; i++ {
		some.headers = append(some.headers, "X-A: 1")
	}
	chat := field("chat_id", "1")
	chat.headers = append(chat.headers, some.headers[1:]...)
	mustOK(t, serve(t, h, postMultipart(t, methodURL("sendMessage"), multipartBody(chat, some))))
}

// TestMultipartLongLineSaysBufioBufferFull: a line between parts longer
// than the read buffer answered "NextPart: bufio: buffer full".
func TestMultipartLongLineSaysBufioBufferFull(t *testing.T) {
	h := botapiserver.NewServer(newRecorder(), botapiserver.WithTempDir(t.TempDir()))
	long := strings.Repeat("p", 20<<10) + "\r\n" + multipartBody(field("chat_id", "1"), field("text", "hi"))
	res := serve(t, h, postMultipart(t, methodURL("sendMessage"), long))
	wantErr(t, res, 400, "malformed multipart body: a line between parts is longer than 16 KiB")
	if strings.Contains(res.body, "bufio") || strings.Contains(res.body, "NextPart") {
		t.Fatalf("internal names in the error: %s", res.body)
	}
}

// TestDuplicateJSONKeyEmptyFirstWins: for one name the first non-empty value
// wins (NewServer's rule), but in a JSON body `"text":"","text":"hi"` was
// answered 400 because the empty string came first; a form had it right.
func TestDuplicateJSONKeyEmptyFirstWins(t *testing.T) {
	for _, body := range []string{
		`{"chat_id":1,"text":"","text":"hi"}`,
		`{"chat_id":1,"text":"hi","text":""}`,
		`{"chat_id":1,"text":"","text":null,"text":"hi","text":"ho"}`,
		`{"chat_id":"","chat_id":1,"text":"hi","parse_mode":"","parse_mode":"HTML","reply_markup":"","reply_markup":{"force_reply":true}}`,
	} {
		res, p := servePaths(t, "sendMessage", body)
		mustOK(t, res)
		if m := sendMessageParams(t, p); m.Text != "hi" {
			t.Fatalf("%s: text %q, want hi", body, m.Text)
		}
	}
	_, p := servePaths(t, "sendMessage", `{"chat_id":"","chat_id":1,"text":"hi","parse_mode":"","parse_mode":"HTML","reply_markup":"","reply_markup":{"force_reply":true}}`)
	if m := sendMessageParams(t, p); m.ParseMode.Or("") != "HTML" || m.ReplyMarkup == nil {
		t.Fatalf("parse_mode %v reply_markup %v", m.ParseMode, m.ReplyMarkup)
	}
	// The same as a form.
	h := botapiserver.NewServer(newRecorder())
	mustOK(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=&text=hi")))
	// An empty string alone is still the empty string.
	res, _ := servePaths(t, "sendMessage", `{"chat_id":1,"text":""}`)
	wantErr(t, res, 400, "text: 0 characters")
}

// TestInvalidTextReplacedOrAccepted: a lone surrogate escape in JSON and
// invalid bytes in a multipart file name became U+FFFD, and a multipart part
// name with invalid bytes was accepted, while the same in a form is a 400.
// Each is now a 400 naming the parameter.
func TestInvalidTextReplacedOrAccepted(t *testing.T) {
	h := botapiserver.NewServer(newRecorder(), botapiserver.WithTempDir(t.TempDir()))
	for body, want := range map[string]string{
		`{"chat_id":1,"text":"a\ud800b"}`:      `parameter "text" contains a lone surrogate escape (\ud800)`,
		`{"chat_id":1,"text":"a\uDC00"}`:       `parameter "text" contains a lone surrogate escape (\uDC00)`,
		`{"chat_id":1,"text":"a\ud800\u0041"}`: `parameter "text" contains a lone surrogate escape (\ud800)`,
		`{"chat_id":1,"text":"ok","reply_markup":{"inline_keyboard":[[{"text":"\udfff","callback_data":"x"}]]}}`: `parameter "reply_markup" contains a lone surrogate escape`,
		`{"chat_id":1,"text":"a\u0000"}`:     `parameter "text" contains a NUL character`,
		"{\"chat_id\":1,\"text\":\"a\xff\"}": `parameter "text" is not valid UTF-8`,
	} {
		res, _ := servePaths(t, "sendMessage", body)
		wantErr(t, res, 400, want)
	}
	// In a form value holding JSON, too.
	wantErr(t, serve(t, h, postForm(t, "sendMessage", `chat_id=1&text=a&reply_markup={"force_reply":true,"x":"\ud83d"}`)), 400, `parameter "reply_markup" contains a lone surrogate escape`)
	// Pairs and escaped backslashes are text.
	for _, body := range []string{`{"chat_id":1,"text":"\ud83d\ude00 \\ud800 \u00e9"}`, `{"chat_id":1,"text":"\\\ud83d\udE00"}`} {
		res, _ := servePaths(t, "sendMessage", body)
		mustOK(t, res)
	}
	// Multipart: the file name and the part name.
	res := serve(t, h, postMultipart(t, methodURL("sendPhoto"), multipartBody(field("chat_id", "1"), filePart("photo", "a\xffb.jpg", "JPEG"))))
	wantErr(t, res, 400, `parameter "photo": the file name is not valid UTF-8`)
	res = serve(t, h, postMultipart(t, methodURL("sendMessage"), multipartBody(field("chat_id", "1"), field("text", "hi"), field("x\xff", "1"))))
	wantErr(t, res, 400, "is not valid UTF-8")
	wantErr(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=hi&x%FF=1")), 400, "is not valid UTF-8")
	mustOK(t, serve(t, h, postMultipart(t, methodURL("sendPhoto"), multipartBody(field("chat_id", "1"), filePart("photo", "é.jpg", "JPEG")))))
}
