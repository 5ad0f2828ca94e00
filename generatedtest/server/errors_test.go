package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

func TestRouting(t *testing.T) {
	h := botapiserver.NewServer(newRecorder(), botapiserver.WithTokens("other:token", token))
	wantErr(t, serve(t, h, newReq(t, "GET", methodURL("noSuchMethod"), "", nil)), 404, "Not Found")
	wantErr(t, serve(t, h, newReq(t, "GET", "/bot"+token+"/", "", nil)), 404, "Not Found")
	wantErr(t, serve(t, h, newReq(t, "GET", "/bot"+token, "", nil)), 404, "Not Found")
	wantErr(t, serve(t, h, newReq(t, "GET", "/bot/getMe", "", nil)), 404, "Not Found")
	wantErr(t, serve(t, h, newReq(t, "GET", "/bot"+token+"/getMe/extra", "", nil)), 404, "Not Found")
	wantErr(t, serve(t, h, newReq(t, "GET", "/", "", nil)), 404, "Not Found")
	wantErr(t, serve(t, h, newReq(t, "GET", "/botWRONG/getMe", "", nil)), 401, "Unauthorized")
	wantErr(t, serve(t, h, newReq(t, "GET", "/bot"+token+"x/getMe", "", nil)), 401, "Unauthorized")
	// A rejected token never reaches method lookup.
	wantErr(t, serve(t, h, newReq(t, "GET", "/botWRONG/noSuchMethod", "", nil)), 401, "Unauthorized")
	mustOK(t, serve(t, h, newReq(t, "GET", "/botother:token/getMe", "", nil)))
	res := serve(t, h, newReq(t, "PUT", methodURL("getMe"), "", nil))
	wantErr(t, res, 405, "Method Not Allowed")
	if res.header.Get("Allow") != "GET, POST" {
		t.Fatal(res.header)
	}
	// WithAuth sees the token and the request context.
	h = botapiserver.NewServer(newRecorder(), botapiserver.WithAuth(func(ctx context.Context, tok string) bool { return strings.HasPrefix(tok, "123") }))
	mustOK(t, serve(t, h, newReq(t, "GET", methodURL("getMe"), "", nil)))
	wantErr(t, serve(t, h, newReq(t, "GET", "/bot999/getMe", "", nil)), 401, "Unauthorized")
}

func TestUnimplemented(t *testing.T) {
	h := botapiserver.NewServer(botapiserver.Unimplemented{})
	wantErr(t, serve(t, h, newReq(t, "GET", methodURL("getMe"), "", nil)), 404, "Not Found: method not implemented")
	// Parameters are still decoded and validated first.
	wantErr(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1")), 400, `"text" is required`)
	wantErr(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=hi")), 404, "Not Found: method not implemented")
	var _ botapiserver.Service = &recorder{}
}

// A front that validates with the generated server learns that a request
// was valid from the not-implemented hook, not from the 404's text; an
// implementation declining one method with a wrapped ErrNotImplemented
// is answered and hooked the same.
func TestNotImplementedHookTellsValidRequests(t *testing.T) {
	var hooked []string
	hook := botapiserver.WithNotImplementedHook(func(ctx context.Context, method string) {
		tok, _ := botapiserver.TokenFromContext(ctx)
		hooked = append(hooked, method+" "+tok)
	})
	h := botapiserver.NewServer(botapiserver.Unimplemented{}, hook)
	wantErr(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1")), 400, `"text" is required`)
	wantErr(t, serve(t, h, newReq(t, "GET", methodURL("noSuchMethod"), "", nil)), 404, "Not Found")
	wantErr(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=hi")), 404, "Not Found: method not implemented")
	if len(hooked) != 1 || hooked[0] != "sendMessage "+token {
		t.Fatalf("hooked %q, want the one valid sendMessage", hooked)
	}
	r := newRecorder()
	r.err = fmt.Errorf("not here: %w", botapiserver.ErrNotImplemented)
	hooked = nil
	wantErr(t, serve(t, botapiserver.NewServer(r, hook), postForm(t, "sendMessage", "chat_id=1&text=hi")), 404, "Not Found: method not implemented")
	if len(hooked) != 1 {
		t.Fatalf("hooked %q for a wrapped ErrNotImplemented", hooked)
	}
}

func TestImplementationErrors(t *testing.T) {
	var hooked []string
	r := newRecorder()
	h := botapiserver.NewServer(r, botapiserver.WithErrorHook(func(_ context.Context, method string, err error) {
		hooked = append(hooked, method+": "+err.Error())
	}))
	r.err = &botapi.Error{Code: 429, Description: "Too Many Requests: retry after 7", RetryAfter: 7}
	res := serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=hi"))
	wantErr(t, res, 429, "Too Many Requests: retry after 7")
	if res.header.Get("Retry-After") != "7" || res.env.Parameters == nil || res.env.Parameters.RetryAfter != 7 {
		t.Fatalf("%v %s", res.header, res.body)
	}
	r.err = fmt.Errorf("wrapped: %w", &botapi.Error{Code: 400, Description: "Bad Request: group chat was upgraded to a supergroup chat", MigrateToChatID: -1001234})
	res = serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=hi"))
	wantErr(t, res, 400, "upgraded")
	if res.env.Parameters == nil || res.env.Parameters.MigrateToChatID != -1001234 {
		t.Fatal(res.body)
	}
	r.err = &botapi.Error{Code: 403}
	wantErr(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=hi")), 403, "Forbidden")
	r.err = &botapi.Error{Code: 200, Description: "not an error code"}
	wantErr(t, serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=hi")), 500, "not an error code")

	r.err = errBoom
	res = serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=hi"))
	wantErr(t, res, 500, "Internal Server Error")
	if strings.Contains(res.body, "hunter2") {
		t.Fatal("internal error leaked")
	}
	r.err = nil
	r.panic = "kaboom"
	res = serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=hi"))
	wantErr(t, res, 500, "Internal Server Error")
	r.panic = nil
	r.nilRes = true
	wantErr(t, serve(t, h, newReq(t, "GET", methodURL("getMe"), "", nil)), 500, "Internal Server Error")
	if len(hooked) != 3 || !strings.Contains(hooked[0], "sendMessage: db password") || !strings.Contains(hooked[1], "kaboom") ||
		!strings.Contains(hooked[2], "getMe: ") {
		t.Fatalf("hook calls %q", hooked)
	}
	// http.ErrAbortHandler is re-raised for net/http to handle.
	r.nilRes = false
	r.panic = http.ErrAbortHandler
	func() {
		defer func() {
			if p := recover(); p != http.ErrAbortHandler {
				t.Fatalf("recovered %v", p)
			}
		}()
		serve(t, h, postForm(t, "sendMessage", "chat_id=1&text=hi"))
	}()
}

type badCase struct {
	name   string
	method string
	ct     string
	body   string
	target string // default methodURL(method)
	status int
	desc   string
}

func TestBadRequests(t *testing.T) {
	mp := func(parts ...part) string { return multipartBody(parts...) }
	mpct := "multipart/form-data; boundary=" + boundary
	cases := []badCase{
		// JSON bodies
		{name: "truncated JSON", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":"hi"`, status: 400, desc: "Bad Request: invalid JSON body"},
		{name: "trailing garbage", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":"hi"} x`, status: 400, desc: "invalid JSON body"},
		{name: "JSON array body", method: "sendMessage", ct: "application/json", body: `[1,2]`, status: 400, desc: "must be an object, found array"},
		{name: "JSON string body", method: "sendMessage", ct: "application/json", body: `"hi"`, status: 400, desc: "must be an object"},
		{name: "JSON bad escape", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":"\q"}`, status: 400, desc: "invalid JSON body"},
		{name: "JSON bad key", method: "sendMessage", ct: "application/json", body: `{chat_id:1}`, status: 400, desc: "invalid JSON body"},
		// missing required
		{name: "missing chat_id", method: "sendMessage", ct: "application/json", body: `{"text":"hi"}`, status: 400, desc: `parameter "chat_id" is required`},
		{name: "missing text", method: "sendMessage", ct: "application/x-www-form-urlencoded", body: `chat_id=1`, status: 400, desc: `parameter "text" is required`},
		{name: "null chat_id", method: "sendMessage", ct: "application/json", body: `{"chat_id":null,"text":"hi"}`, status: 400, desc: `"chat_id" is required`},
		{name: "empty chat_id", method: "sendMessage", ct: "application/x-www-form-urlencoded", body: `chat_id=&text=hi`, status: 400, desc: `"chat_id" is required`},
		{name: "missing photo", method: "sendPhoto", ct: mpct, body: mp(field("chat_id", "1")), status: 400, desc: `"photo" is required`},
		{name: "missing media", method: "sendMediaGroup", ct: "application/json", body: `{"chat_id":1}`, status: 400, desc: `"media" is required`},
		{name: "missing latitude", method: "sendLocation", ct: "application/x-www-form-urlencoded", body: `chat_id=1&longitude=2`, status: 400, desc: `"latitude" is required`},
		// wrong types
		{name: "text integer", method: "forwardMessage", ct: "application/x-www-form-urlencoded", body: `chat_id=1&from_chat_id=2&message_id=abc`, status: 400, desc: `parameter "message_id": expected an integer, found "abc"`},
		{name: "float integer", method: "forwardMessage", ct: "application/json", body: `{"chat_id":1,"from_chat_id":2,"message_id":1.5}`, status: 400, desc: `"message_id": expected an integer`},
		{name: "object integer", method: "forwardMessage", ct: "application/json", body: `{"chat_id":1,"from_chat_id":2,"message_id":{}}`, status: 400, desc: `"message_id"`},
		{name: "bad float", method: "sendLocation", ct: "application/x-www-form-urlencoded", body: `chat_id=1&latitude=north&longitude=2`, status: 400, desc: `"latitude": expected a number, found "north"`},
		{name: "NaN float", method: "sendLocation", ct: "application/x-www-form-urlencoded", body: `chat_id=1&latitude=NaN&longitude=2`, status: 400, desc: `"latitude": expected a number`},
		{name: "infinite float", method: "sendLocation", ct: "application/x-www-form-urlencoded", body: `chat_id=1&latitude=1e999&longitude=2`, status: 400, desc: `"latitude": number "1e999" out of range`},
		{name: "bad bool", method: "sendMessage", ct: "application/x-www-form-urlencoded", body: `chat_id=1&text=hi&disable_notification=yes`, status: 400, desc: `"disable_notification": expected a boolean`},
		{name: "bool as object", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":"hi","disable_notification":{}}`, status: 400, desc: `"disable_notification": expected a boolean`},
		{name: "text as object", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":{"a":1}}`, status: 400, desc: `"text": expected a string, found an object`},
		{name: "chat_id as array", method: "sendMessage", ct: "application/json", body: `{"chat_id":[1],"text":"hi"}`, status: 400, desc: `"chat_id"`},
		{name: "chat_id as bool", method: "sendMessage", ct: "application/json", body: `{"chat_id":true,"text":"hi"}`, status: 400, desc: `"chat_id"`},
		{name: "integer overflow", method: "forwardMessage", ct: "application/x-www-form-urlencoded", body: `chat_id=1&from_chat_id=2&message_id=99999999999999999999`, status: 400, desc: `"message_id": integer "99999999999999999999" out of range`},
		// structured values
		{name: "reply_markup not JSON", method: "sendMessage", ct: "application/x-www-form-urlencoded", body: `chat_id=1&text=hi&reply_markup=%7Bnope`, status: 400, desc: `can't parse parameter "reply_markup"`},
		{name: "keyboard wrong shape", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":"hi","reply_markup":{"inline_keyboard":[{"text":"a"}]}}`, status: 400, desc: `"reply_markup" at reply_markup.inline_keyboard[0]`},
		{name: "entities not array", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":"hi","entities":{"type":"bold"}}`, status: 400, desc: `"entities"`},
		{name: "options trailing garbage", method: "sendPoll", ct: "application/x-www-form-urlencoded", body: `chat_id=1&question=q&options=%5B%22a%22%2C%22b%22%5D%5D`, status: 400, desc: `can't parse parameter "options"`},
		{name: "media not array", method: "sendMediaGroup", ct: "application/json", body: `{"chat_id":1,"media":{"type":"photo","media":"x"}}`, status: 400, desc: `"media"`},
		// validation
		{name: "empty text", method: "sendMessage", ct: "application/x-www-form-urlencoded", body: `chat_id=1&text=`, status: 400, desc: "Bad Request: text: "},
		{name: "text too long", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":"` + strings.Repeat("a", 4097) + `"}`, status: 400, desc: "text: 4097 characters"},
		{name: "invalid enum", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":"hi","parse_mode":"BBCode"}`, status: 400, desc: "parse_mode"},
		{name: "invalid chat action", method: "sendChatAction", ct: "application/x-www-form-urlencoded", body: `chat_id=1&action=dancing`, status: 400, desc: "action"},
		{name: "too few media", method: "sendMediaGroup", ct: "application/json", body: `{"chat_id":1,"media":[{"type":"photo","media":"x"}]}`, status: 400, desc: "media"},
		{name: "unknown media type", method: "sendMediaGroup", ct: "application/json", body: `{"chat_id":1,"media":[{"type":"sticker","media":"x"},{"type":"photo","media":"y"}]}`, status: 400, desc: "media[0]"},
		{name: "limit out of range", method: "getUpdates", ct: "application/x-www-form-urlencoded", body: `limit=1000`, status: 400, desc: "limit"},
		{name: "too few poll options", method: "sendPoll", ct: "application/json", body: `{"chat_id":1,"question":"q","options":["a"]}`, status: 400, desc: "options"},
		{name: "heading out of range", method: "sendLocation", ct: "application/x-www-form-urlencoded", body: `chat_id=1&latitude=1&longitude=2&heading=0`, status: 400, desc: "heading"},
		{name: "bad MarkdownV2", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":"*unclosed","parse_mode":"MarkdownV2"}`, status: 400, desc: "text"},
		{name: "True as false", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":"hi","reply_markup":{"remove_keyboard":false}}`, status: 400, desc: "reply_markup"},
		// files
		{name: "attach to missing part", method: "sendMediaGroup", ct: mpct, body: mp(field("chat_id", "1"), field("media", `[{"type":"photo","media":"attach://a"},{"type":"photo","media":"attach://nope"}]`), filePart("a", "a", "A")), status: 400, desc: `at media[1].media: attach://nope: the request has no part named "nope"`},
		{name: "attach in JSON body", method: "sendPhoto", ct: "application/json", body: `{"chat_id":1,"photo":"attach://x"}`, status: 400, desc: `"photo": attach://x: the request has no part`},
		{name: "file param as number", method: "sendPhoto", ct: "application/json", body: `{"chat_id":1,"photo":12}`, status: 400, desc: `"photo": expected a file_id`},
		{name: "upload-only given file_id", method: "setChatPhoto", ct: "application/x-www-form-urlencoded", body: `chat_id=1&photo=ID`, status: 400, desc: "photo"},
		{name: "thumb attach missing", method: "sendDocument", ct: mpct, body: mp(field("chat_id", "1"), filePart("document", "d", "D"), field("thumb", "attach://t")), status: 400, desc: `"thumb": attach://t`},
		// broken multipart
		{name: "multipart without boundary", method: "sendMessage", ct: "multipart/form-data", body: "x", status: 400, desc: "boundary"},
		{name: "multipart garbage", method: "sendMessage", ct: mpct, body: "this is not multipart", status: 400, desc: "malformed multipart body"},
		{name: "multipart truncated", method: "sendPhoto", ct: mpct, body: "--" + boundary + "\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n1", status: 400, desc: "malformed multipart body"},
		{name: "multipart bad header", method: "sendPhoto", ct: mpct, body: "--" + boundary + "\r\nno colon here\r\n\r\n1\r\n--" + boundary + "--\r\n", status: 400, desc: "malformed multipart body"},
		// other body problems
		{name: "bad percent escape", method: "sendMessage", ct: "application/x-www-form-urlencoded", body: `chat_id=%zz&text=hi`, status: 400, desc: "invalid form body"},
		{name: "bad query escape", method: "sendMessage", target: methodURL("sendMessage") + "?text=%", ct: "", body: "", status: 400, desc: "invalid query string"},
		{name: "unsupported content type", method: "sendMessage", ct: "text/xml", body: `<x/>`, status: 400, desc: `unsupported Content-Type "text/xml"`},
		{name: "oversize JSON", method: "sendMessage", ct: "application/json", body: `{"text":"` + strings.Repeat("a", 2<<20) + `"}`, status: 413, desc: "Request Entity Too Large"},
		{name: "oversize form", method: "sendMessage", ct: "application/x-www-form-urlencoded", body: `text=` + strings.Repeat("a", 2<<20), status: 413, desc: "Request Entity Too Large"},
		{name: "oversize multipart text", method: "sendMessage", ct: mpct, body: mp(field("text", strings.Repeat("a", 2<<20))), status: 413, desc: "Request Entity Too Large"},
		// routing
		{name: "unknown method", method: "sendTelepathy", ct: "application/json", body: `{}`, status: 404, desc: "Not Found"},
		{name: "traversal", method: "x", target: "/file/bot" + token + "/../../etc/passwd", status: 400, desc: "invalid file path"},
		{name: "encoded slash", method: "x", target: "/file/bot" + token + "/a%2F..%2Fb", status: 400, desc: "invalid file path: encoded slash"},
		{name: "backslash", method: "x", target: "/file/bot" + token + "/a%5C..%5Cb", status: 400, desc: "invalid file path: encoded backslash"},
		{name: "NUL", method: "x", target: "/file/bot" + token + "/a%00b", status: 400, desc: "invalid file path: encoded NUL"},
	}
	if len(cases) < 40 {
		t.Fatalf("only %d cases", len(cases))
	}
	r := newRecorder()
	h := botapiserver.NewServer(r, botapiserver.WithFileStore(storeFunc(nil)))
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			target := tc.target
			if target == "" {
				target = methodURL(tc.method)
			}
			r.calls = nil
			res := serve(t, h, newReq(t, "POST", target, tc.ct, strings.NewReader(tc.body)))
			if strings.HasPrefix(target, "/file/") {
				res = serve(t, h, newReq(t, "GET", target, tc.ct, nil))
			}
			wantErr(t, res, tc.status, tc.desc)
			if !strings.HasPrefix(res.env.Description, http.StatusText(tc.status)) {
				t.Fatalf("description %q does not start with %q", res.env.Description, http.StatusText(tc.status))
			}
			if len(r.calls) != 0 {
				t.Fatalf("implementation called: %v", r.calls)
			}
			t.Logf("%d %s", res.status, res.env.Description)
		})
	}
}

var _ = errors.New
